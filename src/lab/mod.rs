//! The teaching lab: the textbook's own problems and algorithms ("Algorithms in a
//! Nutshell", chapter 7), written as the book defines them so that its tables come out.
//! So far: two-player game trees on tic-tac-toe.

pub mod game_tree;
pub mod puzzle;
pub mod random;
pub mod tictactoe;
