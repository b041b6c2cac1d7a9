//! The search thread: takes jobs in order over a channel, owns the transposition table, and
//! sends every line it has to say back to the session.

use crate::protocol::response::Response;
use crate::search::solve::connect4::Solver;
use crate::search::solve::rocks::RocksTable;
use crate::search::tt::TranspositionTable;
use crossbeam_channel::{Receiver, Sender, unbounded};
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

/// State kept by the worker between tasks.
pub struct WorkerState {
    /// The table of the full search.
    pub table: TranspositionTable,
    /// The Connect Four solver and its table, made when first used; the two tables then
    /// share the `Hash` budget half and half.
    pub solver: Option<Solver>,
    /// The rocks game's table of the last puzzle solved (within half of `Hash`, like the
    /// Connect Four solver's, which it replaces).
    pub rocks: Option<RocksTable>,
    /// The `Hash` option: what the tables may use in all, in MB.
    pub hash_mb: usize,
}

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
    /// Make the Connect Four solver now (a new game of timed searches will use it), rather
    /// than in the middle of a timed move.
    PrepareSolver,
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
    /// Makes the Connect Four solver if there is none: the search's table and the solver's
    /// then get half of `Hash` each. The error says when the memory could not be had.
    pub fn ensure_solver(&mut self) -> Result<&mut Solver, String> {
        let mut result = Ok(());
        if self.solver.is_none() {
            // The rocks game's table is made again when needed.
            self.rocks = None;
            let half = (self.hash_mb / 2).max(1);
            result = self.resize_table(half);
            self.solver = Some(Solver::new(half));
        }
        let solver = self.solver.get_or_insert_with(|| Solver::new(1));
        result.map(|()| solver)
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
    let mut state = WorkerState {
        table: TranspositionTable::new(hash_mb),
        solver: None,
        rocks: None,
        hash_mb,
    };
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
                if let Some(solver) = &mut state.solver {
                    solver.clear();
                }
                state.rocks = None;
            }
            Job::PrepareSolver => {
                if let Err(message) = state.ensure_solver() {
                    let _ = events.send(Event::Line(Response::Error(message)));
                }
            }
            Job::Ready => {
                let _ = events.send(Event::Ready);
            }
            Job::ResizeTable(mb) => {
                state.hash_mb = mb;
                state.solver = None;
                state.rocks = None;
                if let Err(message) = state.resize_table(mb) {
                    let _ = events.send(Event::Line(Response::Error(message)));
                }
            }
        }
    }
}
