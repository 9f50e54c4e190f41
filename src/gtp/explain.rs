//! `moyo-explain`: why the last generated move, in numbers: the reason, its win rate and
//! visits, the principal variation, the prior terms that fire for it, and the alternatives.
//!
//! ```text
//! black E5: the most visited move
//! win rate 56.2% after 812 visits, 2000 playouts in 1.02 s (300 kept from before)
//! pv E5 D4 D5 C5
//! prior 0.64: pattern +0.20 near_last +0.08
//! alternatives:
//! D4 win rate 51.0% after 400 visits, prior 0.58: pattern +0.20
//! stderr lines dropped 12 (not read in time)     (only when some were)
//! ```

use super::Session;
use super::args::{gen_text, no_args};
use super::response::CommandResult;
use crate::board::Board;
use crate::engine::Explanation;
use crate::search::MoveStat;
use std::fmt::Write as _;

/// `moyo-explain`, with the stderr lines dropped so far when there are any (a controller
/// that does not read stderr: see `sys::stderr`).
pub(super) fn explain(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let mut out = s
        .engine
        .explain()
        .map(|e| text(&e))
        .ok_or_else(|| "no move generated yet".to_string())?;
    let dropped = crate::sys::stderr::dropped();
    if dropped > 0 {
        let _ = write!(out, "\nstderr lines dropped {dropped} (not read in time)");
    }
    Ok(out)
}

/// The prior terms as `name +value` pairs.
fn terms_text(terms: &[(&'static str, f32)]) -> String {
    if terms.is_empty() {
        return "no term fires".into();
    }
    terms
        .iter()
        .map(|(name, v)| format!("{name} {v:+.2}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move's win rate and visits.
fn stat_text(m: &MoveStat) -> String {
    format!(
        "win rate {:.1}% after {} visits",
        m.winrate * 100.0,
        m.visits
    )
}

/// The explanation as lines of text.
pub fn text(e: &Explanation) -> String {
    let b: &Board = &e.board;
    let mut out = format!("{} {}: {}", e.color, gen_text(b, e.answer), e.reason);
    let Some(r) = &e.result else {
        return out;
    };
    let _ = write!(
        out,
        "\n{}, {} playouts in {:.2} s",
        e.chosen()
            .map_or_else(|| "not searched".to_string(), stat_text),
        r.playouts,
        r.elapsed.as_secs_f64()
    );
    if r.kept > 0 {
        let _ = write!(out, " ({} kept from before)", r.kept);
    }
    if let Some(m) = e.chosen() {
        let pv: Vec<String> = m.pv.iter().map(|&v| b.move_string(v)).collect();
        let _ = write!(out, "\npv {}", pv.join(" "));
        let _ = write!(out, "\nprior {:.2}: {}", m.prior, terms_text(&e.terms));
    } else if !e.terms.is_empty() {
        let _ = write!(out, "\nprior terms: {}", terms_text(&e.terms));
    }
    if !e.alternatives.is_empty() {
        out.push_str("\nalternatives:");
        for (m, terms) in &e.alternatives {
            let _ = write!(
                out,
                "\n{} {}, prior {:.2}: {}",
                b.move_string(m.mv),
                stat_text(m),
                m.prior,
                terms_text(terms)
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::engine::{Engine, EngineConfig};
    use crate::gtp::Session;

    #[test]
    fn explains_the_last_move() {
        let mut s = Session::new(Engine::new(EngineConfig {
            playouts: Some(200),
            size: 9,
            ..Default::default()
        }));
        assert_eq!(
            s.handle_line("moyo-explain").unwrap(),
            "? no move generated yet\n\n"
        );
        s.handle_line("play b E5").unwrap();
        let mv = s.handle_line("genmove w").unwrap();
        let mv = mv.trim_start_matches("= ").trim();
        let out = s.handle_line("moyo-explain").unwrap();
        let lines: Vec<&str> = out.trim_start_matches("= ").lines().collect();
        assert_eq!(lines[0], format!("white {mv}: the most visited move"));
        assert!(lines[1].starts_with("win rate ") && lines[1].contains(" playouts in "));
        assert!(lines[2].starts_with(&format!("pv {mv}")), "{out}");
        assert!(lines[3].starts_with("prior "), "{out}");
        assert_eq!(lines[4], "alternatives:");
        assert!(lines.len() > 5);
        assert!(!out.contains('#'));
        assert_eq!(
            s.handle_line("moyo-explain x").unwrap(),
            "? syntax error\n\n"
        );
    }
}
