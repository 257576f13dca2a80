//! Group draws: groups x size against entrants (E201), pot quotas that fill every group and empty
//! every pot (E202), rating seeds one per group (E203), and a group draw or Swiss that says
//! nothing about same-unit avoidance (W201).

use xqreg_grammar::ast::{DrawRule, EntrantSource, Format, StageClause};

use super::facts::{range_len, FormatKind};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E201, &E202, &E203, &W201];

// The message catalogue of this module: compiler/messages/check/draws.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/draws.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let (Some(info), Some(f)) = (ctx.scope.stages.get(name), ctx.facts.stages.get(*name))
        else {
            continue;
        };
        let st = info.stage;
        let groups = f.groups.len() as u32;
        for c in &st.clauses {
            match c {
                StageClause::Format(Format::RoundRobin {
                    size: Some(size), ..
                }) if groups > 0 => {
                    let seats = size.node.saturating_mul(groups);
                    if let Some(e) = f.entrants_from_sources {
                        if seats != e {
                            let (fix, fix_zh) = if e.is_multiple_of(groups) {
                                (
                                    format!(
                                        "write `size {}` for {e} players in {groups} groups",
                                        e / groups
                                    ),
                                    format!("{e} 人分 {groups} 组应写 `size {}`", e / groups),
                                )
                            } else {
                                (
                                    format!("{e} players do not split evenly into {groups} groups: change the groups"),
                                    format!("{e} 人无法平均分为 {groups} 组：请调整组数"),
                                )
                            };
                            diags.push(GROUPS_SIZE.at(
                                size.span,
                                &[
                                    ("groups", &groups.to_string()),
                                    ("size", &size.node.to_string()),
                                    ("seats", &seats.to_string()),
                                    ("stage", name),
                                    ("entrants", &e.to_string()),
                                    ("fix", &fix),
                                    ("fix_zh", &fix_zh),
                                ],
                            ));
                        }
                    }
                }
                StageClause::Draw(d) => draw(ctx, diags, name, groups, f.group_size, d),
                _ => {}
            }
        }
        same_unit(ctx, diags, name, f.format, groups);
    }
}

fn quota_fix(size: u32, groups: u32) -> (String, String) {
    if groups > 0 && size.is_multiple_of(groups) {
        let q = size / groups;
        (
            format!("write `{q} per_group`"),
            format!("改为 `{q} per_group`"),
        )
    } else {
        (
            format!("{size} players do not spread evenly over {groups} groups: change the pot or the groups"),
            format!("{size} 人无法平均分到 {groups} 组：请调整该档人数或组数"),
        )
    }
}

fn draw(
    ctx: &Ctx<'_>,
    diags: &mut Diagnostics,
    stage: &str,
    groups: u32,
    group_size: Option<u32>,
    d: &xqreg_grammar::ast::Draw,
) {
    let mut per_group: u32 = 0;
    for rule in &d.rules {
        match rule {
            DrawRule::PoolQuota {
                pool, per_group: q, ..
            } => {
                per_group = per_group.saturating_add(q.node);
                let size = ctx
                    .scope
                    .pools
                    .get(pool.node.as_str())
                    .and_then(|p| p.size.as_ref());
                if let (Some(size), true) = (size, groups > 0) {
                    quota(diags, &pool.node, q, size.node, groups);
                }
            }
            DrawRule::Pot {
                members,
                per_group: q,
                title,
                ..
            } => {
                per_group = per_group.saturating_add(q.node);
                // A category member has no size known here; only pots of named players are counted.
                let all_players = members
                    .iter()
                    .all(|m| ctx.scope.players.contains_key(m.node.as_str()));
                if all_players && groups > 0 {
                    let label = title
                        .as_ref()
                        .map_or_else(|| "pot".to_string(), |t| t.zh.node.clone());
                    quota(diags, &label, q, members.len() as u32, groups);
                }
            }
            DrawRule::RatingSeeds { places, span } => {
                per_group = per_group.saturating_add(1);
                let seeds = range_len(places);
                if groups == 0 {
                    diags.push(SEEDS_NO_GROUPS.at(*span, &[("stage", stage)]));
                } else if seeds != groups {
                    diags.push(SEEDS.at(
                        places.span,
                        &[
                            ("seeds", &seeds.to_string()),
                            ("stage", stage),
                            ("groups", &groups.to_string()),
                        ],
                    ));
                }
            }
            _ => {}
        }
    }
    if let Some(size) = group_size {
        if groups > 0 && per_group > size {
            diags.push(OVERFULL.at(
                d.span,
                &[("per", &per_group.to_string()), ("size", &size.to_string())],
            ));
        }
    }
}

fn quota(
    diags: &mut Diagnostics,
    pot: &str,
    q: &xqreg_grammar::ast::Spanned<u32>,
    size: u32,
    groups: u32,
) {
    let takes = q.node.saturating_mul(groups);
    if takes == size {
        return;
    }
    let (fix, fix_zh) = quota_fix(size, groups);
    diags.push(POOL_QUOTA.at(
        q.span,
        &[
            ("quota", &q.node.to_string()),
            ("groups", &groups.to_string()),
            ("takes", &takes.to_string()),
            ("pot", pot),
            ("size", &size.to_string()),
            ("fix", &fix),
            ("fix_zh", &fix_zh),
        ],
    ));
}

/// Whether a round-robin stage draws players into groups: two or more groups, not filled from
/// earlier places. Only such a draw can keep same-unit players apart (W201 asks for a statement,
/// E114 refuses `avoid` elsewhere).
pub(crate) fn draws_groups(ctx: &Ctx<'_>, name: &str, groups: u32) -> bool {
    let from_places = ctx.scope.stage_clauses(name).iter().any(|c| {
        matches!(c, StageClause::Entrants { sources, .. }
            if sources.iter().all(|s| matches!(s, EntrantSource::Places(_))))
    });
    groups >= 2 && !from_places
}

fn same_unit(ctx: &Ctx<'_>, diags: &mut Diagnostics, name: &str, format: FormatKind, groups: u32) {
    let clauses = ctx.scope.stage_clauses(name);
    // Groups filled from earlier places are not drawn; only a draw into groups or a Swiss pairs
    // players who might share a unit.
    // A team Swiss pairs teams: its players never meet each other, so it is not asked.
    let team = clauses.iter().any(|c| {
        matches!(
            c,
            StageClause::Format(Format::Swiss {
                boards: Some(_),
                ..
            })
        )
    });
    let (what, what_zh) = match format {
        FormatKind::Swiss if !team => ("a Swiss", "积分编排"),
        // A team round robin never avoids (E114 refuses `avoid` there), so it is not asked.
        FormatKind::RoundRobin { .. } if draws_groups(ctx, name, groups) => {
            ("a group draw", "分组抽签")
        }
        _ => return,
    };
    let stated = clauses.iter().any(|c| match c {
        StageClause::Avoid { .. } => true,
        StageClause::Draw(d) => d.rules.iter().any(|r| matches!(r, DrawRule::Avoid { .. })),
        _ => false,
    });
    if stated {
        return;
    }
    let Some(info) = ctx.scope.stages.get(name) else {
        return;
    };
    let args = [("stage", name), ("what", what), ("what_zh", what_zh)];
    diags.push(UNSTATED.at(info.stage.name.span, &args));
}
