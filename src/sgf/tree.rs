//! Raw game trees: every node and property of a collection, unescaped but
//! otherwise uninterpreted.

use std::borrow::Cow;
use std::fmt;

use super::SgfError;
use super::parse::{Items, ParseSink, no_tree};
use super::record::push_value;

/// One node: properties in file order, each identifier with its raw
/// (unescaped) values.
///
/// Identifiers hold only the uppercase letters found in the file (so the
/// FF\[3\]-era `AddBlack` is stored as `AB`). Values have had `\` escapes and
/// soft line breaks (an escaped newline) removed; nothing else is changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SgfNode {
    /// `(identifier, values)` pairs in the order they appear in the file.
    pub props: Vec<(String, Vec<String>)>,
}

impl SgfNode {
    /// The value list of the first property named `id`, if any.
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(name, _)| name == id)
            .map(|(_, values)| values.as_slice())
    }

    /// The first value of the first property named `id`, if any.
    pub fn get_first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(String::as_str)
    }

    /// Whether the node has a property named `id`.
    pub fn has(&self, id: &str) -> bool {
        self.props.iter().any(|(name, _)| name == id)
    }
}

/// A game tree: a sequence of nodes then child variations.
///
/// Trees read by [`parse_collection`] always have at least one node. The
/// first child is the main line. Dropping, cloning, comparing and
/// `Debug`-printing are iterative, so arbitrarily deep trees are safe.
#[derive(Default)]
pub struct GameTree {
    /// The nodes of this sequence, in order.
    pub nodes: Vec<SgfNode>,
    /// Variations following the last node; the first is the main line.
    pub children: Vec<GameTree>,
}

impl GameTree {
    /// The nodes of the main line: this sequence, then the first child's,
    /// and so on down the first variation at every branch.
    pub fn main_line(&self) -> impl Iterator<Item = &SgfNode> {
        std::iter::successors(Some(self), |t| t.children.first()).flat_map(|t| t.nodes.iter())
    }

    /// Writes the tree as SGF text, every node and property in order with its values
    /// escaped again, each variation on a line of its own: what a tool that edits a record
    /// (`moyo review` adds comments and variations) writes back. [`parse_collection`] reads
    /// it back to an equal tree, except that values of composed types (`LB`, `AP`) whose
    /// text held an escaped `:` come back split there. A property without values is written
    /// with one empty value, a tree without nodes as one empty node. Iterative, as are the
    /// other walks of a tree.
    pub fn to_sgf(&self) -> String {
        enum SgfStep<'a> {
            Tree(&'a GameTree),
            Close,
        }
        let mut s = String::new();
        let mut stack = vec![SgfStep::Tree(self)];
        while let Some(item) = stack.pop() {
            let t = match item {
                SgfStep::Close => {
                    s.push(')');
                    continue;
                }
                SgfStep::Tree(t) => t,
            };
            if !s.is_empty() {
                s.push('\n');
            }
            s.push('(');
            if t.nodes.is_empty() {
                s.push(';');
            }
            for node in &t.nodes {
                s.push(';');
                for (id, values) in &node.props {
                    s.push_str(id);
                    if values.is_empty() {
                        s.push_str("[]");
                    }
                    for v in values {
                        push_value(&mut s, v);
                    }
                }
            }
            stack.push(SgfStep::Close);
            stack.extend(t.children.iter().rev().map(SgfStep::Tree));
        }
        s.push('\n');
        s
    }
}

impl Drop for GameTree {
    fn drop(&mut self) {
        // Flatten instead of letting the compiler recurse through children.
        let mut pending = std::mem::take(&mut self.children);
        while let Some(mut tree) = pending.pop() {
            pending.append(&mut tree.children);
        }
    }
}

impl Clone for GameTree {
    fn clone(&self) -> GameTree {
        struct Frame<'a> {
            src: &'a GameTree,
            next_child: usize,
            out: GameTree,
        }
        fn frame(src: &GameTree) -> Frame<'_> {
            Frame {
                src,
                next_child: 0,
                out: GameTree {
                    nodes: src.nodes.clone(),
                    children: Vec::with_capacity(src.children.len()),
                },
            }
        }
        let mut stack = vec![frame(self)];
        while let Some(top) = stack.last_mut() {
            if let Some(child) = top.src.children.get(top.next_child) {
                top.next_child += 1;
                stack.push(frame(child));
                continue;
            }
            let Some(done) = stack.pop() else { break };
            match stack.last_mut() {
                Some(parent) => parent.out.children.push(done.out),
                None => return done.out,
            }
        }
        GameTree::default() // not reached: the loop always returns
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            if a.nodes != b.nodes || a.children.len() != b.children.len() {
                return false;
            }
            stack.extend(a.children.iter().zip(b.children.iter()));
        }
        true
    }
}

impl Eq for GameTree {}

impl fmt::Debug for GameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        enum DebugStep<'a> {
            Tree(&'a GameTree),
            Text(&'static str),
        }
        let mut stack = vec![DebugStep::Tree(self)];
        while let Some(item) = stack.pop() {
            match item {
                DebugStep::Text(s) => f.write_str(s)?,
                DebugStep::Tree(t) => {
                    write!(f, "GameTree {{ nodes: {:?}, children: [", t.nodes)?;
                    stack.push(DebugStep::Text("] }"));
                    for (i, child) in t.children.iter().enumerate().rev() {
                        stack.push(DebugStep::Tree(child));
                        if i > 0 {
                            stack.push(DebugStep::Text(", "));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// Builds [`GameTree`]s from parser events, with an explicit stack.
#[derive(Default)]
struct TreeBuilder {
    stack: Vec<GameTree>,
    /// The open node's properties, moved into it (at their exact size)
    /// when it ends, to keep big collections compact in memory.
    props: Vec<(String, Vec<String>)>,
    done: Option<GameTree>,
}

impl TreeBuilder {
    fn end_node(&mut self) {
        if self.props.is_empty() {
            return;
        }
        if let Some(node) = self.stack.last_mut().and_then(|t| t.nodes.last_mut()) {
            node.props = self.props.drain(..).collect();
        }
        self.props.clear();
    }
}

impl<'a> ParseSink<'a> for TreeBuilder {
    type Output = GameTree;

    fn open(&mut self) {
        self.end_node();
        self.stack.push(GameTree::default());
    }

    fn node(&mut self) {
        self.end_node();
        if let Some(top) = self.stack.last_mut() {
            top.nodes.push(SgfNode::default());
        }
    }

    fn prop(&mut self, id: &str, values: &mut Vec<Cow<'a, str>>, _offset: usize) {
        let values = values.drain(..).map(Cow::into_owned).collect();
        self.props.push((id.to_string(), values));
    }

    fn close(&mut self) {
        self.end_node();
        if let Some(done) = self.stack.pop() {
            match self.stack.last_mut() {
                Some(parent) => parent.children.push(done),
                None => self.done = Some(done),
            }
        }
    }

    fn finish(&mut self) -> GameTree {
        // The parser calls this right after the outermost close, so `done`
        // is always set.
        let done = self.done.take().unwrap_or_default();
        self.reset();
        done
    }

    fn reset(&mut self) {
        self.stack.clear();
        self.props.clear();
        self.done = None;
    }
}

/// Parse a whole SGF collection (one or more game trees, e.g. one per line
/// in a big file).
///
/// Text before the first game tree (anything up to the first `(` followed by
/// `;`) is ignored; between and after trees only whitespace may appear. At
/// least one tree is required, and the first malformed tree fails the whole
/// collection (see [`game_trees`] to skip bad games instead). Errors carry
/// the byte offset of the problem.
///
/// This keeps every property of every node; to load many games for their
/// moves, [`GameRecord::parse_all`](super::GameRecord::parse_all) is several
/// times faster.
pub fn parse_collection(text: &str) -> Result<Vec<GameTree>, SgfError> {
    let trees = game_trees(text).collect::<Result<Vec<_>, _>>()?;
    if trees.is_empty() {
        return Err(no_tree(text));
    }
    Ok(trees)
}

/// Like [`parse_collection`], for raw file contents that may not be valid
/// UTF-8 (legacy encodings): invalid sequences become U+FFFD first, so byte
/// offsets in errors refer to that converted text.
pub fn parse_collection_bytes(bytes: &[u8]) -> Result<Vec<GameTree>, SgfError> {
    parse_collection(&String::from_utf8_lossy(bytes))
}

/// Iterate over the game trees of a collection one at a time, for big files
/// where a few games may be damaged.
///
/// Each item is one game tree or the error that stopped one. After an error
/// the iterator recovers at the next line that starts with `(;` (after the
/// start of the broken game), so with one game per line only the damaged
/// games are lost. Same syntax rules as [`parse_collection`]; text with no
/// game tree at all simply yields nothing.
pub fn game_trees(text: &str) -> GameTrees<'_> {
    GameTrees {
        items: Items::new(text),
        builder: TreeBuilder::default(),
    }
}

/// The iterator returned by [`game_trees`].
pub struct GameTrees<'a> {
    items: Items<'a>,
    builder: TreeBuilder,
}

impl Iterator for GameTrees<'_> {
    type Item = Result<GameTree, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.items.next_item(&mut self.builder)
    }
}

/// Parse only the first game tree of `text` (what follows it is not read).
pub fn parse_first_tree(text: &str) -> Result<GameTree, SgfError> {
    super::parse::parse_first(text, &mut TreeBuilder::default())
}
