//! Results: the recorded results a run is given, and the model that simulates the rest.
//!
//! A recorded result is keyed by stage, round, the two players (in either order), the playoff
//! step and the game number inside a mini-match or a repeated step. A second result for one key
//! is an error; a recorded result that no game of the run consumes is an error (the game does
//! not exist). Results are attributed to players by name: "a - b 1-0" means a beat b. A game whose
//! colours are drawn by lot takes its colours from its record (the record is the hall's lot), so
//! "a - b =" in an armageddon with draw odds for Black gives the match to b; a game whose colours
//! the regulation fixes keeps them, and a record written the other way round is read by name.

use super::problem::{codes, RuntimeProblem};
use crate::pairing::lots::Lots;
use crate::plan::{Origin, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The result of one game, seen from the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    RedWins,
    BlackWins,
    Draw,
    RedWinsForfeit,
    BlackWinsForfeit,
    DoubleForfeit,
}

impl GameResult {
    /// The same game with the two sides' names exchanged.
    pub fn flipped(self) -> GameResult {
        match self {
            GameResult::RedWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::RedWins,
            GameResult::RedWinsForfeit => GameResult::BlackWinsForfeit,
            GameResult::BlackWinsForfeit => GameResult::RedWinsForfeit,
            r => r,
        }
    }

    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::RedWinsForfeit | GameResult::BlackWinsForfeit | GameResult::DoubleForfeit
        )
    }

    /// The winning side, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::RedWins | GameResult::RedWinsForfeit => Some(Side::Red),
            GameResult::BlackWins | GameResult::BlackWinsForfeit => Some(Side::Black),
            _ => None,
        }
    }

    /// Under `fouls_per_game N loss` (`limit`): the side whose fouls reached the limit, the
    /// other's not, when the result is not that side's loss: a record that contradicts the rule
    /// (the runtime scores such a simulated game lost). None for a forfeit, which has no moves.
    pub fn against_foul_limit(self, limit: Option<u32>, fouls: (u32, u32)) -> Option<Side> {
        let limit = limit.filter(|&l| l > 0)?;
        let (rl, bl) = (fouls.0 >= limit, fouls.1 >= limit);
        if rl == bl || self.is_forfeit() {
            return None;
        }
        let (over, other) = if rl {
            (Side::Red, Side::Black)
        } else {
            (Side::Black, Side::Red)
        };
        (self.winner() != Some(other)).then_some(over)
    }

    /// `1-0`, `0-1`, `=`, `+-`, `-+`, `--` (the scenario and CSV notation).
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "=",
            GameResult::RedWinsForfeit => "+-",
            GameResult::BlackWinsForfeit => "-+",
            GameResult::DoubleForfeit => "--",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1-0" | "red" | "red_wins" => Some(GameResult::RedWins),
            "0-1" | "black" | "black_wins" => Some(GameResult::BlackWins),
            "=" | "draw" | "1/2" | "½-½" => Some(GameResult::Draw),
            "+-" | "red_forfeit_win" => Some(GameResult::RedWinsForfeit),
            "-+" | "black_forfeit_win" => Some(GameResult::BlackWinsForfeit),
            "--" | "double_forfeit" => Some(GameResult::DoubleForfeit),
            _ => None,
        }
    }
}

/// One recorded game (a results CSV row or a scenario line).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedGame {
    pub stage: String,
    pub round: u32,
    pub board: Option<u32>,
    pub red: String,
    pub black: String,
    pub result: GameResult,
    pub red_fouls: u32,
    pub black_fouls: u32,
    /// The playoff step's label (its time control's name), None for the stage's own game.
    pub step: Option<String>,
    /// Game number in a mini-match or a repeated playoff step (1 when absent).
    pub game: Option<u32>,
    /// Where the record was written (results CSV line or scenario clause).
    pub origin: Origin,
}

/// How games without a recorded result end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestRule {
    /// By the results model, from the seed.
    #[default]
    Simulate,
    Draws,
    RedWins,
    BlackWins,
    /// The higher rating wins; equal ratings draw.
    Rating,
    /// The live driver (`xqreg event`): a game without a result is not played but left pending
    /// (a placeholder double forfeit marked `pending` in the outcome); a match with a pending game stops
    /// there, so no playoff game and no lot follows a result nobody knows yet.
    Pending,
}

/// A withdrawal given with the results: the player plays no game after `after_round` of
/// `stage`, nor in any later stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedWithdrawal {
    pub player: String,
    pub stage: String,
    pub after_round: u32,
    pub origin: Origin,
}

/// A late entry given with the results: the player enters Swiss `stage` before `round` (the
/// stage's `late_entry` clause must allow it); each earlier round scores the clause's missed-round
/// bye, and the player is paired from `round` on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedEntry {
    pub player: String,
    pub stage: String,
    pub round: u32,
    pub origin: Origin,
}

/// A team's line-up handed in for one round of a team stage (临时定台制): its players on boards
/// 1, 2, ... of the round's match. A team that hands in none plays its stage's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedLineup {
    pub stage: String,
    pub round: u32,
    /// The team: a roster unit.
    pub team: String,
    /// The seats, in the order they were written (each with its board number).
    pub seats: Vec<LineupSeat>,
    /// Where the team is named (a line-ups CSV `team` cell, a scenario's `lineup` line).
    pub origin: Origin,
    /// Where the stage is written.
    pub stage_origin: Origin,
    /// Where the round is written.
    pub round_origin: Origin,
}

/// One board of a handed-in line-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupSeat {
    pub board: u32,
    /// The player's roster id.
    pub player: String,
    /// Where the player is written (its CSV cell, its word in a scenario line).
    pub origin: Origin,
}

/// Everything a run is told rather than simulates. Every field may be left out of its JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordedResults {
    pub games: Vec<RecordedGame>,
    /// Fouls recorded over the event outside any game record (`fouls a3 2`).
    pub fouls: BTreeMap<String, u32>,
    pub withdrawals: Vec<RecordedWithdrawal>,
    /// Late entries into a Swiss (the live driver's `event enter`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<RecordedEntry>,
    /// Players who decline a qualification place (next in line takes it).
    pub declined: Vec<String>,
    pub rest: RestRule,
    /// Draws made in the hall (or fixed by a scenario test): they replace the lot.
    #[serde(default)]
    pub draws: Vec<FixedDraw>,
    /// Colours published before their results (the live driver): like a recorded result, they
    /// are the hall's lot for their game.
    #[serde(default)]
    pub colours: Vec<PublishedColours>,
    /// Swiss rounds as published (the live driver): each replaces the pairing system's pairing
    /// of its round, so that a result corrected after a later round was published changes scores
    /// and standings, never a published round.
    #[serde(default)]
    pub rounds: Vec<PublishedRound>,
    /// Line-ups handed in for rounds of team stages (`lineup each_round`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<RecordedLineup>,
}

/// A published Swiss round: its boards in board order, (Red, Black) by player id. Every player
/// of the stage who is available in that round and on no board has the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedRound {
    pub stage: String,
    pub round: u32,
    pub boards: Vec<(String, String)>,
}

/// The colours of a published game that has no result yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedColours {
    pub stage: String,
    pub round: u32,
    pub red: String,
    pub black: String,
    pub step: Option<String>,
    pub game: u32,
}

/// A recorded draw: the players of one group of a stage (or of a stage without groups) in
/// pairing-number order, 1 first. It replaces the group draw and the numbering lot; the runtime
/// checks that the stage's field is exactly the players the draws list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedDraw {
    pub stage: String,
    /// None for a stage without groups.
    pub group: Option<String>,
    pub players: Vec<String>,
    pub origin: Origin,
}

/// Key of a recorded game: stage, round, the two ids sorted, step label, game number. The event
/// store keys its games by it too, so that a stored game and the engine's are one game.
pub type GameKey = (String, u32, String, String, String, u32);

/// The [`GameKey`] of a game between `a` and `b`, whichever has red.
pub fn game_key(
    stage: &str,
    round: u32,
    a: &str,
    b: &str,
    step: Option<&str>,
    game: u32,
) -> GameKey {
    let (x, y) = if a <= b { (a, b) } else { (b, a) };
    (
        stage.to_string(),
        round,
        x.to_string(),
        y.to_string(),
        step.unwrap_or("").to_string(),
        game,
    )
}

/// Recorded games by key, each consumed at most once.
#[derive(Debug, Default)]
pub(crate) struct ResultBook {
    games: BTreeMap<GameKey, (usize, bool)>,
}

impl ResultBook {
    pub(crate) fn new(results: &RecordedResults) -> Result<ResultBook, Vec<RuntimeProblem>> {
        let mut book = ResultBook::default();
        let mut problems = Vec::new();
        for (i, g) in results.games.iter().enumerate() {
            let k = game_key(
                &g.stage,
                g.round,
                &g.red,
                &g.black,
                g.step.as_deref(),
                g.game.unwrap_or(1),
            );
            if let std::collections::btree_map::Entry::Vacant(slot) = book.games.entry(k) {
                slot.insert((i, false));
            } else {
                let (en, zh) = game_words(g);
                problems.push(
                    RuntimeProblem::new(
                        codes::RESULT_DUPLICATE,
                        format!("a second result for {en}"),
                        &g.origin,
                    )
                    .zh(format!("同一对局的第二个成绩：{zh}")),
                );
            }
        }
        if problems.is_empty() {
            Ok(book)
        } else {
            Err(problems)
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The recorded game for this key, if any, marking it consumed.
    pub(crate) fn take(&mut self, k: &GameKey) -> Option<usize> {
        match self.games.get_mut(k) {
            Some((i, used)) if !*used => {
                *used = true;
                Some(*i)
            }
            _ => None,
        }
    }

    /// The recorded game for this key, if any and not yet consumed, leaving it in the book.
    pub(crate) fn peek(&self, k: &GameKey) -> Option<usize> {
        match self.games.get(k) {
            Some((i, used)) if !*used => Some(*i),
            _ => None,
        }
    }

    /// Recorded games no game of the run consumed.
    pub(crate) fn unconsumed(&self) -> impl Iterator<Item = usize> + '_ {
        self.games
            .values()
            .filter(|(_, used)| !*used)
            .map(|(i, _)| *i)
    }
}

/// The results model for simulation: Elo expectation with a draw rate, occasional forfeits and
/// fouls so the forfeit and foul rules are exercised. Probabilities are per million.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultModel {
    /// Rating points Red's first move is worth.
    pub red_advantage: i32,
    /// Share of draws between equal players (per million); falls with the rating gap.
    pub draw_ppm: u32,
    /// Chance a given player forfeits a given game.
    pub forfeit_ppm: u32,
    /// Chance a player commits one foul in a game; and two fouls.
    pub foul_ppm: u32,
    pub double_foul_ppm: u32,
    /// Rating of a player without one.
    pub default_rating: u32,
}

impl Default for ResultModel {
    fn default() -> ResultModel {
        ResultModel {
            red_advantage: 30,
            draw_ppm: 400_000,
            forfeit_ppm: 4_000,
            foul_ppm: 30_000,
            double_foul_ppm: 4_000,
            default_rating: 2000,
        }
    }
}

/// A simulated game: result and fouls of Red and Black.
pub(crate) struct Simulated {
    pub result: GameResult,
    pub red_fouls: u32,
    pub black_fouls: u32,
}

impl ResultModel {
    /// Red's expected score in parts per million: 1 / (1 + 10^(−d/400)).
    pub fn expectation_ppm(&self, red: u32, black: u32) -> u32 {
        let d = (i64::from(red) + i64::from(self.red_advantage) - i64::from(black)) as f64;
        // exp by squaring a short series: only + − × ÷, which IEEE 754 rounds identically on
        // every machine, so the same seed gives the same games everywhere.
        let x = -d * std::f64::consts::LN_10 / 400.0;
        let e = 1.0 / (1.0 + portable_exp(x));
        (e * 1_000_000.0).round().clamp(0.0, 1_000_000.0) as u32
    }

    pub(crate) fn simulate(
        &self,
        lots: &mut Lots,
        red_rating: u32,
        black_rating: u32,
    ) -> Simulated {
        let red_forfeits = lots.chance_ppm(self.forfeit_ppm);
        let black_forfeits = lots.chance_ppm(self.forfeit_ppm);
        let fouls = |lots: &mut Lots| -> u32 {
            let v = lots.below(1_000_000);
            if v < self.double_foul_ppm {
                2
            } else if v < self.double_foul_ppm + self.foul_ppm {
                1
            } else {
                0
            }
        };
        let red_fouls = fouls(lots);
        let black_fouls = fouls(lots);
        let e = i64::from(self.expectation_ppm(red_rating, black_rating));
        let gap = (2 * e - 1_000_000).abs();
        let draw = i64::from(self.draw_ppm) * (1_000_000 - gap) / 1_000_000;
        let red_win = (e - draw / 2).max(0);
        let v = i64::from(lots.below(1_000_000));
        let played = if v < red_win {
            GameResult::RedWins
        } else if v < red_win + draw {
            GameResult::Draw
        } else {
            GameResult::BlackWins
        };
        let result = match (red_forfeits, black_forfeits) {
            (true, true) => GameResult::DoubleForfeit,
            (true, false) => GameResult::BlackWinsForfeit,
            (false, true) => GameResult::RedWinsForfeit,
            (false, false) => played,
        };
        let (red_fouls, black_fouls) = if result.is_forfeit() {
            (0, 0)
        } else {
            (red_fouls, black_fouls)
        };
        Simulated {
            result,
            red_fouls,
            black_fouls,
        }
    }
}

/// e^x for moderate |x| with basic arithmetic only: e^(x/64) by Taylor series, squared six times.
fn portable_exp(x: f64) -> f64 {
    let x = x.clamp(-40.0, 40.0);
    let y = x / 64.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=12 {
        term = term * y / f64::from(k);
        sum += term;
    }
    for _ in 0..6 {
        sum *= sum;
    }
    sum
}

/// A recorded game as problems name it, in English and in Chinese:
/// `main round 3: p1 - p2 (playoff armageddon)` / `main 第 3 轮：p1 - p2（附加赛 armageddon）`.
pub(crate) fn game_words(g: &RecordedGame) -> (String, String) {
    let step = g.step.as_deref();
    (
        format!(
            "{} round {}: {} - {}{}",
            g.stage,
            g.round,
            g.red,
            g.black,
            step.map(|s| format!(" (playoff {s})")).unwrap_or_default()
        ),
        format!(
            "{} 第 {} 轮：{} - {}{}",
            g.stage,
            g.round,
            g.red,
            g.black,
            step.map(|s| format!("（附加赛 {s}）")).unwrap_or_default()
        ),
    )
}
