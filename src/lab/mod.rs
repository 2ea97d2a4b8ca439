//! The teaching lab: the textbook's own problems and algorithms ("Algorithms in a
//! Nutshell", chapter 7), written as the book defines them so that its tables come out.
//! Two-player game trees on tic-tac-toe, the sliding-tile puzzles with the book's
//! evaluators (searched by the solver's generic textbook searches, `solver::textbook`),
//! Sokoban scrambled by pulls, the experiments of Tables 7-1 and 7-3, and the worked
//! examples of the chapter's figures with the book's counts beside ours.

pub mod chart;
pub mod experiment;
pub mod figures;
pub mod game_tree;
pub mod pulls;
pub mod puzzle;
mod ron_text;
pub mod tictactoe;
pub mod trial;
