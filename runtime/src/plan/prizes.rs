//! Places decided outside a stage, prizes and qualification.

use super::{Origin, PlaceRange, PlaceRef, Replacement, TiebreakChain};
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
    /// None: the final ranking of the whole event. A category, or a derived ranking
    /// ([`DerivedRanking`], whose units are paid).
    pub category: Option<String>,
    pub title: Option<String>,
    /// The title's English (`prizes "总名次奖" en "Overall"`), for English output; absent in
    /// older plans and where the regulation gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    pub currency: String,
    pub tax: Option<Tax>,
    pub lines: Vec<PrizeLine>,
    /// The declared total, if any (the checker compares it with the lines).
    pub total: Option<u64>,
    /// Fewer places paid in a small field. Left out of the JSON when absent, so that a plan
    /// without it reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<PlaceLimit>,
    pub origin: Origin,
}

/// `regulation { one_cash_prize highest }` (奖金不兼得，就高不就低): every prize table paying the
/// final ranking or a category pays each player at most one of its places with money, the one
/// paying most (equal amounts: the table written first); a place given up passes down that
/// table's ranking (依次递补), the places given out highest money first, so that no player keeps
/// a lower prize while a higher one is open to them. Derived rankings' tables, knockout
/// losers', completion and board prizes are outside the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OneCashPrize {
    pub origin: Origin,
}

/// `at_most entries_minus N|half_entries`: the most places a table pays, from the number of
/// entries in the ranking it pays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceLimit {
    pub rule: PlaceLimitRule,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum PlaceLimitRule {
    /// The entries less `minus` (none below zero).
    EntriesMinus { minus: u32 },
    /// Half the entries, rounded down.
    HalfEntries,
}

impl PlaceLimitRule {
    /// The most places paid with `entries` in the ranking.
    pub fn places(self, entries: u32) -> u32 {
        match self {
            PlaceLimitRule::EntriesMinus { minus } => entries.saturating_sub(minus),
            PlaceLimitRule::HalfEntries => entries / 2,
        }
    }
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
    /// Every player who played all their games: no forfeit lost, not withdrawn (完赛奖).
    Completed,
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

impl PrizeItem {
    /// The award as the file writes it: `trophy`, `medal gold`, `item "棋王杯"`.
    pub fn word(&self) -> String {
        match self {
            PrizeItem::Trophy => "trophy".into(),
            PrizeItem::Medal { metal: None } => "medal".into(),
            PrizeItem::Medal { metal: Some(m) } => format!("medal {m}"),
            PrizeItem::Plaque => "plaque".into(),
            PrizeItem::Certificate => "certificate".into(),
            PrizeItem::Other { name } => format!("item \"{name}\""),
        }
    }
}

/// `qualification "全国总决赛" { open_men 3 ... replacement next_in_line }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualification {
    pub title: String,
    /// The event's English name (`qualification "全国总决赛" en "National final"`), which the
    /// English report prints; left out of the JSON when there is none, as in older plans.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    pub quotas: Vec<Quota>,
    /// `replacement next_in_line [until 8]`: a place a qualifier cannot take (withdrawn,
    /// declined, already qualified) passes down the category's ranking (down to the quota
    /// ranking's place 8).
    #[serde(flatten)]
    pub replacement: Replacement,
    pub origin: Origin,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quota {
    /// None: the final ranking of the whole event (`overall`). A category, or a derived
    /// ranking ([`DerivedRanking`], whose units qualify).
    pub category: Option<String>,
    pub count: u32,
    pub origin: Origin,
}

/// The source of a ranking derived from the event's final ranking (`from overall`) rather than
/// from a stage's standings; a stage of that name takes precedence.
pub const FROM_OVERALL: &str = "overall";

/// `ranking teams { from main by unit sum places best 3 short unranked }`: a ranking of units
/// (clubs, federations, pools) computed from an individual stage's ranking. Prize tables and
/// qualification quotas name it as they name a category (the names never clash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DerivedRanking {
    pub name: String,
    pub title: Option<String>,
    /// The English title, by which the English site names the ranking's prizes; left out of
    /// the JSON when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// The individual stage whose standings give each member's place and points, or
    /// [`FROM_OVERALL`] for the final ranking (places only).
    pub source: String,
    /// Further stages whose players count as the source's (`from junior, senior`: a school's
    /// best three scores over every section; `sum points` only). Left out of the JSON when
    /// empty, so that a plan without it reads as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_from: Vec<String>,
    /// The roster attribute that groups the members.
    pub by: GroupAttr,
    pub measure: Measure,
    /// How many members count (K of "the best K").
    pub best: u32,
    /// What happens to a unit with fewer than `best` members in the source stage.
    pub short: ShortRule,
    pub origin: Origin,
}

/// The roster attribute a derived ranking groups by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupAttr {
    Unit,
    Federation,
    Pool,
}

/// What a derived ranking sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The members' places in the source stage: the lowest K count, the lower sum wins.
    Places,
    /// The members' points in the source stage: the highest K count, the higher sum wins.
    Points,
}

/// A unit with fewer members than the ranking counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortRule {
    /// Not ranked at all.
    Unranked,
    /// Ranked after every complete unit (more members first, then by the same sum).
    Last,
}

/// `board_prizes NAME { from S boards 1..4 by percentage min_games 5 ties more_games, shared
/// 1: 500 }` (台次奖): on each board of a team stage, the players who played it are ranked by
/// their results on that board (games played over the board only: no forfeit, no bye, no playoff
/// game), and the table pays each board's places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPrizes {
    pub name: String,
    pub title: Option<String>,
    /// The English title, by which the English site names the table's prizes; left out of the
    /// JSON when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// The team stage whose boards are ranked.
    pub stage: String,
    /// The boards with prizes; None: every board of the stage.
    pub boards: Option<PlaceRange>,
    pub measure: BoardMeasure,
    /// The fewest games on the board a player must have played to be ranked on it.
    pub min_games: u32,
    /// Criteria for equal results, in order.
    pub ties: Vec<BoardTie>,
    /// After the criteria: share the place, or draw lots.
    pub last: BoardLast,
    /// The money and awards of each board's places (`category` is the table's name).
    pub table: PrizeTable,
    pub origin: Origin,
}

/// What ranks the players of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardMeasure {
    /// Points on the board over the most the games could give (得分率), higher first.
    Percentage,
    /// Points on the board, higher first.
    Points,
}

/// A criterion for players equal on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardTie {
    /// More games on the board first.
    MoreGames,
    /// More wins on the board first.
    Wins,
    /// More points on the board first.
    Points,
    /// The higher percentage first.
    Percentage,
}

/// Players still equal after the criteria.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardLast {
    /// They share the place (and its money, in equal shares).
    Shared,
    /// Lots order them.
    Lots,
}

#[cfg(test)]
mod tests {
    use super::PlaceLimitRule;

    #[test]
    fn a_limit_counts_down_from_the_entries_and_never_below_zero() {
        let minus = PlaceLimitRule::EntriesMinus { minus: 1 };
        assert_eq!(
            (minus.places(8), minus.places(1), minus.places(0)),
            (7, 0, 0)
        );
        let half = PlaceLimitRule::HalfEntries;
        assert_eq!((half.places(9), half.places(8), half.places(1)), (4, 4, 0));
    }
}
