//! A stage's `cap N [first_come|by_rating]` (a section's or group's cap): the roster rows its
//! order leaves out, each refused at its row before anything is drawn.

use super::entrants::source_admits;
use super::problem::{codes, RuntimeProblem};
use super::roster::Roster;
use crate::plan::{CapOrder, Plan, Stage, StageCap};

/// A problem for every roster row a stage's cap leaves out.
pub(crate) fn over_stage_caps(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for stage in &plan.stages {
        let Some(cap) = &stage.cap else { continue };
        let entrants = roster.indices_where(|p| source_admits(plan, &stage.entrants, p));
        for i in left_out(roster, &entrants, cap.max, cap.order) {
            problems.push(refusal(stage, cap, entrants.len(), roster, i));
        }
    }
    problems
}

/// The players of `entrants` (roster indices in roster order) that `order` leaves out of
/// `max`, in roster order: after the first `max` (first come), or below the `max` best rated
/// (no rating ranks last; equal ratings keep roster order).
pub(crate) fn left_out(
    roster: &Roster,
    entrants: &[usize],
    max: u32,
    order: CapOrder,
) -> Vec<usize> {
    let mut ranked = entrants.to_vec();
    if order == CapOrder::ByRating {
        let rating = |i: &usize| roster.players.get(*i).and_then(|p| p.rating);
        // Stable: equal ratings (and the unrated) keep roster order.
        ranked.sort_by_key(|i| (rating(i).is_none(), std::cmp::Reverse(rating(i))));
    }
    let mut out: Vec<usize> = ranked.into_iter().skip(max as usize).collect();
    out.sort_unstable();
    out
}

fn refusal(stage: &Stage, cap: &StageCap, n: usize, roster: &Roster, i: usize) -> RuntimeProblem {
    let max = cap.max;
    let (en, zh) = match cap.order {
        CapOrder::FirstCome => (
            "this row comes after the first {max} in roster order",
            "此行不在名单顺序的前 {max} 名之内",
        ),
        CapOrder::ByRating => (
            "this row is not among the {max} best rated",
            "此行不在等级分最高的 {max} 名之内",
        ),
    };
    RuntimeProblem::new(
        codes::OVER_STAGE_CAP,
        format!(
            "stage `{}` admits at most {max} players and {n} of the roster's are its entrants: {}",
            stage.name,
            en.replace("{max}", &max.to_string())
        ),
        &cap.origin,
    )
    .zh(format!(
        "阶段 `{}` 至多 {max} 人，名单中有 {n} 人属于该阶段：{}",
        stage.name,
        zh.replace("{max}", &max.to_string())
    ))
    .at(roster.row_of(i), "id")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::roster::Player;

    fn roster(ratings: &[Option<u32>]) -> Roster {
        Roster {
            players: ratings
                .iter()
                .enumerate()
                .map(|(i, r)| Player {
                    id: format!("p{i}"),
                    rating: *r,
                    ..Player::default()
                })
                .collect(),
        }
    }

    #[test]
    fn first_come_leaves_out_the_rows_after_the_cap() {
        let r = roster(&[Some(1500), Some(2000), Some(1800), Some(1900)]);
        assert_eq!(
            left_out(&r, &[0, 1, 2, 3], 2, CapOrder::FirstCome),
            vec![2, 3]
        );
        assert_eq!(
            left_out(&r, &[1, 3], 2, CapOrder::FirstCome),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn by_rating_leaves_out_the_lowest_rated_and_the_unrated() {
        let r = roster(&[Some(1500), None, Some(1800), Some(1800), Some(1900)]);
        // 1900 (4), then 1800 (2, 3 in roster order): 0 (1500) and 1 (no rating) are out.
        assert_eq!(
            left_out(&r, &[0, 1, 2, 3, 4], 3, CapOrder::ByRating),
            vec![0, 1]
        );
        // A tie at the cap goes by roster order: 2 is in, 3 out.
        assert_eq!(
            left_out(&r, &[0, 1, 2, 3, 4], 2, CapOrder::ByRating),
            vec![0, 1, 3]
        );
    }
}
