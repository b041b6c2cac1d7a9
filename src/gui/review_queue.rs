//! The server's bound on reviews: each review holds its tables (256 MB) for as long as it
//! runs, so at most `MAX_REVIEWS` run at once, server-wide; the others wait their turn in the
//! order they were asked, each told how many reviews are ahead of it as the queue moves. A
//! review's thread also runs below the priority of play and analysis (`lower_priority`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Reviews running at once, server-wide.
pub const MAX_REVIEWS: usize = 2;

/// How often a waiting review looks at its stop flag (a turn given or a place freed wakes it
/// at once).
const STOP_LOOK: Duration = Duration::from_millis(50);

/// The nice value of a review's thread: below play and analysis (nice 0). Under Linux's
/// scheduler a nice-10 thread weighs 110 against a nice-0 one's 1024, so an engine process
/// that plays or analyses (and the server's own threads) keeps about nine tenths of a core it
/// shares with a review, while a review on an idle machine runs at full speed. The engine
/// processes are children of the server, in its session, so the weights compare within one
/// scheduling group even with autogroups.
pub const REVIEW_NICE: i32 = 10;

/// The reviews running and waiting, server-wide.
pub struct ReviewQueue {
    max: usize,
    state: Mutex<QueueState>,
    changed: Condvar,
}

#[derive(Default)]
struct QueueState {
    /// Reviews running now.
    running: usize,
    /// The waiting reviews' tickets, first come first.
    waiting: VecDeque<u64>,
    /// The next ticket.
    next: u64,
}

/// A review's turn: its place among the running reviews, given back when dropped.
pub struct Turn {
    queue: Arc<ReviewQueue>,
}

impl ReviewQueue {
    /// A queue letting `max` reviews (at least one) run at once.
    pub fn new(max: usize) -> Arc<ReviewQueue> {
        Arc::new(ReviewQueue {
            max: max.max(1),
            state: Mutex::new(QueueState::default()),
            changed: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reviews running and waiting now.
    pub fn counts(&self) -> (usize, usize) {
        let state = self.lock();
        (state.running, state.waiting.len())
    }

    /// A review's place at the end of the queue, taken when it is asked for (so that reviews
    /// run in the order asked, whenever their threads start waiting).
    pub fn enter(self: &Arc<Self>) -> Place {
        let mut state = self.lock();
        let ticket = state.next;
        state.next += 1;
        state.waiting.push_back(ticket);
        Place {
            queue: Arc::clone(self),
            ticket,
            waiting: true,
        }
    }
}

/// A review's place in the queue, until its turn comes; dropped before, it is given up.
pub struct Place {
    queue: Arc<ReviewQueue>,
    ticket: u64,
    waiting: bool,
}

impl Place {
    /// Waits for this review's turn: it comes when fewer than `max` reviews are running or were
    /// asked before it and still wait (so none asked later overtakes one waiting for a slot,
    /// and one whose thread starts before an earlier one's takes a free slot at once).
    /// `told(ahead)` hears how many reviews are ahead (those running and those waiting before
    /// it) whenever that number changes while it waits, and `told(0)` when the turn comes after a wait. None when
    /// `stop` is set before the turn comes (its place is given up).
    pub fn wait_turn(mut self, stop: &AtomicBool, mut told: impl FnMut(usize)) -> Option<Turn> {
        let queue = Arc::clone(&self.queue);
        let mut state = queue.lock();
        let mut last_told = None;
        loop {
            let found = state.waiting.iter().position(|&t| t == self.ticket);
            let (Some(place), false) = (found, stop.load(Ordering::Relaxed)) else {
                // Stopped: the place is given up when `self` is dropped.
                drop(state);
                return None;
            };
            // Its turn when it and every review asked before it can run: one asked before it
            // whose thread has not yet started keeps its slot, and no review asked later takes
            // a slot an earlier one waits for.
            if state.running + place < queue.max {
                state.waiting.remove(place);
                state.running += 1;
                self.waiting = false;
                queue.changed.notify_all();
                if last_told.is_some() {
                    told(0);
                }
                return Some(Turn {
                    queue: Arc::clone(&queue),
                });
            }
            let ahead = state.running + place;
            if last_told != Some(ahead) {
                told(ahead);
                last_told = Some(ahead);
            }
            state = queue
                .changed
                .wait_timeout(state, STOP_LOOK)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if self.waiting {
            let mut state = self.queue.lock();
            state.waiting.retain(|&t| t != self.ticket);
            self.queue.changed.notify_all();
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut state = self.queue.lock();
        state.running = state.running.saturating_sub(1);
        self.queue.changed.notify_all();
    }
}

/// Puts the calling thread (and the threads it starts from now on, which inherit it) at
/// `REVIEW_NICE`: below play and analysis. Lowering one's own priority needs no privilege; where
/// it fails, or off Linux, the review runs at the usual priority (the bound on reviews running
/// at once still holds).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority take and return plain integers; on Linux
        // `PRIO_PROCESS` with a thread id sets that one thread's nice value.
        let failed = unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, REVIEW_NICE) != 0
        };
        if failed {
            log::warn!(
                "a review runs at the usual priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A review waiting on its own thread from `place`: what it hears, and its turn when it
    /// comes.
    fn waiter(
        place: Place,
        stop: Arc<AtomicBool>,
    ) -> (mpsc::Receiver<usize>, mpsc::Receiver<Option<Turn>>) {
        let (heard, hears) = mpsc::channel();
        let (turned, turns) = mpsc::channel();
        std::thread::spawn(move || {
            let turn = place.wait_turn(&stop, |ahead| {
                let _ = heard.send(ahead);
            });
            let _ = turned.send(turn);
        });
        (hears, turns)
    }

    fn no_stop() -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(false))
    }

    #[test]
    fn two_run_and_the_others_wait_in_order_told_how_many_are_ahead() {
        let queue = ReviewQueue::new(2);
        let first = queue
            .enter()
            .wait_turn(&AtomicBool::new(false), |_| panic!("no wait"));
        let second = queue
            .enter()
            .wait_turn(&AtomicBool::new(false), |_| panic!("no wait"));
        assert!(first.is_some() && second.is_some());
        let (third_hears, third_turn) = waiter(queue.enter(), no_stop());
        assert_eq!(third_hears.recv(), Ok(2));
        // The fourth asks once the third waits: three are ahead of it.
        let (fourth_hears, fourth_turn) = waiter(queue.enter(), no_stop());
        assert_eq!(fourth_hears.recv(), Ok(3));
        assert_eq!(queue.counts(), (2, 2));
        drop(first);
        // The third runs (told 0), the fourth has two ahead.
        assert_eq!(third_hears.recv(), Ok(0));
        let third = third_turn.recv().expect("a turn");
        assert!(third.is_some());
        assert_eq!(fourth_hears.recv(), Ok(2));
        assert_eq!(queue.counts(), (2, 1));
        drop(second);
        assert_eq!(fourth_hears.recv(), Ok(0));
        let fourth = fourth_turn.recv().expect("a turn");
        assert!(fourth.is_some());
        drop(third);
        assert_eq!(queue.counts(), (1, 0));
    }

    #[test]
    fn a_review_whose_thread_starts_before_an_earlier_one_s_runs_when_both_have_a_slot() {
        let queue = ReviewQueue::new(2);
        let first = queue.enter();
        let second = queue.enter();
        let third = queue.enter();
        // The second's thread starts first: two slots for the two asked first, so no wait.
        let second = second.wait_turn(&AtomicBool::new(false), |ahead| {
            panic!("the second told {ahead} ahead with a slot free")
        });
        assert!(second.is_some());
        assert_eq!(queue.counts(), (1, 2));
        // The third would take the first's slot: it waits behind the running one and the first.
        let (third_hears, third_turn) = waiter(third, no_stop());
        assert_eq!(third_hears.recv(), Ok(2));
        let first = first.wait_turn(&AtomicBool::new(false), |_| panic!("no wait"));
        assert!(first.is_some());
        assert_eq!(queue.counts(), (2, 1));
        drop(second);
        assert_eq!(third_hears.recv(), Ok(0));
        assert!(third_turn.recv().expect("a turn").is_some());
    }

    #[test]
    fn a_review_stopped_while_it_waits_gives_up_its_place() {
        let queue = ReviewQueue::new(1);
        let running = queue.enter().wait_turn(&AtomicBool::new(false), |_| {});
        let stop = no_stop();
        let (first_hears, first_turn) = waiter(queue.enter(), Arc::clone(&stop));
        assert_eq!(first_hears.recv(), Ok(1));
        let (second_hears, second_turn) = waiter(queue.enter(), no_stop());
        assert_eq!(second_hears.recv(), Ok(2));
        stop.store(true, Ordering::Relaxed);
        assert!(first_turn.recv().expect("an answer").is_none());
        assert_eq!(second_hears.recv(), Ok(1));
        drop(running);
        assert!(second_turn.recv().expect("a turn").is_some());
    }
}
