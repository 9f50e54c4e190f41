//! Links over channels between threads of one process, for the tests: the cluster's
//! protocol without MPI.

use super::{Hub, Link};
use crossbeam::channel::{Receiver, Sender, unbounded};
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Instant;

/// One rank's end of a set of channel links.
pub struct LocalLink {
    rank: usize,
    to: Vec<Sender<(usize, Vec<u8>)>>,
    rx: Receiver<(usize, Vec<u8>)>,
}

/// Links for `n` ranks, rank 0 first. A dropped link is a dead rank: sends to it fail.
pub fn links(n: usize) -> Vec<LocalLink> {
    let (txs, rxs): (Vec<_>, Vec<_>) = (0..n).map(|_| unbounded()).unzip();
    rxs.into_iter()
        .enumerate()
        .map(|(rank, rx)| LocalLink {
            rank,
            to: txs.clone(),
            rx,
        })
        .collect()
}

impl Link for LocalLink {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.to.len()
    }

    fn send(&mut self, to: usize, bytes: Vec<u8>) -> Result<(), String> {
        self.to[to]
            .send((self.rank, bytes))
            .map_err(|_| format!("rank {to} is gone"))
    }

    fn try_recv(&mut self) -> Option<(usize, Vec<u8>)> {
        self.rx.try_recv().ok()
    }

    fn forget(&mut self, _: usize) {}

    fn flush(&mut self, _: Instant) -> bool {
        true
    }

    fn close(&mut self, _: bool) {}
}

/// Tells the followers to quit when dropped, also when a test fails, so that their threads
/// end and the failure shows instead of a hang.
pub struct QuitOnDrop<'a>(pub &'a Arc<Mutex<Hub>>);

impl Drop for QuitOnDrop<'_> {
    fn drop(&mut self) {
        self.0.lock().quit();
    }
}
