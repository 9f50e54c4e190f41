//! `moyo book stats`: the size of a book, Lincke's depth table (nodes, leaves and % leaves
//! per depth, his Fig. 8/9) and the drop-out diagram (depth and value of every leaf the
//! opponent can reach while the book player plays only optimal moves, his Fig. 5-7), as
//! text and as an SVG picture.

use super::graph::Book;
use super::settings::BuildInfo;
use crate::board::Color;

/// The figures of a book.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub nodes: usize,
    pub leaves: usize,
    pub max_depth: u32,
    /// Per depth: (nodes, leaves).
    pub per_depth: Vec<(usize, usize)>,
    /// Per book player (Black, White): (depth, win rate for the book player) of every leaf
    /// reachable when the book player plays only optimal moves.
    pub dropout: [Vec<(u32, f32)>; 2],
}

/// Computes the figures.
pub fn stats(book: &Book) -> Stats {
    let mut s = Stats {
        nodes: book.len(),
        ..Stats::default()
    };
    for n in &book.nodes {
        if n.depth == u32::MAX {
            continue;
        }
        let d = n.depth as usize;
        if s.per_depth.len() <= d {
            s.per_depth.resize(d + 1, (0, 0));
        }
        s.per_depth[d].0 += 1;
        if !n.is_interior() {
            s.per_depth[d].1 += 1;
            s.leaves += 1;
        }
        s.max_depth = s.max_depth.max(n.depth);
    }
    for (k, player) in [Color::Black, Color::White].into_iter().enumerate() {
        s.dropout[k] = dropout(book, player);
    }
    s
}

/// The leaves reachable from the start when `player` plays only optimal book moves and the
/// opponent any book move: (depth, win rate for `player`), by depth then value.
pub fn dropout(book: &Book, player: Color) -> Vec<(u32, f32)> {
    let mut seen = vec![false; book.len()];
    let mut stack = vec![0u32];
    seen[0] = true;
    let mut out = Vec::new();
    while let Some(i) = stack.pop() {
        let n = &book.nodes[i as usize];
        if !n.is_interior() {
            let v = if n.to_move == player { n.p } else { -n.p };
            out.push((n.depth, (v + 1.0) / 2.0));
            continue;
        }
        for e in &n.edges {
            let c = &book.nodes[e.child as usize];
            if n.to_move == player && n.negamax + c.p > 0.0 {
                continue;
            }
            if !seen[e.child as usize] {
                seen[e.child as usize] = true;
                stack.push(e.child);
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    out
}

/// The `moyo book stats` text: `nodes N`, `leaves N`, `max_depth N`, the build, then the
/// depth table and the drop-out data.
pub fn report(book: &Book, info: &BuildInfo) -> String {
    use std::fmt::Write;
    let s = stats(book);
    let mut o = String::new();
    let _ = writeln!(o, "nodes {}", s.nodes);
    let _ = writeln!(o, "leaves {}", s.leaves);
    let _ = writeln!(o, "max_depth {}", s.max_depth);
    let _ = writeln!(o, "interior {}", s.nodes - s.leaves);
    let _ = writeln!(o, "rules {}", book.rules);
    let _ = writeln!(
        o,
        "build playouts {} omega {} width {} widen_every {} local {} player {} fractional {}",
        info.playouts,
        book.shape.omega,
        info.width,
        info.widen_every,
        info.local,
        info.player.name(),
        if book.shape.fractional {
            format!("yes (gap {})", book.shape.frac_gap)
        } else {
            "no".into()
        }
    );
    let rate = if info.seconds > 0.0 {
        info.evaluations as f64 * 3600.0 / info.seconds
    } else {
        0.0
    };
    let _ = writeln!(
        o,
        "build expansions {} evaluations {} seconds {:.0} evaluations_per_hour {:.0}",
        info.expansions, info.evaluations, info.seconds, rate
    );
    for (k, e) in info.evaluators.iter().enumerate() {
        let positions = book.nodes.iter().filter(|n| n.eval as usize == k).count();
        let _ = writeln!(
            o,
            "evaluator {k} version {} playouts {} seed {} positions {positions}{} params {}",
            e.version,
            e.playouts,
            e.seed,
            if e.is_stale() { " stale" } else { "" },
            e.changed_params()
        );
    }
    let checks = book.nodes.iter().filter(|n| n.check.is_some()).count();
    let disputed = book.nodes.iter().filter(|n| n.disputed()).count();
    let _ = writeln!(
        o,
        "checks {checks} disputed {disputed} check_margin {}",
        book.shape.check_margin
    );
    let root = book.root_value();
    let _ = writeln!(
        o,
        "root_value {:.4} (Black's win rate {:.4})",
        root,
        (root + 1.0) / 2.0
    );
    if let Some(best) = book.nodes[0].edges.iter().max_by(|a, b| {
        let va = -book.nodes[a.child as usize].p;
        let vb = -book.nodes[b.child as usize].p;
        va.total_cmp(&vb)
    }) {
        let size = book.rules.size;
        let (c, r) = (best.mv as usize % size, best.mv as usize / size);
        let _ = writeln!(
            o,
            "root_best {} (in the stored orientation)",
            crate::board::vertex_string(c, r)
        );
    }
    let _ = writeln!(o, "depth nodes leaves %leaf");
    for (d, &(n, l)) in s.per_depth.iter().enumerate() {
        let pct = if n > 0 {
            100.0 * l as f64 / n as f64
        } else {
            0.0
        };
        let _ = writeln!(o, "{d} {n} {l} {pct:.0}%");
    }
    for (k, name) in ["black", "white"].iter().enumerate() {
        let pts = &s.dropout[k];
        let _ = writeln!(
            o,
            "dropout_summary {name}: leaves {} ; per depth: leaves, worst and best win rate for {name}",
            pts.len()
        );
        let mut i = 0;
        while i < pts.len() {
            let d = pts[i].0;
            let j = i + pts[i..].iter().take_while(|p| p.0 == d).count();
            let _ = writeln!(
                o,
                "dropout_depth {name} {d} {} {:.4} {:.4}",
                j - i,
                pts[i].1,
                pts[j - 1].1
            );
            i = j;
        }
    }
    let _ = writeln!(o, "dropout_points player depth winrate_for_book_player");
    for (k, name) in ["black", "white"].iter().enumerate() {
        for &(d, v) in &s.dropout[k] {
            let _ = writeln!(o, "dropout {name} {d} {v:.4}");
        }
    }
    o
}

/// The drop-out diagrams (Black as book player left, White right) as an SVG picture.
pub fn svg(book: &Book, title: &str) -> String {
    use std::fmt::Write;
    let s = stats(book);
    let (w, h) = (1000.0f32, 480.0f32);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(o, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    let _ = writeln!(
        o,
        "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>",
        w / 2.0,
        escape(title)
    );
    let root = (book.root_value() + 1.0) / 2.0;
    let mut all: Vec<f32> = s.dropout.iter().flatten().map(|p| p.1).collect();
    all.extend([root, 1.0 - root]);
    let lo = all.iter().copied().fold(1.0f32, f32::min);
    let hi = all.iter().copied().fold(0.0f32, f32::max);
    let (lo, hi) = if lo < hi {
        ((lo * 20.0).floor() / 20.0, (hi * 20.0).ceil() / 20.0)
    } else {
        (0.0, 1.0)
    };
    let max_d = s.max_depth.max(1) as f32;
    for (k, name) in ["Black", "White"].iter().enumerate() {
        let x0 = 70.0 + k as f32 * 480.0;
        let (pw, ph, y0) = (400.0f32, 370.0f32, 50.0f32);
        let px = |d: f32| x0 + d / max_d * pw;
        let py = |v: f32| y0 + ph - (v - lo) / (hi - lo) * ph;
        let _ = writeln!(
            o,
            "<rect x=\"{x0}\" y=\"{y0}\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"black\"/>"
        );
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">book player {name}: {} leaves</text>",
            x0 + pw / 2.0,
            y0 - 8.0,
            s.dropout[k].len()
        );
        // Axes: depth ticks and win-rate ticks.
        let step = ((max_d / 10.0).ceil()).max(1.0) as u32;
        let mut d = 0;
        while d as f32 <= max_d {
            let x = px(d as f32);
            let _ = writeln!(
                o,
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"black\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{d}</text>",
                y0 + ph,
                y0 + ph + 5.0,
                y0 + ph + 18.0
            );
            d += step;
        }
        let mut v = lo;
        while v <= hi + 1e-4 {
            let y = py(v);
            let _ = writeln!(
                o,
                "<line x1=\"{}\" y1=\"{y}\" x2=\"{x0}\" y2=\"{y}\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{v:.2}</text>",
                x0 - 5.0,
                x0 - 8.0,
                y + 4.0
            );
            v += 0.05;
        }
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">depth (moves)</text>",
            x0 + pw / 2.0,
            y0 + ph + 34.0
        );
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 {} {})\">win rate for {name}</text>",
            x0 - 48.0,
            y0 + ph / 2.0,
            x0 - 48.0,
            y0 + ph / 2.0
        );
        // The start position's value for the book player: the leaf the book reaches when
        // the opponent plays optimal moves too.
        let root = (book.root_value() + 1.0) / 2.0;
        let root = if k == 0 { root } else { 1.0 - root };
        if (lo..=hi).contains(&root) {
            let y = py(root);
            let _ = writeln!(
                o,
                "<line x1=\"{x0}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#3060c0\" stroke-dasharray=\"4 3\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#3060c0\">start position {root:.3}</text>",
                x0 + pw,
                x0 + pw - 4.0,
                y - 4.0
            );
        }
        for &(d, v) in &s.dropout[k] {
            let _ = writeln!(
                o,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2\" fill=\"{}\" fill-opacity=\"0.5\"/>",
                px(d as f32),
                py(v),
                if k == 0 { "black" } else { "#c03030" }
            );
        }
    }
    o.push_str("</svg>\n");
    o
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
