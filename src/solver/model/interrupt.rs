//! The flag that stops long work: every phase of a solve (the analysis before the search,
//! each expansion however costly, the deadlock sub-searches) looks at it every few thousand
//! steps, so a time limit, a memory limit or a cancel holds whatever the board.
//!
//! The front door's watchdog raises it when the time is up or the caller cancels; a search
//! raises it itself when the memory it holds passes the limit ([`Interrupt::account`]).
//! Work that sees it raised returns at once, unfinished: a search interrupted is not stepped
//! again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A shared stop flag, with the memory limit searches compare their size against.
#[derive(Clone, Debug)]
pub struct Interrupt(Arc<Shared>);

#[derive(Debug)]
struct Shared {
    raised: AtomicBool,
    over_memory: AtomicBool,
    memory_limit: AtomicUsize,
    /// The memory the whole search held when the driver last measured it.
    held: AtomicUsize,
}

/// Work stopped because its [`Interrupt`] was raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

impl Default for Interrupt {
    fn default() -> Self {
        Interrupt::new(None)
    }
}

impl Interrupt {
    /// A flag not raised, raised later by searches whose memory passes `memory_limit`
    /// bytes (never, with `None`).
    pub fn new(memory_limit: Option<usize>) -> Self {
        Interrupt(Arc::new(Shared {
            raised: AtomicBool::new(false),
            over_memory: AtomicBool::new(false),
            held: AtomicUsize::new(0),
            memory_limit: AtomicUsize::new(memory_limit.unwrap_or(usize::MAX)),
        }))
    }

    /// Tells every holder to stop.
    pub fn raise(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether work must stop.
    #[inline]
    pub fn raised(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
    }

    /// `Err(Interrupted)` when work must stop.
    #[inline]
    pub fn check(&self) -> Result<(), Interrupted> {
        if self.raised() { Err(Interrupted) } else { Ok(()) }
    }

    /// Records that the whole search holds `bytes` (the driver measures it between steps).
    pub fn hold(&self, bytes: usize) {
        self.0.held.store(bytes, Ordering::Relaxed);
    }

    /// Raises the flag when `extra` bytes, more than the search held at the last
    /// [`Interrupt::hold`], pass the memory limit; returns whether work must stop. A step
    /// that grows much in one go (a big expansion, the tables of the analysis) accounts for
    /// its growth here as it goes.
    #[inline]
    pub fn account(&self, extra: usize) -> bool {
        let total = self.0.held.load(Ordering::Relaxed).saturating_add(extra);
        if total > self.0.memory_limit.load(Ordering::Relaxed) {
            self.0.over_memory.store(true, Ordering::Relaxed);
            self.raise();
        }
        self.raised()
    }

    /// Whether the flag was raised because memory passed the limit.
    pub fn over_memory(&self) -> bool {
        self.0.over_memory.load(Ordering::Relaxed)
    }
}

/// Counts steps of a loop and looks at the flag every `EVERY` of them (a relaxed atomic
/// load is cheap, but not free in the tightest loops).
#[derive(Debug)]
pub struct Pacer {
    interrupt: Interrupt,
    count: u32,
}

impl Pacer {
    const EVERY: u32 = 1024;

    /// A pacer for `interrupt`.
    pub fn new(interrupt: &Interrupt) -> Self {
        Pacer { interrupt: interrupt.clone(), count: 0 }
    }

    /// One step more: `Err(Interrupted)` when the flag was found raised.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Interrupted> {
        self.count += 1;
        if self.count >= Self::EVERY {
            self.count = 0;
            self.interrupt.check()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_shared_and_memory_past_the_limit_raises_it() {
        let a = Interrupt::new(Some(100));
        let b = a.clone();
        assert!(!b.account(100) && b.check().is_ok());
        assert!(!a.over_memory() && b.account(101), "over the limit");
        assert!(a.over_memory());
        let d = Interrupt::new(Some(100));
        d.hold(60);
        assert!(!d.account(40) && d.account(41), "growth counts on top of what is held");
        assert_eq!(a.check(), Err(Interrupted));
        let c = Interrupt::default();
        let mut pacer = Pacer::new(&c);
        assert!((0..5000).all(|_| pacer.tick().is_ok()));
        c.raise();
        assert!((0..Pacer::EVERY).any(|_| pacer.tick().is_err()), "seen within EVERY steps");
    }
}
