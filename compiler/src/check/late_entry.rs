//! `late_entry until round N missed zero|half`: a Swiss that admits players after it started. A
//! player may enter before round N; every round played before the entry scores the stated bye
//! (FIDE C.04 and TRF-2026: a zero-point `Z` or a half-point `H` bye). The clause acts only in a
//! Swiss (E114, `contract::formats`); here: N names a round after the first and not beyond the
//! stage's last (E413, E414), and the stage is the event's first, which takes its field from the
//! roster (E415): a later stage is fed by the stages before it, where a late entrant never played.

use xqreg_grammar::ast::StageClause;

use super::stages::{most_rounds, stage_clauses};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E413, &E414, &E415];

// The message catalogue of this module: compiler/messages/check/late_entry.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/late_entry.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let first = ctx.scope.stage_order.first().cloned().unwrap_or_default();
    for (st, c) in stage_clauses(ctx) {
        let StageClause::LateEntry {
            until_round, span, ..
        } = c
        else {
            continue;
        };
        let stage = st.name.node.as_str();
        let round = until_round.node.to_string();
        if until_round.node < 2 {
            diags.push(TOO_EARLY.at(until_round.span, &[("round", &round), ("stage", stage)]));
        } else if let Some(rounds) = most_rounds(st).filter(|&r| until_round.node > r) {
            diags.push(BEYOND.at(
                until_round.span,
                &[
                    ("round", &round),
                    ("stage", stage),
                    ("rounds", &rounds.to_string()),
                ],
            ));
        }
        if stage != first {
            diags.push(NOT_FIRST.at(*span, &[("stage", stage), ("first", first)]));
        }
    }
}
