//! The parse driver: split the file into top-level chunks, parse each alone, and collect one
//! item or one error per chunk.
//!
//! Splitting first (see [`lex`]) is what makes recovery simple and robust: a broken block
//! becomes [`Item::Broken`] with exactly one [`SyntaxError`], and every other block is parsed as
//! if the broken one were not there. The grammar has no recursive rule, so the depth of pest's
//! calls is bounded by the grammar and no input can overflow the stack.

mod build;
mod errors;
mod lex;
mod words;

use crate::ast::{File, Item};
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
    for segment in scan.segments {
        match segment {
            lex::Segment::Chunk {
                start,
                end,
                keyword,
            } => {
                let chunk = text.get(start..end).unwrap_or("");
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
            lex::Segment::Unknown { first, .. } => {
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
        Err(error) => Err(errors::classify(chunk, offset, &error)),
    }
}
