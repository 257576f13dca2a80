//! Preparing a group draw: the pots (pools, named pots, rating seeds) of the stage's players and the solver that knows the groups' capacities and quotas.

use super::*;
use crate::plan::{AvoidBy, DrawRule};
use std::collections::BTreeMap;

pub(super) fn group_names(rr: &RoundRobin) -> Vec<String> {
    if rr.groups.is_empty() {
        vec![String::new()]
    } else {
        rr.groups.clone()
    }
}

pub(super) fn list_key(roster: &Roster, i: usize) -> (u32, usize) {
    let order = roster
        .players
        .get(i)
        .and_then(|p| p.order)
        .unwrap_or(u32::MAX);
    (order, i)
}

pub(super) fn prepare(
    plan: &Plan,
    stage: &Stage,
    rr: &RoundRobin,
    spec: Option<&GroupDraw>,
    roster: &Roster,
    members: &[usize],
) -> Result<Prepared, Vec<RuntimeProblem>> {
    let _ = stage;
    let groups = group_names(rr).len();
    let origin = spec.map(|d| &d.origin).unwrap_or(&rr.origin);
    let cap = capacities(rr, members.len() as u32, groups)?;
    let rules: Vec<DrawRule> = spec.map(|d| d.rules.clone()).unwrap_or_default();
    let (pots, mut problems) = pots(plan, &rules, roster, members);
    problems.extend(over_quota(&pots, groups));
    let by = spec.map(|d| d.avoid_by).unwrap_or_default();
    let units = UnitSlots::of(&pots, roster, by);
    let avoid = spec.is_some_and(|d| d.avoid_same_unit);
    if avoid {
        problems.extend(units.too_many_for_avoidance(&pots, roster, groups, origin));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let quotas: Vec<u32> = pots.iter().map(|p| p.quota).collect();
    let exempt = pots.iter().map(|p| p.exempt).collect();
    let order = units.solving_order(&quotas);
    Ok(Prepared {
        pots,
        solver: Solver {
            groups,
            cap,
            slots: units.slots,
            quotas,
            exempt,
            avoid,
            order,
        },
        slot_player: units.slot_player,
        units: units.ids.len(),
    })
}

/// Each group's size: the stated group size (which must fill every group exactly) or the
/// field spread as evenly as it goes, the first groups one larger.
fn capacities(rr: &RoundRobin, n: u32, groups: usize) -> Result<Vec<u32>, Vec<RuntimeProblem>> {
    if groups > 64 {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("{groups} groups: the draw supports at most 64"),
            &rr.origin,
        )
        .zh(format!("{groups} 个小组：抽签至多支持 64 个"))]);
    }
    let g32 = groups as u32;
    match rr.group_size {
        Some(size) => {
            if size.checked_mul(g32) != Some(n) {
                return Err(vec![RuntimeProblem::new(
                    codes::IMPOSSIBLE_DRAW,
                    format!(
                        "{n} entrants cannot fill {groups} groups of {size} (that needs {})",
                        u64::from(size) * groups as u64
                    ),
                    &rr.origin,
                )
                .zh(format!(
                    "{n} 名参赛者填不满 {groups} 个 {size} 人的小组（需要 {} 人）",
                    u64::from(size) * groups as u64
                ))]);
            }
            Ok(vec![size; groups])
        }
        None => Ok((0..g32).map(|g| n / g32 + u32::from(g < n % g32)).collect()),
    }
}

/// The pots of the draw, rule by rule (a player goes to the first pot that takes them), then
/// the players no rule names in a random pot of their own; problems for unknown pot members.
fn pots(
    plan: &Plan,
    rules: &[DrawRule],
    roster: &Roster,
    members: &[usize],
) -> (Vec<Pot>, Vec<RuntimeProblem>) {
    let mut taken = vec![false; roster.players.len()];
    let mut pots: Vec<Pot> = Vec::new();
    let mut problems = Vec::new();
    for rule in rules {
        let free: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| !taken.get(i).copied().unwrap_or(true))
            .collect();
        let pot = pot_of(plan, rule, roster, &free, &mut problems);
        for &i in &pot.players {
            if let Some(t) = taken.get_mut(i) {
                *t = true;
            }
        }
        pots.push(pot);
    }
    let left: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| !taken.get(i).copied().unwrap_or(true))
        .collect();
    if !left.is_empty() {
        pots.push(Pot {
            exempt: false,
            label: "rest".to_string(),
            quota: u32::MAX,
            players: left,
            order: DrawOrder::Random,
            origin: Origin::default_rule(
                "default: players no draw rule names are drawn into groups at random",
            ),
        });
    }
    (pots, problems)
}

/// The pot one draw rule makes of the stage's players not in an earlier pot (`free`, in
/// member order).
fn pot_of(
    plan: &Plan,
    rule: &DrawRule,
    roster: &Roster,
    free: &[usize],
    problems: &mut Vec<RuntimeProblem>,
) -> Pot {
    match rule {
        DrawRule::PoolQuota {
            pool,
            per_group,
            order,
            origin,
        } => {
            let mut players: Vec<usize> = free
                .iter()
                .copied()
                .filter(|&i| roster.players.get(i).is_some_and(|p| p.in_pool(pool)))
                .collect();
            players.sort_by_key(|&i| list_key(roster, i));
            Pot {
                exempt: true,
                label: format!("pool {pool}"),
                quota: *per_group,
                players,
                order: *order,
                origin: origin.clone(),
            }
        }
        DrawRule::Pot {
            title,
            members: names,
            per_group,
            origin,
        } => {
            let mut players = Vec::new();
            for name in names {
                // A pot member is a player id or a category name.
                if let Some(i) = roster.index_of(name) {
                    if free.contains(&i) {
                        players.push(i);
                    }
                } else if let Some(cat) = plan.categories.get(name) {
                    for &i in free {
                        if !players.contains(&i)
                            && roster
                                .players
                                .get(i)
                                .is_some_and(|p| in_category(plan, cat, p))
                        {
                            players.push(i);
                        }
                    }
                } else {
                    problems.push(RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!("pot member `{name}` is neither a player in the roster nor a category"),
                        origin,
                    ).zh(format!("档内的 `{name}` 既不是名单中的棋手，也不是组别")));
                }
            }
            Pot {
                exempt: true,
                label: title.clone().unwrap_or_else(|| "pot".to_string()),
                quota: *per_group,
                players,
                order: DrawOrder::ListOrder,
                origin: origin.clone(),
            }
        }
        DrawRule::RatingSeeds { places, origin } => {
            let mut rest = free.to_vec();
            rest.sort_by_key(|&i| {
                let r = roster.players.get(i).and_then(|p| p.rating).unwrap_or(0);
                (std::cmp::Reverse(r), list_key(roster, i))
            });
            let from = places.from.max(1) as usize - 1;
            let to = (places.to as usize).min(rest.len());
            let players: Vec<usize> = rest
                .get(from..to)
                .map(<[usize]>::to_vec)
                .unwrap_or_default();
            Pot {
                exempt: false,
                label: format!("rating places {places}"),
                quota: 1,
                players,
                order: DrawOrder::ListOrder,
                origin: origin.clone(),
            }
        }
        DrawRule::Rest { order, origin } => {
            let mut players = free.to_vec();
            players.sort_by_key(|&i| list_key(roster, i));
            if *order == DrawOrder::Rating {
                // The serpentine's order: the best rated first, equal ratings in list order.
                players.sort_by_key(|&i| {
                    let r = roster.players.get(i).and_then(|p| p.rating).unwrap_or(0);
                    (std::cmp::Reverse(r), list_key(roster, i))
                });
            }
            Pot {
                exempt: false,
                label: "rest".to_string(),
                quota: u32::MAX,
                players,
                order: *order,
                origin: origin.clone(),
            }
        }
    }
}

/// A problem for each pot with more players than its quota per group allows in all groups.
fn over_quota(pots: &[Pot], groups: usize) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for pot in pots {
        let max = u64::from(pot.quota).saturating_mul(groups as u64);
        if pot.players.len() as u64 > max {
            problems.push(
                RuntimeProblem::new(
                    codes::IMPOSSIBLE_DRAW,
                    format!(
                        "{}: {} players, but at most {} per group in {groups} groups",
                        pot.label,
                        pot.players.len(),
                        pot.quota
                    ),
                    &pot.origin,
                )
                .zh(format!(
                    "{}：{} 名棋手，但 {groups} 个小组每组至多 {} 名",
                    pot.label,
                    pot.players.len(),
                    pot.quota
                )),
            );
        }
    }
    problems
}

/// The draw's slots, pot by pot in pot order: each slot's pot and unit (units numbered in
/// order of first appearance; a blank unit is none) and the player it holds.
struct UnitSlots<'r> {
    ids: BTreeMap<&'r str, usize>,
    slots: Vec<(usize, Option<usize>)>,
    slot_player: Vec<usize>,
}

impl<'r> UnitSlots<'r> {
    fn of(pots: &[Pot], roster: &'r Roster, by: AvoidBy) -> Self {
        let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
        let mut slots = Vec::new();
        let mut slot_player = Vec::new();
        for (pi, pot) in pots.iter().enumerate() {
            for &i in &pot.players {
                let unit = roster
                    .players
                    .get(i)
                    .and_then(|p| p.avoid_key(by))
                    .map(|u| {
                        let next = ids.len();
                        *ids.entry(u).or_insert(next)
                    });
                slots.push((pi, unit));
                slot_player.push(i);
            }
        }
        UnitSlots {
            ids,
            slots,
            slot_player,
        }
    }

    /// With same-unit avoidance, a problem for each unit with more players outside the exempt
    /// pots than there are groups.
    fn too_many_for_avoidance(
        &self,
        pots: &[Pot],
        roster: &Roster,
        groups: usize,
        origin: &Origin,
    ) -> Vec<RuntimeProblem> {
        let mut problems = Vec::new();
        let mut by_unit: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (s, &(pot, u)) in self.slots.iter().enumerate() {
            if pots.get(pot).is_some_and(|p| p.exempt) {
                continue;
            }
            if let (Some(u), Some(&p)) = (u, self.slot_player.get(s)) {
                by_unit.entry(u).or_default().push(p);
            }
        }
        for (name, id) in &self.ids {
            let players = by_unit.get(id).map(Vec::as_slice).unwrap_or(&[]);
            if players.len() > groups {
                let ids: Vec<&str> = players
                    .iter()
                    .filter_map(|&i| roster.players.get(i).map(|p| p.id.as_str()))
                    .collect();
                problems.push(RuntimeProblem::new(
                    codes::IMPOSSIBLE_DRAW,
                    format!(
                        "{} players of unit `{name}` ({}) for {groups} groups with same-unit avoidance",
                        players.len(),
                        ids.join(", ")
                    ),
                    origin,
                ).zh(format!("单位 `{name}` 有 {} 名棋手（{}），同单位回避时只有 {groups} 个小组", players.len(), ids.join("、"))));
            }
        }
        problems
    }

    /// The order the solver places slots in: pots with a quota first, then the players of the
    /// largest units, then slot order.
    fn solving_order(&self, quotas: &[u32]) -> Vec<usize> {
        let mut unit_size: BTreeMap<usize, usize> = BTreeMap::new();
        for &(_, u) in &self.slots {
            if let Some(u) = u {
                *unit_size.entry(u).or_insert(0) += 1;
            }
        }
        let mut order: Vec<usize> = (0..self.slots.len()).collect();
        order.sort_by_key(|&s| {
            let (pot, unit) = self.slots.get(s).copied().unwrap_or((0, None));
            let tight = quotas.get(pot).is_some_and(|&q| q != u32::MAX);
            let size = unit.and_then(|u| unit_size.get(&u)).copied().unwrap_or(0);
            (!tight, std::cmp::Reverse(size), s)
        });
        order
    }
}
