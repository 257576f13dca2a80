//! The contract's checks: a stage clause written in a format where it has no effect (E114), and
//! a printed-only clause where a user would expect it to act (N101, once per file per kind).
//! Both read [`crate::contract`]; the rules live there.

use std::collections::BTreeSet;

use xqreg_grammar::ast::StageClause;

use super::facts::formats_of;
use super::{Ctx, Report};
use crate::contract::{self, formats, ClauseKind, StageFmt, Status};
use crate::diagnostics::{Code, Diagnostics, Explain, Msg, Severity, Template};

pub const CODES: &[&Code] = &[&E114, &N101];

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    no_effect(ctx, diags);
    printed_only(ctx, diags);
}

/// E114: a stage clause in a format that never reads it.
fn no_effect(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let Some(info) = ctx.scope.stages.get(name) else {
            continue;
        };
        let effective = ctx.scope.stage_clauses(name);
        let formats = formats_of(effective.iter().copied());
        // No format or several: E209 says so.
        let [format] = formats.as_slice() else {
            continue;
        };
        let fmt = StageFmt::of(format);
        for clause in &info.stage.clauses {
            let f = contract::walk::stage_clause(clause);
            let refused = match clause {
                // `avoid same_unit never` states the absence of avoidance: true everywhere.
                StageClause::Avoid { when: Some(w), .. } if w.node == "never" => None,
                // `until round N` counts a Swiss's rounds; a round robin avoids only in its draw.
                StageClause::Avoid { until: Some(_), .. } if fmt == StageFmt::RoundRobin => {
                    Some(UNTIL_IN_ROUND_ROBIN)
                }
                // A round robin avoids only through its draw into groups (the same test as
                // W201's, so the two never disagree).
                StageClause::Avoid { .. }
                    if fmt == StageFmt::RoundRobin && !draws_groups(ctx, name) =>
                {
                    Some(NO_GROUP_DRAW)
                }
                _ => formats::applies(f.kind, fmt, option_word(clause))
                    .err()
                    .map(|a| a.help),
            };
            if let Some((en, zh)) = refused {
                diags.push(
                    NO_EFFECT
                        .at(
                            f.span,
                            &[
                                ("clause", clause_word(f.kind)),
                                ("format", fmt.name()),
                                ("stage", name),
                            ],
                        )
                        .with_help(Msg::new(en, zh)),
                );
            }
        }
    }
}

const NO_GROUP_DRAW: (&str, &str) = (
    "remove it: a round robin without a draw into groups pairs everyone with everyone, so there is nothing to keep apart (avoidance acts through the group draw)",
    "删去：不分组抽签的循环赛人人相遇，无从回避（回避通过分组抽签实现）",
);

const UNTIL_IN_ROUND_ROBIN: (&str, &str) = (
    "delete `until round N`: a round robin keeps units apart only when it draws its groups (`avoid same_unit`), not round by round",
    "删去 `until round N`：循环赛只在分组抽签时回避同单位（`avoid same_unit`），不按轮次回避",
);

fn draws_groups(ctx: &Ctx<'_>, name: &str) -> bool {
    let groups = ctx
        .facts
        .stages
        .get(name)
        .map_or(0, |f| f.groups.len() as u32);
    super::draws::draws_groups(ctx, name, groups)
}

// The message catalogue of this module: compiler/messages/check/contract.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/contract.rs"));

/// The one option word of a stage clause, for the formats that fix it (`colours by_board`).
fn option_word(clause: &StageClause) -> Option<&str> {
    match clause {
        StageClause::Colours { rule, .. } => Some(&rule.node),
        StageClause::Numbers(xqreg_grammar::ast::Numbers::Rule(rule)) => Some(&rule.node),
        _ => None,
    }
}

/// The keyword of a stage clause kind (the first word of its syntax; a kind that is one form of
/// a clause, its two words).
fn clause_word(kind: ClauseKind) -> &'static str {
    if kind == ClauseKind::LineupEachRound {
        return "lineup each_round";
    }
    // The deadline, not the line-up it is a clause of (which acts).
    if kind == ClauseKind::LineupDeadline {
        return "lineup ... deadline";
    }
    let syntax = contract::entry(kind).syntax;
    let body = syntax.split_once("{ ").map_or(syntax, |(_, b)| b);
    body.split_whitespace().next().unwrap_or(syntax)
}

/// N101: the first printed-only clause of each kind a user would expect to act.
fn printed_only(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let found = contract::clauses(&ctx.file.items);
    // Conduct rules the runtime does not act on: one note naming them all.
    let conduct: Vec<&contract::Found> = found
        .iter()
        .filter(|f| {
            f.kind == ClauseKind::ConductRule
                && f.word.as_deref().is_some_and(|w| {
                    w != "rule" && contract::word_status("conduct", w) == Some(Status::Printed)
                })
        })
        .collect();
    if let Some(first) = conduct.first() {
        let mut words: Vec<&str> = Vec::new();
        for f in &conduct {
            let w = f.word.as_deref().unwrap_or_default();
            if !words.contains(&w) {
                words.push(w);
            }
        }
        // One rule is one rule: "conduct rule `draw_offers` is printed".
        let report = if words.len() == 1 {
            &PRINTED_CONDUCT_ONE
        } else {
            &PRINTED_CONDUCT
        };
        diags.push(report.at(first.span, &[("words", &words.join("`, `"))]));
    }
    let mut seen: BTreeSet<ClauseKind> = BTreeSet::new();
    for f in &found {
        let e = contract::entry(f.kind);
        let expected = e.expect_act && e.status == Status::Printed;
        if !expected || !seen.insert(f.kind) {
            continue;
        }
        diags.push(PRINTED.at(
            f.span,
            &[
                ("clause", clause_word(f.kind)),
                ("acts", e.acts.trim_start_matches("sheet: ")),
            ],
        ));
    }
}
