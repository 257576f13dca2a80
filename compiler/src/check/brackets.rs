//! Brackets and matches between groups: knockout brackets that halve to a final (E205),
//! same-place stages of two equal groups (E208), and splits of a Swiss into a later stage (E210).

use std::collections::BTreeMap;

use xqreg_grammar::ast::{BracketSlot, Format, GroupSel, KnockoutClause, StageClause};
use xqreg_grammar::Span;

use super::facts::{range_len, FormatKind};
use super::refs::facts_count;
use super::stages::{range_should_hold, stage_clauses, stages_with_facts};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E205, &E208, &E210];

// The message catalogue of this module: compiler/messages/check/brackets.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/brackets.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    brackets(ctx, diags);
    same_place(ctx, diags);
    splits(ctx, diags);
}

fn next_pow2(n: u32) -> u32 {
    n.max(1).checked_next_power_of_two().unwrap_or(n)
}

fn slot_text(slot: &BracketSlot) -> Option<String> {
    match slot {
        BracketSlot::Place(r) => {
            let g = match &r.group {
                GroupSel::Named(g) => format!(".{}", g.node),
                GroupSel::All => ".*".to_string(),
                GroupSel::None => String::new(),
            };
            Some(format!("{}{g}#{}", r.stage.node, r.places.start))
        }
        BracketSlot::Seed(n) => Some(format!("seed {}", n.node)),
        BracketSlot::Player(p) => Some(p.node.clone()),
        BracketSlot::Bye(_) => None,
    }
}

fn slot_span(slot: &BracketSlot) -> Span {
    match slot {
        BracketSlot::Place(r) => r.span,
        BracketSlot::Seed(n) => n.span,
        BracketSlot::Player(p) => p.span,
        BracketSlot::Bye(s) => *s,
    }
}

fn brackets(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let StageClause::Format(Format::Knockout(k)) = c else {
            continue;
        };
        for kc in &k.clauses {
            match kc {
                KnockoutClause::Bracket { pairs, span } => {
                    let n = pairs.len() as u32;
                    if !n.is_power_of_two() {
                        let pairs_s = n.to_string();
                        let next = next_pow2(n).to_string();
                        diags
                            .push(BRACKET_PAIRS.at(*span, &[("pairs", &pairs_s), ("next", &next)]));
                    }
                    let mut seen: BTreeMap<String, Span> = BTreeMap::new();
                    for (a, b) in pairs {
                        if matches!((a, b), (BracketSlot::Bye(_), BracketSlot::Bye(_))) {
                            diags.push(BYE_V_BYE.at(slot_span(a).join(slot_span(b)), &[]));
                        }
                        for slot in [a, b] {
                            if let BracketSlot::Place(r) = slot {
                                let count = facts_count(ctx, r);
                                if count.is_some_and(|c| c != 1) {
                                    let c = count.unwrap_or(0).to_string();
                                    diags.push(SLOT_NOT_ONE.at(r.span, &[("count", &c)]));
                                    continue;
                                }
                            }
                            let Some(text) = slot_text(slot) else {
                                continue;
                            };
                            match seen.get(&text) {
                                Some(first) => diags.push(
                                    SLOT_TWICE
                                        .at(slot_span(slot), &[("slot", &text)])
                                        .with_label(*first, FIRST_HERE.plain()),
                                ),
                                None => {
                                    seen.insert(text, slot_span(slot));
                                }
                            }
                        }
                    }
                }
                KnockoutClause::Seeded { size, .. }
                    if size.node < 2 || !size.node.is_power_of_two() =>
                {
                    let s = size.node.to_string();
                    let next = next_pow2(size.node.max(2)).to_string();
                    diags.push(BRACKET_SIZE.at(size.span, &[("size", &s), ("next", &next)]));
                }
                KnockoutClause::Games(n) if n.node == 0 => {
                    diags.push(NO_GAMES.at(n.span, &[]));
                }
                KnockoutClause::Seeded { size, .. } => {
                    let entrants = ctx
                        .facts
                        .stages
                        .get(st.name.node.as_str())
                        .and_then(|f| f.entrants_from_sources);
                    if let Some(e) = entrants.filter(|e| *e > size.node) {
                        let next = next_pow2(e).to_string();
                        diags.push(BRACKET_FULL.at(
                            size.span,
                            &[
                                ("size", &size.node.to_string()),
                                ("entrants", &e.to_string()),
                                ("next", &next),
                            ],
                        ));
                    }
                }
                _ => {}
            }
        }
    }
}

fn same_place(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (_, c) in stage_clauses(ctx) {
        let StageClause::Format(Format::SamePlace {
            groups,
            places,
            span,
        }) = c
        else {
            continue;
        };
        if groups.len() != 2 {
            diags.push(SAME_PLACE_COUNT.at(*span, &[("groups", &groups.len().to_string())]));
            continue;
        }
        let mut sizes = Vec::new();
        for g in groups {
            let known = ctx
                .scope
                .stages
                .get(g.stage.node.as_str())
                .is_some_and(|i| i.has_group(&g.group.node));
            let size = ctx
                .facts
                .stages
                .get(g.stage.node.as_str())
                .and_then(|f| f.group_size);
            match (known, size) {
                (true, Some(s)) => sizes.push((s, g.span)),
                _ => break,
            }
        }
        let [(a, _), (b, b_span)] = sizes.as_slice() else {
            continue;
        };
        if a != b {
            diags.push(
                SAME_PLACE_SIZES.at(*b_span, &[("a", &a.to_string()), ("b", &b.to_string())]),
            );
            continue;
        }
        let total = a.saturating_mul(2);
        let len = range_len(places);
        if len != total {
            let (size, all) = (a.to_string(), total.to_string());
            let args = [("groups", "2"), ("size", &size), ("total", &all)];
            diags.push(range_should_hold(&SAME_PLACE_RANGE, places, total, &args));
        }
    }
}

fn splits(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, name, f) in stages_with_facts(ctx) {
        for c in &st.clauses {
            let StageClause::Split {
                after_round,
                top,
                to,
                span,
            } = c
            else {
                continue;
            };
            if !matches!(f.format, FormatKind::Swiss | FormatKind::Unknown) {
                diags.push(SPLIT_NOT_SWISS.at(*span, &[("stage", name)]));
                continue;
            }
            if let Some(rounds) = f.rounds {
                if after_round.node == 0 || after_round.node >= rounds {
                    diags.push(SPLIT_ROUND.at(
                        after_round.span,
                        &[
                            ("after", &after_round.node.to_string()),
                            ("stage", name),
                            ("rounds", &rounds.to_string()),
                            ("last", &rounds.saturating_sub(1).to_string()),
                        ],
                    ));
                }
            }
            if let Some(entrants) = f.entrants {
                if top.node >= entrants {
                    diags.push(SPLIT_TOP.at(
                        top.span,
                        &[
                            ("top", &top.node.to_string()),
                            ("stage", name),
                            ("entrants", &entrants.to_string()),
                        ],
                    ));
                    continue;
                }
                // The players who stay play the rounds after the split without a repeat.
                let stay = entrants - top.node;
                let left = f.rounds.map(|r| r.saturating_sub(after_round.node));
                if let Some(left) = left.filter(|&l| l > 0 && l >= stay.max(2)) {
                    diags.push(SPLIT_STAYERS.at(
                        *span,
                        &[
                            ("stay", &stay.to_string()),
                            ("entrants", &entrants.to_string()),
                            ("stage", name),
                            ("left", &left.to_string()),
                        ],
                    ));
                }
            }
            let target_size = ctx
                .scope
                .stage_clauses(&to.node)
                .iter()
                .find_map(|c| match c {
                    StageClause::Format(Format::Knockout(k)) => {
                        k.clauses.iter().find_map(|kc| match kc {
                            KnockoutClause::Seeded { size, .. } => Some(size.node),
                            KnockoutClause::Bracket { pairs, .. } => {
                                Some((pairs.len() as u32).saturating_mul(2))
                            }
                            _ => None,
                        })
                    }
                    _ => None,
                });
            if let Some(size) = target_size {
                if top.node > size {
                    diags.push(SPLIT_TARGET.at(
                        top.span,
                        &[
                            ("top", &top.node.to_string()),
                            ("to", &to.node),
                            ("size", &size.to_string()),
                        ],
                    ));
                }
            }
        }
    }
}
