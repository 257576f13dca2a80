//! Lowering a team stage's `lineup` clause: fixed roster order, or each round's default.

use super::*;

impl Lowerer<'_> {
    /// `lineup fixed` or `lineup each_round [deadline D before] [default roster_order]`; None
    /// without the clause (the runtime then keeps the roster order, as `fixed` says).
    pub(super) fn lineup(&self, clause: Option<&StageClause>) -> Option<plan::Lineup> {
        let Some(StageClause::Lineup {
            mode,
            deadline,
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
            origin: self.origin(*span),
        })
    }
}
