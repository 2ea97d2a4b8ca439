//! Ctrl-C (SIGINT) and SIGTERM on the command line: the first signal raises a flag that the
//! long commands pass to their searches as the cancel flag, so they stop, print what they
//! finished and exit with 128 + the signal's number (130 after Ctrl-C); a second signal
//! ends the process at once.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// Raised by the first signal.
static STOP: AtomicBool = AtomicBool::new(false);
/// The first signal's number (0 before any).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Catches SIGINT and SIGTERM from now on; returns the flag they raise.
pub fn catch() -> &'static AtomicBool {
    install();
    &STOP
}

/// The signal that came, if one did.
pub fn signal() -> Option<i32> {
    match SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s),
    }
}

/// The exit status after the signal that came (130 after Ctrl-C), if one did.
pub fn exit_code() -> Option<ExitCode> {
    signal().map(|s| ExitCode::from(128 + s.clamp(1, 127) as u8))
}

#[cfg(unix)]
fn install() {
    extern "C" fn record(signal: libc::c_int) {
        if SIGNAL.swap(signal, Ordering::Relaxed) != 0 {
            // SAFETY: `_exit` is async-signal-safe.
            unsafe { libc::_exit(128 + signal) };
        }
        STOP.store(true, Ordering::Relaxed);
    }
    let handler = record as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to atomics and calls `_exit`, which are
    // async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

#[cfg(not(unix))]
fn install() {}

/// Lets a write to a closed pipe end the process at once and quietly (SIGPIPE), as it ends
/// `cat` or `grep` (`sokolab bench … | head`); Rust ignores the signal otherwise, and every
/// later line would be an error. `generate` keeps the signal ignored: it writes each level
/// whole and, when the reader has gone, stops and says what it made.
pub fn end_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default disposition has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
