//! Reading GoGui regression scripts (`.tst`, the gogui-regress format): a numbered command
//! is a test, the `#? [pattern]` line after it the expected answer (a regular expression
//! matched against the whole response; `!` negates it, a `*` after the bracket marks an
//! expected failure). The patterns may use the subset of Java regular expressions this file
//! understands: literals, `\` escapes, `.`, `*` after an atom, and `|` between whole
//! alternatives.

/// One test of a script.
pub struct Test {
    /// The command's number.
    pub id: String,
    /// The whole command line.
    pub command: String,
    /// The expected answer's pattern.
    pub pattern: String,
    /// The answer must not match.
    pub negate: bool,
    /// The test is known to fail.
    pub expect_fail: bool,
}

/// The tests of a script's text.
pub fn parse_script(text: &str) -> Vec<Test> {
    let mut tests = Vec::new();
    let mut last: Option<(String, String)> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#?") {
            let Some((id, command)) = last.take() else {
                continue;
            };
            let rest = rest.trim();
            let (Some(open), Some(close)) = (rest.find('['), rest.rfind(']')) else {
                panic!("bad pattern line {line:?}")
            };
            let mut pattern = rest[open + 1..close].to_string();
            let negate = pattern.starts_with('!');
            if negate {
                pattern.remove(0);
            }
            let expect_fail = rest[close + 1..].trim() == "*";
            tests.push(Test {
                id,
                command,
                pattern,
                negate,
                expect_fail,
            });
        } else if !t.is_empty() && !t.starts_with('#') {
            let first = t.split_whitespace().next().unwrap();
            last = first
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| (first.to_string(), t.to_string()));
        }
    }
    tests
}

#[derive(Debug, Clone, Copy)]
enum Atom {
    Char(char),
    Any,
}

fn compile(alt: &str) -> Vec<(Atom, bool)> {
    let mut out = Vec::new();
    let mut chars = alt.chars().peekable();
    while let Some(c) = chars.next() {
        let atom = match c {
            '\\' => Atom::Char(chars.next().expect("dangling escape")),
            '.' => Atom::Any,
            c => Atom::Char(c),
        };
        let star = chars.peek() == Some(&'*');
        if star {
            chars.next();
        }
        out.push((atom, star));
    }
    out
}

fn match_seq(p: &[(Atom, bool)], s: &[char]) -> bool {
    let Some(&(atom, star)) = p.first() else {
        return s.is_empty();
    };
    let one = |c: char| match atom {
        Atom::Any => true,
        Atom::Char(x) => x == c,
    };
    if star {
        let mut k = 0;
        loop {
            if match_seq(&p[1..], &s[k..]) {
                return true;
            }
            if k < s.len() && one(s[k]) {
                k += 1;
            } else {
                return false;
            }
        }
    }
    !s.is_empty() && one(s[0]) && match_seq(&p[1..], &s[1..])
}

/// Whole-string match of the supported regex subset.
pub fn regex_matches(pattern: &str, s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    // Split on top-level `|` (not escaped).
    let mut alts = vec![String::new()];
    let mut escaped = false;
    for c in pattern.chars() {
        if !escaped && c == '|' {
            alts.push(String::new());
            continue;
        }
        escaped = !escaped && c == '\\';
        alts.last_mut().unwrap().push(c);
    }
    alts.iter().any(|a| match_seq(&compile(a), &chars))
}
