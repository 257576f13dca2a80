//! Named players: they fit their pools and meet the entry conditions of their categories.

use xqreg_grammar::ast::{self, CompareOp, EntryClause, Ident, PlayerAttr, PlayerDecl, PoolSource};
use xqreg_grammar::Span;

use super::{
    compare, entry_clauses, event_dates, event_sex, exact_field, is_team_event, normal_sex, op_str,
    players, pools, stated, title_rank, E611, E612, W608, W609,
};
use crate::check::categories;
use crate::diagnostics::{Diagnostic, Diagnostics, Template};

// The message catalogue of this module: compiler/messages/check/entry/players.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/entry/players.rs"));
pub(super) fn named_players_fit(file: &ast::File, diags: &mut Diagnostics) {
    let named = players(file);
    for pool in pools(file) {
        let Some(size) = &pool.size else { continue };
        let members: Vec<&&PlayerDecl> = named
            .iter()
            .filter(|p| stated(p).pool.is_some_and(|x| x.node == pool.name.node))
            .collect();
        if members.len() > size.node as usize {
            let Some(extra) = members.get(size.node as usize) else {
                continue;
            };
            let count = members.len().to_string();
            diags.push(
                Diagnostic::new(
                    &E611,
                    MSG_E611_POOL.fill(&[
                        ("count", &count),
                        ("pool", &pool.name.node),
                        ("size", &size.node.to_string()),
                    ]),
                    extra.id.span,
                    LBL_E611.plain(),
                )
                .with_label(
                    size.span,
                    LBL_E611_SIZE.fill(&[("size", &size.node.to_string())]),
                )
                .with_help(HELP_E611.fill(&[("count", &count)])),
            );
        }
    }
    let limit = exact_field(file).map(|f| (f.node, f.span)).or_else(|| {
        entry_clauses(file).find_map(|c| match c {
            EntryClause::Cap { max, .. } => Some((max.node, max.span)),
            _ => None,
        })
    });
    // In a team event the field counts teams: the named teams must fit it.
    let team = is_team_event(file);
    let (entrants, what): (Vec<&Ident>, _) = if team {
        let teams = entry_clauses(file)
            .filter_map(|c| match c {
                EntryClause::Team(t) => Some(&t.id),
                _ => None,
            })
            .collect();
        (teams, "teams")
    } else {
        (named.iter().map(|p| &p.id).collect(), "players")
    };
    if let Some((size, span)) = limit {
        if entrants.len() > size as usize {
            if let Some(extra) = entrants.get(size as usize) {
                let count = entrants.len().to_string();
                diags.push(
                    Diagnostic::new(
                        &E611,
                        MSG_E611_FIELD.fill(&[
                            ("count", &count),
                            ("size", &size.to_string()),
                            ("what", what),
                            ("what_zh", if team { "支队伍" } else { "名棋手" }),
                        ]),
                        extra.span,
                        LBL_E611.plain(),
                    )
                    .with_label(span, LBL_E611_SIZE.fill(&[("size", &size.to_string())]))
                    .with_help(HELP_E611.fill(&[("count", &count)])),
                );
            }
        }
    }
}

/// A pool whose players the regulation names (`named`, 名单附后) with fewer `player` lines of the
/// pool than its places (W608): the names are missing, or the players' lines do not say their
/// pool. Nothing else reads `named`: without this, a regulation that names nobody would pass for
/// one that names its players, and a generated roster would fill the pool with strangers.
pub(super) fn named_pools_named(file: &ast::File, diags: &mut Diagnostics) {
    let named = players(file);
    let in_pool = |p: &PlayerDecl, pool: &str| {
        p.attrs
            .iter()
            .any(|a| matches!(a, PlayerAttr::Pool(x) if x.node == pool))
    };
    for pool in pools(file) {
        let Some(size) = &pool.size else { continue };
        let Some(span) = pool.source.iter().find_map(|s| match s {
            PoolSource::Named(span) => Some(*span),
            _ => None,
        }) else {
            continue;
        };
        let name = pool.name.node.as_str();
        let count = named.iter().filter(|p| in_pool(p, name)).count();
        if count >= size.node as usize {
            continue;
        }
        // Players named with no pool at all are most likely the pool's, their pool left out.
        let poolless: Vec<String> = named
            .iter()
            .filter(|p| !p.attrs.iter().any(|a| matches!(a, PlayerAttr::Pool(_))))
            .map(|p| format!("`{}`", p.id.node))
            .collect();
        let args = [
            ("pool", name.to_string()),
            ("count", count.to_string()),
            ("size", size.node.to_string()),
            ("players", poolless.join(", ")),
            ("players_zh", poolless.join("、")),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let help = if poolless.is_empty() {
            HELP_W608.fill(&args)
        } else {
            HELP_W608_POOLLESS.fill(&args)
        };
        diags.push(
            Diagnostic::new(&W608, MSG_W608.fill(&args), span, LBL_W608.fill(&args))
                .with_help(help),
        );
    }
}

pub(super) fn player_conditions(file: &ast::File, diags: &mut Diagnostics) {
    let named = players(file);
    if named.is_empty() {
        return;
    }
    // Windows a player must fall in: those of the sections (categories a stage pairs by). Prize
    // categories may leave most players out (a veterans' prize), so they are not asked.
    let sections = categories::sections(file);
    let windows: Vec<_> = categories::categories(file)
        .filter(|c| sections.contains(&c.name.node.as_str()))
        .filter_map(categories::born_window)
        .collect();
    let sex = event_sex(file);
    let titles: Vec<(CompareOp, &Ident, Span)> = entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Title { op, title, span } => Some((op.node, title, *span)),
            _ => None,
        })
        .collect();
    let ages: Vec<(CompareOp, u32, Span)> = entry_clauses(file)
        .filter_map(|c| match c {
            // `age >= 65 requires "..."` asks something of older players; it excludes nobody.
            EntryClause::Age {
                op,
                years,
                requires: None,
                span,
            } => Some((op.node, years.node, *span)),
            _ => None,
        })
        .collect();
    let start = event_dates(file).map(|(s, _, _)| s);
    let all_pools = pools(file);

    for p in named {
        let name = p.id.node.as_str();
        if let Some(born) = stated(p).born {
            if !windows.is_empty() && !windows.iter().any(|w| categories::contains(w, born.node)) {
                let ds = born.node.to_string();
                diags.push(
                    Diagnostic::new(
                        &E612,
                        MSG_E612_BORN.fill(&[("player", name), ("date", &ds)]),
                        born.span,
                        LBL_E612.plain(),
                    )
                    .with_help(HELP_E612_BORN.fill(&[("date", &ds)])),
                );
            }
            if let Some(start) = start {
                let age = born.node.age_on(start);
                for (op, years, span) in &ages {
                    if !compare(*op, age, i64::from(*years)) {
                        diags.push(
                            Diagnostic::new(
                                &E612,
                                MSG_E612_AGE.fill(&[
                                    ("player", name),
                                    ("age", &age.to_string()),
                                    ("op", op_str(*op)),
                                    ("years", &years.to_string()),
                                ]),
                                born.span,
                                LBL_E612.plain(),
                            )
                            .with_label(*span, LBL_E612_COND.plain())
                            .with_help(HELP_E612_AGE.fill(&[("date", &born.node.to_string())])),
                        );
                    }
                }
            }
        }
        let pool = stated(p)
            .pool
            .and_then(|x| all_pools.iter().find(|q| q.name.node == x.node))
            .copied();
        sex_conditions(p, pool, sex, diags);
        title_conditions(p, pool, &titles, diags);
    }
}

/// E612: a player whose sex the event or their pool does not admit.
fn sex_conditions(
    p: &ast::PlayerDecl,
    pool: Option<&ast::Pool>,
    sex: Option<(&str, Span)>,
    diags: &mut Diagnostics,
) {
    let name = p.id.node.as_str();
    if let Some(ps) = stated(p).sex {
        let mut needs: Vec<(&str, Span, &str, &str)> = Vec::new();
        if let Some((want, span)) = sex {
            needs.push((want, span, "event", "本项比赛"));
        }
        if let Some(pool) = pool {
            for src in &pool.source {
                if let PoolSource::Sex(s) = src {
                    if let Some(want) = normal_sex(&s.node) {
                        needs.push((want, s.span, "pool", "该名额来源"));
                    }
                }
            }
        }
        for (want, span, en, zh) in needs {
            if normal_sex(&ps.node).is_some_and(|have| have != want) {
                diags.push(
                    Diagnostic::new(
                        &E612,
                        MSG_E612_SEX.fill(&[
                            ("player", name),
                            ("sex", &ps.node),
                            ("where", en),
                            ("where_zh", zh),
                            ("needed", want),
                        ]),
                        ps.span,
                        LBL_E612.plain(),
                    )
                    .with_label(span, LBL_E612_COND.plain())
                    .with_help(HELP_E612_SEX.plain()),
                );
            }
        }
    }
}

/// E612: a player whose title is below the entry's or their pool's condition.
fn title_conditions(
    p: &ast::PlayerDecl,
    pool: Option<&ast::Pool>,
    titles: &[(CompareOp, &Ident, Span)],
    diags: &mut Diagnostics,
) {
    let name = p.id.node.as_str();
    if let Some(pt) = stated(p).title {
        let mut conds: Vec<(CompareOp, &Ident, Span)> = titles.to_vec();
        if let Some(pool) = pool {
            for src in &pool.source {
                if let PoolSource::Title { op, title, span } = src {
                    conds.push((op.node, title, *span));
                }
            }
        }
        for (op, title, span) in conds {
            let (Some(have), Some(want)) = (title_rank(&pt.node), title_rank(&title.node)) else {
                continue;
            };
            if !compare(op, i64::from(have), i64::from(want)) {
                diags.push(
                    Diagnostic::new(
                        &E612,
                        MSG_E612_TITLE.fill(&[
                            ("player", name),
                            ("title", &pt.node),
                            ("op", op_str(op)),
                            ("needed", &title.node),
                        ]),
                        pt.span,
                        LBL_E612.plain(),
                    )
                    .with_label(span, LBL_E612_COND.plain())
                    .with_help(HELP_E612_TITLE.plain()),
                );
            }
        }
    }
}

/// An attribute a condition reads and a named player's line must then give: its name in the
/// player line (and the roster's column), the condition as written, an example value, where the
/// condition is (the entry or the player's pool) and its span.
#[derive(Clone)]
struct Need<'a> {
    attr: &'static str,
    condition: String,
    example: String,
    pool: Option<&'a str>,
    span: Span,
    /// How strict a title condition is (the title's rank, one more for `>`); 0 otherwise.
    rank: u8,
}

/// W609: a named player whose line leaves out an attribute an entry condition (or their pool's
/// title condition) reads, which no value missing meets: a title other than `title < T`/`<= T`
/// asks (no title is below every title), an age (when the event has dates: the runtime asks for a
/// birth date then, R018), a grade no grade 0 meets. A generated roster takes a named player as
/// the line writes it, so every generated run stops on the player (R020); without this the
/// checker passed the file.
pub(super) fn players_lacking(file: &ast::File, diags: &mut Diagnostics) {
    let named = players(file);
    if named.is_empty() {
        return;
    }
    let first_day = event_dates(file).map(|(start, _, _)| start);
    let entry_needs: Vec<Need<'_>> = entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Title { op, title, span } => title_need(op.node, title, None, *span),
            EntryClause::Age {
                op,
                years,
                requires: None,
                span,
            } => first_day.map(|day| Need {
                attr: "born",
                condition: format!("age {} {}", op_str(op.node), years.node),
                example: format!("born {}", born_meeting(op.node, years.node, day)),
                pool: None,
                span: *span,
                rank: 0,
            }),
            EntryClause::Grade { op, grade, span }
                if !compare(op.node, 0, i64::from(grade.node)) =>
            {
                Some(Need {
                    attr: "grade",
                    condition: format!("grade {} {}", op_str(op.node), grade.node),
                    example: format!("grade {}", grade.node.clamp(1, 9)),
                    pool: None,
                    span: *span,
                    rank: 0,
                })
            }
            _ => None,
        })
        .collect();
    let all_pools = pools(file);
    for p in named {
        let pool = stated(p)
            .pool
            .and_then(|x| all_pools.iter().find(|q| q.name.node == x.node));
        let pool_needs = pool.into_iter().flat_map(|pool| {
            pool.source.iter().filter_map(|s| match s {
                PoolSource::Title { op, title, span } => {
                    title_need(op.node, title, Some(&pool.name.node), *span)
                }
                _ => None,
            })
        });
        // One warning an attribute, for the strictest condition on it (the pool's grandmaster
        // before the entry's master): the example it gives then meets them all.
        let mut needs: Vec<Need<'_>> = entry_needs.iter().cloned().chain(pool_needs).collect();
        needs.sort_by_key(|n| std::cmp::Reverse(n.rank));
        let mut said: Vec<&str> = Vec::new();
        for need in needs {
            let given = p.attrs.iter().any(|a| {
                matches!(
                    (a, need.attr),
                    (PlayerAttr::Title(_), "title")
                        | (PlayerAttr::Born(_), "born")
                        | (PlayerAttr::Grade(_), "grade")
                )
            });
            if given || said.contains(&need.attr) {
                continue;
            }
            said.push(need.attr);
            let (at, at_zh) = match need.pool {
                Some(pool) => (format!("pool `{pool}`"), format!("名额来源 `{pool}` ")),
                None => ("the entry".to_string(), "报名条件".to_string()),
            };
            let args = [
                ("player", p.id.node.as_str()),
                ("attr", need.attr),
                ("where", &at),
                ("where_zh", &at_zh),
                ("condition", &need.condition),
                ("example", &need.example),
            ];
            diags.push(
                Diagnostic::new(&W609, MSG_W609.fill(&args), p.id.span, LBL_W609.fill(&args))
                    .with_label(need.span, LBL_E612_COND.plain())
                    .with_help(HELP_W609.fill(&args)),
            );
        }
    }
}

/// The need a title condition makes: none for `title < T` and `title <= T`, which no title meets.
fn title_need<'a>(
    op: CompareOp,
    title: &Ident,
    pool: Option<&'a str>,
    span: Span,
) -> Option<Need<'a>> {
    if matches!(op, CompareOp::Lt | CompareOp::Le) {
        return None;
    }
    Some(Need {
        attr: "title",
        condition: format!("title {} {}", op_str(op), title.node),
        example: format!("title {}", title.node),
        pool,
        span,
        rank: title_rank(&title.node).unwrap_or(0) + u8::from(op == CompareOp::Gt),
    })
}

/// A birth date meeting `age OP YEARS` on `day`: 1 January of the year that makes the player
/// that old on the day (a year older for `>`, a year younger for `<`).
fn born_meeting(op: CompareOp, years: u32, day: ast::Date) -> String {
    let age = match op {
        CompareOp::Gt => years + 1,
        CompareOp::Lt => years.saturating_sub(1),
        CompareOp::Ge | CompareOp::Le | CompareOp::Eq => years,
    };
    let year = u32::from(day.year).saturating_sub(age);
    format!("{year:04}-01-01")
}
