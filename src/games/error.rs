//! The error of the games' notations and rules.

use std::fmt;

/// A notation or legality error, with a message meant for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError(pub String);

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GameError {}

/// Shorthand for building a `GameError` result.
pub fn game_error<T>(message: impl Into<String>) -> Result<T, GameError> {
    Err(GameError(message.into()))
}
