//! Prize money: the one place payments add up, shared by the prize tables of the final ranking
//! (`finish/prizes.rs`) and of derived rankings (`derived.rs`).

use super::problem::{codes, RuntimeProblem};
use super::Ctx;
use crate::plan::Origin;
use std::collections::BTreeMap;

/// Adds a payment to its currency's total; a sum beyond `u64` is a problem, never a wrapped or
/// saturated total.
pub(crate) fn add_money(
    ctx: &mut Ctx<'_>,
    totals: &mut BTreeMap<String, u64>,
    currency: &str,
    amount: u64,
    origin: &Origin,
) {
    let e = totals.entry(currency.to_string()).or_insert(0);
    match e.checked_add(amount) {
        Some(t) => *e = t,
        None => ctx.problems.push(
            RuntimeProblem::new(
                codes::OUT_OF_RANGE,
                format!(
                    "the prizes paid in {currency} add up to more than {}",
                    u64::MAX
                ),
                origin,
            )
            .zh(format!("以 {currency} 支付的奖金之和超过 {}", u64::MAX)),
        ),
    }
}
