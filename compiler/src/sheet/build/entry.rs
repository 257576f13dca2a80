//! Eligibility and entry (pools, field, conditions, named players), the sections and
//! categories, and the parts of the entry block that a reader looks for under registration
//! (deadline, fees, deposit, insurance) or expenses (subsidies).

use super::words;
use super::{Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Cell, Clause, Row, Table};
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    Category, CategoryCond, CompareOp, DateWindow, Entry, EntryClause, Ident, PlayerAttr,
    PlayerDecl, Pool, PoolSource, Spanned, StaffUnit,
};

pub fn entry(ctx: &mut Ctx<'_>, e: &Entry) {
    let mut players: Vec<&PlayerDecl> = Vec::new();
    let pools_seen = e.clauses.iter().any(|c| matches!(c, EntryClause::Pool(_)));
    for c in &e.clauses {
        match c {
            EntryClause::Pool(p) => {
                let clause = pool(ctx, p, e);
                ctx.push(Art::Eligibility, 10, clause);
            }
            EntryClause::Field(n) => {
                ctx.mark(n.span);
                // A team event counts teams (entry has a team size or teams).
                let teams = e
                    .clauses
                    .iter()
                    .any(|c| matches!(c, EntryClause::TeamSize { .. } | EntryClause::Team(_)));
                let key = if teams {
                    M::FieldTeams
                } else if pools_seen {
                    M::FieldTotal
                } else {
                    M::FieldSize
                };
                let line = ctx.mf(key, &[&n.node.to_string()]);
                let mut cl = Clause::text(line);
                cl.plain = pools_seen;
                ctx.push(Art::Eligibility, 20, cl);
            }
            EntryClause::FieldOpen(span) => {
                ctx.mark(*span);
                let line = ctx.m(M::FieldOpen).to_string();
                ctx.push(Art::Eligibility, 20, Clause::text(line));
            }
            EntryClause::Cap { max, order, span } => {
                ctx.mark(*span);
                let mut line = ctx.mf(M::Cap, &[&max.node.to_string()]);
                if let Some(o) = order {
                    ctx.mark(o.span);
                    if let Some(w) = words::cap_order(ctx.lang, &o.node) {
                        line.push_str(w);
                    }
                }
                ctx.push(Art::Registration, 5, Clause::text(ctx.sentence(&line)));
            }
            // A size assumed for simulation is not the regulation's word: the official sheet
            // leaves it out (issue 8); it stays in the plan for `simulate --players`.
            EntryClause::AssumeField { span, .. } => ctx.mark(*span),
            EntryClause::Age {
                op,
                years,
                requires,
                span,
            } => {
                ctx.mark(*span);
                let line = age_line(ctx, op.node, years.node, requires.as_ref());
                ctx.push(Art::Eligibility, 30, Clause::text(line));
            }
            EntryClause::Title { op, title, span } => {
                ctx.mark(*span);
                let cond = title_cond(ctx, op.node, title);
                let line = ctx.mf(M::EntrantsMust, &[&cond]);
                ctx.push(Art::Eligibility, 30, Clause::text(ctx.sentence(&line)));
            }
            EntryClause::Sex(s) => {
                ctx.mark(s.span);
                let sex = words::sex(ctx.lang, &s.node).unwrap_or(&s.node).to_string();
                let line = ctx.mf(M::SexOnly, &[&sex]);
                ctx.push(Art::Eligibility, 30, Clause::text(line));
            }
            EntryClause::Condition(t) => {
                let t = ctx.tm(t);
                ctx.push(Art::Eligibility, 30, Clause::text(ctx.sentence(&t)));
            }
            EntryClause::Residence(t) => {
                let t = ctx.tm(t);
                let line = ctx.mf(M::Residence, &[&t]);
                ctx.push(Art::Eligibility, 31, Clause::text(ctx.sentence(&line)));
            }
            EntryClause::Deadline { date, time, span } => {
                ctx.mark(*span);
                let when = match time {
                    Some(t) if ctx.lang == Lang::Zh => {
                        format!("{}{}", fmt::date(ctx.lang, date.node), fmt::clock(t.node))
                    }
                    Some(t) => format!("{} {}", fmt::date(ctx.lang, date.node), fmt::clock(t.node)),
                    None => fmt::date(ctx.lang, date.node),
                };
                let line = ctx.mf(M::Deadline, &[&when]);
                ctx.push(Art::Registration, 0, Clause::text(line));
            }
            EntryClause::Fee { kind, money, span } => {
                ctx.mark(*span);
                ctx.mark(money.span);
                let what = words::fee(ctx.lang, &kind.node)
                    .unwrap_or(&kind.node)
                    .to_string();
                let amount = money_text(ctx, money, None);
                let line = ctx.mf(M::Fee, &[&what, &amount]);
                ctx.push(Art::Registration, 10, Clause::text(line));
            }
            EntryClause::Deposit {
                money,
                refund,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(money.span);
                let amount = money_text(ctx, money, None);
                let mut line = ctx.mf(M::Deposit, &[&amount]);
                if let Some(r) = refund {
                    let r = ctx.tm(r);
                    line = ctx.mf(M::WithReason, &[&line, &r]);
                }
                ctx.push(Art::Registration, 11, Clause::text(ctx.sentence(&line)));
            }
            EntryClause::Subsidy {
                who,
                money,
                limit,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(money.span);
                let who = ctx.tm(who);
                let amount = money_text(ctx, money, None);
                let mut line = ctx.mf(M::Subsidy, &[&who, &amount]);
                if let Some(l) = limit {
                    ctx.mark(l.span);
                    let lim = ctx.mf(M::SubsidyLimit, &[&l.node.to_string()]);
                    line.push_str(&lim);
                }
                ctx.push(Art::Expenses, 5, Clause::text(ctx.sentence(&line)));
            }
            EntryClause::Staff { per, roles, span } => {
                ctx.mark(*span);
                let unit = match per {
                    StaffUnit::Text(t) => ctx.tm(t),
                    StaffUnit::Pool(p) => {
                        ctx.mark(p.span);
                        ctx.pool_title(&p.node)
                    }
                };
                let roles = staff_roles(ctx, roles);
                let line = ctx.mf(M::StaffPer, &[&unit, &roles]);
                ctx.push(Art::Eligibility, 40, Clause::text(line));
            }
            EntryClause::Player(p) => players.push(p),
            EntryClause::Insurance(t) => {
                let t = ctx.tm(t);
                ctx.push(Art::Registration, 12, Clause::text(ctx.sentence(&t)));
            }
            EntryClause::TeamSize { min, max, span } => {
                ctx.mark(*span);
                ctx.mark(min.span);
                ctx.mark(max.span);
                let line = if min.node == max.node {
                    ctx.mf(M::TeamSizeOne, &[&min.node.to_string()])
                } else {
                    ctx.mf(
                        M::TeamSizeRange,
                        &[&min.node.to_string(), &max.node.to_string()],
                    )
                };
                ctx.push(Art::Eligibility, 15, Clause::text(line));
            }
            EntryClause::Team(_) => {}
        }
    }
    // The teams, in one clause: 参赛队（8队）：北京队、上海队…
    let teams: Vec<String> = e
        .clauses
        .iter()
        .filter_map(|c| match c {
            EntryClause::Team(t) => {
                ctx.mark(t.span);
                ctx.mark(t.id.span);
                Some(ctx.tm(&t.name))
            }
            _ => None,
        })
        .collect();
    if !teams.is_empty() {
        let line = ctx.mf(
            M::TeamList,
            &[&teams.len().to_string(), &fmt::join(ctx.lang, &teams)],
        );
        ctx.push(Art::Eligibility, 16, Clause::text(ctx.sentence(&line)));
    }
    // Players named in their pool's clause (seed style: 名单：许银川、洪智…) need no table.
    let listed_inline = |pl: &PlayerDecl| {
        e.clauses.iter().any(|c| match c {
            EntryClause::Pool(p) => {
                p.source.iter().any(|s| matches!(s, PoolSource::Named(_)))
                    && pl
                        .attrs
                        .iter()
                        .any(|a| matches!(a, PlayerAttr::Pool(id) if id.node == p.name.node))
            }
            _ => false,
        })
    };
    players.retain(|p| !listed_inline(p));
    if !players.is_empty() {
        let table = players_table(ctx, e, &players);
        let heading = ctx.m(M::ClausePlayers).to_string();
        ctx.push(
            Art::Eligibility,
            50,
            Clause {
                heading,
                table: Some(table),
                ..Clause::default()
            },
        );
    }
}

pub fn money_text(
    ctx: &mut Ctx<'_>,
    m: &xqreg_grammar::ast::Money,
    default: Option<&str>,
) -> String {
    ctx.mark(m.span);
    let cur = m.currency.as_ref().map(|c| c.node.as_str()).or(default);
    fmt::money(ctx.lang, m.amount.node, cur)
}

pub fn staff_roles(ctx: &mut Ctx<'_>, roles: &[(Ident, Spanned<u32>)]) -> String {
    let parts: Vec<String> = roles
        .iter()
        .map(|(r, n)| {
            ctx.mark(r.span);
            ctx.mark(n.span);
            let role = words::staff_role(ctx.lang, &r.node).unwrap_or(&r.node);
            ctx.mf(M::RoleCount, &[role, &n.node.to_string()])
        })
        .collect();
    fmt::join(ctx.lang, &parts)
}

fn pool(ctx: &mut Ctx<'_>, p: &Pool, e: &Entry) -> Clause {
    ctx.mark(p.span);
    ctx.mark(p.name.span);
    let title = match &p.title {
        Some(t) => ctx.tm(t),
        None => p.name.node.clone(),
    };
    let mut parts = Vec::new();
    let mut named = false;
    for s in &p.source {
        match s {
            PoolSource::Named(span) => {
                ctx.mark(*span);
                named = true;
            }
            PoolSource::RatingTop { count, as_of, span } => {
                ctx.mark(*span);
                let n = count.node.to_string();
                let line = match as_of {
                    Some(d) => ctx.mf(M::RatingTopAsOf, &[&fmt::date(ctx.lang, d.node), &n]),
                    None => ctx.mf(M::RatingTop, &[&n]),
                };
                parts.push(line);
            }
            PoolSource::Sex(s) => {
                ctx.mark(s.span);
                let sex = words::sex(ctx.lang, &s.node).unwrap_or(&s.node).to_string();
                parts.push(ctx.mf(M::PoolSex, &[&sex]));
            }
            PoolSource::Title { op, title, span } => {
                ctx.mark(*span);
                parts.push(title_cond(ctx, op.node, title));
            }
            PoolSource::Excluding(other) => {
                ctx.mark(other.span);
                let t = ctx.pool_title(&other.node);
                parts.push(ctx.mf(M::Excluding, &[&t]));
            }
            PoolSource::Replacement { rule, span } => {
                ctx.mark(*span);
                let w = words::replacement(ctx.lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                parts.push(w);
            }
            PoolSource::NominatedBy(t) => {
                let t = ctx.tm(t);
                parts.push(ctx.mf(M::NominatedBy, &[&t]));
            }
            PoolSource::Qualifiers { event, top, span } => {
                ctx.mark(*span);
                let ev = ctx.tm(event);
                parts.push(match top {
                    Some(n) => ctx.mf(M::QualifiersTop, &[&ev, &n.node.to_string()]),
                    None => ctx.mf(M::Qualifiers, &[&ev]),
                });
            }
            PoolSource::Quota { who, count, span } => {
                ctx.mark(*span);
                let who = ctx.tm(who);
                parts.push(ctx.mf(M::Quota, &[&who, &count.node.to_string()]));
            }
            PoolSource::Host { count, span } => {
                ctx.mark(*span);
                parts.push(ctx.mf(M::HostPlayers, &[&count.node.to_string()]));
            }
            PoolSource::Staff { roles, span } => {
                ctx.mark(*span);
                let r = staff_roles(ctx, roles);
                parts.push(ctx.mf(M::PoolStaff, &[&r]));
            }
            PoolSource::Remark(t) => {
                let t = ctx.tm(t);
                parts.push(t);
            }
        }
    }
    if named {
        let names: Vec<String> =
            e.clauses
                .iter()
                .filter_map(|c| match c {
                    EntryClause::Player(pl)
                        if pl.attrs.iter().any(
                            |a| matches!(a, PlayerAttr::Pool(id) if id.node == p.name.node),
                        ) =>
                    {
                        ctx.mark(pl.span);
                        ctx.mark(pl.name.span);
                        Some(player_with_unit(ctx, pl))
                    }
                    _ => None,
                })
                .collect();
        if !names.is_empty() {
            parts.push(ctx.mf(M::NamedList, &[&fmt::join(ctx.lang, &names)]));
        }
    }
    let head = match &p.size {
        Some(n) => {
            ctx.mark(n.span);
            // 等级分前9位 already says its size; 全国冠军 needs 15人.
            let count = n.node.to_string();
            if title.contains(&count) {
                title
            } else {
                ctx.mf(M::PoolHead, &[&title, &count])
            }
        }
        None => title,
    };
    let text = if parts.is_empty() {
        head
    } else {
        ctx.mf(
            M::PoolWithSources,
            &[&head, &fmt::join_clauses(ctx.lang, &parts)],
        )
    };
    Clause::text(ctx.sentence(&text))
}

fn player_with_unit(ctx: &Ctx<'_>, p: &PlayerDecl) -> String {
    let name = ctx.t(&p.name);
    let unit = p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Unit(t) => Some(ctx.t(t)),
        _ => None,
    });
    match unit {
        Some(u) => ctx.mf(M::NameWithUnit, &[&name, &u]),
        None => name,
    }
}

fn players_table(ctx: &mut Ctx<'_>, e: &Entry, players: &[&PlayerDecl]) -> Table {
    // Only the columns some player fills.
    let has = |f: &dyn Fn(&PlayerAttr) -> bool| players.iter().any(|p| p.attrs.iter().any(f));
    let cols: Vec<(M, u8)> = [
        (M::ColUnit, 0u8),
        (M::ColFederation, 1),
        (M::ColPool, 2),
        (M::ColTitle, 3),
        (M::ColRating, 4),
        (M::ColSex, 5),
        (M::ColBorn, 6),
        (M::ColSeed, 7),
        (M::ColOrder, 8),
        (M::ColTeam, 9),
    ]
    .into_iter()
    .filter(|(_, k)| {
        has(&|a: &PlayerAttr| {
            matches!(
                (k, a),
                (0, PlayerAttr::Unit(_))
                    | (1, PlayerAttr::Federation(_))
                    | (2, PlayerAttr::Pool(_))
                    | (3, PlayerAttr::Title(_))
                    | (4, PlayerAttr::Rating(_))
                    | (5, PlayerAttr::Sex(_))
                    | (6, PlayerAttr::Born(_))
                    | (7, PlayerAttr::Seed(_))
                    | (8, PlayerAttr::Order(_))
                    | (9, PlayerAttr::Team(_))
            )
        })
    })
    .collect();
    let mut head = vec![ctx.m(M::ColNo).to_string(), ctx.m(M::ColName).to_string()];
    head.extend(cols.iter().map(|(m, _)| ctx.m(*m).to_string()));
    let mut rows = Vec::new();
    for (i, p) in players.iter().enumerate() {
        ctx.mark(p.span);
        ctx.mark(p.id.span);
        let mut cells = vec![num_cell((i + 1).to_string()), cell(ctx.tm(&p.name))];
        for (_, k) in &cols {
            let mut text = String::new();
            for a in &p.attrs {
                let v = match (k, a) {
                    (0, PlayerAttr::Unit(t)) => Some(ctx.tm(t)),
                    (1, PlayerAttr::Federation(f)) => Some(f.node.clone()),
                    (2, PlayerAttr::Pool(id)) => Some(ctx.pool_title(&id.node)),
                    (3, PlayerAttr::Title(t)) => Some(
                        words::title(ctx.lang, &t.node)
                            .unwrap_or(&t.node)
                            .to_string(),
                    ),
                    (4, PlayerAttr::Rating(r)) => Some(r.node.to_string()),
                    (5, PlayerAttr::Sex(s)) => {
                        Some(words::sex(ctx.lang, &s.node).unwrap_or(&s.node).to_string())
                    }
                    (6, PlayerAttr::Born(d)) => Some(fmt::date(ctx.lang, d.node)),
                    (7, PlayerAttr::Seed(n)) => Some(n.node.to_string()),
                    (8, PlayerAttr::Order(n)) => Some(n.node.to_string()),
                    (9, PlayerAttr::Team(t)) => Some(team_name(e, ctx, &t.node)),
                    _ => None,
                };
                if let Some(v) = v {
                    text = v;
                }
            }
            cells.push(Cell {
                numeric: matches!(k, 4 | 7 | 8),
                text,
                rowspan: 1,
            });
        }
        rows.push(Row { cells });
    }
    for p in players {
        for a in &p.attrs {
            mark_attr(ctx, a);
        }
    }
    Table {
        caption: ctx.m(M::ClausePlayers).to_string(),
        head,
        rows,
        foot: None,
        numeric: vec![0],
    }
}

/// A team's display name by its id (the id itself when no team declares it).
fn team_name(e: &Entry, ctx: &Ctx<'_>, id: &str) -> String {
    e.clauses
        .iter()
        .find_map(|c| match c {
            EntryClause::Team(t) if t.id.node == id => Some(ctx.t(&t.name)),
            _ => None,
        })
        .unwrap_or_else(|| id.to_string())
}

fn mark_attr(ctx: &mut Ctx<'_>, a: &PlayerAttr) {
    match a {
        PlayerAttr::Unit(t) => ctx.mark(t.span),
        PlayerAttr::Pool(i)
        | PlayerAttr::Sex(i)
        | PlayerAttr::Title(i)
        | PlayerAttr::Federation(i)
        | PlayerAttr::Team(i) => ctx.mark(i.span),
        PlayerAttr::Rating(n) | PlayerAttr::Order(n) | PlayerAttr::Seed(n) => ctx.mark(n.span),
        PlayerAttr::Born(d) => ctx.mark(d.span),
    }
}

pub fn cell(text: String) -> Cell {
    Cell {
        text,
        rowspan: 1,
        numeric: false,
    }
}

pub fn num_cell(text: String) -> Cell {
    Cell {
        text,
        rowspan: 1,
        numeric: true,
    }
}

/// `16周岁以上` / `aged 16 or over`.
fn age_phrase(ctx: &Ctx<'_>, op: CompareOp, years: u32) -> String {
    let n = years.to_string();
    let key = match op {
        CompareOp::Ge => M::AgeGe,
        CompareOp::Gt => M::AgeGt,
        CompareOp::Le => M::AgeLe,
        CompareOp::Lt => M::AgeLt,
        CompareOp::Eq => M::AgeEq,
    };
    ctx.mf(key, &[&n])
}

fn age_line(
    ctx: &mut Ctx<'_>,
    op: CompareOp,
    years: u32,
    requires: Option<&xqreg_grammar::ast::Text>,
) -> String {
    let age = age_phrase(ctx, op, years);
    match requires {
        Some(r) => {
            let r = ctx.tm(r);
            ctx.sentence(&requires_text(ctx, &age, &r))
        }
        None => ctx.sentence(&ctx.mf(M::AgeCondition, &[&age])),
    }
}

/// `65周岁以上者须持{证明}`, or the regulation's own sentence when it is one
/// (`70周岁以上的参赛人员需有家属陪同`).
fn requires_text(ctx: &Ctx<'_>, age: &str, r: &str) -> String {
    let sentence = ['须', '需', '应'].iter().any(|c| r.contains(*c))
        || r.chars().next().is_some_and(char::is_uppercase)
        || r.contains(" must ")
        || r.contains(" need");
    if sentence {
        r.to_string()
    } else {
        ctx.mf(M::AgeRequires, &[age, r])
    }
}

/// `具有象棋大师（含）以上称号` / `未获得国家大师及以上称号`.
pub fn title_cond(ctx: &mut Ctx<'_>, op: CompareOp, title: &Ident) -> String {
    ctx.mark(title.span);
    let t = words::title(ctx.lang, &title.node)
        .unwrap_or(&title.node)
        .to_string();
    let key = match op {
        CompareOp::Ge => M::TitleGe,
        CompareOp::Gt => M::TitleGt,
        CompareOp::Le => M::TitleLe,
        CompareOp::Lt => M::TitleLt,
        CompareOp::Eq => M::TitleEq,
    };
    ctx.mf(key, &[&t])
}

/// A category that is only the men or the women of another (`within open; sex men`): the
/// parent says 男子、女子分开录取 and names it, so it prints no clause of its own.
fn sex_split_of(c: &Category) -> Option<(&Ident, &Ident)> {
    match c.conditions.as_slice() {
        [CategoryCond::Within(p), CategoryCond::Sex(s)]
        | [CategoryCond::Sex(s), CategoryCond::Within(p)] => Some((p, s)),
        _ => None,
    }
}

pub fn category(ctx: &mut Ctx<'_>, c: &Category) {
    ctx.mark(c.name.span);
    if let Some((parent, sex)) = sex_split_of(c) {
        if ctx.names.categories.contains_key(parent.node.as_str()) {
            if let Some(t) = &c.title {
                ctx.mark(t.span);
            }
            for cond in &c.conditions {
                if let CategoryCond::Within(i) | CategoryCond::Sex(i) = cond {
                    ctx.mark(i.span);
                }
            }
            ctx.mark(sex.span);
            return;
        }
    }
    let title = match &c.title {
        Some(t) => ctx.tm(t),
        None => c.name.node.clone(),
    };
    let mut parts = Vec::new();
    for cond in &c.conditions {
        match cond {
            CategoryCond::Born(w) => parts.push(born(ctx, w)),
            CategoryCond::Sex(s) => {
                ctx.mark(s.span);
                parts.push(words::sex(ctx.lang, &s.node).unwrap_or(&s.node).to_string());
            }
            CategoryCond::Title { op, title, span } => {
                ctx.mark(*span);
                parts.push(title_cond(ctx, op.node, title));
            }
            CategoryCond::Pool(p) => {
                ctx.mark(p.span);
                let t = ctx.pool_title(&p.node);
                parts.push(ctx.mf(M::CategoryPool, &[&t]));
            }
            CategoryCond::Within(w) => {
                ctx.mark(w.span);
                let t = ctx.category_title(&w.node);
                parts.push(ctx.mf(M::Within, &[&t]));
            }
            CategoryCond::Requires(t) => {
                let t = ctx.tm(t);
                parts.push(t);
            }
            CategoryCond::Age {
                op,
                years,
                requires,
                span,
            } => {
                ctx.mark(*span);
                let age = age_phrase(ctx, op.node, years.node);
                parts.push(match requires {
                    Some(r) => {
                        let r = ctx.tm(r);
                        requires_text(ctx, &age, &r)
                    }
                    None => age,
                });
            }
        }
    }
    // Its men and women ranked separately (the children are printed here, by name).
    let mut sexes = Vec::new();
    let mut children = Vec::new();
    let all: Vec<&Category> = ctx.names.categories.values().copied().collect();
    let mut all = all;
    all.sort_by_key(|x| x.span.start);
    for child in all {
        if let Some((p, s)) = sex_split_of(child) {
            if p.node == c.name.node {
                let sx = words::sex(ctx.lang, &s.node).unwrap_or(&s.node).to_string();
                if !sexes.contains(&sx) {
                    sexes.push(sx);
                }
                children.push(ctx.category_title(&child.name.node));
            }
        }
    }
    if !children.is_empty() {
        parts.push(ctx.mf(
            M::RankedSeparately,
            &[
                &fmt::join(ctx.lang, &sexes),
                // English titles may hold commas (`Open, men`): semicolons there.
                &match ctx.lang {
                    Lang::Zh => fmt::join(ctx.lang, &children),
                    Lang::En => fmt::join_clauses(ctx.lang, &children),
                },
            ],
        ));
    }
    let text = ctx.sentence(&fmt::join_clauses(ctx.lang, &parts));
    ctx.push(Art::Categories, 0, Clause::headed(title, text));
}

/// `1956年1月1日至1999年12月31日出生` / `born 1 January 1956 – 31 December 1999`.
fn born(ctx: &mut Ctx<'_>, w: &DateWindow) -> String {
    ctx.mark(w.span);
    let lang = ctx.lang;
    let d =
        |x: &Option<Spanned<xqreg_grammar::ast::Date>>| x.as_ref().map(|d| fmt::date(lang, d.node));
    match (d(&w.from), d(&w.to), w.exclusive) {
        (Some(a), Some(b), _) => ctx.mf(M::BornBetween, &[&a, &b]),
        (None, Some(b), false) => ctx.mf(M::BornOnOrBefore, &[&b]),
        (None, Some(b), true) => ctx.mf(M::BornBefore, &[&b]),
        (Some(a), None, false) => ctx.mf(M::BornOnOrAfter, &[&a]),
        (Some(a), None, true) => ctx.mf(M::BornAfter, &[&a]),
        (None, None, _) => String::new(),
    }
}

#[allow(dead_code)]
fn lang_is_zh(ctx: &Ctx<'_>) -> bool {
    ctx.lang == Lang::Zh
}
