//! The SGF syntax level: a single-pass, non-recursive reader that checks the
//! structure of game trees and hands their contents to a [`ParseSink`], which
//! builds either a full [`GameTree`](super::GameTree) or directly a
//! [`GameRecord`](super::GameRecord).

use std::borrow::Cow;

use super::SgfError;

/// Receives the contents of one game tree as the parser reads it.
///
/// Calls come in file order: `open` for each `(`, `node` for each `;`,
/// `prop` for each property of the current node, `close` for each `)`.
/// The parser has already checked the structure (every `(` is followed by a
/// node, no node or property comes after a variation), so a sink only
/// builds. Once the outermost `)` is read, `finish` hands over the result.
pub(super) trait ParseSink<'a> {
    /// What one game tree becomes.
    type Output;
    /// A `(` was read.
    fn open(&mut self);
    /// A `;` was read: a new node starts.
    fn node(&mut self);
    /// A property of the current node; the sink may take the values.
    /// `offset` is where its identifier starts in the text.
    fn prop(&mut self, id: &str, values: &mut Vec<Cow<'a, str>>, offset: usize);
    /// A `)` was read.
    fn close(&mut self);
    /// The outermost `)` was read: return the result and get ready for the
    /// next tree.
    fn finish(&mut self) -> Self::Output;
    /// A tree failed part-way: drop what was built so far.
    fn reset(&mut self);
}

/// Reads the game trees of a collection one after the other, recovering
/// after an error at the next line that starts with `(;`.
pub(super) struct Items<'a> {
    parser: SgfParser<'a>,
    failed: bool,
    done: bool,
}

impl<'a> Items<'a> {
    pub(super) fn new(text: &'a str) -> Items<'a> {
        Items {
            parser: SgfParser::new(text),
            failed: false,
            done: false,
        }
    }

    /// The next game tree as `sink` builds it, an error, or `None` at the end.
    pub(super) fn next_item<S: ParseSink<'a>>(
        &mut self,
        sink: &mut S,
    ) -> Option<Result<S::Output, SgfError>> {
        if self.done {
            return None;
        }
        if self.failed {
            self.failed = false;
            self.parser.resync();
        }
        match self.parser.next_tree(sink) {
            Ok(Some(out)) => Some(Ok(out)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                sink.reset();
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// The error for text holding no game tree at all.
pub(super) fn no_tree(text: &str) -> SgfError {
    SgfError::at(
        text.len(),
        "no game tree found (a game tree starts with \"(;\")",
    )
}

/// Parse only the first game tree of `text` (what follows it is not read).
pub(super) fn parse_first<'a, S: ParseSink<'a>>(
    text: &'a str,
    sink: &mut S,
) -> Result<S::Output, SgfError> {
    SgfParser::new(text)
        .next_tree(sink)?
        .ok_or_else(|| no_tree(text))
}

/// A cursor over the text. It only ever stops on ASCII bytes or at the end,
/// so every position it slices at is a char boundary.
struct SgfParser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    trees_found: usize,
    /// Where the game being read (or the text being rejected) began: error
    /// recovery restarts after it.
    item_start: usize,
    /// For each open `(`: its offset and whether a variation has started in
    /// it. Kept between trees to reuse the allocation.
    open: Vec<(usize, bool)>,
    /// Reused buffers for a property's identifier and values.
    id: String,
    values: Vec<Cow<'a, str>>,
}

impl<'a> SgfParser<'a> {
    fn new(text: &'a str) -> SgfParser<'a> {
        SgfParser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            trees_found: 0,
            item_start: 0,
            open: Vec::new(),
            id: String::new(),
            values: Vec::new(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// The first non-whitespace byte at or after `pos`, without moving.
    fn peek_past_ws(&self, mut pos: usize) -> Option<u8> {
        while let Some(&b) = self.bytes.get(pos) {
            if !b.is_ascii_whitespace() {
                return Some(b);
            }
            pos += 1;
        }
        None
    }

    /// Describe the character at `pos` for an error message.
    fn char_at(&self, pos: usize) -> String {
        match self.text.get(pos..).and_then(|s| s.chars().next()) {
            Some(c) => format!("{c:?}"),
            None => "end of input".to_string(),
        }
    }

    /// Skip to the next game tree and parse it; `None` at the end of input.
    fn next_tree<S: ParseSink<'a>>(&mut self, sink: &mut S) -> Result<Option<S::Output>, SgfError> {
        if self.trees_found == 0 {
            // The header before the first tree: skip to the first "(;".
            loop {
                let rest = self.bytes.get(self.pos..).unwrap_or(&[]);
                let Some(skip) = rest.iter().position(|&b| b == b'(') else {
                    self.pos = self.bytes.len();
                    return Ok(None);
                };
                self.pos += skip;
                if self.peek_past_ws(self.pos + 1) == Some(b';') {
                    break;
                }
                self.pos += 1;
            }
        } else {
            self.skip_ws();
        }
        self.item_start = self.pos;
        match self.peek() {
            None => Ok(None),
            Some(b'(') if self.peek_past_ws(self.pos + 1) == Some(b';') => {
                self.parse_tree(sink).map(Some)
            }
            Some(b'(') => Err(SgfError::at(
                self.pos,
                "expected ';' after '(' (a game tree must start with a node)",
            )),
            Some(b')') => Err(SgfError::at(self.pos, "unmatched ')'")),
            Some(_) => Err(SgfError::at(
                self.pos,
                format!("unexpected {} between game trees", self.char_at(self.pos)),
            )),
        }
    }

    /// After an error: move to the next line starting with `(;` (leading
    /// blanks allowed) after the start of the failed item, or to the end.
    fn resync(&mut self) {
        let mut i = self.item_start + 1;
        while let Some(nl) = self
            .bytes
            .get(i..)
            .and_then(|r| r.iter().position(|&b| b == b'\n'))
        {
            i += nl + 1;
            let mut j = i;
            while matches!(self.bytes.get(j), Some(b' ' | b'\t' | b'\r')) {
                j += 1;
            }
            if self.bytes.get(j) == Some(&b'(') && self.peek_past_ws(j + 1) == Some(b';') {
                self.pos = j;
                return;
            }
        }
        self.pos = self.bytes.len();
    }

    /// Parse one game tree; `pos` is at its opening `(`.
    fn parse_tree<S: ParseSink<'a>>(&mut self, sink: &mut S) -> Result<S::Output, SgfError> {
        self.open.clear();
        loop {
            self.skip_ws();
            let Some(b) = self.peek() else {
                let (depth, open) = (self.open.len(), self.open.last().map_or(0, |s| s.0));
                return Err(SgfError::at(
                    self.pos,
                    format!(
                        "unexpected end of input: {depth} unclosed '(' \
                         (innermost opened at byte {open})"
                    ),
                ));
            };
            match b {
                b'(' => {
                    if let Some(top) = self.open.last_mut() {
                        top.1 = true;
                    }
                    self.open.push((self.pos, false));
                    sink.open();
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() != Some(b';') {
                        return Err(SgfError::at(
                            self.pos,
                            format!(
                                "expected ';' after '(' but found {}",
                                self.char_at(self.pos)
                            ),
                        ));
                    }
                }
                b')' => {
                    if self.open.pop().is_none() {
                        return Err(SgfError::at(self.pos, "unmatched ')'"));
                    }
                    sink.close();
                    self.pos += 1;
                    if self.open.is_empty() {
                        let out = sink.finish();
                        self.trees_found += 1;
                        return Ok(out);
                    }
                }
                b';' => {
                    match self.open.last() {
                        None => return Err(SgfError::at(self.pos, "node outside a game tree")),
                        Some(&(_, true)) => {
                            return Err(SgfError::at(
                                self.pos,
                                "node after a variation (nodes must come before '(' variations)",
                            ));
                        }
                        Some(_) => {}
                    }
                    sink.node();
                    self.pos += 1;
                }
                b if b.is_ascii_alphabetic() => {
                    // The tree's first byte after '(' is always ';', so a
                    // property here always has a node to belong to.
                    if !matches!(self.open.last(), Some(&(_, false))) {
                        return Err(SgfError::at(self.pos, "property after a variation"));
                    }
                    let start = self.pos;
                    self.parse_property()?;
                    sink.prop(&self.id, &mut self.values, start);
                    self.values.clear();
                }
                _ => {
                    return Err(SgfError::at(
                        self.pos,
                        format!("unexpected character {}", self.char_at(self.pos)),
                    ));
                }
            }
        }
    }

    /// Read `Ident[value]...` into `self.id` and `self.values`; `pos` is at
    /// the identifier's first letter.
    fn parse_property(&mut self) -> Result<(), SgfError> {
        let start = self.pos;
        self.id.clear();
        while let Some(b) = self.peek() {
            if !b.is_ascii_alphabetic() {
                break;
            }
            if b.is_ascii_uppercase() {
                self.id.push(b as char);
            }
            self.pos += 1;
        }
        if self.id.is_empty() {
            return Err(SgfError::at(
                start,
                format!(
                    "property identifier '{}' has no uppercase letter",
                    &self.text[start..self.pos]
                ),
            ));
        }
        self.values.clear();
        loop {
            let mut p = self.pos;
            while self.bytes.get(p).is_some_and(|b| b.is_ascii_whitespace()) {
                p += 1;
            }
            if self.bytes.get(p) != Some(&b'[') {
                if self.values.is_empty() {
                    return Err(SgfError::at(
                        p,
                        format!(
                            "expected '[' after property {} but found {}",
                            self.id,
                            self.char_at(p)
                        ),
                    ));
                }
                return Ok(());
            }
            self.pos = p;
            let value = self.parse_value()?;
            self.values.push(value);
        }
    }

    /// Parse one `[value]`, unescaping it; `pos` is at the `[`. Borrows from
    /// the text when there is nothing to unescape.
    fn parse_value(&mut self) -> Result<Cow<'a, str>, SgfError> {
        let (text, bytes) = (self.text, self.bytes);
        let open = self.pos;
        let mut i = open + 1;
        let mut seg = i;
        let mut out: Option<String> = None;
        loop {
            let rest = bytes.get(i..).unwrap_or(&[]);
            let Some(k) = rest.iter().position(|&b| b == b']' || b == b'\\') else {
                return Err(SgfError::at(open, "unterminated property value"));
            };
            i += k;
            // `i` is at an ASCII byte, `seg` just after one: both are char
            // boundaries, so this slice cannot fail.
            let piece = &text[seg..i];
            if bytes[i] == b']' {
                self.pos = i + 1;
                return Ok(match out {
                    None => Cow::Borrowed(piece),
                    Some(mut s) => {
                        s.push_str(piece);
                        Cow::Owned(s)
                    }
                });
            }
            out.get_or_insert_with(String::new).push_str(piece);
            // A backslash: drop it and take the next char literally, except
            // that an escaped line break (soft line break) disappears.
            i += 1;
            match bytes.get(i) {
                None => return Err(SgfError::at(open, "unterminated property value")),
                Some(b'\n') => {
                    i += 1;
                    if bytes.get(i) == Some(&b'\r') {
                        i += 1;
                    }
                    seg = i;
                }
                Some(b'\r') => {
                    i += 1;
                    if bytes.get(i) == Some(&b'\n') {
                        i += 1;
                    }
                    seg = i;
                }
                Some(_) => {
                    // Keep the escaped char in the next segment and step
                    // over its first byte so it is not seen as ']' or '\'.
                    seg = i;
                    i += 1;
                }
            }
        }
    }
}
