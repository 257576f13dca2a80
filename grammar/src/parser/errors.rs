//! Turning a failed chunk into one precise syntax error.
//!
//! The order of the questions matters: problems a person makes by habit and that the grammar
//! could only report as "unexpected" (full-width punctuation, Chinese amounts, an unclosed
//! string) are looked for first by a small lexical scan; then the place where pest stopped is
//! examined (end of chunk with an open brace, an indented top-level keyword, a malformed date,
//! time, duration or currency); only then is the error a plain `Unexpected`, with the expected
//! rules rendered as words.

use super::Rule;
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::span::Span;

pub(crate) fn classify(
    chunk: &str,
    offset: usize,
    error: &pest::error::Error<Rule>,
) -> SyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let found = token_at(chunk, pos);
    SyntaxError {
        kind: SyntaxErrorKind::Unexpected {
            expected: expected
                .iter()
                .map(|r| super::build::format_rule(*r))
                .collect(),
            found: found.map(|(s, e)| chunk.get(s..e).unwrap_or("").to_string()),
        },
        span: found.map_or(Span::new(offset + pos, offset + pos), |(s, e)| {
            Span::new(offset + s, offset + e)
        }),
        block: None,
    }
}

/// The token at `pos`: a run of characters up to a blank or a delimiter, at most 40 characters.
fn token_at(chunk: &str, pos: usize) -> Option<(usize, usize)> {
    let rest = chunk.get(pos..)?;
    let first = rest.chars().next()?;
    if first.is_whitespace() && rest.trim().is_empty() {
        return None;
    }
    let len = rest
        .char_indices()
        .take(40)
        .find(|&(i, c)| c.is_whitespace() || (i > 0 && "{}(),;\"".contains(c)))
        .map_or_else(
            || rest.char_indices().nth(40).map_or(rest.len(), |(i, _)| i),
            |(i, _)| i,
        );
    let len = if len == 0 { first.len_utf8() } else { len };
    Some((pos, pos + len))
}
