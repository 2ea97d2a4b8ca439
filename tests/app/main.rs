//! Headless UI tests of the window (egui_kittest): each drives the real panels with
//! pointer and keyboard events and checks the state and the labels shown.
#![cfg(feature = "gui")]

mod breakpoints;
mod collection;
#[path = "../common/mod.rs"]
mod common;
mod compare;
mod edit;
mod files;
mod follow;
mod harness;
mod inspect;
mod journeys;
mod lab;
mod layout;
mod overlays;
mod patterns;
mod play;
mod predict;
mod rewind;
mod solve;
mod teach;
mod timeline;
