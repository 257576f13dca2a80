//! A table against the event: a declared total equals the sum, paid places and qualification
//! quotas exist in what the field or the category can hold.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, PrizeKey, Prizes};

use super::{currency, Paid, E503, E504, E507, E511, W502};
use crate::check::facts::FormatKind;
use crate::check::limits::OVERFLOW;
use crate::check::{entry, Ctx, Report};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::Money;

// The message catalogue of this module: compiler/messages/check/prizes/capacity.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/capacity.rs"
));
/// Which field [`losers_in`] counts: the one the file fixes, or the fullest it admits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Known,
    Fullest,
}

/// Losers of a knockout round: half the bracket at each round, less the byes of round 1.
fn losers_in(ctx: &Ctx<'_>, stage: &str, round: u32, field: Field) -> Option<u64> {
    let f = ctx.facts.stages.get(stage)?;
    if f.format != FormatKind::Knockout {
        return None;
    }
    let rounds = f.rounds?;
    if round == 0 || round > rounds {
        return None;
    }
    let bracket = 1u64.checked_shl(rounds)?;
    let fullest = || {
        let cap = ctx.facts.cap.map_or(bracket, u64::from);
        Some(cap.min(bracket))
    };
    let entrants = match (f.entrants, field) {
        (Some(n), _) => u64::from(n),
        (None, Field::Fullest) => fullest()?,
        (None, Field::Known) => return None,
    };
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
    sums_in(ctx, block, Field::Known)
}

fn sums_in<'a>(ctx: &Ctx<'_>, block: &'a Prizes, field: Field) -> Sums<'a> {
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
                let Some(n) = losers_in(ctx, &stage.node, round.node, field) else {
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
        Sums::Unknown => return unchecked(ctx, block, total, cur, diags),
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

/// A total the lines cannot be added up to before the event runs (W504): the players of a
/// completion award, or the losers of a knockout round in a field only a cap bounds. For the
/// latter the most the lines pay, with the fullest field, is given; a total equal to it is the
/// full field's and stands.
fn unchecked(ctx: &Ctx<'_>, block: &Prizes, total: &Money, cur: &str, diags: &mut Diagnostics) {
    let completed = block
        .lines
        .iter()
        .any(|l| matches!(l.key, PrizeKey::Completed(_)) && l.money.is_some());
    let eliminated = block
        .lines
        .iter()
        .any(|l| matches!(l.key, PrizeKey::Eliminated { .. }) && l.money.is_some());
    let t = total.amount.node.to_string();
    let (why, why_zh) = if completed {
        (
            "the completion award pays players known only when the event has run".to_string(),
            "完赛奖的人数须待比赛结束才知道".to_string(),
        )
    } else if eliminated {
        let most = match sums_in(ctx, block, Field::Fullest) {
            Sums::Known(s) => s.get(cur).copied(),
            _ => None,
        };
        match most {
            Some(m) if m == total.amount.node => return,
            Some(m) => (
                format!("the knockout's losers depend on the field; with the fullest field the lines add up to {m} {cur}"),
                format!("淘汰赛各轮负者人数取决于参赛人数；参赛人数最多时各行之和为 {m} {cur}"),
            ),
            None => (
                "the knockout's losers depend on the field, which the file does not bound".to_string(),
                "淘汰赛各轮负者人数取决于参赛人数，而本文件未限定参赛人数".to_string(),
            ),
        }
    } else {
        // A range without `each` (E506) or a line without a currency: reported where it is.
        return;
    };
    diags.push(UNCHECKED.at(
        total.span,
        &[
            ("total", &t),
            ("cur", cur),
            ("why", &why),
            ("why_zh", &why_zh),
        ],
    ));
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
