//! The outcome of a run: what `simulate --format json` prints (DESIGN.md): the seed, the final
//! ranking, prizes, qualifiers, each stage's standings with the tie-break values that ordered
//! them, the games, and the transcript.

use super::tiebreak::TbValue;
use super::transcript::TranscriptEntry;
use crate::plan::PrizeItem;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub seed: u64,
    pub plan_version: u32,
    pub event: String,
    /// Every place the regulation decides, in place order; shared places marked.
    pub final_ranking: Vec<RankingRow>,
    pub prizes: Vec<PrizeAward>,
    /// Prize places given up under `one_cash_prize highest`, each with the place kept.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prizes_given_up: Vec<GivenUpPrize>,
    /// Money paid per currency.
    pub prize_totals: BTreeMap<String, u64>,
    pub qualifiers: Vec<Qualifier>,
    /// Rankings derived from an individual stage, in plan order; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub derived: Vec<DerivedStanding>,
    pub stages: Vec<StageOutcome>,
    /// Games played or forfeited (byes not counted), playoff games included.
    pub games: u32,
    pub withdrawn: Vec<Withdrawn>,
    pub stats: RunStats,
    pub transcript: Vec<TranscriptEntry>,
    /// Warnings of the run (W202: an eligible player no stage takes), each at its roster row.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<super::problem::RuntimeProblem>,
    /// Each finished Swiss stage as a TRF-2026 file, by stage name (`simulate --trf DIR`); not
    /// part of the JSON. A stage whose numbers do not fit the file's columns has none (W206).
    #[serde(skip)]
    pub swiss_trf: BTreeMap<String, String>,
    /// The stages whose games followed a lot drawn in the stage (a draw, numbers or colours by
    /// lot, a tie-break lot before a split): in an event of one stream of lots
    /// ([`super::LotStreams::OneStream`]) the live driver pairs such a stage only once every
    /// stage before it is complete, since there the lots are drawn in stage order. Not part of
    /// the JSON.
    #[serde(skip)]
    pub lots_before_games: BTreeSet<String>,
    /// What each stage's TRF text could not hold (W204: a name cut, a federation left blank), or
    /// why a finished Swiss stage has none (W206: a number wider than its columns), each at the
    /// player's roster row; said where the files are written, not part of the JSON.
    #[serde(skip)]
    pub swiss_trf_warnings: BTreeMap<String, Vec<super::problem::RuntimeProblem>>,
    /// In the live driver (`RestRule::Pending`), by stage, a Swiss round after the last one
    /// recorded that has no pairing (R016): the stage stops there as before a round that waits,
    /// so the results that led to it are recorded and the standings so far stand; `event pair`
    /// says it. A simulation fails with it instead. Not part of the JSON.
    #[serde(skip)]
    pub unpairable: BTreeMap<String, super::problem::RuntimeProblem>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankingRow {
    pub place: u32,
    pub shared: bool,
    /// In an event of several sections (stages with disjoint fields), the section the place is
    /// in (its first stage's name): every section has its own place 1. Absent with one section.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub id: String,
    pub player: String,
    pub categories: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrizeAward {
    /// None: the whole event's ranking.
    pub category: Option<String>,
    /// The place in that category's ranking.
    pub place: u32,
    pub shared: bool,
    pub id: String,
    pub player: String,
    pub amount: u64,
    pub currency: String,
    pub items: Vec<PrizeItem>,
    /// Paid to the losers of a knockout round (`eliminated STAGE round N: ...`); `place` is then
    /// the place the final ranking gives them (0 when it ranks them nowhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<EliminatedIn>,
    /// Paid for completing every game (`completed: ...`); `place` is the player's place.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub completed: bool,
    /// A best-board prize (`board_prizes`): the board, `place` the place on it and `category`
    /// the table's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

/// A prize place a player gave up under `one_cash_prize highest` (奖金不兼得，就高不就低): the
/// table's category (None: the whole event's) and place given up, and the place kept instead.
/// The place given up passed down that table's ranking (依次递补), or to no one when it ran out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GivenUpPrize {
    pub id: String,
    pub player: String,
    pub category: Option<String>,
    pub place: u32,
    pub kept_category: Option<String>,
    pub kept_place: u32,
}

/// The knockout round a prize's losers went out in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EliminatedIn {
    pub stage: String,
    pub round: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Qualifier {
    pub title: String,
    pub category: Option<String>,
    /// Place in the category's ranking.
    pub place: u32,
    pub id: String,
    pub player: String,
    /// The player whose place this one took (next in line).
    pub replaces: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Withdrawn {
    pub id: String,
    pub stage: String,
    pub after_round: u32,
    pub reason: String,
}

/// Counters for `simulate --runs`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RunStats {
    /// Matches decided at each playoff step (by label).
    pub playoff_steps: BTreeMap<String, u32>,
    /// Ties in standings a lot decided.
    pub lots_in_standings: u32,
    /// Matches a lot decided.
    pub lots_in_matches: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StageOutcome {
    pub name: String,
    pub kind: String,
    pub groups: Vec<GroupOutcome>,
    pub matches: Vec<MatchOut>,
    pub games: Vec<GameOut>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupOutcome {
    /// None for a stage without groups.
    pub name: Option<String>,
    pub standings: Vec<StandingRow>,
    pub separations: Vec<SeparationOut>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingRow {
    pub place: u32,
    pub shared: bool,
    pub id: String,
    pub player: String,
    /// Pairing number in the stage (round robin and Swiss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    pub tiebreaks: Vec<TbCell>,
}

/// The tie-break criteria a group's rows carry, in the chain's order, as [`TbCell::column`]s:
/// each row lists its own in that order, and one computed only among tied rows (a head-to-head)
/// goes after the criterion before it in a row that has it. The columns of a standings table.
pub fn tiebreak_columns(rows: &[StandingRow]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in rows {
        let mut at = 0;
        for tb in &r.tiebreaks {
            let column = tb.column();
            match out.iter().position(|c| *c == column) {
                Some(i) => at = i + 1,
                None => {
                    out.insert(at, column);
                    at += 1;
                }
            }
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TbCell {
    pub criterion: String,
    /// The lowest opponents dropped (`opponents_score cut 1`, `progressive cut 1`): a chain may
    /// count a criterion whole and then cut (对手分, then 去掉一个最低分的对手分), two values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<u32>,
    pub value: TbValue,
}

impl TbCell {
    /// The standings column this value goes in: the criterion, with its cut when it has one
    /// (`opponents_score (cut 1)`), so that a chain counting a criterion twice has two columns.
    pub fn column(&self) -> String {
        match self.cut {
            Some(n) => format!("{} (cut {n})", self.criterion),
            None => self.criterion.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeparationOut {
    pub above: String,
    pub below: String,
    pub criterion: String,
    /// The lowest opponents the criterion dropped (`opponents_score cut 1`), as its standings
    /// column ([`TbCell::cut`]): which of two 对手分 in one chain separated the two.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<u32>,
    pub above_value: TbValue,
    pub below_value: TbValue,
    /// `A before B: 小分 37 > 35`
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchOut {
    pub round: u32,
    pub label: String,
    /// Where the round has several matches of `label`: this one's place in bracket order, from 1
    /// (`semi-final` 2), as a stand-in for it names it. Left out for a label of one match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    pub a: String,
    pub b: String,
    pub winner: String,
    pub loser: String,
    /// Points of a and b in the match's regular games (in a team match: board points).
    pub score: (i64, i64),
    /// `games`, a playoff step's label, `lots`, `bye`, or `forfeit`; in a team match
    /// `board_points` when its boards decided it.
    pub decided_by: String,
    /// A match `pending` (a live event's) whose regular games (boards) are all in, level, and
    /// that waits for a playoff game: that step's time control (`blitz`). Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awaits: Option<String>,
    /// A match `pending` (a live event's) of several regular games with some of them in: how
    /// many are in, and of how many (`[1, 2]`); `score` holds their points. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games_in: Option<(u32, u32)>,
    /// A team knockout's match: its boards (a and b are teams). Left out of the JSON for a
    /// match of two players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boards: Option<u32>,
    /// Side a (b) only stands in for the winner or loser of a match still to be played (a live
    /// event's pending semi-final feeding the final): which one. Left out when a side is its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_stands_for: Option<StandIn>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_stands_for: Option<StandIn>,
}

/// The side of a match still to be played that a stand-in stands for: its winner (or loser),
/// the match by its label and, where its round has several of that label, its number in bracket
/// order (`semi-final` 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StandIn {
    pub winner: bool,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
}

/// A game as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameOut {
    pub round: u32,
    pub board: u32,
    /// The group of the stage the game is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// In a team stage, the match the board belongs to (`"北京 v 上海"`).
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub team_match: Option<String>,
    pub red: String,
    pub black: String,
    pub result: &'static str,
    /// Where the result comes from: recorded, simulated, the rest rule, or a withdrawal.
    pub source: GameSource,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    #[serde(skip_serializing_if = "is_zero")]
    pub red_fouls: u32,
    #[serde(skip_serializing_if = "is_zero")]
    pub black_fouls: u32,
    /// A team stage's board that must be decided (`playoff`: 每台须分出胜负), its game level and
    /// the playoff chain deciding it: the board's winner (a player id), on the board's game.
    /// The board then scores as a win for the winner and a loss for the other, whatever the
    /// game and the playoff's games scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_winner: Option<String>,
}

impl GameOut {
    /// The group the game is in, or the team match its board belongs to: what the game is
    /// listed under.
    pub fn label(&self) -> Option<&str> {
        self.group.as_deref().or(self.team_match.as_deref())
    }
}

/// Where a game's result comes from (`source` in the JSON of a run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameSource {
    /// Read from the results given to the run (a results CSV, a scenario's `result` line).
    Recorded,
    /// Drawn by the results model from the seed.
    Simulated,
    /// Set by the run's rest rule (`rest draws`, `rest rating`, ...) of a scenario test.
    Rest,
    /// A forfeit because a player had withdrawn.
    Withdrawal,
    /// Waiting for its result (`RestRule::Pending`, the live driver).
    Pending,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A ranking derived from an individual stage (`ranking NAME { ... }`), units in place order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DerivedStanding {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub rows: Vec<DerivedRow>,
}

/// One unit of a derived ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DerivedRow {
    pub place: u32,
    pub shared: bool,
    /// The attribute's value (the unit's, federation's or pool's name).
    pub unit: String,
    /// The sum of the counted members' places or points.
    pub total: i64,
    /// The best place among the counted members (the tie-break).
    pub best_place: u32,
    /// The counted members' ids, best first.
    pub members: Vec<String>,
    /// Whether the unit had all K members (false only with `short last`).
    pub complete: bool,
}
