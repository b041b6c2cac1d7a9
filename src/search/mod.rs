//! Game-independent search: iterative deepening alpha-beta, textbook variants, time management.

pub mod score;
