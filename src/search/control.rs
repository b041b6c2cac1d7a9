//! Deciding when a running search must stop: the `stop` flag, the node budget and the clock,
//! polled every few hundred nodes.

use super::limits::{Limits, TimeBudget};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often (in nodes) the clock and the stop flag are polled.
const POLL_INTERVAL: u64 = 256;

/// Counts nodes and decides when the search must stop.
pub struct Control<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    budget: Option<TimeBudget>,
    node_limit: Option<u64>,
    /// Positions visited so far.
    pub nodes: u64,
    next_poll: u64,
    aborted: bool,
}

impl<'a> Control<'a> {
    /// Starts the clock for a search bounded by `limits`, stopped early by `stop`.
    pub fn new(stop: &'a AtomicBool, limits: &Limits, start: Instant) -> Self {
        Control {
            stop,
            start,
            budget: TimeBudget::from_limits(limits),
            node_limit: limits.nodes,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            aborted: false,
        }
    }

    /// Counts one node; true when the search must unwind now.
    #[inline]
    pub fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll || self.node_limit.is_some() {
            self.poll();
        }
        self.aborted
    }

    fn poll(&mut self) {
        self.next_poll = self.nodes + POLL_INTERVAL;
        if self.aborted {
            return;
        }
        let over_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
        let over_time = self.budget.is_some_and(|b| self.elapsed() >= b.hard);
        if over_nodes || over_time || self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
    }

    /// Checks the stop conditions now (between iterations).
    pub fn check_now(&mut self) -> bool {
        self.poll();
        self.aborted
    }

    /// True when no new iteration should start (the soft time is spent).
    pub fn soft_time_over(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed() >= b.soft)
    }

    /// True when the `stop` flag was raised (as opposed to another limit).
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Time since `go`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Waits for `stop` after a search that ended early under `go infinite`, as UCI requires.
    pub fn wait_for_stop(&self) {
        while !self.stop_requested() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
