//! The book's commands that read games, seen from outside: `book stats --games` (book moves
//! per game and the opponents' hit rate), `book count` of a folder, `book predict`.

mod common;
mod gtp_support;

use common::fake_book::small_build;
use gtp_support::{run_with_stderr, temp_dir};
use moyo::board::{Color, Game, Move};
use moyo::book::{self, Book, GameUse};
use moyo::sgf::GameRecord;
use std::path::PathBuf;

/// Two games of moyo (Black) against "Opp" in `book`: the book's best move, an answer the
/// book has (or, in the second game, one it has not), the book's move again (or the first
/// legal move), then the first legal move.
fn games(book: &Book) -> Vec<GameRecord> {
    let any = |g: &Game, c: Color| {
        g.board()
            .points()
            .map(Move::Play)
            .find(|&m| g.legality(c, m).is_ok())
            .unwrap()
    };
    (0..2)
        .map(|k| {
            let mut g = book.rules.new_game();
            let best = |g: &Game| book.choose(g, Color::Black, 0.0, |_| 0).map(|c| c.mv);
            g.play(Color::Black, best(&g).unwrap()).unwrap();
            let answer = if k == 0 {
                book.moves(&g, Color::White).last().unwrap().mv
            } else {
                g.board()
                    .points()
                    .map(Move::Play)
                    .find(|&m| book.foresees(&g, Color::White, m) == Some(false))
                    .unwrap()
            };
            g.play(Color::White, answer).unwrap();
            let next = best(&g).unwrap_or_else(|| any(&g, Color::Black));
            g.play(Color::Black, next).unwrap();
            let last = any(&g, Color::White);
            g.play(Color::White, last).unwrap();
            GameRecord {
                player_black: Some("moyo 0.1".into()),
                player_white: Some("Opp".into()),
                ..GameRecord::of_game(&g)
            }
        })
        .collect()
}

/// The book and its games written to a fresh folder: (book file, games folder, the games).
fn setup(name: &str) -> (PathBuf, PathBuf, Vec<GameRecord>) {
    let dir = temp_dir(name);
    let b = small_build();
    let file = dir.join("small.book");
    book::save(&file, &b.book, &b.info).unwrap();
    let recs = games(&b.book);
    let sgf = dir.join("games");
    std::fs::create_dir_all(sgf.join("sub")).unwrap();
    for (k, r) in recs.iter().enumerate() {
        std::fs::write(sgf.join("sub").join(format!("g{k}.sgf")), r.to_sgf()).unwrap();
    }
    (file, sgf, recs)
}

fn line<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no `{key}` line in:\n{out}"))
}

#[test]
fn stats_with_games_gives_book_moves_and_the_hit_rate_count_reads_folders() {
    let (file, sgf, recs) = setup("book-stats-games");
    let (bk, _) = book::load(&file).unwrap();
    let mut expect = GameUse::default();
    for r in &recs {
        expect.add(
            &book::replay(Some(&bk), r, Color::Black, &moyo::params::Params::default()).unwrap(),
        );
    }
    assert!(
        expect.opponent_moves >= 2 && expect.opponent_hits >= 1,
        "{expect:?}"
    );
    let f = file.to_str().unwrap();
    let g = sgf.to_str().unwrap();
    let (out, _) = run_with_stderr(&["book", "stats", f, "--no-svg", "--games", g], "");
    assert!(out.starts_with("book "), "{out}");
    assert_eq!(line(&out, "games"), "2");
    assert_eq!(line(&out, "book_moves"), expect.book_moves.to_string());
    assert_eq!(
        line(&out, "book_moves_per_game"),
        format!("{:.2}", expect.per_game())
    );
    assert_eq!(
        line(&out, "opponent_moves_in_book"),
        expect.opponent_moves.to_string()
    );
    assert_eq!(
        line(&out, "opponent_hits"),
        expect.opponent_hits.to_string()
    );
    assert_eq!(line(&out, "hit_rate"), format!("{:.3}", expect.hit_rate()));
    // Move 1: the first game's answer was the book's, the second's was not.
    assert_eq!(line(&out, "hit_ply 1"), "2 1 0.500");
    let (out, _) = run_with_stderr(&["book", "count", "--book", f, g], "");
    assert_eq!(line(&out, "games"), "2");
    assert_eq!(line(&out, "book_moves"), expect.book_moves.to_string());
    assert_eq!(
        out.matches("\ngame ").count() + out.starts_with("game ") as usize,
        2
    );
}

#[test]
fn predict_compares_the_orders_on_the_opponents_moves() {
    let (_, sgf, _) = setup("book-predict");
    let g = sgf.to_str().unwrap();
    let (out, _) = run_with_stderr(
        &[
            "--playouts",
            "20",
            "book",
            "predict",
            "--test",
            g,
            "--games",
            g,
            "--plies",
            "4",
        ],
        "",
    );
    assert_eq!(line(&out, "games"), "2");
    // The opponent's moves among the first four: two a game.
    assert!(line(&out, "moves").starts_with("4 positions "), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("order ")).count(), 10);
    // Every move predicted was played in these very games: counted as played, it is among
    // the first children.
    assert!(out.contains("\norder 1,0,0 top12 4 1.000\n"), "{out}");
    assert!(out.contains("\norder ranked top12 "), "{out}");
}
