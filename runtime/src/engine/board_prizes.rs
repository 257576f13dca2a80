//! Best-board prizes (台次奖, `board_prizes NAME { from S by percentage min_games 5 ties
//! more_games, shared 1: 500 }`): the team engine records every board game played over the
//! board ([`BoardGame`]); after the event each board of the table's stage ranks the players who
//! played on it by their points or percentage there, leaving out those with fewer than
//! `min_games` games, orders the equal by the `ties` criteria and then shares the place or
//! draws lots, and the table pays each board's places. A forfeit, a bye and a playoff game are
//! no game on the board; a board decided by a playoff counts as the team scored it.

use super::money::pay_tier;
use super::outcome::PrizeAward;
use super::problem::{codes, RuntimeProblem};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{BoardLast, BoardMeasure, BoardPrizes, BoardTie};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One board game of a team stage from one player's side.
#[derive(Clone, Debug)]
pub(crate) struct BoardGame {
    pub stage: String,
    /// The board in its match, from 1.
    pub board: u32,
    /// The player's roster index.
    pub player: usize,
    /// The player's points for the board, as the team scored it.
    pub points: i64,
    /// The most a game gives (the scoring's win), for the percentage.
    pub most: i64,
    pub won: bool,
}

/// One player's record on one board.
#[derive(Clone, Debug, Default)]
struct Line {
    player: usize,
    games: u32,
    points: i64,
    most: i64,
    wins: u32,
}

impl Line {
    /// The percentage compared exactly: points × other's most against other's points × most.
    fn percentage_cmp(&self, other: &Line) -> Ordering {
        let a = i128::from(self.points) * i128::from(other.most.max(1));
        let b = i128::from(other.points) * i128::from(self.most.max(1));
        a.cmp(&b)
    }

    fn percent(&self) -> String {
        if self.most <= 0 {
            return "0%".to_string();
        }
        let tenths = i128::from(self.points) * 1000 / i128::from(self.most);
        format!("{}.{}%", tenths / 10, tenths % 10)
    }

    /// Higher first under one criterion.
    fn cmp_by(&self, other: &Line, tie: BoardTie) -> Ordering {
        match tie {
            BoardTie::MoreGames => other.games.cmp(&self.games),
            BoardTie::Wins => other.wins.cmp(&self.wins),
            BoardTie::Points => other.points.cmp(&self.points),
            BoardTie::Percentage => other.percentage_cmp(self),
        }
    }
}

/// Pays every board prize table of the plan.
pub(crate) fn pay(
    ctx: &mut Ctx<'_>,
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) {
    for t in &ctx.plan.board_prizes {
        let Some(boards) = boards_of(ctx, t) else {
            continue;
        };
        for board in boards {
            let ranked = rank_board(ctx, t, board);
            pay_board(ctx, t, board, &ranked, awards, totals);
        }
    }
}

/// The boards the table ranks: its `boards` range, else every board of the stage; a problem
/// when the stage is no team stage of the plan.
fn boards_of(ctx: &mut Ctx<'_>, t: &BoardPrizes) -> Option<std::ops::RangeInclusive<u32>> {
    let per_match = ctx
        .plan
        .stages
        .iter()
        .find(|s| s.name == t.stage)
        .and_then(|s| s.format.team_boards());
    let Some(per_match) = per_match else {
        ctx.problems.push(
            RuntimeProblem::new(
                codes::UNKNOWN_NAME,
                format!(
                    "board prizes `{}` of stage `{}`, which is no team stage",
                    t.name, t.stage
                ),
                &t.origin,
            )
            .zh(format!(
                "台次奖 `{}` 所指的阶段 `{}` 不是团体赛阶段",
                t.name, t.stage
            )),
        );
        return None;
    };
    Some(match t.boards {
        Some(r) => r.from.max(1)..=r.to.min(per_match),
        None => 1..=per_match,
    })
}

/// The players of one board in place order: (place, shared, line).
fn rank_board(ctx: &mut Ctx<'_>, t: &BoardPrizes, board: u32) -> Vec<(u32, bool, Line)> {
    let mut lines: BTreeMap<usize, Line> = BTreeMap::new();
    for g in ctx
        .board_games
        .iter()
        .filter(|g| g.stage == t.stage && g.board == board)
    {
        let l = lines.entry(g.player).or_default();
        l.player = g.player;
        l.games += 1;
        l.points += g.points;
        l.most += g.most;
        l.wins += u32::from(g.won);
    }
    let (mut lines, short): (Vec<Line>, Vec<Line>) =
        lines.into_values().partition(|l| l.games >= t.min_games);
    if !short.is_empty() {
        let ids: Vec<String> = short
            .iter()
            .map(|l| format!("{} ({})", player_id(ctx, l.player), l.games))
            .collect();
        let text = format!(
            "{}: board {board}: fewer than {} games (`min_games {}`), not ranked: {}",
            t.name,
            t.min_games,
            t.min_games,
            ids.join(", ")
        );
        ctx.transcript.push(EntryKind::Prize, text, &t.origin);
    }
    // A lot first, so that a tie left after the criteria falls as the lot fell.
    if t.last == BoardLast::Lots {
        ctx.lots.shuffle(&mut lines);
    }
    let key = |a: &Line, b: &Line| {
        let first = match t.measure {
            BoardMeasure::Percentage => b.percentage_cmp(a),
            BoardMeasure::Points => b.points.cmp(&a.points),
        };
        t.ties
            .iter()
            .fold(first, |o, &tie| o.then(a.cmp_by(b, tie)))
    };
    lines.sort_by(key);
    let mut out: Vec<(u32, bool, Line)> = Vec::with_capacity(lines.len());
    for (i, l) in lines.iter().enumerate() {
        let equal_to_previous = i > 0
            && lines
                .get(i - 1)
                .is_some_and(|prev| key(prev, l) == Ordering::Equal);
        let place = match out.last() {
            Some(&(p, _, _)) if equal_to_previous && t.last == BoardLast::Shared => p,
            _ => i as u32 + 1,
        };
        out.push((place, false, l.clone()));
    }
    for i in 0..out.len() {
        let p = out.get(i).map(|x| x.0);
        let shared = out.iter().filter(|x| Some(x.0) == p).count() > 1;
        if let Some(x) = out.get_mut(i) {
            x.1 = shared;
        }
    }
    let listed: Vec<String> = out
        .iter()
        .map(|(p, s, l)| {
            format!(
                "{p}{} {} {} in {} ({})",
                if *s { "=" } else { "." },
                player_id(ctx, l.player),
                l.points,
                l.games,
                l.percent()
            )
        })
        .collect();
    let text = format!(
        "{}: board {board} by {}: {}",
        t.name,
        match t.measure {
            BoardMeasure::Percentage => "percentage",
            BoardMeasure::Points => "points",
        },
        if listed.is_empty() {
            "nobody ranked".to_string()
        } else {
            listed.join(", ")
        }
    );
    ctx.transcript.push(EntryKind::Prize, text, &t.origin);
    out
}

/// The player's own id (a team's first board stands for the team in rankings: `ctx.id` would
/// give the team's).
fn player_id(ctx: &Ctx<'_>, p: usize) -> String {
    ctx.roster
        .players
        .get(p)
        .map(|x| x.id.clone())
        .unwrap_or_default()
}

fn pay_board(
    ctx: &mut Ctx<'_>,
    t: &BoardPrizes,
    board: u32,
    ranked: &[(u32, bool, Line)],
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) {
    let mut i = 0;
    while let Some(&(place, _, _)) = ranked.get(i) {
        let tier: Vec<(String, String)> = ranked
            .iter()
            .skip(i)
            .take_while(|x| x.0 == place)
            .map(|(_, _, l)| {
                let p = ctx.roster.players.get(l.player);
                (
                    p.map(|x| x.id.clone()).unwrap_or_default(),
                    p.map(|x| x.name.clone()).unwrap_or_default(),
                )
            })
            .collect();
        i += tier.len().max(1);
        let start = awards.len();
        pay_tier(ctx, &t.table, place, &tier, awards, totals);
        for a in awards.iter_mut().skip(start) {
            a.board = Some(board);
        }
    }
}
