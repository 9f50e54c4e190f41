use super::game::{End, GameResult, GameSettings, Pairing, Player};
use super::json::Json;
use super::population::{self, mutate, points, ranking};
use super::runner::{LocalRunner, Runner};
use super::spec::Spec;
use super::*;
use crate::board::Color;
use crate::params::{ParamKind, Params};

/// A runner with no games: the winner follows from the seed (a third are draws).
struct FakeRunner {
    played: usize,
}

impl Runner for FakeRunner {
    fn run(
        &mut self,
        games: &[Pairing],
        done: &mut dyn FnMut(usize, GameResult) -> bool,
    ) -> Result<(), String> {
        for (i, p) in games.iter().enumerate() {
            self.played += 1;
            let h = population::splitmix(p.seed);
            let winner = match h % 3 {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            let r = GameResult {
                winner,
                result: "B+1".into(),
                end: End::Score,
                moves: 10,
                seconds: 0.0,
            };
            if !done(i, r) {
                break;
            }
        }
        Ok(())
    }
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("moyo-tune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn spec(args: &[&str]) -> Spec {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    Spec::new(&Params::default(), &args, None).unwrap()
}

fn config(out: PathBuf, method: Method, generations: usize) -> TuneConfig {
    TuneConfig {
        out,
        method,
        spec: spec(&[
            "prior_c",
            "expand_visits",
            "bad_selfatari_check",
            "prior_line1:-0.5:0",
        ]),
        base: Params::default(),
        games: GameSettings {
            size: 5,
            komi: 0.5,
            playouts: Some(8),
            time_per_move: None,
            max_moves: 75,
            opponent: None,
            scorer: Params::default(),
            max_memory: 8 << 20,
        },
        population: 5,
        survivors: 2,
        generations,
        games_per_pair: 2,
        sigma: 3.0,
        anneal: 0.9,
        check_every: 2,
        check_games: 4,
        threads: 2,
        seed: 7,
        quiet: true,
        stop_after: None,
    }
}

#[test]
fn mutation_stays_in_range_and_rounds() {
    let s = spec(&[
        "prior_c",
        "expand_visits:1:20",
        "bad_selfatari_check",
        "prior_line1:-0.5:0:0.05",
    ]);
    assert_eq!(s.params[2].kind, ParamKind::Switch);
    assert_eq!(s.params[3].step, 0.05);
    let mut rng = population::stream(1, 0, 0);
    let mut v = s.defaults();
    for _ in 0..2000 {
        v = mutate(&s, &v, 40.0, &mut rng);
        for (t, &x) in s.params.iter().zip(&v) {
            assert!(x >= t.min && x <= t.max, "{} = {x}", t.name);
            if t.kind != ParamKind::Real {
                assert_eq!(x, x.round(), "{} = {x}", t.name);
            }
        }
        let p = s.apply(&Params::default(), &v).unwrap();
        assert_eq!(p.expand_visits as f64, v[1]);
        assert_eq!(p.bad_selfatari_check, v[2] == 1.0);
    }
    // The ends of the ranges are reachable and settable.
    let ends = s.clamp_round(&[-9.0, 99.0, 5.0, 9.0]);
    assert_eq!(ends, vec![0.0, 20.0, 1.0, 0.0]);
    s.apply(&Params::default(), &ends).unwrap();
}

#[test]
fn spec_errors_name_the_problem() {
    let p = Params::default();
    let one = |a: &str| Spec::new(&p, &[a.to_string()], None).unwrap_err();
    assert!(one("nope").contains("unknown parameter"));
    assert!(one("uct_c:-1:2").contains("within"));
    assert!(one("uct_c:2:1").contains("within"));
    assert!(one("uct_c:0:1:0").contains("positive"));
    assert!(one("uct_c:0").contains("expected"));
    assert!(Spec::new(&p, &[], None).unwrap_err().contains("--param"));
    let d = dir("spec");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("spec.txt");
    std::fs::write(&f, "# tuned\nprior_c 0 1\n\nuct_c x 2\n").unwrap();
    let e = Spec::new(&p, &[], Some(&f)).unwrap_err();
    assert!(e.contains("spec.txt:4"), "{e}");
    std::fs::write(&f, "prior_c 0 1 # the C\nuct_c\n").unwrap();
    let s = Spec::new(&p, &["expand_visits".into()], Some(&f)).unwrap();
    assert_eq!(s.params.len(), 3);
    assert_eq!((s.params[0].min, s.params[0].max), (0.0, 1.0));
    assert!(
        Spec::new(&p, &["uct_c".into()], Some(&f))
            .unwrap_err()
            .contains("twice")
    );
}

#[test]
fn a_parameter_the_board_size_does_not_read_is_refused() {
    let p = Params::default();
    let check = |name: &str, size| spec(&[name]).check_size(&p, size);
    assert!(check("prior_c", 9).is_ok());
    assert!(check("prior_c_large", 19).is_ok());
    assert!(check("prior_gamma", 19).is_ok());
    assert!(
        check("prior_c", 19)
            .unwrap_err()
            .contains("tune prior_c_large")
    );
    assert!(
        check("prior_sims", 13)
            .unwrap_err()
            .contains("prior_sims_large")
    );
    assert!(check("prior_c_large", 9).unwrap_err().contains("only from"));
}

#[test]
fn points_are_three_one_nothing() {
    assert_eq!(points(Some(Color::Black)), (3, 0));
    assert_eq!(points(Some(Color::White)), (0, 3));
    assert_eq!(points(None), (1, 1));
    assert_eq!(ranking(&[3, 7, 3, 9]), vec![3, 1, 0, 2]);
    // Three players, a game each pair: 0 beats 1, 1 and 2 draw, 2 beats 0.
    let cfg = config(dir("points"), Method::Coevolution, 1);
    let state = State::initial(&cfg);
    let plan = Plan {
        players: state.members[..3].to_vec(),
        population: 3,
        games: vec![
            Planned {
                black: Some(0),
                white: Some(1),
                kind: GameKind::Round,
                seed: 1,
            },
            Planned {
                black: Some(1),
                white: Some(2),
                kind: GameKind::Round,
                seed: 2,
            },
            Planned {
                black: Some(0),
                white: Some(2),
                kind: GameKind::Round,
                seed: 3,
            },
        ],
    };
    let r = |w| GameResult {
        winner: w,
        result: String::new(),
        end: End::Score,
        moves: 1,
        seconds: 0.0,
    };
    let results = [r(Some(Color::Black)), r(None), r(Some(Color::White))];
    let next = advance(&cfg, &state, &plan, &results);
    assert_eq!(next.points, vec![3, 1, 4]);
    assert_eq!(next.members[0], plan.players[2]);
    assert_eq!(next.members[1], plan.players[0]);
    assert_eq!(next.champion, plan.players[2]);
    assert_eq!((next.generation, next.games), (1, 3));
}

#[test]
fn a_round_robin_plays_each_pair_both_colours() {
    let cfg = config(dir("plan"), Method::Coevolution, 3);
    let s0 = State::initial(&cfg);
    assert_eq!(s0.members[0], cfg.spec.defaults());
    assert_eq!(s0.members.len(), 5);
    let p = plan(&cfg, &s0);
    assert_eq!(p.games.len(), cfg.games_per_generation());
    assert_eq!(p.games.len(), 20);
    let as_black = |i| p.games.iter().filter(|g| g.black == Some(i)).count();
    assert!((0..5).all(|i| as_black(i) == 4));
    // Generation 2 adds the check games: the champion so far against the defaults.
    let s2 = State {
        generation: 2,
        ..s0.clone()
    };
    let p2 = plan(&cfg, &s2);
    assert_eq!(p2.games.len(), 24);
    assert_eq!(p2.players.len(), 7);
    assert_eq!(p2.players[6], cfg.spec.defaults());
}

fn log_games(dir: &Path) -> Vec<(i64, i64)> {
    let (records, _) = log::read(&log_path(dir)).unwrap();
    let mut g: Vec<(i64, i64)> = records
        .iter()
        .filter(|r| r.get("type").and_then(Json::str) == Some("game"))
        .map(|r| (r.int("gen").unwrap(), r.int("game").unwrap()))
        .collect();
    g.sort();
    g
}

#[test]
fn resume_reproduces_the_population() {
    for method in [Method::Coevolution, Method::Spsa] {
        let whole = config(dir(&format!("whole-{method:?}")), method, 4);
        let done = run(&whole, &mut FakeRunner { played: 0 }).unwrap();
        let reference = checkpoint::load(&checkpoint_path(&whole.out), &whole).unwrap();
        assert_eq!(Finish::Done(reference.champion.clone()), done);
        assert_eq!(reference.generation, 4);
        // Stopped after each generation, then run on.
        let mut step = config(dir(&format!("step-{method:?}")), method, 1);
        for g in 1..=4 {
            step.generations = g;
            run(&step, &mut FakeRunner { played: 0 }).unwrap();
        }
        let stepped = checkpoint::load(&checkpoint_path(&step.out), &step).unwrap();
        assert_eq!(stepped, reference);
        // Killed in the middle of generation 1 (a last line cut short too), then resumed.
        let mut cut = config(dir(&format!("cut-{method:?}")), method, 4);
        cut.stop_after = Some(cfg_games(&cut) + 3);
        assert_eq!(
            run(&cut, &mut FakeRunner { played: 0 }).unwrap(),
            Finish::Stopped
        );
        let ckpt = checkpoint::load(&checkpoint_path(&cut.out), &cut).unwrap();
        assert_eq!(ckpt.generation, 1);
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(log_path(&cut.out))
            .unwrap();
        std::io::Write::write_all(&mut f, b"{\"type\":\"game\",\"ge").unwrap();
        cut.stop_after = None;
        let mut fake = FakeRunner { played: 0 };
        run(&cut, &mut fake).unwrap();
        let resumed = checkpoint::load(&checkpoint_path(&cut.out), &cut).unwrap();
        assert_eq!(resumed, reference);
        assert_eq!(
            fake.played as u64,
            reference.games - cfg_games(&cut) as u64 - 3
        );
        // Every game logged once, as in the whole run.
        assert_eq!(log_games(&cut.out), log_games(&whole.out));
        let values = |d: &Path| -> Vec<String> {
            let text = std::fs::read_to_string(champion_path(d)).unwrap();
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .map(String::from)
                .collect()
        };
        assert_eq!(values(&cut.out), values(&whole.out));
        let mut p = Params::default();
        p.load_file(&champion_path(&cut.out)).unwrap();
        assert_eq!(
            p,
            whole
                .spec
                .apply(&Params::default(), &reference.champion)
                .unwrap()
        );
    }
}

/// Games of the first generation (no check games there).
fn cfg_games(cfg: &TuneConfig) -> usize {
    plan(cfg, &State::initial(cfg)).games.len()
}

#[test]
fn other_settings_or_a_corrupt_checkpoint_are_refused() {
    let cfg = config(dir("refuse"), Method::Coevolution, 1);
    run(&cfg, &mut FakeRunner { played: 0 }).unwrap();
    let mut other = cfg.clone();
    other.games.size = 7;
    let e = run(&other, &mut FakeRunner { played: 0 }).unwrap_err();
    assert!(
        e.contains("checkpoint.txt") && e.contains("size is 7"),
        "{e}"
    );
    let path = checkpoint_path(&cfg.out);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("end\n", "")).unwrap();
    let e = run(&cfg, &mut FakeRunner { played: 0 }).unwrap_err();
    assert!(
        e.contains("checkpoint.txt") && e.contains("cut short"),
        "{e}"
    );
    std::fs::write(&path, text.replace("member ", "member x")).unwrap();
    let e = run(&cfg, &mut FakeRunner { played: 0 }).unwrap_err();
    assert!(
        e.contains("checkpoint.txt:") && e.contains("bad number"),
        "{e}"
    );
    std::fs::write(&path, "garbage").unwrap();
    assert!(
        run(&cfg, &mut FakeRunner { played: 0 })
            .unwrap_err()
            .contains("not a moyo tune")
    );
}

#[test]
fn the_report_redraws_the_picture_from_the_log() {
    let cfg = config(dir("report"), Method::Coevolution, 5);
    let Finish::Done(champion) = run(&cfg, &mut FakeRunner { played: 0 }).unwrap() else {
        panic!("not done");
    };
    let svg = cfg.out.join("tune.svg");
    let _ = std::fs::remove_file(&svg);
    std::fs::remove_file(checkpoint_path(&cfg.out)).unwrap();
    let tables = report::run(&cfg.out).unwrap();
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    for t in &cfg.spec.params {
        assert!(picture.contains(&t.name) && tables.contains(&t.name));
    }
    assert!(picture.contains("champion against the defaults"));
    assert!(tables.contains(&cfg.spec.set_line(&champion)), "{tables}");
    let (records, _) = log::read(&log_path(&cfg.out)).unwrap();
    let s = summary::summarize(&records).unwrap();
    assert_eq!(s.generations.len(), 5);
    assert!(s.generations.iter().all(|g| g.champion.is_some()));
    assert_eq!(s.generations[2].check.map(|(w, d, l)| w + d + l), Some(4));
    assert_eq!(s.generations[0].stats[0].0, {
        let m = &State::initial(&cfg).members;
        m.iter().map(|v| v[0]).sum::<f64>() / m.len() as f64
    });
    assert!(
        report::run(&dir("nothing"))
            .unwrap_err()
            .contains("no tuning log")
    );
    // Only SPSA's pairs have a pull to report.
    assert!(!tables.contains("pull of each parameter"));
    let spsa = config(dir("report-spsa"), Method::Spsa, 2);
    run(&spsa, &mut FakeRunner { played: 0 }).unwrap();
    let tables = report::run(&spsa.out).unwrap();
    let pulls = tables
        .split("pull of each parameter")
        .nth(1)
        .expect(&tables);
    for t in &spsa.spec.params {
        assert!(pulls.lines().any(|l| l.trim_start().starts_with(&t.name)));
    }
}

#[test]
fn json_reads_what_the_log_writes() {
    let v = Json::parse(r#"{"a":[1,-2.5e1,null],"b":"x\"y\\z\n","c":true,"d":{}}"#).unwrap();
    assert_eq!(v.get("a").and_then(Json::arr).map(|a| a.len()), Some(3));
    assert_eq!(v.get("b").and_then(Json::str), Some("x\"y\\z\n"));
    assert_eq!(json::quote("x\"y\\z\n"), r#""x\"y\\z\n""#);
    for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "1 2", "nul"] {
        assert!(Json::parse(bad).is_err(), "{bad}");
    }
    let deep = "[".repeat(100);
    assert!(Json::parse(&deep).is_err());
}

#[test]
fn real_games_follow_the_rules_and_finish() {
    let cfg = config(dir("real"), Method::Coevolution, 1);
    let base = cfg
        .spec
        .apply(&Params::default(), &cfg.spec.defaults())
        .unwrap();
    let games: Vec<Pairing> = (0..4)
        .map(|i| Pairing {
            black: Player::Engine(Box::new(base.clone())),
            white: Player::Engine(Box::default()),
            seed: 100 + i,
        })
        .collect();
    let mut runner = LocalRunner {
        settings: cfg.games.clone(),
        threads: 2,
    };
    let mut play_all = || {
        let mut results = vec![None; games.len()];
        runner
            .run(&games, &mut |i, r| {
                results[i] = Some(r);
                true
            })
            .unwrap();
        results
    };
    let results = play_all();
    let again = play_all();
    for (a, b) in results.iter().zip(&again) {
        let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
        assert!(a.moves <= cfg.games.max_moves && a.moves > 0);
        assert!(
            matches!(a.end, End::Score | End::MaxMoves | End::Resign),
            "{a:?}"
        );
        // One search thread and a playout limit: the same game again.
        assert_eq!(
            (a.winner, &a.result, a.moves),
            (b.winner, &b.result, b.moves)
        );
    }
    // No fixed opponent configured: the game cannot be set up.
    let bad = [Pairing {
        black: Player::Opponent,
        white: Player::Engine(Box::new(base)),
        seed: 1,
    }];
    assert!(
        runner
            .run(&bad, &mut |_, _| true)
            .unwrap_err()
            .contains("--opponent")
    );
}
