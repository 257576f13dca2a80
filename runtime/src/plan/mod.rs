//! The plan: what the compiler hands the runtime.
//!
//! Plain serde data, versioned by [`PLAN_VERSION`]: closed enums, `BTreeMap` for every map,
//! integer points and money, and an [`Origin`] on every item that says which clause of the
//! regulation it comes from, or which documented default supplied it. The runtime reads a plan
//! and nothing else from the regulation, so a plan saved as JSON and read back runs the same.
//! References between items (a stage's playoff chain, a place reference to an earlier stage) are
//! by name; the runtime reports a dangling name as a problem, never panics on it.

mod entry;
mod knockout;
mod prizes;
mod rules;
mod stage;

pub use entry::*;
pub use knockout::*;
pub use prizes::*;
pub use rules::*;
pub use stage::*;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The plan format version; bumped on every incompatible change of these types.
pub const PLAN_VERSION: u32 = 1;

/// A byte range in the regulation file (half-open), as the grammar's spans.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SourceSpan {
    pub start: u32,
    pub end: u32,
}

/// Where a plan item comes from: a clause of the regulation, or a documented default.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// The clause's file, its 1-based line and column (in characters), and its byte span.
    Clause {
        file: String,
        line: u32,
        column: u32,
        span: SourceSpan,
    },
    /// A default the regulation did not state; the text names the rule that supplied it,
    /// e.g. `"default: CXA 2011 colours of a knockout game by lot (domain.md 4.1)"`.
    Default(String),
}

impl Origin {
    /// A default origin; the text should name the rule.
    pub fn default_rule(text: &str) -> Origin {
        Origin::Default(text.to_string())
    }

    /// `file:line:column` or `default: ...`, for messages and the transcript.
    pub fn cite(&self) -> String {
        match self {
            Origin::Clause {
                file, line, column, ..
            } => format!("{file}:{line}:{column}"),
            Origin::Default(text) => {
                if text.starts_with("default") {
                    text.clone()
                } else {
                    format!("default: {text}")
                }
            }
        }
    }
}

/// The whole compiled regulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Must equal [`PLAN_VERSION`]; the runtime refuses other versions.
    pub version: u32,
    pub meta: EventMeta,
    /// The generator every lot and every simulated result is drawn from.
    pub rng: RngSpec,
    /// The regulation's default scoring; a stage carries its own resolved copy.
    pub scoring: Scoring,
    /// Time controls by name (`standard`, `rapid`, `armageddon`, ...).
    pub time_controls: BTreeMap<String, TimeControl>,
    pub entry: Entry,
    /// Categories by name; a player may be in several.
    pub categories: BTreeMap<String, Category>,
    /// Stages in running order: a stage may only refer to places of stages before it.
    pub stages: Vec<Stage>,
    /// Places decided outside any stage (`places 9..16 shared groups.*#3..4`).
    pub places: Vec<PlacesDecl>,
    /// Rankings of units derived from an individual stage (`ranking NAME { ... }`); absent from
    /// the JSON of a plan without one, so older plans read back the same.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rankings: Vec<DerivedRanking>,
    pub prizes: Vec<PrizeTable>,
    /// Best-board prizes of team stages (`board_prizes NAME { ... }`, 台次奖); absent from the
    /// JSON of a plan without one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board_prizes: Vec<BoardPrizes>,
    /// `one_cash_prize highest` (奖金不兼得): each player keeps one money prize of the tables
    /// paying players; absent from the JSON of a plan without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_cash_prize: Option<OneCashPrize>,
    pub qualification: Vec<Qualification>,
    pub conduct: Conduct,
}

impl Plan {
    /// The stage whose id is `id`.
    pub fn stage(&self, id: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.name == id)
    }

    /// The stage `name` names ([`stage_named`]): its id, or the title of one stage.
    pub fn stage_named(&self, name: &str) -> StageNamed<'_> {
        let titled = self.stages.iter().map(|s| {
            let titles = [s.title.as_deref(), s.title_en.as_deref()];
            (s.name.as_str(), titles)
        });
        stage_named(titled, name)
    }
}

/// What a stage a user typed names (a command's argument, a results or line-up row, a scenario
/// test's line): a stage's id, or the title (Chinese or English) of exactly one stage, gives that
/// stage's id (ids are what plans, stores and logs keep); a title several stages share names none
/// of them.
#[derive(Debug, PartialEq, Eq)]
pub enum StageNamed<'p> {
    Stage(&'p str),
    /// The ids of the stages whose title it is (two or more).
    Shared(Vec<&'p str>),
    Unknown,
}

/// The stage `name` names among `stages`, each its id and its titles (Chinese, English): an id
/// wins over another stage's title. The plan's stages ([`Plan::stage_named`]) and the checker's
/// declarations, before any plan exists, are resolved by this one rule.
pub fn stage_named<'p, const N: usize>(
    stages: impl Iterator<Item = (&'p str, [Option<&'p str>; N])> + Clone,
    name: &str,
) -> StageNamed<'p> {
    if let Some((id, _)) = stages.clone().find(|(id, _)| *id == name) {
        return StageNamed::Stage(id);
    }
    let titled: Vec<&str> = stages
        .filter(|(_, titles)| titles.contains(&Some(name)))
        .map(|(id, _)| id)
        .collect();
    match titled.as_slice() {
        [] => StageNamed::Unknown,
        [one] => StageNamed::Stage(one),
        _ => StageNamed::Shared(titled),
    }
}

/// What the regulation says about itself, as far as the runtime prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMeta {
    pub title: String,
    pub title_en: Option<String>,
    pub edition: Option<u32>,
    pub dates: Option<(Date, Date)>,
    pub venue: Option<String>,
    /// `cxa2011`, `asian`, `world`, or another identifier the checker accepted.
    pub rulebook: Option<String>,
    /// The first day of play: ages are counted on it.
    pub first_day: Option<Date>,
    pub origin: Origin,
}

/// The random generator named by the plan; the seed is part of the run input, not the plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngSpec {
    pub algorithm: RngAlgorithm,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RngAlgorithm {
    /// `rand_chacha::ChaCha8Rng`, seeded with `seed_from_u64`; stream 0 for lots, stream 1 for
    /// simulated results, so that recorded results never shift a draw.
    Chacha8,
}

/// `replacement next_in_line [until N]`, as a qualifiers pool (`Qualifiers`) and a
/// qualification event (`Qualification`) both say it: whether a place a qualifier declines or
/// leaves passes down the ranking, and the lowest place it may pass to. Its owner's JSON holds
/// the two fields in its own place (`#[serde(flatten)]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replacement {
    /// `replacement next_in_line`: a place below the top passes down the ranking.
    pub next_in_line: bool,
    /// `until N`: no replacement from below place N. Left out of the JSON when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<u32>,
}

/// A calendar date; serialised as `"YYYY-MM-DD"` (the one civil date, `xqreg-calendar`).
pub use xqreg_calendar::Date;

/// An inclusive range of places (`7..12`; a single place has `from == to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlaceRange {
    pub from: u32,
    pub to: u32,
}

impl PlaceRange {
    pub fn new(from: u32, to: u32) -> PlaceRange {
        PlaceRange { from, to }
    }

    /// Number of places (0 for an inverted range).
    pub fn len(self) -> u32 {
        if self.to < self.from {
            0
        } else {
            self.to - self.from + 1
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub fn contains(self, place: u32) -> bool {
        self.from <= place && place <= self.to
    }
}

impl std::fmt::Display for PlaceRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.from == self.to {
            write!(f, "{}", self.from)
        } else {
            write!(f, "{}..{}", self.from, self.to)
        }
    }
}

/// Red moves first (先手); Black second (后手).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Red,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
}

/// Men or women, as rosters and conditions name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sex {
    Men,
    Women,
}

impl Sex {
    /// Accepts `m`, `men`, `male`, `男`, `w`, `f`, `women`, `female`, `女` (any case).
    pub fn parse(text: &str) -> Option<Sex> {
        match text.trim().to_lowercase().as_str() {
            "m" | "men" | "man" | "male" | "男" | "男子" => Some(Sex::Men),
            "w" | "f" | "women" | "woman" | "female" | "女" | "女子" => Some(Sex::Women),
            _ => None,
        }
    }
}

/// CXA and international xiangqi titles, ordered from lowest to highest for `title >= master`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    /// 三级棋士
    ThirdClass,
    /// 二级棋士
    SecondClass,
    /// 一级棋士
    FirstClass,
    /// 棋协大师
    AssociationMaster,
    /// 国家大师
    NationalMaster,
    /// 大师 (象棋大师)
    Master,
    /// 国际大师
    InternationalMaster,
    /// 特级大师
    Grandmaster,
    /// 国际特级大师
    InternationalGrandmaster,
}

impl Title {
    pub fn parse(text: &str) -> Option<Title> {
        match text.trim().to_lowercase().as_str() {
            "third_class" | "三级棋士" => Some(Title::ThirdClass),
            "second_class" | "二级棋士" => Some(Title::SecondClass),
            "first_class" | "一级棋士" => Some(Title::FirstClass),
            "association_master" | "棋协大师" => Some(Title::AssociationMaster),
            "national_master" | "国家大师" => Some(Title::NationalMaster),
            "master" | "大师" | "象棋大师" => Some(Title::Master),
            "international_master" | "国际大师" => Some(Title::InternationalMaster),
            "grandmaster" | "特级大师" | "特大" => Some(Title::Grandmaster),
            "international_grandmaster" | "国际特级大师" => {
                Some(Title::InternationalGrandmaster)
            }
            _ => None,
        }
    }
}

/// A comparison in a condition (`title >= master`, `age < 16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CompareOp {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

impl CompareOp {
    pub fn holds<T: Ord>(self, left: T, right: T) -> bool {
        match self {
            CompareOp::Lt => left < right,
            CompareOp::Le => left <= right,
            CompareOp::Eq => left == right,
            CompareOp::Ge => left >= right,
            CompareOp::Gt => left > right,
        }
    }
}
