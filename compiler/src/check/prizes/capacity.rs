//! A table against the event: a declared total equals the sum, paid places and qualification
//! quotas exist in what the field or the category can hold.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, PrizeKey, Prizes};

use super::{currency, Paid, E503, E504, E507, E511, W502};
use crate::check::facts::FormatKind;
use crate::check::limits::OVERFLOW;
use crate::check::{entry, Ctx};
use crate::diagnostics::{Diagnostic, Diagnostics, Template};

// The message catalogue of this module: compiler/messages/check/prizes/capacity.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/capacity.rs"
));
/// Losers of a knockout round: half the bracket at each round, less the byes of round 1.
pub(super) fn losers(ctx: &Ctx<'_>, stage: &str, round: u32) -> Option<u64> {
    let f = ctx.facts.stages.get(stage)?;
    if f.format != FormatKind::Knockout {
        return None;
    }
    let rounds = f.rounds?;
    if round == 0 || round > rounds {
        return None;
    }
    let bracket = 1u64.checked_shl(rounds)?;
    let entrants = u64::from(f.entrants?);
    let half = bracket >> round;
    if round == 1 {
        Some(entrants.saturating_sub(bracket / 2).min(half))
    } else {
        Some(half)
    }
}

/// A table's money by currency, or why it cannot be added up.
pub(super) enum Sums<'a> {
    Known(BTreeMap<&'a str, u64>),
    /// A range without `each` (E506 asks what it means), a line without a currency, or the
    /// losers of a knockout round whose size the checker cannot know.
    Unknown,
    /// The lines add up beyond 2^64 − 1 (E514 at this line, in this currency).
    Overflow(xqreg_grammar::Span, &'a str),
}

/// The money a table pays, currency by currency: each line's amount times the places it pays.
pub(super) fn table_sums<'a>(ctx: &Ctx<'_>, block: &'a Prizes) -> Sums<'a> {
    let mut sums: BTreeMap<&str, u64> = BTreeMap::new();
    for line in &block.lines {
        let Some(m) = &line.money else { continue };
        let Some(c) = currency(block, m) else {
            return Sums::Unknown;
        };
        let count = match &line.key {
            PrizeKey::Places(r) => {
                if r.start != r.end && !line.each {
                    return Sums::Unknown;
                }
                u64::from(r.end.saturating_sub(r.start)) + 1
            }
            // How many complete every game is known only when the event has run.
            PrizeKey::Completed(_) => return Sums::Unknown,
            PrizeKey::Eliminated { stage, round, .. } => {
                let Some(n) = losers(ctx, &stage.node, round.node) else {
                    return Sums::Unknown;
                };
                if line.each {
                    n
                } else {
                    1
                }
            }
        };
        let e = sums.entry(c).or_insert(0);
        match m
            .amount
            .node
            .checked_mul(count)
            .and_then(|a| e.checked_add(a))
        {
            Some(t) => *e = t,
            None => return Sums::Overflow(line.span, c),
        }
    }
    Sums::Known(sums)
}

pub(super) fn total(ctx: &Ctx<'_>, block: &Prizes, diags: &mut Diagnostics) {
    let Some(total) = &block.total else { return };
    let Some(cur) = currency(block, total) else {
        return;
    };
    let sums = match table_sums(ctx, block) {
        Sums::Known(s) => s,
        Sums::Unknown => return,
        Sums::Overflow(span, c) => {
            // No total can be proposed: E514 says the lines cannot be added up.
            diags.push(OVERFLOW.at(span, &[("cur", c)]));
            return;
        }
    };
    if sums.len() > 1 {
        let currencies = sums.keys().copied().collect::<Vec<_>>().join(", ");
        diags.push(
            Diagnostic::new(
                &W502,
                MSG_W502.fill(&[("currencies", &currencies), ("cur", cur)]),
                total.span,
                LBL_W502.plain(),
            )
            .with_help(HELP_W502.plain()),
        );
    }
    let sum = sums.get(cur).copied().unwrap_or(0);
    if sum != total.amount.node {
        let (t, s) = (total.amount.node.to_string(), sum.to_string());
        diags.push(
            Diagnostic::new(
                &E503,
                MSG_E503.fill(&[("total", &t), ("sum", &s), ("cur", cur)]),
                total.span,
                LBL_E503.fill(&[("total", &t)]),
            )
            .with_help(HELP_E503.fill(&[("sum", &s)])),
        );
    }
}

pub(super) fn beyond(ctx: &Ctx<'_>, block: &Prizes, paid: &[Paid<'_>], diags: &mut Diagnostics) {
    // A team event's field counts teams (its categories, players).
    let teams = block.category.is_none() && entry::is_team_event(ctx.file);
    let (size, what, what_zh) = match &block.category {
        None => match entry::field_bound(ctx.file) {
            Some(n) if teams => (n, "the field".to_string(), "参赛队数".to_string()),
            Some(n) => (n, "the field".to_string(), "参赛人数".to_string()),
            None => return,
        },
        Some(cat) => {
            // An unknown category is reported once, by the name check.
            if !ctx.scope.categories.contains_key(cat.node.as_str()) {
                return;
            }
            match entry::category_capacity(ctx.file, &cat.node) {
                Some(0) => {
                    diags.push(
                        Diagnostic::new(
                            &E511,
                            MSG_E511.fill(&[("cat", &cat.node)]),
                            cat.span,
                            LBL_E511.plain(),
                        )
                        .with_help(HELP_E511.fill(&[("cat", &cat.node)])),
                    );
                    return;
                }
                Some(n) => (
                    n,
                    format!("category `{}`", cat.node),
                    format!("组别 `{}`", cat.node),
                ),
                None => return,
            }
        }
    };
    let Some(first) = paid.iter().find(|p| p.end > size) else {
        return;
    };
    let place = first.start.max(size.saturating_add(1)).to_string();
    let size_s = size.to_string();
    diags.push(
        Diagnostic::new(
            &E504,
            MSG_E504.fill(&[
                ("place", &place),
                ("what", &what),
                ("what_zh", &what_zh),
                ("size", &size_s),
                ("who", if teams { "teams" } else { "players" }),
                ("who_zh", if teams { "队" } else { "人" }),
            ]),
            first.line.span,
            LBL_E504.fill(&[("size", &size_s)]),
        )
        .with_help(HELP_E504.fill(&[
            ("size", &size_s),
            ("what", &what),
            ("what_zh", &what_zh),
        ])),
    );
}
pub(super) fn quotas(ctx: &Ctx<'_>, q: &ast::Qualification, diags: &mut Diagnostics) {
    for quota in &q.quotas {
        let cat = quota.category.node.as_str();
        let size = if cat == ast::OVERALL {
            entry::field_bound(ctx.file)
        } else if ctx.scope.categories.contains_key(cat) {
            entry::category_capacity(ctx.file, cat)
        } else {
            None
        };
        let Some(size) = size else { continue };
        if quota.count.node > size {
            let size_s = size.to_string();
            diags.push(
                Diagnostic::new(
                    &E507,
                    MSG_E507.fill(&[
                        ("count", &quota.count.node.to_string()),
                        ("cat", cat),
                        ("size", &size_s),
                    ]),
                    quota.count.span,
                    LBL_E507.plain(),
                )
                .with_help(HELP_E507.fill(&[("size", &size_s)])),
            );
        }
    }
}
