//! The search thread: takes jobs in order over a channel, owns the transposition table, and
//! sends every line it has to say back to the session.

use crate::protocol::response::Response;
use crate::search::tt::TranspositionTable;
use crossbeam_channel::{Receiver, Sender, unbounded};
use std::any::Any;
use std::thread;

/// What the worker sends back to the session.
#[derive(Debug)]
pub enum Event {
    /// A line to print.
    Line(Response),
    /// The current task (search or perft) is finished, with its last line (`bestmove`, or the
    /// perft result): one event, so the session sees the end and the line together.
    Done(Response),
    /// The jobs queued before a `Job::Ready` are done.
    Ready,
}

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

/// Messages to the worker, handled strictly in order.
pub enum Job {
    /// Run a task, then send `Event::Done` with its last line.
    Task(Task),
    /// Empty the table.
    ClearTable,
    /// Replace the table by one of this many MB.
    ResizeTable(usize),
    /// Send `Event::Ready` (once the jobs before it, such as clearing a large table, are
    /// done).
    Ready,
    /// Run a variant's preparation for a new game of timed searches (make its solver now
    /// rather than in the time of a move).
    Prepare(Prepare),
}

/// The handle the session keeps on the search thread. Dropping it lets the thread end after
/// its current job without waiting for it; `shut_down` waits.
pub struct Worker {
    jobs: Sender<Job>,
    events: Receiver<Event>,
    thread: thread::JoinHandle<()>,
}

impl Worker {
    /// Starts the thread with a table of `hash_mb` MB.
    pub fn spawn(hash_mb: usize) -> std::io::Result<Worker> {
        let (jobs, job_queue) = unbounded::<Job>();
        let (event_sink, events) = unbounded::<Event>();
        let thread = thread::Builder::new()
            .name("search".to_string())
            .spawn(move || run(job_queue, event_sink, hash_mb))?;
        Ok(Worker {
            jobs,
            events,
            thread,
        })
    }

    /// Ends the thread once its queued jobs are done, and waits for it (a running task must
    /// have been told to stop). For sessions run inside another program (tests, fuzzing),
    /// so that worker threads and their tables do not outlive their session.
    pub fn shut_down(self) {
        let Worker {
            jobs,
            events,
            thread,
        } = self;
        drop(jobs);
        drop(events);
        if thread.join().is_err() {
            log::error!("the search thread panicked");
        }
    }

    /// Queues a job (the worker runs jobs one after the other).
    pub fn send(&self, job: Job) {
        if self.jobs.send(job).is_err() {
            log::error!("the search thread is gone");
        }
    }

    /// Where the worker's events arrive.
    pub fn events(&self) -> &Receiver<Event> {
        &self.events
    }
}

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
}

fn run(jobs: Receiver<Job>, events: Sender<Event>, hash_mb: usize) {
    let mut state = WorkerState::new(hash_mb);
    for job in jobs {
        match job {
            Job::Task(task) => {
                let say = |line: Response| {
                    let _ = events.send(Event::Line(line));
                };
                let last = task(&mut state, &say);
                let _ = events.send(Event::Done(last));
            }
            Job::ClearTable => {
                state.table.clear();
                state.kept = state.kept.take().and_then(KeptSolver::cleared);
            }
            Job::Prepare(prepare) => {
                if let Err(message) = prepare(&mut state) {
                    let _ = events.send(Event::Line(Response::Error(message)));
                }
            }
            Job::Ready => {
                let _ = events.send(Event::Ready);
            }
            Job::ResizeTable(mb) => {
                state.hash_mb = mb;
                state.kept = None;
                if let Err(message) = state.resize_table(mb) {
                    let _ = events.send(Event::Line(Response::Error(message)));
                }
            }
        }
    }
}
