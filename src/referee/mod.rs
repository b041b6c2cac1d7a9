//! The referee: `sente match` plays engines against each other with sente's own rules, and
//! `sente play` lets a person play sente in the terminal.

pub mod config;
pub mod duel;
pub mod game;
pub mod match_command;
pub mod merge;
pub mod openings;
pub mod play;
pub mod progress;
pub mod record;
pub mod replay;
pub mod selection;
pub mod setup;
pub mod spec;
pub mod standings;
pub mod stats;
pub mod tournament;
