//! Syntax errors: what the parser could not read, where, and what it expected.

use crate::span::Span;
use serde::Serialize;

/// One syntax problem. The compiler turns each into a diagnostic with a stable E0xx code chosen by
/// [`SyntaxErrorKind`]; the parser never stops at the first: one error per broken top-level block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SyntaxError {
    pub kind: SyntaxErrorKind,
    /// Where the problem is (for `Unexpected`, the offending token or the end of the block).
    pub span: Span,
    /// The top-level block the error is in (the keyword's span), when there is one.
    pub block: Option<Span>,
}

/// What went wrong. Each variant maps to its own diagnostic code in the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SyntaxErrorKind {
    /// The file is not UTF-8; `offset` is the first bad byte.
    InvalidUtf8 { offset: usize },
    /// A control character other than tab and line ends (a NUL of a damaged file, or of UTF-16
    /// saved without its byte-order mark): no regulation has one, and a text would carry it onto
    /// the sheet.
    ControlChar { found: char },
    /// A `\u{...}` escape in a text that writes a control character other than tab and line
    /// feed (which `\t` and `\n` write): the text would carry it onto the sheet as the
    /// character itself would.
    EscapedControl { found: char },
    /// A token the grammar did not expect. `expected` lists grammar rules rendered as words
    /// ("a time control name", "`}`"); `found` is the text found (or None at end of input).
    Unexpected {
        expected: Vec<String>,
        found: Option<String>,
    },
    /// A line in column 1 that starts no known top-level block.
    UnknownBlock { found: String },
    /// A `{` with no matching `}` before the next top-level block or the end of the file.
    UnclosedBlock,
    /// A string literal with no closing quote on its line.
    UnclosedString,
    /// Full-width punctuation where ASCII is required (`，` `：` `（` `）` `“` `”` `；`); the
    /// payload is the character and its ASCII replacement.
    FullWidth { found: char, replacement: char },
    /// A Chinese amount such as `1.5万` or `8千` in a number position; `suggestion` is the ASCII
    /// number (`15000`).
    ChineseNumber { found: String, suggestion: String },
    /// A date with a month or day out of range (`2014-02-30`, `2014-13-01`).
    InvalidDate { found: String },
    /// A clock time out of range (`25:00`, `08:61`).
    InvalidTime { found: String },
    /// A duration with an unknown unit or none (`20m`, `20分钟`, `20`); suggestion `20min`.
    InvalidDuration {
        found: String,
        suggestion: Option<String>,
    },
    /// A number too large for its position; `most` is the largest that position keeps.
    NumberTooLarge { found: String, most: String },
    /// A range whose end is before its start (`12..7`).
    ReversedRange { found: String },
    /// A currency that is not three upper-case letters (`cny`, `元`, `RMB元`).
    InvalidCurrency {
        found: String,
        suggestion: Option<String>,
    },
    /// A top-level keyword indented, or a top-level block nested inside another.
    MisplacedBlock { keyword: String },
}

/// The Chinese for one phrase of [`SyntaxErrorKind::Unexpected::expected`] (`"a date like
/// 2014-04-27"` → `"日期，如 2014-04-27"`). Phrases that are only syntax in backquotes (`` `}` ``,
/// `` `loses` ``) read the same in both languages and come back unchanged.
pub fn expected_in_chinese(phrase: &str) -> &str {
    let table = crate::parser::words::WORDS_ZH;
    match table.binary_search_by(|(en, _)| (*en).cmp(phrase)) {
        Ok(i) => table.get(i).map_or(phrase, |(_, zh)| zh),
        Err(_) => phrase,
    }
}

#[cfg(test)]
mod tests {
    use super::expected_in_chinese;
    use crate::parser::words::{RULE_WORDS, WORDS_ZH};

    #[test]
    fn every_descriptive_phrase_has_chinese() {
        let mut sorted: Vec<&str> = WORDS_ZH.iter().map(|(en, _)| *en).collect();
        sorted.sort_unstable();
        let names: Vec<&str> = WORDS_ZH.iter().map(|(en, _)| *en).collect();
        assert_eq!(names, sorted, "WORDS_ZH must be sorted for binary search");
        for (_, en) in RULE_WORDS {
            if !en.starts_with('`') {
                assert_ne!(expected_in_chinese(en), *en, "no Chinese for {en}");
            }
        }
        assert_eq!(
            expected_in_chinese("a date like 2014-04-27"),
            "日期，如 2014-04-27"
        );
        assert_eq!(expected_in_chinese("`}`"), "`}`");
    }
}
