//! Lowering of derived rankings (`ranking NAME { from S by unit sum places best K short R }`).
//! Lowering runs only on a file the checker passed, and the checker refuses a ranking with a
//! clause missing or an attribute outside its set (E531 to E537), so every field here is known.

use xqreg_grammar::ast::{DerivedRanking, Item};
use xqreg_runtime::plan;

use super::Lowerer;

impl Lowerer<'_> {
    pub(super) fn rankings(&self) -> Vec<plan::DerivedRanking> {
        self.items()
            .filter_map(|item| match item {
                Item::Ranking(r) => self.ranking(r),
                _ => None,
            })
            .collect()
    }

    /// None only for a ranking the checker refused (lowering runs on checked files only).
    fn ranking(&self, r: &DerivedRanking) -> Option<plan::DerivedRanking> {
        let sum = r.sum.as_ref()?;
        Some(plan::DerivedRanking {
            name: r.name.node.clone(),
            title: r.title.as_ref().map(|t| t.zh.node.clone()),
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
