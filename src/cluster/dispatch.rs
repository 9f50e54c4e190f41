//! Rank 0's side of work the followers serve (tuning games, book evaluations): it hands out
//! items up to a number of slots a rank, takes back their outcomes, and returns the items of
//! a rank that has been lost, so that they can be done elsewhere; [`spread`] runs a list of
//! items over rank 0's own threads and the followers together.
//!
//! An item travels as `Msg::Work` with an id of the batch (high 32 bits) and the item's key
//! (low 32 bits); its outcome comes back as `Msg::Done` with the same id. A follower that
//! owes outcomes says `Msg::Alive` five times per timeout (`Follower::serve_work`), so a
//! rank is lost when it owes outcomes and has been silent for the hub's timeout.

use super::POLL;
use super::hub::Hub;
use super::message::Msg;
use crossbeam::channel::{Receiver, Sender, unbounded};
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Instant;

/// The outcome of one item, as a follower sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemOutcome {
    /// The rank that did the item.
    pub rank: usize,
    /// The item's key, as `fill` was given it.
    pub key: u32,
    /// The outcome's bytes, read as the work's kind says.
    pub body: Vec<u8>,
}

/// Rank 0's dispatcher of work to the followers.
pub struct Dispatch {
    hub: Arc<Mutex<Hub>>,
    slots: usize,
    /// Numbers the batches, so that late outcomes of an earlier one are dropped.
    batch: u32,
    /// Per rank, the keys of the items it is working on.
    flight: Vec<Vec<u32>>,
}

impl Dispatch {
    /// A dispatcher over `hub`, giving each follower at most `slots` items at a time.
    pub fn new(hub: Arc<Mutex<Hub>>, slots: usize) -> Dispatch {
        let n = hub.lock().size();
        Dispatch {
            hub,
            slots: slots.max(1),
            batch: 0,
            flight: vec![Vec::new(); n],
        }
    }

    /// Number of ranks, rank 0 and lost ones included.
    pub fn ranks(&self) -> usize {
        self.flight.len()
    }

    /// Items the followers that still answer can hold at once.
    pub fn capacity(&self) -> usize {
        let hub = self.hub.lock();
        (1..self.flight.len()).filter(|&r| hub.alive(r)).count() * self.slots
    }

    /// Starts a new batch of work: outcomes of earlier items that are still to come will be
    /// dropped, and their slots count as free.
    pub fn next_batch(&mut self) {
        self.batch = self.batch.wrapping_add(1);
        for f in &mut self.flight {
            f.clear();
        }
    }

    /// Fills the free slots of the ranks that still answer with items from `next` (a key
    /// and the body); false when `next` ran out.
    pub fn fill(&mut self, mut next: impl FnMut() -> Option<(u32, Vec<u8>)>) -> bool {
        let mut hub = self.hub.lock();
        for r in 1..self.flight.len() {
            while hub.alive(r) && self.flight[r].len() < self.slots {
                let Some((key, body)) = next() else {
                    return false;
                };
                let id = (u64::from(self.batch) << 32) | u64::from(key);
                // Sent to a rank that turns out to be gone, the item comes back through
                // `collect` with the rank's others.
                hub.send(r, Msg::Work { id, body }.encode());
                self.flight[r].push(key);
            }
        }
        true
    }

    /// Takes the outcomes of this batch that have arrived into `done`, and puts into `lost`
    /// the keys of the items of ranks lost since the last call (silent for the hub's timeout
    /// while they owe outcomes); false when nothing arrived and no rank was lost.
    pub fn collect(&mut self, done: &mut Vec<ItemOutcome>, lost: &mut Vec<u32>) -> bool {
        let mut hub = self.hub.lock();
        let mut any = false;
        while let Some((rank, msg)) = hub.recv() {
            any = true;
            let Msg::Done { id, body } = msg else {
                continue;
            };
            let (batch, key) = ((id >> 32) as u32, id as u32);
            if batch != self.batch {
                continue;
            }
            // Only the items this rank was given: an outcome twice, or of an item given
            // elsewhere, is dropped.
            if let Some(i) = self.flight[rank].iter().position(|&k| k == key) {
                self.flight[rank].swap_remove(i);
                done.push(ItemOutcome { rank, key, body });
            }
        }
        let now = Instant::now();
        for r in 1..self.flight.len() {
            if !self.flight[r].is_empty() {
                hub.expect(r, now);
            }
        }
        hub.check(now);
        for r in 1..self.flight.len() {
            if !hub.alive(r) && !self.flight[r].is_empty() {
                any = true;
                lost.append(&mut self.flight[r]);
            }
        }
        any
    }
}

/// The items of one `spread` not handed out yet: those a lost rank gave back, then the
/// fresh ones in order.
struct Todo {
    next: usize,
    len: usize,
    again: Vec<usize>,
}

impl Todo {
    fn take(&mut self) -> Option<usize> {
        if let Some(i) = self.again.pop() {
            return Some(i);
        }
        let i = self.next;
        (i < self.len).then(|| {
            self.next += 1;
            i
        })
    }
}

/// What one of rank 0's threads runs in `spread`: it does the items whose indices arrive on
/// the receiver, one after the other, and sends each result with its index, until the
/// receiver has no more (or nobody listens).
pub type LocalWorker<'a, T> =
    Box<dyn FnOnce(Receiver<usize>, Sender<(usize, Result<T, String>)>) + Send + 'a>;

/// Does items `0..len` on rank 0's threads (one per `local` worker, at most one item waiting
/// for each) and on the followers (as many at a time as `dispatch` gives each), as a new
/// batch of `dispatch`; `body` is an item's bytes for a follower, and `remote` reads the
/// outcome a follower sent for item `i`. Each result goes to `done` with the rank that did
/// it and the item's index, once, as soon as it arrives; the items of a rank that is lost
/// are done again elsewhere, on rank 0's threads if no follower is left. Stops when every
/// item is done, when `done` says false, or at the first item that fails (its error is
/// returned, a follower's with its rank); items still running then are dropped.
pub fn spread<'a, T: Send>(
    dispatch: &mut Dispatch,
    len: usize,
    local: Vec<LocalWorker<'a, T>>,
    mut body: impl FnMut(usize) -> Vec<u8>,
    mut remote: impl FnMut(usize, &[u8]) -> Result<T, String>,
    done: &mut dyn FnMut(usize, usize, T) -> bool,
) -> Result<(), String> {
    assert!(!local.is_empty(), "rank 0 works too");
    dispatch.next_batch();
    let mut todo = Todo {
        next: 0,
        len,
        again: Vec::new(),
    };
    let mut left = len;
    let mut reported = vec![false; len];
    let (jobs_tx, jobs_rx) = unbounded::<usize>();
    let (tx, rx) = unbounded::<(usize, Result<T, String>)>();
    let mut error = None;
    std::thread::scope(|s| {
        let threads = local.len().min(len);
        for w in local.into_iter().take(threads) {
            let (jobs, tx) = (jobs_rx.clone(), tx.clone());
            s.spawn(move || w(jobs, tx));
        }
        drop(tx);
        let mut busy = 0;
        let (mut outcomes, mut lost, mut ended) = (Vec::new(), Vec::new(), Vec::new());
        'run: while left > 0 {
            while busy < threads
                && let Some(i) = todo.take()
            {
                let _ = jobs_tx.send(i);
                busy += 1;
            }
            dispatch.fill(|| {
                let i = todo.take()?;
                Some((i as u32, body(i)))
            });
            let mine: Vec<_> = rx
                .recv_timeout(POLL)
                .into_iter()
                .chain(rx.try_iter())
                .collect();
            busy -= mine.len();
            ended.extend(mine.into_iter().map(|r| (0, r)));
            dispatch.collect(&mut outcomes, &mut lost);
            todo.again.extend(lost.drain(..).map(|k| k as usize));
            for o in outcomes.drain(..) {
                let i = o.key as usize;
                let r = remote(i, &o.body).map_err(|e| format!("rank {}: {e}", o.rank));
                ended.push((o.rank, (i, r)));
            }
            for (rank, (i, r)) in ended.drain(..) {
                let go_on = match r {
                    Ok(_) if reported[i] => true,
                    Ok(r) => {
                        reported[i] = true;
                        left -= 1;
                        done(rank, i, r)
                    }
                    Err(e) => {
                        error = Some(e);
                        false
                    }
                };
                if !go_on {
                    break 'run;
                }
            }
        }
        // No more items start; those still running are dropped.
        drop(jobs_tx);
    });
    error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::super::Link;
    use super::super::follower::Follower;
    use super::super::local::{LocalLink, links};
    use super::*;
    use crossbeam::channel::unbounded;
    use std::time::Duration;

    /// Rank 0's dispatcher over local links of `n` ranks with `slots` each, giving up on a
    /// rank after `timeout`, and the followers' ends of the links.
    fn setup(n: usize, slots: usize, timeout: Duration) -> (Dispatch, Vec<LocalLink>) {
        let mut ls = links(n).into_iter();
        let hub = Hub::shared(Box::new(ls.next().unwrap()), timeout);
        (Dispatch::new(hub, slots), ls.collect())
    }

    /// The items the follower at `link` has been sent, as (id, body).
    fn work_of(link: &mut LocalLink) -> Vec<(u64, Vec<u8>)> {
        std::iter::from_fn(|| link.try_recv())
            .filter_map(|(_, bytes)| match Msg::decode(&bytes) {
                Ok(Msg::Work { id, body }) => Some((id, body)),
                _ => None,
            })
            .collect()
    }

    fn done(link: &mut LocalLink, id: u64, body: &[u8]) {
        let body = body.to_vec();
        link.send(0, Msg::Done { id, body }.encode()).unwrap();
    }

    /// Collects until `until` holds of the outcomes and the lost keys, for at most 5 s.
    fn collect_until(
        d: &mut Dispatch,
        mut until: impl FnMut(&[ItemOutcome], &[u32]) -> bool,
    ) -> (Vec<ItemOutcome>, Vec<u32>) {
        let (mut out, mut lost) = (Vec::new(), Vec::new());
        let deadline = Instant::now() + Duration::from_secs(5);
        while !until(&out, &lost) && Instant::now() < deadline {
            d.collect(&mut out, &mut lost);
            std::thread::sleep(Duration::from_millis(1));
        }
        (out, lost)
    }

    #[test]
    fn items_fill_the_slots_and_outcomes_come_back_once() {
        let (mut d, mut f) = setup(3, 2, Duration::from_secs(10));
        d.next_batch();
        let mut items = (0..5u32).map(|k| (k, vec![k as u8]));
        assert!(d.fill(|| items.next()), "one item is left over");
        let (w1, w2) = (work_of(&mut f[0]), work_of(&mut f[1]));
        assert_eq!((w1.len(), w2.len()), (2, 2), "two slots a rank");
        assert_eq!(w1[0].1, vec![0]);
        let batch = w1[0].0 >> 32;
        assert!(w1.iter().chain(&w2).all(|(id, _)| id >> 32 == batch));
        done(&mut f[0], w1[1].0, b"one");
        done(&mut f[0], w1[1].0, b"twice");
        done(&mut f[0], w2[0].0, b"not its item");
        done(&mut f[0], (batch + 1) << 32, b"of no batch");
        let (out, lost) = collect_until(&mut d, |o, _| !o.is_empty());
        let key = w1[1].0 as u32;
        assert_eq!(
            out,
            vec![ItemOutcome {
                rank: 1,
                key,
                body: b"one".to_vec()
            }]
        );
        assert!(lost.is_empty());
        // Rank 1's freed slot takes the last item.
        assert!(d.fill(|| items.next()), "every slot is taken again");
        assert_eq!(work_of(&mut f[0]).len(), 1);
        assert!(work_of(&mut f[1]).is_empty());
        // A slot freed when there are no items left stays free.
        done(&mut f[1], w2[0].0, b"two");
        collect_until(&mut d, |o, _| !o.is_empty());
        assert!(!d.fill(|| items.next()), "the items ran out");
    }

    #[test]
    fn a_new_batch_drops_the_late_outcomes_of_the_last() {
        let (mut d, mut f) = setup(2, 1, Duration::from_secs(10));
        d.next_batch();
        assert!(d.fill(|| Some((7, Vec::new()))));
        let (old, _) = work_of(&mut f[0]).remove(0);
        d.next_batch();
        assert!(d.fill(|| Some((7, Vec::new()))), "the slot is free again");
        let (new, _) = work_of(&mut f[0]).remove(0);
        assert_ne!(old, new);
        done(&mut f[0], old, b"late");
        done(&mut f[0], new, b"now");
        let (out, _) = collect_until(&mut d, |o, _| !o.is_empty());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].body, b"now");
    }

    #[test]
    fn a_rank_silent_while_it_owes_outcomes_gives_its_items_back() {
        let (mut d, mut f) = setup(3, 2, Duration::from_millis(50));
        d.next_batch();
        let mut items = (0..4u32).map(|k| (k, Vec::new()));
        d.fill(|| items.next());
        let given: Vec<u32> = work_of(&mut f[0]).iter().map(|w| w.0 as u32).collect();
        // Rank 1 says it is alive once, then hangs with its two items (its link stays, it
        // sends nothing more); rank 2 keeps saying it is alive.
        f[0].send(0, Msg::Alive.encode()).unwrap();
        let _silent = f.remove(0);
        let (out, mut lost) = collect_until(&mut d, |_, l| {
            f[0].send(0, Msg::Alive.encode()).unwrap();
            !l.is_empty()
        });
        assert!(out.is_empty());
        lost.sort_unstable();
        assert_eq!(lost, given, "rank 1's items come back");
        assert!(!d.hub.lock().alive(1));
        assert!(d.hub.lock().alive(2), "a rank that answers is kept");
        // They go to rank 2 once it has room, never to rank 1 again.
        let w2 = work_of(&mut f[0]);
        done(&mut f[0], w2[0].0, b"");
        collect_until(&mut d, |o, _| !o.is_empty());
        let mut again = lost.into_iter().map(|k| (k, Vec::new()));
        d.fill(|| again.next());
        assert_eq!(work_of(&mut f[0]).len(), 1);
    }

    #[test]
    fn a_follower_busy_for_longer_than_the_timeout_stays() {
        let timeout = Duration::from_millis(100);
        let (mut d, mut f) = setup(2, 1, timeout);
        let link = f.remove(0);
        let (tx, rx) = unbounded::<(u64, Vec<u8>)>();
        std::thread::scope(|s| {
            // The follower echoes an item's body back only after 4 timeouts.
            s.spawn(move || {
                let start = |id, body| {
                    let tx = tx.clone();
                    std::thread::spawn(move || {
                        std::thread::sleep(4 * timeout);
                        let _ = tx.send((id, body));
                    });
                };
                let follower = Follower::new(Box::new(link), timeout, false);
                follower.serve_work(start, &rx, |body: &Vec<u8>| body.clone());
            });
            d.next_batch();
            d.fill(|| Some((3, b"echo".to_vec())));
            let (out, lost) = collect_until(&mut d, |o, l| !o.is_empty() || !l.is_empty());
            d.hub.lock().quit();
            assert!(lost.is_empty(), "the busy rank was given up on");
            assert_eq!(out.len(), 1);
            assert_eq!((out[0].key, &out[0].body[..]), (3, &b"echo"[..]));
        });
    }
}
