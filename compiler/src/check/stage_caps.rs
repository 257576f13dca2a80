//! A stage's `cap N [first_come|by_rating]` (每组限 N 人): the most of the roster's players the
//! stage takes. The runtime refuses the rows the cap's order leaves out (R040); here: a cap of
//! nobody (E620), a cap on a stage whose players come from earlier stages, which the roster
//! cannot be over (E621), and a cap below the players the stage's format needs (E622). The order
//! word is E111 (`words`); team stages are E114 (`contract::formats`).

use xqreg_grammar::ast::StageClause;

use super::stages::{stages, takes_from_roster};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E620, &E621, &E622];

// The message catalogue of this module: compiler/messages/check/stage_caps.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/stage_caps.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let stage = st.name.node.as_str();
        for c in &st.clauses {
            let StageClause::Cap { max, span, .. } = c else {
                continue;
            };
            if max.node == 0 {
                diags.push(NOBODY.at(max.span, &[("stage", stage)]));
                continue;
            }
            if !takes_from_roster(ctx, st) {
                diags.push(LATER.at(*span, &[("stage", stage)]));
                continue;
            }
            let need = ctx
                .facts
                .stages
                .get(stage)
                .and_then(|f| f.entrants_from_format);
            if let Some(need) = need.filter(|&n| n > max.node) {
                diags.push(BELOW.at(
                    max.span,
                    &[
                        ("stage", stage),
                        ("cap", &max.node.to_string()),
                        ("need", &need.to_string()),
                    ],
                ));
            }
        }
    }
}
