//! The attributes a generated player is given where the regulation reads them: a grade meeting
//! the entry's `grade` conditions, and for each category by attribute (federation, grade,
//! school year, club, residence, age on a stated day) a share of the generated players made to
//! meet it, so that a simulation fills every category. A category by a list of players is
//! filled by the named players themselves.

use super::generate_rng::{between, random_date};
use super::generate_want::{
    category_stages, entry_want, entry_want_wide, first_day, stage_minimum, takes_whole_roster,
};
use super::roster::{in_category, rule_holds, Player};
use crate::plan::{Category, CategoryRule, CompareOp, Condition, Plan};
use rand_core::RngCore;
use std::collections::BTreeSet;

use super::generate_quota::{QuotaCount, FEDERATIONS};
use crate::plan::QuotaScope;

/// The generated players of a qualifiers' pool get qualifying places (1, 2, ... up to its top
/// N, then again from 1); those of a pool with an invitation list get the invited federations in
/// the order written, each up to its number.
fn pool_rules(plan: &Plan, players: &mut [Player], from: usize) {
    for pool in &plan.entry.pools {
        let mine = |p: &&mut Player| p.pool.as_deref() == Some(pool.name.as_str());
        if let Some(q) = &pool.qualifiers {
            let top = q.top.unwrap_or(u32::MAX).max(1);
            for (k, p) in players.iter_mut().skip(from).filter(mine).enumerate() {
                if p.qualified.is_none() {
                    p.qualified = Some(u32::try_from(k).unwrap_or(0) % top + 1);
                }
            }
        }
        if let Some(invite) = &pool.invite {
            // The named players of the pool take their federations' invitations first.
            let named = |f: &String| {
                players[..from.min(players.len())]
                    .iter()
                    .filter(|p| p.pool.as_deref() == Some(pool.name.as_str()))
                    .filter(|p| p.federation.as_ref() == Some(f))
                    .count()
            };
            let left: Vec<(String, usize)> = invite
                .federations
                .iter()
                .map(|(f, n)| (f.clone(), (*n as usize).saturating_sub(named(f))))
                .collect();
            let mut feds = left.iter().flat_map(|(f, n)| std::iter::repeat_n(f, *n));
            for p in players.iter_mut().skip(from).filter(mine) {
                match feds.next() {
                    Some(f) => p.federation = Some(f.clone()),
                    None => break,
                }
            }
        }
    }
}

/// Give the generated players (`players[from..]`) the attributes the plan reads.
pub(crate) fn fill<R: RngCore>(plan: &Plan, players: &mut [Player], from: usize, rng: &mut R) {
    pool_rules(plan, players, from);
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
            // A category by age alone (`age >= 55 on 2026-06-30`) that no stage draws from gets
            // its members as `age >= 55` does, from the prize slots' birth windows: assigned
            // here, it re-dated every player left free (the whole roster turned veterans, the
            // juniors a prize table had been given among them).
            let by_age_alone = rules().all(|r| matches!(r, CategoryRule::AgeOn { .. }))
                && stage_need(plan, ch) == 0;
            rules().next().is_some()
                && !by_age_alone
                && !rules().any(|r| matches!(r, CategoryRule::Players { .. }))
        })
        .collect();
    if by_rule.is_empty() {
        return;
    }
    // First the categories stages draw from (each player in one of them when no stage takes
    // the whole roster), then the others, each player in one more whose attributes are free.
    let (staged, others): (Vec<_>, Vec<_>) =
        by_rule.into_iter().partition(|ch| stage_need(plan, ch) > 0);
    let mut set: Vec<BTreeSet<&'static str>> = vec![BTreeSet::new(); players.len()];
    let whole = plan.stages.iter().any(takes_whole_roster);
    let fit = Fit {
        plan,
        from,
        entry_grades,
    };
    fit.pool_categories(players, &mut set, rng);
    let need: Vec<u32> = staged.iter().map(|ch| stage_need(plan, ch)).collect();
    // Spread over the sections, each only up to its stages' cap (a senior group of 40 beside
    // three of 80 takes no 41st pupil, who would be refused, R040).
    let most: Vec<Option<u32>> = staged.iter().map(|ch| stage_most(plan, ch)).collect();
    fit.assign(&staged, (&need, &most), !whole, players, &mut set, rng);
    // The categories only prize tables read (rating bands, a city's own players) take a share
    // each, and the tables' places at least, leaving a share of the field in none: made members
    // of one each, every player of an open was rated under its lowest band's top.
    let generated = players.len().saturating_sub(from) as u32;
    let share = generated.div_ceil(others.len() as u32 + 1);
    let need: Vec<u32> = others
        .iter()
        .map(|ch| share.max(places_paid(plan, ch)))
        .collect();
    let most = vec![None; others.len()];
    fit.assign(&others, (&need, &most), false, players, &mut set, rng);
}

/// The most places a prize table paying the chain's innermost category pays.
fn places_paid(plan: &Plan, ch: &[&Category]) -> u32 {
    let Some(name) = ch.first().map(|c| c.name.as_str()) else {
        return 0;
    };
    plan.prizes
        .iter()
        .filter(|t| t.category.as_deref() == Some(name))
        .flat_map(|t| &t.lines)
        .filter_map(|l| match &l.key {
            crate::plan::PrizeKey::Places { places } => Some(places.to),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// What every assignment reads: the plan, the first generated player, the entry's grades.
struct Fit<'p> {
    plan: &'p Plan,
    from: usize,
    entry_grades: Option<(u32, u32)>,
}

impl Fit<'_> {
    /// Make each generated player of a pool that takes only a category's members (`pool low {
    /// category pupils_low }`) meet that category's conditions by attribute, before any other.
    fn pool_categories<R: RngCore>(
        &self,
        players: &mut [Player],
        set: &mut [BTreeSet<&'static str>],
        rng: &mut R,
    ) {
        let mut quota = QuotaCount::of(self.plan, QuotaScope::Federation);
        quota.count_all(players, QuotaScope::Federation);
        let mut filled: Vec<u32> = Vec::new();
        for (p, used) in players.iter_mut().zip(set.iter_mut()).skip(self.from) {
            let Some((k, c)) = p.pool.as_deref().and_then(|name| {
                let k = self.plan.entry.pools.iter().position(|d| d.name == name)?;
                let c = self.plan.entry.pools.get(k)?.category.as_deref()?;
                Some((k, self.plan.categories.get(c)?))
            }) else {
                continue;
            };
            if filled.len() <= k {
                filled.resize(k + 1, 0);
            }
            let ch = chain(self.plan, c);
            used.extend(unmet(&ch, p));
            if let Some(n) = filled.get_mut(k) {
                apply(self.plan, &ch, p, (*n, &mut quota), self.entry_grades, rng);
                *n += 1;
            }
        }
    }

    /// Make players members of `cats`: a category still short of its `need` first, else (when
    /// `all`) the one with the fewest members, among those whose other conditions the player
    /// meets and whose attributes the player has not been given yet.
    fn assign<R: RngCore>(
        &self,
        cats: &[Vec<&Category>],
        (need, most): (&[u32], &[Option<u32>]),
        all: bool,
        players: &mut [Player],
        set: &mut [BTreeSet<&'static str>],
        rng: &mut R,
    ) {
        // A federation given for a category stays within the entry's federation quota.
        let mut quota = QuotaCount::of(self.plan, QuotaScope::Federation);
        quota.count_all(players, QuotaScope::Federation);
        let mut filled = vec![0u32; cats.len()];
        for (p, used) in players.iter_mut().zip(set.iter_mut()).skip(self.from) {
            let key = |i: usize| {
                let n = filled.get(i).copied().unwrap_or(0);
                (n >= need.get(i).copied().unwrap_or(0), n, i)
            };
            let pick = (0..cats.len())
                .filter(|&i| {
                    let n = filled.get(i).copied().unwrap_or(0);
                    most.get(i).copied().flatten().is_none_or(|m| n < m)
                })
                .filter(|&i| {
                    cats.get(i).is_some_and(|ch| {
                        unmet(ch, p).is_disjoint(used) && meets_rest(self.plan, ch, p)
                    })
                })
                .min_by_key(|&i| key(i))
                .filter(|&i| all || !key(i).0);
            let Some(i) = pick else { continue };
            if let (Some(ch), Some(n)) = (cats.get(i), filled.get_mut(i)) {
                used.extend(unmet(ch, p));
                apply(self.plan, ch, p, (*n, &mut quota), self.entry_grades, rng);
                *n += 1;
            }
        }
    }
}

/// The roster columns of the chain's conditions by attribute that the player does not meet yet.
fn unmet(ch: &[&Category], p: &Player) -> BTreeSet<&'static str> {
    ch.iter()
        .flat_map(|c| &c.rules)
        .filter(|r| !rule_holds(r, p))
        .filter_map(CategoryRule::column)
        .collect()
}

/// The most players a stage drawing from the category (the chain's innermost) needs.
fn stage_need(plan: &Plan, ch: &[&Category]) -> u32 {
    let Some(name) = ch.first().map(|c| c.name.as_str()) else {
        return 0;
    };
    category_stages(plan)
        .iter()
        .filter(|(_, cats)| cats.iter().any(|(c, _)| *c == name))
        .map(|(s, _)| stage_minimum(s))
        .max()
        .unwrap_or(0)
}

/// The most players the stages drawing from the category (the chain's innermost) take, when
/// every one of them has a cap (or a round robin's size); None when one takes any number.
fn stage_most(plan: &Plan, ch: &[&Category]) -> Option<u32> {
    let name = ch.first().map(|c| c.name.as_str())?;
    let caps: Vec<Option<u32>> = category_stages(plan)
        .iter()
        .filter(|(_, cats)| cats.iter().any(|(c, _)| *c == name))
        .map(|(s, _)| super::generate_pools::stage_cap(s))
        .collect();
    if caps.is_empty() || caps.contains(&None) {
        return None;
    }
    caps.into_iter().flatten().max()
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

/// A grade condition's bound.
fn grade_bound(r: &CategoryRule) -> Option<(CompareOp, u32)> {
    match r {
        CategoryRule::Grade { op, grade } => Some((*op, *grade)),
        _ => None,
    }
}

/// A rating condition's bound.
fn rating_bound(r: &CategoryRule) -> Option<(CompareOp, u32)> {
    match r {
        CategoryRule::Rating { op, rating } => Some((*op, *rating)),
        _ => None,
    }
}

/// Every bound `pick` reads from the chain, when one of the unmet `rules` is such a bound.
fn band<'c>(
    ch: &'c [&Category],
    rules: &[&CategoryRule],
    pick: fn(&CategoryRule) -> Option<(CompareOp, u32)>,
) -> Option<impl Iterator<Item = (CompareOp, u32)> + 'c> {
    rules
        .iter()
        .any(|r| pick(r).is_some())
        .then(|| ch.iter().flat_map(|c| &c.rules).filter_map(pick))
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

/// Make the `n`-th generated member of the chain meet its conditions by attribute; a
/// federation is one with room in the entry's federation quota (counted in `quota`).
fn apply<R: RngCore>(
    plan: &Plan,
    ch: &[&Category],
    p: &mut Player,
    (n, quota): (u32, &mut QuotaCount),
    entry_grades: Option<(u32, u32)>,
    rng: &mut R,
) {
    // Only what the player does not meet yet changes (a school year given for a stage's
    // category stays when a prize category within it asks for a club).
    let rules: Vec<&CategoryRule> = ch
        .iter()
        .flat_map(|c| &c.rules)
        .filter(|r| !rule_holds(r, p))
        .collect();
    // A band (`grade >= 4` and `grade <= 5`, `rating >= 1800` and `rating < 2000`) is met by
    // every bound of the chain at once: a value chosen for the one bound it fails could break
    // the other (a grade 7 lowered to a 2). A rating within 300 of the band's edge.
    if let Some(bounds) = band(ch, &rules, grade_bound) {
        if let Some((lo, hi)) = grades_meeting(bounds, entry_grades.unwrap_or((1, 9))) {
            p.grade = Some(between(rng, lo, hi));
        }
    }
    if let Some(bounds) = band(ch, &rules, rating_bound) {
        if let Some((lo, hi)) = rating_band(bounds) {
            p.rating = Some(between(rng, lo, hi));
        }
    }
    // A pupil's age follows the school year, unless the chain sets the age itself.
    let aged = ch.iter().any(|c| {
        c.born_from.is_some()
            || c.born_to.is_some()
            || !c.age.is_empty()
            || c.rules
                .iter()
                .any(|r| matches!(r, CategoryRule::AgeOn { .. }))
    });
    for rule in rules {
        match rule {
            CategoryRule::Federation { codes, not } => {
                // Any of the codes (in turn), or any other federation than them.
                let k = n as usize;
                let listed: Vec<&str> = if *not {
                    FEDERATIONS
                        .iter()
                        .copied()
                        .filter(|f| !codes.iter().any(|c| c.eq_ignore_ascii_case(f)))
                        .collect()
                } else {
                    codes.iter().map(String::as_str).collect()
                };
                let turn = listed
                    .iter()
                    .cycle()
                    .skip(k % listed.len().max(1))
                    .take(listed.len());
                let from = p.federation.clone();
                if let Some(f) = quota.move_to(turn.copied(), p.sex, from.as_deref()) {
                    p.federation = Some(f.to_string());
                }
            }
            CategoryRule::SchoolYear { from, to } => {
                let year = between(rng, *from, *to);
                p.school_year = Some(year);
                if !aged {
                    p.born = pupil_born(plan, year, rng).or(p.born);
                }
            }
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
            CategoryRule::Grade { .. }
            | CategoryRule::Rating { .. }
            | CategoryRule::Players { .. } => {}
        }
    }
}

/// A birth date for a pupil in school `year` (aged year + 5 or year + 6 on the first day, as a
/// pupil starts school at six), within the ages the entry admits; None when the entry admits no such age.
fn pupil_born<R: RngCore>(plan: &Plan, year: u32, rng: &mut R) -> Option<crate::plan::Date> {
    let day = first_day(plan);
    let mut w = entry_want_wide(plan);
    w.age(CompareOp::Ge, year.saturating_add(5), day);
    w.age(CompareOp::Le, year.saturating_add(6), day);
    w.possible().then(|| random_date(rng, w.born.0, w.born.1))
}

/// The ratings (0 to 9999) that meet every bound, narrowed to 300 points from the band's upper
/// edge (or from its lower edge when it has none); None when no rating meets them all.
fn rating_band(bounds: impl Iterator<Item = (CompareOp, u32)>) -> Option<(u32, u32)> {
    let (mut lo, mut hi) = (0u32, 9999u32);
    for (op, b) in bounds {
        match op {
            CompareOp::Lt => hi = hi.min(b.checked_sub(1)?),
            CompareOp::Le => hi = hi.min(b),
            CompareOp::Gt => lo = lo.max(b.saturating_add(1)),
            CompareOp::Ge => lo = lo.max(b),
            CompareOp::Eq => (lo, hi) = (lo.max(b), hi.min(b)),
        }
    }
    if lo > hi {
        return None;
    }
    Some(if hi < 9999 {
        (lo.max(hi.saturating_sub(300)), hi)
    } else {
        (lo, lo.saturating_add(300).min(hi))
    })
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

    #[test]
    fn a_rating_band_is_met_by_every_bound() {
        let b = |v: &[(CompareOp, u32)]| rating_band(v.iter().copied());
        assert_eq!(b(&[(CompareOp::Lt, 2000)]), Some((1699, 1999)));
        assert_eq!(
            b(&[(CompareOp::Ge, 1800), (CompareOp::Lt, 2000)]),
            Some((1800, 1999))
        );
        assert_eq!(b(&[(CompareOp::Ge, 2200)]), Some((2200, 2500)));
        assert_eq!(b(&[(CompareOp::Lt, 0)]), None);
        assert_eq!(b(&[(CompareOp::Ge, 2000), (CompareOp::Lt, 1900)]), None);
    }
}
