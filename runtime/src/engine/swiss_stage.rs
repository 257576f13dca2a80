//! A Swiss stage, run round by round through the [`SwissPairer`](crate::pairing::SwissPairer)
//! the run options supply: the engine keeps the state, checks each pairing it gets back (every
//! number once, only available players), plays the boards, scores byes, and ranks with the
//! stage's chain.

mod field;

use super::draw;
use super::entrants;
use super::outcome::StageOutcome;
use super::problem::{codes, RuntimeProblem};
use super::standings::{rank_group, with_fouls};
use super::tiebreak::Primary;
use super::transcript::EntryKind;
use super::{Ctx, StageRun, Staged};
use crate::pairing::{SwissPlayer, SwissRound};
use crate::plan::{ColourRule, Cycles, Origin, RoundRobin, Stage, Swiss, SwissRounds};
use field::Field;
use std::collections::{BTreeMap, BTreeSet};

/// R016: no pairing of stage `stage`'s round `round`, for the pairer's reason `why` (which may
/// name the round itself: said once).
pub(crate) fn no_pairing(stage: &Stage, round: u32, why: &str, origin: &Origin) -> RuntimeProblem {
    let prefix = format!("round {round}: ");
    let why = why.strip_prefix(&prefix).unwrap_or(why);
    RuntimeProblem::new(
        codes::SWISS_PAIRING,
        format!("stage `{}` round {round}: {why}", stage.name),
        origin,
    )
    .zh(format!("阶段 `{}` 第 {round} 轮：{why}", stage.name))
}

/// A Swiss round with no pairing (`problem`): in the live driver the stage stops there, as
/// before a round that waits (no later stage runs on a stage not finished), so that the results
/// that led to it can be recorded, and `event pair` says it
/// ([`crate::engine::Outcome::unpairable`]); any other run fails with it.
pub(crate) fn unpaired(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    problem: RuntimeProblem,
) -> Result<(), Vec<RuntimeProblem>> {
    if ctx.results.rest != crate::engine::RestRule::Pending {
        return Err(vec![problem]);
    }
    ctx.unpairable.insert(stage.name.clone(), problem);
    ctx.pending += 1;
    Ok(())
}

/// The number of rounds for a field of `n`.
pub fn rounds_for(rounds: &SwissRounds, n: u32) -> Option<u32> {
    match rounds {
        SwissRounds::Fixed { rounds } => Some(*rounds),
        SwissRounds::ByEntries { arms } => arms.iter().find(|a| a.holds(n)).map(|a| a.rounds),
    }
}

pub(crate) fn run(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage, sw: &Swiss) -> Staged {
    let pairer: &dyn crate::pairing::SwissPairer = match (ctx.options.swiss, sw.system) {
        (Some(p), _) => p,
        (None, crate::plan::SwissSystem::Dutch) => &crate::pairing::dutch_adapter::DutchPairer,
        (None, crate::plan::SwissSystem::Cxa) => &crate::pairing::cxa::CxaPairer,
    };
    refuse_empty_split(stage, sw)?;
    let Seated {
        members,
        late,
        starting,
    } = seat_field(ctx, stage, sw)?;
    let n = members.len() as u32;
    let total = rounds_of(ctx, stage, sw, starting, n)?;
    refuse_split_beyond_field(stage, sw, total, n)?;
    let mut field = Field::new(ctx, sw, members, late);
    for round in 1..=total {
        if let Some(split) = sw.split.as_ref().filter(|s| s.after_round + 1 == round) {
            field.split(ctx, stage, split, round, total);
        }
        let not_yet = field.mark_available(ctx, ix, stage, round);
        let input = SwissRound {
            round,
            total_rounds: total,
            players: &field.state,
            params: sw,
            scoring: &stage.scoring,
        };
        // A published round stands as published (the live driver); any other is paired.
        let pairing =
            match super::fixed::published_round(ctx, stage, round, &field.state, &sw.origin) {
                Some(p) => p?,
                None => match pairer.pair(&input) {
                    Ok(p) => p,
                    Err(f) => {
                        unpaired(ctx, stage, no_pairing(stage, round, &f.message, &sw.origin))?;
                        break;
                    }
                },
            };
        for note in &pairing.notes {
            ctx.transcript.push(
                EntryKind::Pairing,
                // The pairer's notes name their round already (CXA's do); others get it here.
                if note.starts_with("round ") {
                    note.clone()
                } else {
                    format!("round {round}: {note}")
                },
                &sw.origin,
            );
        }
        let (boards, byes) = seats(stage, sw, round, &pairing, &field.state)?;
        let pending_before = ctx.pending;
        let mut records = field.play(ctx, ix, stage, round, &boards);
        if ctx.pending > pending_before {
            // The live driver: this round waits for results. Its boards are there to publish,
            // but the standings stay those after the last complete round, and no later round
            // is paired from placeholder results (their opponents would count in 对手分).
            break;
        }
        field.give_byes(ctx, sw, round, &byes, &mut records);
        let missed = super::late::missed_points(sw, &stage.scoring);
        field.note_late(ctx, sw, round, &not_yet, missed);
        field.commit(round, records, &not_yet, missed);
    }
    let comps = with_fouls(ctx, &field.members, field.comps);
    let (mut run, mut out) = rank_group(ctx, stage, "", &field.members, comps, Primary::Points);
    let (trf, cut) = super::trf_out::stage_trf(ctx, stage, sw, &field.state, &out.standings);
    if let Some(trf) = trf {
        ctx.swiss_trf.insert(stage.name.clone(), trf);
    }
    ctx.swiss_trf_warnings.insert(stage.name.clone(), cut);
    if !field.split_off.is_empty() {
        split_ranking(&field.members, &field.split_off, &mut run, &mut out, ctx);
    }
    Ok(StageRun {
        name: stage.name.clone(),
        groups: vec![run],
        eliminated: BTreeMap::new(),
        out: StageOutcome {
            name: stage.name.clone(),
            kind: "swiss".to_string(),
            groups: vec![out],
            matches: Vec::new(),
            games: field.games,
        },
    })
}

/// A split needs at least one round before it and one player to send on.
fn refuse_empty_split(stage: &Stage, sw: &Swiss) -> Result<(), Vec<RuntimeProblem>> {
    match &sw.split {
        Some(split) if split.top == 0 || split.after_round == 0 => Err(vec![RuntimeProblem::new(
            codes::UNSUPPORTED,
            format!(
                "stage `{}`: a split needs at least one round and one player",
                stage.name
            ),
            &split.origin,
        )
        .zh(format!("阶段 `{}`：分段至少需要一轮、一名棋手", stage.name))]),
        _ => Ok(()),
    }
}

/// The stage's table before round 1.
struct Seated {
    /// The starting field numbered (recorded or drawn), then the late entrants after it in the
    /// order of their entry rounds.
    members: Vec<usize>,
    /// Each late entrant's entry round.
    late: BTreeMap<usize, u32>,
    /// The size of the starting field.
    starting: u32,
}

fn seat_field(ctx: &mut Ctx<'_>, stage: &Stage, sw: &Swiss) -> Result<Seated, Vec<RuntimeProblem>> {
    let all = entrants::resolve(ctx, stage)?;
    // Late entrants are numbered after the field that started the stage, whose numbers and lots
    // are what they were before anyone entered.
    let late = super::late::of_stage(&ctx.results.entries, ctx.roster, &stage.name, &all)?;
    let field: Vec<usize> = all
        .iter()
        .copied()
        .filter(|p| !late.contains_key(p))
        .collect();
    let mut members = match super::fixed::fixed_groups(ctx, stage, &[String::new()], &field) {
        Some(recorded) => recorded?.into_iter().next().unwrap_or_default(),
        None => draw::number(
            ctx.plan,
            &sw.numbers,
            ctx.roster,
            &field,
            &mut ctx.lots,
            &mut ctx.transcript,
            "",
        )?,
    };
    let mut entering: Vec<(u32, usize)> = late.iter().map(|(&p, &r)| (r, p)).collect();
    entering.sort();
    members.extend(entering.iter().map(|&(_, p)| p));
    Ok(Seated {
        members,
        late,
        starting: field.len() as u32,
    })
}

/// A field in a round-robin row of the table by entries (`..8: round_robin`): the single round
/// robin the stage plays instead (`stages` runs it), under its numbers and tie-breaks; said in
/// the transcript.
pub(crate) fn round_robin_row(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    sw: &Swiss,
) -> Result<Option<RoundRobin>, Vec<RuntimeProblem>> {
    let SwissRounds::ByEntries { arms } = &sw.rounds else {
        return Ok(None);
    };
    let n = entrants::resolve(ctx, stage)?.len() as u32;
    let Some(arm) = arms.iter().find(|a| a.holds(n) && a.round_robin) else {
        return Ok(None);
    };
    let rounds = if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    };
    ctx.transcript.push(
        EntryKind::Pairing,
        format!(
            "rounds by entries: a field of {n} is in the row `{}: round_robin`, so a single round robin of {rounds} rounds instead of the Swiss",
            arm.label()
        ),
        &sw.origin,
    );
    Ok(Some(RoundRobin {
        cycles: Cycles::Single,
        groups: Vec::new(),
        group_size: None,
        draw: None,
        numbers: sw.numbers.clone(),
        swap_last_two: false,
        colours: ColourRule::FirstListedRed,
        origin: sw.origin.clone(),
    }))
}

/// The number of rounds, said in the transcript where the regulation left it open or chose it
/// by entries; refused when no arm holds the field or the field is too small for it.
fn rounds_of(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    sw: &Swiss,
    starting: u32,
    n: u32,
) -> Result<u32, Vec<RuntimeProblem>> {
    // The rounds of a field by entries are the starting field's: an entry never changes them.
    let Some(total) = rounds_for(&sw.rounds, starting) else {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("stage `{}`: no rounds arm holds a field of {n}", stage.name),
            &sw.origin,
        )
        .zh(format!(
            "阶段 `{}`：按人数定轮次的各档都不含 {n} 人的规模",
            stage.name
        ))]);
    };
    for v in &sw.open {
        if let Some(value) = &v.assumed {
            ctx.transcript.push(
                EntryKind::Pairing,
                format!(
                    "the {} is to be announced: this run assumes {value} (`assume {} {value}`)",
                    if v.what == "rounds" {
                        "number of rounds"
                    } else {
                        "pairing system"
                    },
                    v.what
                ),
                &v.origin,
            );
        }
    }
    if let SwissRounds::ByEntries { arms } = &sw.rounds {
        if let Some(arm) = arms.iter().find(|a| a.holds(n)) {
            let row = arm.label();
            ctx.transcript.push(
                EntryKind::Pairing,
                format!("rounds by entries: a field of {n} is in the row `{row}: {total}`, so {total} rounds"),
                &sw.origin,
            );
        }
    }
    if total >= n.max(2) {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("stage `{}`: {total} rounds for {n} players; a Swiss needs fewer rounds than players", stage.name),
            &sw.origin,
        ).zh(format!("阶段 `{}`：{n} 人赛 {total} 轮；积分编排的轮数须少于人数", stage.name))]);
    }
    Ok(total)
}

/// A split must leave a Swiss to play: players who stay, and fewer rounds left than of them.
fn refuse_split_beyond_field(
    stage: &Stage,
    sw: &Swiss,
    total: u32,
    n: u32,
) -> Result<(), Vec<RuntimeProblem>> {
    let Some(split) = &sw.split else {
        return Ok(());
    };
    if split.after_round >= total || split.top >= n {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!(
                "stage `{}`: a split after round {} of {total} sending {} of {n} players on leaves no Swiss to play",
                stage.name, split.after_round, split.top
            ),
            &split.origin,
        ).zh(format!("阶段 `{}`：共 {total} 轮，第 {} 轮后 {n} 人中 {} 人晋级，余下已无积分编排可赛", stage.name, split.after_round, split.top))]);
    }
    // The players who stay play the remaining rounds without a repeat: fewer rounds than
    // players, as for the whole Swiss.
    let (left, stay) = (total - split.after_round, n - split.top);
    if left >= stay.max(2) {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!(
                "stage `{}`: after the split {stay} of {n} players stay for rounds {}-{total} ({left} rounds); a Swiss needs fewer rounds than players",
                stage.name,
                split.after_round + 1
            ),
            &split.origin,
        ).zh(format!("阶段 `{}`：分段后 {n} 人中 {stay} 人继续第 {}-{total} 轮（{left} 轮）；积分编排的轮数须少于人数", stage.name, split.after_round + 1))]);
    }
    Ok(())
}

/// The pairing's boards and byes as table positions, refused unless every number is in range,
/// used once, and available this round: the engine trusts no pairer.
#[allow(clippy::type_complexity)]
fn seats(
    stage: &Stage,
    sw: &Swiss,
    round: u32,
    pairing: &crate::pairing::RoundPairing,
    state: &[SwissPlayer],
) -> Result<(Vec<(usize, usize)>, Vec<usize>), Vec<RuntimeProblem>> {
    let mut seen: BTreeSet<u32> = BTreeSet::new();
    let mut check = |x: u32| -> Result<usize, Vec<RuntimeProblem>> {
        let ok = x >= 1 && seen.insert(x) && state.get(x as usize - 1).is_some_and(|s| s.available);
        if ok {
            Ok(x as usize - 1)
        } else {
            Err(vec![RuntimeProblem::new(
                codes::SWISS_PAIRING,
                format!("stage `{}` round {round}: the pairing uses number {x} twice, out of range, or unavailable", stage.name),
                &sw.origin,
            ).zh(format!("阶段 `{}` 第 {round} 轮：编排两次使用序号 {x}，或序号越界、不可用", stage.name))])
        }
    };
    let mut boards = Vec::with_capacity(pairing.boards.len());
    for &(r, b) in &pairing.boards {
        boards.push((check(r)?, check(b)?));
    }
    let mut byes = Vec::new();
    for &x in &pairing.byes {
        byes.push(check(x)?);
    }
    Ok((boards, byes))
}

/// After a split the stage's order is the players who left, in their standing at the split
/// (places 1..N, for `stage#1..N`), then the others by the final Swiss standing (N+1 on).
fn split_ranking(
    members: &[usize],
    split_off: &[usize],
    run: &mut super::GroupRun,
    out: &mut super::outcome::GroupOutcome,
    ctx: &Ctx<'_>,
) {
    let gone: Vec<usize> = split_off
        .iter()
        .filter_map(|&k| members.get(k).copied())
        .collect();
    let top = gone.len() as u32;
    let mut ranking: Vec<(u32, bool, usize)> = gone
        .iter()
        .enumerate()
        .map(|(k, &p)| (k as u32 + 1, false, p))
        .collect();
    let mut ahead = 0u32;
    let mut last: Option<(u32, u32)> = None;
    for &(place, shared, p) in &run.ranking {
        if gone.contains(&p) {
            continue;
        }
        ahead += 1;
        let new_place = match last {
            Some((old, new)) if shared && old == place => new,
            _ => top + ahead,
        };
        last = Some((place, new_place));
        ranking.push((new_place, shared, p));
    }
    let place_of = |id: &str| -> Option<u32> {
        ranking
            .iter()
            .find(|&&(_, _, p)| ctx.id(p) == id)
            .map(|r| r.0)
    };
    for row in &mut out.standings {
        if let Some(pl) = place_of(&row.id) {
            row.place = pl;
        }
    }
    out.standings.sort_by_key(|r| r.place);
    run.ranking = ranking;
}
