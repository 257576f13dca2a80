//! The attributes a generated player is given where the regulation reads them: a grade meeting
//! the entry's `grade` conditions, and for each category by attribute (federation, grade,
//! school year, club, residence, age on a stated day) a share of the generated players made to
//! meet it, so that a simulation fills every category. A category by a list of players is
//! filled by the named players themselves.

use super::generate::{between, random_date};
use super::generate_want::entry_want;
use super::roster::{in_category, Player};
use crate::plan::{Category, CategoryRule, CompareOp, Condition, Plan};
use rand_core::RngCore;

/// Federations a generated player outside `federation not ...` comes from, in this order.
const OTHER_FEDERATIONS: [&str; 6] = ["SGP", "MAS", "THA", "PHI", "INA", "JPN"];

/// Give the generated players (`players[from..]`) the attributes the plan reads.
pub(crate) fn fill<R: RngCore>(plan: &Plan, players: &mut [Player], from: usize, rng: &mut R) {
    let entry_grades = grades_meeting(
        plan.entry.conditions.iter().filter_map(|c| match c {
            Condition::Grade { op, grade, .. } => Some((*op, *grade)),
            _ => None,
        }),
        (1, 9),
    );
    if let Some((lo, hi)) = entry_grades {
        for p in players.iter_mut().skip(from) {
            p.grade = Some(between(rng, lo, hi));
        }
    }
    let by_rule: Vec<Vec<&Category>> = plan
        .categories
        .values()
        .map(|c| chain(plan, c))
        .filter(|ch| {
            let rules = || ch.iter().flat_map(|c| &c.rules);
            rules().next().is_some() && !rules().any(|r| matches!(r, CategoryRule::Players { .. }))
        })
        .collect();
    if by_rule.is_empty() {
        return;
    }
    let mut filled = vec![0u32; by_rule.len()];
    for p in players.iter_mut().skip(from) {
        // The category with the fewest members so far whose other conditions the player meets.
        let pick = (0..by_rule.len())
            .filter(|&i| by_rule.get(i).is_some_and(|ch| meets_rest(plan, ch, p)))
            .min_by_key(|&i| (filled.get(i).copied().unwrap_or(0), i));
        let Some(i) = pick else { continue };
        if let (Some(ch), Some(n)) = (by_rule.get(i), filled.get_mut(i)) {
            apply(plan, ch, p, *n, entry_grades, rng);
            *n += 1;
        }
    }
}

/// A category and the categories it lies `within`, innermost first.
fn chain<'p>(plan: &'p Plan, c: &'p Category) -> Vec<&'p Category> {
    let mut out = vec![c];
    let mut cur = c.within.as_deref();
    while let Some(parent) = cur.and_then(|n| plan.categories.get(n)) {
        if out.len() > 16 {
            break;
        }
        out.push(parent);
        cur = parent.within.as_deref();
    }
    out
}

/// Whether the player meets every condition of the chain but its conditions by attribute.
fn meets_rest(plan: &Plan, ch: &[&Category], p: &Player) -> bool {
    ch.iter().all(|c| {
        let rest = Category {
            rules: Vec::new(),
            within: None,
            ..(*c).clone()
        };
        in_category(plan, &rest, p)
    })
}

/// The grades from `range` that meet every bound, as an inclusive range; None when none does.
fn grades_meeting(
    bounds: impl Iterator<Item = (CompareOp, u32)>,
    range: (u32, u32),
) -> Option<(u32, u32)> {
    let (mut lo, mut hi) = range;
    let mut any = false;
    for (op, g) in bounds {
        any = true;
        match op {
            CompareOp::Ge => lo = lo.max(g),
            CompareOp::Gt => lo = lo.max(g.saturating_add(1)),
            CompareOp::Le => hi = hi.min(g),
            CompareOp::Lt => hi = hi.min(g.saturating_sub(1)),
            CompareOp::Eq => {
                lo = lo.max(g);
                hi = hi.min(g);
            }
        }
    }
    (any && lo <= hi).then_some((lo, hi))
}

/// Make the `n`-th generated member of the chain meet its conditions by attribute.
fn apply<R: RngCore>(
    plan: &Plan,
    ch: &[&Category],
    p: &mut Player,
    n: u32,
    entry_grades: Option<(u32, u32)>,
    rng: &mut R,
) {
    let rules: Vec<&CategoryRule> = ch.iter().flat_map(|c| &c.rules).collect();
    let grade_bounds = rules.iter().filter_map(|r| match r {
        CategoryRule::Grade { op, grade } => Some((*op, *grade)),
        _ => None,
    });
    if let Some((lo, hi)) = grades_meeting(grade_bounds, entry_grades.unwrap_or((1, 9))) {
        p.grade = Some(between(rng, lo, hi));
    }
    for rule in rules {
        match rule {
            CategoryRule::Federation { codes, not: false } => {
                if let Some(code) = codes.get(n as usize % codes.len().max(1)) {
                    p.federation = Some(code.clone());
                }
            }
            CategoryRule::Federation { codes, not: true } => {
                let other = OTHER_FEDERATIONS
                    .iter()
                    .find(|f| !codes.iter().any(|c| c.eq_ignore_ascii_case(f)));
                p.federation = Some(other.map_or_else(|| "XXX".to_string(), |f| f.to_string()));
            }
            CategoryRule::SchoolYear { from, to } => p.school_year = Some(between(rng, *from, *to)),
            CategoryRule::Club { club } => p.club = Some(club.clone()),
            CategoryRule::Residence { residence } => p.residence = Some(residence.clone()),
            CategoryRule::AgeOn { op, years, on } => {
                let holds = p.born.is_some_and(|b| op.holds(b.years_on(*on), *years));
                if !holds {
                    let mut w = entry_want(plan);
                    w.age(*op, *years, *on);
                    if w.possible() {
                        p.born = Some(random_date(rng, w.born.0, w.born.1));
                    }
                }
            }
            CategoryRule::Grade { .. } | CategoryRule::Players { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_meeting_every_bound() {
        let g = |b: &[(CompareOp, u32)]| grades_meeting(b.iter().copied(), (1, 9));
        assert_eq!(g(&[]), None);
        assert_eq!(g(&[(CompareOp::Ge, 7)]), Some((7, 9)));
        assert_eq!(g(&[(CompareOp::Gt, 2), (CompareOp::Lt, 6)]), Some((3, 5)));
        assert_eq!(g(&[(CompareOp::Eq, 4)]), Some((4, 4)));
        assert_eq!(g(&[(CompareOp::Ge, 8), (CompareOp::Le, 6)]), None);
    }
}
