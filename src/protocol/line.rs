//! Reading a byte stream as protocol lines of bounded length, flagging lines that are too long
//! or not UTF-8: the engine's stdin and the output of the engines a client drives.

use std::io::BufRead;

/// Longest line accepted, in bytes; the rest of a longer line is read and dropped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, or why it cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line of text, without its line ending.
    Text(String),
    /// A line longer than `MAX_LINE_BYTES` (its length in bytes).
    TooLong(usize),
    /// A line that is not UTF-8: the byte offset of the first bad byte.
    NotUtf8(usize),
}

/// Reads one line, keeping at most `MAX_LINE_BYTES` of it in memory. `None` at end of input.
pub fn read_line<R: BufRead>(reader: &mut R) -> Option<InputLine> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    let mut saw_anything = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => &[][..],
        };
        if chunk.is_empty() {
            if !saw_anything {
                return None;
            }
            break;
        }
        saw_anything = true;
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        length += part.len();
        if length <= MAX_LINE_BYTES {
            kept.extend_from_slice(part);
        }
        let used = part.len() + usize::from(newline);
        reader.consume(used);
        if newline {
            break;
        }
    }
    if length > MAX_LINE_BYTES {
        return Some(InputLine::TooLong(length));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Some(match String::from_utf8(kept) {
        Ok(text) => InputLine::Text(text),
        Err(e) => InputLine::NotUtf8(e.utf8_error().valid_up_to()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn all_lines(bytes: &[u8]) -> Vec<InputLine> {
        let mut reader = Cursor::new(bytes.to_vec());
        std::iter::from_fn(|| read_line(&mut reader)).collect()
    }

    #[test]
    fn splits_lines_and_strips_crlf() {
        assert_eq!(
            all_lines(b"uci\r\nisready\n\nquit"),
            vec![
                InputLine::Text("uci".into()),
                InputLine::Text("isready".into()),
                InputLine::Text(String::new()),
                InputLine::Text("quit".into()),
            ]
        );
    }

    #[test]
    fn long_and_binary_lines_are_flagged() {
        let mut bytes = vec![b'a'; MAX_LINE_BYTES + 10];
        bytes.extend_from_slice(b"\nok\n\xff\xfe\n");
        assert_eq!(
            all_lines(&bytes),
            vec![
                InputLine::TooLong(MAX_LINE_BYTES + 10),
                InputLine::Text("ok".into()),
                InputLine::NotUtf8(0),
            ]
        );
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::protocol::parse::parse_command;
    use proptest::prelude::*;
    use std::io::{BufReader, Cursor};

    /// Bytes heavy in line ends, carriage returns, blanks, command words and bytes that are
    /// not UTF-8.
    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"\n".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\r".to_vec()),
            Just(b" ".to_vec()),
            Just(b"\t".to_vec()),
            Just(b"go".to_vec()),
            Just(b"position startpos moves".to_vec()),
            Just(b"setoption name Hash value".to_vec()),
            Just("\u{e9}\u{1F600}".as_bytes().to_vec()),
            Just(vec![0xff]),
            Just(vec![0xc3]),
            proptest::collection::vec(any::<u8>(), 0..8),
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Arbitrary bytes, read through buffers of any size: one `InputLine` per line, each
        /// exactly the line's bytes (less a final `\r`) or the position of its first bad byte;
        /// every text line goes through the command parser without panicking, and a rejection
        /// names a column inside the line.
        #[test]
        fn arbitrary_bytes_become_lines_then_commands(data in bytes(), capacity in 1usize..64) {
            let mut reader = BufReader::with_capacity(capacity, Cursor::new(data.clone()));
            let lines: Vec<InputLine> = std::iter::from_fn(|| read_line(&mut reader)).collect();
            let mut expected: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
            if data.is_empty() || data.ends_with(b"\n") {
                expected.pop();
            }
            prop_assert_eq!(lines.len(), expected.len());
            for (line, raw) in lines.iter().zip(expected) {
                let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
                match (line, std::str::from_utf8(raw)) {
                    (InputLine::Text(text), Ok(original)) => {
                        prop_assert_eq!(text.as_str(), original);
                        if let Err(e) = parse_command(text) {
                            prop_assert!(!e.message.is_empty());
                            prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
                        }
                    }
                    (InputLine::NotUtf8(at), Err(e)) => prop_assert_eq!(*at, e.valid_up_to()),
                    (line, _) => prop_assert!(false, "{:?} read as {:?}", raw, line),
                }
            }
        }
    }
}
