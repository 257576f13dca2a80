//! The xqreg regulation language: text in, syntax tree out.
//!
//! [`parse`] reads one `.xqr` source text and returns a [`ast::File`] with every top-level block
//! it could read, plus a [`SyntaxError`] for each block it could not (one per broken block, never
//! a cascade). The tree keeps byte spans and comments. This crate knows nothing of what a
//! regulation means: names are not resolved and nothing is checked beyond the shape of literals.

// The grammar is generated without pest's `std` feature (no per-call stack probe; the grammar
// has no recursive rule, so the stack depth is bounded anyway); its code names `alloc`.
extern crate alloc;

pub mod ast;
pub mod cst;
pub mod error;
mod parser;
pub mod span;

pub use error::{expected_in_chinese, SyntaxError, SyntaxErrorKind};
pub use span::Span;

/// The reserved words that start a top-level block in column 1 (for did-you-mean and editors).
pub const TOP_LEVEL_KEYWORDS: &[&str] = parser::lex::TOP_KEYWORDS;

/// Every keyword of the language (the words of the grammar's `kw_*` rules), in the grammar's
/// order: what editors highlight. Read from `regulation.pest` itself, so it cannot fall behind.
pub fn keywords() -> Vec<&'static str> {
    const GRAMMAR: &str = include_str!("regulation.pest");
    GRAMMAR
        .lines()
        .filter(|line| line.starts_with("kw_"))
        .filter_map(|line| line.split('"').nth(1))
        .collect()
}

/// The keywords that may start what a syntax error expected, for did-you-mean on a misspelt
/// keyword (see [`SyntaxErrorKind::Unexpected`]'s `expected`).
pub fn keywords_expected(expected: &[String]) -> std::collections::BTreeSet<String> {
    parser::suggest::keywords_expected(expected)
}

/// The phrases of the clauses `word` can start, whichever block holds them ("a knockout clause
/// (`bracket`, ...)"): for telling a writer that a keyword stands in the wrong block.
pub fn clauses_starting_with(word: &str) -> Vec<&'static str> {
    parser::suggest::clauses_starting_with(word)
}

/// The result of parsing one file: every block that could be read, and the errors of the rest.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub file: ast::File,
    pub errors: Vec<SyntaxError>,
}

/// Parse raw bytes: a non-UTF-8 file gives one `InvalidUtf8` error and an empty file.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let offset = e.valid_up_to();
            let span = Span::new(offset, offset + 1);
            not_read(SyntaxErrorKind::InvalidUtf8 { offset }, span)
        }
    }
}

/// Parse one source text. Never panics; see [`Parsed`].
pub fn parse(text: &str) -> Parsed {
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        let span = Span::new(at, at + c.len_utf8());
        return not_read(SyntaxErrorKind::ControlChar { found: c }, span);
    }
    if let Some((at, len, c)) = escaped_control(text) {
        let span = Span::new(at, at + len);
        return not_read(SyntaxErrorKind::EscapedControl { found: c }, span);
    }
    if text.contains('\r') {
        // Comments, strings and the error finder end a line at LF: lines ended by a lone CR
        // (an old Mac editor) are read as lines, not as one comment swallowing the file.
        return parser::parse_text(&lone_cr_as_newline(text));
    }
    parser::parse_text(text)
}

/// A file not read at all: nothing in it but the one error that says why.
fn not_read(kind: SyntaxErrorKind, span: Span) -> Parsed {
    Parsed {
        file: ast::File {
            items: Vec::new(),
            comments: Vec::new(),
            span: Span::new(0, 0),
        },
        errors: vec![SyntaxError {
            kind,
            span,
            block: None,
        }],
    }
}

/// The first `\u{HEX}` escape inside a string that writes a control character other than tab and
/// line feed: its offset, its length and the character. Strings are one line long, `\` escapes
/// the next character, and `//` outside a string starts a comment (as the grammar reads them).
fn escaped_control(text: &str) -> Option<(usize, usize, char)> {
    if !text.contains("\\u{") {
        return None;
    }
    let bytes = text.as_bytes();
    let (mut i, mut in_string) = (0, false);
    while let Some(&b) = bytes.get(i) {
        match (in_string, b) {
            (_, b'\n') => in_string = false,
            (false, b'"') => in_string = true,
            (false, b'/') if bytes.get(i + 1) == Some(&b'/') => {
                // The rest of the line is a comment.
                i += text[i..].find('\n').unwrap_or(text.len() - i);
                continue;
            }
            (true, b'"') => in_string = false,
            (true, b'\\') => {
                let escape = text[i..].strip_prefix("\\u{").and_then(|r| {
                    let (hex, _) = r.split_once('}')?;
                    let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                    Some((hex.len() + 4, c))
                });
                match escape {
                    Some((len, c)) if c.is_control() && !matches!(c, '\t' | '\n') => {
                        return Some((i, len, c));
                    }
                    _ => i += 1,
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The text with every CR that does not start a CR LF made an LF. CR for LF is byte for byte,
/// so every offset (a span, a diagnostic's place) is the same in both texts. Every reader of a
/// text file (a regulation, a CSV, a TRF) and every source shown in a diagnostic uses it.
pub fn lone_cr_as_newline(text: &str) -> std::borrow::Cow<'_, str> {
    let lone = |i: usize| text.as_bytes().get(i + 1) != Some(&b'\n');
    if !text.match_indices('\r').any(|(i, _)| lone(i)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.as_bytes().to_vec();
    for (i, _) in text.match_indices('\r') {
        if lone(i) {
            if let Some(b) = out.get_mut(i) {
                *b = b'\n';
            }
        }
    }
    // ASCII for ASCII: still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}
