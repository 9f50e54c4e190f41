//! Rules and time controls over GTP, as Sabaki, KaTrain and other KataGo-speaking front ends
//! set them: `kata-set-rules` (names, `key=value` words, JSON), `kata-get-rules`,
//! `kgs-rules`, and for each rule set its ko rule, suicide and scoring played out on small
//! boards; `kata-time_settings` and `kata-list_time_settings`.

mod gtp_support;

use gtp_support::*;

fn engine() -> Gtp {
    let mut g = Gtp::start(FAST);
    g.ok("boardsize 5");
    g.ok("clear_board");
    g
}

fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("{key} in {json}"));
    let rest = &json[at + key.len() + 3..];
    rest[..rest.find([',', '}']).unwrap()].trim_matches('"')
}

#[test]
fn named_rule_sets_read_back_as_katago_defines_them() {
    let mut g = engine();
    let d = g.ok("kata-get-rules");
    assert_eq!(
        d,
        "{\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\",\
         \"suicide\":false,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}"
    );
    for (name, ko, scoring, suicide, tax, bonus) in [
        ("tromp-taylor", "POSITIONAL", "AREA", "true", "NONE", "0"),
        ("Chinese", "SIMPLE", "AREA", "false", "NONE", "N"),
        ("chinese-ogs", "POSITIONAL", "AREA", "false", "NONE", "N"),
        ("chinese-kgs", "POSITIONAL", "AREA", "false", "NONE", "N"),
        ("JAPANESE", "SIMPLE", "TERRITORY", "false", "SEKI", "0"),
        ("korean", "SIMPLE", "TERRITORY", "false", "SEKI", "0"),
        ("aga", "SITUATIONAL", "AREA", "false", "NONE", "N-1"),
        ("bga", "SITUATIONAL", "AREA", "false", "NONE", "N-1"),
        ("new-zealand", "SITUATIONAL", "AREA", "true", "NONE", "0"),
        ("nz", "SITUATIONAL", "AREA", "true", "NONE", "0"),
    ] {
        g.ok(&format!("kata-set-rules {name}"));
        let r = g.ok("kata-get-rules");
        assert_eq!(
            [
                field(&r, "ko"),
                field(&r, "scoring"),
                field(&r, "suicide"),
                field(&r, "tax"),
                field(&r, "whiteHandicapBonus"),
                field(&r, "hasButton"),
            ],
            [ko, scoring, suicide, tax, bonus, "false"],
            "{name}: {r}"
        );
    }
    g.finish();
}

#[test]
fn what_moyo_cannot_play_is_refused_and_changes_nothing() {
    let mut g = engine();
    g.ok("kata-set-rules aga");
    let before = g.ok("kata-get-rules");
    for (cmd, why) in [
        ("kata-set-rules stone-scoring", "unsupported rule: tax ALL"),
        ("kata-set-rules aga-button", "unsupported rule: hasButton"),
        (
            "kata-set-rules {\"hasButton\":true}",
            "unsupported rule: hasButton",
        ),
        (
            "kata-set-rules ko=SIMPLE tax=ALL",
            "unsupported rule: tax ALL",
        ),
        (
            "kata-set-rules tax=SEKI",
            "unsupported rule: tax SEKI with area",
        ),
        ("kata-set-rules martian", "unknown rules martian"),
        ("kata-set-rules ko=SUPER", "bad value for ko"),
        ("kata-set-rules colour=red", "unknown rule: colour"),
        ("kata-set-rules {\"ko\" \"SIMPLE\"}", "syntax error"),
        ("kata-set-rules", "syntax error"),
        ("kata-set-rule button true", "unsupported rule: hasButton"),
        ("kgs-rules martian", "unknown rules martian"),
        ("kgs-rules", "syntax error"),
    ] {
        let e = g.cmd(cmd).expect_err(cmd);
        assert!(e.starts_with(why), "{cmd}: {e}");
        assert_eq!(g.ok("kata-get-rules"), before, "{cmd} changed the rules");
    }
    g.finish();
}

#[test]
fn short_forms_change_only_the_fields_they_name() {
    let mut g = engine();
    g.ok("kata-set-rules japanese");
    g.ok("kata-set-rules ko=POSITIONAL sui=true");
    let r = g.ok("kata-get-rules");
    assert_eq!(
        [field(&r, "ko"), field(&r, "suicide"), field(&r, "scoring")],
        ["POSITIONAL", "true", "TERRITORY"]
    );
    g.ok("kata-set-rules {\"scoring\":\"AREA\", \"tax\":\"NONE\", \"whiteHandicapBonus\":\"N-1\"}");
    let r = g.ok("kata-get-rules");
    assert_eq!(
        [
            field(&r, "scoring"),
            field(&r, "whiteHandicapBonus"),
            field(&r, "ko")
        ],
        ["AREA", "N-1", "POSITIONAL"]
    );
    g.ok("kata-set-rule ko SITUATIONAL");
    g.ok("kata-set-rule friendlyPassOk true");
    let r = g.ok("kata-get-rules");
    assert_eq!(
        [field(&r, "ko"), field(&r, "friendlyPassOk")],
        ["SITUATIONAL", "true"]
    );
    // JSON of kata-get-rules is taken back as it is.
    g.ok("kata-set-rules tromp-taylor");
    let tt = g.ok("kata-get-rules");
    g.ok("kata-set-rules chinese");
    g.ok(&format!("kata-set-rules {tt}"));
    assert_eq!(g.ok("kata-get-rules"), tt);
    g.finish();
}

#[test]
fn kgs_names_keep_working() {
    let mut g = engine();
    for (name, ko, scoring) in [
        ("japanese", "SIMPLE", "TERRITORY"),
        // KGS's Chinese is positional superko.
        ("chinese", "POSITIONAL", "AREA"),
        ("aga", "SITUATIONAL", "AREA"),
        ("new_zealand", "SITUATIONAL", "AREA"),
        ("tromp-taylor", "POSITIONAL", "AREA"),
        ("cgos", "POSITIONAL", "AREA"),
    ] {
        g.ok(&format!("kgs-rules {name} extra words"));
        let r = g.ok("kata-get-rules");
        assert_eq!(
            [field(&r, "ko"), field(&r, "scoring")],
            [ko, scoring],
            "{name}"
        );
    }
    g.finish();
}

/// The ko shape: White captures Black C3 at B3 (setup stones, so the start position arose
/// after no Black move), both pass, and Black retakes, repeating the start with White to move.
fn retake_after_passes(g: &mut Gtp) -> Result<String, String> {
    g.ok("clear_board");
    g.ok("gogui-setup b B4 w C4 b A3 w D3 b C3 w C2 b B2");
    g.ok("play w B3");
    g.ok("play b pass");
    g.ok("play w pass");
    g.cmd("play b C3")
}

/// Black A1 with White A2, B2, C1: Black B1 takes its two stones off the board.
fn suicide(g: &mut Gtp) -> Result<String, String> {
    g.ok("clear_board");
    g.ok("gogui-setup b A1 w A2 w B2 w C1");
    g.cmd("play b B1")
}

/// The final position on 5x5: Black A5, B column; White C column. Black has 10 points of
/// area and 4 of territory, White 15 and 10.
fn score_of_final(g: &mut Gtp) -> String {
    g.ok("clear_board");
    g.ok("gogui-setup b A5 b B5 b B4 b B3 b B2 b B1 w C5 w C4 w C3 w C2 w C1");
    g.ok("play b pass");
    g.ok("play w pass");
    g.ok("final_score")
}

#[test]
fn each_rule_set_plays_its_ko_suicide_and_scoring() {
    let mut g = engine();
    g.ok("komi 0.5");
    for (name, retake, sui, score) in [
        ("tromp-taylor", false, true, "W+5.5"),
        ("cgos", false, false, "W+5.5"),
        ("chinese", true, false, "W+5.5"),
        ("chinese-kgs", false, false, "W+5.5"),
        ("aga", true, false, "W+5.5"),
        ("new-zealand", true, true, "W+5.5"),
        ("japanese", true, false, "W+6.5"),
        ("korean", true, false, "W+6.5"),
    ] {
        g.ok(&format!("kata-set-rules {name}"));
        let r = retake_after_passes(&mut g);
        assert_eq!(r.is_ok(), retake, "{name} retake: {r:?}");
        if let Err(e) = r {
            assert!(e.starts_with("illegal move"), "{name}: {e}");
        }
        let r = suicide(&mut g);
        assert_eq!(r.is_ok(), sui, "{name} suicide: {r:?}");
        if sui {
            // The two Black stones are gone: A1 is empty and White may play there.
            g.ok("play w A1");
        }
        assert_eq!(score_of_final(&mut g), score, "{name}");
    }
    g.finish();
}

#[test]
fn white_handicap_bonus_counts_in_the_final_score() {
    let mut g = engine();
    g.ok("komi 0.5");
    // The final position of `score_of_final` with three of Black's stones as handicap.
    for (name, score) in [
        ("tromp-taylor", "W+5.5"),
        ("aga", "W+7.5"),
        ("chinese", "W+8.5"),
        ("japanese", "W+6.5"),
    ] {
        g.ok(&format!("kata-set-rules {name}"));
        g.ok("clear_board");
        g.ok("set_free_handicap B5 B4 B3");
        g.ok("gogui-setup b A5 b B2 b B1 w C5 w C4 w C3 w C2 w C1");
        g.ok("play w pass");
        g.ok("play b pass");
        assert_eq!(g.ok("final_score"), score, "{name}");
    }
    g.finish();
}

#[test]
fn the_game_record_names_the_rules_in_force() {
    let mut g = engine();
    assert!(g.ok("printsgf").contains("RU[Chinese]"));
    for (set, ru) in [
        ("kata-set-rules japanese", "RU[Japanese]"),
        ("kgs-rules chinese", "RU[Chinese]"),
        ("kata-set-rules aga", "RU[AGA]"),
        ("kata-set-rules new-zealand", "RU[NZ]"),
        ("kata-set-rules tromp-taylor", "RU[Tromp-Taylor]"),
        ("kata-set-rules sui=false", "RU[Chinese]"),
        ("kata-set-rules ko=SIMPLE", "RU[ko=SIMPLE scoring=AREA"),
    ] {
        g.ok(set);
        let sgf = g.ok("printsgf");
        assert!(sgf.contains(ru), "{set}: {sgf}");
    }
    g.finish();
}

#[test]
fn kata_time_settings_take_every_listed_kind() {
    let mut g = engine();
    let kinds = g.ok("kata-list_time_settings");
    let kinds: Vec<&str> = kinds.split_whitespace().collect();
    for k in [
        "none",
        "absolute",
        "byoyomi",
        "byo-yomi",
        "canadian",
        "fischer",
        "fischer-capped",
    ] {
        assert!(kinds.contains(&k), "{k} in {kinds:?}");
    }
    for ok in [
        "kata-time_settings none",
        "kata-time_settings absolute 300.5",
        "kata-time_settings byoyomi 300 30 5",
        "kata-time_settings byo-yomi 0 10 3",
        "kata-time_settings canadian 600 300 25",
        "kata-time_settings fischer 5 0.5",
        "kata-time_settings fischer-capped 60 2 120 -1",
        "kata-time_settings fischer-capped 60 2 -1 10",
    ] {
        g.ok(ok);
    }
    for bad in [
        "kata-time_settings",
        "kata-time_settings fischer 5",
        "kata-time_settings fischer 5 -1",
        "kata-time_settings fischer 5 x",
        "kata-time_settings none 1",
        "kata-time_settings fischer-capped 60 2 30 -1",
        "kata-time_settings hourglass 60",
    ] {
        assert!(g.cmd(bad).is_err(), "{bad}");
    }
    // Under Fischer time with a short clock a move takes less than the clock.
    g.ok("kata-time_settings fischer 2 1");
    g.ok("time_left b 2 0");
    let t = std::time::Instant::now();
    g.ok("genmove b");
    assert!(t.elapsed().as_secs_f64() < 2.0);
    g.finish();
}
