//! `moyo book stats | count | show`: what a book holds and how games used it.

use super::games::{games_use, print_left};
use super::load_book;
use clap::Args;
use moyo::board::Game;
use moyo::book::{self, Evaluator, SearchEvaluator};
use moyo::params::Params;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Book file [default: the embedded book of --size].
    file: Option<PathBuf>,
    /// Embedded book to show when no file is given: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Moves from the empty board, alternating from Black, e.g. "E5 C4".
    #[arg(long, default_value = "")]
    moves: String,
    /// Also evaluate the position as the builder does, with each of these playout counts
    /// (e.g. 1000,3000,10000), once per seed 1..=--seeds: the mean and spread of the value.
    #[arg(long, value_name = "N,N,...")]
    evaluate: Option<String>,
    /// Seeds of each evaluation count.
    #[arg(long, default_value_t = 12)]
    seeds: u64,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Book file [default: the embedded book of --size].
    file: Option<PathBuf>,
    /// Embedded book to show when no file is given: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Where to write the drop-out diagram.
    #[arg(long, value_name = "FILE", default_value = "dropout.svg")]
    svg: PathBuf,
    /// Do not write the SVG.
    #[arg(long)]
    no_svg: bool,
    /// SGF files or folders (searched recursively) of games played with the book: adds the
    /// book moves per game of the player named --name and the hit rate of its opponents.
    #[arg(long, value_name = "DIR")]
    games: Vec<PathBuf>,
    /// The player whose book moves are counted in --games: a case-insensitive part of PB/PW.
    #[arg(long, default_value = "moyo")]
    name: String,
}

#[derive(Args, Debug)]
pub struct SuiteArgs {
    /// Book file [default: the embedded book of --size].
    file: Option<PathBuf>,
    /// Embedded book to export when no file is given: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// The suite file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Positions whose best move's win rate is at least this far above every other's, by the
    /// propagated values and by the evaluations of the positions.
    #[arg(long, default_value_t = 0.05)]
    margin: f32,
    /// Positions down to this depth (moves from the start).
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Most tests written (the clearest first).
    #[arg(long, default_value_t = 100)]
    max: usize,
}

/// `moyo book suite`: the book's positions with a clear best move as a GoGui regression
/// suite.
pub(super) fn suite(a: SuiteArgs) -> Result<(), String> {
    let (b, _, name) = load_book(&a.file, a.size)?;
    let tests = book::suite(&b, a.margin, a.depth, a.max);
    let file = a
        .out
        .file_name()
        .map_or("suite.tst".into(), |f| f.to_string_lossy().to_string());
    let header = [
        format!(
            "Book regression suite, written by `moyo book suite`: {} positions of {name}",
            tests.len()
        ),
        format!(
            "({}) down to depth {} whose best move is ahead of every other by at least {}",
            b.rules, a.depth, a.margin
        ),
        "in win rate, by the book's propagated values and by the positions' own evaluations."
            .to_string(),
        "The script switches the book off: the search must find the book's move.".to_string(),
        format!("Run: gogui-regress \"moyo --threads 1 --seed 1 --playouts 10000\" {file}"),
    ];
    std::fs::write(&a.out, book::suite_text(&b, &tests, &header))
        .map_err(|e| format!("{}: {e}", a.out.display()))?;
    out!("suite {} tests {}", a.out.display(), tests.len());
    Ok(())
}

pub(super) fn stats(a: StatsArgs, params: &Params) -> Result<(), String> {
    use std::io::Write;
    let (b, info, name) = load_book(&a.file, a.size)?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "book {name}");
    let _ = write!(out, "{}", book::report(&b, &info));
    if !a.no_svg {
        let title = format!(
            "Drop-out diagram: {} ({}, {} positions, omega {})",
            name,
            b.rules,
            b.len(),
            b.shape.omega
        );
        std::fs::write(&a.svg, book::svg(&b, &title))
            .map_err(|e| format!("{}: {e}", a.svg.display()))?;
        let _ = writeln!(out, "svg {}", a.svg.display());
    }
    if !a.games.is_empty() {
        drop(out);
        let u = games_use(&a.games, &a.name, params, |g| {
            b.rules.matches(g).then_some(&b)
        })?;
        out!("book_moves_per_game {:.2}", u.per_game());
        out!("opponent_moves_in_book {}", u.opponent_moves);
        out!("opponent_hits {}", u.opponent_hits);
        out!("hit_rate {:.3}", u.hit_rate());
        print_left(&u);
        for (ply, &(n, h)) in u.by_ply.iter().enumerate().filter(|x| x.1.0 > 0) {
            out!("hit_ply {ply} {n} {h} {:.3}", h as f64 / n as f64);
        }
    }
    Ok(())
}

/// The builder's evaluation of `game`'s position with `to_play` to move, for each playout
/// count of `counts` and each seed 1..=`seeds`: `evaluate` lines with the mean, standard
/// deviation, least and greatest win rate for the side to move.
fn evaluate(game: &Game, params: &Params, counts: &str, seeds: u64) -> Result<(), String> {
    let to_play = game.to_play();
    for c in counts.split(',') {
        let playouts: u64 = c
            .trim()
            .parse()
            .map_err(|_| format!("--evaluate {counts}: expected playout counts"))?;
        let rates: Vec<f64> = (1..=seeds)
            .map(|seed| {
                let mut ev = SearchEvaluator::new(params.clone(), playouts, seed);
                let value = ev.evaluate(game, to_play).map_or(0.0, |e| e.value);
                (f64::from(value) + 1.0) / 2.0
            })
            .collect();
        let n = rates.len().max(1) as f64;
        let mean = rates.iter().sum::<f64>() / n;
        let var = rates.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let lo = rates.iter().copied().fold(1.0, f64::min);
        let hi = rates.iter().copied().fold(0.0, f64::max);
        out!(
            "evaluate playouts {playouts} seeds {seeds} mean {mean:.4} sd {:.4} min {lo:.4} max {hi:.4} ({to_play} to move)",
            var.sqrt()
        );
    }
    Ok(())
}

pub(super) fn show(a: ShowArgs, params: &Params) -> Result<(), String> {
    use std::io::Write;
    let (b, _, name) = load_book(&a.file, a.size)?;
    let mut game = Game::new(b.rules.size, b.rules.komi);
    game.set_scoring(b.rules.scoring);
    for v in a.moves.split_whitespace() {
        let m = game
            .board()
            .parse_move(v)
            .map_err(|_| format!("bad move {v}"))?;
        let c = game.to_play();
        game.play(c, m).map_err(|e| format!("{v}: {e}"))?;
    }
    if let Some(counts) = &a.evaluate {
        evaluate(&game, params, counts, a.seeds.max(1))?;
    }
    let c = game.to_play();
    let mut out = std::io::stdout().lock();
    let (key, sym) = book::canonical(game.board(), c);
    let _ = writeln!(out, "book {name}");
    let Some(i) = b.find(key) else {
        let _ = writeln!(out, "position not in the book");
        return Ok(());
    };
    let n = &b.nodes[i as usize];
    let _ = writeln!(
        out,
        "position {i} {c} to move depth {} h {:.4} p {:.4} (win rate {:.4}) epb {:.2} epo {:.2} epn {:.2} visits {} {}",
        n.depth,
        n.h,
        n.p,
        (n.p + 1.0) / 2.0,
        n.epb,
        n.epo,
        n.epn,
        n.visits,
        if n.is_interior() { "interior" } else { "leaf" },
    );
    if let Some(c) = n.check {
        let _ = writeln!(
            out,
            "check {:.4} (win rate {:.4}) by evaluator {}{}",
            c.value,
            (c.value + 1.0) / 2.0,
            c.eval,
            if n.disputed() {
                format!(": disputed, the children's negamax is {:.4}", n.negamax)
            } else {
                String::new()
            }
        );
    }
    let mut rows: Vec<_> = n
        .edges
        .iter()
        .map(|e| {
            (
                book::from_book(game.board(), sym, e.mv),
                &b.nodes[e.child as usize],
            )
        })
        .collect();
    rows.sort_by(|x, y| x.1.p.total_cmp(&y.1.p));
    for (m, ch) in rows {
        let _ = writeln!(
            out,
            "{} value {:.4} (win rate {:.4}) h {:.4} epb {:.2} epo {:.2} {}{}",
            game.board().move_string(m),
            -ch.p,
            (1.0 - ch.p) / 2.0,
            -ch.h,
            ch.epb,
            ch.epo,
            if ch.is_interior() { "interior" } else { "leaf" },
            match (ch.check, ch.disputed()) {
                (None, _) => "",
                (Some(_), false) => " checked",
                (Some(_), true) => " checked, disputed",
            }
        );
    }
    Ok(())
}
