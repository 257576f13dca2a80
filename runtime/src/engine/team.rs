//! Team round robin: the roster's units are the teams; teams meet in Berger order; the
//! first-listed team has Red on odd boards and Black on even boards (CXA 13.2), or the smaller
//! team number under `colours by_board lower_number`; game points add
//! up to a match result, which gives match points. Teams are ranked by match points, then the
//! chain (`game_points` is the usual first criterion).

use super::board_prizes::BoardGame;
use super::lineups::{self, Balance, StageLineups};
use super::outcome::{GameOut, StageOutcome};
use super::play::{GameAt, MatchSpec};
use super::problem::{codes, RuntimeProblem};
use super::roster::Roster;
use super::so_far::SoFar;
use super::standings::rank_group;
use super::tiebreak::{Competitor, Primary, Record, RecordKind};
use super::transcript::EntryKind;
use super::{entrants, fixed, Ctx, StageRun, Staged};
use crate::pairing::round_robin;
use crate::plan::{
    ColourRule, Cycles, NumberOrder, Origin, Plan, PlayoffChain, Side, Stage, StageFormat,
    TeamColourRule, TeamRoundRobin,
};
use std::collections::BTreeMap;

pub(crate) fn run(ctx: &mut Ctx<'_>, ix: usize, stage: &Stage, t: &TeamRoundRobin) -> Staged {
    if t.groups.len() > 1 {
        return Err(vec![RuntimeProblem::new(
            codes::UNSUPPORTED,
            format!(
                "stage `{}`: team round robin in several groups is not run yet",
                stage.name
            ),
            &t.origin,
        )
        .zh(format!(
            "阶段 `{}`：分多个小组的团体循环赛尚不能运行",
            stage.name
        ))]);
    }
    let field = entrants::resolve(ctx, stage)?;
    let mut teams = teams_of(ctx, t.boards, &t.origin, &field)?;
    order_teams(ctx, stage, t.numbers, t.boards, &mut teams)?;
    let listed: Vec<String> = teams
        .iter()
        .enumerate()
        .map(|(k, (u, _))| format!("{} {u}", k + 1))
        .collect();
    ctx.transcript.push(
        EntryKind::Numbers,
        format!("team numbers: {}", listed.join(", ")),
        &t.origin,
    );
    note_colours(ctx, stage);
    let n = teams.len() as u32;
    let schedule = round_robin::schedule(n, t.cycles == Cycles::Double, t.swap_last_two);
    let rule = t.lineup.as_ref();
    let rules = StageLineups {
        stage,
        rule,
        boards: t.boards,
        rounds: schedule.len() as u32,
    };
    let handed = lineups::handed_in(ctx, &rules, &teams, &ctx.results.lineups)?;
    let mut balance = Balance::of(rule);
    let mut comps = vec![Competitor::default(); teams.len()];
    let mut games: Vec<GameOut> = Vec::new();
    let mut so_far = SoFar::default();
    for (r, boards) in schedule.iter().enumerate() {
        let round = r as u32 + 1;
        // The round's matches (and its sitter), counted once the round is.
        let mut sitters: Vec<usize> = Vec::new();
        let mut matches: Vec<(Pair, Vec<(i64, i64)>)> = Vec::new();
        let round_pending = ctx.pending;
        for (m, &(xn, yn)) in boards.iter().enumerate() {
            if xn > n || yn > n {
                sitters.push(if xn > n { yn } else { xn } as usize - 1);
                continue;
            }
            let (xp, yp) = (xn as usize - 1, yn as usize - 1);
            let (Some((xu, xs)), Some((yu, ys))) = (teams.get(xp), teams.get(yp)) else {
                continue;
            };
            let (x, y) = ((xu.clone(), xs.clone()), (yu.clone(), ys.clone()));
            let at = GameAt::board(ix, &stage.name, round, m as u32 * t.boards + 1);
            let (x, y) = (
                lineups::lineup_for(ctx, rule, &handed, &x, &at),
                lineups::lineup_for(ctx, rule, &handed, &y, &at),
            );
            let played = (&x, &y);
            let pending_before = ctx.pending;
            let x_red = first_red_on_odd(stage, (xp, yp));
            let gp = play_team_match(ctx, &at, stage, played, x_red, &mut games, balance.as_mut());
            if ctx.pending > pending_before {
                // The live driver: a match with a board still to be played counts for nothing
                // in the standings so far (not as a drawn match of 0-0 boards).
                continue;
            }
            matches.push(((xp, yp), gp));
        }
        if let Some(b) = balance.as_mut() {
            b.after_round(ctx, &teams, &stage.name, round);
        }
        // A round not yet reached (a forfeit against a withdrawn team included) counts not.
        if !so_far.counts(ctx, &stage.name, round, ctx.pending > round_pending) {
            continue;
        }
        for sitter in sitters {
            if let Some(c) = comps.get_mut(sitter) {
                c.records.push(Record::unpaired(round, 0));
            }
        }
        for (teams, gp) in matches {
            record_match(&mut comps, round, teams, &gp, match_points(stage));
        }
    }
    Ok(rank_teams(
        ctx,
        stage,
        &teams,
        comps,
        games,
        "team_round_robin",
    ))
}

/// The stage's run from its teams' records: each team is represented in rankings by its first
/// board (its name is the team's), ranked by match points then the chain.
pub(super) fn rank_teams(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    teams: &[Team],
    comps: Vec<Competitor>,
    games: Vec<GameOut>,
    kind: &str,
) -> StageRun {
    let reps: Vec<usize> = teams
        .iter()
        .map(|(_, m)| m.first().copied().unwrap_or(usize::MAX))
        .collect();
    for ((unit, _), &rep) in teams.iter().zip(&reps) {
        // A declared team is ranked by its id (`gusu`) and named by its name.
        let id = super::declared_teams::team_id(ctx.plan, unit).to_string();
        ctx.team_of.insert(rep, (id, unit.clone()));
    }
    let (run, out) = rank_group(ctx, stage, "", &reps, comps, Primary::MatchPoints);
    StageRun {
        name: stage.name.clone(),
        groups: vec![run],
        eliminated: BTreeMap::new(),
        out: StageOutcome {
            name: stage.name.clone(),
            kind: kind.to_string(),
            groups: vec![out],
            matches: Vec::new(),
            games,
        },
    }
}

/// The stage's match points (win, draw, loss): its `match { ... }` scoring, or 2/1/0.
pub(super) fn match_points(stage: &Stage) -> (i64, i64, i64) {
    match &stage.scoring.matches {
        Some(m) => (m.win, m.draw, m.loss),
        None => (2, 1, 0),
    }
}

/// Records one match of the teams at positions `(xp, yp)` with game points `per_board` (x's,
/// y's on board 1, 2, ...): a win, draw or loss by game points, with its match points; the
/// board points go to each team's per-board totals (`board_countback`). Returns the two
/// records' kinds.
pub(super) fn record_match(
    comps: &mut [Competitor],
    round: u32,
    (xp, yp): (usize, usize),
    per_board: &[(i64, i64)],
    (mw, md, ml): (i64, i64, i64),
) -> (RecordKind, RecordKind) {
    let gp = per_board
        .iter()
        .fold((0, 0), |(x, y), &(a, b)| (x + a, y + b));
    for (pos, mine) in [(xp, 0), (yp, 1)] {
        if let Some(c) = comps.get_mut(pos) {
            let points = per_board
                .iter()
                .map(|&(a, b)| if mine == 0 { a } else { b });
            add_board_points(c, points);
        }
    }
    let (xk, yk, xm, ym) = match gp.0.cmp(&gp.1) {
        std::cmp::Ordering::Greater => (RecordKind::Win, RecordKind::Loss, mw, ml),
        std::cmp::Ordering::Less => (RecordKind::Loss, RecordKind::Win, ml, mw),
        std::cmp::Ordering::Equal => (RecordKind::Draw, RecordKind::Draw, md, md),
    };
    for (pos, opp, kind, mp, g) in [(xp, yp, xk, xm, gp.0), (yp, xp, yk, ym, gp.1)] {
        if let Some(c) = comps.get_mut(pos) {
            c.records.push(Record {
                round,
                opponent: Some(opp),
                side: None,
                kind,
                points: mp,
            });
            c.match_points += mp;
            c.game_points += g;
        }
    }
    (xk, yk)
}

/// The teams in team-number order: as a recorded draw fixes them (a draw in the hall, a
/// scenario's `draw` line), else by the stage's `numbers` rule.
pub(super) fn order_teams(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    numbers: NumberOrder,
    boards: u32,
    teams: &mut Vec<Team>,
) -> Result<(), Vec<RuntimeProblem>> {
    let units: Vec<&str> = teams.iter().map(|(u, _)| u.as_str()).collect();
    match fixed::fixed_team_order(ctx, stage, &units) {
        Some(order) => {
            let order = order?;
            *teams = order
                .iter()
                .filter_map(|&t| teams.get(t).cloned())
                .collect();
        }
        None => number_teams(ctx, numbers, boards, teams),
    }
    Ok(())
}

/// Adds one match's (or bye's) points, board by board, to `c`'s per-board totals.
pub(super) fn add_board_points(c: &mut Competitor, points: impl Iterator<Item = i64>) {
    for (b, v) in points.enumerate() {
        if c.board_points.len() <= b {
            c.board_points.resize(b + 1, 0);
        }
        if let Some(slot) = c.board_points.get_mut(b) {
            *slot += v;
        }
    }
}

/// The players of the team named `unit` (a roster unit), when the plan has a team stage: a
/// withdrawal given for a team withdraws every one of them, so that each of its remaining
/// matches is forfeited board by board (scored by the scoring's forfeit rule). Empty otherwise.
pub(crate) fn whole_team(plan: &Plan, roster: &Roster, unit: &str) -> Vec<usize> {
    let team_stage = plan.stages.iter().any(|s| s.format.team_boards().is_some());
    if !team_stage {
        return Vec::new();
    }
    roster.indices_where(|p| p.unit.as_deref() == Some(unit))
}

/// Two teams of a match, by their places in the stage's table.
type Pair = (usize, usize);

/// A team: its unit's name and its players in board order.
pub(super) type Team = (String, Vec<usize>);

/// The stage's teams: the field's units in order of first appearance, each with its players
/// in board order; problems for a player without a unit and a team short of boards.
pub(super) fn teams_of(
    ctx: &Ctx<'_>,
    boards: u32,
    origin: &Origin,
    field: &[usize],
) -> Result<Vec<Team>, Vec<RuntimeProblem>> {
    // Teams in order of first appearance; players by board order.
    let mut teams: Vec<(String, Vec<usize>)> = Vec::new();
    let mut problems = Vec::new();
    for p in whole_teams_of_places(ctx, field) {
        let Some(unit) = ctx.roster.players.get(p).and_then(|x| x.unit.clone()) else {
            problems.push(
                RuntimeProblem::new(
                    codes::ROSTER_FIELD_MISSING,
                    format!(
                        "{}: a team event needs each player's unit (the team)",
                        ctx.player_id(p)
                    ),
                    origin,
                )
                .zh(format!(
                    "{}：团体赛需要每名棋手的单位（即所属队伍）",
                    ctx.player_id(p)
                ))
                .at(ctx.roster.row_of(p), "unit"),
            );
            continue;
        };
        match teams.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, members)) => members.push(p),
            None => teams.push((unit, vec![p])),
        }
    }
    for (unit, members) in &mut teams {
        members.sort_by_key(|&p| {
            (
                ctx.roster
                    .players
                    .get(p)
                    .and_then(|x| x.order)
                    .unwrap_or(u32::MAX),
                p,
            )
        });
        if members.len() < boards as usize {
            problems.push(
                RuntimeProblem::new(
                    codes::FIELD_DOES_NOT_FIT,
                    format!(
                        "team `{unit}` has {} players for {} boards",
                        members.len(),
                        boards
                    ),
                    origin,
                )
                .zh(format!(
                    "队伍 `{unit}` 有 {} 名棋手，而每场 {} 台",
                    members.len(),
                    boards
                )),
            );
        }
    }
    if problems.is_empty() {
        Ok(teams)
    } else {
        Err(problems)
    }
}

/// The field with each team that comes from the places of an earlier team stage made whole: a
/// team is ranked there by its first board ([`rank_teams`]), so a stage taking `league#1..4`
/// receives four first boards, and each brings in its team's other registered players.
fn whole_teams_of_places(ctx: &Ctx<'_>, field: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(field.len());
    for &p in field {
        let unit = ctx.roster.players.get(p).and_then(|x| x.unit.as_deref());
        let members = match unit {
            Some(u) if ctx.team_of.contains_key(&p) => {
                ctx.roster.indices_where(|x| x.unit.as_deref() == Some(u))
            }
            _ => vec![p],
        };
        for m in members {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }
    out
}

/// The transcript line of an explicit board-colour rule (`colours by_board home|lower_number`).
pub(super) fn note_colours(ctx: &mut Ctx<'_>, stage: &Stage) {
    let Some(c) = &stage.team_colours else {
        return;
    };
    let text = match c.rule {
        TeamColourRule::Home => "board colours: in each match the first-listed (home) team has Red on odd boards and Black on even boards (`colours by_board home`)",
        TeamColourRule::LowerNumber => "board colours: in each match the team with the smaller team number has Red on odd boards and Black on even boards (`colours by_board lower_number`)",
    };
    ctx.transcript
        .push(EntryKind::Colours, text.to_string(), &c.origin);
}

/// Whether the first-listed of two teams with team numbers (0-based) `x` and `y` has Red on odd
/// boards: always under the home rule (CXA 13.2, the default), when its number is the smaller
/// under `colours by_board lower_number`.
pub(super) fn first_red_on_odd(stage: &Stage, (x, y): (usize, usize)) -> bool {
    match stage.team_colours.as_ref().map(|c| c.rule) {
        None | Some(TeamColourRule::Home) => true,
        Some(TeamColourRule::LowerNumber) => x < y,
    }
}

/// One match of team `x` (listed first) against team `y`: a game on each board, `x` Red on odd
/// boards when `x_odd_red` (CXA 13.2: the first-listed team; [`first_red_on_odd`]), else Black.
/// `at` is the match's first board. Returns the game points (x's, y's) board by board.
pub(super) fn play_team_match(
    ctx: &mut Ctx<'_>,
    at: &GameAt<'_>,
    stage: &Stage,
    ((xu, xs), (yu, ys)): (&Team, &Team),
    x_odd_red: bool,
    games: &mut Vec<GameOut>,
    mut colours: Option<&mut Balance>,
) -> Vec<(i64, i64)> {
    let boards = stage_boards(stage);
    let label = format!("{xu} v {yu}");
    let mut per_board = Vec::with_capacity(boards as usize);
    for b in 0..boards as usize {
        let (Some(&xpl), Some(&ypl)) = (xs.get(b), ys.get(b)) else {
            per_board.push((0, 0));
            continue;
        };
        let x_side = if (b % 2 == 0) == x_odd_red {
            Side::Red
        } else {
            Side::Black
        };
        let (red, black) = if x_side == Side::Red {
            (xpl, ypl)
        } else {
            (ypl, xpl)
        };
        let board_at = GameAt {
            board: at.board + b as u32,
            team_match: Some(&label),
            ..*at
        };
        // In a team knockout the playoff decides a level match, not each board.
        let board_playoff = stage
            .playoff
            .as_ref()
            .filter(|_| !matches!(stage.format, StageFormat::Knockout(_)));
        let ((rp, bp), over_board) = match board_playoff {
            Some(chain) => {
                let (points, sides) =
                    decided_board(ctx, &board_at, stage, chain, (red, black), games);
                if let (Some(b), Some((r, k))) = (colours.as_deref_mut(), sides) {
                    b.add_sides(r, k);
                }
                (points, sides.is_some())
            }
            None => {
                let played = ctx.play_game(&board_at, red, black, games);
                if let Some(b) = colours.as_deref_mut() {
                    b.add(red, black, &played);
                }
                (played.points(&stage.scoring), !played.result.is_forfeit())
            }
        };
        if over_board {
            for (player, points, other) in [(red, rp, bp), (black, bp, rp)] {
                ctx.board_games.push(BoardGame {
                    stage: stage.name.clone(),
                    board: b as u32 + 1,
                    player,
                    points,
                    most: stage.scoring.win,
                    won: points > other,
                });
            }
        }
        per_board.push(if x_side == Side::Red {
            (rp, bp)
        } else {
            (bp, rp)
        });
    }
    per_board
}

/// A board that must be decided (`playoff` in a team stage: 每台须分出胜负): its game, then on a
/// draw the chain's steps until one decides, whose winner scores the board as a win (the drawn
/// game and the playoff games stay on record). A board with a withdrawn player is its forfeit.
/// Returns (Red's, Black's) points for the board, and the board game's sides unless forfeited.
fn decided_board(
    ctx: &mut Ctx<'_>,
    at: &GameAt<'_>,
    stage: &Stage,
    chain: &PlayoffChain,
    (red, black): (usize, usize),
    games: &mut Vec<GameOut>,
) -> ((i64, i64), Option<(usize, usize)>) {
    let absent = ctx.is_withdrawn(red, at.stage_ix, at.stage, at.round)
        || ctx.is_withdrawn(black, at.stage_ix, at.stage, at.round);
    if absent {
        let played = ctx.play_game(at, red, black, games);
        let sides = (!played.result.is_forfeit()).then_some((red, black));
        return (played.points(&stage.scoring), sides);
    }
    let label = format!("board {}", at.board);
    let spec = MatchSpec {
        games: 1,
        colours: ColourRule::FirstListedRed,
        colours_origin: &chain.origin,
        playoff: Some(chain),
        scoring: &stage.scoring,
        label: &label,
        first: Some((red, black)),
    };
    let first = games.len();
    let m = ctx.play_match(at, red, black, &spec, games);
    let sides = (m.decided_by != "forfeit").then_some((red, black));
    let points = match m.decided_by.as_str() {
        // Decided by its own game (or waiting for a result): the game's points.
        "games" | "forfeit" | "pending" => m.score,
        _ if m.winner == red => (stage.scoring.win, stage.scoring.loss),
        _ => (stage.scoring.loss, stage.scoring.win),
    };
    // The board's game says who won the board when the chain decided it (the site's
    // crosstable counts the board as the standings do, not the drawn game and the playoff's).
    if !matches!(m.decided_by.as_str(), "games" | "forfeit" | "pending") {
        if let Some(g) = games.get_mut(first) {
            g.board_winner = Some(ctx.player_id(m.winner).to_string());
        }
    }
    (points, sides)
}

/// A team stage's boards per match (0 for a stage that is no team stage).
fn stage_boards(stage: &Stage) -> u32 {
    stage.format.team_boards().unwrap_or(0)
}

/// Team numbers by the regulation's rule when no draw is recorded.
pub(super) fn number_teams(
    ctx: &mut Ctx<'_>,
    numbers: NumberOrder,
    boards: u32,
    teams: &mut [Team],
) {
    match numbers {
        NumberOrder::Lot => ctx.lots.shuffle(teams),
        NumberOrder::RegistrationOrder => {}
        NumberOrder::Rating => teams.sort_by_key(|(_, m)| {
            let top: Vec<u32> = m
                .iter()
                .take(boards as usize)
                .map(|&p| {
                    ctx.roster
                        .players
                        .get(p)
                        .and_then(|x| x.rating)
                        .unwrap_or(0)
                })
                .collect();
            std::cmp::Reverse(top.iter().map(|&r| u64::from(r)).sum::<u64>())
        }),
    }
}
