//! Comments back between the tokens, each where it was.
//!
//! A trailing comment (code before it on its line) follows the same token and ends the line; the
//! token after it starts a new line if it was to share it (legal: the source had a line end
//! there). Comments on lines of their own stand before the same token, at the indent of that
//! token's line (one level deeper before a closing brace: they belong to the body); the first of
//! them takes over the token's break, so a comment above a block moves with the block.

use xqreg_grammar::ast::Comment;
use xqreg_grammar::Span;

use super::layout::{Break, Tok};

pub(super) fn merge(tokens: Vec<Tok>, comments: &[Comment]) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(tokens.len() + comments.len());
    let mut rest = comments.iter().peekable();
    let mut force_line = false;
    for mut tok in tokens {
        let mut stolen = false;
        while let Some(c) = rest.next_if(|c| c.span.start < tok.src.start) {
            let mut ct = comment_tok(c);
            if c.trailing {
                ct.brk = Break::Space;
            } else if !stolen {
                stolen = true;
                (ct.brk, tok.brk) = steal(&tok);
            } else {
                ct.brk = Break::Line {
                    indent: tok.comment_indent,
                    blank: true,
                };
            }
            if std::mem::take(&mut force_line) {
                ct.brk = line_if_same(ct.brk, ct.cont);
            }
            force_line = c.trailing;
            ct.cont = tok.comment_indent;
            out.push(ct);
        }
        if std::mem::take(&mut force_line) {
            tok.brk = line_if_same(tok.brk, tok.cont);
        }
        out.push(tok);
    }
    for c in rest {
        let mut ct = comment_tok(c);
        ct.brk = if c.trailing && !force_line {
            Break::Space
        } else {
            Break::Line {
                indent: 0,
                blank: true,
            }
        };
        force_line = c.trailing;
        out.push(ct);
    }
    out
}

/// The breaks of an own-line comment before `tok` and of `tok` after it.
fn steal(tok: &Tok) -> (Break, Break) {
    let closing = tok.text == "}";
    match tok.brk {
        Break::Block => (
            Break::Block,
            Break::Line {
                indent: 0,
                blank: true,
            },
        ),
        Break::Line { indent, blank } => (
            Break::Line {
                indent: tok.comment_indent,
                blank: blank || closing,
            },
            Break::Line {
                indent,
                blank: !closing,
            },
        ),
        Break::Space | Break::Tight => (
            Break::Line {
                indent: tok.comment_indent,
                blank: false,
            },
            Break::Line {
                indent: tok.cont,
                blank: false,
            },
        ),
    }
}

/// A same-line break turned into a line break at `indent` (after a trailing comment).
fn line_if_same(brk: Break, indent: usize) -> Break {
    match brk {
        Break::Space | Break::Tight => Break::Line {
            indent,
            blank: false,
        },
        other => other,
    }
}

fn comment_tok(c: &Comment) -> Tok {
    Tok {
        text: format!("//{}", c.text.trim_end()),
        src: Span::new(c.span.start as usize, c.span.end as usize),
        brk: Break::Space,
        cont: 0,
        comment_indent: 0,
        align: None,
    }
}
