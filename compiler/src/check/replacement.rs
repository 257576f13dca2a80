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
use super::names::code;
use super::words::{word, Position};
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E636, "E636", "replacement-until-within-places", Error,
    Template::new("`replacement next_in_line until N` says how far down the ranking a replacement may come from. N at or above the places that qualify without a replacement (a qualifiers pool's `top`, a quota's count) leaves no place to replace from, or cuts the quota itself.",
        "`replacement next_in_line until N` 规定递补最多到第几名。N 不大于无需递补即可取得资格的名次（名额来源的 `top`、晋级名额数）时，要么无人可递补，要么连名额本身都被截去。"),
    "entry { pool city { qualifiers \"分站赛\" top 12  replacement next_in_line until 10 } }",
    Template::new("Write the lowest place the regulation lets replace (`until 16`), below the top 12.",
        "写出规程允许递补到的最低名次（如 `until 16`），须在前 12 名之后。"));

code!(E637, "E637", "replacement-until-without-next-in-line", Error,
    Template::new("`until N` bounds a replacement down a ranking (`replacement next_in_line until N`): in a qualification block, or in a pool of an earlier event's qualifiers, whose places the roster gives. After `replacement none` there is no replacement to bound, and in a pool without `qualifiers` no place to bound it by.",
        "`until N` 限定依次递补的范围（`replacement next_in_line until N`）：用于晋级办法，或用于某项赛事的晋级名额来源（名单给出其名次）。`replacement none` 不递补，无从限定；没有 `qualifiers` 的名额来源没有名次可供限定。"),
    "qualification \"决赛\" { overall 3  replacement none until 8 }",
    Template::new("Write `replacement next_in_line until 8`, or drop `until 8`.",
        "改为 `replacement next_in_line until 8`，或删去 `until 8`。"));

code!(E638, "E638", "reserve-by-place-without-places", Error,
    Template::new("`replacement from pool P by place` fills the empty places with P's best qualifying places (the roster's `qualified` column), so P must be a pool of an earlier event's qualifiers (`qualifiers \"...\" top N`); a pool without one gives its players no places to rank.",
        "`replacement from pool P by place` 按候补来源 P 的晋级名次（名单的 `qualified` 列）依次递补，因此 P 须为某项赛事的晋级名额来源（`qualifiers \"...\" top N`）；否则其棋手没有可排列的名次。"),
    "entry { pool rated 8 { rating top 8  replacement from pool reserve by place }  pool reserve { rating top 20 } }",
    Template::new("Give the reserve its qualifiers (`qualifiers \"分站赛\" top 16`), or rank it `by rating` or `by order`.",
        "为候补来源写明晋级赛事（`qualifiers \"分站赛\" top 16`），或改为 `by rating`、`by order`。"));

pub const CODES: &[&Code] = &[&E636, &E637, &E638];

/// `by rating|place|order` of `replacement from pool P`.
pub const RESERVE_ORDER: Position = Position {
    what: ("reserve order", "候补顺序"),
    allowed: &["rating", "place", "order"],
};

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
