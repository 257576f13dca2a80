//! A stage's `cap N [first_come|by_rating]` (每组限 N 人): the most of the roster's players the
//! stage takes. The runtime refuses the rows the cap's order leaves out (R040); here: a cap of
//! nobody (E620), a cap on a stage whose players come from earlier stages, which the roster
//! cannot be over (E621), and a cap below the players the stage's format needs (E622). The order
//! word is E111 (`words`); team stages are E114 (`contract::formats`).

use xqreg_grammar::ast::{EntrantSource, StageClause};

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E620, "E620", "stage-cap-of-nobody", Error,
    Template::new("A stage's `cap N` is the most entrants it takes; a cap of 0 would leave the stage without players.",
        "阶段的 `cap N` 是该阶段最多接纳的人数；限额为 0 等于该阶段没有棋手。"),
    "stage u12 { swiss cxa rounds 7  entrants category u12  cap 0 }",
    Template::new("Write the most players the stage takes (`cap 80`), or delete the clause.",
        "写出该阶段最多接纳的人数（如 `cap 80`），或删去此条。"));

code!(E621, "E621", "stage-cap-on-later-stage", Error,
    Template::new("A stage's cap counts the roster's players it takes (by `entrants roster`, a category or a pool). A stage whose players come from places of earlier stages, from `rest` or from a split is filled by those stages, so a roster can never be over its cap.",
        "阶段限额计算的是该阶段从名单中接纳的棋手（`entrants roster`、组别或来源）。参赛者来自前面阶段的名次、`rest` 或分流的阶段由那些阶段输送棋手，名单不会超出其限额。"),
    "stage final { knockout { seeded 8 }  entrants main#1..8  cap 8 }",
    Template::new("Cap the stage that takes the players from the roster (or the entry: `entry { cap N }`), or delete the clause.",
        "在从名单接纳棋手的阶段（或报名 `entry { cap N }`）中写限额，或删去此条。"));

code!(E622, "E622", "stage-cap-below-format", Error,
    Template::new("The stage's format needs a fixed number of players (its groups times their size, its bracket's slots), more than its cap admits: the stage could never be filled.",
        "该阶段的赛制需要固定的人数（组数乘每组人数、淘汰赛的签位），多于其限额：该阶段永远凑不满人。"),
    "stage groups { round_robin single groups A B size 8  entrants roster  cap 12 }",
    Template::new("Raise the cap to the players the format needs, or change the format.",
        "把限额提高到赛制所需的人数，或修改赛制。"));

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

/// Whether the stage's players come from the roster only (the roster, categories, pools; no
/// `entrants` clause: the whole roster), and no split sends it players.
fn takes_from_roster(ctx: &Ctx<'_>, st: &xqreg_grammar::ast::Stage) -> bool {
    let split_target = stages(ctx).any(|other| {
        other
            .clauses
            .iter()
            .any(|c| matches!(c, StageClause::Split { to, .. } if to.node == st.name.node))
    });
    let from_roster = st.clauses.iter().all(|c| match c {
        StageClause::Entrants { sources, .. } => sources.iter().all(|s| {
            matches!(
                s,
                EntrantSource::Roster(_) | EntrantSource::Category(_) | EntrantSource::Pool(_)
            )
        }),
        _ => true,
    });
    from_roster && !split_target
}
