//! The live driver: the engine `simulate` uses, given the recorded results and told to leave
//! every other game pending (`RestRule::Pending`) instead of simulating it. The first round that
//! waits for results is what `pair` may publish; every game published before must come out of
//! the replay exactly as it was published.

use std::collections::{BTreeMap, BTreeSet};

use xqreg_runtime::engine::results::GameKey;
use xqreg_runtime::engine::{
    ahead, GameOut, GameResult, GameSource, LotStreams, Outcome, PublishedColours, PublishedRound,
    RecordedEntry, RecordedGame, RecordedLineup, RecordedResults, RecordedWithdrawal, RestRule,
    Roster, RunOptions, RuntimeProblem,
};
use xqreg_runtime::plan::{Origin, Plan, StageFormat};

use super::store::{Pairing, StoredEntry, StoredGame, StoredWithdrawal};
use crate::diagnostics::Template;

// The message catalogue of this module: compiler/messages/event/live.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/live.rs"));

/// The code of a published game that a replay no longer produces (registered in `run::codes`).
pub const PUBLISHED_CHANGED: &str = "R050";

/// E836's words for a stored result `res` of `g` that is no result.
fn unreadable_result(g: &StoredGame, res: &str) -> crate::diagnostics::Msg {
    let game = super::board_of(g);
    let args = [
        ("game", game.en.as_str()),
        ("game_zh", &game.zh),
        ("res", res),
    ];
    UNREADABLE_RESULT.fill(&args)
}

/// What is wrong with a published game of the store that xqreg never wrote so (E836): a result
/// that is no result, a player who is not in the roster. `games`, `standings` and `export` read
/// the store without a replay, and would print it.
pub(super) fn stored_damage(g: &StoredGame, roster: &Roster) -> Option<crate::diagnostics::Msg> {
    if let Some((res, ..)) = g
        .result
        .as_ref()
        .filter(|r| GameResult::parse(&r.0).is_none())
    {
        return Some(unreadable_result(g, res));
    }
    let id = [&g.game.red, &g.game.black]
        .into_iter()
        .find(|id| roster.index_of(id).is_none())?;
    let game = super::board_of(g);
    let args = [
        ("game", game.en.as_str()),
        ("game_zh", &game.zh),
        ("id", id),
    ];
    Some(NOT_IN_ROSTER.fill(&args))
}

/// What is wrong with a stored withdrawal that xqreg never wrote so (E836): a player not in the
/// roster, a stage the plan does not have. A withdrawal names one player even in a team stage
/// (`withdraw TEAM` stores one per player), so its player is always in the roster.
pub(super) fn withdrawal_damage(
    w: &StoredWithdrawal,
    plan: &Plan,
    roster: &Roster,
) -> Option<crate::diagnostics::Msg> {
    let known =
        roster.index_of(&w.player).is_some() && plan.stages.iter().any(|s| s.name == w.stage);
    let args = [("player", w.player.as_str()), ("stage", &w.stage)];
    (!known).then(|| BAD_WITHDRAWAL.fill(&args))
}

/// Everything a replay needs: the compiled plan, the roster, the seed and what was recorded.
pub struct Event {
    pub plan: Plan,
    pub roster: Roster,
    pub seed: u64,
    /// A stream of lots per stage (events started since), or one stream in stage order (events
    /// started before: their published draws came from it).
    pub lot_streams: LotStreams,
    pub games: Vec<StoredGame>,
    pub withdrawals: Vec<StoredWithdrawal>,
    /// Late entries; their players are in `roster` too (after the roster's own).
    pub entries: Vec<StoredEntry>,
    /// Line-ups handed in for rounds of team stages (`event lineup`).
    pub lineups: Vec<RecordedLineup>,
}

/// A game of the replay, with its game number inside its match and step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineGame {
    pub game: Pairing,
    pub pending: bool,
}

/// Every game of an outcome with its stage and its number among the games of the same two
/// players in the same round and playoff step (a match or a playoff meets them more than once):
/// with the stage, round, players and step, the game's identity ([`Pairing::key`]).
pub fn numbered_games(outcome: &Outcome) -> Vec<(&str, u32, &GameOut)> {
    let mut out = Vec::new();
    for stage in &outcome.stages {
        let mut count: BTreeMap<(u32, &str, &str, &str), u32> = BTreeMap::new();
        for g in &stage.games {
            let (x, y) = if g.red <= g.black {
                (&g.red, &g.black)
            } else {
                (&g.black, &g.red)
            };
            let n = count
                .entry((
                    g.round,
                    x.as_str(),
                    y.as_str(),
                    g.step.as_deref().unwrap_or(""),
                ))
                .or_insert(0);
            *n += 1;
            out.push((stage.name.as_str(), *n, g));
        }
    }
    out
}

/// A replay: the engine's outcome (pending games score a placeholder draw and must not be read
/// as results), its games, and the next games to publish.
pub struct Live {
    pub outcome: Outcome,
    pub games: Vec<EngineGame>,
    /// The first round that waits for results, minus what is published already.
    pub next: Vec<EngineGame>,
    /// Published games still without a result.
    pub waiting: usize,
    /// Late entrants: id -> (stage, the round they enter before).
    pub entered: BTreeMap<String, (String, u32)>,
    /// The event's lot streams ([`Event::lot_streams`]).
    pub lot_streams: LotStreams,
}

impl Live {
    /// No game is pending: every result is in and the outcome is final.
    pub fn finished(&self) -> bool {
        self.games.iter().all(|g| !g.pending) && self.outcome.unpairable.is_empty()
    }

    /// The last round a Swiss stage's standings count while it waits for results: the engine
    /// stops such a stage at its first round waiting for a result and ranks the rounds before it
    /// (no round is paired ahead from placeholder results). `None` for a stage with every result
    /// in, and for other kinds (a round robin ranks every result recorded so far).
    pub fn standings_after(&self, stage: &str) -> Option<u32> {
        let kind = &self.outcome.stages.iter().find(|s| s.name == stage)?.kind;
        if kind != "swiss" && kind != "team_swiss" {
            return None;
        }
        self.games
            .iter()
            .filter(|g| g.game.stage == stage && g.pending)
            .map(|g| g.game.round.saturating_sub(1))
            .min()
    }
}

/// A game of the replay as the store names it: game `game_no` of its players in its round and step.
fn pairing(stage: &str, game_no: u32, g: &GameOut) -> Pairing {
    Pairing {
        stage: stage.to_string(),
        round: g.round,
        group: g.label().map(str::to_string),
        step: g.step.clone(),
        game_no,
        red: g.red.clone(),
        black: g.black.clone(),
    }
}

impl Live {
    /// The games a withdrawal alone decides (a game against a withdrawn player, a board of a
    /// withdrawn team), with their results: nobody plays them and no board is published for
    /// them, but they score as forfeits (the points a pairing list gives before a round).
    pub fn forfeits(&self) -> Vec<StoredGame> {
        numbered_games(&self.outcome)
            .into_iter()
            .filter(|(_, _, g)| g.source == GameSource::Withdrawal)
            .map(|(stage, game_no, g)| StoredGame {
                id: 0,
                batch: 0,
                board: g.board,
                game: pairing(stage, game_no, g),
                result: Some((g.result.to_string(), 0, 0)),
            })
            .collect()
    }

    /// The [`forfeits`](Self::forfeits) the standings count: of a round that is published (a
    /// game of it is stored) or that has no game to play and no round of its stage before it
    /// has one, as the engine counts a round so far (`xqreg_runtime::engine::so_far`).
    pub fn counted_forfeits(&self, stored: &[StoredGame]) -> Vec<StoredGame> {
        let published = |stage: &str, round: u32| {
            stored
                .iter()
                .any(|g| g.game.stage == stage && g.game.round == round)
        };
        let reached = |stage: &str, round: u32| {
            !self
                .games
                .iter()
                .any(|g| g.pending && g.game.stage == stage && g.game.round <= round)
        };
        self.forfeits()
            .into_iter()
            .filter(|f| {
                let (stage, round) = (f.game.stage.as_str(), f.game.round);
                published(stage, round) || reached(stage, round)
            })
            .collect()
    }
}

/// The games `pair` publishes next: of the first stage that waits for results, the first round
/// with a game still to play; and the same of every later stage that may go ahead of the stages
/// waiting before it (sections played side by side, [`xqreg_runtime::engine::ahead`]); less
/// what is published already. In plan order.
fn next_games(event: &Event, outcome: &Outcome, games: &[EngineGame]) -> Vec<EngineGame> {
    let published: BTreeSet<GameKey> = event.games.iter().map(|g| g.game.key()).collect();
    let bounds = ahead::field_bounds(&event.plan, &event.roster);
    let disjoint = |a: usize, b: usize| match (bounds.get(a), bounds.get(b)) {
        (Some(Some(x)), Some(Some(y))) => x.is_disjoint(y),
        _ => false,
    };
    let mut waiting: Vec<usize> = Vec::new();
    let mut next = Vec::new();
    for (ix, stage) in event.plan.stages.iter().enumerate() {
        let pending = |g: &&EngineGame| g.pending && g.game.stage == stage.name;
        let Some(first) = games.iter().find(pending) else {
            continue;
        };
        // With one stream of lots, a lot a stage draws depends on every lot drawn before it.
        let own_lots = event.lot_streams == LotStreams::PerStage
            || !outcome.lots_before_games.contains(&stage.name);
        let free = waiting.is_empty()
            || (ahead::from_roster_alone(&event.plan, stage)
                && own_lots
                && waiting.iter().all(|&w| disjoint(w, ix)));
        if free {
            next.extend(
                games
                    .iter()
                    .filter(pending)
                    .filter(|g| g.game.round == first.game.round)
                    .filter(|g| !published.contains(&g.game.key()))
                    .cloned(),
            );
        }
        waiting.push(ix);
    }
    next
}

impl Live {
    /// A stage with every result in whose standings a lot separates, while a stage before it
    /// still waits (sections side by side): the lots of a seed are one stream drawn in stage
    /// order, so that lot is drawn for good only once the stages before it are complete.
    pub fn lot_to_draw(&self, stage: &str) -> bool {
        if self.lot_streams == LotStreams::PerStage {
            return false;
        }
        let stages = &self.outcome.stages;
        let Some(ix) = stages.iter().position(|s| s.name == stage) else {
            return false;
        };
        let waits = |name: &str| self.games.iter().any(|g| g.pending && g.game.stage == name);
        let earlier_waits = stages.iter().take(ix).any(|s| waits(&s.name));
        let by_lot = stages
            .get(ix)
            .into_iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.separations)
            .any(|s| s.criterion == "lots");
        earlier_waits && !waits(stage) && by_lot
    }
}

fn origin() -> Origin {
    Origin::default_rule("recorded in the event store")
}

/// The published rounds of the Swiss stages, as the engine reads them: each stands as published,
/// whatever a result corrected since would make the pairing system pair now.
pub fn published_rounds(plan: &Plan, games: &[StoredGame]) -> Vec<PublishedRound> {
    let swiss = |stage: &str| {
        plan.stages
            .iter()
            .any(|s| s.name == stage && matches!(s.format, StageFormat::Swiss(_)))
    };
    let mut rounds: BTreeMap<(String, u32), Vec<&StoredGame>> = BTreeMap::new();
    for g in games
        .iter()
        .filter(|g| g.game.step.is_none() && swiss(&g.game.stage))
    {
        rounds
            .entry((g.game.stage.clone(), g.game.round))
            .or_default()
            .push(g);
    }
    rounds
        .into_iter()
        .map(|((stage, round), mut boards)| {
            boards.sort_by_key(|g| g.board);
            PublishedRound {
                stage,
                round,
                boards: boards
                    .iter()
                    .map(|g| (g.game.red.clone(), g.game.black.clone()))
                    .collect(),
            }
        })
        .collect()
}

/// The recorded results of the store, as the engine reads them.
pub fn recorded(event: &Event) -> Result<RecordedResults, Vec<RuntimeProblem>> {
    let mut games = Vec::new();
    let mut colours = Vec::new();
    for g in &event.games {
        let Some((res, rf, bf)) = &g.result else {
            // Published, no result yet: its colours stand, whatever a lot would say now.
            colours.push(PublishedColours {
                stage: g.game.stage.clone(),
                round: g.game.round,
                red: g.game.red.clone(),
                black: g.game.black.clone(),
                step: g.game.step.clone(),
                game: g.game.game_no,
            });
            continue;
        };
        let Some(result) = GameResult::parse(res) else {
            let said = unreadable_result(g, res);
            let code = super::codes::E836.code;
            return Err(vec![
                RuntimeProblem::new(code, said.en, &origin()).zh(said.zh)
            ]);
        };
        games.push(RecordedGame {
            stage: g.game.stage.clone(),
            round: g.game.round,
            board: None,
            red: g.game.red.clone(),
            black: g.game.black.clone(),
            result,
            red_fouls: *rf,
            black_fouls: *bf,
            step: g.game.step.clone(),
            game: Some(g.game.game_no),
            origin: origin(),
        });
    }
    let withdrawals = event
        .withdrawals
        .iter()
        .map(|w| RecordedWithdrawal {
            player: w.player.clone(),
            stage: w.stage.clone(),
            after_round: w.after_round,
            origin: origin(),
        })
        .collect();
    let entries = event
        .entries
        .iter()
        .flat_map(|e| {
            e.players.iter().map(|p| RecordedEntry {
                player: p.clone(),
                stage: e.stage.clone(),
                round: e.round,
                origin: origin(),
            })
        })
        .collect();
    Ok(RecordedResults {
        games,
        withdrawals,
        entries,
        colours,
        rounds: published_rounds(&event.plan, &event.games),
        lineups: event.lineups.clone(),
        rest: RestRule::Pending,
        ..RecordedResults::default()
    })
}

/// Replay the event: run the engine on what is recorded, check every published game against it,
/// and find the next games to publish.
pub fn replay(event: &Event) -> Result<Live, Vec<RuntimeProblem>> {
    let results = recorded(event)?;
    let options = RunOptions {
        lot_streams: event.lot_streams,
        ..RunOptions::default()
    };
    let outcome = xqreg_runtime::engine::run_with(
        &event.plan,
        &event.roster,
        &results,
        event.seed,
        &options,
    )?;
    let games: Vec<EngineGame> = numbered_games(&outcome)
        .into_iter()
        .map(|(stage, game_no, g)| EngineGame {
            game: pairing(stage, game_no, g),
            pending: g.source == GameSource::Pending,
        })
        .collect();
    let by_id: BTreeMap<GameKey, &EngineGame> = games.iter().map(|g| (g.game.key(), g)).collect();
    let mut problems = Vec::new();
    for p in &event.games {
        let same = by_id.get(&p.game.key()).is_some_and(|g| {
            g.game.red == p.game.red && g.game.black == p.game.black && g.game.group == p.game.group
        });
        if !same {
            let game = super::board_of(p);
            let names = [("game", game.en.as_str()), ("game_zh", &game.zh)];
            let players = [("red", p.game.red.as_str()), ("black", &p.game.black)];
            let said = NO_LONGER_FOLLOWS.fill(&[&names[..], &players[..]].concat());
            problems.push(RuntimeProblem::new(PUBLISHED_CHANGED, said.en, &origin()).zh(said.zh));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let next = next_games(event, &outcome, &games);
    let waiting = event.games.iter().filter(|g| g.result.is_none()).count();
    let entered = event
        .entries
        .iter()
        .flat_map(|e| {
            e.players
                .iter()
                .map(|p| (p.clone(), (e.stage.clone(), e.round)))
        })
        .collect();
    Ok(Live {
        outcome,
        games,
        next,
        waiting,
        entered,
        lot_streams: event.lot_streams,
    })
}
