//! The walk over the concrete tree: every token of the file, in source order, with the break
//! the canonical layout puts before it.
//!
//! Clause boundaries come from the tree: the rules matched between a node's `{` and `}` are its
//! clauses, one per line one level deeper. Everything else (separators `;` `,` and line ends
//! between clauses, line ends before a `{`) is dropped and written anew. A line end inside a
//! clause is kept as a continuation line: the language allows one only where it means nothing
//! (before `en`, after a `,` in a list, before the second text of a note).

use xqreg_grammar::ast::Comment;
use xqreg_grammar::cst::Node;
use xqreg_grammar::Span;

/// What comes before a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Break {
    /// Same line, one space.
    Space,
    /// Same line, no space.
    Tight,
    /// A new line at `indent` levels; `blank`: one blank line before it where the source had one.
    Line { indent: usize, blank: bool },
    /// A top-level block: one blank line before it (none at the start of the file).
    Block,
}

/// One output token: code, or (after [`super::comments::merge`]) a comment.
#[derive(Clone, Debug)]
pub(super) struct Tok {
    pub text: String,
    /// Where it stands in the source (empty for a separator the formatter writes itself).
    pub src: Span,
    pub brk: Break,
    /// The indent of its line if a comment forces a line break before it.
    pub cont: usize,
    /// The indent of a comment written on its own line before it.
    pub comment_indent: usize,
    /// The alignment column it starts: (table, column).
    pub align: Option<(usize, u8)>,
}

/// Rules printed exactly as written: no blank can stand inside them.
const VERBATIM: &[&str] = &[
    "string",
    "place_range",
    "place_ref",
    "place_group",
    "entries_bounds",
    "place_span",
];

/// Rules whose `{ }` hold a list on one line, not clauses on lines of their own (a player's
/// attributes are one roster row).
const INLINE_BODY: &[&str] = &["draw_pot", "places_ranked", "player"];

/// The tokens of the whole file.
pub(super) fn tokens(source: &str, comments: &[Comment], items: &[Node]) -> Vec<Tok> {
    let mut walker = Walker {
        src: blanked(source, comments),
        out: Vec::new(),
        pending: None,
        tight_next: false,
        mark: None,
        tables: 0,
    };
    for item in items {
        walker.pending = Some(Break::Block);
        let table = walker.new_table();
        walker.node(item, 0, table);
    }
    walker.out
}

/// The source with every comment replaced by blanks, as the grammar saw it.
fn blanked(source: &str, comments: &[Comment]) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for c in comments {
        if let Some(range) = bytes.get_mut(c.span.range()) {
            range.fill(b' ');
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| source.to_string())
}

/// The state of a node's walk between its children.
struct Gaps {
    /// The alignment table of the open `{ }` body, if one is open.
    body: Option<usize>,
    /// Clauses seen in the body so far.
    items: usize,
    /// A line end since the last token, outside a body.
    newline: bool,
}

struct Walker {
    src: String,
    out: Vec<Tok>,
    pending: Option<Break>,
    tight_next: bool,
    mark: Option<(usize, u8)>,
    tables: usize,
}

impl Walker {
    fn new_table(&mut self) -> usize {
        self.tables += 1;
        self.tables
    }

    /// Push one token; the break is the pending one, else a space or none by punctuation.
    fn emit(&mut self, text: &str, src: Span, cont: usize, comment_indent: Option<usize>) {
        let brk = match self.pending.take() {
            Some(b) => b,
            None if self.tight_next || matches!(text, "," | ":" | ";" | ")") => Break::Tight,
            None => Break::Space,
        };
        let comment_indent = comment_indent.unwrap_or(match brk {
            Break::Line { indent, .. } => indent,
            Break::Block => 0,
            Break::Space | Break::Tight => cont,
        });
        self.tight_next = text == "(";
        self.out.push(Tok {
            text: text.to_string(),
            src,
            brk,
            cont,
            comment_indent,
            align: self.mark.take(),
        });
    }

    fn node(&mut self, n: &Node, ind: usize, table: usize) {
        if n.children.is_empty() || VERBATIM.contains(&n.rule.as_str()) {
            self.leaf(n, ind);
            return;
        }
        let multi = !INLINE_BODY.contains(&n.rule.as_str());
        let (col0, col1) = align_children(n);
        let mut gaps = Gaps {
            body: None,
            items: 0,
            newline: false,
        };
        let mut pos = n.span.start as usize;
        for (i, child) in n.children.iter().enumerate() {
            self.gap(n, pos, child.span.start as usize, ind, &mut gaps);
            let child_ind = match gaps.body {
                Some(_) if multi => {
                    self.pending = Some(Break::Line {
                        indent: ind + 1,
                        blank: true,
                    });
                    ind + 1
                }
                Some(_) => {
                    if n.rule == "places_ranked" && gaps.items > 0 {
                        let at = Span::new(pos, pos);
                        self.emit(",", at, ind + 1, None);
                    }
                    ind
                }
                None => {
                    if gaps.newline {
                        self.pending = Some(Break::Line {
                            indent: ind + 1,
                            blank: false,
                        });
                    }
                    ind
                }
            };
            if gaps.body.is_some() {
                gaps.items += 1;
            }
            gaps.newline = false;
            if col0 == Some(i) {
                self.mark = Some((table, 0));
            } else if col1 == Some(i) {
                self.mark = Some((table, 1));
            }
            self.node(child, child_ind, gaps.body.unwrap_or(table));
            pos = child.span.end as usize;
        }
        self.gap(n, pos, n.span.end as usize, ind, &mut gaps);
    }

    fn leaf(&mut self, n: &Node, ind: usize) {
        let text = self.src.get(n.span.range()).unwrap_or("").to_string();
        if n.rule == "en_marker" {
            if text.contains('\n') {
                self.pending = Some(Break::Line {
                    indent: ind + 1,
                    blank: false,
                });
            }
            self.emit("en", n.span, ind + 1, None);
        } else {
            self.emit(&text, n.span, ind + 1, None);
        }
    }

    /// The literal text between two children of `n` (`from..to`): punctuation and separators.
    fn gap(&mut self, n: &Node, from: usize, to: usize, ind: usize, gaps: &mut Gaps) {
        let multi = !INLINE_BODY.contains(&n.rule.as_str());
        let mut i = from;
        while i < to {
            let rest = self.src.get(i..to).unwrap_or("");
            let Some(c) = rest.chars().next() else { break };
            let word = if rest.starts_with("..") {
                2
            } else if c.is_ascii_punctuation() {
                1
            } else {
                rest.find(char::is_whitespace).unwrap_or(rest.len())
            };
            let word = rest.get(..word).unwrap_or("").to_string();
            let at = |len: usize| Span::new(i, i + len);
            let mut len = c.len_utf8();
            match c {
                '\n' => gaps.newline |= gaps.body.is_none(),
                ' ' | '\t' | '\r' => {}
                ';' | ',' if gaps.body.is_some() => {}
                '{' => {
                    gaps.newline = false;
                    self.pending = None;
                    // Pushed to its own line only by a comment: then at the clause's indent.
                    self.emit("{", at(1), ind, None);
                    gaps.body = Some(self.new_table());
                    gaps.items = 0;
                }
                '}' => {
                    self.pending = Some(match (multi, gaps.items) {
                        (_, 0) => Break::Tight,
                        (true, _) => Break::Line {
                            indent: ind,
                            blank: false,
                        },
                        (false, _) => Break::Space,
                    });
                    self.emit("}", at(1), ind, Some(ind + 1));
                    gaps.body = None;
                }
                '-' if n.rule == "slot" => {
                    self.pending = Some(Break::Tight);
                    self.emit("-", at(1), ind + 1, None);
                    self.tight_next = true;
                }
                _ => {
                    len = word.len();
                    self.continuation(ind, gaps);
                    self.emit(&word, at(len), ind + 1, None);
                }
            }
            i += len;
        }
    }

    /// A line end of the source before a literal inside a clause starts a continuation line.
    fn continuation(&mut self, ind: usize, gaps: &mut Gaps) {
        if std::mem::take(&mut gaps.newline) {
            self.pending = Some(Break::Line {
                indent: ind + 1,
                blank: false,
            });
        }
    }
}

/// The children that start the aligned columns of a table row: the amount and the awards of a
/// prize line, what a schedule slot holds, the rounds of a `by_entries` arm.
fn align_children(n: &Node) -> (Option<usize>, Option<usize>) {
    let rule = |i: usize| n.children.get(i).map(|c| c.rule.as_str());
    match n.rule.as_str() {
        "prize_line" => {
            let money = rule(1) == Some("money");
            let col1 = (money && rule(2).is_some()).then_some(2);
            (rule(1).map(|_| 1), col1)
        }
        "entries_arm" => (rule(1).map(|_| 1), None),
        "slot" => {
            let first = n.children.iter().position(|c| {
                !matches!(c.rule.as_str(), "slot_all_day" | "slot_start" | "slot_end")
            });
            (first, None)
        }
        _ => (None, None),
    }
}
