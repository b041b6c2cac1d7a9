//! Arbitrary bytes through the input reader (line splitting, the 1 MiB cap, UTF-8 check) and
//! every resulting line through the command parser: no panic, and every rejection is an
//! error value with a message and a column inside the line.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sente::protocol::line::{InputLine, MAX_LINE_BYTES, read_line};
use sente::protocol::parse::parse_command;
use std::io::Cursor;

fuzz_target!(|data: &[u8]| {
    let mut reader = Cursor::new(data);
    while let Some(line) = read_line(&mut reader) {
        match line {
            InputLine::Text(text) => {
                assert!(text.len() <= MAX_LINE_BYTES);
                assert!(!text.contains('\n'));
                if let Err(e) = parse_command(&text) {
                    assert!(!e.message.is_empty());
                    let chars = text.strip_suffix('\r').unwrap_or(&text).chars().count();
                    assert!(e.column >= 1 && e.column <= chars + 1, "{text:?}: {e}");
                }
            }
            InputLine::TooLong(n) => assert!(n > MAX_LINE_BYTES),
            InputLine::NotUtf8(at) => assert!(at <= MAX_LINE_BYTES),
        }
    }
});
