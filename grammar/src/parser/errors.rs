//! Turning a failed chunk into one precise syntax error.
//!
//! The order of the questions matters. Slips a person makes by habit, which the grammar could
//! only call "unexpected" (full-width punctuation, Chinese amounts, an unclosed string), are
//! looked for first by a small lexical scan. Then the place where pest stopped is examined: the
//! end of the chunk with a brace still open, an indented top-level keyword, a malformed date,
//! time, duration or currency. Only then is the error a plain `Unexpected`, with the rules pest
//! tried rendered as words (see [`super::words`]).

use super::build::{format_rule, is_keyword};
use super::lex::TOP_KEYWORDS;
use super::words::RULE_WORDS;
use super::Rule;
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::span::Span;

/// The one error of a chunk (starting at byte `offset` of the file) that pest rejected.
/// Punctuation worth naming when pest expected it (its other literal tokens are keywords and
/// blanks, which the rule names already cover).
/// (`-` is the sign of a number where one may be negative, or the dash of `a1 - a2`.)
pub(crate) const PUNCTUATION: &[&str] = &["{", "}", "(", ")", ":", ",", "..", "#", ".", "-"];

/// `punctuation`: where pest last expected a punctuation token and which (see
/// `expected_punctuation`); it wins over the rules when it lies further on, and joins them when it
/// lies at the same place.
pub(crate) fn classify(
    chunk: &str,
    offset: usize,
    error: &pest::error::Error<Rule>,
    punctuation: Option<(usize, Vec<String>)>,
) -> SyntaxError {
    let at = |s: usize, e: usize| Span::new(offset + s, offset + e);
    if let Some((kind, s, e)) = lexical_problem(chunk) {
        return SyntaxError {
            kind,
            span: at(s, e),
            block: None,
        };
    }
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let positives: &[Rule] = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
        pest::error::ErrorVariant::CustomError { .. } => &[],
    };
    // Punctuation expected further on than any rule: the rules are moot there.
    let (pos, positives, literal) = match punctuation {
        Some((at, tokens)) if at > pos => (at, &[][..], tokens),
        Some((at, tokens)) if at == pos => (pos, positives, tokens),
        _ => (pos, positives, Vec::new()),
    };
    let Some((ts, te)) = token_at(chunk, pos) else {
        // Nothing but blanks and comments left: a block that was never closed, or a clause cut
        // short at the end of the chunk.
        if let Some(open) = unclosed_brace(chunk) {
            return SyntaxError {
                kind: SyntaxErrorKind::UnclosedBlock,
                span: at(open, open + 1),
                block: None,
            };
        }
        let end = chunk.trim_end().len();
        return SyntaxError {
            kind: SyntaxErrorKind::Unexpected {
                expected: with_literal(literal, expected_words(positives, false)),
                found: None,
            },
            span: at(end, end),
            block: None,
        };
    };
    let token = chunk.get(ts..te).unwrap_or("");
    if let Some((keyword, k)) = misplaced_keyword(chunk, ts) {
        return SyntaxError {
            kind: SyntaxErrorKind::MisplacedBlock {
                keyword: keyword.to_string(),
            },
            span: at(k, k + keyword.len()),
            block: None,
        };
    }
    let kind = literal_problem(chunk, ts, token, positives).unwrap_or_else(|| {
        SyntaxErrorKind::Unexpected {
            expected: with_literal(
                literal,
                expected_words(positives, at_clause_start(chunk, ts)),
            ),
            found: Some(token.to_string()),
        }
    });
    SyntaxError {
        kind,
        span: at(ts, te),
        block: None,
    }
}

/// The token at `pos`: a run of characters up to a blank or a delimiter, at most 40 characters;
/// None when only blanks and comments follow.
fn token_at(chunk: &str, pos: usize) -> Option<(usize, usize)> {
    let rest = chunk.get(pos..)?;
    let skipped = skip_trivia(rest);
    if skipped.is_empty() {
        return None;
    }
    let start = pos + (rest.len() - skipped.len());
    let first = skipped.chars().next()?;
    let mut len = 0;
    for (n, (i, c)) in skipped.char_indices().enumerate() {
        if n == 40 || c.is_whitespace() || (i > 0 && "{}(),;\"".contains(c)) {
            break;
        }
        len = i + c.len_utf8();
    }
    if len == 0 {
        len = first.len_utf8();
    }
    Some((start, start + len))
}

/// `text` without leading blanks, line ends and `//` comments.
fn skip_trivia(mut text: &str) -> &str {
    loop {
        let trimmed = text.trim_start();
        if let Some(comment) = trimmed.strip_prefix("//") {
            text = comment
                .find('\n')
                .map_or("", |i| comment.get(i..).unwrap_or(""));
        } else {
            return trimmed;
        }
    }
}

/// A character outside strings that only a full-width keyboard produces, and its ASCII form.
fn full_width(c: char) -> Option<char> {
    Some(match c {
        '，' | '、' => ',',
        '：' => ':',
        '；' => ';',
        '（' => '(',
        '）' => ')',
        '“' | '”' | '＂' => '"',
        '｛' => '{',
        '｝' => '}',
        '＃' => '#',
        '．' | '。' => '.',
        '＝' => '=',
        '＞' => '>',
        '＜' => '<',
        '－' => '-',
        '\u{3000}' => ' ',
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32)?,
        _ => return None,
    })
}

/// The first lexical slip of the chunk, outside strings and comments: an unclosed string,
/// full-width punctuation, a Chinese amount, a Chinese unit after a number.
fn lexical_problem(chunk: &str) -> Option<(SyntaxErrorKind, usize, usize)> {
    let mut in_string: Option<usize> = None;
    let mut chars = chunk.char_indices().peekable();
    let mut prev: Option<char> = None;
    while let Some((i, c)) = chars.next() {
        if let Some(start) = in_string {
            match c {
                // The escaped character cannot end the string (a line end still does).
                '\\' if chars.peek().is_some_and(|&(_, n)| n != '\n') => {
                    chars.next();
                }
                '"' => in_string = None,
                '\n' => return Some((SyntaxErrorKind::UnclosedString, start, start + 1)),
                _ => {}
            }
            prev = Some(c);
            continue;
        }
        match c {
            '"' => in_string = Some(i),
            '/' if chunk.get(i + 1..).is_some_and(|r| r.starts_with('/')) => {
                // Skip the comment to the end of its line.
                while chars.peek().is_some_and(|&(_, n)| n != '\n') {
                    chars.next();
                }
            }
            _ => {
                if let Some(replacement) = full_width(c) {
                    return Some((
                        SyntaxErrorKind::FullWidth {
                            found: c,
                            replacement,
                        },
                        i,
                        i + c.len_utf8(),
                    ));
                }
                let starts_number = c.is_ascii_digit() && !prev.is_some_and(continues_word);
                if starts_number {
                    if let Some(p) = number_slip(chunk, i) {
                        return Some(p);
                    }
                }
            }
        }
        prev = Some(c);
    }
    in_string.map(|start| (SyntaxErrorKind::UnclosedString, start, start + 1))
}

fn continues_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '-' || c == ':'
}

/// A number at `i` followed by a Chinese multiplier or unit: `1.5万`, `8千`, `3万元`, `500元`,
/// `20分钟`, `30秒`.
fn number_slip(chunk: &str, i: usize) -> Option<(SyntaxErrorKind, usize, usize)> {
    let rest = chunk.get(i..)?;
    let digits = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
        .map_or(rest.len(), |(j, _)| j);
    let number = rest.get(..digits)?;
    let after = rest.get(digits..)?;
    let multipliers = [
        ('万', 10_000u64),
        ('千', 1_000),
        ('百', 100),
        ('亿', 100_000_000),
    ];
    if let Some(&(m, factor)) = multipliers.iter().find(|(m, _)| after.starts_with(*m)) {
        let mut len = digits + m.len_utf8();
        let yuan = rest.get(len..).is_some_and(|r| r.starts_with('元'));
        if yuan {
            len += '元'.len_utf8();
        }
        let value = scaled(number, factor)?;
        let suggestion = if yuan {
            format!("{value} CNY")
        } else {
            value.to_string()
        };
        return Some((
            SyntaxErrorKind::ChineseNumber {
                found: rest.get(..len)?.to_string(),
                suggestion,
            },
            i,
            i + len,
        ));
    }
    if after.starts_with('元') {
        let s = i + digits;
        return Some((
            SyntaxErrorKind::InvalidCurrency {
                found: "元".to_string(),
                suggestion: Some("CNY".to_string()),
            },
            s,
            s + '元'.len_utf8(),
        ));
    }
    let units = [
        ("分钟", "min"),
        ("小时", "h"),
        ("秒钟", "s"),
        ("秒", "s"),
        ("分", "min"),
    ];
    if let Some((u, ascii)) = units.iter().find(|(u, _)| after.starts_with(*u)) {
        if number.contains('.') {
            return None;
        }
        let len = digits + u.len();
        return Some((
            SyntaxErrorKind::InvalidDuration {
                found: rest.get(..len)?.to_string(),
                suggestion: Some(format!("{number}{ascii}")),
            },
            i,
            i + len,
        ));
    }
    None
}

/// `1.5` × 10000 = 15000, exactly, or None when the result is not a whole number.
fn scaled(number: &str, factor: u64) -> Option<u64> {
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut value = whole.checked_mul(factor)?;
    let mut scale = factor;
    for d in frac.chars() {
        if !scale.is_multiple_of(10) {
            return None;
        }
        scale /= 10;
        value = value.checked_add(u64::from(d.to_digit(10)?) * scale)?;
    }
    Some(value)
}

/// The innermost `{` of the chunk that no `}` closes (strings and comments skipped).
fn unclosed_brace(chunk: &str) -> Option<usize> {
    let mut stack = Vec::new();
    for (i, b) in structure_bytes(chunk) {
        match b {
            b'{' => stack.push(i),
            b'}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.pop()
}

/// The bytes of the chunk outside strings and comments, with their offsets.
fn structure_bytes(chunk: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let bytes = chunk.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    std::iter::from_fn(move || {
        while let Some(&b) = bytes.get(i) {
            let at = i;
            i += 1;
            if in_string {
                match b {
                    b'\\' if bytes.get(i) != Some(&b'\n') => i += 1,
                    b'"' | b'\n' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => in_string = true,
                b'/' if bytes.get(i) == Some(&b'/') => {
                    while bytes.get(i).is_some_and(|&c| c != b'\n') {
                        i += 1;
                    }
                }
                _ => return Some((at, b)),
            }
        }
        None
    })
}

/// A top-level keyword that starts the indented line (not the chunk's first) where pest gave up,
/// when it clearly starts a block of its own: the keyword never starts a clause, or its line
/// opens a brace. Returns the keyword and its offset.
fn misplaced_keyword(chunk: &str, ts: usize) -> Option<(&'static str, usize)> {
    let line_start = chunk.get(..ts)?.rfind('\n')? + 1;
    let line = chunk.get(line_start..)?.lines().next().unwrap_or("");
    let indent = line.len() - line.trim_start().len();
    if indent == 0 {
        return None;
    }
    let word = line.trim_start();
    let keyword = TOP_KEYWORDS.iter().copied().find(|k| {
        word.strip_prefix(k)
            .is_some_and(|r| r.is_empty() || r.starts_with(|c: char| c.is_whitespace() || c == '{'))
    })?;
    // These also start clauses inside blocks (`time standard`, `places 1..4`, `note "..."`,
    // `scoring team`, `category women`, `playoff ladder`); only a line that opens a block
    // counts as misplaced for them.
    let also_clause = matches!(
        keyword,
        "time" | "places" | "note" | "scoring" | "category" | "playoff"
    );
    let code = line.split("//").next().unwrap_or(line).trim_end();
    (!also_clause || code.ends_with('{')).then_some((keyword, line_start + indent))
}

/// A token of the right kind of literal with a wrong shape, where pest wanted that literal.
fn literal_problem(
    chunk: &str,
    ts: usize,
    token: &str,
    positives: &[Rule],
) -> Option<SyntaxErrorKind> {
    let wants = |rules: &[Rule]| positives.iter().any(|r| rules.contains(r));
    let starts_digit = token.starts_with(|c: char| c.is_ascii_digit());
    if wants(&[
        Rule::date,
        Rule::date_window,
        Rule::date_window_from,
        Rule::date_window_upto,
    ]) && starts_digit
        && token.contains('-')
    {
        return Some(SyntaxErrorKind::InvalidDate {
            found: token.to_string(),
        });
    }
    if wants(&[Rule::clock, Rule::slot_start, Rule::slot_end])
        && starts_digit
        && token.contains(':')
    {
        return Some(SyntaxErrorKind::InvalidTime {
            found: token.trim_end_matches(':').to_string(),
        });
    }
    if wants(&[Rule::duration]) && starts_digit {
        return Some(SyntaxErrorKind::InvalidDuration {
            found: token.to_string(),
            suggestion: duration_suggestion(chunk, ts, token),
        });
    }
    if wants(&[Rule::currency, Rule::money, Rule::admin_money]) {
        if let Some(suggestion) = currency_suggestion(token) {
            return Some(SyntaxErrorKind::InvalidCurrency {
                found: token.to_string(),
                suggestion: Some(suggestion),
            });
        }
    }
    None
}

/// `20m` → `20min`, `20` → `20min` (or `20s` after `increment`), `90sec` → `90s`.
fn duration_suggestion(chunk: &str, ts: usize, token: &str) -> Option<String> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = token.split_at(digits);
    let unit = unit.trim().to_ascii_lowercase();
    let ascii = match unit.as_str() {
        "" => {
            let before = chunk.get(..ts).unwrap_or("");
            let previous = before.split_whitespace().last().unwrap_or("");
            if previous == "increment" {
                "s"
            } else {
                "min"
            }
        }
        "m" | "mn" | "mins" | "minute" | "minutes" | "'" => "min",
        "sec" | "secs" | "second" | "seconds" | "\"" => "s",
        "hr" | "hrs" | "hour" | "hours" | "H" => "h",
        _ => return None,
    };
    Some(format!("{number}{ascii}"))
}

/// The currency code meant by a slip: `cny` → `CNY`, `元`/`RMB`/`人民币` → `CNY`, `港币` → `HKD`.
fn currency_suggestion(token: &str) -> Option<String> {
    let upper = token.to_ascii_uppercase();
    match token {
        "元" | "人民币" | "rmb" | "RMB" | "Rmb" | "yuan" | "CNY元" | "RMB元" => {
            return Some("CNY".to_string())
        }
        "港币" | "港元" => return Some("HKD".to_string()),
        "美元" => return Some("USD".to_string()),
        "新台币" | "台币" => return Some("TWD".to_string()),
        _ => {}
    }
    let letters = token.len() == 3 && token.bytes().all(|b| b.is_ascii_alphabetic());
    (letters && upper != token).then_some(upper)
}

/// True when `ts` starts a clause inside a block: only blanks, `{` or `;` before it on its line,
/// and a brace open.
fn at_clause_start(chunk: &str, ts: usize) -> bool {
    let before = chunk.get(..ts).unwrap_or("");
    let line = before.rsplit('\n').next().unwrap_or("");
    let lead = line.trim_end();
    let clause_start = lead.is_empty() || lead.ends_with('{') || lead.ends_with(';');
    let depth = structure_bytes(before).fold(0i64, |d, (_, b)| match b {
        b'{' => d + 1,
        b'}' => d - 1,
        _ => d,
    });
    clause_start && depth > 0
}

/// The rules pest tried, as words, without repeats; "`}`" when a block could end there.
fn expected_words(positives: &[Rule], block_may_end: bool) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for &rule in positives {
        let w = rule_words(rule);
        if !words.contains(&w) {
            words.push(w);
        }
    }
    if block_may_end && !words.iter().any(|w| w == "`}`") {
        words.push("`}`".to_string());
    }
    words
}

/// Punctuation first (it is what was most likely forgotten), then the rules, then `}` (a block
/// can nearly always end), without repeats.
fn with_literal(literal: Vec<String>, words: Vec<String>) -> Vec<String> {
    let close = "`}`";
    let mut out: Vec<String> = literal.iter().filter(|w| *w != close).cloned().collect();
    for w in words
        .into_iter()
        .chain(literal.into_iter().filter(|w| w == close))
    {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    if let Some(i) = out.iter().position(|w| w == close) {
        let c = out.remove(i);
        out.push(c);
    }
    out
}

/// One rule as words: keywords as themselves in backquotes, other rules from the table.
pub(crate) fn rule_words(rule: Rule) -> String {
    let name = format_rule(rule);
    if is_keyword(rule) {
        return format!("`{}`", name.trim_start_matches("kw_"));
    }
    match RULE_WORDS.binary_search_by(|(n, _)| (*n).cmp(name.as_str())) {
        Ok(i) => RULE_WORDS
            .get(i)
            .map_or_else(String::new, |(_, w)| (*w).to_string()),
        Err(_) if rule == Rule::EOI => "the end of the block".to_string(),
        Err(_) => name.replace('_', " "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_words() {
        let mut names: Vec<&str> = RULE_WORDS.iter().map(|(n, _)| *n).collect();
        let sorted = {
            let mut s = names.clone();
            s.sort_unstable();
            s
        };
        assert_eq!(names, sorted, "RULE_WORDS must be sorted for binary search");
        for &rule in Rule::all_rules() {
            if is_keyword(rule) || rule == Rule::EOI {
                continue;
            }
            let name = format_rule(rule);
            assert!(
                names.binary_search(&name.as_str()).is_ok(),
                "no words for rule {name}"
            );
        }
        names.dedup();
        assert_eq!(names.len(), RULE_WORDS.len());
    }

    #[test]
    fn chinese_amounts_scale_exactly() {
        assert_eq!(scaled("1.5", 10_000), Some(15_000));
        assert_eq!(scaled("8", 1_000), Some(8_000));
        assert_eq!(scaled("1.2345", 1_000), None);
        assert_eq!(scaled("99999999999999999999", 10), None);
    }

    #[test]
    fn duration_suggestions() {
        assert_eq!(
            duration_suggestion("base 20", 5, "20").as_deref(),
            Some("20min")
        );
        assert_eq!(
            duration_suggestion("increment 20", 10, "20").as_deref(),
            Some("20s")
        );
        assert_eq!(duration_suggestion("", 0, "20m").as_deref(), Some("20min"));
        assert_eq!(duration_suggestion("", 0, "20x").as_deref(), None);
    }
}
