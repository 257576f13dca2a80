//! The stage runners: round robin (groups, Berger tables), knockout (brackets, byes, third place,
//! placement brackets, stopping once the needed places are known), same-place matches, Swiss
//! (through the pairing interface).

use super::draw;
use super::entrants;
use super::outcome::{GameOut, GroupOutcome, MatchOut, StageOutcome, StandingRow};
use super::play::{GameAt, MatchSpec};
use super::problem::{codes, RuntimeProblem};
use super::standings::rank_group;
use super::tiebreak::{Competitor, Primary, Record, RecordKind};
use super::transcript::EntryKind;
use super::{Ctx, GroupRun, StageRun};
use crate::pairing::knockout::seed_positions;
use crate::pairing::round_robin;
use crate::plan::{
    Bracket, BracketSlot, ColourRule, Cycles, Knockout, NumberOrder, Origin, RoundRobin, SamePlace,
    Stage, StageFormat,
};
use std::collections::BTreeMap;

pub(crate) fn run_stage(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    match &stage.format {
        StageFormat::RoundRobin(rr) => round_robin_stage(ctx, ix, stage, rr),
        StageFormat::Knockout(ko) => knockout_stage(ctx, ix, stage, ko),
        StageFormat::SamePlace(sp) => same_place_stage(ctx, ix, stage, sp),
        StageFormat::Swiss(sw) => super::swiss_stage::run(ctx, ix, stage, sw),
        StageFormat::TeamRoundRobin(t) => super::team::run(ctx, ix, stage, t),
    }
}

fn round_robin_stage(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
    rr: &RoundRobin,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    let field = entrants::resolve(ctx, stage)?;
    let names: Vec<String> = if rr.groups.is_empty() {
        vec![String::new()]
    } else {
        rr.groups.clone()
    };
    let groups: Vec<Vec<usize>> = match super::fixed::fixed_groups(ctx, stage, &names, &field) {
        Some(recorded) => recorded?,
        None => {
            let drawn = draw::draw_groups(
                ctx.plan,
                stage,
                rr,
                ctx.roster,
                &field,
                &mut ctx.lots,
                &mut ctx.transcript,
            )?;
            let mut groups: Vec<Vec<usize>> = Vec::with_capacity(drawn.len());
            for (g, members) in names.iter().zip(&drawn) {
                let label = if g.is_empty() {
                    String::new()
                } else {
                    format!("group {g}: ")
                };
                groups.push(draw::number(
                    ctx.plan,
                    &rr.numbers,
                    ctx.roster,
                    members,
                    &mut ctx.lots,
                    &mut ctx.transcript,
                    &label,
                ));
            }
            groups
        }
    };
    let double = rr.cycles == Cycles::Double;
    let schedules: Vec<Vec<Vec<round_robin::Board>>> = groups
        .iter()
        .map(|m| round_robin::schedule(m.len() as u32, double, rr.swap_last_two))
        .collect();
    let rounds = schedules.iter().map(Vec::len).max().unwrap_or(0);
    let mut comps: Vec<Vec<Competitor>> = groups
        .iter()
        .map(|m| vec![Competitor::default(); m.len()])
        .collect();
    let mut games: Vec<GameOut> = Vec::new();
    for r in 0..rounds {
        let round = r as u32 + 1;
        for (g, members) in groups.iter().enumerate() {
            let Some(boards) = schedules.get(g).and_then(|s| s.get(r)) else {
                continue;
            };
            let n = members.len() as u32;
            for (b, &(rn, bn)) in boards.iter().enumerate() {
                if rn > n || bn > n {
                    // The bye of an odd field: the player sits out the round.
                    let sitter = if rn > n { bn } else { rn };
                    if let Some(c) = comps
                        .get_mut(g)
                        .and_then(|c| c.get_mut(sitter as usize - 1))
                    {
                        c.records.push(Record {
                            round,
                            opponent: None,
                            side: None,
                            kind: RecordKind::Unpaired,
                            points: 0,
                        });
                    }
                    continue;
                }
                let (rp, bp) = (rn as usize - 1, bn as usize - 1);
                let (Some(&red), Some(&black)) = (members.get(rp), members.get(bp)) else {
                    continue;
                };
                let at = GameAt {
                    stage_ix: ix,
                    stage: &stage.name,
                    round,
                    board: b as u32 + 1,
                    group: names.get(g).map(String::as_str).filter(|s| !s.is_empty()),
                    step: None,
                    alias: None,
                    game_no: 1,
                };
                let (red, black, rp, bp) = if rr.colours == ColourRule::Lot {
                    // A recorded result is the hall's lot; else the runtime draws.
                    // The lot is drawn either way: a recorded result never shifts a later lot.
                    let lot = ctx.lots.below(2);
                    let (drawn, how) = match ctx.recorded_sides(&at, red, black) {
                        Some((r, _)) if r == red => ((red, black, rp, bp), "as recorded"),
                        Some(_) => ((black, red, bp, rp), "as recorded"),
                        None if lot == 0 => ((red, black, rp, bp), "by lot"),
                        None => ((black, red, bp, rp), "by lot"),
                    };
                    let text = format!(
                        "round {round}: colours {how}: {} has Red, {} Black",
                        ctx.id(drawn.0),
                        ctx.id(drawn.1)
                    );
                    ctx.transcript.push(EntryKind::Colours, text, &rr.origin);
                    drawn
                } else {
                    (red, black, rp, bp)
                };
                let played = ctx.play_game(&at, red, black, &mut games);
                let (rrec, brec) = played.records(round, rp, bp, &stage.scoring);
                if let Some(c) = comps.get_mut(g) {
                    if let Some(x) = c.get_mut(rp) {
                        x.records.push(rrec);
                    }
                    if let Some(x) = c.get_mut(bp) {
                        x.records.push(brec);
                    }
                }
            }
        }
    }
    let mut out_groups = Vec::new();
    let mut runs = Vec::new();
    for ((g, members), mut c) in names.iter().zip(&groups).zip(comps) {
        for (pos, comp) in c.iter_mut().enumerate() {
            comp.fouls = members
                .get(pos)
                .and_then(|&p| ctx.fouls.get(p))
                .copied()
                .unwrap_or(0);
        }
        let (run, out) = rank_group(ctx, stage, g, members, c, Primary::Points);
        runs.push(run);
        out_groups.push(out);
    }
    Ok(StageRun {
        name: stage.name.clone(),
        groups: runs,
        eliminated: BTreeMap::new(),
        out: StageOutcome {
            name: stage.name.clone(),
            kind: if double {
                "double_round_robin"
            } else {
                "round_robin"
            }
            .to_string(),
            groups: out_groups,
            matches: Vec::new(),
            games,
        },
    })
}

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
    let at_of = |k: usize| GameAt {
        stage_ix: ix,
        stage: &stage.name,
        round,
        board: k as u32 + 1,
        group: None,
        step: None,
        alias: None,
        game_no: 1,
    };
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
                let m = ctx.play_match(&at_of(k), a, b, &spec, &mut st.games);
                st.matches.push(MatchOut {
                    round,
                    label: label.clone(),
                    a: ctx.id(a).to_string(),
                    b: ctx.id(b).to_string(),
                    winner: ctx.id(m.winner).to_string(),
                    loser: ctx.id(m.loser).to_string(),
                    score: m.score,
                    decided_by: m.decided_by,
                });
                if main {
                    st.eliminated.entry(round).or_default().push(m.loser);
                }
                winners.push(Some(m.winner));
                losers.push(Some(m.loser));
            }
            (Some(p), None) | (None, Some(p)) => {
                let text = format!("{} {label}: {} has a bye", st.stage.name, ctx.id(p));
                ctx.transcript.push(EntryKind::Places, text, &st.ko.origin);
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

fn knockout_stage(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
    ko: &Knockout,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    let field = entrants::resolve(ctx, stage)?;
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
        Bracket::Seeded { size, seeding } => {
            let Some(positions) = seed_positions(*size) else {
                return Err(vec![RuntimeProblem::new(
                    codes::FIELD_DOES_NOT_FIT,
                    format!("a seeded bracket of {size}: the size must be a power of two"),
                    &ko.origin,
                )
                .zh(format!("{size} 人的种子对阵表：人数须为 2 的幂"))]);
            };
            if field.len() > *size as usize {
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
            // A recorded draw (the hall's, or a scenario's) gives the seeds in order.
            let seeds = match super::fixed::fixed_groups(ctx, stage, &[String::new()], &field) {
                Some(recorded) => recorded?.into_iter().next().unwrap_or_default(),
                None => draw::number(
                    ctx.plan,
                    &numbers,
                    ctx.roster,
                    &field,
                    &mut ctx.lots,
                    &mut ctx.transcript,
                    "seeds: ",
                ),
            };
            positions
                .iter()
                .map(|&s| seeds.get(s as usize - 1).copied())
                .collect()
        }
    };
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
    };
    play_bracket(ctx, &mut st, slots, 1, 1, true);
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

/// Where the same-place match for places 2k-1 and 2k is played.
fn same_place_at(ix: usize, stage: &Stage, k: u32) -> GameAt<'_> {
    GameAt {
        stage_ix: ix,
        stage: &stage.name,
        round: 1,
        board: k,
        group: None,
        step: None,
        alias: None,
        game_no: 1,
    }
}

fn same_place_stage(
    ctx: &mut Ctx<'_>,
    ix: usize,
    stage: &Stage,
    sp: &SamePlace,
) -> Result<StageRun, Vec<RuntimeProblem>> {
    let [(s1, g1), (s2, g2)] = sp.groups.as_slice() else {
        return Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!(
                "same-place matches need exactly two groups; {} given",
                sp.groups.len()
            ),
            &sp.origin,
        )
        .zh(format!(
            "同名次比赛须恰好两个小组，给出 {} 个",
            sp.groups.len()
        ))]);
    };
    let pairs = sp.places.len() / 2;
    let mut ranking = Vec::new();
    let mut matches = Vec::new();
    let mut games = Vec::new();
    let mut pairings = Vec::new();
    for k in 1..=pairs {
        let reference = |stage: &str, group: &str| crate::plan::PlaceRef {
            stage: stage.to_string(),
            group: crate::plan::GroupSel::Named(group.to_string()),
            places: crate::plan::PlaceRange::new(k, k),
        };
        let a = entrants::places(ctx, &reference(s1, g1), &sp.origin).map_err(|p| vec![p])?;
        let b = entrants::places(ctx, &reference(s2, g2), &sp.origin).map_err(|p| vec![p])?;
        let (Some(&a), Some(&b)) = (a.first(), b.first()) else {
            continue;
        };
        pairings.push((k, a, b));
    }
    // Every match's first colours before any match is played (the hall's order).
    let mut firsts = Vec::new();
    for &(k, a, b) in &pairings {
        let first = 2 * k - 1;
        let label = format!("match for places {}-{}", first, first + 1);
        let spec = MatchSpec {
            games: sp.games,
            colours: sp.colours,
            colours_origin: &sp.origin,
            playoff: stage.playoff.as_ref(),
            scoring: &stage.scoring,
            label: &label,
            first: None,
        };
        firsts.push(ctx.first_colours(&same_place_at(ix, stage, k), a, b, &spec));
    }
    for (&(k, a, b), first_colours) in pairings.iter().zip(firsts) {
        let first = 2 * k - 1;
        let label = format!("match for places {}-{}", first, first + 1);
        let at = same_place_at(ix, stage, k);
        let spec = MatchSpec {
            games: sp.games,
            colours: sp.colours,
            colours_origin: &sp.origin,
            playoff: stage.playoff.as_ref(),
            scoring: &stage.scoring,
            label: &label,
            first: Some(first_colours),
        };
        let m = ctx.play_match(&at, a, b, &spec, &mut games);
        matches.push(MatchOut {
            round: 1,
            label,
            a: ctx.id(a).to_string(),
            b: ctx.id(b).to_string(),
            winner: ctx.id(m.winner).to_string(),
            loser: ctx.id(m.loser).to_string(),
            score: m.score,
            decided_by: m.decided_by,
        });
        ranking.push((first, false, m.winner));
        ranking.push((first + 1, false, m.loser));
    }
    Ok(match_stage_run(
        ctx,
        stage,
        "same_place",
        ranking,
        BTreeMap::new(),
        matches,
        games,
    ))
}

/// The run of a stage of matches (a knockout, same-place matches): its final ranking as the one
/// group's standings, without points or tie-breaks.
fn match_stage_run(
    ctx: &Ctx<'_>,
    stage: &Stage,
    kind: &str,
    ranking: Vec<(u32, bool, usize)>,
    eliminated: BTreeMap<u32, Vec<usize>>,
    matches: Vec<MatchOut>,
    games: Vec<GameOut>,
) -> StageRun {
    let standings = ranking
        .iter()
        .map(|&(place, shared, p)| StandingRow {
            place,
            shared,
            id: ctx.id(p).to_string(),
            player: ctx.name(p).to_string(),
            number: None,
            points: None,
            tiebreaks: Vec::new(),
        })
        .collect();
    StageRun {
        name: stage.name.clone(),
        groups: vec![GroupRun {
            name: String::new(),
            ranking,
            members: Vec::new(),
            competitors: Vec::new(),
        }],
        eliminated,
        out: StageOutcome {
            name: stage.name.clone(),
            kind: kind.to_string(),
            groups: vec![GroupOutcome {
                name: None,
                standings,
                separations: Vec::new(),
            }],
            matches,
            games,
        },
    }
}
