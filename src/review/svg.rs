//! The chart of a review, hand-written SVG: Black's win rate (left axis) and score lead
//! (right axis) after each move, the 50% line, and the mistakes as dots labelled with
//! their move numbers.

use super::judge::{MoveReview, mistakes};
use super::position::PositionAnalysis;
use std::fmt::Write as _;

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 400.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 730.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 340.0;
const WINRATE_COLOUR: &str = "#1f5fbf";
const LEAD_COLOUR: &str = "#e07b00";
const MISTAKE_COLOUR: &str = "#d0202a";

/// Escapes text for XML.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A text element; `extra` attributes, a `font-size` among them replacing the default 12.
fn text(out: &mut String, x: f64, y: f64, anchor: &str, extra: &str, s: &str) {
    let size = if extra.contains("font-size") {
        ""
    } else {
        " font-size=\"12\""
    };
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\"{size}{extra}>{}</text>",
        escape(s)
    );
}

/// A horizontal or vertical line.
fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" {style}/>"
    );
}

/// A tick step giving about ten ticks over `span`: 1, 2 or 5 times a power of ten.
fn step(span: f64) -> f64 {
    let raw = (span / 10.0).max(1.0);
    let ten = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * ten)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * ten)
}

/// The chart of the positions' `analyses` (one before each move and one after the last)
/// with the mistakes of `reviews` above `margin`, titled after `title`.
pub(super) fn chart(
    title: &str,
    analyses: &[PositionAnalysis],
    reviews: &[MoveReview],
    margin: f32,
) -> String {
    let moves = analyses.len().saturating_sub(1).max(1) as f64;
    let lead_max = analyses
        .iter()
        .map(|a| f64::from(a.black_lead().abs()))
        .fold(5.0, f64::max);
    let lead_span = (lead_max / 5.0).ceil() * 5.0;
    let x = |m: f64| LEFT + (RIGHT - LEFT) * m / moves;
    let y_winrate = |p: f64| BOTTOM - (BOTTOM - TOP) * p.clamp(0.0, 1.0);
    let y_lead = |l: f64| BOTTOM - (BOTTOM - TOP) * (l / lead_span + 1.0) / 2.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         font-family=\"sans-serif\">"
    );
    let _ = writeln!(
        s,
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>"
    );
    text(
        &mut s,
        WIDTH / 2.0,
        20.0,
        "middle",
        " font-size=\"14\"",
        &format!("moyo review: {title}"),
    );
    // The frame, the 50% line (also a lead of 0) and the ticks of both axes.
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#888\"/>",
        RIGHT - LEFT,
        BOTTOM - TOP
    );
    line(
        &mut s,
        (LEFT, y_winrate(0.5)),
        (RIGHT, y_winrate(0.5)),
        "stroke=\"#888\" stroke-dasharray=\"4 4\"",
    );
    for i in 0..=4 {
        let p = f64::from(i) / 4.0;
        text(
            &mut s,
            LEFT - 6.0,
            y_winrate(p) + 4.0,
            "end",
            "",
            &format!("{:.0}%", 100.0 * p),
        );
        let l = lead_span * (2.0 * p - 1.0);
        text(
            &mut s,
            RIGHT + 6.0,
            y_winrate(p) + 4.0,
            "start",
            "",
            &format!("{l:+.0}"),
        );
    }
    let every = step(moves);
    let mut m = 0.0;
    while m <= moves {
        line(
            &mut s,
            (x(m), BOTTOM),
            (x(m), BOTTOM + 4.0),
            "stroke=\"#888\"",
        );
        text(
            &mut s,
            x(m),
            BOTTOM + 17.0,
            "middle",
            "",
            &format!("{m:.0}"),
        );
        m += every;
    }
    text(
        &mut s,
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 35.0,
        "middle",
        "",
        "move",
    );
    let vertical = |x: f64| {
        format!(
            " transform=\"rotate(-90 {x:.1} {:.1})\"",
            (TOP + BOTTOM) / 2.0
        )
    };
    text(
        &mut s,
        22.0,
        (TOP + BOTTOM) / 2.0,
        "middle",
        &vertical(22.0),
        "Black win rate",
    );
    text(
        &mut s,
        WIDTH - 16.0,
        (TOP + BOTTOM) / 2.0,
        "middle",
        &vertical(WIDTH - 16.0),
        "Black score lead (points)",
    );
    // The two lines.
    let series: [(&str, Vec<f64>); 2] = [
        (
            WINRATE_COLOUR,
            analyses
                .iter()
                .map(|a| y_winrate(f64::from(a.black_winrate())))
                .collect(),
        ),
        (
            LEAD_COLOUR,
            analyses
                .iter()
                .map(|a| y_lead(f64::from(a.black_lead())))
                .collect(),
        ),
    ];
    for (colour, ys) in series {
        let points: Vec<String> = ys
            .iter()
            .enumerate()
            .map(|(i, y)| format!("{:.1},{y:.1}", x(i as f64)))
            .collect();
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
    }
    // The mistakes, on the win rate after them.
    for r in mistakes(reviews, margin) {
        let (cx, cy) = (x(r.number as f64), y_winrate(f64::from(r.winrate_after)));
        let _ = writeln!(
            s,
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"4\" fill=\"{MISTAKE_COLOUR}\"/>"
        );
        text(
            &mut s,
            cx,
            cy - 7.0,
            "middle",
            &format!(" fill=\"{MISTAKE_COLOUR}\" font-size=\"10\""),
            &r.number.to_string(),
        );
    }
    // The legend.
    for (i, (colour, label)) in [
        (WINRATE_COLOUR, "Black win rate"),
        (LEAD_COLOUR, "Black score lead"),
        (MISTAKE_COLOUR, "mistake (move number)"),
    ]
    .into_iter()
    .enumerate()
    {
        let lx = LEFT + 10.0 + 180.0 * i as f64;
        line(
            &mut s,
            (lx, 38.0),
            (lx + 20.0, 38.0),
            &format!("stroke=\"{colour}\" stroke-width=\"3\""),
        );
        text(&mut s, lx + 26.0, 42.0, "start", "", label);
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::judge;

    /// Checks that `xml` is well formed as far as a chart needs: tags nest and close, one
    /// root, attributes quoted, every `&` an entity.
    fn well_formed(xml: &str) -> Result<(), String> {
        let mut open: Vec<String> = Vec::new();
        let mut roots = 0;
        let mut rest = xml;
        while let Some(start) = rest.find('<') {
            let between = &rest[..start];
            for (i, _) in between.match_indices('&') {
                let entity = &between[i..];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e))
                {
                    return Err(format!("bare & in {between:?}"));
                }
            }
            let end = rest[start..].find('>').ok_or("unclosed tag")? + start;
            let tag = &rest[start + 1..end];
            rest = &rest[end + 1..];
            if tag.starts_with('?') || tag.starts_with('!') {
                continue;
            }
            if !tag.matches('"').count().is_multiple_of(2) {
                return Err(format!("unbalanced quotes in <{tag}>"));
            }
            let names: Vec<&str> = tag
                .split('"')
                .step_by(2)
                .filter_map(|part| part.trim_end().strip_suffix('='))
                .map(|part| part.rsplit(' ').next().unwrap_or(""))
                .collect();
            if (1..names.len()).any(|i| names[..i].contains(&names[i])) {
                return Err(format!("an attribute twice in <{tag}>"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                if open.pop().as_deref() != Some(name) {
                    return Err(format!("</{name}> closes nothing open"));
                }
            } else {
                let name = tag
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_end_matches('/');
                if open.is_empty() {
                    roots += 1;
                }
                if !tag.ends_with('/') {
                    open.push(name.to_string());
                }
            }
        }
        if !open.is_empty() || roots != 1 {
            return Err(format!("open {open:?}, {roots} roots"));
        }
        Ok(())
    }

    #[test]
    fn the_chart_is_well_formed_and_marks_the_mistakes() {
        let (record, analyses) = judge::tests::game();
        let reviews = judge::moves(&record, &analyses);
        let svg = chart("a <b> & \"c\".sgf", &analyses, &reviews, 0.04);
        well_formed(&svg).unwrap();
        assert!(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;.sgf"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(well_formed("<svg><g></svg>").is_err());
        assert!(well_formed("<svg>&x</svg>").is_err());
        assert!(well_formed("<svg a=\"1\" b=\"2\" a=\"3\"/>").is_err());
        assert_eq!(step(60.0), 10.0);
        assert_eq!(step(4.0), 1.0);
        assert_eq!(step(150.0), 20.0);
    }
}
