//! The stage runners: round robin (groups, Berger tables), knockout (brackets, byes, third place,
//! placement brackets, stopping once the needed places are known), same-place matches, Swiss
//! (through the pairing interface).

use super::draw;
use super::entrants;
use super::outcome::{GameOut, GroupOutcome, MatchOut, StageOutcome};
use super::play::{GameAt, MatchSpec};
use super::problem::{codes, RuntimeProblem};
use super::so_far::SoFar;
use super::standings::{rank_group, with_fouls};
use super::tiebreak::{Competitor, Primary, Record};
use super::transcript::EntryKind;
use super::{Ctx, GroupRun, StageRun, Staged};
use crate::pairing::knockout::seed_positions;
use crate::pairing::round_robin;
use crate::plan::{
    Bracket, BracketSlot, ColourRule, Cycles, Knockout, NumberOrder, Numbers, Origin, RoundRobin,
    SamePlace, Stage, StageFormat,
};
use std::collections::BTreeMap;

mod knockout;
use knockout::knockout_stage;
mod same_place;
use same_place::same_place_stage;
mod team_knockout;
mod tied;
mod unentered;

pub(crate) fn run_stage(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage) -> Staged {
    if let Some(run) = unentered::not_held(ctx, stage)? {
        return Ok(run);
    }
    match &stage.format {
        StageFormat::RoundRobin(rr) => round_robin_stage(ctx, ix, stage, rr),
        StageFormat::Knockout(ko) => knockout_stage(ctx, ix, stage, ko),
        StageFormat::SamePlace(sp) => same_place_stage(ctx, ix, stage, sp),
        StageFormat::Swiss(sw) => match sw.boards {
            Some(boards) => super::team_swiss::run(ctx, ix, stage, sw, boards),
            // A small field in a `round_robin` row of the table by entries plays a round robin.
            None => match super::swiss_stage::round_robin_row(ctx, stage, sw)? {
                Some(rr) => round_robin_stage(ctx, ix, stage, &rr),
                None => super::swiss_stage::run(ctx, ix, stage, sw),
            },
        },
        StageFormat::TeamRoundRobin(t) => super::team::run(ctx, ix, stage, t),
    }
}

fn round_robin_stage(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage, rr: &RoundRobin) -> Staged {
    let field = entrants::resolve(ctx, stage)?;
    let names: Vec<String> = if rr.groups.is_empty() {
        vec![String::new()]
    } else {
        rr.groups.clone()
    };
    let groups = groups_of(ctx, stage, rr, &names, &field)?;
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
    let mut so_far = SoFar::default();
    for r in 0..rounds {
        let round = r as u32 + 1;
        // The round's records (group, table position, record), counted once the round is.
        let mut records: Vec<(usize, usize, Record)> = Vec::new();
        let pending_before = ctx.pending;
        for (g, members) in groups.iter().enumerate() {
            let Some(boards) = schedules.get(g).and_then(|s| s.get(r)) else {
                continue;
            };
            let n = members.len() as u32;
            for (b, &(rn, bn)) in boards.iter().enumerate() {
                if rn > n || bn > n {
                    // The bye of an odd field: the player sits out the round.
                    let sitter = if rn > n { bn } else { rn };
                    records.push((g, sitter as usize - 1, Record::unpaired(round, 0)));
                    continue;
                }
                let (rp, bp) = (rn as usize - 1, bn as usize - 1);
                let (Some(&red), Some(&black)) = (members.get(rp), members.get(bp)) else {
                    continue;
                };
                let at = GameAt {
                    group: names.get(g).map(String::as_str).filter(|s| !s.is_empty()),
                    ..GameAt::board(ix, &stage.name, round, b as u32 + 1)
                };
                let (red, black, rp, bp) = if rr.colours == ColourRule::Lot {
                    colours_by_lot(ctx, &at, rr, (red, black, rp, bp))
                } else {
                    (red, black, rp, bp)
                };
                let pending_game = ctx.pending;
                let played = ctx.play_game(&at, red, black, &mut games);
                if ctx.pending > pending_game {
                    // The live driver: a game still to be played counts for nothing in the
                    // standings so far (not as a forfeit, not as an opponent met).
                    continue;
                }
                let (rrec, brec) = played.records(round, rp, bp, &stage.scoring);
                records.extend([(g, rp, rrec), (g, bp, brec)]);
            }
        }
        // A round not yet reached (a forfeit against a withdrawn player included) counts not.
        if !so_far.counts(ctx, &stage.name, round, ctx.pending > pending_before) {
            continue;
        }
        for (g, pos, record) in records {
            if let Some(x) = comps.get_mut(g).and_then(|c| c.get_mut(pos)) {
                x.records.push(record);
            }
        }
    }
    let mut out_groups = Vec::new();
    let mut runs = Vec::new();
    for ((g, members), c) in names.iter().zip(&groups).zip(comps) {
        let c = with_fouls(ctx, members, c);
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

/// The groups of a round robin and each one's pairing numbers: as recorded (a fixed draw), or
/// drawn and numbered by the plan's rules.
fn groups_of(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    rr: &RoundRobin,
    names: &[String],
    field: &[usize],
) -> Result<Vec<Vec<usize>>, Vec<RuntimeProblem>> {
    // One table of a stated size (`round_robin single size 8`) plays exactly that many, as the
    // groups of a draw are filled exactly: any other field is refused, never played as it comes.
    if let (1, Some(size)) = (names.len(), rr.group_size) {
        if field.len() != size as usize {
            return Err(vec![RuntimeProblem::new(
                codes::FIELD_DOES_NOT_FIT,
                format!(
                    "stage `{}` is a round robin of {size} (`size {size}`), and {} players enter it",
                    stage.name,
                    field.len()
                ),
                &rr.origin,
            )
            .zh(format!(
                "阶段 `{}` 是 {size} 人的循环赛（`size {size}`），但有 {} 名棋手进入",
                stage.name,
                field.len()
            ))]);
        }
    }
    match super::fixed::fixed_groups(ctx, stage, names, field) {
        Some(recorded) => recorded,
        None => {
            let drawn = draw::draw_groups(
                ctx.plan,
                stage,
                rr,
                ctx.roster,
                field,
                &mut ctx.lots,
                &mut ctx.transcript,
            )?;
            let mut groups: Vec<Vec<usize>> = Vec::with_capacity(drawn.len());
            for (g, members) in names.iter().zip(&drawn) {
                let members = in_entrants_order(&rr.numbers, field, members);
                let label = if g.is_empty() {
                    String::new()
                } else {
                    format!("group {g}: ")
                };
                groups.push(draw::number(
                    ctx.plan,
                    &rr.numbers,
                    ctx.roster,
                    &members,
                    &mut ctx.lots,
                    &mut ctx.transcript,
                    &label,
                )?);
            }
            Ok(groups)
        }
    }
}

/// A drawn group's members as `numbers` takes them: under `numbers entrants_order` in the order
/// the stage lists its entrants (`field`), else as drawn (a lot shuffles them as they come, so
/// the order stays what it was).
fn in_entrants_order(numbers: &Numbers, field: &[usize], members: &[usize]) -> Vec<usize> {
    let mut out = members.to_vec();
    if matches!(numbers, Numbers::EntrantsOrder { .. }) {
        out.sort_by_key(|m| field.iter().position(|f| f == m));
    }
    out
}

/// Colours by lot for one board (`red`, `black` and their places in the group): a recorded
/// result is the hall's lot; else the runtime draws.
fn colours_by_lot(
    ctx: &mut Ctx<'_>,
    at: &GameAt<'_>,
    rr: &RoundRobin,
    (red, black, rp, bp): (usize, usize, usize, usize),
) -> (usize, usize, usize, usize) {
    // A recorded result is the hall's lot; else the runtime draws.
    // The lot is drawn either way: a recorded result never shifts a later lot.
    let lot = ctx.lots.below(2);
    let (drawn, how) = match ctx.recorded_sides(at, red, black) {
        Some((r, _)) if r == red => ((red, black, rp, bp), "as recorded"),
        Some(_) => ((black, red, bp, rp), "as recorded"),
        None if lot == 0 => ((red, black, rp, bp), "by lot"),
        None => ((black, red, bp, rp), "by lot"),
    };
    let text = format!(
        "round {}: colours {how}: {} has Red, {} Black",
        at.round,
        ctx.id(drawn.0),
        ctx.id(drawn.1)
    );
    ctx.transcript.push(EntryKind::Colours, text, &rr.origin);
    drawn
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
    let standings = super::standings::place_rows(ctx, &ranking);
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
