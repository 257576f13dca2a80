//! `lineup fixed|each_round [deadline D before] [default roster_order]`: how a team stage sets
//! each round's line-up. The clause acts only in a team stage (E114, `contract::formats`); the
//! words are closed sets (`words`); here: a fixed line-up takes no deadline or default (E222),
//! since nothing is handed in.

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

pub const CODES: &[&Code] = &[&E222];

const FIXED_WITH: Report = Report {
    code: &E222,
    message: Template::new(
        "stage `{stage}`: a fixed line-up takes no `{what}`",
        "阶段 `{stage}`：固定出场名单不需要 `{what}`",
    ),
    label: Template::new("nothing is handed in", "不提交出场名单"),
    help: Template::new(
        "delete it, or write `lineup each_round`",
        "删去，或改为 `lineup each_round`",
    ),
};

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
            let StageClause::Lineup {
                mode,
                deadline,
                default,
                ..
            } = c
            else {
                continue;
            };
            if mode.node != "fixed" {
                continue;
            }
            let stage = st.name.node.as_str();
            if let Some(d) = deadline {
                diags.push(FIXED_WITH.at(d.span, &[("stage", stage), ("what", "deadline")]));
            }
            if let Some(d) = default {
                diags.push(FIXED_WITH.at(d.span, &[("stage", stage), ("what", "default")]));
            }
        }
    }
}
