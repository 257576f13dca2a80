//! Lowering a team stage's `lineup` clause (fixed roster order, or each round's default) and
//! a stage's `cap`: who may take part in the stage.

use super::*;

impl Lowerer<'_> {
    /// `lineup fixed` or `lineup each_round [deadline D before] [default roster_order]`, with
    /// `[colour_balance K]`; None
    /// without the clause (the runtime then keeps the roster order, as `fixed` says).
    pub(super) fn lineup(&self, clause: Option<&StageClause>) -> Option<plan::Lineup> {
        let Some(StageClause::Lineup {
            mode,
            deadline,
            colour_balance,
            span,
            ..
        }) = clause
        else {
            return None;
        };
        Some(plan::Lineup {
            mode: if mode.node == "each_round" {
                plan::LineupMode::EachRoundRosterOrder
            } else {
                plan::LineupMode::Fixed
            },
            deadline_seconds: deadline.as_ref().map(|d| d.node.seconds),
            colour_balance: colour_balance.as_ref().map(|k| plan::ColourBalance {
                max_difference: k.node,
                origin: self.origin(k.span),
            }),
            origin: self.origin(*span),
        })
    }

    /// `cap 80 [first_come|by_rating]`: the stage's cap and its order (first come when none
    /// is written, as the sheet says).
    pub(super) fn stage_cap(&self, clause: Option<&StageClause>) -> Option<plan::StageCap> {
        let Some(StageClause::Cap { max, order, span }) = clause else {
            return None;
        };
        Some(plan::StageCap {
            max: max.node,
            order: match order.as_ref().map(|o| o.node.as_str()) {
                Some("by_rating") => plan::CapOrder::ByRating,
                _ => plan::CapOrder::FirstCome,
            },
            origin: self.origin(*span),
        })
    }
}
