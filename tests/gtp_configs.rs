//! The ready configurations in `gtp-scripts/` read the way their programs read them: the CGOS
//! Python client's `cgos.cfg` (sections, required keys), kgsGtp's `kgsGtp.conf` (a Java
//! properties file: known keys, its booleans and time formats), the gogui-twogtp script
//! (documented options only); and the moyo command line in each starts the engine.

mod gtp_support;

use gtp_support::*;
use std::collections::HashMap;
use std::path::PathBuf;

fn script(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("gtp-scripts")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Starts the engine with the flags of a command line whose program is moyo (the path is a
/// placeholder) and checks it answers.
fn moyo_accepts(command_line: &str) {
    let mut words = command_line.split_whitespace();
    let program = words.next().unwrap();
    assert!(program.ends_with("/moyo"), "{command_line}");
    let args: Vec<&str> = words.collect();
    let out = run_script(&args, b"name\nquit\n");
    assert_eq!(out, "= moyo\n\n= \n\n", "{command_line}");
}

#[test]
fn cgos_client_config() {
    // The client's reader: `Name:` opens a section, `key = value` lines fill it, lines
    // starting with `#` are comments.
    let mut sections: Vec<(String, HashMap<String, String>)> = Vec::new();
    for line in script("cgos.cfg").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_suffix(':') {
            sections.push((name.to_string(), HashMap::new()));
        } else if let Some((k, v)) = line.split_once('=') {
            let (_, values) = sections.last_mut().expect("a value outside any section");
            values.insert(k.trim().to_string(), v.trim().to_string());
        } else {
            panic!("the client cannot read {line:?}");
        }
    }
    let section = |name: &str| {
        &sections
            .iter()
            .find(|s| s.0 == name)
            .unwrap_or_else(|| panic!("no {name} section"))
            .1
    };
    assert!(section("Common").contains_key("KillFile"));
    let engine = section("GTPEngine");
    for key in [
        "Name",
        "CommandLine",
        "ServerHost",
        "ServerPort",
        "ServerUser",
        "ServerPassword",
        "NumberOfGames",
    ] {
        assert!(engine.contains_key(key), "GTPEngine lacks {key}");
    }
    assert!(engine["ServerPort"].parse::<u16>().is_ok());
    assert!(engine["NumberOfGames"].parse::<u32>().unwrap() > 0);
    // No --time-per-move: the engine follows the server's clock.
    assert!(!engine["CommandLine"].contains("--time-per-move"));
    moyo_accepts(&engine["CommandLine"]);
}

#[test]
fn kgsgtp_config() {
    const KNOWN: &[&str] = &[
        "engine",
        "name",
        "password",
        "room",
        "mode",
        "automatch.speed",
        "automatch.rank",
        "gameNotes",
        "rules",
        "rules.boardSize",
        "rules.time",
        "opponent",
        "talk",
        "hint.noArguing",
        "hint.cleanup",
        "undo",
        "reconnect",
        "verbose",
        "logFile",
        "gtp.in",
        "gtp.out",
        "engine.port",
        "server.host",
        "server.port",
    ];
    let mut props = HashMap::new();
    for line in script("kgsGtp.conf").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
            continue;
        }
        let (k, v) = line.split_once('=').expect("key=value");
        assert!(KNOWN.contains(&k.trim()), "kgsGtp has no option {k}");
        props.insert(k.trim().to_string(), v.trim().to_string());
    }
    for key in ["engine", "name", "password"] {
        assert!(props.contains_key(key), "{key} is required");
    }
    let mode = props.get("mode").map_or("auto", String::as_str);
    assert!(["auto", "custom", "both", "wait", "tournament"].contains(&mode));
    let rules = &props["rules"];
    assert!(["japanese", "chinese", "aga", "newzealand"].contains(&rules.as_str()));
    for key in ["undo", "reconnect", "verbose"] {
        if let Some(v) = props.get(key) {
            assert!(
                ["t", "f", "true", "false"].contains(&v.as_str()),
                "{key}={v}"
            );
        }
    }
    // `0`, `m:ss`, `m:ss+nxm:ss` (byo-yomi) or `m:ss+n/m:ss` (Canadian).
    let time = &props["rules.time"];
    let clock = |s: &str| {
        s.split_once(':').is_some_and(|(m, ss)| {
            m.parse::<u32>().is_ok() && ss.len() == 2 && ss.parse::<u32>().is_ok()
        })
    };
    let ok = time == "0"
        || clock(time)
        || time.split_once('+').is_some_and(|(main, over)| {
            clock(main)
                && (over.split_once('x').or_else(|| over.split_once('/')))
                    .is_some_and(|(n, t)| n.parse::<u32>().is_ok() && clock(t))
        });
    assert!(ok, "rules.time={time}");
    assert!(!props["engine"].contains("--time-per-move"));
    moyo_accepts(&props["engine"]);
}

#[test]
fn twogtp_script() {
    const OPTIONS: &[&str] = &[
        "-black",
        "-white",
        "-alternate",
        "-auto",
        "-games",
        "-sgffile",
        "-size",
        "-komi",
        "-handicap",
        "-maxmoves",
        "-time",
        "-threads",
        "-verbose",
        "-debugtocomment",
        "-openings",
        "-referee",
        "-observer",
        "-force",
        "-xml",
        "-config",
    ];
    let text = script("twogtp-vs-gnugo.sh");
    let call = text
        .split("exec gogui-twogtp")
        .nth(1)
        .expect("a gogui-twogtp call");
    let call = &call[..call.find(";;").unwrap()];
    for word in call.split_whitespace().filter(|w| w.starts_with('-')) {
        assert!(OPTIONS.contains(&word), "gogui-twogtp has no option {word}");
    }
    let moyo = text
        .lines()
        .find_map(|l| l.strip_prefix("MOYO=${MOYO:-\""))
        .and_then(|l| l.strip_suffix("\"}"))
        .expect("the MOYO default");
    moyo_accepts(&moyo.replacen("target/release/moyo", "/x/moyo", 1));
}
