//! sente: a game engine speaking a superset of UCI and UGI.

pub mod games;
pub mod search;
