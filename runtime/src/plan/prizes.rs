//! Places decided outside a stage, prizes and qualification.

use super::{Origin, PlaceRange, PlaceRef, TiebreakChain};
use serde::{Deserialize, Serialize};

/// `places 9..16 shared groups.*#3..4`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacesDecl {
    pub places: PlaceRange,
    pub rule: PlacesRule,
    pub sources: Vec<PlaceRef>,
    pub title: Option<String>,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlacesRule {
    /// Every player of the sources is placed equal at the first place of the range; money of
    /// the range's places is pooled and paid in equal shares.
    Shared,
    /// Ranked across the sources by points and this chain, each in the stage it comes from.
    Ranked { chain: TiebreakChain },
}

/// `prizes [CATEGORY] "title" CNY after_tax { 1: 80000 ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTable {
    /// None: the final ranking of the whole event.
    pub category: Option<String>,
    pub title: Option<String>,
    pub currency: String,
    pub tax: Option<Tax>,
    pub lines: Vec<PrizeLine>,
    /// The declared total, if any (the checker compares it with the lines).
    pub total: Option<u64>,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tax {
    BeforeTax,
    AfterTax,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeLine {
    pub key: PrizeKey,
    /// Money per place (every place of a range gets it; the compiler lowers `each`).
    pub amount: Option<u64>,
    /// A currency other than the table's.
    pub currency: Option<String>,
    pub items: Vec<PrizeItem>,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrizeKey {
    Places {
        places: PlaceRange,
    },
    /// Losers of that knockout round.
    Eliminated {
        stage: String,
        round: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrizeItem {
    Trophy,
    Medal { metal: Option<String> },
    Plaque,
    Certificate,
    Other { name: String },
}

/// `qualification "全国总决赛" { open_men 3 ... replacement next_in_line }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualification {
    pub title: String,
    pub quotas: Vec<Quota>,
    /// A place a qualifier cannot take (withdrawn, declined, already qualified) passes down
    /// the category's ranking.
    pub next_in_line: bool,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quota {
    /// None: the final ranking of the whole event (`overall`).
    pub category: Option<String>,
    pub count: u32,
    pub origin: Origin,
}
