//! Lowering of derived rankings (`ranking NAME { from S by unit sum places best K short R }`).
//! Lowering runs only on a file the checker passed, and the checker refuses a ranking with a
//! clause missing or an attribute outside its set (E531 to E537), so every field here is known.

use xqreg_grammar::ast::{BoardPrizes, DerivedRanking, Item};
use xqreg_runtime::plan;

use super::Lowerer;

impl Lowerer<'_> {
    pub(super) fn rankings(&self) -> Vec<plan::DerivedRanking> {
        self.lowered(|item| match item {
            Item::Ranking(r) => self.ranking(r),
            _ => None,
        })
    }

    /// None only for a ranking the checker refused (lowering runs on checked files only).
    fn ranking(&self, r: &DerivedRanking) -> Option<plan::DerivedRanking> {
        let sum = r.sum.as_ref()?;
        Some(plan::DerivedRanking {
            name: r.name.node.clone(),
            title: r.title.as_ref().map(|t| t.zh.node.clone()),
            title_en: r
                .title
                .as_ref()
                .and_then(|t| t.en.as_ref())
                .map(|e| e.node.clone()),
            source: r.from.as_ref()?.node.clone(),
            also_from: r.also_from.iter().map(|s| s.node.clone()).collect(),
            by: match r.by.as_ref()?.node.as_str() {
                "unit" => plan::GroupAttr::Unit,
                "federation" => plan::GroupAttr::Federation,
                "pool" => plan::GroupAttr::Pool,
                _ => return None,
            },
            measure: match sum.measure.node.as_str() {
                "points" => plan::Measure::Points,
                _ => plan::Measure::Places,
            },
            best: sum.best.as_ref()?.node,
            short: match r.short.as_ref()?.node.as_str() {
                "last" => plan::ShortRule::Last,
                _ => plan::ShortRule::Unranked,
            },
            origin: self.origin(r.span),
        })
    }
}

impl Lowerer<'_> {
    /// Best-board prize tables (`board_prizes NAME { ... }`). The checker refuses one without
    /// `from`, `by`, `min_games` or `ties`, or with a word outside their sets (E111, E545 to
    /// E547), so every field here is known.
    pub(super) fn board_prizes(&self) -> Vec<plan::BoardPrizes> {
        self.lowered(|item| match item {
            Item::BoardPrizes(b) => self.board_prize(b),
            _ => None,
        })
    }

    fn board_prize(&self, b: &BoardPrizes) -> Option<plan::BoardPrizes> {
        let (words, _) = b.ties.as_ref()?;
        let (last, criteria) = words.split_last()?;
        let mut table = self.prize_table(&b.as_table());
        table.category = Some(b.name.node.clone());
        Some(plan::BoardPrizes {
            name: b.name.node.clone(),
            title: b.title.as_ref().map(|t| t.zh.node.clone()),
            title_en: b
                .title
                .as_ref()
                .and_then(|t| t.en.as_ref())
                .map(|e| e.node.clone()),
            stage: b.from.as_ref()?.node.clone(),
            boards: b.boards.as_ref().map(|r| plan::PlaceRange {
                from: r.start,
                to: r.end,
            }),
            measure: match b.by.as_ref()?.node.as_str() {
                "percentage" => plan::BoardMeasure::Percentage,
                "points" => plan::BoardMeasure::Points,
                _ => return None,
            },
            min_games: b.min_games.as_ref()?.node,
            ties: criteria
                .iter()
                .map(|w| match w.node.as_str() {
                    "more_games" => Some(plan::BoardTie::MoreGames),
                    "wins" => Some(plan::BoardTie::Wins),
                    "points" => Some(plan::BoardTie::Points),
                    "percentage" => Some(plan::BoardTie::Percentage),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?,
            last: match last.node.as_str() {
                "shared" => plan::BoardLast::Shared,
                "lots" => plan::BoardLast::Lots,
                _ => return None,
            },
            table,
            origin: self.origin(b.span),
        })
    }
}
