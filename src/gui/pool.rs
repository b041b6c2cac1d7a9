//! The server's bound on live engine processes, each killable at shutdown.

use crate::client::process::EngineKiller;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The live engine processes of the server, at most `max`, each killable at shutdown.
pub struct Pool {
    max: usize,
    live: Mutex<HashMap<u64, Option<EngineKiller>>>,
    next_id: AtomicU64,
}

impl Pool {
    /// A pool allowing `max` processes at once.
    pub fn new(max: usize) -> Arc<Pool> {
        Arc::new(Pool {
            max,
            live: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
        })
    }

    /// How many processes run (or are being started).
    pub fn live(&self) -> usize {
        self.lock().len()
    }

    /// Kills every process (Ctrl-C).
    pub fn kill_all(&self) {
        for killer in self.lock().values().flatten() {
            killer.kill();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Option<EngineKiller>>> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for one more process, or the message saying there is none.
    pub fn admit(self: &Arc<Self>) -> Result<Ticket, String> {
        let mut live = self.lock();
        if live.len() >= self.max {
            return Err(format!(
                "the server already runs {} engine processes (its limit, --max-engines); \
                 close another tab or stop its analysis",
                self.max
            ));
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        live.insert(id, None);
        Ok(Ticket {
            pool: self.clone(),
            id,
        })
    }
}

/// One admitted process; its place is given back when the ticket is dropped.
pub struct Ticket {
    pool: Arc<Pool>,
    /// The process's id in the pool (the engine handle's id).
    pub id: u64,
}

impl Ticket {
    /// Records how to kill the process once it runs.
    pub fn register(&self, killer: EngineKiller) {
        self.pool.lock().insert(self.id, Some(killer));
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.pool.lock().remove(&self.id);
    }
}
