//! Size and character checks shared by the messages from the page.

/// Longest move list a message may carry.
pub const MAX_MOVES: usize = 4096;
/// Longest name, move, option value or fen in a message, in bytes.
pub const MAX_TEXT: usize = 4096;

/// A text field: at most `MAX_TEXT` bytes, no control character but tab.
pub fn text(name: &str, value: &str) -> Result<(), String> {
    if value.len() > MAX_TEXT {
        return Err(format!("{name} is longer than {MAX_TEXT} bytes"));
    }
    if value.chars().any(|c| c.is_control() && c != '\t') {
        return Err(format!("{name} holds a control character"));
    }
    Ok(())
}

/// A list of name-value pairs: at most 256, each a `text`.
pub fn pairs(name: &str, values: &[(String, String)]) -> Result<(), String> {
    if values.len() > 256 {
        return Err(format!("{name}: more than 256 pairs"));
    }
    for (n, v) in values {
        text(name, n)?;
        text(name, v)?;
    }
    Ok(())
}

/// A move list: at most `MAX_MOVES` moves, each one word of at most 64 bytes.
pub fn move_list(moves: &[String]) -> Result<(), String> {
    if moves.len() > MAX_MOVES {
        return Err(format!("more than {MAX_MOVES} moves"));
    }
    for mv in moves {
        if mv.is_empty() || mv.len() > 64 || mv.contains(char::is_whitespace) {
            return Err(format!("'{}' is not a move", clip(mv)));
        }
    }
    Ok(())
}

/// At most 40 characters of `text`, for messages.
pub fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}
