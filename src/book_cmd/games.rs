//! `moyo book count | predict` and the games of `stats`: the book's subcommands that read
//! SGF games.

use super::sgf_files;
use clap::Args;
use moyo::board::Color;
use moyo::book::{self, Book, GameUse, OrderWeights, Played, SearchEvaluator, predict};
use moyo::params::Params;
use moyo::sgf::GameRecord;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CountArgs {
    /// Book file [default: the embedded book for each game's size and komi].
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// The player whose book moves are counted: a case-insensitive part of PB/PW.
    #[arg(long, default_value = "moyo")]
    name: String,
    /// SGF files (or folders, searched recursively).
    #[arg(required = true)]
    sgf: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct PredictArgs {
    /// SGF files or folders (searched recursively) of the games whose moves are predicted.
    #[arg(long, value_name = "DIR", required = true)]
    test: Vec<PathBuf>,
    /// SGF files or folders whose opening moves count as played (keep them apart from
    /// --test); on 19x19 the professional table counts too.
    #[arg(long, value_name = "DIR")]
    games: Vec<PathBuf>,
    /// Board size of the games used.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Moves predicted from the start of each game.
    #[arg(long, default_value_t = 10)]
    plies: usize,
    /// Children an interior node gets: a move is predicted when it is among this many.
    #[arg(long, default_value_t = 12)]
    width: usize,
    /// Predict only the moves of the player whose name does not contain this (the book's
    /// opponents); "" predicts every move.
    #[arg(long, default_value = "moyo")]
    name: String,
}

/// The orders `predict` compares: the evaluation's ranking alone, each predictor alone,
/// and mixtures.
const ORDERS: &[(f32, f32, f32)] = &[
    (0.0, 0.0, 0.0),
    (1.0, 0.0, 0.0),
    (0.0, 1.0, 0.0),
    (0.0, 0.0, 1.0),
    (0.0, 1.0, 1.0),
    (1.0, 1.0, 0.0),
    (1.0, 1.0, 1.0),
    (2.0, 1.0, 1.0),
    (1.0, 2.0, 1.0),
    (1.0, 1.0, 2.0),
];

/// The games of `paths` (collections too); unreadable games are reported and skipped.
pub(super) fn records(paths: &[PathBuf]) -> Result<Vec<(PathBuf, GameRecord)>, String> {
    let mut out = Vec::new();
    for path in sgf_files(paths)? {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for rec in GameRecord::parse_all(&text) {
            match rec {
                Ok(r) => out.push((path.clone(), r)),
                Err(e) => moyo::diag!("{}: skipping a game: {e}", path.display()),
            }
        }
    }
    Ok(out)
}

/// `moyo book predict`: the share of the opponents' opening moves each order would have
/// among a node's children.
pub(super) fn predict_cmd(
    a: PredictArgs,
    params: &Params,
    playouts: Option<u64>,
    seed: Option<u64>,
) -> Result<(), String> {
    let games: Vec<GameRecord> = records(&a.test)?
        .into_iter()
        .map(|g| g.1)
        .filter(|g| g.size == a.size)
        .collect();
    let played = Played::from_files(&sgf_files(&a.games)?, a.size)?;
    let mut ev = SearchEvaluator::new(params.clone(), playouts.unwrap_or(3000), seed.unwrap_or(1));
    let name = a.name.to_ascii_lowercase();
    let is_book = |p: &Option<String>| {
        !name.is_empty()
            && p.as_ref()
                .is_some_and(|s| s.to_ascii_lowercase().contains(&name))
    };
    let predicted = |g: &GameRecord, c: Color| match c {
        Color::Black => !is_book(&g.player_black),
        Color::White => !is_book(&g.player_white),
    };
    let orders: Vec<OrderWeights> = ORDERS
        .iter()
        .map(|&(played, visits, pattern)| OrderWeights {
            played,
            visits,
            pattern,
        })
        .collect();
    let p = predict(
        &mut ev,
        Some(&played),
        &games,
        predicted,
        a.plies,
        a.width,
        &orders,
    );
    out!("games {}", games.len());
    out!(
        "played_positions {} (from {} games)",
        played.positions(),
        played.games
    );
    out!("moves {} positions {}", p.moves, p.distinct);
    for (w, h) in orders.iter().zip(&p.hits) {
        let name = if w.is_ranked() {
            "ranked".to_string()
        } else {
            w.to_string()
        };
        out!(
            "order {name} top{} {h} {:.3}",
            a.width,
            *h as f64 / p.moves.max(1) as f64
        );
    }
    Ok(())
}

/// The colour of the player whose name contains `name` (case-insensitive) in `rec`, if
/// exactly one does.
fn player_colour(rec: &GameRecord, name: &str) -> Option<Color> {
    let name = name.to_ascii_lowercase();
    let is = |p: &Option<String>| {
        p.as_ref()
            .is_some_and(|s| s.to_ascii_lowercase().contains(&name))
    };
    match (is(&rec.player_black), is(&rec.player_white)) {
        (true, false) => Some(Color::Black),
        (false, true) => Some(Color::White),
        _ => None,
    }
}

/// How the games of `paths` used the book `book_for` gives for each game's rules, `name`
/// being the player whose book moves count; a game with no book counts with no book move,
/// or not at all with `need_book`. `each` sees every game counted.
fn games_use_with<'a>(
    paths: &[PathBuf],
    name: &str,
    params: &Params,
    need_book: bool,
    book_for: impl Fn(&moyo::board::Game) -> Option<&'a Book>,
    mut each: impl FnMut(&std::path::Path, Color, &GameUse),
) -> Result<GameUse, String> {
    let mut total = GameUse::default();
    for (path, rec) in records(paths)? {
        let Some(colour) = player_colour(&rec, name) else {
            moyo::diag!(
                "{}: cannot tell which colour {name} played; skipped",
                path.display()
            );
            continue;
        };
        let bk = book_for(&book::record_game(&rec));
        if need_book && bk.is_none() {
            continue;
        }
        let u = book::replay(bk, &rec, colour, params)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        each(&path, colour, &u);
        total.add(&u);
    }
    Ok(total)
}

/// How the games of `paths` played under the rules of a book `book_for` gives used it,
/// printing `games N` and `book_moves N`.
pub(super) fn games_use<'a>(
    paths: &[PathBuf],
    name: &str,
    params: &Params,
    book_for: impl Fn(&moyo::board::Game) -> Option<&'a Book>,
) -> Result<GameUse, String> {
    let u = games_use_with(paths, name, params, true, book_for, |_, _, _| {})?;
    out!("games {}", u.games);
    out!("book_moves {}", u.book_moves);
    Ok(u)
}

/// `moyo book count`: per game and in all, the book moves of the player named `--name`.
pub(super) fn count(a: CountArgs, params: &Params) -> Result<(), String> {
    let file_book = match &a.book {
        Some(f) => Some(book::load(f)?.0),
        None => None,
    };
    let (lib, errors) = book::embedded();
    for e in errors {
        moyo::diag!("moyo: {e}");
    }
    let book_for = |g: &moyo::board::Game| match &file_book {
        Some(b) => b.rules.matches(g).then_some(b),
        None => lib.for_game(g),
    };
    let u = games_use_with(
        &a.sgf,
        &a.name,
        params,
        false,
        book_for,
        |path, colour, u| {
            out!(
                "game {} {} book_moves {}",
                path.display(),
                colour,
                u.book_moves
            );
        },
    )?;
    out!("games {}", u.games);
    out!("book_moves {}", u.book_moves);
    out!("book_moves_best {}", u.best_moves);
    out!("book_moves_per_game {:.2}", u.per_game());
    let h: Vec<String> = u.histogram.iter().map(|n| n.to_string()).collect();
    out!("histogram {}", h.join(" "));
    print_left(&u);
    Ok(())
}

/// The `left_book` line: games by why the player's book moves first stopped.
pub(super) fn print_left(u: &GameUse) {
    let by: Vec<String> = u.left_by().map(|(n, k)| format!("{n} {k}")).collect();
    out!("left_book {}", by.join(" "));
}
