//! Recorded draws: a draw made in the hall, or fixed by a scenario test, replaces the lot. The
//! recorded groups must hold exactly the stage's field, each player once; otherwise the run stops
//! with a problem and nothing is drawn.

use super::problem::{codes, RuntimeProblem};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::Stage;

/// The stage's groups as recorded (in `groups` order, each in pairing-number order), or None when
/// no draw is recorded for the stage. `groups` is `[""]` for a stage without groups.
pub(crate) fn fixed_groups(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    groups: &[String],
    field: &[usize],
) -> Option<Result<Vec<Vec<usize>>, Vec<RuntimeProblem>>> {
    let draws = recorded_draws(ctx, stage)?;
    let mut problems = Vec::new();
    let mut out = vec![Vec::new(); groups.len()];
    let mut seen = vec![false; ctx.roster.players.len()];
    for d in &draws {
        let wanted = d.group.clone().unwrap_or_default();
        let Some(g) = groups.iter().position(|name| *name == wanted) else {
            problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!(
                        "a recorded draw names group `{wanted}`, which stage `{}` does not have",
                        stage.name
                    ),
                    &d.origin,
                )
                .zh(format!(
                    "记录的抽签写了小组 `{wanted}`，而阶段 `{}` 没有此组",
                    stage.name
                )),
            );
            continue;
        };
        for id in &d.players {
            match ctx.roster.index_of(id) {
                Some(i) if !field.contains(&i) => problems.push(RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!("a recorded draw puts `{id}` in stage `{}`, but the player is not one of its entrants", stage.name),
                    &d.origin,
                ).zh(format!("记录的抽签把 `{id}` 排入阶段 `{}`，但该棋手不是此阶段的参赛者", stage.name))),
                Some(i) if seen.get(i).copied().unwrap_or(true) => problems.push(RuntimeProblem::new(
                    codes::PLACE_CONFLICT,
                    format!("a recorded draw lists `{id}` twice in stage `{}`", stage.name),
                    &d.origin,
                ).zh(format!("记录的抽签在阶段 `{}` 中两次列出 `{id}`", stage.name))),
                Some(i) => {
                    if let Some(s) = seen.get_mut(i) {
                        *s = true;
                    }
                    if let Some(group) = out.get_mut(g) {
                        group.push(i);
                    }
                }
                None => problems.push(RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!("a recorded draw names `{id}`, who is not on the roster"),
                    &d.origin,
                ).zh(format!("记录的抽签写了 `{id}`，此人不在名单中"))),
            }
        }
    }
    let missing: Vec<&str> = field
        .iter()
        .filter(|&&i| !seen.get(i).copied().unwrap_or(false))
        .map(|&i| ctx.roster.players.get(i).map_or("?", |p| p.id.as_str()))
        .collect();
    if !missing.is_empty() && problems.is_empty() {
        let origin = draws
            .first()
            .map_or(stage.origin.clone(), |d| d.origin.clone());
        problems.push(left_out(stage, &missing, &origin));
    }
    if !problems.is_empty() {
        return Some(Err(problems));
    }
    for (name, members) in groups.iter().zip(&out) {
        let ids: Vec<&str> = members
            .iter()
            .map(|&i| ctx.roster.players.get(i).map_or("?", |p| p.id.as_str()))
            .collect();
        let label = if name.is_empty() {
            String::new()
        } else {
            format!("group {name}: ")
        };
        let origin = draws
            .iter()
            .find(|d| d.group.as_deref().unwrap_or("") == name)
            .map_or(stage.origin.clone(), |d| d.origin.clone());
        ctx.transcript.push(
            EntryKind::Draw,
            format!(
                "{label}recorded draw, numbers 1.. in order: {}",
                ids.join(", ")
            ),
            &origin,
        );
    }
    Some(Ok(out))
}

/// The team order a recorded draw gives a team stage (positions in `units`, team number 1
/// first), or None when no draw is recorded for the stage. The draw names teams by unit; it must
/// name every team of the stage once and nothing else.
pub(crate) fn fixed_team_order(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    units: &[&str],
) -> Option<Result<Vec<usize>, Vec<RuntimeProblem>>> {
    let draws = recorded_draws(ctx, stage)?;
    let mut problems = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    for d in &draws {
        if let Some(g) = &d.group {
            problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!(
                        "a recorded draw names group `{g}`, but team stage `{}` has no groups",
                        stage.name
                    ),
                    &d.origin,
                )
                .zh(format!(
                    "记录的抽签写了小组 `{g}`，但团体阶段 `{}` 不分组",
                    stage.name
                )),
            );
            continue;
        }
        for name in &d.players {
            // A team may be named by its declared id (`gusu`) as well as by its name.
            let team = super::declared_teams::team_name(ctx.plan, name);
            match units.iter().position(|u| *u == team) {
                Some(t) if order.contains(&t) => problems.push(
                    RuntimeProblem::new(
                        codes::PLACE_CONFLICT,
                        format!(
                            "a recorded draw lists team `{name}` twice in stage `{}`",
                            stage.name
                        ),
                        &d.origin,
                    )
                    .zh(format!(
                        "记录的抽签在阶段 `{}` 中两次列出队伍 `{name}`",
                        stage.name
                    )),
                ),
                Some(t) => order.push(t),
                None => problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!(
                        "a recorded draw names `{name}`, which is not a team (unit) of stage `{}`",
                        stage.name
                    ),
                        &d.origin,
                    )
                    .zh(format!(
                        "记录的抽签写了 `{name}`，它不是阶段 `{}` 的队伍（单位）",
                        stage.name
                    )),
                ),
            }
        }
    }
    let missing: Vec<&str> = units
        .iter()
        .enumerate()
        .filter(|(t, _)| !order.contains(t))
        .map(|(_, u)| *u)
        .collect();
    let origin = draws
        .first()
        .map_or(stage.origin.clone(), |d| d.origin.clone());
    if !missing.is_empty() && problems.is_empty() {
        problems.push(left_out(stage, &missing, &origin));
    }
    if !problems.is_empty() {
        return Some(Err(problems));
    }
    let names: Vec<&str> = order
        .iter()
        .filter_map(|&t| units.get(t).copied())
        .collect();
    ctx.transcript.push(
        EntryKind::Draw,
        format!(
            "recorded draw, team numbers 1.. in order: {}",
            names.join(", ")
        ),
        &origin,
    );
    Some(Ok(order))
}

/// A recorded draw that leaves out some of the stage's entrants (or teams).
fn left_out(stage: &Stage, missing: &[&str], origin: &crate::plan::Origin) -> RuntimeProblem {
    RuntimeProblem::new(
        codes::FIELD_DOES_NOT_FIT,
        format!(
            "the recorded draw of stage `{}` leaves out {}",
            stage.name,
            missing.join(", ")
        ),
        origin,
    )
    .zh(format!(
        "阶段 `{}` 记录的抽签漏了 {}",
        stage.name,
        missing.join("、")
    ))
}

/// The pairing of a Swiss round as it was published (the live driver), or None when the round is
/// not published: its boards by pairing number, and the bye for every available player on no
/// board. A published board that names a player outside the stage's field is a problem (the
/// field changed under a published round); who is unavailable the engine's own check refuses.
pub(crate) fn published_round(
    ctx: &Ctx<'_>,
    stage: &Stage,
    round: u32,
    players: &[crate::pairing::SwissPlayer],
    origin: &crate::plan::Origin,
) -> Option<Result<crate::pairing::RoundPairing, Vec<RuntimeProblem>>> {
    let published = ctx
        .results
        .rounds
        .iter()
        .find(|r| r.stage == stage.name && r.round == round)?;
    let number: std::collections::BTreeMap<&str, u32> =
        players.iter().map(|p| (p.id.as_str(), p.number)).collect();
    let mut problems = Vec::new();
    let mut boards = Vec::with_capacity(published.boards.len());
    let mut on_board = std::collections::BTreeSet::new();
    for (red, black) in &published.boards {
        let mut num = |id: &str| match number.get(id) {
            Some(&n) => {
                on_board.insert(n);
                n
            }
            None => {
                problems.push(
                    RuntimeProblem::new(
                        codes::SWISS_PAIRING,
                        format!(
                            "stage `{}` round {round} was published with `{id}`, who is not in the stage's field",
                            stage.name
                        ),
                        origin,
                    )
                    .zh(format!(
                        "阶段 `{}` 第 {round} 轮公布的编排中有 `{id}`，此人不在该阶段的参赛者中",
                        stage.name
                    )),
                );
                0
            }
        };
        let r = num(red);
        let b = num(black);
        boards.push((r, b));
    }
    if !problems.is_empty() {
        return Some(Err(problems));
    }
    let byes = players
        .iter()
        .filter(|p| p.available && !on_board.contains(&p.number))
        .map(|p| p.number)
        .collect();
    Some(Ok(crate::pairing::RoundPairing {
        boards,
        byes,
        notes: vec![format!(
            "round {round}: as published ({} boards); not paired again",
            published.boards.len()
        )],
    }))
}

/// The draws a scenario recorded for `stage`; None when it recorded none (the runtime draws).
fn recorded_draws<'c>(ctx: &Ctx<'c>, stage: &Stage) -> Option<Vec<&'c super::FixedDraw>> {
    let draws: Vec<_> = ctx
        .results
        .draws
        .iter()
        .filter(|d| d.stage == stage.name)
        .collect();
    (!draws.is_empty()).then_some(draws)
}
