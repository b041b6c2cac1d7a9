//! Reading Rust source as the source checks need it (tests/layers.rs, tests/command_lines.rs):
//! the `.rs` files of a folder, the code with comments blanked and string literals set apart,
//! and where an item ends.

// Each check uses a part of it (tests/layers.rs reads no literal).
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, in order (nothing for a folder that cannot be read).
pub fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// A string literal of the code, with the line it starts on.
#[derive(Debug)]
pub struct Literal {
    /// The line it starts on, from 1.
    pub line: usize,
    /// Its text between the quotes, as written.
    pub text: String,
}

/// The code with comments blanked and each string literal replaced by `""` (newlines kept),
/// and the literals with where their `""` stands in the code.
pub fn lex(text: &str) -> (String, Vec<(usize, Literal)>) {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut literals = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // Skips `chars[from..to]`, keeping its newlines in the code.
    let skip = |code: &mut String, line: &mut usize, from: usize, to: usize| {
        for c in &chars[from..to.min(chars.len())] {
            if *c == '\n' {
                code.push('\n');
                *line += 1;
            }
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let ident_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            skip(&mut code, &mut line, start, i);
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !ident_before {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                code.push(c);
                i += 1;
                continue;
            }
            let open = j + 1;
            j = open;
            while j < chars.len()
                && !(chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')))
            {
                j += 1;
            }
            let text: String = chars[open..j.min(chars.len())].iter().collect();
            literals.push((code.len(), Literal { line, text }));
            code.push_str("\"\"");
            skip(&mut code, &mut line, i, j);
            i = j + 1 + hashes;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let text: String = chars[i + 1..j.min(chars.len())].iter().collect();
            literals.push((code.len(), Literal { line, text }));
            code.push_str("\"\"");
            skip(&mut code, &mut line, i, j);
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a) left as it is.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                code.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                code.push_str("' '");
            } else {
                code.push(c);
                i += 1;
            }
        } else {
            if c == '\n' {
                line += 1;
            }
            code.push(c);
            i += 1;
        }
    }
    (code, literals)
}

/// Where the item that starts `text` ends: after its `;`, or after the `}` closing its first
/// block, whichever comes first (further attributes belong to the item).
pub fn item_end(text: &str) -> usize {
    let mut depth = 0usize;
    let mut bracket = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '[' => bracket += 1,
            ']' => bracket = bracket.saturating_sub(1),
            ';' if depth == 0 && bracket == 0 => return i + 1,
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}
