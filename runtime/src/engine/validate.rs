//! Roster validation: every problem of a roster against the plan, each with its row and column,
//! reported before anything is drawn. It reads the entry rules (`entrants`) and the group draws
//! (`draw`), which is why it lives beside the roster rather than in it.

mod attributes;
mod entry_cap;
mod ids;
/// How R002 compares ids (`P001` and `ｐ００１` read as `p001`): for a caller that must find the
/// row an R002 means.
pub use ids::{as_the_roster_writes, folded as folded_id};
mod pool_category;
mod pool_rules;
mod teams;

use super::draw;
use super::problem::{codes, RuntimeProblem};
use super::roster::{grade_holds, in_category, team_boards, title_holds, Player, Roster};
use crate::plan::{
    Condition, EntrantSource, EntryQuota, Plan, QuotaScope, Sex, StageFormat, Title,
};
pub(crate) use entry_cap::field_over_cap;
use std::collections::{BTreeMap, BTreeSet};

/// Every problem of the roster against the plan, each with its row and column: unknown pool,
/// duplicate id, birth date outside every section, field over the cap, pool over its size,
/// eligibility, missing named players, impossible group draws. Empty when the roster fits.
pub fn validate_roster(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = validate_entries(plan, roster);
    if problems.is_empty() {
        problems.extend(check_draws(plan, roster));
    }
    problems
}

/// [`validate_roster`] without the group draws: each player against the entry, the pools, the
/// sections and the field.
pub(crate) fn validate_entries(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    let entry = &plan.entry;
    let pools: BTreeMap<&str, &crate::plan::Pool> =
        entry.pools.iter().map(|p| (p.name.as_str(), p)).collect();
    // By the id as a person reads it (case and width folded): (line, the id as written).
    let mut seen: BTreeMap<String, (u32, &str)> = BTreeMap::new();
    let mut pool_counts: BTreeMap<&str, u32> = BTreeMap::new();
    // In a team event a pool's size counts teams, as the field does: a row counts when its team
    // (unit) is new to the pool.
    let team_event = super::roster::team_boards(plan).is_some();
    let mut pool_teams: std::collections::BTreeSet<(&str, &str)> = Default::default();
    for (i, p) in roster.players.iter().enumerate() {
        let row = roster.row_of(i);
        if p.id.trim().is_empty() {
            problems.push(
                RuntimeProblem::new(
                    codes::ROSTER_FIELD_MISSING,
                    "a player without an id",
                    &entry.origin,
                )
                .zh("一名棋手没有编号（id）")
                .at(row, "id"),
            );
        } else if let Some((first, id)) = seen.get(&ids::folded(&p.id)) {
            problems.push(ids::repeated(&p.id, id, *first, &entry.origin).at(row, "id"));
        } else {
            seen.insert(ids::folded(&p.id), (row, p.id.as_str()));
        }
        if let Some(pool) = &p.pool {
            match pools.get(pool.as_str()) {
                None => problems.push(unknown_pool(plan, pool, row)),
                Some(decl) => {
                    let count = pool_counts.entry(decl.name.as_str()).or_insert(0);
                    let unit = p.unit.as_deref().unwrap_or(p.id.as_str());
                    // The row that takes the pool one place past its size (a player, or the
                    // first row of a team) is the one told.
                    let added = (!team_event || pool_teams.insert((decl.name.as_str(), unit)))
                        .then(|| {
                            *count += 1;
                            *count
                        });
                    check_pool(decl, (added, team_event), p, row, &mut problems);
                }
            }
        }
        for extra in p
            .also_pools
            .iter()
            .filter(|x| !pools.contains_key(x.as_str()))
        {
            problems.push(unknown_pool(plan, extra, row));
        }
        problems.extend(pool_category::outside_pool_category(plan, p, row));
        problems.extend(pool_rules::not_qualified(plan, p, row));
        super::sections::check_born(plan, p, row, &mut problems);
        for condition in &entry.conditions {
            check_condition(plan, condition, p, row, &mut problems);
        }
    }
    for quota in &entry.quotas {
        problems.extend(over_quota(plan, quota, roster));
    }
    problems.extend(pool_rules::not_invited(plan, roster));
    problems.extend(pool_rules::over_replacements(plan, roster));
    problems.extend(field_over_cap(plan, roster));
    problems.extend(entry_cap::field_short(plan, roster));
    problems.extend(teams::team_rows(plan, roster));
    problems.extend(super::stage_caps::over_stage_caps(plan, roster));
    problems.extend(named_missing(plan, roster));
    problems.extend(attributes::missing_attributes(plan, roster));
    problems
}

/// A row naming a pool the regulation does not declare.
fn unknown_pool(plan: &Plan, pool: &str, row: u32) -> RuntimeProblem {
    let entry = &plan.entry;
    RuntimeProblem::new(
        codes::UNKNOWN_POOL,
        format!(
            "unknown pool `{pool}`; the regulation declares: {}",
            list_or_none(entry.pools.iter().map(|p| p.name.as_str()))
        ),
        &entry.origin,
    )
    .zh(format!(
        "未知的名额来源 `{pool}`；规程所列：{}",
        list_or_none(entry.pools.iter().map(|p| p.name.as_str()))
    ))
    .at(row, "pool")
}

/// A row of pool `decl`: over the pool's size, or not meeting its sex or title condition.
/// `(added, teams)`: the places the pool has taken with this row, when the row takes one (a
/// player; in a team event the first row of a team), and whether the places are teams.
fn check_pool(
    decl: &crate::plan::Pool,
    (added, teams): (Option<u32>, bool),
    p: &Player,
    row: u32,
    problems: &mut Vec<RuntimeProblem>,
) {
    let size = decl.size.unwrap_or(0);
    if decl.size.is_some() && added.is_some_and(|n| u64::from(n) == u64::from(size) + 1) {
        let (en, zh) = if teams {
            ("this row's team is one too many", "此行所在队超出一队")
        } else {
            ("this row is one too many", "此行超出一人")
        };
        problems.push(
            RuntimeProblem::new(
                codes::POOL_OVER_SIZE,
                format!("pool `{}` has {size} places; {en}", decl.name),
                &decl.origin,
            )
            .zh(format!("名额来源 `{}` 共 {size} 个名额；{zh}", decl.name))
            .at(row, "pool"),
        );
    }
    if let (Some(sex), Some(want)) = (p.sex, decl.sex) {
        if sex != want {
            problems.push(
                RuntimeProblem::new(
                    codes::NOT_ELIGIBLE,
                    format!("pool `{}` takes only {}", decl.name, sex_text(want)),
                    &decl.origin,
                )
                .zh(format!("名额来源 `{}` 只收{}棋手", decl.name, sex_zh(want)))
                .at(row, "sex"),
            );
        }
    }
    if let Some((op, title)) = decl.title_condition {
        if !title_holds(p.title, op, title) {
            problems.push(
                RuntimeProblem::new(
                    codes::NOT_ELIGIBLE,
                    format!(
                        "title {}: pool `{}` requires title {} {}",
                        title_text(p.title),
                        decl.name,
                        op_text(op),
                        title_text(Some(title))
                    ),
                    &decl.origin,
                )
                .zh(format!(
                    "称号 {}：名额来源 `{}` 要求称号 {} {}",
                    title_text(p.title),
                    decl.name,
                    op_text(op),
                    title_text(Some(title))
                ))
                .at(row, "title"),
            );
        }
    }
}

/// The rows over an entry quota: the first row of a unit (federation) beyond the quota in all,
/// or beyond its sex's share; a row of the `except` category or without a unit is not counted.
fn over_quota(plan: &Plan, quota: &EntryQuota, roster: &Roster) -> Vec<RuntimeProblem> {
    let except = quota
        .except
        .as_ref()
        .and_then(|c| plan.categories.get(c.as_str()));
    let (column, word, word_zh) = match quota.per {
        QuotaScope::Unit => ("unit", "unit", "单位"),
        QuotaScope::Federation => ("federation", "federation", "协会"),
    };
    let mut counts: BTreeMap<(&str, Option<Sex>), u32> = BTreeMap::new();
    let mut problems = Vec::new();
    for (i, p) in roster.players.iter().enumerate() {
        let key = match quota.per {
            QuotaScope::Unit => p.unit.as_deref(),
            QuotaScope::Federation => p.federation.as_deref(),
        };
        let Some(key) = key.filter(|k| !k.trim().is_empty()) else {
            continue;
        };
        if except.is_some_and(|c| in_category(plan, c, p)) {
            continue;
        }
        let row = roster.row_of(i);
        let all = counts.entry((key, None)).or_insert(0);
        *all += 1;
        if u64::from(*all) == u64::from(quota.total) + 1 {
            problems.push(
                RuntimeProblem::new(
                    codes::OVER_QUOTA,
                    format!(
                        "{word} `{key}` may enter at most {} players: this row is one too many",
                        quota.total
                    ),
                    &quota.origin,
                )
                .zh(format!(
                    "{word_zh} `{key}` 限报 {} 人：此行超出一人",
                    quota.total
                ))
                .at(row, column),
            );
            continue;
        }
        let share = match p.sex {
            Some(Sex::Men) => quota.men.map(|n| (Sex::Men, n, "men", "男子")),
            Some(Sex::Women) => quota.women.map(|n| (Sex::Women, n, "women", "女子")),
            None => None,
        };
        if let Some((sex, n, en, zh)) = share {
            let c = counts.entry((key, Some(sex))).or_insert(0);
            *c += 1;
            if u64::from(*c) == u64::from(n) + 1 {
                problems.push(
                    RuntimeProblem::new(
                        codes::OVER_QUOTA,
                        format!(
                            "{word} `{key}` may enter at most {n} {en}: this row is one too many"
                        ),
                        &quota.origin,
                    )
                    .zh(format!("{word_zh} `{key}` {zh}限报 {n} 人：此行超出一人"))
                    .at(row, "sex"),
                );
            }
        }
    }
    problems
}

/// The field over the entry's cap (teams in a team event), cited at the first row over it.
fn first_over_cap(plan: &Plan, roster: &Roster) -> Option<RuntimeProblem> {
    let entry = &plan.entry;
    let max = entry.field.max()?;
    // A team event's field counts teams; the first row of the team over the cap is cited.
    let (n, over_at) = if team_boards(plan).is_some() {
        let mut units: Vec<&str> = Vec::new();
        let mut over = None;
        for (i, p) in roster.players.iter().enumerate() {
            let u = p.unit.as_deref().unwrap_or("");
            if !units.contains(&u) {
                units.push(u);
                if units.len() == max as usize + 1 {
                    over = Some(i);
                }
            }
        }
        (units.len(), over.unwrap_or(0))
    } else {
        (roster.players.len(), max as usize)
    };
    if n <= max as usize {
        return None;
    }
    let row = roster.row_of(over_at);
    let origin = match &entry.field {
        crate::plan::Field::Exact { origin, .. }
        | crate::plan::Field::Cap { origin, .. }
        | crate::plan::Field::Open { origin, .. } => origin,
    };
    Some(
        RuntimeProblem::new(
            codes::FIELD_OVER_CAP,
            format!(
                "{n} {} for a field of at most {max}: this row is the first over",
                if team_boards(plan).is_some() {
                    "teams"
                } else {
                    "players"
                }
            ),
            origin,
        )
        .zh(format!(
            "共 {n} {}，而参赛规模至多 {max}：此行起超出",
            if team_boards(plan).is_some() {
                "队"
            } else {
                "人"
            }
        ))
        .at(row, "id"),
    )
}

/// A problem for each player the regulation names who is not in the roster.
fn named_missing(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    let entry = &plan.entry;
    let ids: BTreeSet<&str> = roster.players.iter().map(|p| p.id.as_str()).collect();
    for named in &entry.players {
        if !ids.contains(named.id.as_str()) {
            // The roster may write the id another way (`P001`): said as a results row's is.
            let (en, zh) = as_the_roster_writes(roster, &named.id);
            problems.push(
                RuntimeProblem::new(
                    codes::NAMED_PLAYER_MISSING,
                    format!(
                        "`{}` ({}) is named by the regulation but not in the roster{en}",
                        named.id, named.name
                    ),
                    &named.origin,
                )
                .zh(format!(
                    "规程点名的 `{}`（{}）不在名单中{zh}",
                    named.id, named.name
                )),
            );
        }
    }
    problems
}

/// `>=` for `Ge`: conditions in messages read as the regulation writes them.
fn op_text(op: crate::plan::CompareOp) -> &'static str {
    use crate::plan::CompareOp;
    match op {
        CompareOp::Lt => "<",
        CompareOp::Le => "<=",
        CompareOp::Eq => "=",
        CompareOp::Ge => ">=",
        CompareOp::Gt => ">",
    }
}

/// A title as the regulation and the roster write it (`national_master`); `none` without one.
/// A title as the Chinese rule sheet and roster write it (特级大师), for the Chinese message.
fn title_zh(title: Title) -> &'static str {
    match title {
        Title::ThirdClass => "三级棋士",
        Title::SecondClass => "二级棋士",
        Title::FirstClass => "一级棋士",
        Title::AssociationMaster => "棋协大师",
        Title::NationalMaster => "国家大师",
        Title::Master => "大师",
        Title::InternationalMaster => "国际大师",
        Title::Grandmaster => "特级大师",
        Title::InternationalGrandmaster => "国际特级大师",
    }
}

fn title_text(title: Option<Title>) -> &'static str {
    match title {
        None => "none",
        Some(Title::ThirdClass) => "third_class",
        Some(Title::SecondClass) => "second_class",
        Some(Title::FirstClass) => "first_class",
        Some(Title::AssociationMaster) => "association_master",
        Some(Title::NationalMaster) => "national_master",
        Some(Title::Master) => "master",
        Some(Title::InternationalMaster) => "international_master",
        Some(Title::Grandmaster) => "grandmaster",
        Some(Title::InternationalGrandmaster) => "international_grandmaster",
    }
}

/// A sex as the English and the Chinese messages say it; `None` is a roster row without one.
fn sex_words(sex: Option<Sex>) -> (&'static str, &'static str) {
    match sex {
        Some(Sex::Men) => ("men", "男子"),
        Some(Sex::Women) => ("women", "女子"),
        None => ("no sex given", "未填性别"),
    }
}

fn sex_text(sex: Sex) -> &'static str {
    sex_words(Some(sex)).0
}

fn sex_text_opt(sex: Option<Sex>) -> &'static str {
    sex_words(sex).0
}

fn sex_zh(sex: Sex) -> &'static str {
    sex_words(Some(sex)).1
}

fn sex_zh_opt(sex: Option<Sex>) -> &'static str {
    sex_words(sex).1
}

fn list_or_none<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<&str> = names.collect();
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}

fn check_condition(
    plan: &Plan,
    condition: &Condition,
    p: &Player,
    row: u32,
    problems: &mut Vec<RuntimeProblem>,
) {
    match condition {
        Condition::Age { op, years, origin } => {
            let Some(day) = plan.meta.first_day else {
                return;
            };
            match p.born {
                None => problems.push(
                    RuntimeProblem::new(
                        codes::ROSTER_FIELD_MISSING,
                        "an age condition applies; this player has no birth date",
                        origin,
                    )
                    .zh("规程有年龄条件，此棋手没有出生日期")
                    .at(row, "born"),
                ),
                Some(born) => {
                    let age = born.years_on(day);
                    if !op.holds(age, *years) {
                        problems.push(
                            RuntimeProblem::new(
                                codes::NOT_ELIGIBLE,
                                format!(
                                    "aged {age} on {day}: the regulation requires age {} {years}",
                                    op_text(*op)
                                ),
                                origin,
                            )
                            .zh(format!(
                                "{day} 时年满 {age} 岁：规程要求年龄 {} {years}",
                                op_text(*op)
                            ))
                            .at(row, "born"),
                        );
                    }
                }
            }
        }
        Condition::Title { op, title, origin } => {
            if !title_holds(p.title, *op, *title) {
                problems.push(
                    RuntimeProblem::new(
                        codes::NOT_ELIGIBLE,
                        format!(
                            "title {}: the regulation requires title {} {}",
                            title_text(p.title),
                            op_text(*op),
                            title_text(Some(*title))
                        ),
                        origin,
                    )
                    .zh(format!(
                        "{}：规程要求称号 {} {}",
                        p.title
                            .map_or("无称号".to_string(), |t| format!("称号 {}", title_zh(t))),
                        op_text(*op),
                        title_zh(*title)
                    ))
                    .at(row, "title"),
                );
            }
        }
        Condition::Grade { op, grade, origin } => {
            if !grade_holds(p.grade, *op, *grade) {
                let (has, has_zh) = p.grade.map_or(("no grade".into(), "无段位".into()), |g| {
                    (format!("grade {g}"), format!("段位 {g}"))
                });
                problems.push(
                    RuntimeProblem::new(
                        codes::NOT_ELIGIBLE,
                        format!(
                            "{has}: the regulation requires grade {} {grade}",
                            op_text(*op)
                        ),
                        origin,
                    )
                    .zh(format!("{has_zh}：规程要求段位 {} {grade}", op_text(*op)))
                    .at(row, "grade"),
                );
            }
        }
        Condition::Sex { sex, origin } => {
            if p.sex.is_some_and(|s| s != *sex) {
                problems.push(
                    RuntimeProblem::new(
                        codes::NOT_ELIGIBLE,
                        format!(
                            "{}: the event is for {} only",
                            sex_text_opt(p.sex),
                            sex_text(*sex)
                        ),
                        origin,
                    )
                    .zh(format!(
                        "{}：本赛只限{}棋手",
                        sex_zh_opt(p.sex),
                        sex_zh(*sex)
                    ))
                    .at(row, "sex"),
                );
            }
        }
    }
}

/// Group draws of stages that draw straight from the roster: impossible ones are reported now,
/// before anything is drawn.
fn check_draws(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for stage in &plan.stages {
        let StageFormat::RoundRobin(rr) = &stage.format else {
            continue;
        };
        let Some(draw_spec) = &rr.draw else {
            continue;
        };
        let from_roster = stage.entrants.iter().all(|s| {
            matches!(
                s,
                EntrantSource::Roster { .. }
                    | EntrantSource::Category { .. }
                    | EntrantSource::Pool { .. }
            )
        });
        if !from_roster {
            continue;
        }
        let members: Vec<usize> = (0..roster.players.len())
            .filter(|&i| {
                roster
                    .players
                    .get(i)
                    .is_some_and(|p| super::entrants::source_admits(plan, &stage.entrants, p))
            })
            .collect();
        if let Err(found) = draw::check_feasible(plan, stage, rr, draw_spec, roster, &members) {
            problems.extend(found);
        }
    }
    problems
}
