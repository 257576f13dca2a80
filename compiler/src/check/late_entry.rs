//! `late_entry until round N missed zero|half`: a Swiss that admits players after it started. A
//! player may enter before round N; every round played before the entry scores the stated bye
//! (FIDE C.04 and TRF-2026: a zero-point `Z` or a half-point `H` bye). The clause acts only in a
//! Swiss (E114, `contract::formats`); here: N names a round after the first and not beyond the
//! stage's last (E413, E414), and the stage is the event's first, which takes its field from the
//! roster (E415): a later stage is fed by the stages before it, where a late entrant never played.

use xqreg_grammar::ast::{Format, StageClause, SwissRounds};

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E413, "E413", "late-entry-round-too-early", Error,
    Template::new("`late_entry until round N` lets players enter before round N. An entry before round 1 is an ordinary entry, so N is 2 or more.",
        "`late_entry until round N` 允许棋手在第 N 轮开始前补报。第 1 轮前报名就是正常报名，所以 N 至少为 2。"),
    "stage main { swiss cxa rounds 7  late_entry until round 1 missed zero }",
    Template::new("Write the last round a late entrant may start in, 2 or more (`late_entry until round 3 missed zero`), or delete the clause.",
        "写出补报者最晚可以开始参赛的轮次，至少为 2（如 `late_entry until round 3 missed zero`），或删去此条。"));

code!(E414, "E414", "late-entry-round-beyond-stage", Error,
    Template::new("`late_entry until round N` names a round the stage never plays: N is more than the stage's rounds.",
        "`late_entry until round N` 所写的轮次超出了该阶段的轮数。"),
    "stage main { swiss cxa rounds 7  late_entry until round 9 missed zero }",
    Template::new("Write a round of the stage (2 to its number of rounds).", "写该阶段实有的轮次（2 至总轮数）。"));

code!(E415, "E415", "late-entry-not-first-stage", Error,
    Template::new("A late entrant joins the event at the stage that allows it, from the roster. Only the first stage takes its field from the roster; a later stage takes the players earlier stages send it, where a late entrant never played.",
        "补报者从名单进入允许补报的阶段。只有第一个阶段从名单取参赛者；其后的阶段由前面的阶段输送棋手，而补报者并未参加前面的阶段。"),
    "stage groups { round_robin single groups A B size 6 }\nstage main { swiss cxa rounds 7  entrants groups.*#1..3  late_entry until round 3 missed zero }",
    Template::new("Allow late entries in the first stage, or delete the clause.", "在第一个阶段允许补报，或删去此条。"));

pub const CODES: &[&Code] = &[&E413, &E414, &E415];

// The message catalogue of this module: compiler/messages/check/late_entry.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/late_entry.rs"));

/// The most rounds a Swiss may play: its fixed rounds, or the largest arm of `by_entries`; none
/// while they are to be announced.
fn most_rounds(st: &xqreg_grammar::ast::Stage) -> Option<u32> {
    st.clauses.iter().find_map(|c| match c {
        StageClause::Format(Format::Swiss { rounds, .. }) => match rounds {
            SwissRounds::Fixed(n) => Some(n.node),
            SwissRounds::ByEntries(arms) => arms.iter().map(|a| a.rounds.node).max(),
            // Rounds to be announced: the runtime checks the entry against the rounds it runs.
            SwissRounds::Tbd(_) => None,
        },
        _ => None,
    })
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let first = ctx.scope.stage_order.first().cloned().unwrap_or_default();
    for st in stages(ctx) {
        for c in &st.clauses {
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
}
