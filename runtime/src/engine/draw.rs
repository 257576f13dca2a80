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
    DrawOrder, GroupDraw, NumberOrder, Numbers, Origin, Plan, RoundRobin, SeedTier, Stage,
};
mod prepare;
use prepare::{group_names, list_key, prepare};

mod solver;

mod parity;

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

struct Prepared {
    pots: Vec<Pot>,
    solver: Solver,
    /// Draw slot -> roster index, in pot order.
    slot_player: Vec<usize>,
    units: usize,
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
        for (k, &s) in order.iter().enumerate() {
            let candidates = open_groups(&prep, &mut st, s, &witness, &mut found, names.len())
                .map_err(|e| vec![e(origin)])?;
            // `rest rating`: the serpentine's own group, asked once for the pick and its line.
            let want = (pot.order == DrawOrder::Rating).then(|| serpentine(k, names.len()));
            let pick = match want {
                Some(want) => nearest_open(want, &candidates),
                None => candidates
                    .get(lots.index(candidates.len()))
                    .copied()
                    .unwrap_or(0),
            };
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
            let text = match want {
                Some(want) => serpentine_text(&pot.label, id, &names, pick, want),
                None => placed_text(&pot.label, id, &names, pick, &candidates),
            };
            transcript.push(EntryKind::Draw, text, &pot.origin);
        }
        slot += len;
    }
    Ok(groups)
}

/// The group of the `k`-th player (from 0) of a serpentine over `groups` groups: A B C D D C B
/// A A B ...
fn serpentine(k: usize, groups: usize) -> usize {
    let groups = groups.max(1);
    let (row, col) = (k / groups, k % groups);
    if row % 2 == 0 {
        col
    } else {
        groups - 1 - col
    }
}

/// `want` when it is open, else the open group nearest to it (the lower on equal distance):
/// deterministic, no lot.
fn nearest_open(want: usize, candidates: &[usize]) -> usize {
    candidates
        .iter()
        .copied()
        .min_by_key(|&g| (g.abs_diff(want), g))
        .unwrap_or(want)
}

/// The transcript's line for one player placed by the serpentine, and why when it is not the
/// serpentine's own group.
fn serpentine_text(pot: &str, id: &str, names: &[String], pick: usize, want: usize) -> String {
    let group = |g: usize| names.get(g).map(String::as_str).unwrap_or("?");
    let why = if pick == want {
        String::new()
    } else {
        format!(
            "; group {} is full or barred, the nearest open",
            group(want)
        )
    };
    format!(
        "{pot}: {id} → group {} (by rating, serpentine{why})",
        group(pick)
    )
}

/// The groups slot `s` may go to now: those where a complete draw still exists. A group the
/// witness already puts it in needs no search; any other is tried, and the complete draw found
/// kept in `found` for that group.
fn open_groups(
    prep: &Prepared,
    st: &mut State,
    s: usize,
    witness: &[Option<usize>],
    found: &mut [Vec<Option<usize>>],
    groups: usize,
) -> Result<Vec<usize>, fn(&Origin) -> RuntimeProblem> {
    let mut candidates = Vec::new();
    for g in 0..groups {
        if !prep.solver.allowed(st, s, g) {
            continue;
        }
        if witness.get(s) == Some(&Some(g)) {
            candidates.push(g);
            continue;
        }
        prep.solver.place(st, s, g, true);
        let mut budget = NODE_BUDGET;
        let mut w = found.get_mut(g).map(std::mem::take).unwrap_or_default();
        let ok = prep.solver.complete_with(st, &mut budget, &mut w);
        if let Some(f) = found.get_mut(g) {
            *f = w;
        }
        prep.solver.place(st, s, g, false);
        match ok {
            Some(true) => candidates.push(g),
            Some(false) => {}
            None => return Err(budget_problem),
        }
    }
    if candidates.is_empty() {
        return Err(impossible);
    }
    Ok(candidates)
}

/// The transcript's line for one player drawn into a group.
fn placed_text(pot: &str, id: &str, names: &[String], pick: usize, candidates: &[usize]) -> String {
    let group = names.get(pick).map(String::as_str).unwrap_or("?");
    if candidates.len() == 1 {
        format!("{pot}: {id} → group {group} (the only group left open)")
    } else {
        let among: Vec<&str> = candidates
            .iter()
            .filter_map(|&g| names.get(g).map(String::as_str))
            .collect();
        format!(
            "{pot}: {id} → group {group} (lot among {})",
            among.join(" ")
        )
    }
}

/// Pairing numbers for `members`: returns them ordered as numbers 1, 2, ...; odd/even numbers
/// refuse a member in neither pool (R035) and pools they cannot fit (R036).
pub fn number(
    plan: &Plan,
    numbers: &Numbers,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
    transcript: &mut Transcript,
    label: &str,
) -> Result<Vec<usize>, Vec<RuntimeProblem>> {
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
        // The callers give the members in the stage's entrants order (`entrants::resolve`; a
        // drawn group sorted back into it, `stages::in_entrants_order`).
        Numbers::EntrantsOrder { origin } => (members.to_vec(), origin),
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
                        SeedTier::Pool(pool) => p.in_pool(pool),
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
        Numbers::Parity {
            odd,
            even,
            within,
            origin,
        } => {
            let p = parity::Parity {
                odd,
                even,
                within: *within,
                origin,
            };
            (parity::numbered(&p, roster, members, lots)?, origin)
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
    Ok(ordered)
}

/// Seed numbers with the first ones reserved for a category (`seeds 8 category high`): its
/// members in `seeding` order take numbers 1..=count, every other entrant (and a member beyond
/// the count) is drawn by lot into the numbers after them; one transcript line citing the clause.
pub fn reserved_seeds(
    plan: &Plan,
    reserved: &crate::plan::ReservedSeeds,
    seeding: NumberOrder,
    roster: &Roster,
    members: &[usize],
    lots: &mut Lots,
    transcript: &mut Transcript,
) -> Vec<usize> {
    let category = plan.categories.get(&reserved.category);
    let (inside, mut rest): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&i| {
        roster
            .players
            .get(i)
            .zip(category)
            .is_some_and(|(p, c)| in_category(plan, c, p))
    });
    let mut out = ordered_by(seeding, roster, &inside, lots);
    let count = (reserved.count as usize).min(out.len());
    rest.extend(out.split_off(count));
    rest.sort_unstable();
    let drawn = ordered_by(NumberOrder::Lot, roster, &rest, lots);
    let id = |i: &usize| roster.players.get(*i).map_or("?", |p| p.id.as_str());
    let head: Vec<String> = out
        .iter()
        .enumerate()
        .map(|(k, i)| format!("{} {}", k + 1, id(i)))
        .collect();
    let tail: Vec<String> = drawn
        .iter()
        .enumerate()
        .map(|(k, i)| format!("{} {}", k + 1 + count, id(i)))
        .collect();
    transcript.push(
        EntryKind::Numbers,
        format!(
            "seeds: numbers 1..{} reserved for category `{}` ({} of its members entered): {}; the rest drawn by lot: {}",
            reserved.count,
            reserved.category,
            inside.len(),
            if head.is_empty() { "none".to_string() } else { head.join(", ") },
            if tail.is_empty() { "none".to_string() } else { tail.join(", ") },
        ),
        &reserved.origin,
    );
    out.extend(drawn);
    out
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
