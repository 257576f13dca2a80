//! The engine that runs a plan.
//!
//! [`run`] takes a plan, a roster, recorded results and a seed, and returns the [`Outcome`] or
//! the problems that stopped it. It validates the roster first (nothing is drawn for a roster
//! that does not fit), then runs the stages in plan order: entrants, draws and numbers, games
//! (recorded, else simulated by the [`ResultModel`] from the seed), standings with the stage's
//! tie-break chain, knockout matches and their playoff chains; then the final ranking, prizes
//! and qualification. Lots come from stream 0 of the seed, simulated results from stream 1.
//! Every decision is written to the transcript with the clause it follows.
//!
//! Recorded results are matched to games by stage name, round, the two player ids (in either
//! order; the result is attributed by name), the playoff step's label (the step's time-control
//! name; an armageddon may also be recorded as `armageddon`; None for the stage's own game) and
//! the game number (mini-match game, or repeated step; 1 when absent). Knockout rounds count
//! from 1 for the first round; a placement or third-place match is played in the round after
//! the one that sent its players there. Same-place matches are round 1. A team event's teams
//! are the roster's units, players sit on boards by `order`.

pub mod ahead;
mod board_prizes;
mod declared_teams;
mod derived;
mod draw;
mod entrants;
mod finish;
mod fixed;
pub mod generate;
mod generate_attrs;
mod generate_pools;
mod generate_quota;
mod generate_rng;
mod generate_teams;
mod generate_units;
mod generate_want;
mod host;
mod late;
pub mod limits;
pub mod lineups;
mod money;
pub mod outcome;
mod play;
pub mod problem;
pub mod results;
pub mod roster;
mod sections;
mod so_far;
mod stage_caps;
mod stage_titles;
mod stages;
mod standings;
mod swiss_stage;
mod team;
mod team_swiss;
pub mod tiebreak;
pub mod transcript;
mod trf_out;
mod unplaced;
mod validate;

pub use entrants::source_admits;
pub use generate::generate_roster;
pub use outcome::*;
pub use problem::{codes, RuntimeProblem};
pub use results::{
    FixedDraw, GameResult, LineupSeat, PublishedColours, PublishedRound, RecordedEntry,
    RecordedGame, RecordedLineup, RecordedResults, RecordedWithdrawal, RestRule, ResultModel,
};
pub use roster::{categories_of, in_category, Player, Roster};
pub use transcript::{EntryKind, TranscriptEntry};
pub use validate::validate_roster;
pub use validate::{as_the_roster_writes, folded_id};

use crate::pairing::lots::{stage_stream, Lots, STREAM_LOTS, STREAM_RESULTS};
use crate::pairing::SwissPairer;
use crate::plan::{Plan, PLAN_VERSION};
use results::ResultBook;
use std::collections::{BTreeMap, BTreeSet};
use tiebreak::Competitor;
use transcript::Transcript;

/// Options beyond the four inputs of [`run`].
#[derive(Default)]
pub struct RunOptions<'a> {
    pub model: ResultModel,
    /// The Swiss pairing system for Swiss stages; without one a Swiss stage is a problem.
    pub swiss: Option<&'a dyn SwissPairer>,
    /// How the seed's lots are drawn: a stream per stage, or (events started before streams
    /// per stage) one stream in stage order.
    pub lot_streams: LotStreams,
}

/// How the lots of a seed are drawn over the stages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LotStreams {
    /// Each stage its own stream (`pairing::lots::stage_stream`): a stage's lots depend on its
    /// own results only, so sections played side by side can each be paired as their results
    /// come in. The lots after the last stage continue its stream.
    #[default]
    PerStage,
    /// One stream drawn in stage order, as xqreg drew before streams per stage: kept for live
    /// events started then, whose published draws came from it.
    OneStream,
}

/// Run the whole plan. The same inputs and seed give the same outcome, byte for byte.
pub fn run(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    seed: u64,
) -> Result<Outcome, Vec<RuntimeProblem>> {
    run_with(plan, roster, results, seed, &RunOptions::default())
}

/// [`run`] with a results model and a Swiss pairing system.
pub fn run_with(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    seed: u64,
    options: &RunOptions<'_>,
) -> Result<Outcome, Vec<RuntimeProblem>> {
    if plan.version != PLAN_VERSION {
        return Err(vec![RuntimeProblem::new(
            codes::PLAN_VERSION,
            format!(
                "plan version {} but this runtime runs version {PLAN_VERSION}",
                plan.version
            ),
            &plan.meta.origin,
        )
        .zh(format!(
            "计划版本为 {}，而本运行时运行版本 {PLAN_VERSION}",
            plan.version
        ))]);
    }
    let limits = limits::check(plan);
    if !limits.is_empty() {
        return Err(limits);
    }
    let open = unassumed(plan);
    if !open.is_empty() {
        return Err(open);
    }
    // Units written as the declared teams' names before anything counts them.
    let teams_named = declared_teams::named(plan, roster)?;
    let roster = teams_named.as_ref().unwrap_or(roster);
    // A `when_odd` host pool left out is checked as entered, but takes no place under the cap.
    let (hosted, host_notes) = host::fill_odd_field(&plan.entry.pools, roster);
    let problems = host::cap_as_played(plan, hosted.as_ref(), validate_roster(plan, roster));
    if !problems.is_empty() {
        return Err(problems);
    }
    let roster = hosted.as_ref().unwrap_or(roster);
    // A stage named by its title is read as its id before anything counts the results.
    let titled = stage_titles::by_id(plan, results)?;
    let results = titled.as_ref().unwrap_or(results);
    let book = ResultBook::new(results)?;
    let mut ctx = Ctx::new(plan, roster, results, options, seed, book)?;
    for note in host_notes {
        ctx.transcript
            .push(transcript::EntryKind::Entry, note.text, &note.origin);
    }
    ctx.warnings = unplaced::check(plan, roster, &mut ctx.transcript);
    for (ix, stage) in plan.stages.iter().enumerate() {
        ctx.transcript.stage = Some(stage.name.clone());
        if options.lot_streams == LotStreams::PerStage {
            ctx.lots = Lots::new(seed, stage_stream(ix));
        }
        let start = ctx.lots.position();
        ctx.lots_at_game = start;
        let done = stages::run_stage(&mut ctx, ix, stage);
        if ctx.lots_at_game != start {
            ctx.lots_before_games.insert(stage.name.clone());
        }
        ctx.transcript.stage = None;
        match done {
            Ok(run) => ctx.stages.push(run),
            Err(mut p) => {
                ctx.problems.append(&mut p);
                return Err(ctx.problems);
            }
        }
    }
    for i in ctx.book.unconsumed().collect::<Vec<_>>() {
        if let Some(g) = results.games.get(i) {
            let (en, zh) = results::game_words(g);
            ctx.problems.push(
                RuntimeProblem::new(
                    codes::RESULT_NO_SUCH_GAME,
                    format!("a result for a game that does not exist: {en}"),
                    &g.origin,
                )
                .zh(format!("成绩所指的对局不存在：{zh}")),
            );
        }
    }
    if !ctx.problems.is_empty() {
        return Err(ctx.problems);
    }
    finish::finish(ctx, seed)
}

/// Values to be announced (`swiss tbd rounds tbd`) that the plan assumes nothing for: the event
/// cannot be run until they are announced or assumed.
fn unassumed(plan: &Plan) -> Vec<RuntimeProblem> {
    use crate::plan::StageFormat;
    let mut problems = Vec::new();
    for stage in &plan.stages {
        let StageFormat::Swiss(sw) = &stage.format else {
            continue;
        };
        for v in sw.open.iter().filter(|v| v.assumed.is_none()) {
            let (en, zh) = match v.what.as_str() {
                "rounds" => ("number of rounds", "轮数"),
                _ => ("pairing system", "编排办法"),
            };
            problems.push(
                RuntimeProblem::new(
                    codes::VALUE_TO_BE_ANNOUNCED,
                    format!(
                        "stage `{}`: the {en} is to be announced and nothing is assumed for it",
                        stage.name
                    ),
                    &v.origin,
                )
                .zh(format!("阶段 `{}`：{zh}另行通知且没有假定值", stage.name)),
            );
        }
    }
    problems
}

/// What running one stage gives: the finished stage, or the problems that stopped it.
pub(crate) type Staged = Result<StageRun, Vec<RuntimeProblem>>;

/// A finished stage, as later stages and the final ranking see it.
pub(crate) struct StageRun {
    pub name: String,
    pub groups: Vec<GroupRun>,
    /// Knockout: losers of the main bracket by round.
    pub eliminated: BTreeMap<u32, Vec<usize>>,
    pub out: StageOutcome,
}

/// A group's (or a stage's) final order.
pub(crate) struct GroupRun {
    pub name: String,
    /// (place, shared, roster index), in place order.
    pub ranking: Vec<(u32, bool, usize)>,
    /// Roster index of each table position, and the table's competitors (round-robin groups).
    pub members: Vec<usize>,
    pub competitors: Vec<Competitor>,
}

pub(crate) struct Ctx<'a> {
    pub plan: &'a Plan,
    pub roster: &'a Roster,
    pub results: &'a RecordedResults,
    pub options: &'a RunOptions<'a>,
    pub lots: Lots,
    pub sim: Lots,
    pub book: ResultBook,
    pub transcript: Transcript,
    pub problems: Vec<RuntimeProblem>,
    /// What ran but deserves a look (W codes): the outcome carries them.
    pub warnings: Vec<RuntimeProblem>,
    /// Per roster index: fouls over the event, forfeits, withdrawal.
    pub fouls: Vec<u32>,
    pub forfeits: Vec<u32>,
    pub withdrawn: Vec<Option<outcome::Withdrawn>>,
    /// Recorded withdrawals: roster index -> (stage index, after round).
    pub withdraw_plan: BTreeMap<usize, (usize, u32)>,
    pub stages: Vec<StageRun>,
    pub games: u32,
    pub stats: RunStats,
    /// Team stages: the roster index that stands for a team in rankings -> the team's id (its
    /// declared id, else its name) and name.
    pub team_of: BTreeMap<usize, (String, String)>,
    /// Finished Swiss stages as TRF-2026 text, by stage name.
    pub swiss_trf: BTreeMap<String, String>,
    /// What those texts could not hold (W204), or why a stage has none (W206), said where they
    /// are written.
    pub swiss_trf_warnings: BTreeMap<String, Vec<problem::RuntimeProblem>>,
    /// Games left pending by `RestRule::Pending` (the live driver): a match with one stops there.
    pub pending: u32,
    /// The live driver's Swiss rounds that have no pairing, by stage ([`Outcome::unpairable`]).
    pub unpairable: BTreeMap<String, problem::RuntimeProblem>,
    /// A knockout match fed by a match still to be played (a side is the pending match's
    /// stand-in): its games are left pending too, whatever a withdrawal or a record says.
    pub stand_in: bool,
    /// Team stages: every board game played over the board, player by player (台次奖).
    pub board_games: Vec<board_prizes::BoardGame>,
    /// How far the lot stream was drawn when the last game was played, and the stages whose
    /// games came after a lot of their own ([`Outcome::lots_before_games`]).
    pub lots_at_game: u128,
    pub lots_before_games: BTreeSet<String>,
}

impl<'a> Ctx<'a> {
    fn new(
        plan: &'a Plan,
        roster: &'a Roster,
        results: &'a RecordedResults,
        options: &'a RunOptions<'a>,
        seed: u64,
        book: ResultBook,
    ) -> Result<Ctx<'a>, Vec<RuntimeProblem>> {
        let n = roster.players.len();
        // Every name the recorded results use is checked first: all problems at once, in the
        // order fouls, withdrawals, late entries, line-ups, games.
        let mut problems = Vec::new();
        let fouls = fouls_by_player(plan, roster, results, n, &mut problems);
        let withdraw_plan = withdrawals_by_player(plan, roster, results, &mut problems);
        problems.extend(late::check(plan, roster, &results.entries));
        problems.extend(lineups::check_stages(plan, &results.lineups));
        unknown_in_games(plan, roster, results, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Ctx {
            plan,
            roster,
            results,
            options,
            lots: Lots::new(seed, STREAM_LOTS),
            sim: Lots::new(seed, STREAM_RESULTS),
            book,
            transcript: Transcript::default(),
            problems: Vec::new(),
            warnings: Vec::new(),
            fouls,
            forfeits: vec![0; n],
            withdrawn: vec![None; n],
            withdraw_plan,
            stages: Vec::new(),
            games: 0,
            stats: RunStats::default(),
            team_of: BTreeMap::new(),
            swiss_trf: BTreeMap::new(),
            swiss_trf_warnings: BTreeMap::new(),
            pending: 0,
            unpairable: BTreeMap::new(),
            stand_in: false,
            board_games: Vec::new(),
            lots_at_game: 0,
            lots_before_games: BTreeSet::new(),
        })
    }

    pub fn id(&self, i: usize) -> &str {
        self.id_and_name(i).0
    }

    pub fn name(&self, i: usize) -> &str {
        self.id_and_name(i).1
    }

    /// The roster id of player `i`, even where the player stands for a team in a ranking (a
    /// team's first board does, [`Ctx::team_of`]): games, their keys and their lines name the
    /// players who sat at the board, so that a later team stage's board one is still its player.
    pub fn player_id(&self, i: usize) -> &str {
        self.roster.players.get(i).map_or("?", |p| p.id.as_str())
    }

    /// The id and the name of competitor `i`: its team's where it stands for a team, `?` for an
    /// index out of the roster.
    fn id_and_name(&self, i: usize) -> (&str, &str) {
        if let Some((id, name)) = self.team_of.get(&i) {
            return (id, name);
        }
        self.roster
            .players
            .get(i)
            .map_or(("?", "?"), |p| (p.id.as_str(), p.name.as_str()))
    }
}

/// The fouls recorded per roster index; a problem for a name not in the roster.
fn fouls_by_player(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    n: usize,
    problems: &mut Vec<RuntimeProblem>,
) -> Vec<u32> {
    let mut fouls = vec![0u32; n];
    for (id, count) in &results.fouls {
        match roster.index_of(id) {
            Some(i) => {
                if let Some(f) = fouls.get_mut(i) {
                    *f = f.saturating_add(*count);
                }
            }
            None => {
                let (en, zh) = validate::as_the_roster_writes(roster, id);
                problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!("fouls recorded for `{id}`, who is not in the roster{en}"),
                        &plan.conduct.origin,
                    )
                    .zh(format!("记录了 `{id}` 的犯规，此人不在名单中{zh}")),
                )
            }
        }
    }
    fouls
}

/// The recorded withdrawals: roster index -> (stage index, after round); a team's withdrawal
/// withdraws each of its players. A problem for a name or stage the event does not have.
fn withdrawals_by_player(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    problems: &mut Vec<RuntimeProblem>,
) -> BTreeMap<usize, (usize, u32)> {
    let mut withdraw_plan = BTreeMap::new();
    for w in &results.withdrawals {
        let stage = plan.stages.iter().position(|s| s.name == w.stage);
        // A player; or, in a plan with a team stage, a whole team (every one of its players).
        let who = match roster.index_of(&w.player) {
            Some(i) => vec![i],
            // A declared team is named by its id; the roster's units hold its name.
            None => team::whole_team(plan, roster, declared_teams::team_name(plan, &w.player)),
        };
        if let Some(rounds) = stage.and_then(|s| fixed_rounds(plan.stages.get(s)?)) {
            if w.after_round > rounds {
                problems.push(past_last_round(w, rounds));
                continue;
            }
        }
        match (who.is_empty(), stage) {
            (false, Some(s)) => {
                for i in who {
                    withdraw_plan.insert(i, (s, w.after_round));
                }
            }
            (true, _) => {
                let (en, zh) = validate::as_the_roster_writes(roster, &w.player);
                problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!(
                            "withdrawal of `{}`, who is not in the roster (nor a team of a team stage){en}",
                            w.player
                        ),
                        &w.origin,
                    )
                    .zh(format!(
                        "`{}` 退赛，名单中没有此人（也没有团体赛阶段的这支队伍）{zh}",
                        w.player
                    )),
                )
            }
            (_, None) => problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!(
                        "withdrawal in stage `{}`, which the plan does not have",
                        w.stage
                    ),
                    &w.origin,
                )
                .zh(format!("退赛所在的阶段 `{}` 不在计划中", w.stage)),
            ),
        }
    }
    withdraw_plan
}

/// The rounds of a Swiss of fixed rounds (the rounds of other stages are known once drawn).
fn fixed_rounds(stage: &crate::plan::Stage) -> Option<u32> {
    match &stage.format {
        crate::plan::StageFormat::Swiss(sw) => match sw.rounds {
            crate::plan::SwissRounds::Fixed { rounds } => Some(rounds),
            crate::plan::SwissRounds::ByEntries { .. } => None,
        },
        _ => None,
    }
}

/// R076: a withdrawal after a round past the stage's last (a typo: after the last round, the
/// player has no game left in it either way).
fn past_last_round(w: &results::RecordedWithdrawal, rounds: u32) -> RuntimeProblem {
    RuntimeProblem::new(
        codes::WITHDRAWAL_NO_SUCH_ROUND,
        format!(
            "withdrawal of `{}` after round {} of stage `{}`, which plays {rounds} rounds",
            w.player, w.after_round, w.stage
        ),
        &w.origin,
    )
    .zh(format!(
        "`{}` 在阶段 `{}` 第 {} 轮后退赛，而该阶段只赛 {rounds} 轮",
        w.player, w.stage, w.after_round
    ))
}

/// A problem for each recorded game naming a player not in the roster or a stage not in the plan.
fn unknown_in_games(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    problems: &mut Vec<RuntimeProblem>,
) {
    for g in &results.games {
        for id in [&g.red, &g.black] {
            if roster.index_of(id).is_none() {
                let (en, zh) = validate::as_the_roster_writes(roster, id);
                problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!("a result names `{id}`, who is not in the roster{en}"),
                        &g.origin,
                    )
                    .zh(format!("成绩写了 `{id}`，此人不在名单中{zh}")),
                );
            }
        }
        if !plan.stages.iter().any(|s| s.name == g.stage) {
            problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!(
                        "a result for stage `{}`, which the plan does not have",
                        g.stage
                    ),
                    &g.origin,
                )
                .zh(format!("成绩所在的阶段 `{}` 不在计划中", g.stage)),
            );
        }
    }
}
