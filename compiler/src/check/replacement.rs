//! How far down and in what order replacements go (递补). `replacement next_in_line until N` (in
//! a pool of an earlier event's qualifiers, or in a qualification block) bounds the places a
//! replacement may come from: N must lie below the places that qualify without one (E636: below
//! the pool's `top`, at least the largest quota), and `until` qualifies `next_in_line` only, in
//! a pool only of qualifiers (E637). `replacement from pool P by rating|place|order` ranks the
//! reserve; `by place` reads the reserve's qualifying places, so the reserve must be an earlier
//! event's qualifiers (E638).
//! The words are closed sets (E111). The runtime applies them (R042, R044, the qualifiers).

use xqreg_grammar::ast::{self, EntryClause, Ident, Item, PoolSource, Spanned};

use super::entry::entry_clauses;
use super::words::{word, Position};
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E636, &E637, &E638];

/// `by rating|place|order` of `replacement from pool P`.
pub const RESERVE_ORDER: Position =
    Position::new("reserve order", "候补顺序", &["rating", "place", "order"]);

// The message catalogue of this module: compiler/messages/check/replacement.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/replacement.rs"));

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for c in entry_clauses(file) {
        let EntryClause::Pool(p) = c else { continue };
        let qualifiers = p.source.iter().find_map(|s| match s {
            PoolSource::Qualifiers { top, .. } => Some(top.as_ref().map(|t| t.node)),
            _ => None,
        });
        let top = qualifiers.flatten();
        for s in &p.source {
            match s {
                PoolSource::Replacement {
                    rule,
                    until: Some(u),
                    ..
                } if qualifiers.is_none() && rule.node == "next_in_line" => {
                    let n = u.node.to_string();
                    let args = [("until", n.as_str()), ("pool", p.name.node.as_str())];
                    diags.push(NO_PLACES.at(u.span, &args));
                }
                PoolSource::Replacement {
                    rule,
                    until: Some(u),
                    ..
                } => until(rule, u, top, ("the top", "前"), diags),
                PoolSource::ReplacementFrom {
                    pool, by: Some(by), ..
                } => reserve_order(file, p, pool, by, diags),
                _ => {}
            }
        }
    }
    for item in &file.items {
        let Item::Qualification(q) = item else {
            continue;
        };
        if let (Some(rule), Some(u)) = (&q.replacement, &q.replacement_until) {
            // The quota's own places must all be within the bound.
            let most = q.quotas.iter().map(|x| x.count.node).max();
            let most = most.map(|m| m.saturating_sub(1));
            until(rule, u, most, ("the quota's places", "名额"), diags);
        }
    }
}

/// E637 for `until` after another rule than `next_in_line`; E636 for a bound not below `within`.
fn until(
    rule: &Ident,
    u: &Spanned<u32>,
    within: Option<u32>,
    (what, what_zh): (&str, &str),
    diags: &mut Diagnostics,
) {
    let n = u.node.to_string();
    if rule.node != "next_in_line" {
        // A word outside the set is E111 (`words`).
        if rule.node == "none" {
            let args = [("until", n.as_str()), ("rule", rule.node.as_str())];
            diags.push(WITHOUT.at(u.span, &args));
        }
        return;
    }
    let Some(within) = within.filter(|&w| u.node <= w) else {
        return;
    };
    let places = within.to_string();
    let args = [
        ("until", n.as_str()),
        ("what", what),
        ("what_zh", what_zh),
        ("places", places.as_str()),
    ];
    diags.push(WITHIN.at(u.span, &args));
}

/// E111 for a word outside `rating|place|order`; E638 for `by place` of a reserve without
/// qualifying places.
fn reserve_order(
    file: &ast::File,
    p: &ast::Pool,
    from: &Ident,
    by: &Ident,
    diags: &mut Diagnostics,
) {
    if !word(diags, by, &RESERVE_ORDER) || by.node != "place" {
        return;
    }
    let placed = entry_clauses(file).any(|c| {
        matches!(c, EntryClause::Pool(o) if o.name.node == from.node
            && o.source.iter().any(|s| matches!(s, PoolSource::Qualifiers { .. })))
    });
    if !placed {
        let args = [("pool", p.name.node.as_str()), ("from", from.node.as_str())];
        diags.push(BY_PLACE.at(by.span, &args));
    }
}
