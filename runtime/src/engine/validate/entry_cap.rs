//! The entry's `cap N [first_come|by_rating]`: with `by_rating` the N best rated are admitted
//! and every other row is refused at its `rating` cell (R004), in the order the stage caps use
//! (`stage_caps::left_out`: no rating ranks last, equal ratings keep roster order); without an
//! order, or with `first_come`, the first row over the cap is cited. The exact `field N` is also
//! a floor: a roster short of it is R073 (a maximum is written `cap N`).

use super::first_over_cap;
use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::{team_boards, Roster};
use crate::engine::stage_caps::left_out;
use crate::plan::{CapOrder, Field, Plan};

/// Every problem of the roster against the entry's cap.
pub(crate) fn field_over_cap(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let Field::Cap {
        max,
        order: Some(CapOrder::ByRating),
        origin,
        ..
    } = &plan.entry.field
    else {
        return first_over_cap(plan, roster).into_iter().collect();
    };
    // A team event's cap counts teams, which have no rating of their own.
    if team_boards(plan).is_some() {
        return first_over_cap(plan, roster).into_iter().collect();
    }
    let all: Vec<usize> = (0..roster.players.len()).collect();
    let n = all.len();
    left_out(roster, &all, *max, CapOrder::ByRating)
        .into_iter()
        .map(|i| {
            RuntimeProblem::new(
                codes::FIELD_OVER_CAP,
                format!(
                    "{n} players for a field of at most {max}, the best rated admitted: this row is not among the {max} best rated"
                ),
                origin,
            )
            .zh(format!(
                "共 {n} 人，而参赛规模至多 {max} 人、按等级分录取：此行不在等级分最高的 {max} 名之内"
            ))
            .at(roster.row_of(i), "rating")
        })
        .collect()
}

/// R073: the exact `field N` and a roster (players, or teams in a team event) short of it. A
/// `when_odd` host pool counts only when the field without it is odd (it then plays).
pub(crate) fn field_short(plan: &Plan, roster: &Roster) -> Option<RuntimeProblem> {
    let Field::Exact { size, origin } = &plan.entry.field else {
        return None;
    };
    let teams = team_boards(plan).is_some();
    let mut players: Vec<&crate::engine::roster::Player> = roster.players.iter().collect();
    for pool in plan
        .entry
        .pools
        .iter()
        .filter(|p| p.host_when_odd.is_some())
    {
        let is_host = |p: &&crate::engine::roster::Player| p.pool.as_deref() == Some(&pool.name);
        let hosts = players.iter().filter(|p| is_host(p)).count();
        if (players.len() - hosts).is_multiple_of(2) {
            players.retain(|p| !is_host(p));
        }
    }
    let n = if teams {
        let units: std::collections::BTreeSet<&str> = players
            .iter()
            .map(|p| p.unit.as_deref().unwrap_or(""))
            .collect();
        units.len()
    } else {
        players.len()
    };
    if n >= *size as usize {
        return None;
    }
    let (what, zh) = if teams {
        ("teams", "队")
    } else {
        ("players", "人")
    };
    Some(
        RuntimeProblem::new(
            codes::FIELD_SHORT,
            format!(
                "the regulation's `field {size}` is the exact field, and the roster has {n} {what}: {} short",
                *size as usize - n
            ),
            origin,
        )
        .zh(format!(
            "规程的 `field {size}` 是确定的参赛规模，而名单只有 {n} {zh}：少 {} {zh}",
            *size as usize - n
        )),
    )
}
