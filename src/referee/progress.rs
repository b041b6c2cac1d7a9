//! The progress bar `sente match` draws on stderr when it is a terminal.

use super::stats::Tally;

/// A progress bar on stderr when it is a terminal (stdout stays lines to parse).
pub struct Progress {
    shown: bool,
    enabled: bool,
}

impl Progress {
    /// A bar that shows only if stderr is a terminal.
    pub fn on_terminal() -> Progress {
        use std::io::IsTerminal;
        Progress {
            shown: false,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// `[=====>     ] 45/100  full 20-15-10`.
    pub fn show(&mut self, done: usize, total: usize, first: &Tally, name: &str) {
        if !self.enabled {
            return;
        }
        const WIDTH: usize = 30;
        let filled = (WIDTH * done).checked_div(total).unwrap_or(WIDTH);
        eprint!(
            "\r[{}{}] {done}/{total}  {name} {}-{}-{}",
            "=".repeat(filled),
            " ".repeat(WIDTH - filled),
            first.wins,
            first.losses,
            first.draws
        );
        self.shown = true;
    }

    /// Erases the bar so that a line can be printed.
    pub fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}
