//! Choosing moves: the book, then the search within the clock's budget; the decision to
//! pass or resign; pondering; and the record of the last search that analysis and status
//! commands reuse.

use super::*;

/// Playouts the pass check runs at least under a playout limit.
const PASS_CHECK_MIN_PLAYOUTS: u64 = 200;

impl Engine {
    /// Chooses a move for `color` and plays it.
    pub fn genmove(&mut self, color: Color) -> GenMove {
        self.generate_with(color, GenMode::Play, None)
    }

    /// The move `genmove` would choose, without playing it.
    pub fn reg_genmove(&mut self, color: Color) -> GenMove {
        self.generate_with(color, GenMode::Regression, None)
    }

    /// The move the playout policy alone would choose for `color` here (no search, nothing
    /// played): for regression scripts that check the policy. Seeded by the position, so the
    /// same position gives the same answer.
    pub fn policy_move(&self, color: Color) -> Move {
        use rand::SeedableRng;
        let policy = crate::playout::heavy::Policy::new(
            &self.config.params.for_size(self.state.game.board().size()),
        );
        let mut board = self.state.game.board().clone();
        let (last, prev) = self.state.game.last_two_points();
        let seed = self.config.seed ^ board.hash();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        match policy.choose(&mut board, color, last, prev, &mut rng) {
            Some((p, _)) => Move::Play(p),
            None => Move::Pass,
        }
    }

    /// Like `genmove`, but never passes while enemy stones the search calls dead remain on
    /// the board, and never resigns (KGS cleanup phase).
    pub fn genmove_cleanup(&mut self, color: Color) -> GenMove {
        self.generate_with(color, GenMode::Cleanup, None)
    }

    /// Generates a move for `color` the way `mode` says, calling `progress` with snapshots of
    /// the search while it runs (for analysis output, progress lines and live graphics).
    pub fn generate_with(
        &mut self,
        color: Color,
        mode: GenMode,
        progress: Option<ProgressCallback>,
    ) -> GenMove {
        let start = Instant::now();
        let before = self.state.game.clone();
        let Decision {
            mut answer,
            reason,
            result,
        } = self.decide(color, mode, progress);
        if mode != GenMode::Regression {
            if let GenMove::Play(m) = answer
                && self.state.game.play(color, m).is_err()
            {
                // Cannot happen (the move was checked); a pass is always legal.
                let _ = self.state.game.play(color, Move::Pass);
                answer = GenMove::Play(Move::Pass);
            }
            self.state
                .clock
                .charge(color.index(), start.elapsed().as_secs_f64());
            self.note_own_move(color, answer);
        }
        self.last_move = Some(Explained {
            before,
            color,
            answer,
            reason,
            result,
        });
        answer
    }

    pub(super) fn decide(
        &mut self,
        color: Color,
        mode: GenMode,
        progress: Option<ProgressCallback>,
    ) -> Decision {
        if !decide::has_legal_move(&self.state.game, color) {
            self.log(format_args!("{color} has no move but pass"));
            return decision(GenMove::Play(Move::Pass), "no legal move but pass", None);
        }
        let cleanup = mode == GenMode::Cleanup;
        // Barred moves (analysis's avoid and allow): the search alone decides, among the
        // moves it may try; no book move, no early pass.
        let filtered = self.filtered();
        if !cleanup
            && !filtered
            && let Some(d) = self.book_decision(color)
        {
            return d;
        }
        let limits = self.move_limits(color);
        let (r, handicapped) = self.search_for_move(color, &limits, progress);
        let mut after_pass = None;
        if !cleanup
            && !filtered
            && decide::passing_wins(
                &self.state.game,
                color,
                Some(&r.ownership),
                &self.config.params,
            )
        {
            match self.pass_check(color, &limits) {
                None => {
                    return decision(
                        GenMove::Play(Move::Pass),
                        "the opponent passed and passing wins",
                        Some(r),
                    );
                }
                ownership => after_pass = ownership,
            }
        }
        if self.resigns(&r, !cleanup && !handicapped) {
            return decision(
                GenMove::Resign,
                "the win rate stayed below resign_threshold",
                Some(r),
            );
        }
        self.move_decision(color, r, cleanup, handicapped, after_pass)
    }

    /// The opening book's move for `color`, if the book has one here. The book's value stands
    /// in for a search, so analysis still shows the move.
    fn book_decision(&mut self, color: Color) -> Option<Decision> {
        let (m, winrate) = self.book_move(color)?;
        let r = SearchResult {
            best: m,
            winrate,
            candidates: vec![MoveStat::new(m, 1, winrate)],
            ownership: vec![0.0; self.state.game.board().len()],
            ..SearchResult::default()
        };
        Some(decision(
            GenMove::Play(m),
            "the opening book's move",
            Some(r),
        ))
    }

    /// The search for `color`'s move under dynamic komi, which it then updates; and whether
    /// komi stood against `color` (the game then looks worse than it is: no resigning on that).
    fn search_for_move(
        &mut self,
        color: Color,
        limits: &Limits,
        progress: Option<ProgressCallback>,
    ) -> (SearchResult, bool) {
        let params = &self.config.params;
        let offset = self.state.dynkomi.offset(&self.state.game, color, params);
        self.searcher.set_komi_offset(offset);
        self.searcher.set_engine(Some(color));
        let r = self.run_search(color, limits, progress);
        self.searcher.set_komi_offset(0.0);
        self.searcher.set_engine(None);
        let margin = decide::expected_margin(&self.state.game, color, &r.ownership);
        self.state
            .dynkomi
            .record(&self.state.game, r.winrate, margin, &self.config.params);
        let handicapped = match color {
            Color::Black => offset > 0.0,
            Color::White => offset < 0.0,
        };
        (r, handicapped)
    }

    /// The search's ownership comes from playouts in which we move first, so a group that
    /// lives only if we move first looks alive: a pass is checked with the opponent to move.
    /// `None` when the pass is safe; otherwise the check's ownership, for the move choice.
    fn pass_check(&mut self, color: Color, limits: &Limits) -> Option<Vec<f32>> {
        let check = self.search_after_pass(color, limits);
        if decide::pass_is_safe(
            &self.state.game,
            color,
            &check.ownership,
            &self.config.params,
        ) {
            self.log(format_args!("passing wins for {color}"));
            return None;
        }
        self.log(format_args!(
            "passing wins for {color} only if it moved next: playing on"
        ));
        Some(check.ownership)
    }

    /// Whether to resign after search `r`: only when the win rate stays low, not on one bad
    /// search, and only where resigning `may` happen at all (the count restarts otherwise).
    fn resigns(&mut self, r: &SearchResult, may: bool) -> bool {
        let params = &self.config.params;
        let hopeless =
            may && decide::should_resign(&self.state.game, r.winrate, r.playouts, params);
        self.state.low_streak = if hopeless {
            self.state.low_streak + 1
        } else {
            0
        };
        self.state.low_streak >= params.resign_moves
    }

    /// The move to play after search `r`: the most visited playable one. A pass that loses
    /// is refused (always while komi stands against `color`), and with `after_pass` (the pass
    /// check's ownership) as `choose_move` refuses any pass that loses.
    fn move_decision(
        &self,
        color: Color,
        r: SearchResult,
        cleanup: bool,
        handicapped: bool,
        after_pass: Option<Vec<f32>>,
    ) -> Decision {
        let params = &self.config.params;
        let pass_guard = if handicapped {
            0.0
        } else {
            params.pass_guard_winrate
        };
        let m = match after_pass {
            Some(ownership) => {
                let guard = SearchResult {
                    ownership,
                    ..r.clone()
                };
                decide::choose_move(&self.state.game, color, &guard, cleanup, pass_guard, params)
            }
            None => decide::choose_move(&self.state.game, color, &r, cleanup, pass_guard, params),
        };
        let reason = match (m == r.best, cleanup) {
            (true, _) => "the most visited move",
            (false, true) => "cleanup: dead enemy stones remain, so no pass",
            (false, false) => "the most visited playable move (the best one was refused)",
        };
        decision(GenMove::Play(m), reason, Some(r))
    }

    /// Thinks on the opponent's time (with `--ponder`) until the stop flag is set, which the
    /// GTP front end does as soon as input arrives; the caller clears the flag before. The
    /// tree is kept, so the next `genmove` goes on from the opponent's actual move. Does
    /// nothing when pondering is off or the game is over; returns the playouts run.
    pub fn ponder(&mut self) -> u64 {
        if !self.config.ponder || self.state.game.is_over() {
            return 0;
        }
        let to_play = self.state.game.to_play();
        let limits = Limits {
            time: Some(Duration::from_secs(PONDER_MAX_SECONDS)),
            ..Limits::default()
        };
        // The komi of our next search, so that it can keep the tree.
        let offset =
            self.state
                .dynkomi
                .offset(&self.state.game, to_play.opp(), &self.config.params);
        self.searcher.set_komi_offset(offset);
        self.searcher.set_engine(Some(to_play.opp()));
        let r = self
            .searcher
            .search(&self.state.game, to_play, &limits, &self.stop);
        self.searcher.set_komi_offset(0.0);
        self.searcher.set_engine(None);
        self.log(format_args!(
            "pondered {} playouts in {:.2}s",
            r.playouts,
            r.elapsed.as_secs_f64()
        ));
        r.playouts
    }

    /// Whether pondering is on.
    pub fn pondering(&self) -> bool {
        self.config.ponder
    }

    /// The opening book's move for `color` here, if the position is an interior node of the
    /// book for this size, komi and rules (legal in this game, superko included) and fewer
    /// than `book_max_moves` moves have been played, for a colour the book answers for
    /// (`book_black`, `book_white`); moves within `book_margin` of the best are drawn at
    /// random, after `book_deep_margin` has put the most-followed lines first.
    pub fn book_move(&mut self, color: Color) -> Option<(Move, f32)> {
        use rand::{Rng, SeedableRng};
        let params = &self.config.params.for_size(self.state.game.board().size());
        let answers = match color {
            Color::Black => params.book_black,
            Color::White => params.book_white,
        };
        if !answers || self.state.game.moves().len() >= params.book_max_moves as usize {
            return None;
        }
        self.state.book_draws += 1;
        let seed = self.config.seed
            ^ self.state.game.board().hash()
            ^ self.state.book_draws.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let book = self.config.books.for_game(&self.state.game)?;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let pro = crate::book::pro_moves(self.state.game.board(), color, params);
        let keep = |m: Move| crate::book::allowed(&pro, m);
        let pick = |n| rng.gen_range(0..n);
        let margins = (params.book_margin, params.book_deep_margin);
        let Some(c) = book.choose_among(&self.state.game, color, margins, keep, pick) else {
            if pro.is_some() && !book.moves(&self.state.game, color).is_empty() {
                self.log(format_args!(
                    "book {color}: no book move that professionals play here"
                ));
            }
            return None;
        };
        let winrate = (c.value + 1.0) / 2.0;
        self.log(format_args!(
            "book {color}: {} value {winrate:.3}",
            self.state.game.board().move_string(c.mv),
        ));
        Some((c.mv, winrate))
    }

    /// The limits of the next move of `color`: configured playouts and time per move, and the
    /// clock's budget (with its stretch for unstable moves); the default move time when
    /// nothing else limits the search.
    pub fn move_limits(&self, color: Color) -> Limits {
        let empty = self.state.game.board().empty_points().count() as usize;
        let budget = self
            .state
            .clock
            .budget(color.index(), empty, &self.config.params);
        let (mut time, mut max) = match (self.config.time_per_move, budget) {
            (Some(t), Some(b)) => (Some(t.min(b.target)), Some(t.min(b.max))),
            (Some(t), None) => (Some(t), Some(t)),
            (None, Some(b)) => (Some(b.target), Some(b.max)),
            (None, None) => (None, None),
        };
        if time.is_none() && self.config.playouts.is_none() {
            time = Some(f64::from(self.config.params.default_move_time));
            max = time;
        }
        Limits {
            playouts: self.config.playouts,
            time: time.map(seconds),
            max_time: max.map(seconds),
        }
    }

    pub(super) fn position_key(&self) -> (usize, u64, u32) {
        (
            self.state.game.size(),
            self.state.game.board().hash(),
            self.state.game.komi().to_bits(),
        )
    }

    pub(super) fn run_search(
        &mut self,
        color: Color,
        limits: &Limits,
        progress: Option<ProgressCallback>,
    ) -> SearchResult {
        self.stop.store(false, Ordering::Relaxed);
        let r = self
            .searcher
            .search_with(&self.state.game, color, limits, &self.stop, progress);
        self.record(color, &r);
        r
    }

    /// A short search of the current position with the opponent of `color` to move, as if
    /// `color` had passed but the game went on: its ownership shows which of our groups live
    /// only if we move first. A quarter of the move's budget; not kept for analysis.
    fn search_after_pass(&mut self, color: Color, limits: &Limits) -> SearchResult {
        let quarter = Limits {
            playouts: limits
                .playouts
                .map(|n| (n / 4).max(PASS_CHECK_MIN_PLAYOUTS)),
            time: limits.time.map(|t| t / 4),
            max_time: limits.time.map(|t| t / 4),
        };
        self.stop.store(false, Ordering::Relaxed);
        let r = self
            .searcher
            .search(&self.state.game, color.opp(), &quarter, &self.stop);
        self.search_time += r.elapsed;
        self.log(format_args!(
            "pass check, {} to move: winrate {:.3} playouts {} in {:.2}s",
            color.opp(),
            r.winrate,
            r.playouts,
            r.elapsed.as_secs_f64()
        ));
        r
    }

    /// Bookkeeping after a search: statistics, the log line, the ownership kept.
    pub(super) fn record(&mut self, color: Color, r: &SearchResult) {
        self.search_time += r.elapsed;
        if self.state.verbose {
            let b = self.state.game.board();
            let top: Vec<String> = r
                .candidates
                .iter()
                .take(4)
                .map(|m| {
                    format!(
                        "{} {} {:.3} h {:.2}",
                        b.move_string(m.mv),
                        m.visits,
                        m.winrate,
                        m.prior
                    )
                })
                .collect();
            let offset = self.searcher.komi_offset();
            let dynkomi = if offset == 0.0 {
                String::new()
            } else {
                format!(" (dynamic komi {offset:+.1})")
            };
            self.log(format_args!(
                "search {color}: {} winrate {:.3}{dynkomi} playouts {} (kept {}, nodes {}) in {:.2}s; {}",
                b.move_string(r.best),
                r.winrate,
                r.playouts,
                r.kept,
                r.tree_nodes,
                r.elapsed.as_secs_f64(),
                top.join(", ")
            ));
            if r.peer_playouts > 0 {
                let t = &r.trades;
                self.log(format_args!(
                    "cluster trades {}: nodes sent {}, changes missed {}",
                    t.trades, t.nodes, t.missed
                ));
            }
        }
        self.last = Some(LastSearch {
            key: self.position_key(),
            to_play: color,
            result: r.clone(),
        });
    }

    pub(super) fn log(&self, args: std::fmt::Arguments) {
        if self.state.verbose {
            // Through the queue: a controller that never reads stderr must not stop the game.
            crate::diag!("moyo: {args}");
        }
    }
}

/// A decision: the answer, why, and the search behind it.
fn decision(answer: GenMove, reason: &'static str, result: Option<SearchResult>) -> Decision {
    Decision {
        answer,
        reason,
        result,
    }
}
