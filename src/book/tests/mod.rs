//! Tests of the book: propagation and priorities on a hand-made graph, the omega limits,
//! transpositions, symmetry, the file and the resumable builder (with a fake evaluator, so
//! no search runs). The files beside this one test one concept each, with the helpers here.

mod check;
mod follow;
mod order;
mod revalue;
mod suite;

use super::*;
use crate::board::{Color, Game, Move, Scoring, Symmetry};
use std::collections::HashSet;
use std::path::PathBuf;

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A deterministic evaluator: the value is a hash of the canonical key (and of the version,
/// when it is not today's), the move order a hash of the key and the stored move (so both
/// are the same in every orientation). With a budget it is "killed" after that many
/// evaluations.
struct FakeEvaluator {
    budget: Option<usize>,
    calls: usize,
    version: u32,
    /// The "playouts" of its settings: a deeper fake gives other values.
    playouts: u64,
}

impl FakeEvaluator {
    fn new() -> FakeEvaluator {
        FakeEvaluator::of_version(EVAL_VERSION)
    }

    fn of_version(version: u32) -> FakeEvaluator {
        FakeEvaluator {
            budget: None,
            calls: 0,
            version,
            playouts: 0,
        }
    }

    /// A fake of today's version standing for a search of `playouts` playouts.
    fn deeper(playouts: u64) -> FakeEvaluator {
        FakeEvaluator {
            playouts,
            ..FakeEvaluator::new()
        }
    }

    /// The value this evaluator gives a position of canonical key `key`.
    fn value(&self, key: u64) -> f32 {
        let salt = if self.version == EVAL_VERSION && self.playouts == 0 {
            0
        } else {
            mix(u64::from(self.version) ^ self.playouts << 8)
        };
        ((mix(key ^ salt) >> 11) as f64 / (1u64 << 53) as f64 * 1.6 - 0.8) as f32
    }
}

impl Evaluator for FakeEvaluator {
    fn evaluate(&mut self, game: &Game, to_play: Color) -> Option<Evaluation> {
        if self.budget.is_some_and(|b| self.calls >= b) {
            return None;
        }
        self.calls += 1;
        let (key, sym) = canonical(game.board(), to_play);
        let value = self.value(key);
        let mut moves: Vec<(u64, Move)> = game
            .board()
            .points()
            .filter(|&p| game.legality(to_play, Move::Play(p)).is_ok())
            .map(|p| {
                let m = Move::Play(p);
                let b = to_book(game.board(), sym, m).unwrap();
                (
                    mix(key ^ u64::from(b).wrapping_mul(0x1234_5678_9abc_def1)),
                    m,
                )
            })
            .collect();
        moves.sort_unstable_by_key(|x| x.0);
        Some(Evaluation {
            value,
            moves: moves.into_iter().map(|x| x.1).collect(),
        })
    }

    fn settings(&self) -> EvalSettings {
        EvalSettings {
            version: self.version,
            playouts: self.playouts,
            seed: 0,
            params: String::new(),
        }
    }
}

fn rules(size: usize) -> BookRules {
    BookRules {
        size,
        komi: 7.0,
        scoring: Scoring::Area,
    }
}

fn info(width: u32, widen_every: u32, player: PlayerMode) -> BuildInfo {
    BuildInfo {
        width,
        widen_every,
        player,
        ..BuildInfo::default()
    }
}

fn shape(omega: f32) -> Shape {
    Shape {
        omega,
        ..Shape::default()
    }
}

fn evals() -> Vec<Box<dyn Evaluator>> {
    vec![Box::new(FakeEvaluator::new())]
}

/// A builder over `size`x`size` komi 7 with drop-out parameter `omega`, not yet stepped.
fn builder(size: usize, omega: f32, info: BuildInfo) -> Builder {
    Builder::create(
        rules(size),
        shape(omega),
        info,
        None,
        &mut FakeEvaluator::new(),
    )
    .unwrap()
}

/// `builder` after `steps` expansions by one fake evaluator.
fn built(size: usize, omega: f32, info: BuildInfo, steps: usize) -> Builder {
    let mut ev = evals();
    let mut b = builder(size, omega, info);
    for _ in 0..steps {
        b.step(&mut ev).unwrap();
    }
    b
}

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("moyo-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    let _ = std::fs::remove_file(sibling(&p, ".journal"));
    p
}

/// The hand-made graph: root R (Black) -> A, B, C (White); A -> A1, A2; C -> C1 (Black).
/// h: A1 0.2, A2 -0.1, B 0.3, C1 0.05. So p(A) = 0.1, p(B) = 0.3, p(C) = -0.05 and
/// p(R) = 0.05 through C, Black's best move.
fn hand_made(omega: f32) -> Book {
    let mut nodes = Vec::new();
    let mut node = |key: u64, to_move: Color, h: f32, edges: &[u32]| {
        let mut n = BookNode::leaf(key, to_move, h);
        n.expanded = !edges.is_empty();
        n.edges = edges
            .iter()
            .enumerate()
            .map(|(k, &c)| Edge {
                mv: k as u16,
                child: c,
            })
            .collect();
        nodes.push(n);
    };
    use Color::{Black, White};
    node(100, Black, 0.9, &[1, 2, 3]); // 0 R (h is replaced by p when interior)
    node(101, White, 0.0, &[4, 5]); // 1 A
    node(102, White, 0.3, &[]); // 2 B
    node(103, White, 0.0, &[6]); // 3 C
    node(104, Black, 0.2, &[]); // 4 A1
    node(105, Black, -0.1, &[]); // 5 A2
    node(106, Black, 0.05, &[]); // 6 C1
    Book::from_nodes(rules(9), shape(omega), nodes).unwrap()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-5
}

#[test]
fn negamax_and_dropout_priorities_on_a_hand_made_graph() {
    let b = hand_made(1.0);
    let p: Vec<f32> = b.nodes.iter().map(|n| n.p).collect();
    assert!(
        close(p[1], 0.1) && close(p[2], 0.3) && close(p[3], -0.05),
        "{p:?}"
    );
    assert!(close(p[0], 0.05), "root {}", p[0]);
    // Leaves have priority 0.
    for i in [2, 4, 5, 6] {
        assert_eq!((b.nodes[i].epb, b.nodes[i].epo), (0.0, 0.0));
    }
    // A: epb = 1 + epo(A2) (A2 is optimal: -p = 0.1 = p(A)); epo = 1 + min(0 + 1*(0.1+0.2),
    // 0 + 1*(0.1-0.1)) = 1. The gap is p_i + p_sj: with p_i - p_sj A2's gap would be 0.2.
    assert!(close(b.nodes[1].epb, 1.0) && close(b.nodes[1].epo, 1.0));
    // C: one child: epb = epo = 1.
    assert!(close(b.nodes[3].epb, 1.0) && close(b.nodes[3].epo, 1.0));
    // R: epb = 1 + epo(C) = 2 (only the optimal C counts); epo = 1 + min(epb(A) + 0.15,
    // epb(B) + 0.35, epb(C) + 0) = 1 + 0.35.
    assert!(close(b.nodes[0].epb, 2.0), "{}", b.nodes[0].epb);
    assert!(close(b.nodes[0].epo, 1.35), "{}", b.nodes[0].epo);
    assert!(close(b.nodes[0].epn, 1.0 + 0.35), "{}", b.nodes[0].epn);
    // Black as book player plays only the optimal C at the root...
    assert_eq!(b.select_child(0, BookPlayer::Black).unwrap().child, 3);
    // ...while with White as book player, Black at the root is the opponent: the shallow
    // sub-optimal B (0 + 0.35) beats A (1 + 0.15) and the deeper optimal C (1 + 0).
    assert_eq!(b.select_child(0, BookPlayer::White).unwrap().child, 2);
    assert_eq!(b.priority(0, BookPlayer::White), b.nodes[0].epo);
    assert_eq!(b.priority(0, BookPlayer::Black), b.nodes[0].epb);
    // At A (White to move) with Black as book player White is the opponent: A2 (gap 0).
    assert_eq!(b.select_child(1, BookPlayer::Black).unwrap().child, 5);
}

#[test]
fn omega_limits_on_the_hand_made_graph() {
    // omega -> infinity: only optimal moves are followed (best-first).
    let b = hand_made(f32::INFINITY);
    assert_eq!(b.select_child(0, BookPlayer::White).unwrap().child, 3);
    assert_eq!(b.select_child(0, BookPlayer::Nobody).unwrap().child, 3);
    assert!(close(b.nodes[0].epo, 2.0));
    // omega = 0: values do not matter, the shallowest leaf wins (breadth).
    let b = hand_made(0.0);
    assert_eq!(b.select_child(0, BookPlayer::White).unwrap().child, 2);
    assert_eq!(b.select_child(0, BookPlayer::Nobody).unwrap().child, 2);
    assert!(close(b.nodes[0].epn, 1.0));
}

#[test]
fn fractional_depth_favours_forced_lines() {
    let mut b = hand_made(1.0);
    b.shape.fractional = true;
    b.shape.frac_gap = 0.2;
    b.refresh();
    // C has one move only: increment 0.01. A: best 0.1, second -0.2, gap 0.3 >= 0.2: 0.01.
    assert!(close(b.nodes[3].epb, 0.01) && close(b.nodes[1].epb, 0.01));
    // R: best 0.05 (C), second -0.1 (A): gap 0.15, increment 1 - 0.15/0.2 = 0.25.
    assert!(close(b.nodes[0].epb, 0.25 + 0.01), "{}", b.nodes[0].epb);
}

fn best_first_leaf(b: &Book) -> u32 {
    let mut i = 0;
    while b.nodes[i as usize].is_interior() {
        let n = &b.nodes[i as usize];
        let e = n
            .edges
            .iter()
            .find(|e| n.p + b.nodes[e.child as usize].p <= 0.0)
            .unwrap();
        i = e.child;
    }
    i
}

#[test]
fn huge_omega_expands_only_the_best_first_path() {
    for player in [PlayerMode::Black, PlayerMode::Nobody, PlayerMode::Alternate] {
        let mut ev = evals();
        let mut b = builder(5, 1e9, info(0, 0, player));
        for _ in 0..25 {
            let expect = best_first_leaf(&b.book);
            match b.step(&mut ev).unwrap() {
                BuildStep::Expanded { node, .. } => assert_eq!(node, expect, "{player:?}"),
                s => panic!("{s:?}"),
            }
        }
    }
}

#[test]
fn zero_omega_with_no_book_player_expands_breadth_first() {
    let mut ev = evals();
    let mut b = builder(5, 0.0, info(0, 0, PlayerMode::Nobody));
    let mut last = 0;
    let mut depth1 = 0;
    for _ in 0..30 {
        let BuildStep::Expanded { node, .. } = b.step(&mut ev).unwrap() else {
            panic!()
        };
        let d = b.book.nodes[node as usize].depth;
        assert!(d >= last, "depth {d} expanded after depth {last}");
        last = d;
        depth1 += (d == 1) as usize;
    }
    // 5x5 has 6 first moves up to symmetry; all were expanded before any deeper node.
    assert_eq!(depth1, 6);
    assert_eq!(b.book.nodes[0].edges.len(), 6);
    assert!(last == 2);
}

/// Every position (canonical key and side to move) reachable in at most `depth` moves
/// from the empty board.
fn positions(size: usize, depth: usize) -> HashSet<u64> {
    let mut all = HashSet::new();
    let mut frontier = vec![Game::new(size, 7.0)];
    all.insert(canonical(frontier[0].board(), Color::Black).0);
    for _ in 0..depth {
        let mut next = Vec::new();
        for g in &frontier {
            let c = g.to_play();
            for p in g.board().points() {
                let mut h = g.clone();
                if h.play(c, Move::Play(p)).is_ok() && all.insert(canonical(h.board(), c.opp()).0) {
                    next.push(h);
                }
            }
        }
        frontier = next;
    }
    all
}

#[test]
fn transpositions_merge() {
    let mut ev = evals();
    let mut b = builder(4, 0.0, info(0, 0, PlayerMode::Nobody));
    // Expand every node of depth <= 2.
    loop {
        let BuildStep::Expanded { node, .. } = b.step(&mut ev).unwrap() else {
            panic!()
        };
        if b.book.nodes[node as usize].depth == 3 {
            break;
        }
    }
    let depth3: HashSet<u64> = b
        .book
        .nodes
        .iter()
        .filter(|n| n.depth <= 3)
        .map(|n| n.key)
        .collect();
    let expected = positions(4, 3);
    // Nodes hold each position once (one of depth 3 may already be expanded: its
    // children are deeper).
    assert_eq!(depth3, expected);
    let mut parents = vec![0; b.book.len()];
    for n in &b.book.nodes {
        for e in &n.edges {
            parents[e.child as usize] += 1;
        }
    }
    assert!(
        parents.iter().any(|&k| k >= 2),
        "some position is reached by two move orders"
    );
}

#[test]
fn a_rotated_position_gets_the_rotated_book_move() {
    let b = built(9, 5.0, info(8, 0, PlayerMode::Alternate), 40);
    let book = &b.book;
    // An interior position two moves deep, reached in some orientation.
    let i = (0..book.len() as u32)
        .find(|&i| book.nodes[i as usize].depth == 2 && book.nodes[i as usize].is_interior())
        .expect("an expanded position at depth 2");
    let (game, _) = b.book.line(i).unwrap();
    let color = game.to_play();
    let here = book.moves(&game, color);
    assert!(!here.is_empty());
    let line: Vec<(Color, Move)> = game.moves().to_vec();
    for s in Symmetry::ALL {
        let mut g = Game::new(9, 7.0);
        // Point indices depend only on the size, so `game`'s board maps for `g` too.
        let map = |m: Move| match m {
            Move::Pass => Move::Pass,
            Move::Play(p) => {
                let (c, r) = game.board().col_row(p);
                let (c, r) = s.apply(c, r, 9);
                Move::Play(game.board().point(c, r))
            }
        };
        for &(c, m) in &line {
            let m = map(m);
            g.play(c, m).unwrap();
        }
        let there = book.moves(&g, color);
        assert_eq!(there.len(), here.len());
        for (x, y) in here.iter().zip(&there) {
            assert_eq!(x.value, y.value);
        }
        let mapped: HashSet<Move> = here.iter().map(|c| map(c.mv)).collect();
        let got: HashSet<Move> = there.iter().map(|c| c.mv).collect();
        assert_eq!(mapped, got, "symmetry {}", s.0);
        let best = book.choose(&g, color, 0.0, |_| 0).unwrap();
        assert_eq!(best.mv, map(here[0].mv));
        assert!(g.legality(color, best.mv).is_ok());
    }
}

#[test]
fn lookups_need_the_same_size_a_near_komi_and_legal_moves() {
    let b = built(9, 5.0, info(6, 0, PlayerMode::Alternate), 3);
    let book = b.book;
    let g = Game::new(9, 7.0);
    assert_eq!(book.moves(&g, Color::Black).len(), 6);
    assert!(
        book.moves(&g, Color::White).is_empty(),
        "White to move is another position"
    );
    // Half a point of komi either way, a territory komi as half a point more.
    for komi in [6.5, 7.5] {
        assert_eq!(book.moves(&Game::new(9, komi), Color::Black).len(), 6);
    }
    for komi in [6.0, 8.0, 0.5] {
        assert!(book.moves(&Game::new(9, komi), Color::Black).is_empty());
    }
    assert!(book.moves(&Game::new(13, 7.0), Color::Black).is_empty());
    let territory = |komi| {
        let mut t = Game::new(9, komi);
        t.set_scoring(Scoring::Territory);
        t
    };
    for (komi, answers) in [
        (6.0, true),
        (6.5, true),
        (7.0, true),
        (7.5, false),
        (5.5, false),
    ] {
        assert_eq!(
            !book.moves(&territory(komi), Color::Black).is_empty(),
            answers,
            "{komi}"
        );
    }
    let mut lib = Library::default();
    lib.add(book.clone());
    assert!(lib.for_game(&g).is_some() && lib.for_game(&Game::new(9, 6.0)).is_none());
    // Of two books the nearest komi answers.
    let mut near = book.clone();
    near.rules.komi = 7.5;
    lib.add(near);
    assert_eq!(lib.for_game(&Game::new(9, 7.5)).unwrap().rules.komi, 7.5);
    assert_eq!(lib.for_game(&Game::new(9, 6.5)).unwrap().rules.komi, 7.0);
    assert_eq!(lib.for_game(&territory(6.5)).unwrap().rules.komi, 7.0);
    // Margin: with a wide margin any move can be drawn, with none only the best.
    let all = book.moves(&g, Color::Black);
    let last = book.choose(&g, Color::Black, 1.0, |n| n - 1).unwrap();
    assert_eq!(last.mv, all[all.len() - 1].mv);
    assert_eq!(
        book.choose(&g, Color::Black, 0.0, |n| n - 1).unwrap().mv,
        all[0].mv
    );
}

#[test]
fn a_deep_margin_plays_the_most_followed_of_the_near_best_moves() {
    let hand = hand_made(1.0);
    let reaches: Vec<usize> = (0..7).map(|n| hand.reach(n)).collect();
    assert_eq!(reaches, [7, 3, 1, 2, 1, 1, 1]);
    // Breadth first, until a root move other than the best has the most book beneath it.
    let g = Game::new(9, 7.0);
    let mut ev = evals();
    let mut b = builder(9, 0.0, info(6, 0, PlayerMode::Nobody));
    let (book, all, deepest) = loop {
        b.step(&mut ev).unwrap();
        let book = &b.book;
        let all = book.moves(&g, Color::Black);
        let reach = |mv: Move| {
            let mut h = g.clone();
            h.play(Color::Black, mv).unwrap();
            book.reach(book.find(canonical(h.board(), Color::White).0).unwrap())
        };
        let sizes: Vec<usize> = all.iter().map(|c| reach(c.mv)).collect();
        let deepest = (0..all.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i)));
        if let Some(d) = deepest.filter(|&d| d > 0 && sizes[d] > sizes[0]) {
            break (book.clone(), all, d);
        }
        assert!(book.nodes.len() < 200, "no such book in the first steps");
    };
    let choose = |deep: f32| {
        book.choose_among(&g, Color::Black, (0.0, deep), |_| true, |_| 0)
            .unwrap()
            .mv
    };
    assert_eq!(choose(0.0), all[0].mv, "no deep margin: the best value");
    assert_eq!(
        choose(1.0),
        all[deepest].mv,
        "a wide one: the most book beneath"
    );
    let gap = (all[0].value - all[deepest].value) / 2.0;
    assert_eq!(
        choose(gap * 0.5),
        all[0].mv,
        "the deepest is outside a narrow one"
    );
}

#[test]
fn file_round_trip_and_corruption() {
    let b = built(9, 7.5, info(6, 3, PlayerMode::White), 12);
    let bytes = to_bytes(&b.book, &b.info);
    let (book, info) = from_bytes(&bytes, "x.book").unwrap();
    assert_eq!(book.fingerprint(), b.book.fingerprint());
    assert_eq!(book.rules, b.book.rules);
    assert_eq!(book.shape, b.book.shape);
    assert_eq!(info.player, PlayerMode::White);
    assert_eq!(info.expansions, 12);
    let p: Vec<f32> = book.nodes.iter().map(|n| n.p).collect();
    let q: Vec<f32> = b.book.nodes.iter().map(|n| n.p).collect();
    assert_eq!(p, q);
    let visits: Vec<u32> = book.nodes.iter().map(|n| n.visits).collect();
    assert_eq!(
        visits,
        b.book.nodes.iter().map(|n| n.visits).collect::<Vec<_>>()
    );
    // One flipped bit anywhere is detected, and the error names the file.
    for at in [9, 30, bytes.len() / 2, bytes.len() - 3] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        let e = from_bytes(&bad, "x.book").unwrap_err();
        assert!(e.contains("x.book"), "{e}");
    }
    let e = from_bytes(&bytes[..bytes.len() - 5], "y.book").unwrap_err();
    assert!(e.contains("y.book") && e.contains("checksum"), "{e}");
    assert!(from_bytes(b"MOYOBOOK", "z").is_err());
    assert!(
        from_bytes(b"not a book at all", "z")
            .unwrap_err()
            .contains("magic")
    );
    let mut v9 = bytes.clone();
    v9[8] = 9;
    assert!(from_bytes(&v9, "z").unwrap_err().contains("version"));
    // Saved and loaded from disk.
    let path = temp("roundtrip.book");
    save(&path, &b.book, &b.info).unwrap();
    assert_eq!(load(&path).unwrap().0.fingerprint(), b.book.fingerprint());
    let missing = load(&temp("missing.book")).unwrap_err();
    assert!(missing.contains("missing.book"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_killed_build_resumes_where_its_journal_ends() {
    let total = 30;
    let settings = info(5, 4, PlayerMode::Alternate);
    // Uninterrupted.
    let a = built(7, 10.0, settings.clone(), total as usize);
    // Checkpointed every step for the first 10, then only journalled, then killed in the
    // middle of an expansion (after 2 more evaluations).
    let mut ev = evals();
    let path = temp("resume.book");
    let mut b = Builder::create(
        rules(7),
        shape(10.0),
        settings,
        Some(&path),
        &mut FakeEvaluator::new(),
    )
    .unwrap();
    b.checkpoint_every = std::time::Duration::ZERO;
    for _ in 0..10 {
        b.step(&mut ev).unwrap();
    }
    b.checkpoint_every = std::time::Duration::from_secs(3600);
    for _ in 10..17 {
        b.step(&mut ev).unwrap();
    }
    let mut dying: Vec<Box<dyn Evaluator>> = vec![Box::new(FakeEvaluator {
        budget: Some(2),
        ..FakeEvaluator::new()
    })];
    let mut s = b.step(&mut dying).unwrap();
    while s != BuildStep::Interrupted {
        s = b.step(&mut dying).unwrap();
    }
    let done = b.info.expansions;
    drop(b); // killed: no final checkpoint
    // A torn record at the end of the journal (the kill came mid-write) is ignored.
    {
        use std::io::Write;
        let mut j = std::fs::OpenOptions::new()
            .append(true)
            .open(sibling(&path, ".journal"))
            .unwrap();
        j.write_all(&[b'N', 1, 2, 3]).unwrap();
    }
    let mut c = Builder::resume(&path).unwrap();
    assert_eq!(c.info.expansions, done);
    while c.info.expansions < total {
        c.step(&mut ev).unwrap();
    }
    assert_eq!(c.book.fingerprint(), a.book.fingerprint());
    let values = |book: &Book| {
        let mut v: Vec<(u64, f32)> = book.nodes.iter().map(|n| (n.key, n.p)).collect();
        v.sort_by_key(|x| x.0);
        v
    };
    assert_eq!(values(&c.book), values(&a.book));
    // A restart from the checkpoint alone (journal lost) is an earlier state of the same
    // build: it continues to the same book.
    c.checkpoint().unwrap();
    drop(c);
    let _ = std::fs::remove_file(sibling(&path, ".journal"));
    let d = Builder::resume(&path).unwrap();
    assert_eq!(d.book.fingerprint(), a.book.fingerprint());
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(sibling(&path, ".journal"));
}

#[test]
fn parallel_workers_build_the_same_book() {
    let mk = |n: usize| -> Book {
        let mut ev: Vec<Box<dyn Evaluator>> = (0..n)
            .map(|_| Box::new(FakeEvaluator::new()) as Box<dyn Evaluator>)
            .collect();
        let mut b = builder(7, 10.0, info(6, 3, PlayerMode::Alternate));
        for _ in 0..20 {
            b.step(&mut ev).unwrap();
        }
        b.book
    };
    assert_eq!(mk(1).fingerprint(), mk(3).fingerprint());
}

#[test]
fn widening_adds_children_every_few_visits() {
    let mut ev = evals();
    let mut b = builder(9, 1e9, info(3, 2, PlayerMode::Black));
    b.step(&mut ev).unwrap();
    assert_eq!(b.book.nodes[0].edges.len(), 3);
    // The root is visited by every selection; every 2nd visit widens it by 3.
    for _ in 0..4 {
        b.step(&mut ev).unwrap();
    }
    assert_eq!(b.book.nodes[0].edges.len(), 9);
}

#[test]
fn stats_report_and_svg() {
    let b = built(9, 5.0, info(6, 0, PlayerMode::Alternate), 10);
    let s = stats(&b.book);
    assert_eq!(s.nodes, b.book.len());
    assert_eq!(
        s.leaves,
        b.book.nodes.iter().filter(|n| !n.is_interior()).count()
    );
    assert_eq!(s.per_depth.iter().map(|x| x.0).sum::<usize>(), s.nodes);
    assert_eq!(s.per_depth[0], (1, 0));
    // Every drop-out leaf is a leaf, and Black's optimal-only diagram holds no leaf at
    // depth 1 (Black's first move is always interior here: 10 expansions, width 6).
    assert!(!s.dropout[0].is_empty() && !s.dropout[1].is_empty());
    let text = report(&b.book, &b.info);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("nodes {}", s.nodes));
    assert_eq!(lines[1], format!("leaves {}", s.leaves));
    assert_eq!(lines[2], format!("max_depth {}", s.max_depth));
    assert!(text.contains("depth nodes leaves %leaf"));
    assert!(text.contains("dropout black "));
    let pic = svg(&b.book, "t");
    assert!(pic.starts_with("<svg") && pic.trim_end().ends_with("</svg>"));
    assert_eq!(
        pic.matches("<circle").count(),
        s.dropout[0].len() + s.dropout[1].len()
    );
}

#[test]
fn local_order_interleaves_answers_near_the_last_move() {
    let mut g = Game::new(9, 7.0);
    let e5 = g.board().parse_move("E5").unwrap();
    g.play(Color::Black, e5).unwrap();
    let mv = |v: &str| g.board().parse_move(v).unwrap();
    let order: Vec<Move> = ["A1", "J9", "A9", "E6", "J1", "D4"]
        .iter()
        .map(|v| mv(v))
        .collect();
    let got = interleave_local(&g, &order, 2);
    let want: Vec<Move> = ["A1", "E6", "J9", "D4", "A9", "J1"]
        .iter()
        .map(|v| mv(v))
        .collect();
    assert_eq!(got, want);
    assert_eq!(interleave_local(&g, &order, 0), order);
    assert_eq!(interleave_local(&Game::new(9, 7.0), &order, 2), order);
}

/// A move the search tried once and won does not outrank, nor give its win rate to, the moves
/// the search spent its playouts on (the MoGo score leaves most moves with a visit or two).
#[test]
fn book_ranking_keeps_barely_tried_moves_out_of_first_place() {
    use crate::search::MoveStat;
    let g = Game::new(9, 7.0);
    let mv = |v: &str| g.board().parse_move(v).unwrap();
    let main = MoveStat::new(mv("E5"), 3000, 0.45);
    let once = MoveStat::new(mv("A1"), 1, 1.0);
    let second = MoveStat::new(mv("D4"), 400, 0.47);
    let twice = MoveStat::new(mv("J9"), 2, 0.5);
    let mut moves = vec![&once, &twice, &main, &second];
    rank_for_book(&mut moves);
    let order: Vec<Move> = moves.iter().map(|m| m.mv).collect();
    // D4's bound 0.47 - 0.025 beats E5's 0.45 - 0.009; both had enough visits to count.
    assert_eq!(order, vec![mv("D4"), mv("E5"), mv("A1"), mv("J9")]);
    // Evenly spread visits (the old search): the bound alone decides, 0.55 - 0.053 < 0.60 -
    // 0.079.
    let a = MoveStat::new(mv("E5"), 90, 0.55);
    let b = MoveStat::new(mv("D4"), 40, 0.60);
    let mut moves = vec![&a, &b];
    rank_for_book(&mut moves);
    assert_eq!(moves[0].mv, mv("D4"));
}

/// The real evaluator values a position the side to move is losing below one half: it is
/// not the win of a move tried once.
#[test]
fn search_evaluator_values_a_lost_position_below_half() {
    // White to move first with 18 points of komi against it: about 0.37 by a search.
    let g = Game::new(9, -18.0);
    let mut ev = SearchEvaluator::new(crate::params::Params::default(), 600, 1);
    let e = ev.evaluate(&g, Color::White).expect("an evaluation");
    assert!(e.value < 0.0, "value {}", e.value);
    assert!(!e.moves.is_empty());
}
