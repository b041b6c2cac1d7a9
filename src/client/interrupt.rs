//! Ctrl-C (SIGINT) and SIGTERM for the referee: a flag that every wait polls, so games stop,
//! engines are killed and the record keeps every finished game.

use std::sync::atomic::{AtomicBool, Ordering};

static RAISED: AtomicBool = AtomicBool::new(false);

/// Routes Ctrl-C and SIGTERM to the flag (once per process; later calls do nothing).
pub fn install() {
    if let Err(e) = ctrlc::set_handler(|| RAISED.store(true, Ordering::SeqCst)) {
        log::debug!("no Ctrl-C handler: {e}");
    }
}

/// True once the referee has been interrupted.
pub fn raised() -> bool {
    RAISED.load(Ordering::SeqCst)
}
