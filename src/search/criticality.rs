//! Criticality (Coulom 2009) in the RAVE value of well-visited nodes, as Pachi's tree uses
//! it (`crit_rave`, off by default). A point is critical when the player who ends up owning
//! it is the player who wins: crit = P(winner owns p) - (P(Black owns p) P(Black wins) +
//! P(White owns p) P(White wins)), zero when owning and winning are independent. A node
//! whose move's point is critical gets `crit_rave` x crit x (its AMAF count) virtual AMAF
//! wins, so that among many-visited moves the search leans to those on points that decide
//! the game; a negative criticality is a malus.
//!
//! Only nodes with many visits take part, so the samples live in a small table beside the
//! tree rather than in every node. A node is sampled from a quarter of `crit_min_visits` on
//! and scored from `crit_min_visits` on, once it has `MIN_SAMPLES`. The table is cleared at
//! each search (the tree's node numbers change when it is reused).

use super::select::Inputs;
use crate::board::Color;
use crate::params::Params;
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::Relaxed;

/// Slots of the table: far more than the nodes of one search that reach the threshold (a
/// power of two: a slot is the top bits of a multiplicative hash).
const SLOTS: usize = 1024;
const _: () = assert!(SLOTS.is_power_of_two());
/// The shift that leaves a 32-bit hash with one slot number's bits.
const SHIFT: u32 = 32 - SLOTS.trailing_zeros();
/// Slots probed before a node is left out (the table is full around its hash).
const PROBES: usize = 8;
/// Samples a node needs before its criticality is used.
const MIN_SAMPLES: u32 = 400;
/// Largest criticality used, either way (it lies in [-0.5, 1] and stays near 0).
const MAX_CRIT: f32 = 0.45;

/// One sampled node: `key` is its index plus one (0: a free slot).
#[derive(Default)]
struct Slot {
    key: AtomicU32,
    samples: AtomicU32,
    winner_owns: AtomicU32,
    black_owns: AtomicU32,
    black_wins: AtomicU32,
}

/// The criticality samples of one search's many-visited nodes.
pub struct Criticality {
    slots: Box<[Slot]>,
    /// Weight of the virtual AMAF wins (0: off).
    rave: f32,
    /// Node visits from which samples are gathered.
    start: u32,
    /// Node visits from which the criticality is used.
    min: u32,
}

impl Criticality {
    /// An empty table with the parameters' weight and threshold.
    pub fn new(p: &Params) -> Criticality {
        let slots = if p.crit_rave > 0.0 { SLOTS } else { 0 };
        Criticality {
            slots: (0..slots).map(|_| Slot::default()).collect(),
            rave: p.crit_rave,
            start: (p.crit_min_visits / 4).max(1),
            min: p.crit_min_visits,
        }
    }

    /// Whether the heuristic is on.
    #[inline]
    pub fn is_on(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Forgets every sample (a new search).
    pub fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            *s = Slot::default();
        }
    }

    /// The slot of `node`, claimed for it when `insert` and it has none yet.
    fn slot(&self, node: usize, insert: bool) -> Option<&Slot> {
        let key = node as u32 + 1;
        let h = (key.wrapping_mul(0x9e37_79b1) >> SHIFT) as usize;
        for i in 0..PROBES {
            let s = &self.slots[(h + i) % SLOTS];
            match s.key.load(Relaxed) {
                k if k == key => return Some(s),
                0 if insert => match s.key.compare_exchange(0, key, Relaxed, Relaxed) {
                    Ok(_) => return Some(s),
                    Err(k) if k == key => return Some(s),
                    Err(_) => {}
                },
                0 => return None,
                _ => {}
            }
        }
        None
    }

    /// Records one playout through `node` (`visits` so far): who owned the node's move point
    /// at the end (`None`: nobody), and whether Black won.
    #[inline]
    pub fn record(&self, node: usize, visits: u32, owner: Option<Color>, black_wins: bool) {
        if visits < self.start {
            return;
        }
        let Some(s) = self.slot(node, true) else {
            return;
        };
        let winner = if black_wins {
            Color::Black
        } else {
            Color::White
        };
        s.samples.fetch_add(1, Relaxed);
        s.winner_owns
            .fetch_add(u32::from(owner == Some(winner)), Relaxed);
        s.black_owns
            .fetch_add(u32::from(owner == Some(Color::Black)), Relaxed);
        s.black_wins.fetch_add(u32::from(black_wins), Relaxed);
    }

    /// The criticality of `node`'s move point, when it has enough visits and samples.
    pub fn of(&self, node: usize, visits: u32) -> Option<f32> {
        if visits < self.min {
            return None;
        }
        let s = self.slot(node, false)?;
        let n = s.samples.load(Relaxed);
        if n < MIN_SAMPLES {
            return None;
        }
        let n = n as f32;
        let winner = s.winner_owns.load(Relaxed) as f32 / n;
        let black = s.black_owns.load(Relaxed) as f32 / n;
        let wins = s.black_wins.load(Relaxed) as f32 / n;
        Some(winner - (2.0 * black * wins - black - wins + 1.0))
    }

    /// Adds `node`'s virtual AMAF wins (or losses) to its score inputs.
    #[inline]
    pub fn adjust(&self, node: usize, visits: u32, s: &mut Inputs) {
        if let Some(crit) = self.of(node, visits) {
            let k = (self.rave * crit.clamp(-MAX_CRIT, MAX_CRIT) * s.rave_n).max(-s.rave_wins);
            s.rave_n += k;
            s.rave_wins += k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(min: u32) -> Criticality {
        Criticality::new(&Params {
            crit_rave: 1.1,
            crit_min_visits: min,
            ..Params::default()
        })
    }

    /// Records 1,000 playouts through `node`, won by each colour in turn, in which the
    /// winner (`with_winner`) or the loser owns the node's point.
    fn alternate(t: &Criticality, node: usize, with_winner: bool) {
        for i in 0..1000 {
            let black = i % 2 == 0;
            let owner = if black == with_winner {
                Color::Black
            } else {
                Color::White
            };
            t.record(node, 1000, Some(owner), black);
        }
    }

    #[test]
    fn owning_and_winning_together_is_critical() {
        let t = table(1000);
        // Whoever wins owns the point: criticality 1 - (0.5 * 0.5 + 0.5 * 0.5) = 0.5.
        alternate(&t, 7, true);
        let c = t.of(7, 1000).unwrap();
        assert!((c - 0.5).abs() < 1e-4, "{c}");
        // Below the visits or the samples it needs, nothing.
        assert_eq!(t.of(7, 999), None);
        assert_eq!(t.of(8, 5000), None);
    }

    #[test]
    fn independent_ownership_is_not_critical() {
        let t = table(1000);
        // Black owns the point in half the playouts, whoever wins.
        for i in 0..1000 {
            let owner = if i % 4 < 2 {
                Color::Black
            } else {
                Color::White
            };
            t.record(3, 2000, Some(owner), i % 2 == 0);
        }
        assert!(t.of(3, 2000).unwrap().abs() < 1e-4);
    }

    #[test]
    fn the_adjustment_adds_wins_to_a_critical_move_and_takes_from_others() {
        let t = table(1000);
        alternate(&t, 1, true);
        // Owning is losing at node 2: a negative criticality.
        alternate(&t, 2, false);
        let base = Inputs {
            n: 1000.0,
            wins: 500.0,
            rave_n: 1000.0,
            rave_wins: 500.0,
            prior: 0.5,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        let (mut hot, mut cold) = (base, base);
        t.adjust(1, 1000, &mut hot);
        t.adjust(2, 1000, &mut cold);
        assert!(hot.rave_wins / hot.rave_n > 0.6, "{hot:?}");
        assert!(cold.rave_wins / cold.rave_n < 0.2, "{cold:?}");
        assert!(cold.rave_wins >= 0.0 && cold.rave_n > 0.0, "{cold:?}");
        // Below the threshold nothing changes.
        let mut young = base;
        t.adjust(1, 999, &mut young);
        assert_eq!(young, base);
    }

    #[test]
    fn off_keeps_no_table() {
        let t = Criticality::new(&Params::default());
        assert!(!t.is_on());
    }
}
