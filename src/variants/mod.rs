//! The catalogue of variants every client of a game needs: the registry of games, a position
//! of any game behind one object-safe trait (`Variant`), the tasks a position gives the
//! search worker (a search asking the game's exact solver first, a perft), what a position is
//! worth, its exact solve, batches of games for reinforcement learning, and a variant's rules as a referee
//! holds them.

pub mod batch;
pub mod job;
pub mod position;
pub mod registry;
pub mod rules;
pub mod search_options;
pub mod sized;
pub mod solution;
pub mod solve;
pub mod task;
pub mod tasks;
pub mod value;
pub mod variant;
