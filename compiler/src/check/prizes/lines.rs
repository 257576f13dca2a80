//! The lines of one table among themselves: a range pays `each` in a currency (E503, E504),
//! ranges do not overlap or leave gaps (E501, E502), amounts do not rise with place, and
//! shared places are paid equally.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, PrizeKey, Prizes};
use xqreg_grammar::Span;

use super::{currency, range_text, range_zh, Paid, E501, E502, E505, E506, E508, W501};
use crate::diagnostics::{Diagnostic, Diagnostics, Template};

// The message catalogue of this module: compiler/messages/check/prizes/lines.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/prizes/lines.rs"));
pub(super) fn each_and_currency(block: &Prizes, diags: &mut Diagnostics) {
    for line in &block.lines {
        let Some(m) = &line.money else { continue };
        let every = match &line.key {
            PrizeKey::Places(_) => None,
            PrizeKey::Eliminated { stage, round, .. } => {
                Some(format!("eliminated {} round {}", stage.node, round.node))
            }
            PrizeKey::Completed(_) => Some("completed".to_string()),
        };
        if let Some(key) = every.filter(|_| !line.each) {
            let amount = m.amount.node.to_string();
            let args = [("key", key.as_str()), ("amount", amount.as_str())];
            diags.push(
                Diagnostic::new(
                    &E506,
                    MSG_E506_EVERY.fill(&args),
                    m.span,
                    LBL_E506_EVERY.plain(),
                )
                .with_help(HELP_E506_EVERY.fill(&args)),
            );
        }
        if let PrizeKey::Places(r) = &line.key {
            if r.start != r.end && !line.each {
                let (range, amount) = (range_text(r.start, r.end), m.amount.node.to_string());
                diags.push(
                    Diagnostic::new(
                        &E506,
                        MSG_E506.fill(&[("range", &range)]),
                        m.span,
                        LBL_E506.plain(),
                    )
                    .with_help(HELP_E506.fill(&[("range", &range), ("amount", &amount)])),
                );
            }
        }
        if currency(block, m).is_none() {
            let amount = m.amount.node.to_string();
            diags.push(
                Diagnostic::new(
                    &E508,
                    MSG_E508.fill(&[("amount", &amount)]),
                    m.span,
                    LBL_E508.plain(),
                )
                .with_help(HELP_E508.fill(&[("amount", &amount)])),
            );
        }
    }
}

/// `rounds`: the places the lines for a knockout round's losers pay (`eliminated cup round 1`:
/// 9th to 16th of a bracket of 16), which leave no gap between the lines for places.
pub(super) fn overlaps_and_gaps(paid: &[Paid<'_>], rounds: &[(u32, u32)], diags: &mut Diagnostics) {
    for (i, a) in paid.iter().enumerate() {
        for b in paid.iter().skip(i + 1) {
            if b.start > a.end {
                break;
            }
            // A line of items only (`1..3: trophy`, `1..22: certificate`) adds to what the
            // places get; only two amounts for one place are a clash.
            if a.line.money.is_none() || b.line.money.is_none() {
                continue;
            }
            let next = a.end.saturating_add(1);
            let help = if next <= b.end {
                let each = if next < b.end && b.line.each {
                    " each"
                } else {
                    ""
                };
                let amount = b
                    .line
                    .money
                    .as_ref()
                    .map(|m| format!(" {}", m.amount.node))
                    .unwrap_or_default();
                let suggest = format!("{}:{amount}{each}", range_text(next, b.end));
                HELP_E501.fill(&[("next", &next.to_string()), ("suggest", &suggest)])
            } else {
                HELP_E501_REMOVE.plain()
            };
            diags.push(
                Diagnostic::new(
                    &E501,
                    MSG_E501.fill(&[("place", &b.start.max(a.start).to_string())]),
                    b.line.span,
                    LBL_E501.fill(&[
                        ("range", &range_text(b.start, b.end)),
                        ("range_zh", &range_zh(b.start, b.end)),
                    ]),
                )
                .with_label(
                    a.line.span,
                    LBL_E501_FIRST.fill(&[
                        ("range", &range_text(a.start, a.end)),
                        ("range_zh", &range_zh(a.start, a.end)),
                    ]),
                )
                .with_help(help),
            );
        }
    }
    let mut reached = 0u32;
    for p in paid {
        // The places a knockout round's losers are paid at, where they follow on.
        while let Some(end) = rounds
            .iter()
            .filter(|&&(s, e)| s <= reached.saturating_add(1) && e > reached)
            .map(|&(_, e)| e)
            .max()
        {
            reached = end;
        }
        if p.start > reached.saturating_add(1) {
            // The gap ends where a round's losers are paid again, if before this line.
            let to = rounds
                .iter()
                .map(|&(s, _)| s)
                .filter(|&s| s > reached.saturating_add(1) && s < p.start)
                .min()
                .unwrap_or(p.start)
                - 1;
            let (from, to) = (reached + 1, to);
            let gap = range_text(from, to);
            let each = if from < to { " each" } else { "" };
            let msg = if reached == 0 {
                MSG_E502_START.fill(&[("first", &p.start.to_string()), ("gap", &gap)])
            } else {
                let (s, s_verb) = if from < to { ("s", "") } else { ("", "s") };
                MSG_E502.fill(&[("gap", &gap), ("s", s), ("s_verb", s_verb)])
            };
            diags.push(
                Diagnostic::new(&E502, msg, p.line.span, LBL_E502.plain())
                    .with_help(HELP_E502.fill(&[("gap", &gap), ("each", each)])),
            );
        }
        reached = reached.max(p.end);
    }
}
pub(super) fn rises(paid: &[Paid<'_>], diags: &mut Diagnostics) {
    // The best-paid higher place seen so far, per currency.
    let mut best: BTreeMap<Option<&str>, (u64, u32, Span)> = BTreeMap::new();
    for p in paid {
        let Some((amount, cur)) = p.per_place else {
            continue;
        };
        if let Some((prev, place, span)) = best.get(&cur).copied() {
            if amount > prev && p.start > place {
                let c = cur.unwrap_or("");
                diags.push(
                    Diagnostic::new(
                        &W501,
                        MSG_W501.fill(&[
                            ("lower", &p.start.to_string()),
                            ("more", &amount.to_string()),
                            ("higher", &place.to_string()),
                            ("less", &prev.to_string()),
                            ("cur", c),
                        ]),
                        p.line.span,
                        LBL_W501.plain(),
                    )
                    .with_label(span, LBL_W501_OTHER.plain())
                    .with_help(HELP_W501.plain()),
                );
            }
        }
        // Compare each line with the line just above it, so one slip is reported once.
        best.insert(cur, (amount, p.end, p.line.span));
    }
}

pub(super) fn shared_equal(decl: &ast::PlacesDecl, paid: &[Paid<'_>], diags: &mut Diagnostics) {
    let (lo, hi) = (decl.places.start, decl.places.end);
    let touching: Vec<&Paid<'_>> = paid
        .iter()
        .filter(|p| p.start <= hi && lo <= p.end)
        .collect();
    if touching.is_empty() {
        return;
    }
    let covered: u64 = touching
        .iter()
        .map(|p| u64::from(p.end.min(hi).saturating_sub(p.start.max(lo))) + 1)
        .sum();
    let all = u64::from(hi.saturating_sub(lo)) + 1;
    let mut amounts: Vec<String> = Vec::new();
    for p in &touching {
        let a = match p.per_place {
            Some((a, c)) => format!(
                "{}: {a}{}",
                range_text(p.start.max(lo), p.end.min(hi)),
                c.map(|c| format!(" {c}")).unwrap_or_default()
            ),
            None => format!("{}: —", range_text(p.start.max(lo), p.end.min(hi))),
        };
        amounts.push(a);
    }
    let distinct: Vec<Option<(u64, Option<&str>)>> =
        touching
            .iter()
            .map(|p| p.per_place)
            .fold(Vec::new(), |mut v, x| {
                if !v.contains(&x) {
                    v.push(x);
                }
                v
            });
    let unpaid = covered < all;
    if distinct.len() <= 1 && !unpaid {
        return;
    }
    if unpaid {
        amounts.push("the rest: nothing".to_string());
    }
    let range = range_text(lo, hi);
    let amount = touching
        .iter()
        .filter_map(|p| p.per_place.map(|(a, _)| a))
        .max()
        .unwrap_or(0)
        .to_string();
    let mut d = Diagnostic::new(
        &E505,
        MSG_E505.fill(&[
            ("range", &range),
            ("range_zh", &range_zh(lo, hi)),
            ("amounts", &amounts.join(", ")),
        ]),
        touching.first().map_or(decl.places.span, |p| p.line.span),
        LBL_E505.plain(),
    );
    for p in touching.iter().skip(1) {
        d = d.with_label(p.line.span, LBL_E505.plain());
    }
    diags.push(
        d.with_label(decl.places.span, LBL_E505_DECL.plain())
            .with_help(HELP_E505.fill(&[("range", &range), ("amount", &amount)])),
    );
}
