//! The units of a generated roster: which of the invented units its players come from, and how
//! many players one unit may take. A regulation that ranks units by their best K members
//! (`ranking ... { by unit  sum places best 3 }`) gets units of K players or more, so that
//! `simulate` shows the ranking it would publish instead of every unit short of K.

use super::generate_rng::below;
use crate::plan::{GroupAttr, Plan, QuotaScope, StageFormat};
use rand_core::RngCore;

/// The invented units, also the names of invented teams.
pub(super) const UNITS: [&str; 24] = [
    "北京",
    "上海",
    "天津",
    "重庆",
    "广东",
    "江苏",
    "浙江",
    "湖北",
    "河北",
    "四川",
    "黑龙江",
    "辽宁",
    "吉林",
    "山东",
    "河南",
    "湖南",
    "福建",
    "安徽",
    "云南",
    "广西",
    "陕西",
    "山西",
    "内蒙古",
    "煤矿",
];

/// The units generated players come from, in an order drawn from `rng`: as many as leave each
/// unit the members the regulation's unit rankings count (`best K`), unless a drawn round robin
/// keeping units apart (at most `max_per_unit` players each) or the entry's quota per unit
/// needs more of them.
pub(super) fn units_for<R: RngCore>(
    plan: &Plan,
    n: u32,
    max_per_unit: u32,
    rng: &mut R,
) -> Vec<&'static str> {
    let mut units: Vec<&str> = UNITS.to_vec();
    for i in (1..units.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        units.swap(i, j);
    }
    if let Some(best) = counted_members(plan) {
        let for_rankings = (n / best).max(1);
        let quota = plan
            .entry
            .quotas
            .iter()
            .filter(|q| q.per == QuotaScope::Unit);
        let most = quota.map(|q| q.total).fold(max_per_unit, u32::min);
        units.truncate(for_rankings.max(n.div_ceil(most.max(1))) as usize);
    }
    units
}

/// The most members a ranking by unit counts (K of `best K`), None without such a ranking.
fn counted_members(plan: &Plan) -> Option<u32> {
    plan.rankings
        .iter()
        .filter(|r| r.by == GroupAttr::Unit)
        .map(|r| r.best.max(1))
        .max()
}

/// The fewest groups of any drawn round robin that keeps units apart: no unit may have more
/// players than that.
pub(super) fn max_per_unit(plan: &Plan) -> u32 {
    plan.stages
        .iter()
        .filter_map(|s| match &s.format {
            StageFormat::RoundRobin(rr) if rr.draw.as_ref().is_some_and(|d| d.avoid_same_unit) => {
                Some(rr.groups.len().max(1) as u32)
            }
            _ => None,
        })
        .min()
        .unwrap_or(u32::MAX)
}
