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
    Category, CategoryCond, CompareOp, DateWindow, Entry, EntryClause, EntryQuota, Ident,
    PlayerAttr, PlayerDecl, Pool, PoolSource, Spanned, StaffUnit,
};

mod by_rule;
mod categories;
pub use categories::{category, seeded_members};
mod players;
mod registration;
use players::{players_table, pool};

pub fn entry(ctx: &mut Ctx<'_>, e: &Entry) {
    let mut players: Vec<&PlayerDecl> = Vec::new();
    let pools_seen = e.clauses.iter().any(|c| matches!(c, EntryClause::Pool(_)));
    // A team event counts teams (entry has a team size or teams): its field and cap too.
    let teams = e
        .clauses
        .iter()
        .any(|c| matches!(c, EntryClause::TeamSize { .. } | EntryClause::Team(_)));
    // The teams named in the entry: their list (参赛队（8队）：…) says the field already.
    let named_teams = e
        .clauses
        .iter()
        .filter(|c| matches!(c, EntryClause::Team(_)))
        .count();
    for c in &e.clauses {
        match c {
            EntryClause::Pool(p) => {
                let clause = pool(ctx, p, e);
                ctx.push(Art::Eligibility, 10, clause);
            }
            EntryClause::Field(n) if teams && usize::try_from(n.node).ok() == Some(named_teams) => {
                ctx.mark(n.span);
            }
            EntryClause::Field(n) => {
                ctx.mark(n.span);
                let key = if teams && pools_seen {
                    M::FieldTeamsTotal
                } else if teams {
                    M::FieldTeams
                } else if pools_seen {
                    M::FieldTotal
                } else {
                    M::FieldSize
                };
                let line = ctx.mf(key, &[&n.node.to_string()]);
                let mut cl = Clause::text(line);
                cl.plain = pools_seen;
                // The total, unnumbered, closes the pools' items: a team event's team size
                // (15) and list (16) come after it, not between the pools and their total.
                let order = if pools_seen && teams { 12 } else { 20 };
                ctx.push(Art::Eligibility, order, cl);
            }
            EntryClause::FieldOpen(span) => {
                ctx.mark(*span);
                let line = ctx.m(M::FieldOpen).to_string();
                ctx.push(Art::Eligibility, 20, Clause::text(line));
            }
            EntryClause::Quota(q) => quota(ctx, q),
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
            EntryClause::Grade { op, grade, span } => {
                ctx.mark(*span);
                let grade = by_rule::grade_phrase(ctx, op.node, grade.node);
                let cond = ctx.mf(M::OfGrade, &[&grade]);
                let line = ctx.mf(M::EntrantsMust, &[&cond]);
                ctx.push(Art::Eligibility, 30, Clause::text(ctx.sentence(&line)));
            }
            EntryClause::Sex(s) => {
                let sex = ctx.word(words::sex, s);
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
                let clause = Clause {
                    alone: Some(ctx.sentence(&t)),
                    ..Clause::text(ctx.sentence(&line))
                };
                ctx.push(Art::Eligibility, 31, clause);
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
                // The sentence says "Each": an English text that says it too (`en "each team"`)
                // is not doubled ("Each each team").
                let unit = match ctx.lang {
                    Lang::En => strip_each(&unit),
                    Lang::Zh => unit,
                };
                let roles = staff_roles(ctx, roles);
                let line = ctx.mf(M::StaffPer, &[&unit, &roles]);
                ctx.push(Art::Eligibility, 40, Clause::text(line));
            }
            EntryClause::Player(p) => players.push(p),
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
            other => registration::clause(ctx, other, teams),
        }
    }
    teams_and_players(ctx, e, players);
}

/// 名额: a quota per unit or federation, its shares by sex and the category it exempts.
fn quota(ctx: &mut Ctx<'_>, q: &EntryQuota) {
    ctx.mark(q.span);
    let key = if q.per.node == "federation" {
        M::QuotaFederation
    } else {
        M::QuotaUnit
    };
    let mut line = ctx.mf(key, &[&q.total.node.to_string()]);
    let by_sex: Vec<String> = q
        .by_sex
        .iter()
        .filter_map(|(w, n)| {
            let one = n.node == 1;
            let (key, noun) = match w.node.as_str() {
                "men" => (M::QuotaMen, if one { "man" } else { "men" }),
                "women" => (M::QuotaWomen, if one { "woman" } else { "women" }),
                _ => return None,
            };
            Some(ctx.mf(key, &[&n.node.to_string(), noun]))
        })
        .collect();
    if !by_sex.is_empty() {
        // 男子至多3人、女子至多1人 / at most 3 men and at most 1 woman.
        let each = match ctx.lang {
            Lang::Zh => by_sex.join("、"),
            Lang::En => fmt::join_and(ctx.lang, &by_sex),
        };
        line.push_str(&ctx.mf(M::QuotaBySex, &[&each]));
    }
    if let Some(c) = &q.except {
        line.push_str(&ctx.mf(M::QuotaExcept, &[&ctx.category_title(&c.node)]));
    }
    ctx.push(Art::Eligibility, 25, Clause::text(ctx.sentence(&line)));
}

/// The teams in one clause (参赛队（8队）：北京队、上海队…) and the named players' table.
fn teams_and_players(ctx: &mut Ctx<'_>, e: &Entry, mut players: Vec<&PlayerDecl>) {
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
            let role = ctx.word(words::staff_role, r);
            ctx.mark(n.span);
            ctx.mf(M::RoleCount, &[&role, &n.node.to_string()])
        })
        .collect();
    // `1 leader and 1 coach` (a list read as one object); 领队1人、教练1人.
    match ctx.lang {
        Lang::En => fmt::join_and(ctx.lang, &parts),
        Lang::Zh => fmt::join(ctx.lang, &parts),
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

/// `65周岁以上者须持{证明}`; the regulation's own sentence when it is one, naming the age itself
/// (`70周岁以上的参赛人员需有家属陪同`, `Players over 70 must ...`); `70周岁以上者须家属陪同`
/// when it says only what they must do (`须家属陪同`, `must come with ...`): printed alone it
/// would read as asked of every entrant.
fn requires_text(ctx: &Ctx<'_>, age: &str, r: &str) -> String {
    let sentence = r.contains('岁')
        || r.chars().next().is_some_and(char::is_uppercase)
        || r.contains(" must ")
        || r.contains(" need");
    let does = ['须', '需', '应'].iter().any(|c| r.contains(*c))
        || ["must ", "should ", "need to ", "have to "]
            .iter()
            .any(|w| r.starts_with(w));
    // `accompanied by a family member`: a participle is what they must be, not what they need.
    let participle = ctx.lang == Lang::En
        && r.split_whitespace()
            .next()
            .is_some_and(|w| w.ends_with("ed"));
    if sentence {
        r.to_string()
    } else if does {
        ctx.mf(M::AgeDoes, &[age, r])
    } else if participle {
        ctx.mf(M::AgeMustBe, &[age, r])
    } else {
        ctx.mf(M::AgeRequires, &[age, r])
    }
}

/// `具有象棋大师（含）以上称号` / `未获得国家大师及以上称号`.
pub fn title_cond(ctx: &mut Ctx<'_>, op: CompareOp, title: &Ident) -> String {
    let t = ctx.word(words::title, title);
    let key = match op {
        CompareOp::Ge => M::TitleGe,
        CompareOp::Gt => M::TitleGt,
        CompareOp::Le => M::TitleLe,
        CompareOp::Lt => M::TitleLt,
        CompareOp::Eq => M::TitleEq,
    };
    ctx.mf(key, &[&t])
}

/// An English unit without a leading "each" or "every" (any case): `each team` → `team`.
fn strip_each(unit: &str) -> String {
    let lower = unit.to_lowercase();
    for word in ["each ", "every "] {
        if lower.starts_with(word) {
            return unit[word.len()..].trim_start().to_string();
        }
    }
    unit.to_string()
}
