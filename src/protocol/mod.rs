//! The text protocol: parsing input lines into commands and formatting every output line.
//! Knows nothing of any game's rules.

pub mod command;
pub mod parse;
pub mod response;
