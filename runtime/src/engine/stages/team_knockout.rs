//! A team knockout (团体淘汰赛, `knockout { ... boards 4 }` in a team event): each bracket entry
//! is a team, standing in the bracket for its first board as in the rankings it comes from; a
//! match is played on the stage's boards (the knockout's colour rule draws which team has Red
//! on odd boards), won on board points (the sum of the boards' game points); a match level on
//! board points goes to the stage's playoff chain ([`Ctx::play_off_team_match`]).

use super::super::declared_teams::{team_id, team_name};
use super::super::play::{LevelTeamMatch, MatchResult};
use super::super::team::{self, Team};
use super::*;
use crate::plan::TeamKnockout;

/// A team knockout's teams, by the first board that stands for each in the bracket.
pub(super) type TeamsByEntry = BTreeMap<usize, Team>;

/// The bracket's entries (each team's first board, standing for it) and their teams, from the
/// stage's field; each team is named by its id in the bracket, the matches and the places.
pub(super) fn teams(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    t: &TeamKnockout,
    field: &[usize],
) -> Result<(Vec<usize>, TeamsByEntry), Vec<RuntimeProblem>> {
    let teams = team::teams_of(ctx, t.boards, &t.origin, field)?;
    let mut reps = Vec::with_capacity(teams.len());
    let mut by_rep = BTreeMap::new();
    for (unit, members) in teams {
        let Some(&rep) = members.first() else {
            continue;
        };
        let id = team_id(ctx.plan, &unit).to_string();
        ctx.team_of.insert(rep, (id, unit.clone()));
        reps.push(rep);
        by_rep.insert(rep, (unit, members));
    }
    let names: Vec<&str> = reps.iter().map(|&r| ctx.id(r)).collect();
    let text = format!(
        "{}: a team knockout of {} teams ({}), each match on {} boards, won on board points (`boards {}`)",
        stage.said(),
        reps.len(),
        names.join(", "),
        t.boards,
        t.boards
    );
    ctx.transcript.push(EntryKind::Numbers, text, &t.origin);
    Ok((reps, by_rep))
}

/// The seeds a recorded draw gives a team knockout (the hall's, or a scenario's `draw { cup: a b
/// c d }`), naming teams by id or name: the entries (first boards) in seed order; None without one.
pub(super) fn recorded_seeds(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    entries: &[usize],
) -> Option<Result<Vec<usize>, Vec<RuntimeProblem>>> {
    let units: Vec<String> = entries
        .iter()
        .map(|&r| {
            let unit = ctx.roster.players.get(r).and_then(|p| p.unit.clone());
            unit.unwrap_or_default()
        })
        .collect();
    let names: Vec<&str> = units.iter().map(String::as_str).collect();
    let order = super::super::fixed::fixed_team_order(ctx, stage, &names)?;
    Some(order.map(|o| o.iter().filter_map(|&t| entries.get(t).copied()).collect()))
}

/// `seeding rating` in a team knockout: the teams by their rating, the ratings of their first
/// `boards` players summed (as a team Swiss numbers its teams, [`team::number_teams`]), ties in
/// the field's order; the entries (first boards) in seed order, with the transcript's line.
pub(super) fn seeds_by_rating(
    ctx: &mut Ctx<'_>,
    t: &TeamKnockout,
    teams: &TeamsByEntry,
    field: &[usize],
) -> Vec<usize> {
    let mut ordered: Vec<Team> = field.iter().filter_map(|p| teams.get(p).cloned()).collect();
    team::number_teams(ctx, NumberOrder::Rating, t.boards, &mut ordered);
    let listed: Vec<String> = ordered
        .iter()
        .enumerate()
        .map(|(k, (unit, _))| format!("{} {}", k + 1, team_id(ctx.plan, unit)))
        .collect();
    let text = format!(
        "seeds by the teams' rating (their first {} players' ratings summed): {}",
        t.boards,
        listed.join(", ")
    );
    ctx.transcript.push(EntryKind::Numbers, text, &t.origin);
    ordered
        .iter()
        .filter_map(|(_, members)| members.first().copied())
        .collect()
}

/// The bracket entry (first board) of the team a bracket slot names by its declared id or its
/// name (`bracket (bj v sh)`); None when no team of the field has that name.
pub(super) fn named_team(ctx: &Ctx<'_>, teams: &TeamsByEntry, named: &str) -> Option<usize> {
    let name = team_name(ctx.plan, named);
    teams
        .iter()
        .find(|(_, (unit, _))| unit == name)
        .map(|(&rep, _)| rep)
}

/// A team knockout's bracket holds teams: a slot naming a player who stands for no team of the
/// stage's field (`bracket (xu v lv)` with player ids, or a place of an individual stage) is
/// refused, not played as a team of one.
pub(super) fn every_slot_a_team(
    ctx: &Ctx<'_>,
    ko: &Knockout,
    teams: &TeamsByEntry,
    slots: &[Option<usize>],
) -> Result<(), Vec<RuntimeProblem>> {
    let problems: Vec<RuntimeProblem> = slots
        .iter()
        .flatten()
        .filter(|p| !teams.contains_key(p))
        .map(|&p| {
            let id = ctx.player_id(p);
            RuntimeProblem::new(
                codes::FIELD_DOES_NOT_FIT,
                format!("the team knockout's bracket holds `{id}`, who stands for no team of its field: a team knockout's bracket holds teams (places of an earlier team stage, or seeds)"),
                &ko.origin,
            )
            .zh(format!("团体淘汰赛的对阵表中有 `{id}`，不代表本阶段的任何一队：团体淘汰赛的对阵须为各队（此前团体阶段的名次，或种子号）"))
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// One match of teams `a` and `b` (each by its first board; `a` listed first) at `at` (its first
/// board): the boards, then, when level on board points, the playoff chain. The result names
/// the teams (by their first boards); its score is the board points, and `decided_by` says
/// how: `board_points` (or `forfeit`, every board forfeited), a playoff step, `pending`.
pub(super) fn play(
    ctx: &mut Ctx<'_>,
    at: &GameAt<'_>,
    stage: &Stage,
    teams: &TeamsByEntry,
    (a, b): (usize, usize),
    spec: &MatchSpec<'_>,
    games: &mut Vec<GameOut>,
) -> MatchResult {
    let team = |p: usize| {
        teams
            .get(&p)
            .cloned()
            .unwrap_or_else(|| (ctx.player_id(p).to_string(), vec![p]))
    };
    let (ta, tb) = (team(a), team(b));
    // The knockout's colour rule, drawn for the round before any match is played, gives the
    // team with Red on board one (and so on every odd board).
    let a_red = spec.first.is_none_or(|(red, _)| red == a);
    let first_game = games.len();
    let pending_before = ctx.pending;
    let per_board = team::play_team_match(ctx, at, stage, (&ta, &tb), a_red, games, None);
    let score = per_board
        .iter()
        .fold((0, 0), |(x, y), &(p, q)| (x + p, y + q));
    let decided = |winner: usize, by: &str| MatchResult {
        winner,
        loser: if winner == a { b } else { a },
        score,
        decided_by: by.to_string(),
        awaits: None,
        games_in: None,
    };
    if ctx.pending > pending_before {
        return decided(a, "pending");
    }
    if score.0 != score.1 {
        let winner = if score.0 > score.1 { a } else { b };
        let forfeited = games
            .get(first_game..)
            .is_some_and(|g| g.iter().all(|g| matches!(g.result, "+-" | "-+" | "--")));
        let by = if forfeited { "forfeit" } else { "board_points" };
        let text = format!(
            "{} {} ({} v {}): {}–{} on board points; {} wins",
            stage.said(),
            spec.label,
            ctx.id(a),
            ctx.id(b),
            score.0,
            score.1,
            ctx.id(winner)
        );
        ctx.transcript
            .push(EntryKind::Places, text, spec.colours_origin);
        return decided(winner, by);
    }
    let (Some(&a1), Some(&b1)) = (ta.1.first(), tb.1.first()) else {
        return decided(a, "forfeit");
    };
    let board_winners: Vec<Option<usize>> = per_board
        .iter()
        .map(|&(x, y)| match x.cmp(&y) {
            std::cmp::Ordering::Greater => Some(a1),
            std::cmp::Ordering::Less => Some(b1),
            std::cmp::Ordering::Equal => None,
        })
        .collect();
    let level = LevelTeamMatch {
        teams: (a, b),
        firsts: (a1, b1),
        board_one: if a_red { (a1, b1) } else { (b1, a1) },
        board_winners: &board_winners,
        score,
    };
    // The playoff games belong to the match, as its boards do (`北京 v 上海`).
    let label = format!("{} v {}", ta.0, tb.0);
    let at = GameAt {
        team_match: Some(&label),
        ..*at
    };
    let m = ctx.play_off_team_match(&at, &level, spec, games);
    let winner = if m.winner == a1 { a } else { b };
    MatchResult {
        awaits: m.awaits,
        ..decided(winner, &m.decided_by)
    }
}
