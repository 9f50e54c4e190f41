//! The book graph: one node per canonical position, arcs are moves, transpositions merge.
//! Each node keeps its heuristic value `h` (from the evaluator) and, derived from the graph
//! by [`Book::refresh`], its propagated value `p`, Lincke's expansion priorities and its
//! depth.
//!
//! Values are in [-1, 1] for the side to move (a win rate w is 2w - 1), so propagation is
//! plain negamax: `p_i = max_j(-p_sj)`, and the distance of move j from the best move is
//! `p_i - (-p_sj) = p_i + p_sj >= 0` (Lincke's figures use max-propagation and write
//! `p_i - p_sj`; Fuego's SgBookBuilder notes the same sign).

use crate::board::{BookMove, Color, Game, Move, Scoring, canonical};
use std::collections::HashMap;

/// How far a game's komi may be from a book's, in points of area komi, for the book to
/// answer: a book built at komi 7 answers at 6.5, 7 and 7.5 ([experiment](docs/experiments/book.md)).
pub const BOOK_KOMI_MARGIN: f32 = 0.5;

/// What a book was built for: a game is answered when the size is the same and the komi
/// within [`BOOK_KOMI_MARGIN`] (see [`BookRules::matches`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookRules {
    /// Board size.
    pub size: usize,
    /// The komi of the book's evaluations.
    pub komi: f32,
    /// The scoring of the book's evaluations.
    pub scoring: Scoring,
}

impl BookRules {
    /// Whether the book answers `game`: the same size, and komi as area komi within
    /// [`BOOK_KOMI_MARGIN`] of the book's. A territory komi counts as half a point more of
    /// area komi: a game's area margin is its territory margin or one more (Black's extra
    /// stone), so Japanese 6.5 sits between area 6.5 and 7.5.
    pub fn matches(&self, game: &Game) -> bool {
        self.size == game.size()
            && (area_komi(game.komi(), game.scoring()) - self.area_komi()).abs() <= BOOK_KOMI_MARGIN
    }

    /// The book's komi as area komi (see [`BookRules::matches`]).
    fn area_komi(&self) -> f32 {
        area_komi(self.komi, self.scoring)
    }

    /// A new game under these rules (the empty board, Black to move).
    pub fn new_game(&self) -> Game {
        let mut g = Game::new(self.size, self.komi);
        g.set_scoring(self.scoring);
        g
    }
}

/// `komi` under `scoring` as the area komi it plays like.
fn area_komi(komi: f32, scoring: Scoring) -> f32 {
    match scoring {
        Scoring::Area => komi,
        Scoring::Territory => komi + 0.5,
    }
}

impl std::fmt::Display for BookRules {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let s = match self.scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        };
        write!(
            f,
            "{}x{} komi {} {} scoring",
            self.size, self.size, self.komi, s
        )
    }
}

/// An arc: a move (in the parent's stored orientation) and the node it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub mv: BookMove,
    pub child: u32,
}

/// One position of the book.
#[derive(Clone, Debug)]
pub struct BookNode {
    /// Canonical key (position, side to move, ko ban).
    pub key: u64,
    pub to_move: Color,
    /// Heuristic value for the side to move, in [-1, 1].
    pub h: f32,
    /// The evaluator that gave `h`: an index into the build's `evaluators`.
    pub eval: u16,
    /// Whether the node has been expanded (interior); leaves have `expanded == false`.
    pub expanded: bool,
    /// Times the builder's selection passed through this interior node (for widening).
    pub visits: u32,
    /// Every legal move (up to symmetry) is a child: nothing left to widen with.
    pub full: bool,
    pub edges: Vec<Edge>,
    /// A deeper search's value of the position (a re-check), if one was run.
    pub check: Option<Check>,
    /// Propagated value: for leaves `h` (the check's value when there is one), for interior
    /// nodes the negamax of the children, unless the check disagrees with it by more than
    /// the shape's `check_margin`: then the check's value.
    pub p: f32,
    /// The negamax of the children (`p` for leaves): what the gaps of the moves here are
    /// measured from.
    pub negamax: f32,
    /// Lincke's Eq. (1): priority when the book player is to move here.
    pub epb: f32,
    /// Lincke's Eq. (2): priority when the opponent is to move here.
    pub epo: f32,
    /// Priority with no fixed book player (both sides may play sub-optimal moves).
    pub epn: f32,
    /// Shortest distance from the root in moves.
    pub depth: u32,
    /// The node and move that reach this one on a shortest path from the root.
    pub parent: Option<(u32, BookMove)>,
}

impl BookNode {
    /// Takes a leaf's values: its own (checked, else searched) value, no expansion priority.
    fn be_leaf(&mut self) {
        self.p = self.check.map_or(self.h, |c| c.value);
        self.negamax = self.p;
        self.epb = 0.0;
        self.epo = 0.0;
        self.epn = 0.0;
    }

    /// A new leaf.
    pub fn leaf(key: u64, to_move: Color, h: f32) -> BookNode {
        BookNode {
            key,
            to_move,
            h,
            eval: 0,
            check: None,
            expanded: false,
            visits: 0,
            full: false,
            edges: Vec::new(),
            p: h,
            negamax: h,
            epb: 0.0,
            epo: 0.0,
            epn: 0.0,
            depth: u32::MAX,
            parent: None,
        }
    }

    /// Interior node with children (a node expanded into no legal move is terminal).
    pub fn is_interior(&self) -> bool {
        self.expanded && !self.edges.is_empty()
    }

    /// Whether a deeper check of this interior node disagrees with the negamax of its
    /// children (then `p` is the check's value).
    pub fn disputed(&self) -> bool {
        self.is_interior() && self.check.is_some() && self.p != self.negamax
    }
}

/// The value of a deeper search of a position than the book's evaluations (a re-check).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Check {
    /// Value for the side to move, in [-1, 1].
    pub value: f32,
    /// The evaluator that ran the search: an index into the build's `evaluators`.
    pub eval: u16,
}

/// How priorities are computed: Lincke's omega and the fractional-depth option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Weight of a move's value gap in depth units (0: full breadth; infinity: best-first).
    pub omega: f32,
    /// Fractional depth: the depth increment of a node is in [0.01, 1], small when its best
    /// move is far ahead of the second best (Lincke 3.4).
    pub fractional: bool,
    /// With `fractional`: a gap of this much (or more) between the best and second-best
    /// values gives the smallest increment, 0.01; no gap gives 1.
    pub frac_gap: f32,
    /// A deeper check of an interior node that disagrees with the negamax of its children by
    /// more than this (in win rate) replaces it as the node's value.
    pub check_margin: f32,
}

impl Default for Shape {
    fn default() -> Self {
        Shape {
            omega: 20.0,
            fractional: false,
            frac_gap: 0.2,
            check_margin: 0.05,
        }
    }
}

impl Shape {
    /// `omega * gap`, with no penalty for optimal moves even when omega is infinite.
    pub fn penalty(&self, gap: f32) -> f32 {
        if gap <= 0.0 { 0.0 } else { self.omega * gap }
    }

    /// The depth increment of a node whose best and second-best move values differ by
    /// `gap` (`None`: one move only).
    pub fn increment(&self, gap: Option<f32>) -> f32 {
        if !self.fractional {
            return 1.0;
        }
        match gap {
            None => 0.01,
            Some(g) => (1.0 - g / self.frac_gap.max(1e-6)).clamp(0.01, 1.0),
        }
    }
}

/// Who the expansion assumes plays only optimal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookPlayer {
    Black,
    White,
    /// No fixed book player: both sides may play sub-optimal moves (Fuego's variant).
    Nobody,
}

/// One node in [`Book::fingerprint`]: key, White to move, `h` bits, expanded, and the
/// children's keys with their moves.
pub type Fingerprint = (u64, bool, u32, bool, Vec<(u64, BookMove)>);

/// An opening book: the graph, its rules and the index from keys to nodes. Node 0 is the
/// start position.
#[derive(Clone, Debug)]
pub struct Book {
    pub rules: BookRules,
    pub shape: Shape,
    pub nodes: Vec<BookNode>,
    index: HashMap<u64, u32>,
}

/// A move the book offers in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookChoice {
    pub mv: Move,
    /// The move's propagated value for the side to move, in [-1, 1].
    pub value: f32,
}

impl Book {
    /// A book holding only its start position (the empty board, Black to move).
    pub fn new(rules: BookRules, shape: Shape, root_h: f32) -> Book {
        let game = Game::new(rules.size, rules.komi);
        let (key, _) = canonical(game.board(), Color::Black);
        let mut b = Book {
            rules,
            shape,
            nodes: Vec::new(),
            index: HashMap::new(),
        };
        b.add_node(BookNode::leaf(key, Color::Black, root_h));
        b.refresh();
        b
    }

    /// A book from its parts (loading); refuses duplicate keys and arcs to missing nodes.
    pub fn from_nodes(
        rules: BookRules,
        shape: Shape,
        nodes: Vec<BookNode>,
    ) -> Result<Book, String> {
        if nodes.is_empty() {
            return Err("no start position".into());
        }
        let mut index = HashMap::with_capacity(nodes.len());
        let n = nodes.len();
        for (i, node) in nodes.iter().enumerate() {
            if index.insert(node.key, i as u32).is_some() {
                return Err(format!("position {i} stored twice"));
            }
            let points = rules.size * rules.size;
            for e in &node.edges {
                if e.child as usize >= n || e.mv as usize >= points {
                    return Err(format!("position {i} has a bad move or child"));
                }
            }
        }
        let mut b = Book {
            rules,
            shape,
            nodes,
            index,
        };
        b.refresh();
        Ok(b)
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the book holds nothing (never: the start position is always there).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node of a canonical key.
    pub fn find(&self, key: u64) -> Option<u32> {
        self.index.get(&key).copied()
    }

    /// Adds a node (its key must be new) and returns its index.
    pub fn add_node(&mut self, node: BookNode) -> u32 {
        let i = self.nodes.len() as u32;
        let old = self.index.insert(node.key, i);
        debug_assert!(old.is_none(), "key added twice");
        self.nodes.push(node);
        i
    }

    /// Adds the arc `parent --mv--> child` unless the parent already has an arc to `child`.
    pub fn add_edge(&mut self, parent: u32, mv: BookMove, child: u32) -> bool {
        let edges = &mut self.nodes[parent as usize].edges;
        if edges.iter().any(|e| e.child == child) {
            return false;
        }
        edges.push(Edge { mv, child });
        true
    }

    /// The start position's propagated value for Black.
    pub fn root_value(&self) -> f32 {
        self.nodes[0].p
    }

    /// Recomputes every derived field from the leaves' `h` and the arcs: depths and
    /// shortest-path parents (breadth-first from the root), then in one post-order pass
    /// the propagated values and the priorities. An arc that closes a cycle (a repeated
    /// position: only possible through captures) is ignored.
    pub fn refresh(&mut self) {
        self.depths();
        let n = self.nodes.len();
        // 0 = not seen, 1 = on the stack, 2 = done.
        let mut state = vec![0u8; n];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        state[0] = 1;
        while let Some(&mut (i, ref mut next)) = stack.last_mut() {
            let node = &self.nodes[i as usize];
            if node.expanded && *next < node.edges.len() {
                let c = node.edges[*next].child as usize;
                *next += 1;
                if state[c] == 0 {
                    state[c] = 1;
                    stack.push((c as u32, 0));
                }
                continue;
            }
            stack.pop();
            self.compute(i as usize, &state);
            state[i as usize] = 2;
        }
        // Unreachable nodes (none in a book built from its root) keep leaf values.
        for (i, s) in state.iter().enumerate() {
            if *s == 0 {
                self.nodes[i].be_leaf();
            }
        }
    }

    fn depths(&mut self) {
        for nd in &mut self.nodes {
            nd.depth = u32::MAX;
            nd.parent = None;
        }
        let mut queue = std::collections::VecDeque::new();
        self.nodes[0].depth = 0;
        queue.push_back(0u32);
        while let Some(i) = queue.pop_front() {
            let d = self.nodes[i as usize].depth;
            for k in 0..self.nodes[i as usize].edges.len() {
                let e = self.nodes[i as usize].edges[k];
                let c = &mut self.nodes[e.child as usize];
                if c.depth == u32::MAX {
                    c.depth = d + 1;
                    c.parent = Some((i, e.mv));
                    queue.push_back(e.child);
                }
            }
        }
    }

    /// Eq. (1) and (2) (and the no-book-player variant) at node `i`, its finished children
    /// already computed.
    fn compute(&mut self, i: usize, state: &[u8]) {
        let shape = self.shape;
        let node = &self.nodes[i];
        let done = |e: &Edge| state[e.child as usize] == 2;
        if !node.expanded {
            self.nodes[i].be_leaf();
            return;
        }
        let mut best = f32::NEG_INFINITY;
        let mut second = f32::NEG_INFINITY;
        let mut count = 0;
        for e in node.edges.iter().filter(|e| done(e)) {
            let v = -self.nodes[e.child as usize].p;
            count += 1;
            if v > best {
                second = best;
                best = v;
            } else if v > second {
                second = v;
            }
        }
        if count == 0 {
            // Terminal (expanded into no move) or only cycle arcs: nothing to expand here.
            let nd = &mut self.nodes[i];
            nd.p = nd.check.map_or(nd.h, |c| c.value);
            nd.negamax = nd.p;
            nd.epb = f32::INFINITY;
            nd.epo = f32::INFINITY;
            nd.epn = f32::INFINITY;
            return;
        }
        let inc = shape.increment((count > 1).then_some(best - second));
        let (mut epb, mut epo, mut epn) = (f32::INFINITY, f32::INFINITY, f32::INFINITY);
        for e in node.edges.iter().filter(|e| done(e)) {
            let c = &self.nodes[e.child as usize];
            let gap = best + c.p;
            if -c.p >= best {
                epb = epb.min(c.epo);
            }
            epo = epo.min(c.epb + shape.penalty(gap));
            epn = epn.min(c.epn + shape.penalty(gap));
        }
        let nd = &mut self.nodes[i];
        nd.negamax = best;
        nd.p = match nd.check {
            Some(c) if (c.value - best).abs() > 2.0 * shape.check_margin => c.value,
            _ => best,
        };
        nd.epb = inc + epb;
        nd.epo = inc + epo;
        nd.epn = inc + epn;
    }

    /// The priority of node `i` when `player` is the book player.
    pub fn priority(&self, i: u32, player: BookPlayer) -> f32 {
        let n = &self.nodes[i as usize];
        match player {
            BookPlayer::Nobody => n.epn,
            BookPlayer::Black | BookPlayer::White => {
                if (player == BookPlayer::Black) == (n.to_move == Color::Black) {
                    n.epb
                } else {
                    n.epo
                }
            }
        }
    }

    /// The child to follow from interior node `i` by minimum priority (Lincke 3.3): where
    /// the book player moves, among the optimal moves the one with the smallest `epo`;
    /// elsewhere the smallest `epb + omega * gap` (`epn` for both with no book player).
    /// Ties go to the earlier arc. `None` when nothing below `i` can be expanded.
    pub fn select_child(&self, i: u32, player: BookPlayer) -> Option<Edge> {
        let node = &self.nodes[i as usize];
        let mut best: Option<(f32, Edge)> = None;
        for e in &node.edges {
            let c = &self.nodes[e.child as usize];
            let gap = node.negamax + c.p;
            let pri = match player {
                BookPlayer::Nobody => c.epn + self.shape.penalty(gap),
                _ => {
                    let book_moves =
                        (player == BookPlayer::Black) == (node.to_move == Color::Black);
                    if book_moves {
                        if gap > 0.0 {
                            continue;
                        }
                        c.epo
                    } else {
                        c.epb + self.shape.penalty(gap)
                    }
                }
            };
            if pri.is_finite() && best.is_none_or(|(b, _)| pri < b) {
                best = Some((pri, *e));
            }
        }
        best.map(|(_, e)| e)
    }

    /// A comparable summary of the graph independent of node numbering: per node its key,
    /// side to move, `h`, whether it is expanded, and its children's keys with moves.
    pub fn fingerprint(&self) -> Vec<Fingerprint> {
        let mut v: Vec<_> = self
            .nodes
            .iter()
            .map(|n| {
                let mut ch: Vec<(u64, BookMove)> = n
                    .edges
                    .iter()
                    .map(|e| (self.nodes[e.child as usize].key, e.mv))
                    .collect();
                ch.sort_unstable();
                (
                    n.key,
                    n.to_move == Color::White,
                    n.h.to_bits(),
                    n.expanded,
                    ch,
                )
            })
            .collect();
        v.sort_unstable_by_key(|x| x.0);
        v
    }
}

/// The books an engine carries, at most one per (size, komi, rules).
#[derive(Clone, Default)]
pub struct Library {
    books: Vec<std::sync::Arc<Book>>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let v: Vec<String> = self
            .books
            .iter()
            .map(|b| format!("{} ({} positions)", b.rules, b.len()))
            .collect();
        f.debug_tuple("Library").field(&v).finish()
    }
}

impl Library {
    /// Adds a book, replacing one with the same rules.
    pub fn add(&mut self, book: Book) {
        self.books.retain(|b| b.rules != book.rules);
        self.books.push(std::sync::Arc::new(book));
    }

    /// The book that answers `game` (see [`BookRules::matches`]); of several, the one whose
    /// komi is nearest.
    pub fn for_game(&self, game: &Game) -> Option<&Book> {
        let distance =
            |b: &Book| (area_komi(game.komi(), game.scoring()) - b.rules.area_komi()).abs();
        self.books
            .iter()
            .filter(|b| b.rules.matches(game))
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
            .map(|b| &**b)
    }

    /// The books held.
    pub fn books(&self) -> impl Iterator<Item = &Book> {
        self.books.iter().map(|b| &**b)
    }

    /// Whether no book is held.
    pub fn is_empty(&self) -> bool {
        self.books.is_empty()
    }
}
