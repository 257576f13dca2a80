//! `avoid same_unit until round N`: a Swiss keeps players of one unit (or federation) apart in
//! rounds 1 to N. N names a round of the stage: 1 or more and not beyond its last (E423). The
//! clause acts only in a Swiss (E114 refuses `until` in a round robin, `check::contract`).

use xqreg_grammar::ast::StageClause;

use super::stages::{most_rounds, stage_clauses};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E423];

// The message catalogue of this module: compiler/messages/check/avoid_until.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/avoid_until.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let StageClause::Avoid {
            until: Some(last), ..
        } = c
        else {
            continue;
        };
        let stage = st.name.node.as_str();
        let round = last.node.to_string();
        if last.node == 0 {
            diags.push(NO_ROUND.at(last.span, &[("stage", stage)]));
        } else if let Some(rounds) = most_rounds(st).filter(|&r| last.node > r) {
            let rounds = rounds.to_string();
            let args = [
                ("round", round.as_str()),
                ("stage", stage),
                ("rounds", &rounds),
            ];
            diags.push(BEYOND.at(last.span, &args));
        }
    }
}
