//! The book regression suite (`gtp-scripts/book/book-9x9.tst`, exported from the embedded
//! 9x9 book by `moyo book suite`): the file is complete, and a sample of its clearest
//! positions, searched with the book switched off, agrees with the book's moves. A change to
//! the search that disagrees with many settled book moves fails here; the whole suite runs
//! with gogui-regress (the command is in the file's header).

mod gtp_support;

use gtp_support::regress::{Test, parse_script, regex_matches};
use gtp_support::{SCRIPT, responses, run_script_in, run_with_stderr, temp_dir};

/// Tests of the sample: the first ones of the suite, its clearest positions.
const SAMPLE: usize = 20;
/// Of those, the search must agree with at least this many (at 1,000 playouts it agrees
/// with all 20 of the 17,565-position book's today; with 19 of the 10,435-position book's).
const AGREE: usize = 18;

fn suite_text() -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts/book/book-9x9.tst");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The script's header and its first `n` tests: the header, the switch, then one block a
/// test.
#[inline(never)]
fn first_tests(text: &str, n: usize) -> String {
    let blocks: Vec<&str> = text.split("\n\n").take(2 + n).collect();
    blocks.join("\n\n") + "\n"
}

/// Why the session's answer to `t` is not the book's move, or `None` when it is. (Kept out
/// of line, as is `first_tests`: inlined into the test, they send LLVM's constraint
/// elimination into a search of many minutes.)
#[inline(never)]
fn disagreement(t: &Test, answers: &[String]) -> Option<String> {
    let resp = answers
        .iter()
        .find(|r| r[1..].split(' ').next() == Some(t.id.as_str()))
        .unwrap_or_else(|| panic!("no answer to {}", t.command));
    let body = resp.split_once(' ').map_or("", |(_, b)| b);
    let agrees = resp.starts_with('=') && regex_matches(&t.pattern, body);
    (!agrees).then(|| format!("{}: {resp} (book: {})", t.id, t.pattern))
}

#[test]
fn a_sample_of_the_book_suite_agrees_with_the_search() {
    let text = suite_text();
    assert!(
        text.contains("\nmoyo-param book_max_moves 0\n"),
        "the book is off"
    );
    let all = parse_script(&text);
    assert!(all.len() >= SAMPLE, "{} tests", all.len());
    let sample = first_tests(&text, SAMPLE);
    let tests = parse_script(&sample);
    assert_eq!(tests.len(), SAMPLE);
    let out = run_script_in(SCRIPT, sample.as_bytes(), None);
    let answers = responses(&out);
    let missed: Vec<String> = tests
        .iter()
        .filter_map(|t| disagreement(t, &answers))
        .collect();
    assert!(
        SAMPLE - missed.len() >= AGREE,
        "the search disagrees with {} of {SAMPLE} settled book moves:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

#[test]
fn book_suite_writes_a_script_the_engine_answers() {
    let dir = temp_dir("book-suite");
    let file = dir.join("s.tst");
    let (out, _) = run_with_stderr(
        &[
            "book",
            "suite",
            "--depth",
            "30",
            "--max",
            "5",
            "--out",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.starts_with("suite ") && out.trim_end().ends_with("tests 5"),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# Book regression suite"), "{text}");
    assert_eq!(parse_script(&text).len(), 5);
    let args = [
        "--playouts",
        "50",
        "--threads",
        "1",
        "--seed",
        "1",
        "--quiet",
    ];
    let out = run_script_in(&args, text.as_bytes(), None);
    assert!(responses(&out).iter().all(|r| r.starts_with('=')), "{out}");
}
