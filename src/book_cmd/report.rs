//! `moyo book stats | count | show`: what a book holds and how games used it.

use super::load_book;
use clap::Args;
use moyo::board::{Color, Game, Scoring};
use moyo::book::{self, Book};
use moyo::sgf::GameRecord;
use std::path::{Path, PathBuf};

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
}

#[derive(Args, Debug)]
pub struct CountArgs {
    /// Book file [default: the embedded book for each game's size and komi].
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// The player whose book moves are counted: a case-insensitive part of PB/PW.
    #[arg(long, default_value = "moyo")]
    name: String,
    /// SGF files.
    #[arg(required = true)]
    sgf: Vec<PathBuf>,
}

pub(super) fn stats(a: StatsArgs) -> Result<(), String> {
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
    Ok(())
}

pub(super) fn count(a: CountArgs) -> Result<(), String> {
    let file_book = match &a.book {
        Some(f) => Some(book::load(f)?.0),
        None => None,
    };
    let (lib, errors) = book::embedded();
    for e in errors {
        eprintln!("moyo: {e}");
    }
    let name = a.name.to_ascii_lowercase();
    let (mut games, mut total, mut played_best) = (0usize, 0usize, 0usize);
    let mut histogram: Vec<usize> = Vec::new();
    for path in &a.sgf {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let rec = GameRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let is = |p: &Option<String>| {
            p.as_ref()
                .is_some_and(|s| s.to_ascii_lowercase().contains(&name))
        };
        let colour = match (is(&rec.player_black), is(&rec.player_white)) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => {
                eprintln!(
                    "{}: cannot tell which colour {} played; skipped",
                    path.display(),
                    a.name
                );
                continue;
            }
        };
        let mut game = Game::new(rec.size, rec.komi);
        game.set_scoring(Scoring::Area);
        let bk = match &file_book {
            Some(b) => b.rules.matches(&game).then_some(b),
            None => lib.for_game(&game),
        };
        let (hits, best) = count_game(&rec, &mut game, colour, bk, path)?;
        games += 1;
        total += hits;
        played_best += best;
        if histogram.len() <= hits {
            histogram.resize(hits + 1, 0);
        }
        histogram[hits] += 1;
        out!("game {} {} book_moves {}", path.display(), colour, hits);
    }
    out!("games {games}");
    out!("book_moves {total}");
    out!("book_moves_best {played_best}");
    out!(
        "book_moves_per_game {:.2}",
        if games > 0 {
            total as f64 / games as f64
        } else {
            0.0
        }
    );
    let h: Vec<String> = histogram.iter().map(|n| n.to_string()).collect();
    out!("histogram {}", h.join(" "));
    Ok(())
}

/// Book moves of `colour` in one game: positions where the book had a move for it; and
/// how many of those moves were the book's best move.
fn count_game(
    rec: &GameRecord,
    game: &mut Game,
    colour: Color,
    bk: Option<&Book>,
    path: &Path,
) -> Result<(usize, usize), String> {
    let (mut hits, mut best) = (0, 0);
    for m in &rec.moves {
        let Some((c, mv)) = m.board_move(game.board()) else {
            continue;
        };
        if c == colour
            && let Some(b) = bk
        {
            let moves = b.moves(game, c);
            if !moves.is_empty() {
                hits += 1;
                if moves[0].mv == mv {
                    best += 1;
                }
            }
        }
        game.play(c, mv)
            .map_err(|e| format!("{}: illegal move in the record: {e}", path.display()))?;
    }
    Ok((hits, best))
}

pub(super) fn show(a: ShowArgs) -> Result<(), String> {
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
