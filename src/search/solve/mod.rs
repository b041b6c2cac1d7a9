//! Exact solvers: searches that prove a game's value rather than estimate it.

pub mod batch;
pub mod book;
pub mod connect4;
pub mod rocks;
