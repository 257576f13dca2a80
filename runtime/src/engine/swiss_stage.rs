//! A Swiss stage, run round by round through the [`SwissPairer`](crate::pairing::SwissPairer)
//! the run options supply: the engine keeps the state, checks each pairing it gets back (every
//! number once, only available players), plays the boards, scores byes, and ranks with the
//! stage's chain.

use super::draw;
use super::entrants;
use super::outcome::{GameOut, StageOutcome};
use super::play::GameAt;
use super::problem::{codes, RuntimeProblem};
use super::standings::rank_group;
use super::tiebreak::{Competitor, Primary, Record, RecordKind};
use super::transcript::EntryKind;
use super::{Ctx, StageRun};
use crate::pairing::{SwissPlayer, SwissResult, SwissRound, SwissRoundEntry};
use crate::plan::{Stage, Swiss, SwissRounds};
use std::collections::BTreeMap;

fn swiss_result(kind: RecordKind) -> SwissResult {
    match kind {
        RecordKind::Win => SwissResult::Win,
        RecordKind::Draw => SwissResult::Draw,
        RecordKind::Loss => SwissResult::Loss,
        RecordKind::ForfeitWin => SwissResult::ForfeitWin,
        RecordKind::ForfeitLoss => SwissResult::ForfeitLoss,
        RecordKind::DoubleForfeit => SwissResult::DoubleForfeit,
        RecordKind::Bye => SwissResult::Bye,
        RecordKind::Unpaired => SwissResult::Absent,
    }
}

/// The number of rounds for a field of `n`.
pub fn rounds_for(rounds: &SwissRounds, n: u32) -> Option<u32> {
    match rounds {
        SwissRounds::Fixed { rounds } => Some(*rounds),
        SwissRounds::ByEntries { arms } => arms.iter().find(|a| a.holds(n)).map(|a| a.rounds),
    }
}

pub(crate) fn run(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
    sw: &Swiss,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    let dutch = crate::pairing::dutch_adapter::DutchPairer;
    let pairer: &dyn crate::pairing::SwissPairer = match (ctx.options.swiss, sw.system) {
        (Some(p), _) => p,
        (None, crate::plan::SwissSystem::Dutch) => &dutch,
        (None, crate::plan::SwissSystem::Cxa) => &crate::pairing::cxa::CxaPairer,
    };
    if let Some(split) = &sw.split {
        if split.top == 0 || split.after_round == 0 {
            return Err(vec![RuntimeProblem::new(
                codes::UNSUPPORTED,
                format!(
                    "stage `{}`: a split needs at least one round and one player",
                    stage.name
                ),
                &split.origin,
            )
            .zh(format!("阶段 `{}`：分段至少需要一轮、一名棋手", stage.name))]);
        }
    }
    let all = entrants::resolve(ctx, stage)?;
    // Late entrants: numbered after the field that started the stage (whose numbers and lots are
    // what they were before anyone entered), in the order of their entry rounds.
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
        ),
    };
    let mut entering: Vec<(u32, usize)> = late.iter().map(|(&p, &r)| (r, p)).collect();
    entering.sort();
    members.extend(entering.iter().map(|&(_, p)| p));
    let missed = super::late::missed_points(sw, &stage.scoring);
    // The rounds of a field by entries are the starting field's: an entry never changes them.
    let n = members.len() as u32;
    let Some(total) = rounds_for(&sw.rounds, field.len() as u32) else {
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
    let mut comps: Vec<Competitor> = vec![Competitor::default(); members.len()];
    let mut state: Vec<SwissPlayer> = members
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let pl = ctx.roster.players.get(p);
            SwissPlayer {
                number: k as u32 + 1,
                id: ctx.id(p).to_string(),
                rating: pl.and_then(|x| x.rating).unwrap_or(0),
                // What the stage's avoidance keeps apart: the unit, or the federation.
                unit: pl
                    .and_then(|x| x.avoid_key(sw.avoid_by))
                    .map(str::to_string),
                points: 0,
                history: Vec::new(),
                available: true,
            }
        })
        .collect();
    let mut games: Vec<GameOut> = Vec::new();
    // Table positions of the players who left at the split, in their standing order then.
    let mut split_off: Vec<usize> = Vec::new();
    if let Some(split) = &sw.split {
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
        // players, as for the whole Swiss above.
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
    }
    for round in 1..=total {
        if let Some(split) = sw.split.as_ref().filter(|s| s.after_round + 1 == round) {
            let mut now = comps.clone();
            for (pos, comp) in now.iter_mut().enumerate() {
                comp.fouls = members
                    .get(pos)
                    .and_then(|&p| ctx.fouls.get(p))
                    .copied()
                    .unwrap_or(0);
            }
            let (run, _) = rank_group(ctx, stage, "", &members, now, Primary::Points);
            for &(_, _, p) in run.ranking.iter().take(split.top as usize) {
                if let Some(pos) = members.iter().position(|&m| m == p) {
                    split_off.push(pos);
                }
            }
            let ids: Vec<&str> = split_off
                .iter()
                .filter_map(|&k| state.get(k).map(|s| s.id.as_str()))
                .collect();
            let text = format!(
                "after round {}: the top {} ({}) leave for `{}`; rounds {round}-{total} pair the others",
                split.after_round,
                split.top,
                ids.join(" "),
                split.to
            );
            ctx.transcript.push(EntryKind::Pairing, text, &split.origin);
        }
        // Late entrants who have not entered yet sit the round out on the missed-round bye.
        let mut not_yet: Vec<bool> = vec![false; members.len()];
        for (k, &p) in members.iter().enumerate() {
            let out = ctx.is_withdrawn(p, ix, &stage.name, round);
            let gone = split_off.contains(&k);
            let waiting = late.get(&p).is_some_and(|&r| round < r);
            if let Some(w) = not_yet.get_mut(k) {
                *w = waiting;
            }
            if let Some(s) = state.get_mut(k) {
                s.available = !out && !gone && !waiting;
            }
        }
        let input = SwissRound {
            round,
            total_rounds: total,
            players: &state,
            params: sw,
            scoring: &stage.scoring,
        };
        // A published round stands as published (the live driver); any other is paired.
        let published = super::fixed::published_round(ctx, stage, round, &state, &sw.origin);
        let pairing = match published {
            Some(p) => p?,
            None => pairer.pair(&input).map_err(|f| {
                vec![RuntimeProblem::new(
                    codes::SWISS_PAIRING,
                    format!("stage `{}` round {round}: {}", stage.name, f.message),
                    &sw.origin,
                )
                .zh(format!(
                    "阶段 `{}` 第 {round} 轮：{}",
                    stage.name, f.message
                ))]
            })?,
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
        let mut seen: BTreeMap<u32, ()> = BTreeMap::new();
        let mut check = |x: u32| -> Result<usize, Vec<RuntimeProblem>> {
            let ok = x >= 1
                && x <= n
                && seen.insert(x, ()).is_none()
                && state.get(x as usize - 1).is_some_and(|s| s.available);
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
        let mut round_records: Vec<Option<Record>> = vec![None; members.len()];
        for (board, &(rp, bp)) in boards.iter().enumerate() {
            let (Some(&red), Some(&black)) = (members.get(rp), members.get(bp)) else {
                continue;
            };
            let at = GameAt {
                stage_ix: ix,
                stage: &stage.name,
                round,
                board: board as u32 + 1,
                group: None,
                step: None,
                alias: None,
                game_no: 1,
            };
            let played = ctx.play_game(&at, red, black, &mut games);
            let (rr, br) = played.records(round, rp, bp, &stage.scoring);
            if let Some(x) = round_records.get_mut(rp) {
                *x = Some(rr);
            }
            if let Some(x) = round_records.get_mut(bp) {
                *x = Some(br);
            }
        }
        for &k in &byes {
            if let Some(x) = round_records.get_mut(k) {
                *x = Some(Record {
                    round,
                    opponent: None,
                    side: None,
                    kind: RecordKind::Bye,
                    points: sw.bye.points,
                });
            }
            let text = format!(
                "round {round}: {} has the bye ({} points)",
                state.get(k).map(|s| s.id.as_str()).unwrap_or("?"),
                sw.bye.points
            );
            ctx.transcript
                .push(EntryKind::Pairing, text, &sw.bye.origin);
        }
        if let Some(clause) = &sw.late_entry {
            for (k, _) in not_yet.iter().enumerate().filter(|(_, w)| **w) {
                let p = members.get(k).copied().unwrap_or(0);
                let text = format!(
                    "round {round}: {} enters late, before round {}: this round is a {} bye ({missed} points)",
                    ctx.id(p),
                    late.get(&p).copied().unwrap_or(0),
                    if clause.missed == crate::plan::MissedRound::Half {
                        "half-point"
                    } else {
                        "zero-point"
                    }
                );
                ctx.transcript
                    .push(EntryKind::Pairing, text, &clause.origin);
            }
        }
        for (k, rec) in round_records.into_iter().enumerate() {
            let waiting = not_yet.get(k).copied().unwrap_or(false);
            let rec = rec.unwrap_or(Record {
                round,
                opponent: None,
                side: None,
                kind: RecordKind::Unpaired,
                points: if waiting { missed } else { 0 },
            });
            if let Some(c) = comps.get_mut(k) {
                c.records.push(rec);
            }
            if let Some(s) = state.get_mut(k) {
                s.points += rec.points;
                s.history.push(SwissRoundEntry {
                    opponent: rec.opponent.map(|o| o as u32 + 1),
                    colour: rec.side,
                    result: swiss_result(rec.kind),
                    points: rec.points,
                });
            }
        }
    }
    for (pos, comp) in comps.iter_mut().enumerate() {
        comp.fouls = members
            .get(pos)
            .and_then(|&p| ctx.fouls.get(p))
            .copied()
            .unwrap_or(0);
    }
    let (mut run, mut out) = rank_group(ctx, stage, "", &members, comps, Primary::Points);
    let trf = super::trf_out::stage_trf(ctx, stage, sw, &state, &out.standings);
    ctx.swiss_trf.insert(stage.name.clone(), trf);
    if !split_off.is_empty() {
        split_ranking(&members, &split_off, &mut run, &mut out, ctx);
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
            games,
        },
    })
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
