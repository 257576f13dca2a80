//! `late_entry until round N missed zero|half`: a Swiss that admits players after it started. A
//! player may enter before round N; every round played before the entry scores the stated bye
//! (FIDE C.04 and TRF-2026: a zero-point `Z` or a half-point `H` bye). The clause acts only in a
//! Swiss (E114, `contract::formats`); here: N names a round after the first and not beyond the
//! stage's last (E413, E414), and the stage takes its field from the roster (E415): the first
//! stage, or a section played beside it (`entrants roster`, a category, a pool); a stage fed by
//! the stages before it (their places, a split) holds players a late entrant never played with.
//! A clause a stage takes from another by `same_as` is checked as the stage's own.

use xqreg_grammar::ast::StageClause;

use super::stages::{most_rounds_of, stage_clauses};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E413, &E414, &E415];

// The message catalogue of this module: compiler/messages/check/late_entry.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/late_entry.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let first = ctx.scope.stage_order.first().cloned().unwrap_or_default();
    let split_targets: Vec<&str> = stage_clauses(ctx)
        .filter_map(|(_, c)| match c {
            StageClause::Split { to, .. } => Some(to.node.as_str()),
            _ => None,
        })
        .collect();
    for st in super::stages::stages(ctx) {
        let stage = st.name.node.as_str();
        // The stage's clauses with `same_as` resolved: a copied clause is the stage's own.
        let clauses = ctx.scope.stage_clauses(stage);
        for c in &clauses {
            let StageClause::LateEntry {
                until_round, span, ..
            } = c
            else {
                continue;
            };
            let round = until_round.node.to_string();
            if until_round.node < 2 {
                diags.push(TOO_EARLY.at(until_round.span, &[("round", &round), ("stage", stage)]));
            } else if let Some(rounds) =
                most_rounds_of(clauses.iter().copied()).filter(|&r| until_round.node > r)
            {
                diags.push(BEYOND.at(
                    until_round.span,
                    &[
                        ("round", &round),
                        ("stage", stage),
                        ("rounds", &rounds.to_string()),
                    ],
                ));
            }
            if !from_roster(&clauses, stage == first) || split_targets.contains(&stage) {
                diags.push(NOT_FIRST.at(*span, &[("stage", stage), ("first", first)]));
            }
        }
    }
}

/// Does a stage of these clauses take its field from the roster alone: `entrants` of the roster,
/// categories, pools or the rest, or (the first stage) no `entrants` at all?
fn from_roster(clauses: &[&StageClause], first: bool) -> bool {
    let sources = clauses.iter().find_map(|c| match c {
        StageClause::Entrants { sources, .. } => Some(sources),
        _ => None,
    });
    match sources {
        Some(sources) => sources
            .iter()
            .all(|s| !matches!(s, xqreg_grammar::ast::EntrantSource::Places(_))),
        None => first,
    }
}
