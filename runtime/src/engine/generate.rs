//! Rosters generated to fit a regulation (`simulate --players N`, or the declared field): the
//! named players first, then each pool filled to its size, then the rest; sexes, birth dates
//! inside the sections, titles meeting the conditions, ratings, and units spread so that a
//! same-unit group draw stays possible.

use super::generate_pools::{
    open_fit, prize_slots_within_needs, stage_slots_beside_prizes, OpenPools, Slot, StageCaps,
};
use super::generate_quota::{federation_spread, QuotaCount};
use super::generate_rng::{below, between, random_date, random_name};
use super::generate_teams::{generate_teams, team_by_team};
use super::generate_units::{max_per_unit, units_for};
use super::generate_want::{
    category_want, entry_want, entry_want_wide, first_day, stage_slots, takes_whole_roster,
    title_meeting, verify, Want,
};
use super::problem::{codes, RuntimeProblem};
use super::roster::{Player, Roster};
use crate::plan::{Date, Plan, QuotaScope, Sex, Title};
use rand_core::RngCore;

/// A roster of `n` players that fits `plan`; problems when the regulation cannot be met (more
/// named players or pool places than `n`).
///
/// The steps below draw from `rng` in a fixed order (units, pools, open players, attributes):
/// a seed must give the same roster byte for byte, so a step is never moved before another.
pub fn generate_roster<R: RngCore>(
    plan: &Plan,
    n: u32,
    rng: &mut R,
) -> Result<Roster, Vec<RuntimeProblem>> {
    // In a team event `n` counts teams: each gets at least as many players as the team stage
    // has boards, or the fewest `team_size` allows when that is more (3 boards, teams of 4 to
    // 6: a reserve each), and up to the most it allows (`team_sizes`), the team being the
    // players' unit, in board order.
    let members = super::roster::team_boards(plan).map(|boards| {
        let ts = plan.entry.team_size.as_ref();
        let least = boards.max(ts.map_or(0, |ts| ts.min));
        (least, least.max(ts.map_or(0, |ts| ts.max)))
    });
    // The largest team generated: team k has `least + k mod (most - least + 1)` players, so
    // `team_size 4..1000000` gives 8 teams at most 11 (never a million each).
    let largest = members.map(|(least, most)| least + (most - least).min(n.saturating_sub(1)));
    not_too_large(plan, n, largest)?;
    if let Some(members) = members {
        let declared: Vec<&str> = plan.entry.teams.iter().map(|t| t.name.as_str()).collect();
        let pools = super::generate_pools::team_pools(plan, n)?;
        let spread = federation_spread(plan, n);
        let mut roster = generate_teams(
            (n, members),
            &declared,
            (&pools, spread),
            &team_want(plan)?,
            rng,
        );
        super::generate_attrs::fill(plan, &mut roster.players, 0, rng);
        team_by_team(&mut roster.players);
        verify(plan, &roster)?;
        return Ok(roster);
    }
    let entry = &plan.entry;
    let (named, pooled) = named_and_pooled(entry, n)?;
    let first_day = first_day(plan);
    let want = entry_want(plan);
    if !want.possible() {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            "the entry's age conditions admit no birth date",
            &entry.origin,
        )
        .zh("报名的年龄条件没有可行的出生日期")]);
    }
    let mut slots = prize_slots(plan, first_day, n, named);
    let room = n.saturating_sub(named.max(pooled));
    // The prize tables' slots lie inside the stages' categories and come first; the stages'
    // own needs follow (an empty stage is still caught by `verify`).
    let all_stage_slots = stage_slots(plan, &want, room)?;
    // How many generated players each capped stage has so far (its `cap` is never passed).
    let mut caps = StageCaps::of(plan);
    let mut stage_slots = stage_slots_beside_prizes(&all_stage_slots, &slots, &mut caps, &want);
    if slots.len() + stage_slots.len() > room as usize {
        // No room for both: the stages' needs first, the prize slots only inside them (the boys'
        // U14 of 60 youth players was left 8 players for 9 rounds, R014, behind the prize
        // tables of the girls' sections).
        slots = prize_slots_within_needs(&all_stage_slots, &slots, &want);
        caps = StageCaps::of(plan);
        stage_slots = stage_slots_beside_prizes(&all_stage_slots, &slots, &mut caps, &want);
    }
    let cycle_slots = !plan.stages.iter().any(takes_whole_roster);
    let max_per_unit = max_per_unit(plan);
    let units = units_for(plan, n, max_per_unit, rng);
    let mut maker = Maker {
        sections: age_sections(plan, first_day),
        by_sex: plan.categories.values().any(|c| c.sex.is_some()),
        want,
        slots,
        unit_count: vec![0; units.len()],
        units,
        next_unit: 0,
        max_per_unit,
        unit_quota: QuotaCount::of(plan, QuotaScope::Unit),
        federation_quota: QuotaCount::of(plan, QuotaScope::Federation),
        federation_spread: federation_spread(plan, n),
    };
    let mut players = named_players(entry, maker.want.sex, n);
    let mut k = fill_pools(entry, &mut maker, &mut players, rng);
    // A reserve pool (`replacement from pool reserve`) enters only into declined places: a
    // generated roster takes every place itself, so it holds no reserve.
    let reserve = |p: &crate::plan::Pool| {
        entry.pools.iter().any(|o| {
            o.replacement_from
                .as_ref()
                .is_some_and(|r| r.pool == p.name)
        })
    };
    let open_pool = entry.pools.iter().find(|p| p.size.is_none() && !reserve(p));
    // Stages drawing from pools of no fixed size (a city open's groups) share the open players.
    let mut spread = OpenPools::of(plan, &maker.want);
    let mut open = 0usize;
    while (players.len() as u32) < n {
        k += 1;
        if let Some((pool, fit)) = spread.next() {
            // The groups' prize tables pay the groups, which the spread fills: no prize slots.
            let p = maker.make(k, Some(pool), fit.as_ref(), None, rng, &players);
            open += 1;
            players.push(p);
            continue;
        }
        let fit = open_fit(
            open.checked_sub(maker.slots.len()),
            &stage_slots,
            (cycle_slots, &all_stage_slots),
            &mut caps,
            n,
        )?;
        let p = maker.make(k, open_pool, fit, Some(open), rng, &players);
        open += 1;
        players.push(p);
    }
    for (i, p) in players.iter_mut().enumerate() {
        if p.order.is_none() {
            p.order = Some(i as u32 + 1);
        }
    }
    super::generate_attrs::fill(plan, &mut players, entry.players.len(), rng);
    let roster = Roster { players };
    verify(plan, &roster)?;
    Ok(roster)
}

/// A problem when the roster asked for is larger than any event (it would only exhaust
/// memory); in a team event `n` teams of `boards` players each.
fn not_too_large(plan: &Plan, n: u32, boards: Option<u32>) -> Result<(), Vec<RuntimeProblem>> {
    const MOST: u32 = super::limits::PLAYERS;
    if u64::from(n) * u64::from(boards.unwrap_or(1).max(1)) > u64::from(MOST) {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!("a roster of more than {MOST} players"),
            &plan.entry.origin,
        )
        .zh(format!("名单超过 {MOST} 人"))]);
    }
    Ok(())
}

/// The entry's named players and fixed pool places, or a problem when a roster of `n` cannot
/// hold them.
fn named_and_pooled(entry: &crate::plan::Entry, n: u32) -> Result<(u32, u32), Vec<RuntimeProblem>> {
    let named = entry.players.len() as u32;
    let pooled: u32 = entry.pools.iter().filter_map(|p| p.size).sum();
    if named > n || pooled > n {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!("a roster of {n} cannot hold {named} named players and {pooled} pool places"),
            &entry.origin,
        )
        .zh(format!(
            "{n} 人的名单容纳不下 {named} 名点名棋手和 {pooled} 个名额"
        ))]);
    }
    Ok((named, pooled))
}

/// Each pool of a fixed size filled up to it, after its named players; the number of the last
/// player made.
fn fill_pools<R: RngCore>(
    entry: &crate::plan::Entry,
    maker: &mut Maker<'_>,
    players: &mut Vec<Player>,
    rng: &mut R,
) -> u32 {
    let mut k = 0u32;
    for pool in &entry.pools {
        let have = players
            .iter()
            .filter(|p| p.pool.as_deref() == Some(pool.name.as_str()))
            .count() as u32;
        let want = pool.size.unwrap_or(0);
        for _ in have..want {
            k += 1;
            let p = maker.make(k, Some(pool), None, None, rng, players);
            players.push(p);
        }
    }
    k
}

/// The players the entry names, as named (a sex left out is the entry's); room for `n`.
fn named_players(entry: &crate::plan::Entry, sex: Option<Sex>, n: u32) -> Vec<Player> {
    let mut players: Vec<Player> = Vec::with_capacity(n as usize);
    for np in &entry.players {
        let mut p = Player::named(np);
        p.sex = p.sex.or(sex);
        players.push(p);
    }
    players
}

/// A birth window with its open ends closed: born from 1 January of the year 80 years before the
/// first day's to 31 December of the year 8 years before it (so possibly aged 7 on the day: see
/// [`inside_entry`]).
fn window(from: Option<Date>, to: Option<Date>, first_day: Date) -> (Date, Date) {
    (
        from.unwrap_or(Date::new(first_day.year.saturating_sub(80), 1, 1)),
        to.unwrap_or(Date::new(first_day.year.saturating_sub(8), 12, 31)),
    )
}

/// A section's birth window narrowed to the entry's: a category open at its young end is closed
/// by [`window`] at the end of the year 8 years back, which an entry's `age >= 8` may not admit
/// (a junior aged 7 on the first day). Windows that do not meet keep the section's, starting no
/// earlier than the entry's (the player then fails the entry, and the run says so).
fn inside_entry(section: (Date, Date), entry: (Date, Date)) -> (Date, Date) {
    let (from, to) = (section.0.max(entry.0), section.1.min(entry.1));
    if from <= to {
        (from, to)
    } else {
        (section.0.max(entry.0.min(section.1)), section.1)
    }
}

/// The categories by age, as (born from, born to, sex): a generated player falls in one.
fn age_sections(plan: &Plan, first_day: Date) -> Vec<(Date, Date, Option<Sex>)> {
    plan.categories
        .values()
        .filter(|c| c.born_from.is_some() || c.born_to.is_some())
        .map(|c| {
            let (f, t) = window(c.born_from, c.born_to, first_day);
            (f, t, c.sex)
        })
        .collect()
}

/// Every category prize table gets at least as many generated players as it has places (seed
/// 002's sections by age and sex): one slot (birth window, sex) per place, filled first; none
/// when they would not fit beside the `named` players in a roster of `n`.
fn prize_slots(plan: &Plan, first_day: Date, n: u32, named: u32) -> Vec<Slot> {
    let mut slots: Vec<Slot> = Vec::new();
    for table in &plan.prizes {
        let Some(name) = table.category.as_deref() else {
            continue;
        };
        let (mut sex, mut born, mut cur, mut depth) = (None, None, Some(name), 0);
        while let (Some(c), true) = (cur.and_then(|c| plan.categories.get(c)), depth < 8) {
            sex = sex.or(c.sex);
            if born.is_none() && (c.born_from.is_some() || c.born_to.is_some()) {
                born = Some(window(c.born_from, c.born_to, first_day));
            } else if born.is_none() && by_age(c) {
                // `age <= 16` (or `age ... on DATE`) says no birth dates: the window is the
                // ages' on their day, as a roster row is judged (a juniors' table had no
                // generated member and paid no one, unsaid).
                born = category_want(plan, name, &entry_want_wide(plan)).map(|w| w.born);
            }
            cur = c.within.as_deref();
            depth += 1;
        }
        if sex.is_none() && born.is_none() {
            continue;
        }
        let places = table
            .lines
            .iter()
            .filter_map(|l| match &l.key {
                crate::plan::PrizeKey::Places { places } => Some(places.to),
                crate::plan::PrizeKey::Eliminated { .. } | crate::plan::PrizeKey::Completed => None,
            })
            .max()
            .unwrap_or(0)
            .min(n);
        for _ in 0..places {
            slots.push((born, sex));
        }
    }
    if slots.len() as u32 > n.saturating_sub(named) {
        slots.clear();
    }
    slots
}

/// Whether a category states an age (`age <= 16`, `age >= 55 on 2026-06-30`).
fn by_age(c: &crate::plan::Category) -> bool {
    !c.age.is_empty()
        || c.rules
            .iter()
            .any(|r| matches!(r, crate::plan::CategoryRule::AgeOn { .. }))
}

/// Makes the generated players one by one: what the entry, the prize slots and the age
/// sections ask of each, and the units handed out in turn within their cap.
struct Maker<'u> {
    /// The entry's own conditions (sex, title, birth window).
    want: Want,
    slots: Vec<Slot>,
    sections: Vec<(Date, Date, Option<Sex>)>,
    /// Whether some category is by sex (then about a third of the field are women).
    by_sex: bool,
    /// The units in a shuffled order, and how many players each has.
    units: Vec<&'u str>,
    unit_count: Vec<u32>,
    next_unit: usize,
    max_per_unit: u32,
    /// The entry's quotas per unit and per federation (`quota per unit 3 men 2`).
    unit_quota: QuotaCount,
    federation_quota: QuotaCount,
    /// How many federations the players get in turn (1: all `CHN`).
    federation_spread: usize,
}

impl Maker<'_> {
    /// Player number `k`, of `pool`, meeting `fit` (a stage's need) or else prize slot
    /// `slot_ix`. The random draws come in a fixed order (sex, birth date, title, name,
    /// rating), so that a seed gives the same roster.
    fn make<R: RngCore>(
        &mut self,
        k: u32,
        pool: Option<&crate::plan::Pool>,
        fit: Option<&Want>,
        slot_ix: Option<usize>,
        rng: &mut R,
        players: &[Player],
    ) -> Player {
        let slot = if fit.is_some() {
            None
        } else if pool.is_none_or(|p| p.size.is_none() && p.sex.is_none()) {
            slot_ix.and_then(|i| self.slots.get(i)).copied()
        } else {
            None
        };
        let sex = pool
            .and_then(|p| p.sex)
            .or(fit.and_then(|w| w.sex))
            .or(self.want.sex)
            .or(slot.and_then(|s| s.1))
            .unwrap_or_else(|| {
                if self.by_sex && below(rng, 3) == 0 {
                    Sex::Women
                } else {
                    Sex::Men
                }
            });
        let born = self.born(sex, fit, slot, rng);
        let cond = pool
            .and_then(|p| p.title_condition)
            .or(fit.and_then(|w| w.title))
            .or(self.want.title);
        let title = match cond {
            Some((op, t)) => title_meeting(op, t),
            None => match below(rng, 10) {
                0 => Some(Title::Grandmaster),
                1 | 2 => Some(Title::Master),
                _ => None,
            },
        };
        let base = match title {
            Some(Title::Grandmaster | Title::InternationalGrandmaster) => 2450,
            Some(Title::Master | Title::InternationalMaster) => 2300,
            _ => 2000,
        };
        let unit = match pool.and_then(|p| p.unit.clone()) {
            Some(u) => u,
            None => self.next_unit(k, sex),
        };
        let (surname, given) = random_name(rng, sex);
        let mut id = format!("p{k:03}");
        while players.iter().any(|p| p.id == id) {
            id.push('x');
        }
        Player {
            id,
            name: format!("{surname}{given}{k}"),
            unit: Some(unit),
            federation: Some(
                self.federation_quota
                    .federation(sex, (k.saturating_sub(1) as usize, self.federation_spread)),
            ),
            sex: Some(sex),
            born: Some(born),
            title,
            rating: Some(base + between(rng, 0, 250)),
            pool: pool.map(|p| p.name.clone()),
            order: Some(k),
            ..Player::default()
        }
    }

    /// A birth date for a player of `sex`: inside the stage's need, else the prize slot, else
    /// one of the age sections that admits the sex, else the entry's window.
    fn born<R: RngCore>(
        &self,
        sex: Sex,
        fit: Option<&Want>,
        slot: Option<Slot>,
        rng: &mut R,
    ) -> Date {
        let (born_from, born_to) = self.want.born;
        if let Some(w) = fit {
            return random_date(rng, w.born.0, w.born.1);
        }
        if let Some((Some(section), _)) = slot {
            let (f, t) = inside_entry(section, self.want.born);
            return random_date(rng, f, t);
        }
        if self.sections.is_empty() {
            return random_date(rng, born_from, born_to);
        }
        let fitting: Vec<&(Date, Date, Option<Sex>)> = self
            .sections
            .iter()
            .filter(|s| s.2.is_none_or(|x| x == sex))
            .collect();
        let pick = fitting
            .get(below(rng, fitting.len() as u32) as usize)
            .copied()
            .or(self.sections.first());
        match pick {
            Some(&(f, t, _)) => {
                let (f, t) = inside_entry((f, t), self.want.born);
                random_date(rng, f, t)
            }
            None => random_date(rng, born_from, born_to),
        }
    }

    /// The next unit in turn that is under its cap and its quota for `sex` (`单位k` when every
    /// unit is full).
    fn next_unit(&mut self, k: u32, sex: Sex) -> String {
        for _ in 0..self.units.len() {
            let u = self.next_unit % self.units.len();
            self.next_unit += 1;
            let name = self.units.get(u).copied().unwrap_or("");
            if self
                .unit_count
                .get(u)
                .is_some_and(|&c| c < self.max_per_unit)
                && self.unit_quota.allows(name, sex)
            {
                self.unit_quota.take(name, sex);
                if let Some(c) = self.unit_count.get_mut(u) {
                    *c += 1;
                }
                if let Some(name) = self.units.get(u) {
                    return name.to_string();
                }
            }
        }
        format!("单位{k}")
    }
}

/// The conditions every team member meets: the entry's, narrowed by the first category the team
/// stage draws from.
fn team_want(plan: &Plan) -> Result<Want, Vec<RuntimeProblem>> {
    let base = entry_want(plan);
    let cat = plan
        .stages
        .iter()
        .filter(|s| s.format.team_boards().is_some())
        .flat_map(|s| &s.entrants)
        .find_map(|e| match e {
            crate::plan::EntrantSource::Category { name, origin } => Some((name, origin)),
            _ => None,
        });
    let (want, origin) = match cat {
        Some((name, origin)) => (category_want(plan, name, &base).unwrap_or(base), origin),
        None => (base, &plan.entry.origin),
    };
    if want.possible() {
        Ok(want)
    } else {
        Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            "no team member can meet the entry's and the category's conditions together",
            origin,
        )
        .zh("没有队员能同时满足报名和组别的条件")])
    }
}
