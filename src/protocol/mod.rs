//! The text protocol: parsing input lines into commands and writing commands as lines (what a
//! client sends), formatting every output line, and reading back the output lines other parts
//! read (`info`, `option`, trace, the puzzle counts), each reader beside its writer. Knows
//! nothing of any game's rules.

pub mod command;
pub mod info;
pub mod line;
pub mod option;
pub mod parse;
pub mod puzzle;
pub mod response;
pub mod trace;
pub mod write;
