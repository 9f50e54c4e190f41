//! Reading GTP input: raw lines of bounded length, the spec's preprocessing, and the split of a
//! line into id, command name and arguments.

use std::io::{self, BufRead};

/// Longest line accepted, in bytes (without the line feed).
pub const MAX_LINE: usize = 1 << 20;

/// Bytes of a too-long line kept, to find its id.
const HEAD_BYTES: usize = 256;

/// One line of input as the reader thread hands it to the main loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (without its line feed), invalid UTF-8 replaced, nothing else touched.
    Line(String),
    /// A line longer than `MAX_LINE`: its start, and whether anything but white space, control
    /// characters and a comment was in it (if not, it is an empty line and gets no answer).
    TooLong { head: String, has_content: bool },
}

/// Tracks whether a line has content before its first `#`.
#[derive(Default)]
struct ContentScan {
    in_comment: bool,
    content: bool,
}

impl ContentScan {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.in_comment || self.content {
                return;
            }
            if b == b'#' {
                self.in_comment = true;
            } else if b > b' ' && b != 0x7f {
                self.content = true;
            }
        }
    }
}

/// Reads one line (up to a line feed or the end of input) without ever holding more than
/// `MAX_LINE` bytes of it. `Ok(None)` at the end of input.
pub fn read_line<R: BufRead>(r: &mut R, buf: &mut Vec<u8>) -> io::Result<Option<Input>> {
    buf.clear();
    let mut any = false;
    let mut too_long: Option<ContentScan> = None;
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, used, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (&avail[..i], i + 1, true),
            None => (avail, avail.len(), false),
        };
        match &mut too_long {
            Some(scan) => scan.feed(chunk),
            None if buf.len() + chunk.len() > MAX_LINE => {
                let mut scan = ContentScan::default();
                scan.feed(buf);
                scan.feed(chunk);
                let keep = HEAD_BYTES.saturating_sub(buf.len()).min(chunk.len());
                buf.extend_from_slice(&chunk[..keep]);
                buf.truncate(HEAD_BYTES);
                too_long = Some(scan);
            }
            None => buf.extend_from_slice(chunk),
        }
        r.consume(used);
        if done {
            break;
        }
    }
    let text = String::from_utf8_lossy(buf).into_owned();
    Ok(Some(match too_long {
        None => Input::Line(text),
        Some(scan) => Input::TooLong {
            head: text,
            has_content: scan.content,
        },
    }))
}

/// The spec's preprocessing of one line: control characters other than HT removed (CR
/// included), everything from `#` on cut, HT turned into a space.
pub fn preprocess(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for ch in raw.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether a raw line (before preprocessing) is GoGui's interrupt request, `# interrupt`.
pub fn is_interrupt(raw: &str) -> bool {
    raw.trim_matches(|c: char| c.is_whitespace() || c.is_control()) == "# interrupt"
}

/// A command line split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, as written.
    pub id: Option<String>,
    /// The command name, lowercased (empty when the line holds only an id).
    pub name: String,
    pub args: Vec<String>,
}

/// Splits a preprocessed line; `None` for a line with nothing on it.
pub fn parse(line: &str) -> Option<Command> {
    let mut words = line.split_ascii_whitespace().filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        (Some(first.to_string()), words.next().unwrap_or(""))
    } else {
        (None, first)
    };
    Some(Command {
        id,
        name: name.to_ascii_lowercase(),
        args: words.map(str::to_string).collect(),
    })
}

/// The id of a line, if it starts with one (for lines too long to parse whole).
pub fn id_of(line: &str) -> Option<String> {
    let first = line.split_ascii_whitespace().next()?;
    first
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| first.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(input: &[u8]) -> Vec<Input> {
        let mut r = io::BufReader::with_capacity(7, Cursor::new(input.to_vec()));
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, &mut buf).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn reads_lines_of_any_ending() {
        let got = lines(b"name\r\n\nversion\nlast");
        assert_eq!(
            got,
            [
                Input::Line("name\r".into()),
                Input::Line("".into()),
                Input::Line("version".into()),
                Input::Line("last".into())
            ]
        );
        assert!(lines(b"").is_empty());
        assert_eq!(
            lines(b"\xff\xfeplay\n"),
            [Input::Line("\u{fffd}\u{fffd}play".into())]
        );
    }

    #[test]
    fn too_long_lines_are_cut() {
        let mut input = b"12 name ".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\nversion\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        match &got[0] {
            Input::TooLong { head, has_content } => {
                assert!(head.starts_with("12 name xxx"));
                assert!(head.len() <= HEAD_BYTES);
                assert!(*has_content);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(got[1], Input::Line("version".into()));
        // A long comment is an empty line.
        let mut input = b"   # ".to_vec();
        input.extend(std::iter::repeat_n(b'y', MAX_LINE + 10));
        match &lines(&input)[0] {
            Input::TooLong { has_content, .. } => assert!(!has_content),
            other => panic!("{other:?}"),
        }
        // Exactly the limit is fine.
        let input = vec![b'z'; MAX_LINE];
        assert!(matches!(&lines(&input)[0], Input::Line(l) if l.len() == MAX_LINE));
    }

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(preprocess("play\tb\tD4\r"), "play b D4");
        assert_eq!(preprocess("genmove b # comment"), "genmove b ");
        assert_eq!(preprocess("# only a comment"), "");
        assert_eq!(preprocess("na\x00m\x07e\x1b"), "name");
        assert_eq!(preprocess("\u{85}x\u{7f}"), "x");
    }

    #[test]
    fn interrupt_lines() {
        assert!(is_interrupt("# interrupt"));
        assert!(is_interrupt("  # interrupt\r"));
        assert!(!is_interrupt("#interrupt"));
        assert!(!is_interrupt("# interrupted"));
        assert!(!is_interrupt("genmove b # interrupt"));
        assert!(!is_interrupt("interrupt"));
    }

    #[test]
    fn parsing_ids_and_names() {
        assert_eq!(parse("   "), None);
        assert_eq!(parse(""), None);
        let c = parse("12 PLAY b  d4").unwrap();
        assert_eq!(c.id.as_deref(), Some("12"));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["b", "d4"]);
        let c = parse("boardsize 9").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.args, ["9"]);
        let c = parse("7").unwrap();
        assert_eq!(c.id.as_deref(), Some("7"));
        assert_eq!(c.name, "");
        let c = parse("-3 name").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "-3"));
        assert_eq!(id_of("  42 genmove"), Some("42".into()));
        assert_eq!(id_of("x 42"), None);
    }
}
