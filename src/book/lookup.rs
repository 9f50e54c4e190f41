//! Looking positions up: the book's moves in a game's position (mapped back through the
//! symmetry, legal moves only), the move the engine plays, and the line of moves that leads
//! to a node.

use super::graph::{Book, BookChoice};
use crate::board::{Color, Game, Move, Symmetry, canonical, from_book};

impl Book {
    /// The moves of the book for `color` in `game`'s position, best first: one per arc of
    /// the position's node when it is interior, mapped back through the symmetry, each
    /// with its propagated value; moves illegal in this game (superko) are left out.
    /// Empty when the rules differ or the position is not an interior node.
    pub fn moves(&self, game: &Game, color: Color) -> Vec<BookChoice> {
        self.moves_to(game, color)
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    }

    /// `moves`, each with the node it leads to.
    fn moves_to(&self, game: &Game, color: Color) -> Vec<(BookChoice, u32)> {
        if !self.rules.matches(game) {
            return Vec::new();
        }
        let board = game.board();
        let (key, sym) = canonical(board, color);
        let Some(i) = self.find(key) else {
            return Vec::new();
        };
        let node = &self.nodes[i as usize];
        if !node.is_interior() || node.to_move != color {
            return Vec::new();
        }
        let mut out: Vec<(BookChoice, u32)> = node
            .edges
            .iter()
            .map(|e| {
                let c = BookChoice {
                    mv: from_book(board, sym, e.mv),
                    value: -self.nodes[e.child as usize].p,
                };
                (c, e.child)
            })
            .filter(|(c, _)| game.legality(color, c.mv).is_ok())
            .collect();
        out.sort_by(|a, b| b.0.value.total_cmp(&a.0.value));
        out
    }

    /// How many positions of the book are reachable from node `n`, itself included: how
    /// far the book has followed the replies to the move that leads there.
    pub fn reach(&self, n: u32) -> usize {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![n];
        let mut count = 0;
        while let Some(x) = stack.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            count += 1;
            stack.extend(self.nodes[x as usize].edges.iter().map(|e| e.child));
        }
        count
    }

    /// The book's move for `color` in `game`: the best one, or with `margin` > 0 (in win
    /// rate) one drawn by `pick` among those within `margin` of the best. `pick(n)` returns
    /// an index below `n`.
    pub fn choose(
        &self,
        game: &Game,
        color: Color,
        margin: f32,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<BookChoice> {
        self.choose_among(game, color, (margin, 0.0), |_| true, pick)
    }

    /// `choose` among the book moves `keep` accepts (`None` when it accepts none), with
    /// `margins` = (`margin`, `deep`): where `deep` > 0 (in win rate), the moves within
    /// `deep` of the best come first, the one with the most book beneath it ([`Book::reach`])
    /// in front, and the draw of `margin` is among the first of that order.
    pub fn choose_among(
        &self,
        game: &Game,
        color: Color,
        (margin, deep): (f32, f32),
        keep: impl Fn(Move) -> bool,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<BookChoice> {
        let mut found = self.moves_to(game, color);
        found.retain(|(c, _)| keep(c.mv));
        let best = found.first()?.0.value;
        if deep > 0.0 {
            let window = found
                .iter()
                .take_while(|(c, _)| c.value >= best - 2.0 * deep)
                .count();
            found[..window].sort_by_cached_key(|&(_, n)| std::cmp::Reverse(self.reach(n)));
        }
        let near = found
            .iter()
            .take_while(|(c, _)| c.value >= best - 2.0 * margin)
            .count();
        let k = if near > 1 {
            pick(near).min(near - 1)
        } else {
            0
        };
        Some(found[k].0)
    }

    /// The game of node `n` along its shortest path from the start position, and the
    /// symmetry from that game's board to the stored orientation.
    pub fn line(&self, n: u32) -> Result<(Game, Symmetry), String> {
        let mut chain = Vec::new();
        let mut x = n;
        while let Some((p, mv)) = self.nodes[x as usize].parent {
            chain.push((p, mv));
            x = p;
        }
        if x != 0 {
            return Err(format!("position {n} is not reachable from the start"));
        }
        let mut game = self.rules.new_game();
        let (k0, mut sym) = canonical(game.board(), Color::Black);
        if k0 != self.nodes[0].key {
            return Err("the start position is not the empty board".into());
        }
        for &(p, mv) in chain.iter().rev() {
            let c = self.nodes[p as usize].to_move;
            let m = from_book(game.board(), sym, mv);
            game.play(c, m)
                .map_err(|e| format!("book line to position {n}: {e}"))?;
            sym = canonical(game.board(), c.opp()).1;
        }
        if canonical(game.board(), game.to_play()).0 != self.nodes[n as usize].key {
            return Err(format!("book line to position {n} leads elsewhere"));
        }
        Ok((game, sym))
    }

    /// Whether `color` playing `mv` in `game` leads to one of the book's children of the
    /// position (`None` when the position is not an interior node of the book for `color`
    /// under the game's rules, or `mv` is illegal).
    pub fn foresees(&self, game: &Game, color: Color, mv: Move) -> Option<bool> {
        if !self.rules.matches(game) {
            return None;
        }
        let i = self.find(canonical(game.board(), color).0)?;
        let node = &self.nodes[i as usize];
        if !node.is_interior() || node.to_move != color {
            return None;
        }
        let mut g = game.clone();
        g.play(color, mv).ok()?;
        let child = self.find(canonical(g.board(), color.opp()).0);
        Some(child.is_some_and(|c| node.edges.iter().any(|e| e.child == c)))
    }
}
