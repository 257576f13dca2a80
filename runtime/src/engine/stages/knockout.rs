//! Knockout stages: the bracket (seeded, by places, with byes), its matches round by round, third-place and placement brackets, and the places they decide.

use super::team_knockout;
use super::*;
use crate::engine::StandIn;
use crate::plan::KnockoutByes;

struct Bracketing<'s> {
    ix: usize,
    stage: &'s Stage,
    ko: &'s Knockout,
    /// Highest stage place anyone needs.
    needed: u32,
    ranking: Vec<(u32, bool, usize)>,
    eliminated: BTreeMap<u32, Vec<usize>>,
    matches: Vec<MatchOut>,
    games: Vec<GameOut>,
    /// A team knockout's teams, by the first board that stands for each in the bracket.
    teams: Option<team_knockout::TeamsByEntry>,
    /// Per round, the boards its brackets took so far: a final and the match for 3rd place
    /// (or a placement bracket) share a round, and board numbers go on across them as the
    /// hall numbers its tables (both were board 1, while `event pair` said 1 and 2).
    boards_used: BTreeMap<u32, u32>,
    /// (round, player): the player stands in that round's bracket for a match still to be
    /// played (its first-listed side moved on as winner, the other as loser), so the match it
    /// plays is still to be played too: no withdrawal decides it (p8 withdrawn, the match for
    /// 3rd place against a pending semi-final's stand-in loser was p8's forfeit).
    stand_ins: BTreeMap<(u32, usize), StandIn>,
    /// The best place each player can still reach: the first place of the last bracket a
    /// decided match sent it to (a stand-in keeps the one it had). A pending match's players
    /// share a place no better than this (p8, out of its semi-final by forfeit, is 3= beside a
    /// pending semi-final, not 1=).
    ceiling: BTreeMap<usize, u32>,
}

fn bracket_label(n: usize, first_place: u32, main: bool) -> String {
    if main {
        match n {
            2 => "final".to_string(),
            4 => "semi-final".to_string(),
            8 => "quarter-final".to_string(),
            _ => format!("round of {n}"),
        }
    } else if n == 2 {
        format!("match for places {}-{}", first_place, first_place + 1)
    } else {
        format!(
            "places {}-{} bracket",
            first_place,
            first_place + n as u32 - 1
        )
    }
}

fn play_bracket(
    ctx: &mut Ctx<'_>,
    st: &mut Bracketing<'_>,
    slots: Vec<Option<usize>>,
    first_place: u32,
    round: u32,
    main: bool,
) {
    let real: Vec<usize> = slots.iter().flatten().copied().collect();
    if real.is_empty() {
        return;
    }
    for &p in &real {
        if !st.stand_ins.contains_key(&(round, p)) {
            st.ceiling.insert(p, first_place);
        }
    }
    if slots.len() == 1 || real.len() == 1 || first_place > st.needed {
        let shared = real.len() > 1;
        for p in real {
            st.ranking.push((first_place, shared, p));
        }
        return;
    }
    let n = slots.len();
    let label = bracket_label(n, first_place, main);
    let mut winners = Vec::with_capacity(n / 2);
    let mut losers = Vec::with_capacity(n / 2);
    let (ko, stage, ix) = (st.ko, st.stage, st.ix);
    let spec_of = |first| MatchSpec {
        games: ko.games,
        colours: ko.colours,
        colours_origin: &ko.origin,
        playoff: stage.playoff.as_ref(),
        scoring: &stage.scoring,
        label: &label,
        first,
    };
    // A team match takes its boards: match k's first board is k × boards + 1, after the boards
    // of the round's brackets played before this one.
    let per_match = ko.team.as_ref().map_or(1, |t| t.boards.max(1));
    let before = st.boards_used.get(&round).copied().unwrap_or(0);
    let matches = u32::try_from(slots.len() / 2).unwrap_or(u32::MAX);
    st.boards_used.insert(
        round,
        before.saturating_add(matches.saturating_mul(per_match)),
    );
    let at_of = |k: usize| GameAt::board(ix, &stage.name, round, before + k as u32 * per_match + 1);
    // Every match's first colours before any match is played (the hall's order).
    let firsts: Vec<Option<(usize, usize)>> = slots
        .chunks(2)
        .enumerate()
        .map(|(k, pair)| {
            match (
                pair.first().copied().flatten(),
                pair.get(1).copied().flatten(),
            ) {
                (Some(a), Some(b)) => Some(ctx.first_colours(&at_of(k), a, b, &spec_of(None))),
                _ => None,
            }
        })
        .collect();
    for (k, pair) in slots.chunks(2).enumerate() {
        let (a, b) = (
            pair.first().copied().flatten(),
            pair.get(1).copied().flatten(),
        );
        match (a, b) {
            (Some(a), Some(b)) => {
                let spec = spec_of(firsts.get(k).copied().flatten());
                let fed_by_pending = st.stand_ins.contains_key(&(round, a))
                    || st.stand_ins.contains_key(&(round, b));
                let stand_in = std::mem::replace(&mut ctx.stand_in, fed_by_pending);
                let m = match &st.teams {
                    Some(teams) => {
                        let at = at_of(k);
                        team_knockout::play(ctx, &at, stage, teams, (a, b), &spec, &mut st.games)
                    }
                    None => ctx.play_match(&at_of(k), a, b, &spec, &mut st.games),
                };
                ctx.stand_in = stand_in;
                // Several matches of the label in the round: each numbered in bracket order.
                let number = (n > 2).then_some(k as u32 + 1);
                let mut out = ctx.match_out(round, label.clone(), a, b, &m);
                out.number = number;
                out.boards = ko.team.as_ref().map(|t| t.boards);
                out.a_stands_for = st.stand_ins.get(&(round, a)).cloned();
                out.b_stands_for = st.stand_ins.get(&(round, b)).cloned();
                if m.decided_by == "pending" {
                    let stand_in = |winner| StandIn {
                        winner,
                        label: label.clone(),
                        number,
                    };
                    st.stand_ins.insert((round + 1, m.winner), stand_in(true));
                    st.stand_ins.insert((round + 1, m.loser), stand_in(false));
                }
                st.matches.push(out);
                if main {
                    st.eliminated.entry(round).or_default().push(m.loser);
                }
                winners.push(Some(m.winner));
                losers.push(Some(m.loser));
            }
            (Some(p), None) | (None, Some(p)) => {
                let text = format!("{} {label}: {} has a bye", st.stage.said(), ctx.id(p));
                ctx.transcript.push(EntryKind::Places, text, &st.ko.origin);
                if let Some(s) = st.stand_ins.get(&(round, p)).cloned() {
                    st.stand_ins.insert((round + 1, p), s);
                }
                winners.push(Some(p));
                losers.push(None);
            }
            (None, None) => {
                winners.push(None);
                losers.push(None);
            }
        }
    }
    play_bracket(ctx, st, winners, first_place, round + 1, main);
    let lower = first_place + (n / 2) as u32;
    let plays_on = st.ko.placement || (st.ko.third_place && main && n == 4);
    if plays_on {
        play_bracket(ctx, st, losers, lower, round + 1, false);
    } else {
        let real: Vec<usize> = losers.iter().flatten().copied().collect();
        let shared = real.len() > 1;
        for p in real {
            st.ranking.push((lower, shared, p));
        }
    }
}

pub(super) fn knockout_stage(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage, ko: &Knockout) -> Staged {
    let field = entrants::resolve(ctx, stage)?;
    let (field, teams) = match &ko.team {
        Some(t) => {
            let (entries, teams) = team_knockout::teams(ctx, stage, t, &field)?;
            (entries, Some(teams))
        }
        None => (field, None),
    };
    let slots: Vec<Option<usize>> = match &ko.bracket {
        Bracket::Pairs { pairs } => {
            if pairs.is_empty() || !pairs.len().is_power_of_two() {
                return Err(vec![RuntimeProblem::new(
                    codes::FIELD_DOES_NOT_FIT,
                    format!(
                        "a bracket of {} first-round pairs: the number must be a power of two",
                        pairs.len()
                    ),
                    &ko.origin,
                )
                .zh(format!("对阵表首轮 {} 对：对数须为 2 的幂", pairs.len()))]);
            }
            let mut slots = Vec::with_capacity(pairs.len() * 2);
            let mut problems = Vec::new();
            for (x, y) in pairs {
                for slot in [x, y] {
                    // A team knockout's slot may name a team (`bracket (bj v sh)`).
                    let team = match (slot, &teams) {
                        (BracketSlot::Player(id), Some(teams)) => {
                            team_knockout::named_team(ctx, teams, id)
                        }
                        _ => None,
                    };
                    if team.is_some() {
                        slots.push(team);
                        continue;
                    }
                    match slot_player(ctx, slot, &field, &ko.origin) {
                        Ok(p) => slots.push(p),
                        Err(p) => problems.push(p),
                    }
                }
            }
            if !problems.is_empty() {
                return Err(problems);
            }
            slots
        }
        Bracket::Seeded {
            size,
            seeding,
            reserved,
            byes,
        } => seeded_slots(
            ctx,
            stage,
            ko,
            &field,
            *size,
            *seeding,
            reserved.as_ref(),
            byes,
            teams.as_ref(),
        )?,
    };
    if let Some(teams) = &teams {
        team_knockout::every_slot_a_team(ctx, ko, teams, &slots)?;
    }
    if let Some(run) = super::tied::not_needed(ctx, stage, ko, &slots) {
        return Ok(run);
    }
    let needed = stage
        .places
        .map(|r| r.len())
        .unwrap_or(slots.len() as u32)
        .max(1);
    let mut st = Bracketing {
        ix,
        stage,
        ko,
        needed,
        ranking: Vec::new(),
        eliminated: BTreeMap::new(),
        matches: Vec::new(),
        games: Vec::new(),
        teams,
        boards_used: BTreeMap::new(),
        stand_ins: BTreeMap::new(),
        ceiling: BTreeMap::new(),
    };
    play_bracket(ctx, &mut st, slots, 1, 1, true);
    undecided_share(ctx, &mut st.ranking, (&st.matches, &st.ceiling));
    st.ranking
        .sort_by_key(|&(place, _, p)| (place, ctx.id(p).to_string()));
    Ok(match_stage_run(
        ctx,
        stage,
        "knockout",
        st.ranking,
        st.eliminated,
        st.matches,
        st.games,
    ))
}

/// The places a match still to be played (the live driver's `pending`) leaves undecided: the
/// bracket goes on with its first-listed side as a stand-in winner, so that its later rounds
/// exist, but neither side is placed above the other. The players joined by pending matches (a
/// pending final: its two; a pending semi-final: those two, the final and the match for 3rd
/// place they lead to) share the best place among them (a pending final: 1= and 1=, the
/// match's line says it is to be played), each no better than the best place it can still
/// reach (a player a decided match sent to the match for 3rd place is 3=). Outside the live
/// driver no match is pending.
fn undecided_share(
    ctx: &Ctx<'_>,
    ranking: &mut [(u32, bool, usize)],
    (matches, ceiling): (&[MatchOut], &BTreeMap<usize, u32>),
) {
    let pending: Vec<(&str, &str)> = matches
        .iter()
        .filter(|m| m.decided_by == "pending")
        .map(|m| (m.a.as_str(), m.b.as_str()))
        .collect();
    if pending.is_empty() {
        return;
    }
    // Each player's group (by id): joined through pending matches, until nothing changes.
    let mut group: BTreeMap<String, String> = ranking
        .iter()
        .map(|&(_, _, p)| (ctx.id(p).to_string(), ctx.id(p).to_string()))
        .collect();
    loop {
        let mut changed = false;
        for &(a, b) in &pending {
            let (Some(x), Some(y)) = (group.get(a).cloned(), group.get(b).cloned()) else {
                continue;
            };
            let (low, high) = if x <= y { (x, y) } else { (y, x) };
            for g in group.values_mut().filter(|g| **g == high && high != low) {
                *g = low.clone();
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Each group's best place and size.
    let mut best: BTreeMap<&str, (u32, usize)> = BTreeMap::new();
    for &(place, _, p) in ranking.iter() {
        let Some(g) = group.get(ctx.id(p)) else {
            continue;
        };
        let e = best.entry(g.as_str()).or_insert((place, 0));
        *e = (e.0.min(place), e.1 + 1);
    }
    for row in ranking.iter_mut() {
        let g = group.get(ctx.id(row.2)).map(String::as_str);
        if let Some(&(place, size)) = g.and_then(|g| best.get(g)) {
            // No better than the player can still reach (its exit decided that much).
            row.0 = place.max(ceiling.get(&row.2).copied().unwrap_or(place));
            row.1 |= size > 1;
        }
    }
}

/// The first round of a seeded bracket of `size`, slot by slot in bracket order (None: nobody):
/// the entrants take seed numbers by `seeding` (or as a recorded draw lists them) and the
/// numbers take their standard positions; a field short of `size` leaves byes, given by `byes`.
#[allow(clippy::too_many_arguments)]
fn seeded_slots(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    ko: &Knockout,
    field: &[usize],
    size: u32,
    seeding: NumberOrder,
    reserved: Option<&crate::plan::ReservedSeeds>,
    byes: &KnockoutByes,
    teams: Option<&team_knockout::TeamsByEntry>,
) -> Result<Vec<Option<usize>>, Vec<RuntimeProblem>> {
    let Some(positions) = seed_positions(size) else {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("a seeded bracket of {size}: the size must be a power of two"),
            &ko.origin,
        )
        .zh(format!("{size} 人的种子对阵表：人数须为 2 的幂"))]);
    };
    if field.len() > size as usize {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("{} entrants for a bracket of {size}", field.len()),
            &ko.origin,
        )
        .zh(format!("{} 名参赛者，而对阵表为 {size} 人", field.len()))]);
    }
    let numbers = match seeding {
        NumberOrder::Lot => crate::plan::Numbers::Lot {
            origin: ko.origin.clone(),
        },
        NumberOrder::Rating => crate::plan::Numbers::Rating {
            origin: ko.origin.clone(),
        },
        NumberOrder::RegistrationOrder => crate::plan::Numbers::RegistrationOrder {
            origin: ko.origin.clone(),
        },
    };
    // A recorded draw (the hall's, or a scenario's) gives the seeds in order, and with them the
    // byes: it replaces every lot of the bracket, so the byes go to its first numbers.
    // A team knockout's draw names its teams (`draw { cup: gusu sip ... }`).
    let recorded = match ko.team {
        Some(_) => team_knockout::recorded_seeds(ctx, stage, field),
        None => super::super::fixed::fixed_groups(ctx, stage, &[String::new()], field)
            .map(|r| r.map(|groups| groups.into_iter().next().unwrap_or_default())),
    };
    let (seeds, byes) = match (recorded, reserved) {
        (Some(recorded), _) => (recorded?, &KnockoutByes::TopSeeds),
        (None, Some(reserved)) => (
            draw::reserved_seeds(
                ctx.plan,
                reserved,
                seeding,
                ctx.roster,
                field,
                &mut ctx.lots,
                &mut ctx.transcript,
            ),
            byes,
        ),
        // A team knockout seeds its teams by their rating, not by their first boards'.
        (None, None) => match (ko.team.as_ref().zip(teams), seeding) {
            (Some((t, teams)), NumberOrder::Rating) => {
                (team_knockout::seeds_by_rating(ctx, t, teams, field), byes)
            }
            _ => (
                draw::number(
                    ctx.plan,
                    &numbers,
                    ctx.roster,
                    field,
                    &mut ctx.lots,
                    &mut ctx.transcript,
                    "seeds: ",
                )?,
                byes,
            ),
        },
    };
    let holder = seed_holders(ctx, stage, size, &seeds, byes);
    Ok(positions
        .iter()
        .map(|&s| holder.get(s as usize - 1).copied().flatten())
        .collect())
}

/// Who holds each seed number 1..=size (None: an empty number, whose first-round opponent has a
/// bye). Top seeds: the entrants hold numbers 1..=k in seed order, so seeds 1, 2, ... face the
/// empty numbers. `byes lot` (轮空抽签决定): the lot draws which first-round pairs (s v size+1−s)
/// hold a bye, never two in one pair; in each drawn pair number size+1−s is empty, so the pair's
/// higher seed plays nobody, and the entrants fill the other numbers in seed order (numbers 1 to
/// size/2 keep their seeds, and so their halves of the bracket).
fn seed_holders(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    size: u32,
    seeds: &[usize],
    byes: &KnockoutByes,
) -> Vec<Option<usize>> {
    let size = size as usize;
    let half = size / 2;
    let top_seeds = || (0..size).map(|n| seeds.get(n).copied()).collect();
    let KnockoutByes::Lot { origin } = byes else {
        return top_seeds();
    };
    // With no bye, or a field of at most half the bracket (every entrant has one), the lot has
    // nothing to decide.
    if seeds.len() >= size || seeds.len() <= half {
        return top_seeds();
    }
    let mut tops: Vec<usize> = (1..=half).collect();
    ctx.lots.shuffle(&mut tops);
    tops.truncate(size - seeds.len());
    tops.sort_unstable();
    let empty: Vec<usize> = tops.iter().map(|t| size + 1 - t).collect();
    let mut rest = seeds.iter().copied();
    let holder: Vec<Option<usize>> = (1..=size)
        .map(|n| {
            if empty.contains(&n) {
                None
            } else {
                rest.next()
            }
        })
        .collect();
    let drawn: Vec<String> = tops
        .iter()
        .filter_map(|&t| {
            Some(format!(
                "{} (seed {t})",
                ctx.id(holder.get(t - 1).copied()??)
            ))
        })
        .collect();
    let text = format!(
        "{} byes drawn by lot (byes lot): {} {} nobody in round 1",
        stage.said(),
        drawn.join(", "),
        if drawn.len() == 1 { "plays" } else { "play" }
    );
    ctx.transcript.push(EntryKind::Draw, text, origin);
    holder
}

fn slot_player(
    ctx: &Ctx<'_>,
    slot: &BracketSlot,
    field: &[usize],
    origin: &Origin,
) -> Result<Option<usize>, RuntimeProblem> {
    match slot {
        BracketSlot::Bye => Ok(None),
        BracketSlot::Seed(n) => field
            .get((*n as usize).wrapping_sub(1))
            .copied()
            .map(Some)
            .ok_or_else(|| {
                RuntimeProblem::new(
                    codes::FIELD_DOES_NOT_FIT,
                    format!("seed {n}: the stage has {} entrants", field.len()),
                    origin,
                )
                .zh(format!(
                    "第 {n} 号种子：本阶段只有 {} 名参赛者",
                    field.len()
                ))
            }),
        BracketSlot::Player(id) => ctx.roster.index_of(id).map(Some).ok_or_else(|| {
            RuntimeProblem::new(
                codes::UNKNOWN_NAME,
                format!("bracket names `{id}`, who is not in the roster"),
                origin,
            )
            .zh(format!("对阵表写了 `{id}`，此人不在名单中"))
        }),
        BracketSlot::Place(r) => {
            let list = entrants::places(ctx, r, origin)?;
            match list.as_slice() {
                [one] => Ok(Some(*one)),
                _ => Err(RuntimeProblem::new(
                    codes::PLACE_NOT_DECIDED,
                    format!(
                        "bracket slot `{r}` must hold exactly one player; it holds {}",
                        list.len()
                    ),
                    origin,
                )
                .zh(format!(
                    "对阵位置 `{r}` 须恰有一名棋手，现有 {} 名",
                    list.len()
                ))),
            }
        }
    }
}
