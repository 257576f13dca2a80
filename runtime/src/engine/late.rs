//! Late entries into a Swiss (`late_entry until round N missed zero|half`, recorded by the live
//! driver's `event enter`). A late entrant is numbered after the field that started the stage,
//! so the numbers and lots of everyone else are what they were before the entry; the rounds
//! before the entry are byes of the clause's kind (TRF-2026 `Z` or `H`); from the entry round on
//! the player is paired by the stage's own system like everyone else.

use std::collections::BTreeMap;

use super::problem::{codes, RuntimeProblem};
use super::results::RecordedEntry;
use super::roster::Roster;
use crate::plan::{MissedRound, Plan, Scoring, StageFormat, Swiss};

fn refused(e: &RecordedEntry, en: String, zh: String) -> RuntimeProblem {
    RuntimeProblem::new(codes::LATE_ENTRY_NOT_ALLOWED, en, &e.origin).zh(zh)
}

/// Every recorded entry checked against the plan: its stage is a Swiss whose `late_entry` clause
/// allows the round, the player is in the roster and enters once.
pub(crate) fn check(
    plan: &Plan,
    roster: &Roster,
    entries: &[RecordedEntry],
) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    let mut seen: BTreeMap<&str, ()> = BTreeMap::new();
    for e in entries {
        if roster.index_of(&e.player).is_none() {
            let (en, zh) = super::validate::as_the_roster_writes(roster, &e.player);
            problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!("late entry of `{}`, who is not in the roster{en}", e.player),
                    &e.origin,
                )
                .zh(format!("`{}` 补报，此人不在名单中{zh}", e.player)),
            );
            continue;
        }
        if seen.insert(e.player.as_str(), ()).is_some() {
            problems.push(refused(
                e,
                format!("`{}` enters late twice", e.player),
                format!("`{}` 补报了两次", e.player),
            ));
            continue;
        }
        let stage = plan.stage(&e.stage);
        let clause = stage.and_then(|s| match &s.format {
            StageFormat::Swiss(sw) => sw.late_entry.as_ref(),
            _ => None,
        });
        let Some(clause) = clause else {
            problems.push(refused(
                e,
                format!(
                    "late entry of `{}` into stage `{}`, which has no `late_entry` clause",
                    e.player, e.stage
                ),
                format!(
                    "`{}` 补报进入阶段 `{}`，该阶段没有 `late_entry` 条款",
                    e.player, e.stage
                ),
            ));
            continue;
        };
        if e.round < 2 || e.round > clause.until_round {
            problems.push(refused(
                e,
                format!(
                    "late entry of `{}` into stage `{}` before round {}: the regulation allows entries before round {} at the latest",
                    e.player, e.stage, e.round, clause.until_round
                ),
                format!(
                    "`{}` 在第 {} 轮前补报进入阶段 `{}`：规程只允许最迟在第 {} 轮前补报",
                    e.player, e.round, e.stage, clause.until_round
                ),
            ));
        }
    }
    problems
}

/// What a missed round scores.
pub(crate) fn missed_points(sw: &Swiss, scoring: &Scoring) -> i64 {
    match sw.late_entry.as_ref().map(|l| l.missed) {
        Some(MissedRound::Half) => scoring.draw,
        _ => 0,
    }
}

/// The late entrants of one Swiss stage, roster index -> entry round; each must be in the
/// stage's field.
pub(crate) fn of_stage(
    entries: &[RecordedEntry],
    roster: &Roster,
    stage: &str,
    field: &[usize],
) -> Result<BTreeMap<usize, u32>, Vec<RuntimeProblem>> {
    let mut out = BTreeMap::new();
    let mut problems = Vec::new();
    for e in entries.iter().filter(|e| e.stage == stage) {
        let Some(i) = roster.index_of(&e.player) else {
            continue;
        };
        if field.contains(&i) {
            out.insert(i, e.round);
        } else {
            problems.push(refused(
                e,
                format!(
                    "late entry of `{}` into stage `{stage}`, whose entrants do not include the player",
                    e.player
                ),
                format!("`{}` 补报进入阶段 `{stage}`，但不属于该阶段的参赛者", e.player),
            )
            // The player's own row (its line in the late-entry file), where `event enter`
            // points: the regulation's clause is not what the arbiter got wrong.
            .at(roster.row_of(i), "id"));
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}
