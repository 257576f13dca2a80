//! The stages the recorded results name (`simulate --results` and `--lineups` rows, a scenario
//! test's lines): by id, or by the title of one stage ([`Plan::stage_named`], the rule the event
//! commands and the checker follow). A title is read as its stage's id before anything counts
//! the results; a title two stages share is R080 at its row; a name of no stage is left for the
//! run's own check (R011).

use crate::plan::{Origin, Plan, StageNamed};

use super::problem::{codes, RuntimeProblem};
use super::results::RecordedResults;

/// `results` with every stage named by its id: None when they all are already; R080 for each
/// title two or more stages share.
pub(crate) fn by_id(
    plan: &Plan,
    results: &RecordedResults,
) -> Result<Option<RecordedResults>, Vec<RuntimeProblem>> {
    let is_id = |name: &str| plan.stage(name).is_some();
    let all_ids = names(results).all(|(name, _)| is_id(name));
    if all_ids {
        return Ok(None);
    }
    let mut problems = Vec::new();
    for (name, origin) in names(results).filter(|(name, _)| !is_id(name)) {
        if let StageNamed::Shared(ids) = plan.stage_named(name) {
            let ids = ids.join(", ");
            problems.push(
                RuntimeProblem::new(
                    codes::STAGE_TITLE_SHARED,
                    format!(
                        "stage `{name}` is the title of the stages {ids}: it names none of them"
                    ),
                    origin,
                )
                .zh(format!(
                    "阶段 `{name}` 是 {ids} 共用的名称，不能指称其中一个"
                )),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut owned = results.clone();
    let stages = owned
        .games
        .iter_mut()
        .map(|g| &mut g.stage)
        .chain(owned.withdrawals.iter_mut().map(|w| &mut w.stage))
        .chain(owned.lineups.iter_mut().map(|l| &mut l.stage))
        .chain(owned.draws.iter_mut().map(|d| &mut d.stage));
    for stage in stages {
        if let StageNamed::Stage(id) = plan.stage_named(stage) {
            *stage = id.to_string();
        }
    }
    Ok(Some(owned))
}

/// Every stage the results name, with where it is written.
fn names(r: &RecordedResults) -> impl Iterator<Item = (&str, &Origin)> {
    let games = r.games.iter().map(|g| (g.stage.as_str(), &g.origin));
    let withdrawals = r.withdrawals.iter().map(|w| (w.stage.as_str(), &w.origin));
    let lineups = r
        .lineups
        .iter()
        .map(|l| (l.stage.as_str(), &l.stage_origin));
    let draws = r.draws.iter().map(|d| (d.stage.as_str(), &d.origin));
    games.chain(withdrawals).chain(lineups).chain(draws)
}
