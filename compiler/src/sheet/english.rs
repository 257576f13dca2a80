//! English means English: the texts the English sheet prints in Chinese for want of an `en`.
//!
//! Building the English sheet records every display text that fell back to its Chinese
//! (`build::Ctx::t`). Of those, W701 reports each one whose place asks for a translation, at the
//! text's place. Two kinds of Chinese may stay on an English sheet (docs/language.md §4,
//! docs/diagnostics.md "Language"):
//!
//! - **names of people and organisations**, by their place in the file: organisers' names, a
//!   contact's name, `issued ... by`, `interpretation`, a player's name and `unit`, a team's
//!   name, a pool's `nominated_by` and `quota` federation. A reader looks such a name up as it
//!   is written; an `en` is still welcome there and is printed when given.
//! - **quoted titles**: Chinese inside 《…》 (a rulebook's title). A text whose Chinese is all
//!   inside 《…》 needs no `en`.
//!
//! Every other text needs one: titles of the event, stages, categories, prizes and notes,
//! venues and addresses, conditions, schedule slots, conduct rules, remarks.
//!
//! `xqreg sheet` raises W701 when it prints an English sheet; `xqreg check` only under an
//! explicit `--lang en`, so that a Chinese-only regulation checked on an English locale (a CI
//! machine, a terminal with `LANG=C`) is not told to translate itself.

use std::collections::BTreeSet;

use xqreg_grammar::ast::{EntryClause, HeaderClause, Item, PlayerAttr, PoolSource, Text};
use xqreg_grammar::Span;

use super::{build, Lang, Source};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Report, Severity, Template};
use crate::driver::FileReport;

// The message catalogue of this module: compiler/messages/sheet/english.toml.
include!(concat!(env!("OUT_DIR"), "/messages/sheet/english.rs"));

pub const CODES: &[&Code] = &[&W701];

/// Whether a text has Chinese outside 《…》 titles: Han characters, or Chinese punctuation that
/// an English sentence does not use.
pub fn needs_en(zh: &str) -> bool {
    let mut depth = 0usize;
    for c in zh.chars() {
        match c {
            '《' => depth += 1,
            '》' => depth = depth.saturating_sub(1),
            c if depth == 0 && is_chinese(c) => return true,
            _ => {}
        }
    }
    false
}

/// A Han character (the CJK blocks a regulation uses) or a full-width CJK punctuation mark.
pub fn is_chinese(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303F}'   // CJK symbols and punctuation: 、。「」【】
        | '\u{3400}'..='\u{4DBF}' // extension A
        | '\u{4E00}'..='\u{9FFF}' // unified ideographs
        | '\u{F900}'..='\u{FAFF}' // compatibility ideographs
        | '\u{FF01}'..='\u{FF60}' // full-width forms: ，：；（）
        | '\u{20000}'..='\u{2FA1F}')
}

/// The texts of `src` that name a person or an organisation: they may stay Chinese.
pub fn names<'a>(src: &Source<'a>) -> Vec<&'a Text> {
    let mut out = Vec::new();
    // The sheet of the regulation as issued prints the base items a supplement replaced.
    out.extend(src.supplements.iter().filter_map(|s| s.by.as_ref()));
    let base = src.base.iter().map(|e| e.item);
    for item in src.iter().map(|e| e.item).chain(base) {
        match item {
            Item::Organisers(o) => out.extend(o.roles.iter().flat_map(|r| &r.names)),
            Item::Contacts(c) => out.extend(c.contacts.iter().map(|c| &c.name)),
            Item::Regulation(r) => {
                for clause in &r.clauses {
                    match clause {
                        HeaderClause::Issued { by: Some(t), .. }
                        | HeaderClause::Interpretation(t) => out.push(t),
                        _ => {}
                    }
                }
            }
            Item::Entry(e) => {
                for clause in &e.clauses {
                    entry_names(clause, &mut out);
                }
            }
            _ => {}
        }
    }
    out
}

fn entry_names<'a>(clause: &'a EntryClause, out: &mut Vec<&'a Text>) {
    match clause {
        EntryClause::Player(p) => {
            out.push(&p.name);
            for attr in &p.attrs {
                if let PlayerAttr::Unit(t) = attr {
                    out.push(t);
                }
            }
        }
        EntryClause::Team(t) => out.push(&t.name),
        EntryClause::Pool(p) => {
            for source in &p.source {
                match source {
                    PoolSource::NominatedBy(t) | PoolSource::Quota { who: t, .. } => out.push(t),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// The texts the English sheet of `src` prints in Chinese where an `en` is needed, in file
/// order: (the Chinese string's place, the Chinese).
pub fn untranslated(src: &Source<'_>) -> Vec<(Span, String)> {
    let (sheet, _) = build::build(src, Lang::En);
    let names: BTreeSet<Span> = names(src).iter().map(|t| t.span).collect();
    sheet
        .untranslated
        .values()
        .filter(|t| !names.contains(&t.span) && needs_en(&t.zh.node))
        .map(|t| (t.zh.span, t.zh.node.clone()))
        .collect()
}

/// One W701 per text of [`untranslated`].
pub fn diagnostics(src: &Source<'_>) -> Vec<Diagnostic> {
    untranslated(src)
        .into_iter()
        .map(|(span, zh)| NO_ENGLISH.at(span, &[("short", &shorten(&zh))]))
        .collect()
}

/// Adds the W701s of a checked file to its report, for `xqreg check --lang en`. A file with
/// errors prints no sheet, so it gets none; the bytes are the ones the report was made from.
pub fn add_to(report: &mut FileReport, bytes: &[u8]) {
    if report.count(Severity::Error) > 0 {
        return;
    }
    let parsed = xqreg_grammar::parse_bytes(bytes);
    let checked = crate::check::check(&parsed.file).checked;
    let src = Source::from_checked(&checked.file, &parsed.file);
    let w701 = diagnostics(&src);
    // N501 (a heading without English, from a plain check) says the same at the same place:
    // the warning replaces it.
    let mut all = Diagnostics {
        list: std::mem::take(&mut report.diagnostics)
            .into_iter()
            .filter(|d| d.code.code != "N501" || !w701.iter().any(|w| w.span() == d.span()))
            .collect(),
    };
    all.list.extend(w701);
    report.diagnostics = all.sorted();
}

/// The first 20 characters of a long text, for a message that stays on one line.
fn shorten(s: &str) -> String {
    crate::diagnostics::shortened(s, 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_inside_book_title_quotes_needs_no_english() {
        assert!(!needs_en("《亚洲象棋比赛规例》"));
        assert!(!needs_en("Asian Rules 《象棋比赛规例》"));
        assert!(needs_en("亚洲象棋联合会《象棋比赛规例》"));
        assert!(needs_en("《规例》，另行通知"));
        assert!(needs_en("报到"));
        assert!(needs_en("A，B"));
        assert!(!needs_en("zgxqxh@163.com"));
        assert!(!needs_en("028-86627452"));
    }

    #[test]
    fn long_texts_are_shortened_in_messages() {
        assert_eq!(shorten("报到"), "报到");
        assert_eq!(shorten(&"字".repeat(25)), format!("{}…", "字".repeat(20)));
    }
}
