//! Group draws and pairing numbers.
//!
//! A group draw is a constraint problem: group capacities, per-group quotas of pots (pools,
//! named pots, rating seeds one per group) and same-unit avoidance. Before the first lot a
//! complete backtracking search decides whether any assignment exists; if none does, the draw is
//! reported impossible and nothing is drawn. Each player is then drawn by lot among only the
//! groups from which a complete assignment still exists, so the draw never dead-ends. Every lot
//! goes to the transcript.

use super::problem::{codes, RuntimeProblem};
use super::roster::{in_category, Roster};
use super::transcript::{EntryKind, Transcript};
use crate::pairing::lots::Lots;
use crate::plan::{
    DrawOrder, DrawRule, GroupDraw, NumberOrder, Numbers, Origin, Plan, RoundRobin, SeedTier, Stage,
};
use std::collections::BTreeMap;

/// Search nodes allowed for one feasibility question; far above what real draws need.
const NODE_BUDGET: u32 = 200_000;

struct Pot {
    label: String,
    /// A quota pot (pool or named pot): its members may share a unit.
    exempt: bool,
    /// Most players of this pot in one group.
    quota: u32,
    players: Vec<usize>,
    order: DrawOrder,
    origin: Origin,
}

struct Solver {
    groups: usize,
    cap: Vec<u32>,
    /// Per draw slot: (pot, unit id).
    slots: Vec<(usize, Option<usize>)>,
    quotas: Vec<u32>,
    /// Pots whose members may share a unit with each other (quota pots place them by design).
    exempt: Vec<bool>,
    avoid: bool,
    /// Slots in search order: quota pots first, then players of the largest units.
    order: Vec<usize>,
}

#[derive(Clone)]
struct State {
    count: Vec<u32>,
    pot_count: Vec<u32>,
    unit_mask: Vec<u64>,
    group_of: Vec<Option<usize>>,
}

impl Solver {
    fn new_state(&self, units: usize) -> State {
        State {
            count: vec![0; self.groups],
            pot_count: vec![0; self.groups * self.quotas.len()],
            unit_mask: vec![0; units * self.quotas.len()],
            group_of: vec![None; self.slots.len()],
        }
    }

    fn allowed(&self, st: &State, slot: usize, g: usize) -> bool {
        let Some(&(pot, unit)) = self.slots.get(slot) else {
            return false;
        };
        if st.count.get(g) >= self.cap.get(g) {
            return false;
        }
        let pc = st
            .pot_count
            .get(pot * self.groups + g)
            .copied()
            .unwrap_or(u32::MAX);
        if pc >= self.quotas.get(pot).copied().unwrap_or(0) {
            return false;
        }
        if self.avoid {
            if let Some(u) = unit {
                let pots = self.quotas.len();
                let exempt = self.exempt.get(pot).copied().unwrap_or(false);
                for q in 0..pots {
                    if q == pot && exempt {
                        continue;
                    }
                    if st
                        .unit_mask
                        .get(u * pots + q)
                        .is_some_and(|m| m & (1u64 << g) != 0)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn place(&self, st: &mut State, slot: usize, g: usize, on: bool) {
        let Some(&(pot, unit)) = self.slots.get(slot) else {
            return;
        };
        if let (Some(c), Some(pc)) = (
            st.count.get_mut(g),
            st.pot_count.get_mut(pot * self.groups + g),
        ) {
            if on {
                *c += 1;
                *pc += 1;
            } else {
                *c = c.saturating_sub(1);
                *pc = pc.saturating_sub(1);
            }
        }
        if let Some(u) = unit {
            if let Some(m) = st.unit_mask.get_mut(u * self.quotas.len() + pot) {
                if on {
                    *m |= 1u64 << g;
                } else {
                    *m &= !(1u64 << g);
                }
            }
        }
        if let Some(x) = st.group_of.get_mut(slot) {
            *x = if on { Some(g) } else { None };
        }
    }

    /// Can every unplaced slot still be placed? Slots are tried in the static `order` (most
    /// constrained first); `None` when the budget ran out.
    fn complete(&self, st: &mut State, budget: &mut u32) -> Option<bool> {
        let mut witness = Vec::new();
        self.dfs(st, 0, budget, &mut witness)
    }

    /// As [`Solver::complete`], leaving the complete assignment found in `witness`.
    fn complete_with(
        &self,
        st: &mut State,
        budget: &mut u32,
        witness: &mut Vec<Option<usize>>,
    ) -> Option<bool> {
        self.dfs(st, 0, budget, witness)
    }

    fn dfs(
        &self,
        st: &mut State,
        pos: usize,
        budget: &mut u32,
        witness: &mut Vec<Option<usize>>,
    ) -> Option<bool> {
        let mut pos = pos;
        while self
            .order
            .get(pos)
            .is_some_and(|&s| st.group_of.get(s).is_some_and(|g| g.is_some()))
        {
            pos += 1;
        }
        let Some(&slot) = self.order.get(pos) else {
            witness.clone_from(&st.group_of);
            return Some(true);
        };
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let uniform = self.cap.iter().all(|&c| Some(&c) == self.cap.first());
        let mut tried_empty = false;
        for g in 0..self.groups {
            if !self.allowed(st, slot, g) {
                continue;
            }
            // Empty groups of equal capacity are interchangeable: try one of them.
            if uniform && st.count.get(g) == Some(&0) {
                if tried_empty {
                    continue;
                }
                tried_empty = true;
            }
            self.place(st, slot, g, true);
            let r = self.dfs(st, pos + 1, budget, witness);
            self.place(st, slot, g, false);
            match r {
                Some(true) => return Some(true),
                Some(false) => {}
                None => return None,
            }
        }
        Some(false)
    }
}

struct Prepared {
    pots: Vec<Pot>,
    solver: Solver,
    /// Draw slot -> roster index, in pot order.
    slot_player: Vec<usize>,
    units: usize,
}

fn group_names(rr: &RoundRobin) -> Vec<String> {
    if rr.groups.is_empty() {
        vec![String::new()]
    } else {
        rr.groups.clone()
    }
}

fn list_key(roster: &Roster, i: usize) -> (u32, usize) {
    let order = roster
        .players
        .get(i)
        .and_then(|p| p.order)
        .unwrap_or(u32::MAX);
    (order, i)
}

fn prepare(
    plan: &Plan,
    stage: &Stage,
    rr: &RoundRobin,
    spec: Option<&GroupDraw>,
    roster: &Roster,
    members: &[usize],
) -> Result<Prepared, Vec<RuntimeProblem>> {
    let groups = group_names(rr).len();
    let n = members.len() as u32;
    let origin = spec.map(|d| &d.origin).unwrap_or(&rr.origin);
    if groups > 64 {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("{groups} groups: the draw supports at most 64"),
            &rr.origin,
        )
        .zh(format!("{groups} 个小组：抽签至多支持 64 个"))]);
    }
    let g32 = groups as u32;
    let cap: Vec<u32> = match rr.group_size {
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
            vec![size; groups]
        }
        None => (0..g32).map(|g| n / g32 + u32::from(g < n % g32)).collect(),
    };
    let mut taken = vec![false; roster.players.len()];
    let mut pots: Vec<Pot> = Vec::new();
    let mut problems = Vec::new();
    let in_members = |i: usize| members.contains(&i);
    let rules: Vec<DrawRule> = spec.map(|d| d.rules.clone()).unwrap_or_default();
    for rule in &rules {
        match rule {
            DrawRule::PoolQuota {
                pool,
                per_group,
                order,
                origin,
            } => {
                let mut players: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&i| {
                        !taken.get(i).copied().unwrap_or(true)
                            && roster
                                .players
                                .get(i)
                                .is_some_and(|p| p.pool.as_deref() == Some(pool.as_str()))
                    })
                    .collect();
                players.sort_by_key(|&i| list_key(roster, i));
                pots.push(Pot {
                    exempt: true,
                    label: format!("pool {pool}"),
                    quota: *per_group,
                    players,
                    order: *order,
                    origin: origin.clone(),
                });
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
                        if in_members(i) && !taken.get(i).copied().unwrap_or(true) {
                            players.push(i);
                        }
                    } else if let Some(cat) = plan.categories.get(name) {
                        for &i in members {
                            if !taken.get(i).copied().unwrap_or(true)
                                && !players.contains(&i)
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
                pots.push(Pot {
                    exempt: true,
                    label: title.clone().unwrap_or_else(|| "pot".to_string()),
                    quota: *per_group,
                    players,
                    order: DrawOrder::ListOrder,
                    origin: origin.clone(),
                });
            }
            DrawRule::RatingSeeds { places, origin } => {
                let mut rest: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&i| !taken.get(i).copied().unwrap_or(true))
                    .collect();
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
                pots.push(Pot {
                    exempt: false,
                    label: format!("rating places {places}"),
                    quota: 1,
                    players,
                    order: DrawOrder::ListOrder,
                    origin: origin.clone(),
                });
            }
            DrawRule::Rest { order, origin } => {
                let mut players: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&i| !taken.get(i).copied().unwrap_or(true))
                    .collect();
                players.sort_by_key(|&i| list_key(roster, i));
                pots.push(Pot {
                    exempt: false,
                    label: "rest".to_string(),
                    quota: u32::MAX,
                    players,
                    order: *order,
                    origin: origin.clone(),
                });
            }
        }
        if let Some(pot) = pots.last() {
            for &i in &pot.players {
                if let Some(t) = taken.get_mut(i) {
                    *t = true;
                }
            }
        }
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
    for pot in &pots {
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
    let avoid = spec.is_some_and(|d| d.avoid_same_unit);
    let mut unit_ids: BTreeMap<&str, usize> = BTreeMap::new();
    let mut slots = Vec::new();
    let mut slot_player = Vec::new();
    for (pi, pot) in pots.iter().enumerate() {
        for &i in &pot.players {
            let unit = roster
                .players
                .get(i)
                .and_then(|p| p.unit.as_deref())
                .filter(|u| !u.trim().is_empty())
                .map(|u| {
                    let next = unit_ids.len();
                    *unit_ids.entry(u).or_insert(next)
                });
            slots.push((pi, unit));
            slot_player.push(i);
        }
    }
    if avoid {
        let mut by_unit: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (s, &(pot, u)) in slots.iter().enumerate() {
            if pots.get(pot).is_some_and(|p| p.exempt) {
                continue;
            }
            if let (Some(u), Some(&p)) = (u, slot_player.get(s)) {
                by_unit.entry(u).or_default().push(p);
            }
        }
        for (name, id) in &unit_ids {
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
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let _ = stage;
    let quotas: Vec<u32> = pots.iter().map(|p| p.quota).collect();
    let exempt = pots.iter().map(|p| p.exempt).collect();
    let units = unit_ids.len();
    let mut unit_size: BTreeMap<usize, usize> = BTreeMap::new();
    for &(_, u) in &slots {
        if let Some(u) = u {
            *unit_size.entry(u).or_insert(0) += 1;
        }
    }
    let mut order: Vec<usize> = (0..slots.len()).collect();
    order.sort_by_key(|&s| {
        let (pot, unit) = slots.get(s).copied().unwrap_or((0, None));
        let tight = quotas.get(pot).is_some_and(|&q| q != u32::MAX);
        let size = unit.and_then(|u| unit_size.get(&u)).copied().unwrap_or(0);
        (!tight, std::cmp::Reverse(size), s)
    });
    Ok(Prepared {
        pots,
        solver: Solver {
            groups,
            cap,
            slots,
            quotas,
            exempt,
            avoid,
            order,
        },
        slot_player,
        units,
    })
}

/// Whether the draw of `stage` can be made at all; the problems say why not.
pub fn check_feasible(
    plan: &Plan,
    stage: &Stage,
    rr: &RoundRobin,
    spec: &GroupDraw,
    roster: &Roster,
    members: &[usize],
) -> Result<(), Vec<RuntimeProblem>> {
    let prep = prepare(plan, stage, rr, Some(spec), roster, members)?;
    let mut st = prep.solver.new_state(prep.units);
    let mut budget = NODE_BUDGET;
    match prep.solver.complete(&mut st, &mut budget) {
        Some(true) => Ok(()),
        Some(false) => Err(vec![impossible(&spec.origin)]),
        None => Err(vec![budget_problem(&spec.origin)]),
    }
}

fn impossible(origin: &Origin) -> RuntimeProblem {
    RuntimeProblem::new(
        codes::IMPOSSIBLE_DRAW,
        "no assignment to groups satisfies the quotas, the seeds and same-unit avoidance together",
        origin,
    )
    .zh("没有一种分组能同时满足名额、种子和同单位回避")
}

fn budget_problem(origin: &Origin) -> RuntimeProblem {
    RuntimeProblem::new(
        codes::DRAW_SEARCH_BUDGET,
        format!("the draw search gave up after {NODE_BUDGET} steps without deciding"),
        origin,
    )
    .zh(format!("抽签搜索在 {NODE_BUDGET} 步后放弃，未能定出结果"))
}

/// Draw `members` into the stage's groups; returns each group's players in draw order.
pub fn draw_groups(
    plan: &Plan,
    stage: &Stage,
    rr: &RoundRobin,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
    transcript: &mut Transcript,
) -> Result<Vec<Vec<usize>>, Vec<RuntimeProblem>> {
    let names = group_names(rr);
    if names.len() == 1 {
        return Ok(vec![members.to_vec()]);
    }
    let spec = rr.draw.as_ref();
    let prep = prepare(plan, stage, rr, spec, roster, members)?;
    let origin = spec.map(|d| &d.origin).unwrap_or(&rr.origin);
    let mut st = prep.solver.new_state(prep.units);
    let mut budget = NODE_BUDGET;
    // A complete assignment consistent with every player drawn so far: a candidate group it
    // agrees with needs no search.
    let mut witness: Vec<Option<usize>> = Vec::new();
    match prep
        .solver
        .complete_with(&mut st, &mut budget, &mut witness)
    {
        Some(true) => {}
        Some(false) => return Err(vec![impossible(origin)]),
        None => return Err(vec![budget_problem(origin)]),
    }
    let mut found: Vec<Vec<Option<usize>>> = vec![Vec::new(); names.len()];
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
    let mut slot = 0usize;
    for pot in &prep.pots {
        let len = pot.players.len();
        let mut order: Vec<usize> = (slot..slot + len).collect();
        if pot.order == DrawOrder::Random && len > 1 {
            lots.shuffle(&mut order);
            let ids: Vec<&str> = order
                .iter()
                .filter_map(|&s| prep.slot_player.get(s))
                .filter_map(|&i| roster.players.get(i).map(|p| p.id.as_str()))
                .collect();
            transcript.push(
                EntryKind::Draw,
                format!("{}: drawing order by lot: {}", pot.label, ids.join(" ")),
                &pot.origin,
            );
        }
        for &s in &order {
            let mut candidates = Vec::new();
            for g in 0..names.len() {
                if !prep.solver.allowed(&st, s, g) {
                    continue;
                }
                if witness.get(s) == Some(&Some(g)) {
                    candidates.push(g);
                    continue;
                }
                prep.solver.place(&mut st, s, g, true);
                let mut budget = NODE_BUDGET;
                let slot_found = found.get_mut(g).map(std::mem::take).unwrap_or_default();
                let mut w = slot_found;
                let ok = prep.solver.complete_with(&mut st, &mut budget, &mut w);
                if let Some(f) = found.get_mut(g) {
                    *f = w;
                }
                prep.solver.place(&mut st, s, g, false);
                match ok {
                    Some(true) => candidates.push(g),
                    Some(false) => {}
                    None => return Err(vec![budget_problem(origin)]),
                }
            }
            if candidates.is_empty() {
                return Err(vec![impossible(origin)]);
            }
            let pick = candidates
                .get(lots.index(candidates.len()))
                .copied()
                .unwrap_or(0);
            if witness.get(s) != Some(&Some(pick)) {
                if let Some(f) = found.get_mut(pick) {
                    std::mem::swap(&mut witness, f);
                }
            }
            prep.solver.place(&mut st, s, pick, true);
            let Some(&player) = prep.slot_player.get(s) else {
                continue;
            };
            if let Some(g) = groups.get_mut(pick) {
                g.push(player);
            }
            let id = roster
                .players
                .get(player)
                .map(|p| p.id.as_str())
                .unwrap_or("?");
            let among: Vec<&str> = candidates
                .iter()
                .filter_map(|&g| names.get(g).map(String::as_str))
                .collect();
            let text = if candidates.len() == 1 {
                format!(
                    "{}: {id} → group {} (the only group left open)",
                    pot.label,
                    names.get(pick).map(String::as_str).unwrap_or("?")
                )
            } else {
                format!(
                    "{}: {id} → group {} (lot among {})",
                    pot.label,
                    names.get(pick).map(String::as_str).unwrap_or("?"),
                    among.join(" ")
                )
            };
            transcript.push(EntryKind::Draw, text, &pot.origin);
        }
        slot += len;
    }
    Ok(groups)
}

/// Pairing numbers for `members`: returns them ordered as numbers 1, 2, ...
pub fn number(
    plan: &Plan,
    numbers: &Numbers,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
    transcript: &mut Transcript,
    label: &str,
) -> Vec<usize> {
    let (ordered, origin) = match numbers {
        Numbers::Lot { origin } => (ordered_by(NumberOrder::Lot, roster, members, lots), origin),
        Numbers::RegistrationOrder { origin } => (
            ordered_by(NumberOrder::RegistrationOrder, roster, members, lots),
            origin,
        ),
        Numbers::Rating { origin } => (
            ordered_by(NumberOrder::Rating, roster, members, lots),
            origin,
        ),
        Numbers::Seeded {
            tiers,
            seeds_order,
            rest,
            origin,
        } => {
            let mut left: Vec<usize> = members.to_vec();
            let mut out = Vec::new();
            for tier in tiers {
                let (inside, outside): (Vec<usize>, Vec<usize>) = left.iter().partition(|&&i| {
                    roster.players.get(i).is_some_and(|p| match tier {
                        SeedTier::Title(t) => p.title == Some(*t),
                        SeedTier::Pool(pool) => p.pool.as_deref() == Some(pool.as_str()),
                        SeedTier::Category(c) => plan
                            .categories
                            .get(c)
                            .is_some_and(|cat| in_category(plan, cat, p)),
                        SeedTier::Players(ids) => ids.contains(&p.id),
                    })
                });
                out.extend(ordered_by(*seeds_order, roster, &inside, lots));
                left = outside;
            }
            out.extend(ordered_by(*rest, roster, &left, lots));
            (out, origin)
        }
    };
    let ids: Vec<String> = ordered
        .iter()
        .enumerate()
        .filter_map(|(k, &i)| roster.players.get(i).map(|p| format!("{} {}", k + 1, p.id)))
        .collect();
    transcript.push(
        EntryKind::Numbers,
        format!("{label}numbers: {}", ids.join(", ")),
        origin,
    );
    ordered
}

fn ordered_by(
    order: NumberOrder,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
) -> Vec<usize> {
    let mut v = members.to_vec();
    match order {
        NumberOrder::Lot => lots.shuffle(&mut v),
        NumberOrder::RegistrationOrder => v.sort_by_key(|&i| list_key(roster, i)),
        NumberOrder::Rating => v.sort_by_key(|&i| {
            let r = roster.players.get(i).and_then(|p| p.rating).unwrap_or(0);
            (std::cmp::Reverse(r), list_key(roster, i))
        }),
    }
    v
}
