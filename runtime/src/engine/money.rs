//! Prize money: the one place payments add up, shared by the prize tables of the final ranking
//! (`finish/prizes.rs`) and of derived rankings (`derived.rs`), and the one way a tier of tied
//! winners shares the money of the places it covers.

use super::outcome::PrizeAward;
use super::problem::{codes, RuntimeProblem};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{Origin, PrizeItem, PrizeKey, PrizeLine, PrizeTable};
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
    if !add_to(totals, currency, amount) {
        ctx.problems.push(
            RuntimeProblem::new(
                codes::OUT_OF_RANGE,
                format!(
                    "the prizes paid in {currency} add up to more than {}",
                    u64::MAX
                ),
                origin,
            )
            .zh(format!("以 {currency} 支付的奖金之和超过 {}", u64::MAX)),
        );
    }
}

/// Adds `amount` to `sums[key]` (0 when absent); false, the sum unchanged, when it would pass
/// `u64::MAX`.
fn add_to(sums: &mut BTreeMap<String, u64>, key: &str, amount: u64) -> bool {
    let e = sums.entry(key.to_string()).or_insert(0);
    match e.checked_add(amount) {
        Some(t) => {
            *e = t;
            true
        }
        None => false,
    }
}

/// The line of a prize table that pays `place`.
pub(crate) fn line_for(table: &PrizeTable, place: u32) -> Option<&PrizeLine> {
    table
        .lines
        .iter()
        .find(|l| matches!(l.key, PrizeKey::Places { places } if places.contains(place)))
}

/// How one currency's pool of a tier was split: `share` each, `rest` units left over.
pub(crate) struct Split {
    pub currency: String,
    pub pool: u64,
    pub share: u64,
    pub rest: u64,
}

/// Pays a tier of tied winners from a prize table: the money of every place the tier covers
/// (`place..place + winners.len()`) pooled per currency and shared equally, the remainder one
/// unit each in the order of `winners` (id, name); the items of `place` go to each winner
/// (also when no money is paid). Returns each currency's split for the caller's transcript.
pub(crate) fn pay_tier(
    ctx: &mut Ctx<'_>,
    table: &PrizeTable,
    place: u32,
    winners: &[(String, String)],
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) -> Vec<Split> {
    let k = winners.len() as u32;
    let mut pools: BTreeMap<String, u64> = BTreeMap::new();
    for q in place..place + k {
        let Some(line) = line_for(table, q) else {
            continue;
        };
        let Some(amount) = line.amount else {
            continue;
        };
        let cur = line
            .currency
            .clone()
            .unwrap_or_else(|| table.currency.clone());
        if !add_to(&mut pools, &cur, amount) {
            ctx.problems.push(
                RuntimeProblem::new(
                    codes::OUT_OF_RANGE,
                    format!(
                        "the prizes of places {place}.. add up to more than {} {cur}",
                        u64::MAX
                    ),
                    &line.origin,
                )
                .zh(format!("第 {place} 名起的奖金之和超过 {} {cur}", u64::MAX)),
            );
        }
    }
    let items = line_for(table, place)
        .map(|l| l.items.clone())
        .unwrap_or_default();
    let award = |(id, name): &(String, String), amount: u64, currency: &str| PrizeAward {
        category: table.category.clone(),
        place,
        shared: k > 1,
        id: id.clone(),
        player: name.clone(),
        amount,
        currency: currency.to_string(),
        items: items.clone(),
        eliminated: None,
        completed: false,
        board: None,
    };
    let mut splits = Vec::new();
    for (currency, &pool) in &pools {
        let share = pool / u64::from(k.max(1));
        let rest = pool % u64::from(k.max(1));
        for (n, w) in winners.iter().enumerate() {
            let amount = share + u64::from((n as u64) < rest);
            add_money(ctx, totals, currency, amount, &table.origin);
            awards.push(award(w, amount, currency));
        }
        splits.push(Split {
            currency: currency.clone(),
            pool,
            share,
            rest,
        });
    }
    if pools.is_empty() && !items.is_empty() {
        for w in winners {
            awards.push(award(w, 0, &table.currency));
        }
    }
    if let Some(text) = shared_awards(table, place, k) {
        let origin = line_for(table, place).map_or(&table.origin, |l| &l.origin);
        ctx.transcript.push(EntryKind::Prize, text, origin);
    }
    splits
}

/// What a tier of `k > 1` tied players at `place` receives besides money, said in the
/// transcript: each of them the awards of `place`; the awards of the places below it that the
/// tier fills go to nobody (nobody holds those places). None when no such place has awards.
fn shared_awards(table: &PrizeTable, place: u32, k: u32) -> Option<String> {
    if k < 2 {
        return None;
    }
    let words = |q: u32| -> Vec<String> {
        line_for(table, q)
            .map(|l| l.items.iter().map(PrizeItem::word).collect())
            .unwrap_or_default()
    };
    let mut said = Vec::new();
    let own = words(place);
    if !own.is_empty() {
        said.push(format!(
            "each of the {k} receives the awards of place {place} ({})",
            own.join(", ")
        ));
    }
    for q in place + 1..place + k {
        let below = words(q);
        if !below.is_empty() {
            said.push(format!(
                "the awards of place {q} ({}) are not given: the place is shared from {place}",
                below.join(", ")
            ));
        }
    }
    if said.is_empty() {
        return None;
    }
    let title = table.title.as_deref().unwrap_or("prizes");
    Some(format!(
        "{title}: place {place} shared by {k}: {}",
        said.join("; ")
    ))
}
