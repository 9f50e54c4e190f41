//! The analysis commands of Sabaki, Lizzie and the CGOS client: `analyze`, `lz-analyze` and
//! `kata-analyze` stream `info` lines until the next input arrives; `genmove_analyze`,
//! `lz-genmove_analyze` and `kata-genmove_analyze` stream them while a move is generated and
//! end with `play <move>`.
//!
//! Arguments: `[colour] [interval] [interval N] [minmoves N] [maxmoves N] [ownership true]
//! [rootInfo true] [avoid C V,V,... D] [allow C V,V,... D]`, the interval in centiseconds
//! (`avoid` and `allow`: `restrict.rs`); any other option is refused.
//! Output: `=` and a line break, then every interval one line of `info move V visits N
//! winrate W prior P lcb L order I pv V V ...` segments (the moves most visited first, `pv`
//! last; `kata-*` adds `scoreMean`, `scoreStdev` and `scoreLead` after the win rate), with,
//! when asked, `rootInfo visits N winrate W ...` for the root, and `ownership` and one number
//! per point from the top-left corner. Everything is from the analysed colour's view (+1
//! ownership its own, a positive score its lead). Win rate, prior and lower confidence bound
//! are integers in ten-thousandths for `analyze` and `lz-*`, floats in [0, 1] for `kata-*`;
//! scores are points (area less komi, as the playouts count) with one decimal.
//! Without an interval, `analyze` reports every second and `genmove_analyze` only once,
//! before `play`; an interval of 0 means once, at the end.

use super::args::{boolean, count, finite, syntax};
use super::restrict::{ClauseKind, Clauses};
use super::think::{self, Watchers};
use super::{Input, InputSignal, Session};
use crate::board::{Board, Color};
use crate::engine::GenMode;
use crate::search::{MoveFilter, MoveStat, Score, SearchResult};
use crossbeam::channel::Receiver;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The interval of `analyze` when none is given.
const DEFAULT_INTERVAL: Duration = Duration::from_secs(1);

/// The normal quantile of the lower confidence bound (95% one-sided would be 1.645; 1.96
/// matches the two-sided 95% interval Leela Zero's users expect).
const LCB_Z: f64 = 1.96;

/// How numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero's (`analyze`, `lz-*`): integers in ten-thousandths.
    Leela,
    /// KataGo's (`kata-*`): floats in [0, 1].
    Kata,
}

/// One analysis command, its arguments read.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub dialect: Dialect,
    /// The colour whose moves are analysed (default: the side to move).
    pub color: Color,
    /// Time between `info` lines; `None`: one line, at the end.
    pub interval: Option<Duration>,
    /// At least this many moves per line, unvisited ones by prior when needed.
    pub min_moves: usize,
    /// At most this many moves per line.
    pub max_moves: Option<usize>,
    /// Whether to add the ownership of every point.
    pub ownership: bool,
    /// Whether to add the root's figures (`rootInfo`).
    pub root_info: bool,
    /// Moves the search must not try (`avoid`, `allow`).
    pub filter: Option<MoveFilter>,
    /// Whether a move is generated and played (the `genmove_analyze` kinds).
    pub genmove: bool,
}

/// Reads the arguments of an analysis command for session `s`.
pub(super) fn request(
    s: &Session,
    a: &[String],
    dialect: Dialect,
    genmove: bool,
) -> Result<Request, String> {
    let mut req = Request {
        dialect,
        color: s.engine.game().to_play(),
        interval: if genmove {
            None
        } else {
            Some(DEFAULT_INTERVAL)
        },
        min_moves: 0,
        max_moves: None,
        ownership: false,
        root_info: false,
        filter: None,
        genmove,
    };
    let mut rest = a;
    if let Some((first, tail)) = rest.split_first()
        && let Some(c) = Color::parse(first)
    {
        req.color = c;
        rest = tail;
    }
    if let Some((first, tail)) = rest.split_first()
        && finite(first).is_some()
    {
        req.interval = centiseconds(first)?;
        rest = tail;
    }
    let board = s.engine.board();
    let mut clauses = Clauses::default();
    while let Some((key, tail)) = rest.split_first() {
        let key = key.to_ascii_lowercase();
        let restrict = match key.as_str() {
            "avoid" => Some(ClauseKind::Avoid),
            "allow" => Some(ClauseKind::Allow),
            _ => None,
        };
        if let Some(kind) = restrict {
            let [c, v, d, tail @ ..] = tail else {
                return Err(syntax());
            };
            clauses.read(kind, board, c, v, d)?;
            rest = tail;
            continue;
        }
        let Some((value, tail)) = tail.split_first() else {
            return Err(syntax());
        };
        let number = || count(value).map(|n| n as usize).ok_or_else(syntax);
        match key.as_str() {
            "interval" => req.interval = centiseconds(value)?,
            "minmoves" => req.min_moves = number()?,
            "maxmoves" => req.max_moves = Some(number()?),
            "ownership" => req.ownership = boolean(value)?,
            "rootinfo" => req.root_info = boolean(value)?,
            _ => return Err(format!("unsupported option: {key}")),
        }
        rest = tail;
    }
    req.filter = clauses.filter(board);
    Ok(req)
}

/// An interval in centiseconds (a non-negative number); 0 is none.
fn centiseconds(s: &str) -> Result<Option<Duration>, String> {
    let cs = finite(s).filter(|&v| v >= 0.0).ok_or_else(syntax)?;
    Ok((cs > 0.0).then(|| Duration::from_secs_f64(cs.min(1e9) / 100.0)))
}

/// The lower confidence bound of a win rate after `n` visits (Wilson's score interval).
pub fn lcb(winrate: f32, n: u32) -> f32 {
    if n == 0 {
        return 0.0;
    }
    let (w, n, z) = (f64::from(winrate), f64::from(n), LCB_Z);
    let centre = w + z * z / (2.0 * n);
    let spread = z * (w * (1.0 - w) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - spread) / (1.0 + z * z / n)).clamp(0.0, 1.0) as f32
}

/// One line of `info` segments for a snapshot of a search of `b`, or `None` when it has no
/// move to report yet.
pub fn info_line(b: &Board, req: &Request, r: &SearchResult) -> Option<String> {
    let mut moves: Vec<&MoveStat> = r.candidates.iter().collect();
    let missing = req.min_moves.saturating_sub(moves.len());
    moves.extend(r.untried.iter().take(missing));
    if let Some(max) = req.max_moves {
        moves.truncate(max);
    }
    if moves.is_empty() {
        return None;
    }
    let number = |x: f32| match req.dialect {
        Dialect::Leela => format!("{}", (x.clamp(0.0, 1.0) * 10000.0).round() as u32),
        Dialect::Kata => format!("{:.6}", x.clamp(0.0, 1.0)),
    };
    let score = |s: Score| match req.dialect {
        Dialect::Leela => String::new(),
        // KataGo's scoreMean is its scoreLead; here both are the playouts' mean margin.
        Dialect::Kata => format!(
            " scoreMean {:.1} scoreStdev {:.1} scoreLead {:.1}",
            s.lead + 0.0,
            s.stdev,
            s.lead + 0.0
        ),
    };
    let mut line = String::new();
    for (order, m) in moves.iter().enumerate() {
        if order > 0 {
            line.push(' ');
        }
        let _ = write!(
            line,
            "info move {} visits {} winrate {}{} prior {} lcb {} order {order} pv",
            b.move_string(m.mv),
            m.visits,
            number(m.winrate),
            score(m.score),
            number(m.prior),
            number(lcb(m.winrate, m.visits)),
        );
        for &v in &m.pv {
            line.push(' ');
            line.push_str(&b.move_string(v));
        }
    }
    if req.root_info {
        let _ = write!(
            line,
            " rootInfo visits {} winrate {}{}",
            r.root_visits,
            number(r.root_winrate),
            score(r.root_score.unwrap_or_default()),
        );
    }
    if req.ownership {
        let sign = if req.color == Color::Black { 1.0 } else { -1.0 };
        line.push_str(" ownership");
        for row in (0..b.size()).rev() {
            for col in 0..b.size() {
                let p = b.point(col, row);
                let o = r.ownership.get(p.idx()).copied().unwrap_or(0.0) * sign;
                // `+ 0.0` turns -0.0 into 0.0.
                let _ = write!(line, " {:.4}", o + 0.0);
            }
        }
    }
    Some(line)
}

/// Runs an analysis command for session `s`, writing its response to `out`: the header, the
/// `info` lines at the interval, then (for the `genmove` kinds) a last line and `play`, and
/// the empty line. With `until`, a plain analysis runs until input arrives on the receiver;
/// without, it searches as long as a move would take.
pub(super) fn run<W: Write>(
    s: &mut Session,
    id: Option<&str>,
    req: &Request,
    out: &mut W,
    until: Option<(&InputSignal, &Receiver<Input>)>,
) -> io::Result<()> {
    let board = s.engine.board().clone();
    let stop = s.engine.stop_flag();
    writeln!(out, "={} ", id.unwrap_or(""))?;
    out.flush()?;
    let mut printed = false;
    let mut failed: Option<io::Error> = None;
    let mut emit = |out: &mut W, line: &str| -> bool {
        let r = out
            .write_all(line.as_bytes())
            .and_then(|_| out.write_all(b"\n"))
            .and_then(|_| out.flush());
        match r {
            Ok(()) => true,
            Err(e) => {
                // Nobody reads any more: stop searching, report the error afterwards.
                stop.store(true, Ordering::SeqCst);
                failed.get_or_insert(e);
                false
            }
        }
    };
    let saved = super::recover::save(s);
    s.engine.set_move_filter(req.filter.clone());
    let outcome = {
        let mut watchers = Watchers::new();
        if let Some(interval) = req.interval {
            let (out, board, printed, emit) = (&mut *out, &board, &mut printed, &mut emit);
            watchers.add(interval, move |r| {
                if let Some(line) = info_line(board, req, r) {
                    *printed |= emit(out, &line);
                }
            });
        }
        catch_unwind(AssertUnwindSafe(|| {
            if req.genmove {
                let g = think::generate(s, req.color, GenMode::Play, watchers);
                let result = s.engine.last_generated().cloned();
                Some((result, Some(g)))
            } else {
                let search = || think::analyze(s, req.color, until.is_none(), watchers);
                match until {
                    Some((signal, rx)) => signal.until_input(rx, search).map(|r| (Some(r), None)),
                    None => {
                        stop.store(false, Ordering::SeqCst);
                        Some((Some(search()), None))
                    }
                }
            }
        }))
    };
    s.engine.set_move_filter(None);
    match outcome {
        Ok(Some((result, answer))) => {
            if let Some(r) = result
                && (answer.is_some() || !printed)
                && let Some(line) = info_line(&board, req, &r)
            {
                emit(out, &line);
            }
            if let Some(g) = answer {
                let mv = super::args::gen_text(&board, g);
                emit(out, &format!("play {mv}"));
            }
        }
        Ok(None) => {}
        Err(p) => {
            // The stream is already under way: its answer stays a success, and ends.
            super::recover::restore(s, saved);
            let why = super::recover::message(p.as_ref());
            crate::diag!("moyo: internal error during analysis: {why}");
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    out.write_all(b"\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::engine::{Engine, EngineConfig};

    fn session(size: usize) -> Session {
        Session::new(Engine::new(EngineConfig {
            playouts: Some(50),
            size,
            ..Default::default()
        }))
    }

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn req(s: &Session, a: &str) -> Result<Request, String> {
        request(s, &args(a), Dialect::Leela, false)
    }

    #[test]
    fn every_argument_form() {
        let s = session(9);
        let cs = |n: u64| Some(Duration::from_millis(10 * n));
        let r = req(&s, "").unwrap();
        assert_eq!(
            (r.color, r.interval),
            (Color::Black, Some(DEFAULT_INTERVAL))
        );
        // Sabaki: colour and interval.
        let r = req(&s, "W 50").unwrap();
        assert_eq!((r.color, r.interval), (Color::White, cs(50)));
        // Lizzie: the interval alone.
        assert_eq!(req(&s, "10").unwrap().interval, cs(10));
        // LizGoban: a keyword interval.
        let r = req(&s, "b interval 20").unwrap();
        assert_eq!((r.color, r.interval), (Color::Black, cs(20)));
        let r = req(&s, "white 25 minmoves 5 maxmoves 3 ownership true").unwrap();
        assert_eq!(
            (r.interval, r.min_moves, r.max_moves, r.ownership),
            (cs(25), 5, Some(3), true)
        );
        assert_eq!(req(&s, "b 0").unwrap().interval, None);
        assert_eq!(req(&s, "interval 0").unwrap().interval, None);
        // The CGOS client: no interval at all.
        let g = request(&s, &args("b ownership true"), Dialect::Kata, true).unwrap();
        assert_eq!((g.interval, g.ownership, g.genmove), (None, true, true));
        // avoid and allow (LizGoban probes allow), rootInfo.
        let r = req(
            &s,
            "b 10 avoid b D4,E5 1 avoid w pass 2 rootInfo true maxmoves 4",
        )
        .unwrap();
        let f = r.filter.unwrap();
        let mv = |v: &str| s.engine.board().parse_move(v).unwrap();
        assert!(f.bars(Color::Black, mv("D4"), 1) && f.bars(Color::White, Move::Pass, 2));
        assert_eq!((r.root_info, r.max_moves), (true, Some(4)));
        assert!(req(&s, "b 10 allow b D4 1").unwrap().filter.is_some());
        assert_eq!(req(&s, "b 10").unwrap().filter, None);
        // Refused: unknown options, missing values, bad numbers, malformed clauses.
        assert_eq!(
            req(&s, "b 10 frobnicate 1"),
            Err("unsupported option: frobnicate".into())
        );
        for bad in [
            "b avoid b D4",
            "b avoid b D4 0",
            "b avoid x D4 1",
            "b avoid b I4 1",
            "b allow b D4 1 allow b E5 1",
            "b allow b D4 1 avoid b E5 1",
            "rootInfo maybe",
            "b interval",
            "b -5",
            "b 10 minmoves x",
            "ownership maybe",
            "b 10 20",
            "green 10",
            "b 1e999",
        ] {
            assert!(req(&s, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lower_confidence_bound() {
        assert_eq!(lcb(0.7, 0), 0.0);
        let few = lcb(0.7, 10);
        let many = lcb(0.7, 10_000);
        assert!(few < many && many < 0.7, "{few} {many}");
        assert!(lcb(1.0, 1) < 1.0 && lcb(0.0, 5) == 0.0);
    }

    fn sample(b: &Board) -> SearchResult {
        let mv = |v| b.parse_move(v).unwrap();
        let mut best = MoveStat::new(mv("C3"), 30, 0.6);
        best.pv = vec![mv("C3"), mv("D4"), Move::Pass, mv("B2")];
        best.prior = 0.75;
        let mut untried = MoveStat::new(mv("A1"), 0, 0.55);
        untried.prior = 0.3;
        let mut ownership = vec![0.0; b.len()];
        if let Move::Play(p) = mv("A5") {
            ownership[p.idx()] = 0.5;
        }
        SearchResult {
            candidates: vec![best, MoveStat::new(Move::Pass, 2, 0.25)],
            untried: vec![untried],
            ownership,
            ..SearchResult::default()
        }
    }

    #[test]
    fn kata_lines_carry_scores_and_root_info() {
        let s = session(5);
        let b = Board::new(5);
        let mut r = sample(&b);
        r.candidates[0].score = Score {
            lead: 3.04,
            stdev: 11.26,
        };
        r.root_visits = 40;
        r.root_winrate = 0.58;
        r.root_score = Some(Score {
            lead: -2.5,
            stdev: 9.0,
        });
        let kata = request(&s, &args("b rootInfo true"), Dialect::Kata, false).unwrap();
        let line = info_line(&b, &kata, &r).unwrap();
        assert!(
            line.starts_with(
                "info move C3 visits 30 winrate 0.600000 scoreMean 3.0 scoreStdev 11.3 \
                 scoreLead 3.0 prior 0.750000 lcb "
            ),
            "{line}"
        );
        assert!(line.ends_with(
            " rootInfo visits 40 winrate 0.580000 scoreMean -2.5 scoreStdev 9.0 scoreLead -2.5"
        ));
        // Leela's dialect has no scores; rootInfo only when asked.
        let leela = req(&s, "b rootInfo true").unwrap();
        let line = info_line(&b, &leela, &r).unwrap();
        assert!(!line.contains("score") && line.ends_with(" rootInfo visits 40 winrate 5800"));
        assert!(
            !info_line(&b, &req(&s, "b").unwrap(), &r)
                .unwrap()
                .contains("rootInfo")
        );
    }

    #[test]
    fn info_lines_in_both_dialects() {
        let s = session(5);
        let b = Board::new(5);
        let r = sample(&b);
        let leela = req(&s, "b 10").unwrap();
        let lcb_best = (lcb(0.6, 30) * 10000.0).round() as u32;
        assert_eq!(
            info_line(&b, &leela, &r).unwrap(),
            format!(
                "info move C3 visits 30 winrate 6000 prior 7500 lcb {lcb_best} order 0 pv \
                 C3 D4 pass B2 info move pass visits 2 winrate 2500 prior 5000 lcb {} \
                 order 1 pv pass",
                (lcb(0.25, 2) * 10000.0).round() as u32
            )
        );
        let mut kata = request(
            &s,
            &args("w minmoves 3 ownership true"),
            Dialect::Kata,
            false,
        )
        .unwrap();
        let line = info_line(&b, &kata, &r).unwrap();
        assert!(line.starts_with(
            "info move C3 visits 30 winrate 0.600000 scoreMean 0.0 scoreStdev 0.0 scoreLead 0.0 \
             prior 0.750000 lcb 0."
        ));
        assert!(line.contains(
            " info move A1 visits 0 winrate 0.550000 scoreMean 0.0 scoreStdev 0.0 scoreLead 0.0 \
             prior 0.300000 lcb 0.000000 order 2 pv A1 ownership "
        ));
        let own: Vec<&str> = line
            .split(" ownership ")
            .nth(1)
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(own.len(), 25);
        // White's view, top-left first: A5 is the first point.
        assert_eq!(own[0], "-0.5000");
        assert!(own[1..].iter().all(|&x| x == "0.0000"));
        kata.max_moves = Some(0);
        assert_eq!(info_line(&b, &kata, &r), None);
        assert_eq!(info_line(&b, &leela, &SearchResult::default()), None);
    }

    #[test]
    fn streams_without_input_search_a_move_long() {
        let mut s = session(9);
        let before = s.engine.board().hash();
        let out = s.handle_line("7 lz-analyze b 1").unwrap();
        assert!(out.starts_with("=7 \ninfo move "), "{out}");
        assert!(out.ends_with("\n\n") && !out[..out.len() - 2].contains("\n\n"));
        assert_eq!(s.engine.board().hash(), before, "analysis plays nothing");
        let out = s
            .handle_line("kata-genmove_analyze ownership true")
            .unwrap();
        let lines: Vec<&str> = out.trim_end_matches('\n').lines().collect();
        assert_eq!(lines[0], "= ");
        let last_info = lines[lines.len() - 2];
        assert!(
            last_info.starts_with("info move ") && last_info.contains(" ownership "),
            "{out}"
        );
        assert!(lines[lines.len() - 1].starts_with("play "));
        assert_ne!(s.engine.board().hash(), before, "genmove_analyze plays");
        assert_eq!(
            s.handle_line("lz-analyze b x").unwrap(),
            "? syntax error\n\n"
        );
    }
}
