//! The picture of a run, hand-written SVG: one panel per parameter (the population mean
//! as a line in a band of one spread either side, the default dashed, the y axis the
//! span of those values inside the tuned range) and, when check games were played, a
//! panel of the champion's score against the defaults with its 95% interval.

use super::summary::{Summary, score};
use std::fmt::Write as _;

const WIDTH: f64 = 720.0;
const PANEL: f64 = 130.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 28.0;
const GAP: f64 = 22.0;

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One panel's frame: its box, title and y labels; returns the mapping of (generation,
/// value) to the picture.
fn frame(
    out: &mut String,
    y0: f64,
    title: &str,
    lo: f64,
    hi: f64,
    gens: usize,
) -> impl Fn(f64, f64) -> (f64, f64) + use<> {
    let w = WIDTH - LEFT - RIGHT;
    let h = PANEL - GAP;
    let _ = writeln!(
        out,
        "<rect x=\"{LEFT}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#888\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"{:.1}\" font-size=\"12\">{}</text>",
        y0 - 4.0,
        esc(title)
    );
    for (v, y) in [(hi, y0 + 10.0), (lo, y0 + h)] {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"10\" text-anchor=\"end\">{}</text>",
            LEFT - 4.0,
            short(v)
        );
    }
    let span = (gens.max(2) - 1) as f64;
    let range = if hi > lo { hi - lo } else { 1.0 };
    move |g: f64, v: f64| {
        let x = LEFT + w * g / span;
        let y = y0 + h - h * ((v - lo) / range).clamp(0.0, 1.0);
        (x, y)
    }
}

/// A panel's y axis: the span of the band and the default, a tenth wider on each side,
/// inside the parameter's declared range (a range of a million would flatten a run that
/// moves between 800 and 1,000).
fn axis(bands: &[(f64, f64)], default: f64, min: f64, max: f64) -> (f64, f64) {
    let (mut lo, mut hi) = (default, default);
    for &(mean, spread) in bands {
        lo = lo.min(mean - spread);
        hi = hi.max(mean + spread);
    }
    let pad = if hi > lo {
        (hi - lo) / 10.0
    } else {
        default.abs().max(1.0) / 10.0
    };
    ((lo - pad).max(min), (hi + pad).min(max))
}

fn short(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-" {
        "0".into()
    } else {
        s.to_string()
    }
}

fn polyline(out: &mut String, points: &[(f64, f64)], style: &str) {
    if points.is_empty() {
        return;
    }
    let p: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let _ = writeln!(
        out,
        "<polyline points=\"{}\" fill=\"none\" {style}/>",
        p.join(" ")
    );
}

/// The SVG text of `s`.
pub fn draw(s: &Summary) -> String {
    let gens: Vec<_> = s
        .generations
        .iter()
        .filter(|g| !g.stats.is_empty())
        .collect();
    let checks: Vec<_> = s.generations.iter().filter(|g| g.check.is_some()).collect();
    let panels = s.spec.params.len() + usize::from(!checks.is_empty());
    let height = TOP + PANEL * panels as f64 + 30.0;
    let n = s.generations.len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"16\" font-size=\"13\">moyo tune ({}): population mean ± spread \
         by generation, default dashed</text>",
        esc(&s.method)
    );
    for (i, t) in s.spec.params.iter().enumerate() {
        let y0 = TOP + GAP + PANEL * i as f64;
        let bands: Vec<_> = gens.iter().map(|g| g.stats[i]).collect();
        let (lo, hi) = axis(&bands, t.default, t.min, t.max);
        let map = frame(&mut out, y0, &t.name, lo, hi, n);
        let upper: Vec<_> = gens
            .iter()
            .map(|g| map(g.index as f64, g.stats[i].0 + g.stats[i].1))
            .collect();
        let lower: Vec<_> = gens
            .iter()
            .rev()
            .map(|g| map(g.index as f64, g.stats[i].0 - g.stats[i].1))
            .collect();
        if !upper.is_empty() {
            let band: Vec<String> = upper
                .iter()
                .chain(&lower)
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            let _ = writeln!(
                out,
                "<polygon points=\"{}\" fill=\"#9ecae1\" opacity=\"0.6\"/>",
                band.join(" ")
            );
        }
        let mean: Vec<_> = gens
            .iter()
            .map(|g| map(g.index as f64, g.stats[i].0))
            .collect();
        polyline(&mut out, &mean, "stroke=\"#08519c\" stroke-width=\"1.5\"");
        let d = [map(0.0, t.default), map((n.max(2) - 1) as f64, t.default)];
        polyline(&mut out, &d, "stroke=\"#e6550d\" stroke-dasharray=\"5,4\"");
    }
    if !checks.is_empty() {
        let y0 = TOP + GAP + PANEL * s.spec.params.len() as f64;
        let map = frame(
            &mut out,
            y0,
            "champion against the defaults (score, 95%)",
            0.0,
            1.0,
            n,
        );
        polyline(
            &mut out,
            &[map(0.0, 0.5), map((n.max(2) - 1) as f64, 0.5)],
            "stroke=\"#888\" stroke-dasharray=\"2,3\"",
        );
        let mut line = Vec::new();
        for g in checks {
            let (w, d, l) = g.check.unwrap_or_default();
            let (p, e) = score(w, d, l);
            let (x, y) = map(g.index as f64, p);
            let (_, ylo) = map(g.index as f64, p - e);
            let (_, yhi) = map(g.index as f64, p + e);
            let _ = writeln!(
                out,
                "<line x1=\"{x:.1}\" y1=\"{ylo:.1}\" x2=\"{x:.1}\" y2=\"{yhi:.1}\" stroke=\"#31a354\"/>"
            );
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"#31a354\"/>"
            );
            line.push((x, y));
        }
        polyline(&mut out, &line, "stroke=\"#31a354\"");
    }
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"{:.1}\" font-size=\"11\">generation 0 .. {}</text>",
        height - 8.0,
        n.saturating_sub(1)
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::axis;

    #[test]
    fn the_axis_spans_the_values_not_the_declared_range() {
        let (lo, hi) = axis(&[(800.0, 240.0), (980.0, 176.0)], 800.0, 0.0, 1e6);
        assert!(
            (lo - 500.4).abs() < 1e-6 && (hi - 1215.6).abs() < 1e-6,
            "{lo} {hi}"
        );
    }

    #[test]
    fn the_axis_stays_inside_the_declared_range() {
        assert_eq!(axis(&[(0.05, 0.1)], 0.1, 0.0, 1.0).0, 0.0);
        let (lo, hi) = axis(&[], 0.5, 0.0, 1.0);
        assert!(lo < 0.5 && hi > 0.5 && lo >= 0.0 && hi <= 1.0);
    }
}
