//! Each front end's command sequence, as it sends it, with the expected responses checked in:
//! `tests/sessions/<front end>.gtp` is the input (comments say where the sequence comes from,
//! see `frontends.md`), `<front end>.expected` the transcript, with placeholders where the
//! answer depends on the search (a move, an analysis stream checked by a strict reader, a
//! board of numbers...; see `gtp_support::matches`).

mod gtp_support;

use gtp_support::*;
use std::path::Path;

fn session(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let input = std::fs::read(dir.join(format!("{name}.gtp"))).unwrap();
    let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
    let out = run_script_in(FAST, &input, Some(&dir));
    assert_transcript(&out, &expected);
}

#[test]
fn sabaki() {
    session("sabaki");
}

#[test]
fn lizzie_and_lizgoban() {
    session("lizzie");
}

#[test]
fn gogui() {
    session("gogui");
}

#[test]
fn kgs() {
    session("kgs");
}

#[test]
fn cgos() {
    session("cgos");
}

#[test]
fn gogui_twogtp() {
    session("twogtp");
}

#[test]
fn the_placeholders_reject_malformed_output() {
    let good = "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4 E5";
    assert!(matches("= {lz}", &format!("= {good}")));
    assert!(matches("= {lz}", "= "));
    assert!(matches("= {lz-play}", &format!("= {good}\nplay D4")));
    for bad in [
        // Float win rate in the Leela dialect, pv not last, missing key, bad order, bad pv.
        "\ninfo move D4 visits 3 winrate 0.5 prior 4000 lcb 2000 order 0 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 pv D4 prior 4000 lcb 2000 order 0",
        "\ninfo move D4 visits 3 prior 4000 lcb 2000 order 0 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 1 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4 I5",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 6000 order 0 pv D4",
        "info move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4",
        "\n",
    ] {
        assert!(!matches("= {lz}", &format!("= {bad}")), "{bad:?}");
    }
    let kata = "\ninfo move D4 visits 3 winrate 0.500000 prior 0.4 lcb 0.2 order 0 pv D4";
    assert!(matches(
        "= {kata}",
        &format!("= {kata} ownership 0.5 -1 0 0")
    ));
    assert!(!matches(
        "= {kata}",
        &format!("= {kata} ownership 0.5 -1 0")
    ));
    assert!(!matches("= {kata}", &format!("= {good}")));
    assert!(!matches("= {kata-play}", &format!("= {kata}")));
    assert!(matches("= {dboard}", "= \n0.10 -0.20\n1.00 0.00"));
    assert!(!matches("= {dboard}", "= \n0.10 -0.20\n1.00"));
    assert!(matches(
        "= {gfx}",
        "= INFLUENCE A1 0.5\nVAR b D4 w pass\nTEXT hi"
    ));
    assert!(!matches("= {gfx}", "= INFLUENCE A1 2\nTEXT hi"));
    assert!(matches("= {pspairs}", "= D4 12 E5 3"));
    assert!(!matches("= {pspairs}", "= D4 12 E5"));
}
