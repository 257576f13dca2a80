//! The entry's `cap N [first_come|by_rating]`: with `by_rating` the N best rated are admitted
//! and every other row is refused at its `rating` cell (R004), in the order the stage caps use
//! (`stage_caps::left_out`: no rating ranks last, equal ratings keep roster order); without an
//! order, or with `first_come`, the first row over the cap is cited.

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
