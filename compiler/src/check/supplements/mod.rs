//! Supplements (补充规定): [`apply`] turns a file into its effective regulation, and reports an
//! override of nothing, an undeclared conflict with the base, and a supplement dated before the
//! regulation was issued or after the event ended.
//!
//! An item inside a supplement with `override` replaces the base item of the same kind and name.
//! Without it, a named item (stage, time control, category, ...) with a new name is added, and one
//! with a base item's name is a conflict (the base item stays). Clause blocks that have no name
//! (entry, conduct, schedule, registration, expenses, organisers, contacts, the header) are merged:
//! the supplement's clauses are added to the base block, and a clause that says again what the
//! base already says (a second `field`, a second rule for the same fouls in the same games, a day
//! listed twice) is a conflict. Supplements apply in source order; the `Supplement` wrappers do not
//! appear in the effective file (the driver records what each one changed).

use xqreg_grammar::ast::{self, Date, Item, Spanned, Supplement};
use xqreg_grammar::Span;

use super::entry;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E701, &E702, &E703];
pub(crate) mod keys;
mod merge;
#[cfg(test)]
mod tests;

pub use keys::{key, same_item, Key};
use keys::{name_span, noun, quoted, shown_name};
use merge::merge;

// The message catalogue of this module: compiler/messages/check/supplements.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/supplements.rs"));

/// What applying one supplement item did, for the sheet and the plan's origins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Outcome {
    /// A new item.
    Added,
    /// `override`: it replaced the base item at `base`.
    Replaced { base: Span },
    /// Its clauses joined the base block at `base` (clauses that conflicted were left out).
    Merged { base: Span },
    /// It clashed with the base item at `base` without `override`; the base item stays (E702).
    Conflict { base: Span },
    /// `override` of nothing; added as a new item (E701).
    OverrodeNothing,
}

/// One supplement item and what became of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Applied {
    /// The `supplement` block.
    pub supplement: Span,
    /// The item inside it.
    pub item: Span,
    pub outcome: Outcome,
}

/// The effective file: base items with every supplement applied in source order.
pub fn apply(file: &ast::File, diags: &mut Diagnostics) -> ast::File {
    apply_with_record(file, diags).0
}

/// [`apply`], and what became of every supplement item, in source order.
pub fn apply_with_record(file: &ast::File, diags: &mut Diagnostics) -> (ast::File, Vec<Applied>) {
    let mut record = Vec::new();
    let mut items: Vec<Item> = file
        .items
        .iter()
        .filter(|i| !matches!(i, Item::Supplement(_)))
        .cloned()
        .collect();
    let issued = entry::issued(file).cloned();
    let ended = entry::event_dates(file).map(|(_, to, span)| (to, span));
    for (_, s) in supplements(file) {
        dates(s, issued.as_ref(), ended, diags);
        for si in &s.items {
            let outcome = apply_item(&mut items, si, diags);
            record.push(Applied {
                supplement: s.span,
                item: si.span,
                outcome,
            });
        }
    }
    let file = ast::File {
        items,
        comments: file.comments.clone(),
        span: file.span,
    };
    (file, record)
}

/// The walk every reader of supplements shares: each `supplement` block of the file in source
/// order (the order they apply in), with its number (0-based).
pub fn supplements(file: &ast::File) -> impl Iterator<Item = (usize, &Supplement)> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Supplement(s) => Some(s),
            _ => None,
        })
        .enumerate()
}

/// The span of a whole item.
fn item_span(item: &Item) -> Span {
    item.span()
}

fn dates(
    s: &Supplement,
    issued: Option<&Spanned<Date>>,
    ended: Option<(Date, Span)>,
    diags: &mut Diagnostics,
) {
    let Some(date) = &s.date else { return };
    let ds = date.node.to_string();
    if let Some(issued) = issued {
        if date.node.day_number() < issued.node.day_number() {
            diags.push(
                Diagnostic::new(
                    &E703,
                    MSG_E703_ISSUED.fill(&[("date", &ds), ("issued", &issued.node.to_string())]),
                    date.span,
                    LBL_E703.plain(),
                )
                .with_label(
                    issued.span,
                    LBL_E703_OTHER.fill(&[("what", "issued here"), ("what_zh", "发布日期")]),
                )
                .with_help(HELP_E703.plain()),
            );
            return;
        }
    }
    if let Some((end, span)) = ended {
        if date.node.day_number() > end.day_number() {
            diags.push(
                Diagnostic::new(
                    &E703,
                    MSG_E703_ENDED.fill(&[("date", &ds), ("issued", &end.to_string())]),
                    date.span,
                    LBL_E703.plain(),
                )
                .with_label(
                    span,
                    LBL_E703_OTHER.fill(&[("what", "the event dates"), ("what_zh", "比赛日期")]),
                )
                .with_help(HELP_E703.plain()),
            );
        }
    }
}

fn apply_item(items: &mut Vec<Item>, si: &ast::SupplementItem, diags: &mut Diagnostics) -> Outcome {
    let k = key(&si.item);
    if matches!(k, Key::Free(_)) {
        items.push(si.item.clone());
        return Outcome::Added;
    }
    let found: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| key(i) == k)
        .map(|(n, _)| n)
        .collect();
    let kind = k.kind();
    let name = shown_name(&si.item);
    if let Some(kw) = si.override_kw {
        let Some(first) = found.first().copied() else {
            let mut d = Diagnostic::new(
                &E701,
                MSG_E701.fill(&[
                    ("kind", kind),
                    ("name", &name),
                    ("noun", noun(kind).0),
                    ("noun_zh", noun(kind).1),
                ]),
                kw.join(name_span(&si.item, si.span)),
                LBL_E701.plain(),
            );
            let candidates: Vec<String> = items
                .iter()
                .filter_map(|i| match key(i) {
                    Key::Named(kk, n) if kk == kind && !n.is_empty() => Some(n),
                    _ => None,
                })
                .collect();
            let suggestion = match &k {
                Key::Named(_, n) => {
                    super::suggest::did_you_mean(n, candidates.iter().map(String::as_str))
                }
                _ => None,
            };
            d = match suggestion {
                Some(s) => d.with_help(HELP_E701_SUGGEST.fill(&[("kind", kind), ("suggest", s)])),
                None => d.with_help(
                    HELP_E701.fill(&[("noun", noun(kind).0), ("noun_zh", noun(kind).1)]),
                ),
            };
            diags.push(d);
            items.push(si.item.clone());
            return Outcome::OverrodeNothing;
        };
        let base = items.get(first).map_or(si.span, item_span);
        // Every base item of that kind and name goes; the supplement's takes the first one's place.
        if let Some(slot) = items.get_mut(first) {
            *slot = si.item.clone();
        }
        for n in found.iter().skip(1).rev() {
            if *n < items.len() {
                items.remove(*n);
            }
        }
        return Outcome::Replaced { base };
    }
    let Some(first) = found.first().copied() else {
        items.push(si.item.clone());
        return Outcome::Added;
    };
    if matches!(k, Key::Block(_)) {
        let Some(base) = items.get_mut(first) else {
            return Outcome::Added;
        };
        let span = item_span(base);
        merge(base, &si.item, diags);
        return Outcome::Merged { base: span };
    }
    let Some(base) = items.get(first) else {
        return Outcome::Added;
    };
    conflict(
        diags,
        kind,
        &name,
        name_span(&si.item, si.span),
        name_span(base, si.span),
    );
    Outcome::Conflict {
        base: item_span(base),
    }
}

fn conflict(diags: &mut Diagnostics, kind: &str, name: &str, here: Span, base: Span) {
    diags.push(
        Diagnostic::new(
            &E702,
            MSG_E702.fill(&[
                ("noun", noun(kind).0),
                ("noun_zh", noun(kind).1),
                ("name", &quoted(name)),
            ]),
            here,
            LBL_E702.plain(),
        )
        .with_label(base, LBL_E702_BASE.plain())
        .with_help(HELP_E702.fill(&[("noun", noun(kind).0), ("noun_zh", noun(kind).1)])),
    );
}
