//! Prizes and qualification places.

use super::{Ident, Money, PlaceRange, Spanned, Text};
use crate::span::Span;
use serde::Serialize;

/// ```text
/// prizes open_men "公开组男子" CNY after_tax {
///   1: 10000 trophy certificate
///   2: 5000 trophy certificate
///   5..8: 800 each
///   9..16: 500 each certificate
///   total 30900
/// }
/// prizes "奖金" CNY before_tax { 1: 100000  2: 50000 ... }       // no category: the whole field
/// prizes "港澳台奖" HKD { 1: 5000 HKD }                           // another currency
/// prizes final_ko "淘汰奖" CNY { eliminated final_ko round 1: 2000 each }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prizes {
    /// The category paid; None = the final ranking of the whole event.
    pub category: Option<Ident>,
    pub title: Option<Text>,
    /// Default currency of the lines.
    pub currency: Option<Spanned<String>>,
    /// `before_tax` / `after_tax`
    pub tax: Option<Ident>,
    pub lines: Vec<PrizeLine>,
    /// `total 30900`: the declared total, checked against the sum.
    pub total: Option<Money>,
    /// `at_most entries_minus 1` / `at_most half_entries`: fewer places paid in a small field
    /// (the checker allows one).
    pub limits: Vec<PrizeLimit>,
    pub span: Span,
}

/// `at_most entries_minus N` or `at_most half_entries`: no more places are paid than the
/// table's ranking has entries less N, or half its entries (rounded down).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrizeLimit {
    pub rule: PrizeLimitRule,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PrizeLimitRule {
    EntriesMinus(Spanned<u32>),
    HalfEntries,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrizeLine {
    pub key: PrizeKey,
    /// None for an item-only line (`7..22: certificate`).
    pub money: Option<Money>,
    /// `each`: every place of the range gets the amount (otherwise a range must be one place).
    pub each: bool,
    /// `trophy`, `medal gold`, `plaque`, `certificate`, or `item "棋王杯"`.
    pub items: Vec<PrizeItem>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PrizeKey {
    Places(PlaceRange),
    /// `eliminated STAGE round N`: losers of that knockout round.
    Eliminated {
        stage: Ident,
        round: Spanned<u32>,
        span: Span,
    },
    /// `completed`: every player who played all their games (完赛奖).
    Completed(Span),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PrizeItem {
    Trophy(Span),
    /// `medal gold|silver|bronze` (the metal optional)
    Medal {
        metal: Option<Ident>,
        span: Span,
    },
    Plaque(Span),
    Certificate(Span),
    /// `item "棋王杯"`
    Other(Text),
}

/// Best-board prizes (台次奖) of a team stage: the players of each board ranked by their results
/// on that board, each board's places paid by the lines.
///
/// ```text
/// board_prizes boards "台次奖" en "Best board" CNY {
///   from main                  // the team stage
///   boards 1..4                // the boards with prizes (default: every board)
///   by percentage              // or `points`
///   min_games 5                // fewer games on the board: not ranked
///   ties more_games, shared    // criteria, then `shared` or `lots`
///   1: 500 certificate
///   2: 300
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardPrizes {
    pub name: Ident,
    pub title: Option<Text>,
    pub currency: Option<Spanned<String>>,
    pub from: Option<Ident>,
    /// `boards 1..4`
    pub boards: Option<PlaceRange>,
    /// `percentage` or `points`.
    pub by: Option<Ident>,
    pub min_games: Option<Spanned<u32>>,
    /// `ties W, W, ...`: the words as written, with the clause's span.
    pub ties: Option<(Vec<Ident>, Span)>,
    /// Place lines only (the grammar admits no `eliminated` or `completed` key here).
    pub lines: Vec<PrizeLine>,
    pub span: Span,
}

impl PrizeItem {
    /// The span of the award, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            PrizeItem::Trophy(s) | PrizeItem::Plaque(s) | PrizeItem::Certificate(s) => *s,
            PrizeItem::Medal { span, .. } => *span,
            PrizeItem::Other(t) => t.span,
        }
    }
}

impl BoardPrizes {
    /// The lines as a prize table of one board (no category, tax, total or limit), for the
    /// checks and the lowering that prize tables share.
    pub fn as_table(&self) -> Prizes {
        Prizes {
            category: None,
            title: self.title.clone(),
            currency: self.currency.clone(),
            tax: None,
            lines: self.lines.clone(),
            total: None,
            limits: Vec::new(),
            span: self.span,
        }
    }
}

/// ```text
/// qualification "全国总决赛" en "National final" {
///   open_men 3
///   open_women 1
///   replacement next_in_line
///   staff leader 1
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Qualification {
    pub title: Text,
    pub quotas: Vec<Quota>,
    pub replacement: Option<Ident>,
    /// `replacement next_in_line until 8`: the lowest place a replacement may come from.
    pub replacement_until: Option<Spanned<u32>>,
    pub staff: Vec<(Ident, Spanned<u32>)>,
    pub span: Span,
}

/// `open_men 3` (a category), or `overall 3` for the whole field.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Quota {
    pub category: Ident,
    pub count: Spanned<u32>,
    pub span: Span,
}

/// A ranking derived from an individual stage's ranking, by a roster attribute:
///
/// ```text
/// ranking teams "团体总分" en "Team standings" {
///   from main              // the individual stage
///   by unit                // unit | federation | pool
///   sum places best 3      // the best 3 members' places, lower wins (or `sum points`, higher wins)
///   short unranked         // a unit with fewer than 3 members: `unranked` or `last`
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DerivedRanking {
    pub name: Ident,
    pub title: Option<Text>,
    pub from: Option<Ident>,
    /// Further source stages after the first (`from junior, senior`): their players' points
    /// count as the first stage's do (`sum points` only).
    pub also_from: Vec<Ident>,
    /// The roster attribute (`unit`, `federation`, `pool`).
    pub by: Option<Ident>,
    pub sum: Option<RankingSum>,
    /// `unranked` or `last`.
    pub short: Option<Ident>,
    pub span: Span,
}

/// `sum places best 3`: what is summed and over how many members.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankingSum {
    /// `places` or `points`.
    pub measure: Ident,
    pub best: Option<Spanned<u32>>,
    pub span: Span,
}
