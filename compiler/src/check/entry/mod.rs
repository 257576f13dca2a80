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

use arithmetic::{deadlines, field_conflicts, open_field, pools_add_up};
use players::{named_players_fit, player_conditions};

pub const CODES: &[&Code] = &[&E601, &E609, &E610, &E611, &E612, &W604];

pub static E601: Code = Code {
    code: "E601",
    name: "pools-do-not-add-up",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The sizes of the entry pools do not add up to the declared field (or exceed the cap), so either a pool or the field is wrong.",
            "各参赛名额来源的人数之和不等于规定的参赛人数（或超过人数上限），名额来源或参赛人数有误。",
        ),
        example: "entry {\n  field 32\n  pool champions 15 \"冠军\"\n  pool rated 9 \"等级分\"\n  pool taipei 7 \"中华台北\"\n}",
        fix: Template::new(
            "Correct a pool size or the field so that the pools add up: here `pool taipei 8`.",
            "修改某个名额来源的人数或参赛人数，使二者相符：此处写 `pool taipei 8`。",
        ),
    },
};

pub static E609: Code = Code {
    code: "E609",
    name: "deadline-after-start",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A registration deadline falls after the first day of the event: nobody could register in time to play.",
            "报名截止日期晚于比赛开始日期：按此截止日期报名的棋手无法参赛。",
        ),
        example: "regulation \"…\" { dates 2014-04-27 .. 2014-04-29 }\nentry { deadline 2014-05-11 }",
        fix: Template::new(
            "Move the deadline before the event (check the month): `deadline 2014-04-11`.",
            "把截止日期改到比赛之前（核对月份）：`deadline 2014-04-11`。",
        ),
    },
};

pub static E610: Code = Code {
    code: "E610",
    name: "field-and-cap-conflict",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The entry states the field size in ways that cannot all hold: a fixed field larger than the cap, a fixed field and `field open`, or an assumed field that differs from the fixed one or exceeds the cap.",
            "参赛人数的几处规定相互矛盾：固定人数大于人数上限，既规定固定人数又规定名额不限，或假设人数与固定人数不同、超过上限。",
        ),
        example: "entry {\n  field 32\n  cap 24\n}",
        fix: Template::new(
            "Keep one statement of the size: `field 32`, or `cap 150` with `assume field N` at most the cap.",
            "只保留一种人数规定：`field 32`，或 `cap 150` 加上不超过上限的 `assume field N`。",
        ),
    },
};

pub static E611: Code = Code {
    code: "E611",
    name: "named-players-exceed-pool",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "More players are named for a pool than the pool has places, or more players are named than the field (or cap) allows.",
            "某名额来源中列出的棋手多于其名额，或列出的棋手总数超过参赛人数（或上限）。",
        ),
        example: "entry {\n  field 2\n  pool invited 1 \"特邀\" { named }\n  player a \"甲\" { pool invited }\n  player b \"乙\" { pool invited }\n}",
        fix: Template::new(
            "Remove a player, move one to another pool, or raise the pool size.",
            "删去一名棋手、把其移到其他名额来源，或增加该来源的名额。",
        ),
    },
};

pub static E612: Code = Code {
    code: "E612",
    name: "player-attribute-outside-conditions",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A named player does not meet what the regulation asks of entrants: born outside every section's window (the categories stages pair by), of the other sex in a men's or women's event (or pool), a title below the entry condition, or younger/older than the age condition on the first day.",
            "列出的棋手不符合参赛条件：出生日期不在任何组别的范围内，性别与男子（女子）比赛或名额来源不符，称号低于参赛条件，或比赛首日的年龄不符合年龄条件。",
        ),
        example: "regulation \"…\" { event men_individual }\nentry { player a \"甲\" { sex women } }",
        fix: Template::new(
            "Correct the player's attribute (often a typo in the birth date or sex), or the condition.",
            "改正棋手的资料（常见为出生日期或性别的笔误），或修改参赛条件。",
        ),
    },
};

pub static W604: Code = Code {
    code: "W604",
    name: "field-open-without-assumption",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "The field is open (名额不限) and no `assume field N` says how many players to simulate with: `simulate` and `test` need `--players N` or a roster. (An assumed size only sizes simulations; the official checks never count with it.)",
            "参赛名额不限，又没有 `assume field N` 说明模拟时按多少人计算：`simulate` 与 `test` 需要 `--players N` 或名单。（假设人数只用于模拟，正式检查从不按它计算。）",
        ),
        example: "entry { field open }",
        fix: Template::new(
            "Add the size the organisers expect: `assume field 24 \"按往届报名人数估计\"`.",
            "写出预计人数：`assume field 24 \"按往届报名人数估计\"`。",
        ),
    },
};

/// Every clause of every entry block, in source order.
pub(crate) fn entry_clauses(file: &ast::File) -> impl Iterator<Item = &EntryClause> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Entry(e) => Some(e.clauses.iter()),
            _ => None,
        })
        .flatten()
}

pub(crate) fn header_clauses(file: &ast::File) -> impl Iterator<Item = &HeaderClause> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Regulation(r) => Some(r.clauses.iter()),
            _ => None,
        })
        .flatten()
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
    match op {
        CompareOp::Lt => a < b,
        CompareOp::Le => a <= b,
        CompareOp::Eq => a == b,
        CompareOp::Ge => a >= b,
        CompareOp::Gt => a > b,
    }
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

fn player_born(p: &PlayerDecl) -> Option<&Spanned<Date>> {
    p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Born(d) => Some(d),
        _ => None,
    })
}

fn player_sex(p: &PlayerDecl) -> Option<&Ident> {
    p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Sex(s) => Some(s),
        _ => None,
    })
}

fn player_title(p: &PlayerDecl) -> Option<&Ident> {
    p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Title(t) => Some(t),
        _ => None,
    })
}

fn player_pool(p: &PlayerDecl) -> Option<&Ident> {
    p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Pool(t) => Some(t),
        _ => None,
    })
}

/// Whether a named player can be in a category: a condition on an attribute the player does not
/// state counts as met (the capacity is an upper bound).
fn player_in_category(file: &ast::File, p: &PlayerDecl, cat: &str, depth: u8) -> bool {
    let Some(c) = categories::categories(file).find(|c| c.name.node == cat) else {
        return true;
    };
    c.conditions.iter().all(|cond| match cond {
        CategoryCond::Born(w) => player_born(p).is_none_or(|b| categories::contains(w, b.node)),
        CategoryCond::Sex(s) => match (
            player_sex(p).and_then(|x| normal_sex(&x.node)),
            normal_sex(&s.node),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        },
        CategoryCond::Title { op, title, .. } => {
            match (
                player_title(p).and_then(|t| title_rank(&t.node)),
                title_rank(&title.node),
            ) {
                (Some(a), Some(b)) => compare(op.node, i64::from(a), i64::from(b)),
                _ => true,
            }
        }
        CategoryCond::Pool(pool) => player_pool(p).is_none_or(|x| x.node == pool.node),
        CategoryCond::Within(parent) => {
            depth > 8 || player_in_category(file, p, &parent.node, depth + 1)
        }
        CategoryCond::Players { ids, .. } => ids.iter().any(|i| i.node == p.id.node),
        // A condition on an attribute the player does not state, or one the bound ignores.
        CategoryCond::Requires(_)
        | CategoryCond::Age { .. }
        | CategoryCond::Federation { .. }
        | CategoryCond::Grade { .. }
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
    named_players_fit(file, diags);
    player_conditions(file, diags);
    open_field(file, diags);
}
