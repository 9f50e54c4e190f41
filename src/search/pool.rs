//! The search's side of poolRave (`playout::pool`): each colour's pool of the tree's best
//! moves by AMAF, taken from the path a playout descended. See
//! docs/experiments/learned-playouts.md.

use super::tree::{PASS, Tree};
use crate::board::Color;
use crate::params::SizedParams;
use crate::playout::pool::{RavePool, TopMoves};

/// AMAF samples at one half that a child's AMAF win rate is shrunk by before the children
/// are ranked, so that a move seen a few times does not outrank one seen often.
const SHRINK: f32 = 10.0;

/// Fills `pool` for a playout from the end of the path just descended, `path` being (the
/// nodes below the root, their moves, the colour to play at the root): for each colour, the
/// `playout_pool_size` children with the best shrunk AMAF win rate of the deepest node of
/// the path (the root included) with that colour to play, children, and at least
/// `playout_pool_visits` visits (a node left unexpanded when the tree was full is passed
/// over). A colour with no such node gets an empty pool.
pub fn fill(
    pool: &mut RavePool,
    tree: &Tree,
    (nodes, moves, to_play): (&[usize], &[(u16, Color)], Color),
    params: &SizedParams,
) {
    pool.clear();
    let mut filled = [false; 2];
    for j in (0..=nodes.len()).rev() {
        let (node, c) = match j {
            0 => (tree.root(), to_play),
            _ => (nodes[j - 1], moves[j - 1].1.opp()),
        };
        let busy = tree.node(node).online().visits >= params.playout_pool_visits;
        if filled[c.index()] || !busy || tree.children(node).is_empty() {
            continue;
        }
        let mut top = TopMoves::new(params.playout_pool_size);
        for ch in tree.children(node) {
            let n = tree.node(ch);
            let a = n.amaf();
            if n.mv() != PASS && a.visits > 0 && !n.excluded() {
                let rate = (a.wins as f32 + SHRINK / 2.0) / (a.visits as f32 + SHRINK);
                top.offer(rate, n.mv());
            }
        }
        top.points().for_each(|p| pool.push(c, p));
        filled[c.index()] = true;
        if filled == [true; 2] {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use crate::search::tree::ONE_VISIT;
    use Color::{Black, White};

    /// AMAF `wins` of `visits` on node `n`.
    fn amaf(t: &Tree, n: usize, visits: u64, wins: u64) {
        for i in 0..visits {
            t.node(n).add_amaf(1, i < wins);
        }
    }

    fn sorted(moves: &[u16]) -> Vec<u16> {
        let mut v = moves.to_vec();
        v.sort();
        v
    }

    #[test]
    fn each_colour_gets_the_best_amaf_children_of_its_deepest_busy_node() {
        let mut params = Params::default();
        params.set("playout_pool_size", "2").unwrap();
        params.set("playout_pool_visits", "10").unwrap();
        let params = params.for_size(9);
        let mut t = Tree::new(64);
        t.reset();
        // The root (Black to play) has moves 10..14 and pass; its child 10 (White to play)
        // has moves 20..23; that child's child 20 (Black to play) is barely visited.
        assert!(t.node(0).try_claim() && t.expand(0, &[10, 11, 12, 13, PASS], &[0.5; 5], &[]));
        let kid = t.children(0).start;
        assert!(t.node(kid).try_claim() && t.expand(kid, &[20, 21, 22], &[0.5; 3], &[]));
        let grandkid = t.children(kid).start;
        assert!(t.node(grandkid).try_claim() && t.expand(grandkid, &[30, 31], &[0.5; 2], &[]));
        t.node(0).add(100 * ONE_VISIT);
        t.node(kid).add(40 * ONE_VISIT);
        t.node(grandkid).add(3 * ONE_VISIT);
        for (i, (v, w)) in [(30, 20), (30, 10), (3, 3), (30, 25), (90, 90)]
            .into_iter()
            .enumerate()
        {
            amaf(&t, kid + i, v, w);
        }
        let kids: Vec<usize> = t.children(kid).collect();
        for (&n, (v, w)) in kids.iter().zip([(20, 2), (20, 18), (20, 12)]) {
            amaf(&t, n, v, w);
        }
        let mut pool = RavePool::default();
        let path = [kid, grandkid];
        let moves = [(10, Black), (20, White)];
        fill(&mut pool, &t, (&path, &moves, Black), &params);
        // Black: the grandchild has too few visits, so the root's: 13 (0.71) and 10 (0.63)
        // beat 12 (3 of 3, shrunk to 0.62), 11 and the pass.
        assert_eq!(sorted(pool.moves(Black)), vec![10, 13]);
        // White: the child's best two.
        assert_eq!(sorted(pool.moves(White)), vec![21, 22]);
        // At the root alone, White has no busy node: an empty pool.
        fill(&mut pool, &t, (&[], &[], Black), &params);
        assert_eq!(sorted(pool.moves(Black)), vec![10, 13]);
        assert!(pool.moves(White).is_empty());
    }
}
