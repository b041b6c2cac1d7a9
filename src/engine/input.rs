//! The stdin reader thread: hands the session the lines of its input, read as protocol lines
//! of bounded length (`protocol::line`).

use crate::protocol::line::{InputLine, read_line};
use crossbeam_channel::{Receiver, bounded};
use std::io::Read;
use std::thread;

/// Starts reading `source` on its own thread; the channel closes at end of input.
pub fn spawn_reader<R: Read + Send + 'static>(source: R) -> Receiver<InputLine> {
    let (sink, lines) = bounded(64);
    let spawned = thread::Builder::new()
        .name("stdin".to_string())
        .spawn(move || {
            let mut reader = std::io::BufReader::new(source);
            while let Some(line) = read_line(&mut reader) {
                if sink.send(line).is_err() {
                    break;
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
    lines
}
