//! Diagnostics on stderr that never hold up the engine. A controller may pipe stderr and
//! never read it: once the pipe is full, a plain write would wait for ever, and with it the
//! game. So progress and diagnostic lines go through a bounded queue to a writer thread;
//! when the queue is full the line is dropped and counted ([`dropped`]), never waited for.
//! The writer says how many were dropped once stderr is read again.
//!
//! Panics and fatal start-up errors still go to stderr directly. [`flush`] at the end of the
//! process lets the lines still queued out, without waiting on a reader that is not there.

use crossbeam::channel::{Receiver, Sender, TrySendError, bounded};
use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Messages (a line, or a block of lines written at once) the queue holds.
const QUEUE: usize = 1024;
/// How long [`flush`] waits for a writer that makes no progress.
const STALL: Duration = Duration::from_millis(200);
/// The longest [`flush`] waits in all.
const FLUSH_LIMIT: Duration = Duration::from_secs(2);

/// The queue's sending end (`None`: the writer thread could not start; lines then go out
/// directly).
static QUEUE_TX: OnceLock<Option<Sender<String>>> = OnceLock::new();
/// Messages queued, written, and dropped because the queue was full.
static QUEUED: AtomicU64 = AtomicU64::new(0);
static WRITTEN: AtomicU64 = AtomicU64::new(0);
static DROPPED: AtomicU64 = AtomicU64::new(0);

/// Writes `text` (one or more whole lines, each ending in a newline) to stderr in one write,
/// later, from the writer thread; dropped and counted when the queue is full.
pub fn write(text: String) {
    match QUEUE_TX.get_or_init(start) {
        Some(tx) => {
            // Counted before it is sent so that `flush` never sees more written than queued.
            QUEUED.fetch_add(1, Relaxed);
            match tx.try_send(text) {
                Ok(()) => {}
                Err(TrySendError::Full(_)) => {
                    QUEUED.fetch_sub(1, Relaxed);
                    DROPPED.fetch_add(1, Relaxed);
                }
                Err(TrySendError::Disconnected(_)) => {
                    QUEUED.fetch_sub(1, Relaxed);
                }
            }
        }
        None => {
            let _ = std::io::stderr().write_all(text.as_bytes());
        }
    }
}

/// Writes `args` and a newline (see [`write()`]).
pub fn line(args: std::fmt::Arguments) {
    write(format!("{args}\n"));
}

/// Lines dropped so far because stderr was not read fast enough.
pub fn dropped() -> u64 {
    DROPPED.load(Relaxed)
}

/// Waits until the queued lines are written, while the writer makes progress, at most two
/// seconds: an unread stderr costs a fifth of a second at exit, not a hang.
pub fn flush() {
    if QUEUE_TX.get().is_none() {
        return;
    }
    let start = Instant::now();
    let mut last = WRITTEN.load(Relaxed);
    let mut since = start;
    while WRITTEN.load(Relaxed) < QUEUED.load(Relaxed) && start.elapsed() < FLUSH_LIMIT {
        std::thread::sleep(Duration::from_millis(2));
        let w = WRITTEN.load(Relaxed);
        if w != last {
            last = w;
            since = Instant::now();
        } else if since.elapsed() >= STALL {
            break;
        }
    }
}

/// Calls [`flush`] when dropped: a guard at the top of `main` lets the lines out on every
/// way out of it.
pub struct FlushOnDrop;

impl Drop for FlushOnDrop {
    fn drop(&mut self) {
        flush();
    }
}

/// Starts the writer thread; `None` if it cannot be started.
fn start() -> Option<Sender<String>> {
    let (tx, rx) = bounded::<String>(QUEUE);
    std::thread::Builder::new()
        .name("moyo-stderr".into())
        .spawn(move || writer(rx))
        .ok()
        .map(|_| tx)
}

/// Writes the queued messages, each in one write (other processes, a cluster's ranks, may
/// share this stderr), first saying how many were dropped since the last one written.
fn writer(rx: Receiver<String>) {
    let mut reported = 0;
    for text in rx {
        let mut err = std::io::stderr().lock();
        let dropped = DROPPED.load(Relaxed);
        if dropped > reported {
            let _ = writeln!(
                err,
                "moyo: {} stderr lines dropped (not read in time)",
                dropped - reported
            );
            reported = dropped;
        }
        let _ = err.write_all(text.as_bytes());
        drop(err);
        WRITTEN.fetch_add(1, Relaxed);
    }
}

/// `eprintln!` through the queue of [`crate::sys::stderr`]: never waits for a reader.
#[macro_export]
macro_rules! diag {
    ($($arg:tt)*) => {
        $crate::sys::stderr::line(format_args!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_are_queued_and_flushed() {
        let before = super::dropped();
        crate::diag!("moyo: a unit test line");
        super::flush();
        assert_eq!(super::dropped(), before);
        assert!(super::WRITTEN.load(super::Relaxed) >= 1);
    }
}
