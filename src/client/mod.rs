//! The client side of the protocol: starting and driving another engine (sente, any UCI or
//! UGI engine, Fairy-Stockfish through its adapter) and reading its lines. The referee, the
//! GUI and the Python package share it.

pub mod fsf;
pub mod interrupt;
pub mod process;
