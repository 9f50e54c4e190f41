//! The reviewed record: the original tree with every property kept, a comment (`C`) added
//! on each move of the main line, `BM` (bad move, `2` for twice the margin) on a mistake
//! that has no move annotation yet, and beside each mistake a variation: the best move and
//! its principal variation, a sibling of the played move, as Sabaki and GoGui show them.

use super::judge::MoveReview;
use super::position::vertex;
use super::report::{lead_text, percent};
use crate::board::Color;
use crate::sgf::{Coord, GameTree, SgfNode, coord_to_sgf};

/// Moves of a principal variation written as a variation.
const PV_MOVES: usize = 12;

/// A node of the main line and the variations that branch off before it (alternatives to
/// it, the main line's first).
type MainLineStep = (SgfNode, Vec<GameTree>);

/// The main line as a list of nodes, each with the alternatives to it.
fn flatten(mut tree: GameTree) -> Vec<MainLineStep> {
    let mut out = Vec::new();
    let mut alternatives = Vec::new();
    loop {
        for (i, node) in std::mem::take(&mut tree.nodes).into_iter().enumerate() {
            let alts = if i == 0 {
                std::mem::take(&mut alternatives)
            } else {
                Vec::new()
            };
            out.push((node, alts));
        }
        let mut children = std::mem::take(&mut tree.children);
        if children.is_empty() {
            return out;
        }
        tree = children.remove(0);
        alternatives = children;
    }
}

/// The tree of a flattened main line: a new branch point wherever a node has alternatives.
fn rebuild(steps: Vec<MainLineStep>) -> GameTree {
    let mut children: Vec<GameTree> = Vec::new();
    let mut sequence = Vec::new();
    for (node, alts) in steps.into_iter().rev() {
        sequence.push(node);
        if !alts.is_empty() {
            sequence.reverse();
            let main = GameTree {
                nodes: std::mem::take(&mut sequence),
                children: std::mem::take(&mut children),
            };
            children = std::iter::once(main).chain(alts).collect();
        }
    }
    sequence.reverse();
    GameTree {
        nodes: sequence,
        children,
    }
}

/// `tree` with the reviews of its main line's moves (`reviews`, one a move in order); an
/// error when the two do not match.
pub(super) fn annotate(
    tree: GameTree,
    reviews: &[MoveReview],
    margin: f32,
    playouts: u64,
    size: usize,
) -> Result<GameTree, String> {
    let mut steps = flatten(tree);
    let at: Vec<usize> = steps
        .iter()
        .enumerate()
        .flat_map(|(j, (node, _))| {
            let moves = node.props.iter().filter(|(id, _)| id == "B" || id == "W");
            moves.map(move |_| j)
        })
        .collect();
    if at.len() != reviews.len() {
        return Err(format!(
            "{} moves on the main line, {} reviewed",
            at.len(),
            reviews.len()
        ));
    }
    for (i, (r, &j)) in reviews.iter().zip(&at).enumerate() {
        // A node with two moves (which SGF forbids) gets the review of its last.
        if at.get(i + 1) == Some(&j) {
            continue;
        }
        let (node, alts) = &mut steps[j];
        add_comment(node, &comment(r, margin, playouts));
        if r.is_mistake(margin) {
            let judged = ["BM", "TE", "DO", "IT"].iter().any(|id| node.has(id));
            if !judged {
                let grade = if r.loss > 2.0 * margin { "2" } else { "1" };
                node.props.push(("BM".into(), vec![grade.into()]));
            }
            // The root cannot have siblings.
            if j > 0 {
                alts.push(variation(r, size));
            }
        }
    }
    Ok(rebuild(steps))
}

/// Adds `text` to the node's comment, after what it already says.
fn add_comment(node: &mut SgfNode, text: &str) {
    match node.props.iter_mut().find(|(id, _)| id == "C") {
        Some((_, values)) if !values.is_empty() => {
            values[0] = format!("{}\n\n{text}", values[0]);
        }
        Some((_, values)) => values.push(text.into()),
        None => node.props.push(("C".into(), vec![text.into()])),
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The comment on a reviewed move.
fn comment(r: &MoveReview, margin: f32, playouts: u64) -> String {
    let mover = name(r.color);
    let mut s = format!(
        "moyo review ({playouts} playouts a position)\nMove {} {} {}: Black win rate {} (before \
         {}), score lead {} (before {}).\n",
        r.number,
        r.color.letter(),
        vertex(r.played),
        percent(r.winrate_after),
        percent(r.winrate_before),
        lead_text(r.lead_after),
        lead_text(r.lead_before),
    );
    if r.played == r.best {
        s.push_str("moyo's choice too.");
    } else {
        s.push_str(&format!(
            "{mover} lost {} of win rate and {:.1} points; moyo prefers {} ({} for {mover}).",
            percent(r.loss.max(0.0)),
            r.score_loss,
            vertex(r.best),
            percent(r.best_winrate),
        ));
    }
    if r.is_mistake(margin) {
        let pv: Vec<String> = r.pv.iter().take(PV_MOVES).map(|&c| vertex(c)).collect();
        s.push_str(&format!(
            "\nMistake (loss above {}). Better: {} (in the variation).",
            percent(margin),
            pv.join(" ")
        ));
    }
    s
}

/// The variation beside a mistake: the best move, then its principal variation.
fn variation(r: &MoveReview, size: usize) -> GameTree {
    let pv: Vec<Option<Coord>> = if r.pv.first() == Some(&r.best) {
        r.pv.iter().take(PV_MOVES).copied().collect()
    } else {
        vec![r.best]
    };
    let mut color = r.color;
    let nodes = pv
        .into_iter()
        .enumerate()
        .map(|(i, at)| {
            let point = at.map_or_else(String::new, |c| coord_to_sgf(c, size));
            let mut props = vec![(color.letter().to_string(), vec![point])];
            if i == 0 {
                props.push((
                    "C".into(),
                    vec![format!(
                        "moyo: {} instead of {}, {} for {} (score lead {}).",
                        vertex(r.best),
                        vertex(r.played),
                        percent(r.best_winrate),
                        name(r.color),
                        lead_text(match r.color {
                            Color::Black => r.best_lead,
                            Color::White => -r.best_lead,
                        }),
                    )],
                ));
            }
            color = color.opp();
            SgfNode { props }
        })
        .collect();
    GameTree {
        nodes,
        children: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::judge;
    use crate::sgf::parse_first_tree;

    #[test]
    fn flattening_and_rebuilding_keep_the_tree() {
        let text = "(;SZ[9];B[ee](;W[cc];B[gg](;W[gc])(;W[cg]))(;W[gg]))";
        let tree = parse_first_tree(text).unwrap();
        let again = rebuild(flatten(parse_first_tree(text).unwrap()));
        assert_eq!(again, tree);
    }

    #[test]
    fn moves_get_comments_and_mistakes_variations() {
        let (_, analyses) = judge::tests::game();
        let text = "(;FF[4]SZ[9]PB[b]RE[W+R];B[ee]C[opening](;W[cg];AE[];B[gc];W[])(;W[aa]))";
        let tree = parse_first_tree(text).unwrap();
        let record = crate::sgf::GameRecord::from_tree(&tree).unwrap();
        let reviews = judge::moves(&record, &analyses);
        let out = annotate(tree, &reviews, 0.10, 300, 9).unwrap();
        let written = out.to_sgf();
        let back = parse_first_tree(&written).unwrap();
        let main: Vec<&SgfNode> = back.main_line().collect();
        assert_eq!(main[0].get_first("PB"), Some("b"));
        assert_eq!(main[0].get_first("RE"), Some("W+R"));
        let comments: Vec<&str> = main.iter().filter_map(|n| n.get_first("C")).collect();
        assert_eq!(comments.len(), 4, "{written}");
        assert!(
            comments[0].starts_with("opening\n\nmoyo review"),
            "{written}"
        );
        // Move 2 (W C3) lost 25 points: BM[2] and the best move G3 as a variation beside
        // it, after the main line and the record's own variation.
        assert_eq!(main[2].get_first("BM"), Some("2"), "{written}");
        assert!(comments[1].contains("Mistake"), "{}", comments[1]);
        let branch = &back.children;
        assert_eq!(branch.len(), 3, "{written}");
        assert_eq!(branch[0].nodes[0].get_first("W"), Some("cg"));
        assert_eq!(branch[1].nodes[0].get_first("W"), Some("aa"));
        assert_eq!(branch[2].nodes[0].get_first("W"), Some("gg"));
        assert_eq!(branch[2].nodes[1].get_first("B"), Some("ai"));
        // A record whose moves do not match the reviews is refused.
        let short = parse_first_tree("(;SZ[9];B[ee])").unwrap();
        assert!(annotate(short, &reviews, 0.1, 300, 9).is_err());
    }
}
