//! The rows of a team event's roster against its teams: a team with fewer or more players than
//! the entry's `team_size A..B` (R074, at the team's first row, or its first row over B), and two
//! players of one team with the same `order` (R075, at the second: who sits which board would be
//! undefined).

use std::collections::BTreeMap;

use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::{team_boards, Roster};
use crate::plan::Plan;

/// Every problem of the roster's teams; none outside a team event.
pub(crate) fn team_rows(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    if team_boards(plan).is_none() {
        return Vec::new();
    }
    // Each team's rows (roster indices), in roster order; a row without a unit is no team's.
    let mut teams: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, p) in roster.players.iter().enumerate() {
        let Some(unit) = p.unit.as_deref() else {
            continue;
        };
        match teams.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, rows)) => rows.push(i),
            None => teams.push((unit, vec![i])),
        }
    }
    let mut problems = Vec::new();
    for (unit, rows) in &teams {
        problems.extend(size(plan, roster, unit, rows));
        let mut orders: BTreeMap<u32, usize> = BTreeMap::new();
        for &i in rows {
            let Some(order) = roster.players.get(i).and_then(|p| p.order) else {
                continue;
            };
            if let Some(&first) = orders.get(&order) {
                let (first_id, id) = (&roster.players[first].id, &roster.players[i].id);
                problems.push(
                    RuntimeProblem::new(
                        codes::TEAM_ORDER_TWICE,
                        format!(
                            "`{unit}` gives order {order} to {first_id} (line {}) and to {id}: who sits which board would be undefined; give each player of a team an order of their own",
                            roster.row_of(first)
                        ),
                        &plan.entry.origin,
                    )
                    .zh(format!(
                        "`{unit}` 的 {first_id}（第 {} 行）和 {id} 的 order 都是 {order}：台次无法确定；同队每名队员的 order 须各不相同",
                        roster.row_of(first)
                    ))
                    .at(roster.row_of(i), "order"),
                );
            } else {
                orders.insert(order, i);
            }
        }
    }
    problems
}

/// R074: a team with fewer or more players than `team_size A..B`.
fn size(plan: &Plan, roster: &Roster, unit: &str, rows: &[usize]) -> Option<RuntimeProblem> {
    let ts = plan.entry.team_size.as_ref()?;
    let n = rows.len() as u32;
    let range = if ts.min == ts.max {
        ts.min.to_string()
    } else {
        format!("{}..{}", ts.min, ts.max)
    };
    let (row, en, zh) = if n > ts.max {
        (
            rows.get(ts.max as usize)?,
            format!("`{unit}` registers {n} players, and `team_size {range}` allows at most {}: this row is the first over", ts.max),
            format!("`{unit}` 报名 {n} 人，而 `team_size {range}` 至多 {} 人：此行起超出", ts.max),
        )
    } else if n < ts.min {
        (
            rows.first()?,
            format!(
                "`{unit}` registers {n} players, and `team_size {range}` asks for at least {}",
                ts.min
            ),
            format!(
                "`{unit}` 报名 {n} 人，而 `team_size {range}` 至少 {} 人",
                ts.min
            ),
        )
    } else {
        return None;
    };
    Some(
        RuntimeProblem::new(codes::TEAM_SIZE, en, &ts.origin)
            .zh(zh)
            .at(roster.row_of(*row), "unit"),
    )
}
