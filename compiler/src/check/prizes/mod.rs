//! Prize tables and qualification places: ranges contiguous from 1 and not overlapping, a range
//! pays `each`, every line has a currency, a declared total equals the sum, paid places exist,
//! shared places are paid equally, amounts do not rise with place; qualification quotas fit
//! their category. Also the note on display headings with no English rendering.
//!
//! A block keyed by a category ranks inside that category: its places are checked against what
//! the category can hold, not the field. Sums are per currency.

use xqreg_grammar::ast::{self, Item, Money, PlacesRule, PrizeKey, PrizeLine, Prizes};

use super::Ctx;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

mod capacity;
mod completed;
mod eliminated;
mod fund;
mod headings;
mod limit;
mod lines;
mod one_cash;
#[cfg(test)]
mod tests;

pub use capacity::HELP_E503;
use capacity::{beyond, quotas, total};
use headings::missing_english;
use lines::{each_and_currency, overlaps_and_gaps, rises, shared_equal};

pub const CODES: &[&Code] = &[
    &E501,
    &E502,
    &E503,
    &E504,
    &E505,
    &E506,
    &E507,
    &E508,
    &E511,
    &fund::E519,
    &fund::E520,
    &limit::E539,
    &completed::E540,
    &eliminated::E548,
    &eliminated::E549,
    &W501,
    &W502,
    &capacity::W504,
    &limit::W503,
    &one_cash::W509,
    &one_cash::E550,
    &N501,
];

// The message catalogue of this module: compiler/messages/check/prizes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/prizes.rs"));

/// A paid range of a table, with the per-place amount when there is one.
pub(super) struct Paid<'a> {
    start: u32,
    end: u32,
    line: &'a PrizeLine,
    /// (amount per place, currency)
    per_place: Option<(u64, Option<&'a str>)>,
}

pub(super) fn currency<'a>(block: &'a Prizes, m: &'a Money) -> Option<&'a str> {
    m.currency
        .as_ref()
        .or(block.currency.as_ref())
        .map(|c| c.node.as_str())
}

/// `5至8` (a single place alone), for Chinese messages.
pub(super) fn range_zh(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}至{b}")
    }
}

pub(super) fn range_text(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

pub(super) fn paid_lines(block: &Prizes) -> Vec<Paid<'_>> {
    let mut out: Vec<Paid<'_>> = block
        .lines
        .iter()
        .filter_map(|line| match &line.key {
            PrizeKey::Places(r) => Some(Paid {
                start: r.start,
                end: r.end,
                line,
                per_place: line
                    .money
                    .as_ref()
                    .filter(|_| line.each || r.start == r.end)
                    .map(|m| (m.amount.node, currency(block, m))),
            }),
            PrizeKey::Eliminated { .. } | PrizeKey::Completed(_) => None,
        })
        .collect();
    out.sort_by_key(|p| (p.start, p.end, p.line.span.start));
    out
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let shared: Vec<&ast::PlacesDecl> = ctx
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Places(p) if matches!(p.rule, PlacesRule::Shared(_)) => Some(p),
            _ => None,
        })
        .collect();
    for item in &ctx.file.items {
        match item {
            Item::Prizes(block) => {
                let paid = paid_lines(block);
                each_and_currency(block, diags);
                overlaps_and_gaps(&paid, &eliminated::places_paid(ctx, block), diags);
                total(ctx, block, diags);
                beyond(ctx, block, &paid, diags);
                rises(&paid, diags);
                limit::check(block, diags);
                completed::check(ctx, block, diags);
                eliminated::check(ctx, block, diags);
                if block.category.is_none() {
                    for decl in &shared {
                        shared_equal(decl, &paid, diags);
                    }
                }
            }
            // A board prize table's lines are one board's places, checked as a table's.
            Item::BoardPrizes(b) => {
                let block = b.as_table();
                let paid = paid_lines(&block);
                each_and_currency(&block, diags);
                overlaps_and_gaps(&paid, &[], diags);
                rises(&paid, diags);
            }
            Item::Qualification(q) => quotas(ctx, q, diags),
            _ => {}
        }
    }
    fund::check(ctx, diags);
    one_cash::check(ctx, diags);
    missing_english(ctx.file, diags);
}
