//! A category by an attribute that no roster row carries: every player would be left out of it
//! without a word, so the roster is refused (R033) at the header, in the attribute's column. A
//! single row that leaves the attribute blank is only not a member, as a row without a birth
//! date is in no category by birth date.

use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::{Player, Roster};
use crate::plan::{CategoryRule, Plan};

/// The roster column a condition reads, with its Chinese name; None for a list of players.
fn column(rule: &CategoryRule) -> Option<(&'static str, &'static str)> {
    let col = rule.column()?;
    let zh = match col {
        "federation" => "协会",
        "grade" => "段位",
        "rating" => "等级分",
        "school_year" => "年级",
        "club" => "俱乐部",
        "residence" => "居住地",
        _ => "出生日期",
    };
    Some((col, zh))
}

fn carries(p: &Player, column: &str) -> bool {
    let text = |t: &Option<String>| t.as_deref().is_some_and(|t| !t.trim().is_empty());
    match column {
        "federation" => text(&p.federation),
        "grade" => p.grade.is_some(),
        "rating" => p.rating.is_some(),
        "school_year" => p.school_year.is_some(),
        "club" => text(&p.club),
        "residence" => text(&p.residence),
        _ => p.born.is_some(),
    }
}

/// R033 for each category condition whose attribute no row of a non-empty roster gives.
pub(super) fn missing_attributes(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    if roster.players.is_empty() {
        return problems;
    }
    for c in plan.categories.values() {
        // Once per column: a band is two conditions on one (`rating >= 1800`, `rating < 2000`).
        let columns: std::collections::BTreeSet<(&str, &str)> =
            c.rules.iter().filter_map(column).collect();
        for (col, zh) in columns {
            if roster.players.iter().any(|p| carries(p, col)) {
                continue;
            }
            problems.push(
                RuntimeProblem::new(
                    codes::CATEGORY_ATTRIBUTE_MISSING,
                    format!(
                        "category `{}` is by {col}, but no roster row gives a {col}: nobody would be in it",
                        c.name
                    ),
                    &c.origin,
                )
                .zh(format!(
                    "组别 `{}` 按{zh}划分，但名单中没有一行填写{zh}（`{col}` 列）：无人属于该组别",
                    c.name
                ))
                .at(1, col),
            );
        }
    }
    problems
}
