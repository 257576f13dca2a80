//! The bounds the runtime runs within. No real regulation comes near them; they exist so that a
//! plan can neither overflow a sum nor run for ever. The checker refuses a regulation beyond
//! them (E515), so that `check` never accepts what `simulate` cannot run; the runtime refuses a
//! hand-edited plan beyond them before it runs ([`check`]).

use super::problem::{codes, RuntimeProblem};
use crate::plan::Plan;

/// Points of one result, either sign.
pub const POINTS: i64 = 1_000_000;
/// Money of one prize line, in the currency's units.
pub const MONEY: u64 = 1_000_000_000_000;
/// Games of one match or one playoff step.
pub const GAMES: u32 = 64;
/// Size of a seeded knockout bracket.
pub const BRACKET: u32 = 4096;
/// Rounds of a Swiss stage.
pub const ROUNDS: u32 = 1000;
/// Players (or, in a team event, players over all teams) in one event.
pub const PLAYERS: u32 = 100_000;

/// Points, money, games per match, bracket sizes and rounds within bounds no real regulation
/// comes near, so that a hand-edited plan can neither overflow a sum nor run for ever.
pub(crate) fn check(plan: &Plan) -> Vec<RuntimeProblem> {
    use crate::plan::{Bracket, PlayoffStepKind, StageFormat, SwissRounds};
    let mut problems = Vec::new();
    let mut bad = |what: String, zh: String, origin: &crate::plan::Origin| {
        problems.push(RuntimeProblem::new(codes::OUT_OF_RANGE, what, origin).zh(zh));
    };
    let scorings = std::iter::once(&plan.scoring).chain(plan.stages.iter().map(|s| &s.scoring));
    for s in scorings {
        let mut values = vec![s.win, s.draw, s.loss, s.forfeit_win, s.forfeit_loss, s.bye];
        if let Some(m) = &s.matches {
            values.extend([m.win, m.draw, m.loss]);
        }
        if values.iter().any(|v| v.abs() > POINTS) {
            bad(
                format!("scoring values beyond ±{POINTS}"),
                format!("计分值超出 ±{POINTS}"),
                &s.origin,
            );
        }
    }
    for stage in &plan.stages {
        let chain = stage.playoff.iter().flat_map(|c| c.steps.iter());
        for step in chain {
            if let PlayoffStepKind::Game { games, .. } = step.kind {
                if games > GAMES {
                    bad(
                        format!("a playoff step of {games} games (at most {GAMES})"),
                        format!("附加赛一步 {games} 局（至多 {GAMES} 局）"),
                        &step.origin,
                    );
                }
            }
        }
        // A knockout's and a same-place stage's matches are bounded alike.
        let match_games = match &stage.format {
            StageFormat::Knockout(ko) => Some((ko.games, &ko.origin)),
            StageFormat::SamePlace(sp) => Some((sp.games, &sp.origin)),
            _ => None,
        };
        if let Some((games, origin)) = match_games.filter(|(games, _)| *games > GAMES) {
            bad(
                format!("matches of {games} games (at most {GAMES})"),
                format!("每场 {games} 局（至多 {GAMES} 局）"),
                origin,
            );
        }
        match &stage.format {
            StageFormat::Knockout(ko) => {
                if let Some(t) = ko.team.as_ref().filter(|t| t.boards > GAMES) {
                    bad(
                        format!("{} boards (at most {GAMES})", t.boards),
                        format!("{} 台（至多 {GAMES} 台）", t.boards),
                        &t.origin,
                    );
                }
                if let Bracket::Seeded { size, .. } = ko.bracket {
                    if size > BRACKET {
                        bad(
                            format!("a bracket of {size} (at most {BRACKET})"),
                            format!("{size} 人的对阵表（至多 {BRACKET} 人）"),
                            &ko.origin,
                        );
                    }
                }
            }
            StageFormat::Swiss(sw) => {
                let most = match &sw.rounds {
                    SwissRounds::Fixed { rounds } => *rounds,
                    SwissRounds::ByEntries { arms } => {
                        arms.iter().map(|a| a.rounds).max().unwrap_or(0)
                    }
                };
                if most > ROUNDS {
                    bad(
                        format!("{most} rounds (at most {ROUNDS})"),
                        format!("{most} 轮（至多 {ROUNDS} 轮）"),
                        &sw.origin,
                    );
                }
                if sw.bye.points.abs() > POINTS {
                    bad(
                        format!("bye points beyond ±{POINTS}"),
                        format!("轮空得分超出 ±{POINTS}"),
                        &sw.bye.origin,
                    );
                }
            }
            StageFormat::TeamRoundRobin(t) => {
                if t.boards > GAMES {
                    bad(
                        format!("{} boards (at most {GAMES})", t.boards),
                        format!("{} 台（至多 {GAMES} 台）", t.boards),
                        &t.origin,
                    );
                }
            }
            StageFormat::RoundRobin(_) | StageFormat::SamePlace(_) => {}
        }
    }
    for table in &plan.prizes {
        for line in &table.lines {
            if line.amount.is_some_and(|a| a > MONEY) {
                bad(
                    format!("a prize beyond {MONEY}"),
                    format!("奖金超出 {MONEY}"),
                    &line.origin,
                );
            }
        }
    }
    problems
}
