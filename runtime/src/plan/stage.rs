//! Stages: who enters, how they are drawn and numbered, the format, the places decided; and the
//! place references that carry players from one stage to the next.

use super::{
    ByeScore, ColourRule, Knockout, Origin, PlaceRange, PlayoffChain, Scoring, TeamColours,
    TiebreakChain,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub name: String,
    pub title: Option<String>,
    /// The English title (`stage main "联赛" en "League"`), by which English output names the
    /// stage; left out of the JSON when there is none, so that a plan without one reads as
    /// before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// Sources in order; their union (first appearance kept) is the stage's field.
    pub entrants: Vec<EntrantSource>,
    pub format: StageFormat,
    /// The stage's scoring, resolved (the regulation's default or a named one).
    pub scoring: Scoring,
    /// The time control of the stage's games (a key of `Plan::time_controls`).
    pub time: Option<String>,
    /// Tie-breaks after the primary score; a knockout uses none.
    pub tiebreak: TiebreakChain,
    /// Run when a knockout match or a same-place match ends level (lots decide without one), or
    /// in a team stage on each drawn board (every board decided; without one a board may draw).
    pub playoff: Option<PlayoffChain>,
    /// Places of the final ranking the stage decides: its own place k is final place
    /// `from + k - 1`.
    pub places: Option<PlaceRange>,
    /// The most entrants the stage admits (`cap 80 first_come`: a section's or group's cap);
    /// left out of the JSON when there is none, so that a plan without one reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<StageCap>,
    /// A team stage's board colours (`colours by_board home|lower_number`): which team of a
    /// match has Red on odd boards. Absent: the first-listed (home) team; left out of the JSON
    /// then, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_colours: Option<TeamColours>,
    pub origin: Origin,
}

/// `cap 80 [first_come|by_rating]` in a stage: at most `max` of the roster's players may be the
/// stage's entrants; a roster with more is refused at the rows the order leaves out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageCap {
    pub max: u32,
    pub order: CapOrder,
    pub origin: Origin,
}

/// Who is admitted when more enter than a cap allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapOrder {
    /// In roster (registration) order: the rows after the cap are over (报满为止).
    #[default]
    FirstCome,
    /// The best rated (no rating ranks last, ties in roster order).
    ByRating,
}

/// Where a stage's players come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntrantSource {
    /// The whole roster.
    Roster {
        origin: Origin,
    },
    Category {
        name: String,
        origin: Origin,
    },
    Pool {
        name: String,
        origin: Origin,
    },
    /// Places of an earlier stage.
    Places {
        place: PlaceRef,
        origin: Origin,
    },
    /// Everyone not taken by an earlier stage that drew from the roster.
    Rest {
        origin: Origin,
    },
}

/// Places of an earlier stage: `groups.A#1`, `groups.*#3..4`, `swiss#1..8`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlaceRef {
    pub stage: String,
    pub group: GroupSel,
    pub places: PlaceRange,
}

impl std::fmt::Display for PlaceRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.group {
            GroupSel::None => write!(f, "{}#{}", self.stage, self.places),
            GroupSel::All => write!(f, "{}.*#{}", self.stage, self.places),
            GroupSel::Named(g) => write!(f, "{}.{}#{}", self.stage, g, self.places),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupSel {
    /// The stage's overall standings (a stage without groups, or a knockout).
    None,
    /// Every group in the stage's order; within a group, place order.
    All,
    Named(String),
}

// A plan holds a handful of stages, built once: the Swiss's size costs nothing worth a `Box`
// that every match and constructor would have to go through.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageFormat {
    RoundRobin(RoundRobin),
    Swiss(Swiss),
    Knockout(Knockout),
    SamePlace(SamePlace),
    TeamRoundRobin(TeamRoundRobin),
}

impl Stage {
    /// The stage as the transcript names it (the transcript is English): its English title,
    /// else its id. Problems quote the id (`stage `main``), which commands and files take.
    pub fn said(&self) -> &str {
        self.title_en.as_deref().unwrap_or(&self.name)
    }
}

impl StageFormat {
    /// The boards of a team stage's match (a team round robin, a team Swiss, a team
    /// knockout); None for a stage that pairs players one by one.
    pub fn team_boards(&self) -> Option<u32> {
        match self {
            StageFormat::TeamRoundRobin(t) => Some(t.boards),
            StageFormat::Swiss(sw) => sw.boards,
            StageFormat::Knockout(ko) => ko.team.as_ref().map(|t| t.boards),
            StageFormat::RoundRobin(_) | StageFormat::SamePlace(_) => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cycles {
    Single,
    Double,
}

/// `round_robin single|double [groups A B C D] [size 8]` with Berger tables (domain.md 4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRobin {
    pub cycles: Cycles,
    /// Group names in order; empty: one group holding the whole field.
    pub groups: Vec<String>,
    /// Players per group when the regulation fixes it.
    pub group_size: Option<u32>,
    /// How players are drawn into groups (None: one group, or groups filled by lot).
    pub draw: Option<GroupDraw>,
    /// Pairing numbers inside each group (the Berger table's start numbers).
    pub numbers: Numbers,
    /// Double round robin: swap the last two rounds of the first cycle (FIDE C.05 recommends
    /// it: no three equal colours at the junction).
    pub swap_last_two: bool,
    /// Who has Red: the Berger table's first-listed (CXA 13.1) unless the regulation says lot.
    pub colours: ColourRule,
    pub origin: Origin,
}

/// `draw { ... }`: rules applied in order, then the avoidance constraint over all of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupDraw {
    pub rules: Vec<DrawRule>,
    /// No two players of one unit in a group (同单位回避), except members of one quota pot
    /// (a pool or a named pot) among themselves: the quota places those by design (seed 004's
    /// eight Taipei players, two per group, all of one association).
    pub avoid_same_unit: bool,
    /// Whose players `avoid_same_unit` keeps apart: units, or federations.
    #[serde(default, skip_serializing_if = "AvoidBy::is_unit")]
    pub avoid_by: AvoidBy,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawRule {
    /// `pool taipei 2 per_group in list_order`: the pool's players, `per_group` to each group,
    /// drawn one by one in list order (or a random order) into a group with room.
    PoolQuota {
        pool: String,
        per_group: u32,
        order: DrawOrder,
        origin: Origin,
    },
    /// `pot "中国男子" { a b } 1 per_group`: named players with a quota per group.
    Pot {
        title: Option<String>,
        members: Vec<String>,
        per_group: u32,
        origin: Origin,
    },
    /// `rating 1..4 one_per_group`: the players at these rating places (among those not placed
    /// by an earlier rule), at most one per group.
    RatingSeeds { places: PlaceRange, origin: Origin },
    /// `rest random` / `rest list_order`: everyone left.
    Rest { order: DrawOrder, origin: Origin },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOrder {
    /// Drawn in the roster's list (registration) order, each by lot into a group with room.
    ListOrder,
    /// Drawn in an order itself decided by lot.
    Random,
    /// `rest rating` (按等级分蛇形分组): placed by rating, the best first, in serpentine order
    /// (A B C D D C B A A B ...), no lot; a player whose group of the serpentine is full or
    /// barred (same unit) goes to the nearest open group. Equal ratings in list order.
    Rating,
}

/// Pairing numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Numbers {
    Lot {
        origin: Origin,
    },
    RegistrationOrder {
        origin: Origin,
    },
    Rating {
        origin: Origin,
    },
    /// `numbers entrants_order`: in the order the stage's `entrants` clause lists its entrants
    /// (`A#1, B#1, B#2, A#2`: a final numbered by group places; a roster, category or pool in
    /// the roster's order), within each group in that order too.
    EntrantsOrder {
        origin: Origin,
    },
    /// Seed tiers into the upper half (in tier order, each tier ordered by `seeds_order`),
    /// the rest after them by `rest` (domain.md 3.2).
    Seeded {
        tiers: Vec<SeedTier>,
        seeds_order: NumberOrder,
        rest: NumberOrder,
        origin: Origin,
    },
    /// `numbers { pool a odd  pool b even  within lot }` (单号/双号): pool `odd`'s players take
    /// numbers 1, 3, 5, ..., pool `even`'s 2, 4, 6, ..., each pool ordered by `within`.
    Parity {
        odd: String,
        even: String,
        within: NumberOrder,
        origin: Origin,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NumberOrder {
    Lot,
    RegistrationOrder,
    Rating,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeedTier {
    Title(super::Title),
    Pool(String),
    Category(String),
    Players(Vec<String>),
}

/// `swiss cxa|dutch rounds N` with the parameters of domain.md section 10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swiss {
    pub system: SwissSystem,
    pub rounds: SwissRounds,
    pub numbers: Numbers,
    pub first_round: FirstRound,
    pub colour_limits: ColourLimits,
    pub colour_tie: ColourTie,
    pub bye: ByeRule,
    /// Does a forfeited game count as "met" for no-repeat? FIDE: no (default).
    pub forfeit_counts_as_met: bool,
    pub avoid_same_unit: AvoidWhen,
    /// Whose players `avoid_same_unit` keeps apart: units, or federations.
    #[serde(default, skip_serializing_if = "AvoidBy::is_unit")]
    pub avoid_by: AvoidBy,
    /// `split after_round 5 top 8 to top_ko`.
    pub split: Option<Split>,
    /// Values the regulation leaves to be announced (`swiss tbd rounds tbd`). `system` and
    /// `rounds` hold the stage's `assume`; without one the runtime refuses to run (R022).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open: Vec<OpenValue>,
    /// `late_entry until round 3 missed half`: players may enter before the round; left out of
    /// the JSON when absent, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_entry: Option<LateEntry>,
    /// `swiss cxa rounds 7 boards 4` in a team event: a team Swiss, the roster's units paired
    /// as teams, each match on this many boards (board colours by parity, match points first).
    /// Left out of the JSON when absent, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<u32>,
    /// A team Swiss: how each round's line-up is set (absent: the roster order, fixed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lineup: Option<Lineup>,
    pub origin: Origin,
}

/// `lineup fixed|each_round ...`: who sits on boards 1..B of a team's match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub mode: LineupMode,
    /// `deadline 30min before` (seconds): printed; the runtime takes the line-ups it is given
    /// (no clock: a line-up handed in late is the arbiter's to refuse before it is recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_seconds: Option<u32>,
    /// `colour_balance K`: the runtime warns (W260) after a round that takes a player's Red and
    /// Black games over the stage more than K apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour_balance: Option<ColourBalance>,
    pub origin: Origin,
}

/// `colour_balance K` of a team stage's `lineup` clause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourBalance {
    pub max_difference: u32,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineupMode {
    /// The first B players of the roster order in every round; a withdrawn player's board is
    /// forfeited (nobody moves up).
    Fixed,
    /// 临时定台制: a line-up each round, as handed in (`RecordedResults::lineups`); a team that
    /// hands in none plays the default, the roster order of the players still in the event (a
    /// reserve takes a withdrawn player's place, the boards below move up).
    EachRoundRosterOrder,
}

/// A value of a stage to be announced (另行通知), with the assumption a simulation runs on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenValue {
    /// `rounds` or `system`.
    pub what: String,
    /// The assumed value as written (`9`, `cxa`); none: the event cannot be simulated.
    pub assumed: Option<String>,
    /// The `tbd`, or the `assume` clause when there is one.
    pub origin: Origin,
}

/// Late entries into a Swiss: a player may enter before `until_round` (2 or more); each round
/// played before the entry scores `missed` (TRF-2026 `Z` or `H`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LateEntry {
    pub until_round: u32,
    pub missed: MissedRound,
    pub origin: Origin,
}

/// What a round missed before a late entry scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissedRound {
    /// A zero-point bye (TRF `Z`).
    Zero,
    /// A half-point bye: a draw's points (TRF `H`).
    Half,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissSystem {
    /// 积分编排制 as domain.md 3 reconstructs the CXA 2011 appendix.
    Cxa,
    /// FIDE C.04.3.
    Dutch,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissRounds {
    Fixed {
        rounds: u32,
    },
    /// By entries: the first arm whose inclusive bounds hold the field size.
    ByEntries {
        arms: Vec<EntriesArm>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntriesArm {
    pub min: Option<u32>,
    pub max: Option<u32>,
    /// The row's rounds; for a round-robin row, the most it can take.
    pub rounds: u32,
    /// `..8: round_robin`: a field in this row plays a single round robin (Berger tables, the
    /// stage's numbers and tie-breaks) instead of the Swiss. Absent in older plans.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub round_robin: bool,
}

impl EntriesArm {
    /// Whether a field of `n` entries is in this row.
    pub fn holds(&self, n: u32) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }

    /// The row's sizes as written: `12`, `..16`, `17..24`, `25..`.
    pub fn label(&self) -> String {
        match (self.min, self.max) {
            (Some(lo), Some(hi)) if lo == hi => lo.to_string(),
            (lo, hi) => format!(
                "{}..{}",
                lo.map(|v| v.to_string()).unwrap_or_default(),
                hi.map(|v| v.to_string()).unwrap_or_default()
            ),
        }
    }
}

/// First-round method (domain.md 3.3); defaults: `adjacent`, `first_listed_red`, `upper`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstRound {
    pub method: FirstRoundMethod,
    pub colours: FirstRoundColours,
    pub first_board: FirstBoard,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRoundMethod {
    /// 1-2, 4-3, 5-6, 8-7 ...
    Adjacent,
    /// 拦腰: k v k + N/2.
    SplitHalf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRoundColours {
    FirstListedRed,
    Alternate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstBoard {
    Upper,
    Lower,
    Lot,
}

/// Colour limits (domain.md 3.5); defaults 2, 2, 1 (FIDE C.04.1 f, g).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourLimits {
    pub max_consecutive: u32,
    pub max_difference: u32,
    pub relax_last_rounds: u32,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourTie {
    SumParity,
    RoundParity,
    Fide,
}

/// Byes in a Swiss (domain.md 3.6); defaults: a win's points, `lowest_in_field`,
/// `lowest_not_yet`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeRule {
    pub points: i64,
    pub opponent_score: ByeScore,
    pub recipient: ByeRecipient,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeRecipient {
    LowestNotYet,
    LowestFewest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AvoidWhen {
    Never,
    Round1,
    Always,
    /// `avoid same_unit until round 5`: rounds 1 to 5 (JSON `{"until": 5}`).
    Until(u32),
}

impl AvoidWhen {
    /// Whether players are kept apart in `round` (1-based).
    pub fn in_round(self, round: u32) -> bool {
        match self {
            AvoidWhen::Never => false,
            AvoidWhen::Round1 => round == 1,
            AvoidWhen::Always => true,
            AvoidWhen::Until(last) => round <= last,
        }
    }
}

/// What avoidance keeps apart: players of one unit (`avoid same_unit`, the roster's `unit`) or of
/// one federation (`avoid same_federation`, its `federation`: an open where players of one
/// country are not paired in round 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AvoidBy {
    #[default]
    Unit,
    Federation,
}

impl AvoidBy {
    /// Units are the default and left out of the JSON, so that a plan without the clause reads
    /// as before.
    pub fn is_unit(&self) -> bool {
        *self == AvoidBy::Unit
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    pub after_round: u32,
    pub top: u32,
    pub to: String,
    pub origin: Origin,
}

/// `same_place groups.A groups.B places 1..12`: k-th of A v k-th of B for places 2k−1, 2k.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SamePlace {
    /// Two groups of earlier stages: (stage, group).
    pub groups: Vec<(String, String)>,
    pub places: PlaceRange,
    pub games: u32,
    pub colours: ColourRule,
    pub origin: Origin,
}

/// `team_round_robin single|double boards 4`: teams (the roster's units) meet in Berger order;
/// the first-listed team has Red on odd boards (CXA 13.2); game points give match points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRoundRobin {
    pub cycles: Cycles,
    pub boards: u32,
    /// Reserved for team groups; the runtime runs one group (several groups are a problem).
    pub groups: Vec<String>,
    /// Team numbers: by lot, registration order (first appearance in the roster), or rating
    /// (mean of the boards' ratings). A team's players sit on boards by their `order`.
    pub numbers: NumberOrder,
    pub swap_last_two: bool,
    /// How each round's line-up is set (absent: the roster order, fixed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lineup: Option<Lineup>,
    pub origin: Origin,
}
