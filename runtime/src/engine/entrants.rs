//! A stage's field: roster, categories, pools, places of earlier stages, and the rest.

use super::problem::{codes, RuntimeProblem};
use super::roster::{in_category, Player};
use super::Ctx;
use crate::plan::{EntrantSource, GroupSel, Origin, PlaceRef, Plan, Stage};

/// Does a roster-level source list admit `player`? (Place sources and `rest` admit no one here.)
pub fn source_admits(plan: &Plan, sources: &[EntrantSource], player: &Player) -> bool {
    sources.iter().any(|s| match s {
        EntrantSource::Roster { .. } => true,
        EntrantSource::Category { name, .. } => plan
            .categories
            .get(name)
            .is_some_and(|c| in_category(plan, c, player)),
        EntrantSource::Pool { name, .. } => player.in_pool(name),
        EntrantSource::Places { .. } | EntrantSource::Rest { .. } => false,
    })
}

/// The stage's field in source order, each player once.
pub(crate) fn resolve(ctx: &Ctx<'_>, stage: &Stage) -> Result<Vec<usize>, Vec<RuntimeProblem>> {
    let mut out: Vec<usize> = Vec::new();
    let mut problems = Vec::new();
    let push = |out: &mut Vec<usize>, i: usize| {
        if !out.contains(&i) {
            out.push(i);
        }
    };
    for source in &stage.entrants {
        match source {
            EntrantSource::Roster { .. } => {
                for i in 0..ctx.roster.players.len() {
                    push(&mut out, i);
                }
            }
            EntrantSource::Category { name, origin } => match ctx.plan.categories.get(name) {
                Some(c) => {
                    for (i, p) in ctx.roster.players.iter().enumerate() {
                        if in_category(ctx.plan, c, p) {
                            push(&mut out, i);
                        }
                    }
                }
                None => problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!(
                            "stage `{}` takes category `{name}`, which is not declared",
                            stage.name
                        ),
                        origin,
                    )
                    .zh(format!(
                        "阶段 `{}` 收组别 `{name}`，此组别未声明",
                        stage.name
                    )),
                ),
            },
            EntrantSource::Pool { name, .. } => {
                for (i, p) in ctx.roster.players.iter().enumerate() {
                    if p.in_pool(name) {
                        push(&mut out, i);
                    }
                }
            }
            EntrantSource::Places { place, origin } => match places(ctx, place, origin) {
                Ok(list) => {
                    for i in list {
                        push(&mut out, i);
                    }
                }
                Err(p) => problems.push(p),
            },
            EntrantSource::Rest { .. } => {
                // Everyone not in the field of an earlier stage that drew from the roster.
                let earlier: Vec<&Stage> = ctx
                    .plan
                    .stages
                    .iter()
                    .take_while(|s| s.name != stage.name)
                    .collect();
                for (i, p) in ctx.roster.players.iter().enumerate() {
                    let taken = earlier
                        .iter()
                        .any(|s| source_admits(ctx.plan, &s.entrants, p));
                    if !taken {
                        push(&mut out, i);
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// The players at the places `r` names, place-major across groups (all 3rds, then all 4ths).
pub(crate) fn places(
    ctx: &Ctx<'_>,
    r: &PlaceRef,
    origin: &Origin,
) -> Result<Vec<usize>, RuntimeProblem> {
    let Some(run) = ctx.stages.iter().find(|s| s.name == r.stage) else {
        return Err(RuntimeProblem::new(
            codes::UNKNOWN_NAME,
            format!(
                "`{r}` names stage `{}`, which has not run before this point",
                r.stage
            ),
            origin,
        )
        .zh(format!("`{r}` 所指的阶段 `{}` 在此之前尚未进行", r.stage)));
    };
    let groups: Vec<&super::GroupRun> = match &r.group {
        GroupSel::None => {
            if run.groups.len() != 1 {
                return Err(RuntimeProblem::new(
                    codes::PLACE_NOT_DECIDED,
                    format!(
                        "`{r}`: stage `{}` has {} groups; name one (`{}.A#1`) or all (`{}.*#1`)",
                        r.stage,
                        run.groups.len(),
                        r.stage,
                        r.stage
                    ),
                    origin,
                )
                .zh(format!(
                    "`{r}`：阶段 `{}` 分 {} 个小组；请指明一组（`{}.A#1`）或全部（`{}.*#1`）",
                    r.stage,
                    run.groups.len(),
                    r.stage,
                    r.stage
                )));
            }
            run.groups.iter().collect()
        }
        GroupSel::All => run.groups.iter().collect(),
        GroupSel::Named(g) => match run.groups.iter().find(|x| &x.name == g) {
            Some(x) => vec![x],
            None => {
                return Err(RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!("`{r}`: stage `{}` has no group `{g}`", r.stage),
                    origin,
                )
                .zh(format!("`{r}`：阶段 `{}` 没有小组 `{g}`", r.stage)))
            }
        },
    };
    let mut out = Vec::new();
    for place in r.places.from..=r.places.to {
        for g in &groups {
            let at: Vec<usize> = g
                .ranking
                .iter()
                .filter(|(p, _, _)| *p == place)
                .map(|&(_, _, i)| i)
                .collect();
            if at.is_empty() {
                // The group, in a stage that has groups.
                let (group, group_zh) = if g.name.is_empty() {
                    (String::new(), String::new())
                } else {
                    (format!(" group {}", g.name), format!(" {} 组", g.name))
                };
                return Err(RuntimeProblem::new(
                    codes::PLACE_NOT_DECIDED,
                    format!("`{r}`: place {place} of {}{group} holds no one", r.stage),
                    origin,
                )
                .zh(format!("`{r}`：{}{group_zh}第 {place} 名无人", r.stage)));
            }
            out.extend(at);
        }
    }
    Ok(out)
}
