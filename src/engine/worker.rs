//! The search thread: takes jobs in order over a channel, owns the transposition table, and
//! sends every line it has to say back to the session.

use crate::protocol::response::Response;
use crate::variants::task::{Prepare, Task, WorkerState};
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
                state.clear_kept();
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
                if let Err(message) = state.set_hash(mb) {
                    let _ = events.send(Event::Line(Response::Error(message)));
                }
            }
        }
    }
}
