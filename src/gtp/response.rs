//! Writing GTP responses: `=` or `?`, the id, always a space, the text, one empty line.
//! The text is cleaned so the framing can never break: no empty line inside, no `#` (kgsGtp
//! would cut the rest of the line), no control characters.

/// The full response to a command.
pub fn format(id: Option<&str>, ok: bool, body: &str) -> String {
    let mut s = String::with_capacity(body.len() + 8);
    s.push(if ok { '=' } else { '?' });
    if let Some(id) = id {
        s.push_str(id);
    }
    s.push(' ');
    s.push_str(&clean(body));
    s.push_str("\n\n");
    s
}

/// The body with empty and blank lines dropped (a leading line break is kept: multi-line
/// answers such as `showboard` start on their own line), trailing white space removed, `#`
/// and control characters other than line feeds left out (tabs become spaces).
pub fn clean(body: &str) -> String {
    let mut text = String::with_capacity(body.len());
    for ch in body.chars() {
        match ch {
            '#' | '\r' => {}
            '\t' => text.push(' '),
            '\n' => text.push('\n'),
            c if c.is_control() => {}
            c => text.push(c),
        }
    }
    let leading_break = text.starts_with('\n');
    let lines: Vec<&str> = text
        .split('\n')
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut out = String::with_capacity(text.len() + 1);
    if leading_break && !lines.is_empty() {
        out.push('\n');
    }
    out.push_str(&lines.join("\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing() {
        assert_eq!(format(None, true, ""), "= \n\n");
        assert_eq!(format(Some("12"), true, "D4"), "=12 D4\n\n");
        assert_eq!(
            format(Some("3"), false, "illegal move"),
            "?3 illegal move\n\n"
        );
        assert_eq!(format(None, true, "a\nb\n"), "= a\nb\n\n");
        assert_eq!(
            format(None, true, "\n  A B\n 1 . .\n"),
            "= \n  A B\n 1 . .\n\n"
        );
    }

    #[test]
    fn cleaning() {
        assert_eq!(clean("a\n\n\nb"), "a\nb");
        assert_eq!(clean("a\n   \nb  \n"), "a\nb");
        assert_eq!(clean("x#y"), "xy");
        assert_eq!(clean("a\r\nb\x00\tc"), "a\nb c");
        assert_eq!(clean("\n\n"), "");
        assert_eq!(clean("\n\nboard"), "\nboard");
    }
}
