//! Syntax errors as diagnostics: each [`SyntaxErrorKind`] has its own E0xx code, message, label,
//! help line and explanation. The parser says what it could not read; this module says it to a
//! person, in English and Chinese.

use xqreg_grammar::{expected_in_chinese, SyntaxError, SyntaxErrorKind};

use super::source::SourceFile;
use super::{
    Code, Diagnostic, Explain, Msg, Report, Severity, Template, DID_YOU_MEAN, IN_THIS_BLOCK, WRITE,
};

// The message catalogue of this module: compiler/messages/diagnostics/syntax.toml.
include!(concat!(env!("OUT_DIR"), "/messages/diagnostics/syntax.rs"));

/// E016's report, for the reader that refuses a file past what a regulation holds
/// ([`crate::driver::LONGEST_REGULATION`]).
pub(crate) const FILE_TOO_LARGE: &Report = &TOO_LARGE;

/// Every syntax code, in code order.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E001,
        &E002,
        &E003,
        &E004,
        &E005,
        &E006,
        &E007,
        &E008,
        &E009,
        &E010,
        &E011,
        &E012,
        &E013,
        &E014,
        &E015,
        &E016,
        &super::misspelt::E017,
    ]
}

fn code_for(kind: &SyntaxErrorKind) -> &'static Code {
    match kind {
        SyntaxErrorKind::InvalidUtf8 { .. } => &E001,
        SyntaxErrorKind::ControlChar { .. } | SyntaxErrorKind::EscapedControl { .. } => &E015,
        SyntaxErrorKind::Unexpected { .. } => &E002,
        SyntaxErrorKind::UnknownBlock { .. } => &E003,
        SyntaxErrorKind::UnclosedBlock => &E004,
        SyntaxErrorKind::UnclosedString => &E005,
        SyntaxErrorKind::FullWidth { .. } => &E006,
        SyntaxErrorKind::ChineseNumber { .. } => &E007,
        SyntaxErrorKind::InvalidDate { .. } => &E008,
        SyntaxErrorKind::InvalidTime { .. } => &E009,
        SyntaxErrorKind::InvalidDuration { .. } => &E010,
        SyntaxErrorKind::NumberTooLarge { .. } => &E011,
        SyntaxErrorKind::ReversedRange { .. } => &E012,
        SyntaxErrorKind::InvalidCurrency { .. } => &E013,
        SyntaxErrorKind::MisplacedBlock { .. } => &E014,
    }
}

/// "a, b or c" / "a、b 或 c".
fn one_of(words: &[String]) -> Msg {
    // The grammar owns the Chinese of its own phrases.
    let zh: Vec<String> = words
        .iter()
        .map(|w| expected_in_chinese(w).to_string())
        .collect();
    match (words, zh.as_slice()) {
        ([one], [one_zh]) => Msg::new(one.clone(), one_zh.clone()),
        ([init @ .., last], [init_zh @ .., last_zh]) => ONE_OF.fill(&[
            ("init", &init.join(", ")),
            ("init_zh", &init_zh.join("、")),
            ("last", last),
            ("last_zh", last_zh),
        ]),
        _ => SOMETHING_ELSE.plain(),
    }
}

fn nearest_keyword(found: &str) -> Option<&'static str> {
    let word: String = found
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '{' && *c != '"')
        .collect();
    xqreg_grammar::TOP_LEVEL_KEYWORDS
        .iter()
        .map(|k| (strsim::damerau_levenshtein(&word, k), *k))
        .filter(|(d, k)| *d > 0 && *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

/// The diagnostic for one syntax error in `source`.
pub fn to_diagnostic(err: &SyntaxError, source: &SourceFile) -> Diagnostic {
    if let Some(d) = super::misspelt::diagnostic(err) {
        return d;
    }
    let code = code_for(&err.kind);
    let (message, label, help): Texts = match &err.kind {
        SyntaxErrorKind::InvalidUtf8 { offset } => invalid_utf8(*offset, source),
        SyntaxErrorKind::ControlChar { found } => {
            let shown = format!("U+{:04X}", u32::from(*found));
            CONTROL_CHAR.texts(&[("char", shown.as_str())])
        }
        SyntaxErrorKind::EscapedControl { found } => {
            let shown = format!("U+{:04X}", u32::from(*found));
            CONTROL_ESCAPE.texts(&[("char", shown.as_str())])
        }
        SyntaxErrorKind::Unexpected { expected, found } => {
            let mut texts = unexpected(expected, found);
            if let Some(word) = category_condition_in_entry(expected, found) {
                texts.2 = Some(CATEGORY_CONDITION_IN_ENTRY.fill(&[("word", word)]));
            } else if each_after_awards(expected, found) {
                texts.2 = Some(EACH_AFTER_AWARDS.plain());
            } else if let Some((word, clauses)) = clause_of_another_block(expected, found) {
                let what = one_of(&clauses);
                texts.2 = Some(CLAUSE_OF_ANOTHER_BLOCK.fill(&[
                    ("word", word),
                    ("what", &what.en),
                    ("what_zh", &what.zh),
                ]));
            }
            texts
        }
        SyntaxErrorKind::UnknownBlock { found } => {
            let mut texts = UNKNOWN_BLOCK.texts(&[("found", found)]);
            if let Some(k) = nearest_keyword(found) {
                texts.2 = Some(DID_YOU_MEAN.fill(&[("name", k)]));
            }
            texts
        }
        SyntaxErrorKind::UnclosedBlock => UNCLOSED_BLOCK.texts(&[]),
        SyntaxErrorKind::UnclosedString => UNCLOSED_STRING.texts(&[]),
        SyntaxErrorKind::FullWidth { found, replacement } => FULL_WIDTH.texts(&[
            ("found", &found.to_string()),
            ("replacement", &replacement.to_string()),
        ]),
        SyntaxErrorKind::ChineseNumber { found, suggestion } => {
            CHINESE_NUMBER.texts(&[("found", found), ("suggestion", suggestion)])
        }
        SyntaxErrorKind::InvalidDate { found } => INVALID_DATE.texts(&[("found", found)]),
        SyntaxErrorKind::InvalidTime { found } => INVALID_TIME.texts(&[("found", found)]),
        SyntaxErrorKind::InvalidDuration { found, suggestion } => {
            instead(&INVALID_DURATION, found, suggestion.as_deref())
        }
        SyntaxErrorKind::NumberTooLarge { found, most } => {
            NUMBER_TOO_LARGE.texts(&[("found", found), ("most", most)])
        }
        SyntaxErrorKind::ReversedRange { found } => {
            let swapped = found
                .split_once("..")
                .map(|(a, b)| format!("{}..{}", b.trim(), a.trim()));
            instead(&REVERSED_RANGE, found, swapped.as_deref())
        }
        SyntaxErrorKind::InvalidCurrency { found, suggestion } => {
            instead(&INVALID_CURRENCY, found, suggestion.as_deref())
        }
        SyntaxErrorKind::MisplacedBlock { keyword } => {
            MISPLACED_BLOCK.texts(&[("keyword", keyword)])
        }
    };
    let mut d = Diagnostic::new(code, message, err.span, label);
    if let Some(block) = err
        .block
        .filter(|b| *b != err.span && !matches!(err.kind, SyntaxErrorKind::InvalidUtf8 { .. }))
    {
        d = d.with_label(block, IN_THIS_BLOCK.plain());
    }
    if let Some(h) = help {
        d = d.with_help(h);
    }
    d
}

/// `4..8: certificate each`: `each` after a prize line's awards, where the line may go on only
/// with another award. It belongs after an amount, and a range's awards go to each of its places
/// without it.
fn each_after_awards(expected: &[String], found: &Option<String>) -> bool {
    found.as_deref() == Some("each") && expected.iter().any(|e| e.starts_with("a prize line"))
}

/// A syntax error's message, label and help.
type Texts = (Msg, Msg, Option<Msg>);

fn invalid_utf8(offset: usize, source: &SourceFile) -> Texts {
    let p = source.position(offset);
    let (line, column, off) = (p.line.to_string(), p.column.to_string(), offset.to_string());
    let args = [
        ("file", source.name.as_str()),
        ("line", line.as_str()),
        ("column", column.as_str()),
        ("offset", off.as_str()),
    ];
    // UTF-16 (Windows' "Unicode" text): its byte-order mark reads as two replacement
    // characters, and without one a NUL follows every ASCII letter. Its help converts from it.
    let head = source.text.get(..source.text.len().min(400)).unwrap_or("");
    if head.starts_with("\u{FFFD}\u{FFFD}") || head.contains('\0') {
        return NOT_UTF8_BUT_UTF16.texts(&args);
    }
    NOT_UTF8.texts(&args)
}

fn unexpected(expected: &[String], found: &Option<String>) -> Texts {
    let found = match found {
        Some(f) => Msg::new(format!("`{f}`"), format!("`{f}`")),
        None => END_OF_FILE.plain(),
    };
    let exp = one_of(expected);
    // The token the file holds goes in last: nothing is filled into it.
    UNEXPECTED.texts(&[
        ("expected", &exp.en),
        ("expected_zh", &exp.zh),
        ("found", &found.en),
        ("found_zh", &found.zh),
    ])
}

/// A category's condition by an attribute the entry takes no condition on (`born`, `rating`,
/// ...) written in the entry (a youth event's "2012年1月1日以后出生"): the word, so that the help
/// says where it belongs instead of listing every entry clause.
fn category_condition_in_entry<'a>(
    expected: &[String],
    found: &'a Option<String>,
) -> Option<&'a str> {
    let word = found.as_deref()?;
    let in_entry = expected.iter().any(|e| e.starts_with("an entry clause"));
    let by_attribute = [
        "born",
        "rating",
        "federation",
        "school_year",
        "club",
        "within",
        "players",
    ];
    (in_entry && by_attribute.contains(&word)).then_some(word)
}

/// A keyword that cannot stand here but starts a clause of another block (`only_if_tied` in a
/// stage, where it belongs in the stage's `knockout { }`), with those clauses' phrases.
fn clause_of_another_block<'a>(
    expected: &[String],
    found: &'a Option<String>,
) -> Option<(&'a str, Vec<String>)> {
    let word = found.as_deref()?;
    if xqreg_grammar::keywords_expected(expected).contains(word) {
        return None;
    }
    let clauses: Vec<String> = xqreg_grammar::clauses_starting_with(word)
        .into_iter()
        .filter(|c| !expected.iter().any(|e| e == c))
        .map(str::to_string)
        .collect();
    (!clauses.is_empty()).then_some((word, clauses))
}

/// The report's texts for `found`, its help `write `X`` where the parser has an `instead`.
fn instead(report: &Report, found: &str, instead: Option<&str>) -> Texts {
    let mut texts = report.texts(&[("found", found)]);
    if let Some(text) = instead {
        texts.2 = Some(WRITE.fill(&[("text", text)]));
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_words_are_joined_in_both_languages() {
        let m = one_of(&["a number".to_string(), "`}`".to_string()]);
        assert_eq!(m.en, "a number or `}`");
        assert_eq!(m.zh, format!("{} 或 `}}`", expected_in_chinese("a number")));
        assert_eq!(one_of(&[]).en, "something else");
    }

    /// `only_if_tied` written in a stage rather than in its `knockout { }`: the help says which
    /// block's clause it is (it said only "write a stage clause ... here").
    #[test]
    fn a_keyword_of_another_block_is_said_to_belong_there() {
        let parsed =
            xqreg_grammar::parse("stage s {\n  knockout { seeded 4 }\n  only_if_tied\n}\n");
        let err = parsed.errors.first().expect("a syntax error");
        let source = SourceFile::new("k.xqr", "");
        let help = to_diagnostic(err, &source).help;
        let help: Vec<&str> = help.iter().map(|h| h.en.as_str()).collect();
        assert!(
            help.iter().any(|h| h.starts_with(
                "`only_if_tied` belongs in another block: it starts a knockout clause"
            )),
            "{help:?}"
        );
    }
}
