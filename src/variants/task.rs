//! What the search worker runs and keeps: a task (a search or a perft of some position, made
//! by its variant), the state it runs on (the search's table and the game's kept solver), and
//! a variant's preparation for a new game. The engine's worker thread runs them in order.

use crate::protocol::response::Response;
use crate::search::tt::TranspositionTable;
use std::any::Any;

/// A game's exact solver kept by the worker from one task to the next, with its table (the
/// Connect Four solver, the rocks game's table of its last puzzle). One is kept at a time: the
/// search's table and the kept solver's then share `Hash` half and half.
pub trait KeptSolver: Any + Send {
    /// What `ucinewgame` and `Clear Hash` leave of it: itself with an empty table, or nothing.
    fn cleared(self: Box<Self>) -> Option<Box<dyn KeptSolver>>;
}

/// State kept by the worker between tasks.
pub struct WorkerState {
    /// The table of the full search.
    pub table: TranspositionTable,
    /// The solver kept since the last task that made one.
    kept: Option<Box<dyn KeptSolver>>,
    /// The `Hash` option: what the tables may use in all, in MB.
    pub hash_mb: usize,
}

/// What a new game of a variant has the worker do before its first timed move (make a solver
/// and its table, which takes a while); the error says what could not be done.
pub type Prepare = fn(&mut WorkerState) -> Result<(), String>;

/// A task run on the worker thread (a search or a perft): it tells its progress through the
/// callback and returns its last line.
pub type Task = Box<dyn FnOnce(&mut WorkerState, &dyn Fn(Response)) -> Response + Send>;

impl WorkerState {
    /// A fresh state, as a new engine's first task sees it: a search table of `hash_mb` MB
    /// and no kept solver.
    pub fn new(hash_mb: usize) -> WorkerState {
        WorkerState {
            table: TranspositionTable::new(hash_mb),
            kept: None,
            hash_mb,
        }
    }

    /// The kept solver, if it is an `S`.
    pub fn kept<S: KeptSolver>(&mut self) -> Option<&mut S> {
        let kept: &mut dyn Any = self.kept.as_deref_mut()?;
        kept.downcast_mut::<S>()
    }

    /// The kept solver if it is an `S`; otherwise (none, or another game's) one made by
    /// `make` with half of `Hash` in MB, the search's table getting the other half. The
    /// error says when that memory could not be had (a smaller table is used).
    pub fn keep<S: KeptSolver>(
        &mut self,
        make: impl FnOnce(usize) -> S,
    ) -> (&mut S, Result<(), String>) {
        let mut result = Ok(());
        if self.kept::<S>().is_none() {
            let half;
            (half, result) = self.make_room();
            self.kept = Some(Box::new(make(half)));
        }
        let kept: &mut dyn Any = self.kept.as_deref_mut().expect("kept just above");
        let solver = kept.downcast_mut::<S>().expect("an S, kept just above");
        (solver, result)
    }

    /// Drops the kept solver and gives the search's table half of `Hash`: returns the other
    /// half in MB, for a solver about to be made, and the error of the resize if any.
    pub fn make_room(&mut self) -> (usize, Result<(), String>) {
        self.kept = None;
        let half = (self.hash_mb / 2).max(1);
        (half, self.resize_table(half))
    }

    /// The kept solver if it is an `S`, beside the search's table (both at once).
    pub fn kept_and_table<S: KeptSolver>(&mut self) -> (Option<&mut S>, &mut TranspositionTable) {
        let kept = self
            .kept
            .as_deref_mut()
            .and_then(|kept| (kept as &mut dyn Any).downcast_mut::<S>());
        (kept, &mut self.table)
    }

    /// Keeps `solver` (made after `make_room`).
    pub fn set_kept<S: KeptSolver>(&mut self, solver: S) {
        self.kept = Some(Box::new(solver));
    }

    /// Gives the search a table of `mb` MB (if it has another size), or of 1 MB when the
    /// memory cannot be had (the error says so).
    pub fn resize_table(&mut self, mb: usize) -> Result<(), String> {
        if mb == self.table.megabytes() {
            return Ok(());
        }
        // Free the old table before allocating the new one.
        self.table = TranspositionTable::new(1);
        let table = TranspositionTable::try_new(mb)
            .map_err(|e| format!("cannot allocate a {mb} MB table ({e}); using 1 MB"))?;
        self.table = table;
        Ok(())
    }

    /// Empties the kept solver's table (`ucinewgame`, `Clear Hash`), or drops the solver when
    /// it keeps nothing worth an empty table.
    pub fn clear_kept(&mut self) {
        self.kept = self.kept.take().and_then(KeptSolver::cleared);
    }

    /// A new `Hash` of `mb` MB: the kept solver is dropped and the search's table takes it
    /// all (the error says when that memory could not be had).
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.hash_mb = mb;
        self.kept = None;
        self.resize_table(mb)
    }
}
