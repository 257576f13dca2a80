//! `lineup fixed|each_round [deadline D before] [default roster_order]`: how a team stage sets
//! each round's line-up. The clause acts only in a team stage (E114, `contract::formats`); the
//! words are closed sets (`words`); here: a fixed line-up takes no deadline or default (E222),
//! since nothing is handed in, and a colour balance of 0 cannot hold after an odd number of
//! games (E225).

use xqreg_grammar::ast::StageClause;

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E222, "E222", "fixed-lineup-with-options", Error,
    Template::new("`lineup fixed` plays the roster order in every round: no line-up is handed in, so a deadline or a default for a missing line-up means nothing. `lineup each_round` (临时定台制) is the rule that takes them.",
        "`lineup fixed` 每轮都按报名顺序出场，不提交出场名单，因此提交时限或未交名单时的默认办法没有意义。带这些选项的是 `lineup each_round`（临时定台制）。"),
    "stage main { team_round_robin single boards 4  lineup fixed deadline 30min before }",
    Template::new("Delete the deadline and the default, or write `lineup each_round`.", "删去时限和默认办法，或改为 `lineup each_round`。"));

code!(E225, "E225", "colour-balance-zero", Error,
    Template::new("`colour_balance K` bounds the difference between a player's Red and Black games over the stage. After an odd number of games the difference is at least 1, so a balance of 0 is broken after every odd round whatever the line-ups (the run would warn, W260, each time).",
        "`colour_balance K` 限定队员本阶段执红与执黑局数之差。下过奇数局后差至少为1，因此差为0的规定无论如何排出场名单都会在每个单数轮后被打破（运行时每次都会警告 W260）。"),
    "stage main { team_round_robin single boards 4  lineup each_round colour_balance 0 }",
    Template::new("Write `colour_balance 1` (the usual rule: never two more of one colour).", "改为 `colour_balance 1`（通常的规定：某一方最多多执一局）。"));

pub const CODES: &[&Code] = &[&E222, &E225];

// The message catalogue of this module: compiler/messages/check/lineup.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/lineup.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
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
}
