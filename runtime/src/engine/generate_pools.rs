//! The open pools a generated roster spreads its players over: when stages take their players
//! from pools of no fixed size (a city open's seven groups, each `entrants pool NAME`, 每人限报
//! 一组), the generated players go to those pools in turn, each pool only up to the caps of the
//! stages drawing from it, and each player made to meet its pool's category (组别条件).

use super::generate_want::{category_want, Want};
use super::problem::{codes, RuntimeProblem};
use crate::plan::{Date, EntrantSource, Plan, Pool, Sex};

/// A birth window and a sex that a generated player is made to meet.
pub(crate) type Slot = (Option<(Date, Date)>, Option<Sex>);

/// One pool the generated players are spread over.
struct Open<'p> {
    pool: &'p Pool,
    /// The birth window and sex its category asks (None: no category, or none by age or sex).
    want: Option<Want>,
    /// The most players its stages take (their smallest `cap`); u32::MAX without one.
    room: u32,
    filled: u32,
}

/// The pools in turn; empty when no stage draws from a pool of no fixed size.
pub(crate) struct OpenPools<'p> {
    pools: Vec<Open<'p>>,
    next: usize,
}

impl<'p> OpenPools<'p> {
    pub(crate) fn of(plan: &'p Plan, base: &Want) -> Self {
        let pools = plan
            .entry
            .pools
            .iter()
            .filter(|p| p.size.is_none() && p.host_when_odd.is_none())
            .filter(|p| {
                !plan.entry.pools.iter().any(|o| {
                    o.replacement_from
                        .as_ref()
                        .is_some_and(|r| r.pool == p.name)
                })
            })
            .filter_map(|pool| {
                let mut drawing = plan.stages.iter().filter(|s| {
                    s.entrants.iter().any(
                        |e| matches!(e, EntrantSource::Pool { name, .. } if *name == pool.name),
                    )
                });
                let first = drawing.next()?;
                let room = std::iter::once(first)
                    .chain(drawing)
                    .filter_map(|s| s.cap.as_ref().map(|c| c.max))
                    .min()
                    .unwrap_or(u32::MAX);
                let want = pool
                    .category
                    .as_deref()
                    .and_then(|c| category_want(plan, c, base))
                    .filter(|w| w != base);
                Some(Open {
                    pool,
                    want,
                    room,
                    filled: 0,
                })
            })
            .collect();
        OpenPools { pools, next: 0 }
    }

    /// The pool of the next generated player (in turn, passing pools whose stages are full;
    /// when all are, the next in turn, and the roster is refused at the cap it breaks), with
    /// what its category asks of the player's sex and birth date.
    pub(crate) fn next(&mut self) -> Option<(&'p Pool, Option<Want>)> {
        let n = self.pools.len();
        if n == 0 {
            return None;
        }
        let at = (0..n)
            .map(|k| (self.next + k) % n)
            .find(|&i| self.pools.get(i).is_some_and(|o| o.filled < o.room))
            .unwrap_or(self.next % n);
        self.next = at + 1;
        let open = self.pools.get_mut(at)?;
        open.filled += 1;
        Some((open.pool, open.want.clone()))
    }
}

/// The generated players each stage with a `cap` (or a round robin's stated size) has taken so
/// far, so that the players spread over the stages' categories never pass a cap (a small group
/// capped at 8 beside open ones).
/// The most players a stage takes: its `cap`, or the players of a round robin of a stated size
/// (`round_robin single size 8`), which plays exactly that many.
pub(crate) fn stage_cap(st: &crate::plan::Stage) -> Option<u32> {
    st.cap.as_ref().map(|c| c.max).or(match &st.format {
        crate::plan::StageFormat::RoundRobin(rr) => rr
            .group_size
            .map(|size| size.saturating_mul(rr.groups.len().max(1) as u32)),
        _ => None,
    })
}

pub(crate) struct StageCaps<'p> {
    plan: &'p Plan,
    taken: Vec<u32>,
}

impl<'p> StageCaps<'p> {
    pub(crate) fn of(plan: &'p Plan) -> Self {
        StageCaps {
            plan,
            taken: vec![0; plan.stages.len()],
        }
    }

    /// The most players a stage takes: its `cap`, or the players of a round robin of a stated
    /// size (`round_robin single size 8`), which plays exactly that many.
    fn cap(&self, stage: usize) -> Option<u32> {
        stage_cap(self.plan.stages.get(stage)?)
    }

    pub(crate) fn has_room(&self, stage: usize) -> bool {
        let taken = self.taken.get(stage).copied().unwrap_or(0);
        self.cap(stage).is_none_or(|max| taken < max)
    }

    pub(crate) fn take(&mut self, stage: usize) {
        if let Some(t) = self.taken.get_mut(stage) {
            *t += 1;
        }
    }

    /// Every stage the generated players go to is at its cap before the roster has `n`.
    pub(crate) fn full(&self, n: u32) -> RuntimeProblem {
        let room: u32 = (0..self.taken.len())
            .filter_map(|s| {
                self.cap(s)
                    .filter(|_| self.taken.get(s).is_some_and(|&t| t > 0))
            })
            .sum();
        let origin = self
            .plan
            .stages
            .iter()
            .find_map(|s| s.cap.as_ref().map(|c| &c.origin))
            .unwrap_or(&self.plan.entry.origin);
        RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!(
                "the stages' caps take {room} players in all, fewer than the {n} to generate (`--players`, else the entry's `assume field`, `field` or `cap`): ask for at most {room} (`--players {room}`, or `assume field {room}` in the entry)"
            ),
            origin,
        )
        .zh(format!(
            "各阶段的人数上限合计 {room} 人，少于要生成的 {n} 人（`--players`，否则取报名的 `assume field`、`field` 或 `cap`）：请减至 {room} 人以内（`--players {room}`，或在报名中写 `assume field {room}`）"
        ))
    }
}

/// The stages' slots that the prize slots do not already fill: a prize slot inside a stage's
/// category counts towards that stage's players (and its cap). A slot of a sex alone (a women's
/// prize table) is inside a stage of that sex whose birth window is the entry's (`base`).
pub(crate) fn stage_slots_beside_prizes(
    all_stage_slots: &[(Want, usize)],
    slots: &[Slot],
    caps: &mut StageCaps<'_>,
    base: &Want,
) -> Vec<(Want, usize)> {
    let mut stage_slots = all_stage_slots.to_vec();
    for slot in slots {
        if slot.0.is_none() && slot.1.is_none() {
            continue;
        }
        let holds = |w: &Want| holds(slot, w, base);
        if let Some((_, stage)) = all_stage_slots.iter().find(|(w, _)| holds(w)) {
            caps.take(*stage);
        }
        if let Some(i) = stage_slots.iter().position(|(w, _)| holds(w)) {
            stage_slots.remove(i);
        }
    }
    stage_slots
}

/// Whether prize slot `(window, sex)` lies inside a stage's need `w` (see
/// [`stage_slots_beside_prizes`]).
fn holds((window, sex): &Slot, w: &Want, base: &Want) -> bool {
    match window {
        Some((f, t)) => w.born.0 <= *f && *t <= w.born.1 && w.sex.is_none_or(|s| Some(s) == *sex),
        None => w.sex == *sex && w.born == base.born,
    }
}

/// The prize slots that count towards a stage's need, for a roster with no room for the prize
/// slots and the stages' needs both: the stages come first (a section short of what its rounds
/// need cannot be played; a prize table short of players pays fewer), so a prize slot beyond
/// its stage's need (a girls' table of six beside a section that needs two) is dropped.
pub(crate) fn prize_slots_within_needs(
    all_stage_slots: &[(Want, usize)],
    slots: &[Slot],
    base: &Want,
) -> Vec<Slot> {
    let mut needs = all_stage_slots.to_vec();
    slots
        .iter()
        .filter(|slot| {
            let Some(i) = needs.iter().position(|(w, _)| holds(slot, w, base)) else {
                return false;
            };
            needs.remove(i);
            true
        })
        .copied()
        .collect()
}

/// What the open player past the prize slots (number `past_prizes`, None while prize slots
/// remain) must meet. First the players the stages that draw by category need, then (when no
/// stage takes the whole roster: `cycle`) the rest spread over those categories, so that nobody
/// is left out; a problem when every stage is at its cap.
pub(crate) fn open_fit<'w>(
    past_prizes: Option<usize>,
    stage_slots: &'w [(Want, usize)],
    (cycle, all_stage_slots): (bool, &'w [(Want, usize)]),
    caps: &mut StageCaps<'_>,
    n: u32,
) -> Result<Option<&'w Want>, Vec<RuntimeProblem>> {
    let Some(i) = past_prizes else {
        return Ok(None);
    };
    Ok(match stage_slots.get(i) {
        Some((w, stage)) => {
            caps.take(*stage);
            Some(w)
        }
        // The rest in turn over the stages' categories, passing a stage at its cap.
        None if cycle && !all_stage_slots.is_empty() => {
            let len = all_stage_slots.len();
            let free = (0..len)
                .map(|j| (i + j) % len)
                .find_map(|j| all_stage_slots.get(j).filter(|(_, s)| caps.has_room(*s)));
            match free {
                Some((w, stage)) => {
                    caps.take(*stage);
                    Some(w)
                }
                None => return Err(vec![caps.full(n)]),
            }
        }
        None => None,
    })
}

/// The pool of each generated team of a team event, where a pool's size counts teams (as the
/// roster's check counts them, R006): each pool of a fixed size filled to it, in the
/// regulation's order, then the other teams in turn over the open pools stages draw from (else
/// the first open pool, else none). A problem when the pools' places outnumber the teams.
pub(crate) fn team_pools(
    plan: &Plan,
    teams: u32,
) -> Result<Vec<Option<&Pool>>, Vec<RuntimeProblem>> {
    let pools = &plan.entry.pools;
    let places: u32 = pools.iter().filter_map(|p| p.size).sum();
    if places > teams {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!("{teams} teams cannot fill {places} pool places"),
            &plan.entry.origin,
        )
        .zh(format!("{teams} 支队伍填不满 {places} 个分区名额"))]);
    }
    let reserve = |p: &Pool| {
        pools.iter().any(|o| {
            o.replacement_from
                .as_ref()
                .is_some_and(|r| r.pool == p.name)
        })
    };
    let drawn = |p: &Pool| {
        plan.stages.iter().any(|s| {
            s.entrants
                .iter()
                .any(|e| matches!(e, EntrantSource::Pool { name, .. } if *name == p.name))
        })
    };
    let open: Vec<&Pool> = pools
        .iter()
        .filter(|p| p.size.is_none() && p.host_when_odd.is_none() && !reserve(p))
        .collect();
    let spread: Vec<&Pool> = match open
        .iter()
        .filter(|p| drawn(p))
        .copied()
        .collect::<Vec<_>>()
    {
        drawn_open if !drawn_open.is_empty() => drawn_open,
        _ => open.into_iter().take(1).collect(),
    };
    let mut out: Vec<Option<&Pool>> = pools
        .iter()
        .flat_map(|p| std::iter::repeat_n(Some(p), p.size.unwrap_or(0) as usize))
        .collect();
    let fixed = out.len();
    for t in fixed..teams as usize {
        out.push(spread.get((t - fixed) % spread.len().max(1)).copied());
    }
    Ok(out)
}
