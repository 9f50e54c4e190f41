//! The search tree: nodes in one arena, children stored contiguously.

use crate::board::{Move, Point};

/// Marks "no point" in `Node::mv` (the pass move and the root).
pub const PASS: u16 = u16::MAX;

/// One move of the tree with its online and AMAF statistics.
#[derive(Clone, Debug)]
pub struct Node {
    /// The point played to reach this node, or `PASS`.
    pub mv: u16,
    /// Number of children (0 until expanded).
    pub n_children: u16,
    /// Index of the first child in the arena.
    pub first_child: u32,
    /// Playouts through this node.
    pub visits: u32,
    /// Wins of the player who made `mv`, over `visits`.
    pub wins: f32,
    /// AMAF playouts in which `mv` was played first by the same player.
    pub rave_visits: u32,
    /// Wins among those.
    pub rave_wins: f32,
}

impl Node {
    /// A fresh node for the move `mv`.
    pub fn new(mv: u16) -> Node {
        Node {
            mv,
            n_children: 0,
            first_child: 0,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
        }
    }

    /// The move as a board move.
    #[inline]
    pub fn board_move(&self) -> Move {
        if self.mv == PASS {
            Move::Pass
        } else {
            Move::Play(Point(self.mv))
        }
    }

    /// Online win rate with one virtual draw, so unvisited nodes read 0.5; a pass starts
    /// from one virtual loss instead, so a young search does not fall for it.
    #[inline]
    pub fn value(&self) -> f32 {
        let prior = if self.mv == PASS { 0.0 } else { 0.5 };
        (self.wins + prior) / (self.visits as f32 + 1.0)
    }

    /// AMAF win rate with one virtual draw.
    #[inline]
    pub fn rave_value(&self) -> f32 {
        (self.rave_wins + 0.5) / (self.rave_visits as f32 + 1.0)
    }
}

/// The arena of one search.
#[derive(Default)]
pub struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    /// Empties the tree and makes a root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(PASS));
    }

    /// The range of `n`'s children in the arena.
    #[inline]
    pub fn children(&self, n: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[n];
        let s = node.first_child as usize;
        s..s + node.n_children as usize
    }

    /// Appends children for `moves` under `n`; returns false when `max_nodes` would be passed.
    pub fn expand(&mut self, n: usize, moves: &[u16], max_nodes: usize) -> bool {
        if self.nodes.len() + moves.len() > max_nodes || moves.is_empty() {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().map(|&m| Node::new(m)));
        let node = &mut self.nodes[n];
        node.first_child = first;
        node.n_children = moves.len() as u16;
        true
    }
}
