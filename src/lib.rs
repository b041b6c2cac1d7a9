//! sente: a game engine speaking a superset of UCI and UGI.

pub mod bench;
pub mod cli;
pub mod client;
pub mod engine;
pub mod games;
pub mod gui;
pub mod protocol;
pub mod referee;
pub mod review;
pub mod search;
pub mod shard;
pub mod transcript;
pub mod variants;
