//! `lineup fixed|each_round [deadline D before] [default roster_order]`: how a team stage sets
//! each round's line-up. The clause acts only in a team stage (E114, `contract::formats`); the
//! words are closed sets (`words`); here: a fixed line-up takes no deadline or default (E222),
//! since nothing is handed in, and a colour balance of 0 cannot hold after an odd number of
//! games (E225).

use xqreg_grammar::ast::StageClause;

use super::stages::stage_clauses;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E222, &E225];

// The message catalogue of this module: compiler/messages/check/lineup.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/lineup.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let StageClause::Lineup {
            mode,
            deadline,
            default,
            colour_balance,
            ..
        } = c
        else {
            continue;
        };
        let stage = st.name.node.as_str();
        if let Some(b) = colour_balance.as_ref().filter(|b| b.node == 0) {
            diags.push(BALANCE_ZERO.at(b.span, &[("stage", stage)]));
        }
        if mode.node != "fixed" {
            continue;
        }
        if let Some(d) = deadline {
            diags.push(FIXED_WITH.at(d.span, &[("stage", stage), ("what", "deadline")]));
        }
        if let Some(d) = default {
            diags.push(FIXED_WITH.at(d.span, &[("stage", stage), ("what", "default")]));
        }
    }
}
