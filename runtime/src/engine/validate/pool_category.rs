//! Pools that take only a category's members (`pool low "小学低年级组" { category pupils_low }`):
//! the group a player enters (每人限报一组) and the condition the regulation sets for it (组别条件).
//! A row of the pool whose attributes keep it out of the category is refused at its `pool` cell
//! (R041): the player would otherwise play in a group the regulation does not open to them.

use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::{in_category, Player};
use crate::plan::{Plan, Pool};

/// R041 for the row of `p` (roster line `row`) in each of its pools whose category it is not in.
pub(super) fn outside_pool_category(plan: &Plan, p: &Player, row: u32) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    let named = p.pool.iter().chain(&p.also_pools);
    for pool in named.filter_map(|n| plan.entry.pools.iter().find(|d| &d.name == n)) {
        let Some(category) = pool
            .category
            .as_deref()
            .and_then(|c| plan.categories.get(c))
        else {
            continue;
        };
        if in_category(plan, category, p) {
            continue;
        }
        problems.push(refusal(
            pool,
            category.title.as_deref(),
            &category.name,
            row,
        ));
    }
    problems
}

fn refusal(pool: &Pool, title: Option<&str>, category: &str, row: u32) -> RuntimeProblem {
    let shown = |t: Option<&str>, name: &str| match t {
        Some(t) => format!("`{name}` ({t})"),
        None => format!("`{name}`"),
    };
    let cat = shown(title, category);
    let group = shown(pool.title.as_deref(), &pool.name);
    RuntimeProblem::new(
        codes::NOT_IN_POOL_CATEGORY,
        format!("pool {group} takes only players of category {cat}, and this player is not one"),
        &pool.origin,
    )
    .zh(format!(
        "名额来源 {group} 只接受组别 {cat} 的棋手，该棋手不符合该组别的条件"
    ))
    .at(row, "pool")
}
