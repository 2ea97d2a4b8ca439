//! The teaching lab: the textbook's own problems and algorithms ("Algorithms in a
//! Nutshell", chapter 7), written as the book defines them so that its tables come out.
//! Two-player game trees on tic-tac-toe, the sliding-tile puzzles with the book's
//! evaluators (searched by the solver's generic textbook searches, `solver::textbook`),
//! Sokoban scrambled by pulls, and the experiments of Tables 7-1 and 7-3.

pub mod chart;
pub mod experiment;
pub mod game_tree;
pub mod pulls;
pub mod puzzle;
mod ron_text;
pub mod tictactoe;
