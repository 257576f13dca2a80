//! The parse driver: split the file into top-level chunks, parse each alone, and collect one
//! item or one error per chunk.
//!
//! Splitting first (see [`lex`]) is what makes recovery simple and robust: a broken block
//! becomes [`Item::Broken`] with exactly one [`SyntaxError`], and every other block is parsed as
//! if the broken one were not there. The grammar has no recursive rule, so the depth of pest's
//! calls is bounded by the grammar and no input can overflow the stack.

mod build;
mod errors;
pub(crate) mod lex;
pub(crate) mod suggest;
pub(crate) mod words;

use crate::ast::{Comment, File, Item};
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::span::Span;
use crate::Parsed;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "regulation.pest"]
pub(crate) struct RegulationParser;

/// Parse one whole source text.
pub(crate) fn parse_text(text: &str) -> Parsed {
    let scan = lex::scan(text);
    let mut items = Vec::new();
    let mut errors = Vec::new();
    // Comments are in source order, like the segments: one cursor walks both.
    let mut next_comment = 0;
    for segment in scan.segments {
        match segment {
            lex::Segment::Chunk {
                start,
                end,
                keyword,
            } => {
                let original = text.get(start..end).unwrap_or("");
                let first = next_comment;
                while scan
                    .comments
                    .get(next_comment)
                    .is_some_and(|c| (c.span.start as usize) < end)
                {
                    next_comment += 1;
                }
                let blanked =
                    blank_comments(original, start, scan.comments.get(first..next_comment));
                let chunk = blanked.as_deref().unwrap_or(original);
                match parse_chunk(chunk, start) {
                    Ok(item) => items.push(item),
                    Err(mut error) => {
                        error.block = Some(keyword);
                        errors.push(error);
                        items.push(Item::Broken(Span::new(
                            start,
                            start + chunk.trim_end().len(),
                        )));
                    }
                }
            }
            lex::Segment::Unknown { first, end, .. } => {
                while scan
                    .comments
                    .get(next_comment)
                    .is_some_and(|c| (c.span.start as usize) < end)
                {
                    next_comment += 1;
                }
                let found = text.get(first.range()).unwrap_or("").to_string();
                errors.push(SyntaxError {
                    kind: SyntaxErrorKind::UnknownBlock { found },
                    span: first,
                    block: None,
                });
            }
        }
    }
    Parsed {
        file: File {
            items,
            comments: scan.comments,
            span: Span::new(0, text.len()),
        },
        errors,
    }
}

/// One matched grammar rule (see `cst`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The rule's name in `regulation.pest`: `stage`, `prize_line`, `kw_round`, `string`.
    pub rule: String,
    /// Its text in the file.
    pub span: Span,
    /// The rules matched inside it, in order (none for atomic rules).
    pub children: Vec<Node>,
}

/// The concrete tree of every chunk (what `cst::parse` returns); `None` when a chunk fails to parse or
/// text outside any block is found.
pub(crate) fn concrete(text: &str) -> Option<Vec<Node>> {
    let scan = lex::scan(text);
    let mut out = Vec::new();
    for segment in scan.segments {
        let lex::Segment::Chunk { start, end, .. } = segment else {
            return None;
        };
        let original = text.get(start..end)?;
        let inside: Vec<Comment> = scan
            .comments
            .iter()
            .filter(|c| (c.span.start as usize) >= start && (c.span.start as usize) < end)
            .cloned()
            .collect();
        let blanked = blank_comments(original, start, Some(&inside));
        let chunk = blanked.as_deref().unwrap_or(original);
        let pairs = RegulationParser::parse(Rule::block_chunk, chunk).ok()?;
        let item = pairs
            .into_iter()
            .next()?
            .into_inner()
            .find(|p| p.as_rule() != Rule::EOI)?;
        out.push(concrete_node(&item, start));
    }
    Some(out)
}

fn concrete_node(pair: &pest::iterators::Pair<'_, Rule>, offset: usize) -> Node {
    let span = pair.as_span();
    Node {
        rule: format!("{:?}", pair.as_rule()),
        span: Span::new(offset + span.start(), offset + span.end()),
        children: pair
            .clone()
            .into_inner()
            .map(|p| concrete_node(&p, offset))
            .collect(),
    }
}

/// The chunk with every comment replaced by blanks (same length, so offsets stay), or None when
/// it has no comment. The grammar has no comment rule: this is how comments are skipped.
fn blank_comments(chunk: &str, offset: usize, comments: Option<&[Comment]>) -> Option<String> {
    let comments = comments.filter(|c| !c.is_empty())?;
    let mut bytes = chunk.as_bytes().to_vec();
    for c in comments {
        let from = (c.span.start as usize).saturating_sub(offset);
        let to = (c.span.end as usize).saturating_sub(offset);
        if let Some(range) = bytes.get_mut(from..to) {
            range.fill(b' ');
        }
    }
    // Whole characters were replaced by ASCII blanks, so the text is still UTF-8.
    String::from_utf8(bytes).ok()
}

/// Reparse a chunk that failed, with pest's token tracking on, for the punctuation it expected
/// and where (`{`, `:`, `)`, ...): pest names only rules in its ordinary errors. Tracking costs
/// time on every parse, so it is switched on only here; the switch is global, so reparses take
/// turns (a parse elsewhere that sees it on only runs slower, with the same result).
fn expected_punctuation(chunk: &str) -> Option<(usize, Vec<String>)> {
    static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = DETAIL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    pest::set_error_detail(true);
    let result = RegulationParser::parse(Rule::block_chunk, chunk);
    pest::set_error_detail(false);
    let attempts = result.err()?.parse_attempts()?;
    let mut tokens: Vec<String> = attempts
        .expected_tokens()
        .into_iter()
        .map(|t| t.to_string())
        .filter(|t| errors::PUNCTUATION.contains(&t.as_str()))
        .map(|t| format!("`{t}`"))
        .collect();
    tokens.dedup();
    (!tokens.is_empty()).then_some((attempts.max_position, tokens))
}

/// Parse one chunk that starts at byte `offset` of the file.
fn parse_chunk(chunk: &str, offset: usize) -> Result<Item, SyntaxError> {
    match RegulationParser::parse(Rule::block_chunk, chunk) {
        Ok(mut pairs) => {
            let builder = build::Builder { offset };
            let item = pairs
                .next()
                .and_then(|chunk_pair| chunk_pair.into_inner().find(|p| p.as_rule() != Rule::EOI));
            match item {
                Some(item) => builder.item(&item),
                None => Err(SyntaxError {
                    kind: SyntaxErrorKind::Unexpected {
                        expected: vec!["a top-level block".to_string()],
                        found: None,
                    },
                    span: Span::new(offset, offset + chunk.len()),
                    block: None,
                }),
            }
        }
        Err(error) => {
            let punctuation = expected_punctuation(chunk);
            Err(errors::classify(chunk, offset, &error, punctuation))
        }
    }
}
