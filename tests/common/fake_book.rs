//! A small 9x9 opening book built without a search, for the book's integration tests.

#![allow(dead_code)]

use moyo::board::{Color, Game, Move, Scoring};
use moyo::book::{self, BookRules, BuildInfo, Builder, Evaluation, Evaluator, PlayerMode, Shape};

/// Values and move orders from a hash of the position: no search.
pub struct Fake;

impl Evaluator for Fake {
    fn evaluate(&mut self, game: &Game, to_play: Color) -> Option<Evaluation> {
        let (key, _) = book::canonical(game.board(), to_play);
        let moves: Vec<Move> = game
            .board()
            .points()
            .map(Move::Play)
            .filter(|&m| game.legality(to_play, m).is_ok())
            .collect();
        let value = ((key >> 40) as f32 / (1u64 << 24) as f32) - 0.5;
        Some(Evaluation { value, moves })
    }
}

/// A small 9x9 book built by the fake evaluator (its build settings name that evaluator).
pub fn small_build() -> Builder {
    let rules = BookRules {
        size: 9,
        komi: 7.0,
        scoring: Scoring::Area,
    };
    let info = BuildInfo {
        width: 4,
        widen_every: 0,
        player: PlayerMode::Alternate,
        ..BuildInfo::default()
    };
    let mut b = Builder::create(rules, Shape::default(), info, None, &mut Fake).unwrap();
    let mut ev: Vec<Box<dyn Evaluator>> = vec![Box::new(Fake)];
    for _ in 0..10 {
        b.step(&mut ev).unwrap();
    }
    b
}

pub fn small_book() -> book::Book {
    small_build().book
}
