//! The keywords that may stand where a syntax error is reported, for did-you-mean on a
//! misspelt keyword (`tiebrake {` in a stage). A syntax error carries what was expected as
//! phrases ("a stage clause (`round_robin`, `swiss`, ...)"); each phrase names grammar rules,
//! and the keywords a rule can start with are read from `regulation.pest` itself, so the list
//! follows the grammar without a second copy.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::words::RULE_WORDS;

static GRAMMAR: &str = include_str!("../regulation.pest");

/// Rule name -> body (the text between the rule's outer braces).
fn rules() -> &'static BTreeMap<&'static str, &'static str> {
    static RULES: OnceLock<BTreeMap<&'static str, &'static str>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut map = BTreeMap::new();
        let mut rest = GRAMMAR;
        while !rest.is_empty() {
            let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
            let (line, after) = rest.split_at(line_end);
            let name: &str = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            let head = line[name.len()..].trim_start();
            if !name.is_empty() && head.starts_with('=') {
                if let Some(open) = rest.find('{') {
                    let body = &rest[open + 1..];
                    let len = body_len(body);
                    map.insert(name, &body[..len]);
                    rest = body.get(len + 1..).unwrap_or("");
                    continue;
                }
            }
            rest = after;
        }
        map
    })
}

/// Length of a rule body up to its closing brace (strings and comments skipped).
fn body_len(body: &str) -> usize {
    let mut depth = 0usize;
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' | '\'' => {
                while let Some((_, n)) = chars.next() {
                    if n == '\\' {
                        chars.next();
                    } else if n == c {
                        break;
                    }
                }
            }
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                while chars.peek().is_some_and(|&(_, n)| n != '\n') {
                    chars.next();
                }
            }
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    body.len()
}

/// `text` split at `sep` where no bracket or string is open.
fn split_top(text: &str, sep: char) -> Vec<&str> {
    let (mut out, mut depth, mut start, mut in_str) = (Vec::new(), 0i32, 0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => depth -= 1,
            c if c == sep && depth == 0 && !in_str => {
                out.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// The keywords `body` can start with, added to `out`.
fn first_of(body: &str, seen: &mut BTreeSet<&'static str>, out: &mut BTreeSet<String>) {
    let body: String = body
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    for alt in split_top(&body, '|') {
        for term in split_top(alt, '~') {
            let term = term.trim();
            if term.starts_with('!') || term.starts_with('&') || term.is_empty() {
                continue;
            }
            let optional = term.ends_with('?') || term.ends_with('*');
            let core = term.trim_end_matches(['?', '*', '+']).trim();
            if let Some(inner) = core.strip_prefix('(').and_then(|c| c.strip_suffix(')')) {
                first_of(inner, seen, out);
            } else if let Some(lit) = core.strip_prefix('"').and_then(|c| c.strip_suffix('"')) {
                if lit.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    out.insert(lit.to_string());
                }
            } else if let Some(kw) = core.strip_prefix("kw_") {
                out.insert(kw.to_string());
            } else if let Some((name, inner)) = rules().get_key_value(core) {
                if seen.insert(name) {
                    first_of(inner, seen, out);
                }
            }
            if !optional {
                break;
            }
        }
    }
}

/// The keywords that may start what the phrases of a syntax error expected (its `expected`
/// list): "`tiebreak`" is that keyword; a rule's phrase gives every keyword the rule can
/// start with.
pub fn keywords_expected(phrases: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for phrase in phrases {
        if let Some(kw) = phrase.strip_prefix('`').and_then(|p| p.strip_suffix('`')) {
            if kw.starts_with(|c: char| c.is_ascii_alphabetic()) {
                out.insert(kw.to_string());
            }
            continue;
        }
        for (rule, _) in RULE_WORDS.iter().filter(|(_, w)| w == phrase) {
            if let Some(body) = rules().get(rule) {
                first_of(body, &mut seen, &mut out);
            }
        }
    }
    out
}

/// The clause rules of the blocks a file can hold, for telling a writer where a keyword goes
/// when it stands in the wrong block (`only_if_tied` in a stage, not in its `knockout { }`).
const CLAUSE_RULES: &[&str] = &[
    "header_clause",
    "entry_clause",
    "stage_clause",
    "knockout_clause",
    "draw_rule",
    "playoff_step",
    "time_clause",
    "ranking_clause",
    "board_prize_clause",
    "admin_clause",
    "conduct_rule",
    "scenario_part",
];

/// The phrases ("a knockout clause (`bracket`, ...)") of the clause rules `word` can start,
/// in [`CLAUSE_RULES`]' order.
pub fn clauses_starting_with(word: &str) -> Vec<&'static str> {
    CLAUSE_RULES
        .iter()
        .filter(|rule| {
            let mut seen = BTreeSet::new();
            let mut kws = BTreeSet::new();
            if let Some(body) = rules().get(*rule) {
                first_of(body, &mut seen, &mut kws);
            }
            kws.contains(word)
        })
        .filter_map(|rule| RULE_WORDS.iter().find(|(r, _)| r == rule).map(|(_, w)| *w))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_clause_starts_with_the_stage_keywords() {
        let phrase = RULE_WORDS
            .iter()
            .find(|(r, _)| *r == "stage_clause")
            .map(|(_, w)| (*w).to_string())
            .expect("stage_clause has words");
        let kws = keywords_expected(&[phrase, "`}`".to_string()]);
        for k in [
            "tiebreak",
            "swiss",
            "round_robin",
            "time",
            "draw",
            "playoff",
        ] {
            assert!(kws.contains(k), "{k} missing from {kws:?}");
        }
        assert!(!kws.contains("regulation"), "{kws:?}");
    }

    #[test]
    fn a_keyword_is_found_in_the_clauses_it_starts() {
        let knockout = clauses_starting_with("only_if_tied");
        assert_eq!(knockout.len(), 1, "{knockout:?}");
        assert!(knockout[0].starts_with("a knockout clause"), "{knockout:?}");
        assert!(clauses_starting_with("tiebreak")
            .iter()
            .any(|p| p.starts_with("a stage clause")));
        assert!(clauses_starting_with("no_such_word").is_empty());
    }
}
