//! The teams a team event names (`entry { team gusu "姑苏棋友俱乐部" }`): a roster row's unit
//! names its team by id or by name and plays under the name; a unit that is neither is refused
//! at its cell (R055). A regulation that names no teams takes the roster's units as they are.

use super::problem::{codes, RuntimeProblem};
use super::roster::Roster;
use crate::plan::{DeclaredTeam, Plan};

/// The roster with every unit written as its team's name, or None when nothing changes; the
/// rows whose unit is no declared team.
pub(crate) fn named(plan: &Plan, roster: &Roster) -> Result<Option<Roster>, Vec<RuntimeProblem>> {
    let teams = &plan.entry.teams;
    if teams.is_empty() {
        return Ok(None);
    }
    let mut out = roster.clone();
    let mut problems = Vec::new();
    let mut changed = false;
    for (i, p) in out.players.iter_mut().enumerate() {
        // A row without a unit is the team stage's own problem (R-code at `unit` there).
        let Some(unit) = p.unit.as_deref() else {
            continue;
        };
        match plan.entry.team(unit) {
            Some(t) if t.name != unit => {
                p.unit = Some(t.name.clone());
                changed = true;
            }
            Some(_) => {}
            None => {
                let names: Vec<&str> = teams.iter().map(|t| t.id.as_str()).collect();
                problems.push(
                    RuntimeProblem::new(
                        codes::NOT_A_DECLARED_TEAM,
                        format!(
                            "{}: unit `{unit}` is none of the regulation's teams ({})",
                            p.id,
                            names.join(", ")
                        ),
                        &teams[0].origin,
                    )
                    .zh(format!(
                        "{}：单位 `{unit}` 不是规程所列的参赛队伍（{}）",
                        p.id,
                        names.join("、")
                    ))
                    .at(roster.row_of(i), "unit"),
                );
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(changed.then_some(out))
}

/// The id a team is ranked by: its declared id, else its name (the roster's unit).
pub(crate) fn team_id<'a>(plan: &'a Plan, name: &'a str) -> &'a str {
    declared(plan, |t| t.name == name).map_or(name, |t| t.id.as_str())
}

/// A team named in a recorded draw or a line-up by id or name, as the roster's units name it.
pub(crate) fn team_name<'a>(plan: &'a Plan, named: &'a str) -> &'a str {
    declared(plan, |t| t.id == named).map_or(named, |t| t.name.as_str())
}

fn declared(plan: &Plan, is: impl Fn(&DeclaredTeam) -> bool) -> Option<&DeclaredTeam> {
    plan.entry.teams.iter().find(|t| is(t))
}
