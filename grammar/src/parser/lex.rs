//! One linear pass over the source, before any grammar runs: comments, and the top-level chunks
//! the file splits into.
//!
//! A chunk starts at a line whose column 1 holds a top-level keyword. Text in column 1 outside any
//! block that starts no known block forms an "unknown" segment (one `UnknownBlock` error per run).
//! The scan knows strings (one line long, `\` escapes) and `//` comments, so a brace or a keyword
//! inside either is not structure.

use crate::ast::Comment;
use crate::span::Span;

/// The reserved words that start a top-level block when written in column 1.
pub(crate) const TOP_KEYWORDS: &[&str] = &[
    "regulation",
    "organisers",
    "contacts",
    "scoring",
    "time",
    "entry",
    "category",
    "stage",
    "playoff",
    "places",
    "ranking",
    "prizes",
    "board_prizes",
    "qualification",
    "conduct",
    "schedule",
    "registration",
    "expenses",
    "note",
    "supplement",
    "roster",
    "test",
];

/// A piece of the file: a top-level block to parse, or a run of text that starts none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Segment {
    /// `start..end` holds one block; `keyword` is the span of its keyword.
    Chunk {
        start: usize,
        end: usize,
        keyword: Span,
    },
    /// `start..end` starts no known block; `first` is its first token.
    Unknown {
        start: usize,
        end: usize,
        first: Span,
    },
}

/// What the scan found.
pub(crate) struct Scan {
    pub comments: Vec<Comment>,
    pub segments: Vec<Segment>,
}

/// True for a byte that may continue a keyword (so `timeout` is not `time`). Any non-ASCII byte
/// counts: a keyword followed by a Chinese letter is a longer identifier.
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The top-level keyword a line starts with in column 1, if any.
pub(crate) fn line_keyword(line: &str) -> Option<&'static str> {
    let bytes = line.as_bytes();
    // Most lines are indented: one byte test spares nineteen comparisons.
    if !bytes.first().is_some_and(u8::is_ascii_lowercase) {
        return None;
    }
    TOP_KEYWORDS
        .iter()
        .copied()
        .find(|kw| line.starts_with(kw) && !bytes.get(kw.len()).copied().is_some_and(word_byte))
}

/// The span of the first token of `line` (which starts at `offset`): up to a blank or a brace.
pub(crate) fn first_token(line: &str, offset: usize) -> Span {
    let trimmed = line.trim_start();
    let lead = line.len() - trimmed.len();
    let len = trimmed
        .char_indices()
        .find(|&(i, c)| c.is_whitespace() || (i > 0 && matches!(c, '{' | '}' | '(' | '"')))
        .map_or(trimmed.len(), |(i, _)| i);
    let len = if len == 0 {
        trimmed.chars().next().map_or(0, char::len_utf8)
    } else {
        len
    };
    Span::new(offset + lead, offset + lead + len)
}

/// Brace depth change and comment of one line, string-aware.
struct LineFacts {
    /// Net `{` minus `}` outside strings and comments, with the lowest running value.
    opens: i64,
    /// Byte offset (in the line) of `//`, when the line has a comment.
    comment_at: Option<usize>,
}

fn line_facts(line: &str) -> LineFacts {
    let bytes = line.as_bytes();
    let mut opens = 0i64;
    let mut in_string = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' => opens += 1,
                b'}' => opens -= 1,
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    return LineFacts {
                        opens,
                        comment_at: Some(i),
                    };
                }
                _ => {}
            }
        }
        i += 1;
    }
    LineFacts {
        opens,
        comment_at: None,
    }
}

/// Lines of `text` with their start offsets; each line excludes its `\n` (a trailing `\r` is
/// kept in the line and treated as a blank).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split('\n').map(move |line| {
        let at = start;
        start += line.len() + 1;
        // A byte-order mark (files saved by Windows editors) is not part of the first line.
        match line.strip_prefix('\u{feff}') {
            Some(rest) if at == 0 => (at + '\u{feff}'.len_utf8(), rest),
            _ => (at, line),
        }
    })
}

/// True when a column-1 character begins text that belongs to no block (outside any brace).
fn starts_foreign_text(line: &str) -> bool {
    match line.chars().next() {
        None => false,
        Some(c) if c.is_whitespace() => false,
        Some('{' | '}' | ')' | ',' | ';' | '"') => false,
        Some('/') => !line.starts_with("//"),
        Some(_) => true,
    }
}

/// Scan the whole file once.
pub(crate) fn scan(text: &str) -> Scan {
    let mut comments = Vec::new();
    let mut segments = Vec::new();
    // The open segment: (is_chunk, start, marker span).
    let mut open: Option<(bool, usize, Span)> = None;
    let mut depth: i64 = 0;
    for (at, line) in lines(text) {
        let facts = line_facts(line);
        if let Some(c) = facts.comment_at {
            let body = line.get(c + 2..).unwrap_or("");
            let body = body.strip_suffix('\r').unwrap_or(body);
            let trailing = !line.get(..c).unwrap_or("").trim().is_empty();
            comments.push(Comment {
                text: body.to_string(),
                span: Span::new(at + c, at + c + 2 + body.len()),
                trailing,
            });
        }
        let keyword = line_keyword(line);
        let foreign = keyword.is_none()
            && starts_foreign_text(line)
            && !matches!(open, Some((false, _, _)))
            && (depth <= 0 || open.is_none());
        let blank = facts
            .comment_at
            .map_or(line, |c| line.get(..c).unwrap_or(""))
            .trim()
            .is_empty();
        if let Some(kw) = keyword {
            close(&mut segments, open.take(), at);
            open = Some((true, at, Span::new(at, at + kw.len())));
            depth = 0;
        } else if foreign || (open.is_none() && !blank) {
            close(&mut segments, open.take(), at);
            open = Some((false, at, first_token(line, at)));
            depth = 0;
        }
        depth = (depth + facts.opens).max(0);
    }
    close(&mut segments, open.take(), text.len());
    Scan { comments, segments }
}

fn close(segments: &mut Vec<Segment>, open: Option<(bool, usize, Span)>, end: usize) {
    match open {
        Some((true, start, keyword)) => segments.push(Segment::Chunk {
            start,
            end,
            keyword,
        }),
        Some((false, start, first)) => segments.push(Segment::Unknown { start, end, first }),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_column_one_keywords_only() {
        let text = "scoring { win 2 }\n  stage x\nstage a {\n}\nfoo bar\nbaz\nnote \"a\" \"b\"\n";
        let scan = scan(text);
        let kinds: Vec<_> = scan
            .segments
            .iter()
            .map(|s| match s {
                Segment::Chunk { start, end, .. } => ("chunk", &text[*start..*end]),
                Segment::Unknown { start, end, .. } => ("unknown", &text[*start..*end]),
            })
            .collect();
        assert_eq!(
            kinds,
            vec![
                ("chunk", "scoring { win 2 }\n  stage x\n"),
                ("chunk", "stage a {\n}\n"),
                ("unknown", "foo bar\nbaz\n"),
                ("chunk", "note \"a\" \"b\"\n"),
            ]
        );
    }

    #[test]
    fn comments_and_strings() {
        let text = "note \"a // not\" \"b\" // yes\n// whole\n";
        let scan = scan(text);
        assert_eq!(scan.comments.len(), 2);
        assert_eq!(scan.comments[0].text, " yes");
        assert!(scan.comments[0].trailing);
        assert_eq!(&text[scan.comments[0].span.range()], "// yes");
        assert!(!scan.comments[1].trailing);
    }
}
