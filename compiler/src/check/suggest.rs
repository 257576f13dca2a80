//! "Did you mean ...?" for unknown names and option words.
//!
//! The distance is Levenshtein over characters (so `组A` vs `组B` is 1, not 3 bytes), compared
//! case-insensitively. A candidate is offered when its distance is at most
//! [`max_distance`]: none for one-character names (group `C` is as close to `A` as to `B`: the
//! help lists the names instead), 1 up to 3 characters, 2 up to 8, 3 beyond. Short names get a
//! tight threshold because everything is close to a two-letter name; `sonneborn_bergr` or
//! `opponent_score` still find their word. Ties go to the candidate first in sorted order, so the
//! help line is the same on every run.

/// The did-you-mean of every diagnostic; the language server reads it back from a help line.
pub use crate::diagnostics::DID_YOU_MEAN;
use crate::diagnostics::{Msg, Template};

/// The largest edit distance at which `name` (of this many characters) gets a suggestion.
pub fn max_distance(chars: usize) -> usize {
    match chars {
        0..=1 => 0,
        2..=3 => 1,
        4..=8 => 2,
        _ => 3,
    }
}

/// The closest candidate within the threshold, if any. Never suggests the name itself.
pub fn did_you_mean<'c>(
    name: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let lower = name.to_lowercase();
    let limit = max_distance(name.chars().count());
    let mut best: Option<(usize, &'c str)> = None;
    for cand in candidates {
        if cand == name {
            continue;
        }
        let d = strsim::levenshtein(&lower, &cand.to_lowercase());
        if d > limit {
            continue;
        }
        let better = match best {
            None => true,
            Some((bd, bc)) => d < bd || (d == bd && cand < bc),
        };
        if better {
            best = Some((d, cand));
        }
    }
    best.map(|(_, c)| c)
}

// The message catalogue of this module: compiler/messages/check/suggest.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/suggest.rs"));

/// Shown lists are cut at this many names so a help line stays one line.
const LIST_MAX: usize = 12;

fn quoted<'n>(names: impl IntoIterator<Item = &'n str>) -> Vec<String> {
    names.into_iter().map(|n| format!("`{n}`")).collect()
}

fn list(names: &[&str]) -> String {
    let mut shown = quoted(names.iter().take(LIST_MAX).copied());
    if names.len() > LIST_MAX {
        shown.push("…".to_string());
    }
    shown.join(", ")
}

/// Every declared name of a kind, as a help line's `(declared: {known})` lists them, uncut;
/// `-` when there is none.
pub fn declared<'n>(names: impl IntoIterator<Item = &'n str>) -> String {
    let shown = quoted(names);
    if shown.is_empty() {
        "-".to_string()
    } else {
        shown.join(", ")
    }
}

/// Help for an unknown name: a suggestion when one is close, else the declared names (or that
/// there are none). `kind` is the noun in English and Chinese.
pub fn help_for_name(name: &str, known: &[&str], kind: (&str, &str)) -> Msg {
    if let Some(s) = did_you_mean(name, known.iter().copied()) {
        return DID_YOU_MEAN.fill(&[("name", s)]);
    }
    if known.is_empty() {
        let en = NONE_KNOWN.en.replace("{kind}", kind.0);
        let zh = NONE_KNOWN.zh.replace("{kind}", kind.1);
        return Msg::new(en, zh);
    }
    KNOWN.fill(&[("list", &list(known))])
}

/// Help for a word outside a closed set: the suggestion (if any) and always the allowed list.
pub fn help_for_word(word: &str, allowed: &[&str]) -> Vec<Msg> {
    let mut out = Vec::new();
    if let Some(s) = did_you_mean(word, allowed.iter().copied()) {
        out.push(DID_YOU_MEAN.fill(&[("name", s)]));
    }
    out.push(ALLOWED.fill(&[("list", &list(allowed))]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_length() {
        assert_eq!(
            did_you_mean("stadard", ["standard", "rapid"]),
            Some("standard")
        );
        assert_eq!(
            did_you_mean("sonneborn_bergr", ["sonneborn_berger"]),
            Some("sonneborn_berger")
        );
        assert_eq!(did_you_mean("ab", ["xy"]), None);
        assert_eq!(did_you_mean("A", ["B", "C"]), None);
        assert_eq!(did_you_mean("rapid", ["blitz"]), None);
    }

    #[test]
    fn chinese_names_count_characters() {
        assert_eq!(did_you_mean("组C", ["组A", "乙组"]), Some("组A"));
        assert_eq!(max_distance("组C".chars().count()), 1);
    }

    #[test]
    fn case_is_ignored_and_ties_are_sorted() {
        assert_eq!(did_you_mean("RAPID", ["rapid"]), Some("rapid"));
        assert_eq!(did_you_mean("ac", ["ab", "aa"]), Some("aa"));
    }

    #[test]
    fn help_lists_names_when_nothing_is_close() {
        let m = help_for_name("zzz", &["rapid", "standard"], ("time control", "用时"));
        assert_eq!(m.en, "known names: `rapid`, `standard`");
        let m = help_for_name("zzz", &[], ("time control", "用时"));
        assert_eq!(m.en, "no time control is declared in this file");
        assert_eq!(m.zh, "本文件未声明任何用时");
    }
}
