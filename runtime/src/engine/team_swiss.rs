//! Team Swiss (`swiss cxa|dutch rounds 7 boards 4` in a team event): the roster's units are the
//! teams; before each round the stage's pairer (CXA 积分编排 or Dutch) pairs the teams as it
//! pairs players, on match points, never the same two teams twice; each match is played on the
//! stage's boards with the first-listed team Red on odd boards (CXA 13.2; the smaller team number
//! under `colours by_board lower_number`), game points give the
//! match result and match points. Teams are ranked by match points, then the stage's chain.

use super::lineups::{self, Balance, StageLineups};
use super::outcome::GameOut;
use super::play::GameAt;
use super::problem::{codes, RuntimeProblem};
use super::swiss_stage::rounds_for;
use super::team::{self, Team};
use super::tiebreak::{Competitor, Record, RecordKind};
use super::transcript::EntryKind;
use super::{entrants, Ctx, Staged};
use crate::pairing::{
    RoundPairing, SwissPairer, SwissPlayer, SwissResult, SwissRound, SwissRoundEntry,
};
use crate::plan::{NumberOrder, Numbers, Side, Stage, Swiss, SwissSystem};

pub(crate) fn run(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage, sw: &Swiss, boards: u32) -> Staged {
    let field = entrants::resolve(ctx, stage)?;
    let mut teams = team::teams_of(ctx, boards, &sw.origin, &field)?;
    team::order_teams(ctx, stage, number_order(&sw.numbers), boards, &mut teams)?;
    let listed: Vec<String> = teams
        .iter()
        .enumerate()
        .map(|(k, (u, _))| format!("{} {u}", k + 1))
        .collect();
    let text = format!("team numbers: {}", listed.join(", "));
    ctx.transcript.push(EntryKind::Numbers, text, &sw.origin);
    team::note_colours(ctx, stage);
    let n = teams.len() as u32;
    let total = rounds(stage, sw, n)?;
    let rule = sw.lineup.as_ref();
    let rules = StageLineups {
        stage,
        rule,
        boards,
        rounds: total,
    };
    let handed = lineups::handed_in(ctx, &rules, &teams, &ctx.results.lineups)?;
    let mut balance = Balance::of(rule);
    let mut state = team_state(ctx, &teams, boards);
    let mut comps = vec![Competitor::default(); teams.len()];
    let mut games: Vec<GameOut> = Vec::new();
    for round in 1..=total {
        // A team whose every player has withdrawn is paired no more.
        for (s, (_, members)) in state.iter_mut().zip(&teams) {
            s.available = members
                .iter()
                .any(|&p| !ctx.is_withdrawn(p, ix, &stage.name, round));
        }
        let pairing = match pair_round(ctx, stage, sw, round, total, &state)? {
            Ok(pairing) => pairing,
            Err(none) => {
                super::swiss_stage::unpaired(ctx, stage, none)?;
                break;
            }
        };
        let pending_before = ctx.pending;
        let mut recs: Vec<Option<(RecordKind, Option<Side>)>> = vec![None; teams.len()];
        let mut matches = Vec::with_capacity(pairing.boards.len());
        for (m, &(x, y)) in pairing.boards.iter().enumerate() {
            let (xp, yp) = (x as usize - 1, y as usize - 1);
            let (Some(xt), Some(yt)) = (teams.get(xp).cloned(), teams.get(yp).cloned()) else {
                continue;
            };
            let at = GameAt::board(ix, &stage.name, round, m as u32 * boards + 1);
            let xt = lineups::lineup_for(ctx, rule, &handed, &xt, &at);
            let yt = lineups::lineup_for(ctx, rule, &handed, &yt, &at);
            let played = (&xt, &yt);
            let x_red = team::first_red_on_odd(stage, (xp, yp));
            let gp =
                team::play_team_match(ctx, &at, stage, played, x_red, &mut games, balance.as_mut());
            matches.push(((xp, yp), gp));
        }
        if ctx.pending > pending_before {
            // The live driver: as in an individual Swiss, a round waiting for results is
            // published but neither counted nor followed by rounds paired from placeholders.
            break;
        }
        for ((xp, yp), gp) in matches {
            let (xk, yk) =
                team::record_match(&mut comps, round, (xp, yp), &gp, team::match_points(stage));
            set(&mut recs, xp, (xk, Some(Side::Red)));
            set(&mut recs, yp, (yk, Some(Side::Black)));
        }
        for &b in &pairing.byes {
            bye(
                ctx,
                stage,
                sw,
                &mut comps,
                &mut recs,
                round,
                b as usize - 1,
                &state,
            );
        }
        if let Some(b) = balance.as_mut() {
            b.after_round(ctx, &teams, &stage.name, round);
        }
        push_history(&mut state, &mut comps, &recs, round, &pairing);
    }
    Ok(team::rank_teams(
        ctx,
        stage,
        &teams,
        comps,
        games,
        "team_swiss",
    ))
}

fn set<T>(v: &mut [Option<T>], k: usize, x: T) {
    if let Some(slot) = v.get_mut(k) {
        *slot = Some(x);
    }
}

/// Team numbers follow the stage's `numbers` rule (seed tiers: their rest's order).
fn number_order(numbers: &Numbers) -> NumberOrder {
    match numbers {
        Numbers::Lot { .. } => NumberOrder::Lot,
        Numbers::RegistrationOrder { .. } => NumberOrder::RegistrationOrder,
        Numbers::Rating { .. } => NumberOrder::Rating,
        // Teams are listed, not placed: the checker refuses it in a team stage (E114).
        Numbers::EntrantsOrder { .. } => NumberOrder::RegistrationOrder,
        Numbers::Seeded { rest, .. } => *rest,
        // Pools hold players, not teams: the checker refuses it in a team stage (E114).
        Numbers::Parity { within, .. } => *within,
    }
}

/// The stage's rounds for `n` teams: fewer rounds than teams (no two teams meet twice).
fn rounds(stage: &Stage, sw: &Swiss, n: u32) -> Result<u32, Vec<RuntimeProblem>> {
    match rounds_for(&sw.rounds, n) {
        Some(total) if total < n.max(2) => Ok(total),
        Some(total) => Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!(
                "stage `{}`: {total} rounds for {n} teams; a team Swiss needs fewer rounds than teams",
                stage.name
            ),
            &sw.origin,
        )
        .zh(format!(
            "阶段 `{}`：{n} 队赛 {total} 轮；团体积分编排的轮数须少于队数",
            stage.name
        ))]),
        None => Err(vec![RuntimeProblem::new(
            codes::FIELD_DOES_NOT_FIT,
            format!("stage `{}`: no rounds arm holds a field of {n} teams", stage.name),
            &sw.origin,
        )
        .zh(format!(
            "阶段 `{}`：按队数定轮次的各档都不含 {n} 队的规模",
            stage.name
        ))]),
    }
}

/// Each team as the pairer sees it: its number, its name as id, the sum of its boards' ratings.
fn team_state(ctx: &Ctx<'_>, teams: &[Team], boards: u32) -> Vec<SwissPlayer> {
    teams
        .iter()
        .enumerate()
        .map(|(k, (unit, members))| SwissPlayer {
            number: k as u32 + 1,
            id: unit.clone(),
            rating: members
                .iter()
                .take(boards as usize)
                .filter_map(|&p| ctx.roster.players.get(p).and_then(|x| x.rating))
                .sum(),
            unit: None,
            points: 0,
            history: Vec::new(),
            available: true,
        })
        .collect()
}

/// One round's pairing of the teams by the stage's system, every number once and in range; or
/// the round has none (R016, the inner error).
fn pair_round(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    sw: &Swiss,
    round: u32,
    total: u32,
    state: &[SwissPlayer],
) -> Result<Result<RoundPairing, RuntimeProblem>, Vec<RuntimeProblem>> {
    let pairer: &dyn SwissPairer = match (ctx.options.swiss, sw.system) {
        (Some(p), _) => p,
        (None, SwissSystem::Dutch) => &crate::pairing::dutch_adapter::DutchPairer,
        (None, SwissSystem::Cxa) => &crate::pairing::cxa::CxaPairer,
    };
    let input = SwissRound {
        round,
        total_rounds: total,
        players: state,
        params: sw,
        scoring: &stage.scoring,
    };
    let fail = |message: String| {
        vec![RuntimeProblem::new(
            codes::SWISS_PAIRING,
            format!("stage `{}` round {round}: {message}", stage.name),
            &sw.origin,
        )
        .zh(format!("阶段 `{}` 第 {round} 轮：{message}", stage.name))]
    };
    let pairing = match pairer.pair(&input) {
        Ok(pairing) => pairing,
        Err(f) => {
            let none = super::swiss_stage::no_pairing(stage, round, &f.message, &sw.origin);
            return Ok(Err(none));
        }
    };
    let mut seen = std::collections::BTreeSet::new();
    let all = pairing.boards.iter().flat_map(|&(x, y)| [x, y]);
    for x in all.chain(pairing.byes.iter().copied()) {
        if x == 0 || x as usize > state.len() || !seen.insert(x) {
            return Err(fail(format!(
                "the pairing uses team number {x} twice or out of range"
            )));
        }
    }
    for note in &pairing.notes {
        let text = if note.starts_with("round ") {
            format!("teams: {note}")
        } else {
            format!("round {round} (teams): {note}")
        };
        ctx.transcript.push(EntryKind::Pairing, text, &sw.origin);
    }
    Ok(Ok(pairing))
}

/// The pairing-allocated bye of team `k`: a match won, with the game points of the stage's
/// `bye` rule on every board.
#[allow(clippy::too_many_arguments)]
fn bye(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    sw: &Swiss,
    comps: &mut [Competitor],
    recs: &mut [Option<(RecordKind, Option<Side>)>],
    round: u32,
    k: usize,
    state: &[SwissPlayer],
) {
    let (mw, _, _) = team::match_points(stage);
    let boards = sw.boards.unwrap_or(0) as i64;
    if let Some(c) = comps.get_mut(k) {
        c.records.push(Record {
            round,
            opponent: None,
            side: None,
            kind: RecordKind::Bye,
            points: mw,
        });
        c.match_points += mw;
        c.game_points += sw.bye.points * boards;
        team::add_board_points(c, (0..boards).map(|_| sw.bye.points));
    }
    set(recs, k, (RecordKind::Bye, None));
    let name = state.get(k).map(|s| s.id.as_str()).unwrap_or("?");
    let text = format!(
        "round {round}: team {name} has the bye ({mw} match points, {} game points)",
        sw.bye.points * boards
    );
    ctx.transcript
        .push(EntryKind::Pairing, text, &sw.bye.origin);
}

/// The round in the pairer's state: each team's result, colour (Red: listed first) and match
/// points; a team not paired this round is recorded as unpaired.
fn push_history(
    state: &mut [SwissPlayer],
    comps: &mut [Competitor],
    recs: &[Option<(RecordKind, Option<Side>)>],
    round: u32,
    pairing: &RoundPairing,
) {
    for (k, s) in state.iter_mut().enumerate() {
        let opponent = pairing.boards.iter().find_map(|&(x, y)| {
            let me = k as u32 + 1;
            (x == me).then_some(y).or((y == me).then_some(x))
        });
        let (kind, colour) = recs
            .get(k)
            .copied()
            .flatten()
            .unwrap_or((RecordKind::Unpaired, None));
        if kind == RecordKind::Unpaired {
            if let Some(c) = comps.get_mut(k) {
                c.records.push(Record {
                    round,
                    opponent: None,
                    side: None,
                    kind,
                    points: 0,
                });
            }
        }
        let points = comps
            .get(k)
            .and_then(|c| c.records.last())
            .map_or(0, |r| r.points);
        s.points += points;
        s.history.push(SwissRoundEntry {
            opponent,
            colour,
            result: match kind {
                RecordKind::Win => SwissResult::Win,
                RecordKind::Draw => SwissResult::Draw,
                RecordKind::Loss => SwissResult::Loss,
                RecordKind::Bye => SwissResult::Bye,
                _ => SwissResult::Absent,
            },
            points,
        });
    }
}
