//! Entry arithmetic and named players: pools add up to the field, the field and the cap agree,
//! named players fit their pools and meet the entry conditions, the deadline falls before the
//! event, and an open field (名额不限) states the size assumed for simulation.
//!
//! Also the facts about the field the other checks of this checker read (field size and bound,
//! named players, category capacity), computed from the effective file alone.

use xqreg_grammar::ast::{
    self, CategoryCond, CompareOp, Date, EntryClause, HeaderClause, Ident, Item, PlayerAttr,
    PlayerDecl, Pool, Spanned,
};
use xqreg_grammar::Span;

use super::categories::{self};
use super::Ctx;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
mod arithmetic;
mod players;
#[cfg(test)]
mod tests;

use arithmetic::{deadline_twice, deadlines, field_conflicts, open_field, pools_add_up};
use players::{named_players_fit, named_pools_named, player_conditions, players_lacking};

pub const CODES: &[&Code] = &[
    &E601, &E609, &E610, &E611, &E612, &W604, &W606, &W608, &W609,
];

// The message catalogue of this module: compiler/messages/check/entry.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/entry.rs"));

/// Every clause of every entry block, in source order.
pub(crate) fn entry_clauses(file: &ast::File) -> impl Iterator<Item = &EntryClause> {
    file.items.iter().flat_map(|i| match i {
        Item::Entry(e) => e.clauses.as_slice(),
        _ => &[],
    })
}

pub(crate) fn header_clauses(file: &ast::File) -> impl Iterator<Item = &HeaderClause> {
    file.items.iter().flat_map(|i| match i {
        Item::Regulation(r) => r.clauses.as_slice(),
        _ => &[],
    })
}

/// The event's first and last day and the span of the `dates` clause.
pub(crate) fn event_dates(file: &ast::File) -> Option<(Date, Date, Span)> {
    header_clauses(file).find_map(|c| match c {
        HeaderClause::Dates { from, to, span } => Some((from.node, to.node, *span)),
        _ => None,
    })
}

pub(crate) fn issued(file: &ast::File) -> Option<&Spanned<Date>> {
    header_clauses(file).find_map(|c| match c {
        HeaderClause::Issued { date, .. } => Some(date),
        _ => None,
    })
}

pub(crate) fn players(file: &ast::File) -> Vec<&PlayerDecl> {
    entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Player(p) => Some(p),
            _ => None,
        })
        .collect()
}

pub(crate) fn pools(file: &ast::File) -> Vec<&Pool> {
    entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Pool(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// `field N` as declared.
pub(crate) fn exact_field(file: &ast::File) -> Option<&Spanned<u32>> {
    entry_clauses(file).find_map(|c| match c {
        EntryClause::Field(n) => Some(n),
        _ => None,
    })
}

/// The most players the event can have, as the regulation declares it: the fixed field, else
/// the cap. `assume field N` is not a bound: it only sizes simulations (an open field may
/// draw more entrants than assumed), so the official checks never read it.
pub(crate) fn field_bound(file: &ast::File) -> Option<u32> {
    if let Some(n) = exact_field(file) {
        return Some(n.node);
    }
    entry_clauses(file).find_map(|c| match c {
        EntryClause::Cap { max, .. } => Some(max.node),
        _ => None,
    })
}

/// A team event: the field counts teams (`team_size`, `team` declarations, `event team`).
pub(crate) fn is_team_event(file: &ast::File) -> bool {
    entry_clauses(file).any(|c| matches!(c, EntryClause::TeamSize { .. } | EntryClause::Team(_)))
        || header_clauses(file)
            .any(|c| matches!(c, HeaderClause::Event { kind, .. } if kind.node.contains("team")))
}

/// The sex the whole event takes (`event men_individual`, or `sex men` in the entry).
fn event_sex(file: &ast::File) -> Option<(&'static str, Span)> {
    let from_kind = header_clauses(file).find_map(|c| match c {
        HeaderClause::Event { kind, .. } => match kind.node.as_str() {
            "men_individual" => Some(("men", kind.span)),
            "women_individual" => Some(("women", kind.span)),
            _ => None,
        },
        _ => None,
    });
    from_kind.or_else(|| {
        entry_clauses(file).find_map(|c| match c {
            EntryClause::Sex(s) => normal_sex(&s.node).map(|x| (x, s.span)),
            _ => None,
        })
    })
}

fn normal_sex(s: &str) -> Option<&'static str> {
    match s {
        "men" | "man" | "male" | "男" | "男子" => Some("men"),
        "women" | "woman" | "female" | "女" | "女子" => Some("women"),
        _ => None,
    }
}

/// Rank of a title (higher is better): the plan's own order, so the checker and the runtime
/// agree on every condition; women's titles rank as the title; None for a word neither knows.
pub(crate) fn title_rank(t: &str) -> Option<u8> {
    match t {
        "none" | "untitled" => Some(0),
        _ => {
            let plain = t.strip_prefix("women_").unwrap_or(t);
            let plain = plain.strip_prefix("女子").unwrap_or(plain);
            xqreg_runtime::plan::Title::parse(plain).map(|t| t as u8 + 1)
        }
    }
}

pub(crate) fn compare(op: CompareOp, a: i64, b: i64) -> bool {
    crate::compile::compare(op).holds(a, b)
}

pub(crate) fn op_str(op: CompareOp) -> &'static str {
    match op {
        CompareOp::Lt => "<",
        CompareOp::Le => "<=",
        CompareOp::Eq => "==",
        CompareOp::Ge => ">=",
        CompareOp::Gt => ">",
    }
}

/// What a named player states about itself: its birth date, sex, title and pool (the first of
/// each where one is stated twice).
#[derive(Default)]
struct Stated<'p> {
    born: Option<&'p Spanned<Date>>,
    sex: Option<&'p Ident>,
    title: Option<&'p Ident>,
    pool: Option<&'p Ident>,
}

fn stated(p: &PlayerDecl) -> Stated<'_> {
    let mut s = Stated::default();
    // Backwards, so that the first of an attribute stated twice is the one kept.
    for a in p.attrs.iter().rev() {
        match a {
            PlayerAttr::Born(d) => s.born = Some(d),
            PlayerAttr::Sex(x) => s.sex = Some(x),
            PlayerAttr::Title(t) => s.title = Some(t),
            PlayerAttr::Pool(x) => s.pool = Some(x),
            _ => {}
        }
    }
    s
}

/// Whether a named player can be in a category: a condition on an attribute the player does not
/// state counts as met (the capacity is an upper bound).
fn player_in_category(file: &ast::File, p: &PlayerDecl, cat: &str, depth: u8) -> bool {
    let Some(c) = categories::categories(file).find(|c| c.name.node == cat) else {
        return true;
    };
    let stated = stated(p);
    c.conditions.iter().all(|cond| match cond {
        CategoryCond::Born(w) => stated.born.is_none_or(|b| categories::contains(w, b.node)),
        CategoryCond::Sex(s) => match (
            stated.sex.and_then(|x| normal_sex(&x.node)),
            normal_sex(&s.node),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        },
        CategoryCond::Title { op, title, .. } => {
            match (
                stated.title.and_then(|t| title_rank(&t.node)),
                title_rank(&title.node),
            ) {
                (Some(a), Some(b)) => compare(op.node, i64::from(a), i64::from(b)),
                _ => true,
            }
        }
        CategoryCond::Pool(pool) => stated.pool.is_none_or(|x| x.node == pool.node),
        CategoryCond::Within(parent) => {
            depth > 8 || player_in_category(file, p, &parent.node, depth + 1)
        }
        CategoryCond::Players { ids, .. } => ids.iter().any(|i| i.node == p.id.node),
        // A condition on an attribute the player does not state, or one the bound ignores.
        CategoryCond::Requires(_)
        | CategoryCond::Age { .. }
        | CategoryCond::Federation { .. }
        | CategoryCond::Grade { .. }
        | CategoryCond::Rating { .. }
        | CategoryCond::SchoolYear { .. }
        | CategoryCond::Club(_)
        | CategoryCond::Residence(_) => true,
    })
}

/// The most players a category can hold: counted from the named players when every player is
/// named, else bounded by its pool, its parent category, its sex against the event's, and the
/// field. None when nothing bounds it.
pub(crate) fn category_capacity(file: &ast::File, cat: &str) -> Option<u32> {
    capacity_at(file, cat, 0)
}

fn capacity_at(file: &ast::File, cat: &str, depth: u8) -> Option<u32> {
    let c = categories::categories(file).find(|c| c.name.node == cat)?;
    let mut best = field_bound(file);
    let mut tighten = |n: u32| best = Some(best.map_or(n, |b| b.min(n)));
    let named = players(file);
    let all_named =
        exact_field(file).is_some_and(|f| !named.is_empty() && named.len() >= f.node as usize);
    // In a team event the field counts teams, so players never name the whole field.
    if all_named && !is_team_event(file) {
        let n = named
            .iter()
            .filter(|p| player_in_category(file, p, cat, 0))
            .count();
        tighten(u32::try_from(n).unwrap_or(u32::MAX));
    }
    let all_pools = pools(file);
    for cond in &c.conditions {
        match cond {
            CategoryCond::Pool(p) => {
                if let Some(size) = all_pools
                    .iter()
                    .find(|x| x.name.node == p.node)
                    .and_then(|x| x.size.as_ref())
                {
                    tighten(size.node);
                }
            }
            CategoryCond::Within(parent) if depth < 8 => {
                if let Some(n) = capacity_at(file, &parent.node, depth + 1) {
                    tighten(n);
                }
            }
            CategoryCond::Players { ids, .. } => tighten(ids.len() as u32),
            CategoryCond::Sex(s) => {
                if let (Some(want), Some((event, _))) = (normal_sex(&s.node), event_sex(file)) {
                    if want != event {
                        tighten(0);
                    }
                }
            }
            _ => {}
        }
    }
    best
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    check_file(ctx.file, diags);
}

pub(crate) fn check_file(file: &ast::File, diags: &mut Diagnostics) {
    pools_add_up(file, diags);
    field_conflicts(file, diags);
    deadlines(file, diags);
    deadline_twice(file, diags);
    named_players_fit(file, diags);
    named_pools_named(file, diags);
    player_conditions(file, diags);
    players_lacking(file, diags);
    open_field(file, diags);
}
