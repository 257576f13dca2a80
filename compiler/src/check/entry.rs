//! Entry arithmetic and named players: pools add up to the field, the field and the cap agree,
//! named players fit their pools and meet the entry conditions, the deadline falls before the
//! event, and an open field (名额不限) states the size assumed for simulation.
//!
//! Also the facts about the field the other checks of this checker read (field size and bound,
//! named players, category capacity), computed from the effective file alone.

use xqreg_grammar::ast::{
    self, AdminArg, CategoryCond, CompareOp, Date, EntryClause, HeaderClause, Ident, Item,
    PlayerAttr, PlayerDecl, Pool, PoolSource, Spanned,
};
use xqreg_grammar::Span;

use super::categories::{self, day_number, fmt_date};
use super::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

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

const MSG_E601: Template = Template::new(
    "the pools add up to {sum} players but the field is {field}",
    "各名额来源合计 {sum} 人，但参赛人数为 {field} 人",
);
const MSG_E601_CAP: Template = Template::new(
    "the pools add up to {sum} players, more than the cap of {field}",
    "各名额来源合计 {sum} 人，超过人数上限 {field} 人",
);
const LBL_E601: Template = Template::new("pools: {parts}", "名额来源：{parts}");
const LBL_E601_POOL: Template = Template::new("{size} here", "此处 {size} 人");
const HELP_E601: Template = Template::new(
    "correct a pool size by {diff}, or write `{kw} {sum}`",
    "把某个名额来源改动 {diff} 人，或写 `{kw} {sum}`",
);

const MSG_E609: Template = Template::new(
    "the deadline {deadline} is after the event starts on {start}",
    "报名截止日期 {deadline} 晚于比赛开始日期 {start}",
);
const LBL_E609: Template = Template::new("after the first day", "晚于比赛首日");
const LBL_E609_DATES: Template = Template::new("the event starts here", "比赛由此开始");
const HELP_E609: Template = Template::new(
    "move the deadline before {start} (check the month and year)",
    "把截止日期改到 {start} 之前（核对年份和月份）",
);

const MSG_E610: Template = Template::new("{what}", "{what_zh}");
const LBL_E610: Template = Template::new("conflicts with this", "与此处矛盾");
const LBL_E610_OTHER: Template = Template::new("the other statement", "另一处规定");
const HELP_E610: Template = Template::new(
    "keep one statement of the field size",
    "只保留一种参赛人数规定",
);

const MSG_E611_POOL: Template = Template::new(
    "{count} players are named for pool `{pool}`, which has {size} places",
    "名额来源 `{pool}` 只有 {size} 个名额，却列出了 {count} 名棋手",
);
const MSG_E611_FIELD: Template = Template::new(
    "{count} {what} are named but the field allows {size}",
    "列出了 {count} {what_zh}，但参赛名额只有 {size} 个",
);
const LBL_E611: Template = Template::new("one too many", "超出名额");
const LBL_E611_SIZE: Template = Template::new("{size} places", "{size} 个名额");
const HELP_E611: Template = Template::new(
    "remove a player or move one to another pool, or raise the size to {count}",
    "删去一名棋手或把其移到其他名额来源，或把名额改为 {count}",
);

const MSG_E612_BORN: Template = Template::new(
    "player `{player}` was born on {date}, outside every section's birth window",
    "棋手 `{player}` 出生于 {date}，不在任何组别的出生日期范围内",
);
const HELP_E612_BORN: Template = Template::new(
    "check the birth date, or add a category whose window includes {date}",
    "核对出生日期，或增加包括 {date} 的组别",
);
const MSG_E612_SEX: Template = Template::new(
    "player `{player}` is `{sex}` but the {where} takes `{needed}` only",
    "棋手 `{player}` 的性别为 `{sex}`，但{where_zh}只限 `{needed}`",
);
const HELP_E612_SEX: Template = Template::new(
    "correct the player's sex, or the condition",
    "改正棋手的性别，或修改该条件",
);
const MSG_E612_TITLE: Template = Template::new(
    "player `{player}` holds `{title}`, which fails the condition `title {op} {needed}`",
    "棋手 `{player}` 的称号 `{title}` 不符合条件 `title {op} {needed}`",
);
const HELP_E612_TITLE: Template = Template::new(
    "correct the player's title, or the condition",
    "改正棋手的称号，或修改该条件",
);
const MSG_E612_AGE: Template = Template::new(
    "player `{player}` is {age} on the first day, which fails `age {op} {years}`",
    "棋手 `{player}` 在比赛首日为 {age} 岁，不符合 `age {op} {years}`",
);
const HELP_E612_AGE: Template = Template::new(
    "check the birth date {date}, or the age condition",
    "核对出生日期 {date}，或修改年龄条件",
);
const LBL_E612: Template = Template::new("this player's attribute", "该棋手的资料");
const LBL_E612_COND: Template = Template::new("the condition", "参赛条件");

const MSG_W604: Template = Template::new(
    "the field is open and no size is assumed for simulation",
    "参赛名额不限，且未假设模拟人数",
);
const LBL_W604: Template = Template::new("open field (名额不限)", "名额不限");
const HELP_W604: Template = Template::new(
    "add `assume field N \"why\"` to the entry with the size the organisers expect",
    "在 entry 中加上 `assume field N \"理由\"`，写出预计人数",
);

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
        CategoryCond::Requires(_) | CategoryCond::Age { .. } => true,
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

fn pools_add_up(file: &ast::File, diags: &mut Diagnostics) {
    let all = pools(file);
    if all.is_empty() || all.iter().any(|p| p.size.is_none()) {
        return;
    }
    let sum: u64 = all
        .iter()
        .filter_map(|p| p.size.as_ref())
        .map(|s| u64::from(s.node))
        .sum();
    let parts = all
        .iter()
        .filter_map(|p| {
            p.size
                .as_ref()
                .map(|s| format!("{} {}", p.name.node, s.node))
        })
        .collect::<Vec<_>>()
        .join(" + ");
    let parts = format!("{parts} = {sum}");
    let (field, span, kw, cap) = if let Some(f) = exact_field(file) {
        (f.node, f.span, "field", false)
    } else if let Some((max, span)) = entry_clauses(file).find_map(|c| match c {
        EntryClause::Cap { max, span, .. } => Some((max.node, *span)),
        _ => None,
    }) {
        (max, span, "cap", true)
    } else {
        return;
    };
    let bad = if cap {
        sum > u64::from(field)
    } else {
        sum != u64::from(field)
    };
    if !bad {
        return;
    }
    let (sum_s, field_s) = (sum.to_string(), field.to_string());
    let diff = sum.abs_diff(u64::from(field)).to_string();
    let msg = if cap { MSG_E601_CAP } else { MSG_E601 };
    let mut d = Diagnostic::new(
        &E601,
        msg.fill(&[("sum", &sum_s), ("field", &field_s)]),
        span,
        LBL_E601.fill(&[("parts", &parts)]),
    );
    for p in &all {
        if let Some(s) = &p.size {
            d = d.with_label(s.span, LBL_E601_POOL.fill(&[("size", &s.node.to_string())]));
        }
    }
    diags.push(d.with_help(HELP_E601.fill(&[("diff", &diff), ("kw", kw), ("sum", &sum_s)])));
}

fn field_conflicts(file: &ast::File, diags: &mut Diagnostics) {
    let mut field: Option<(u32, Span)> = None;
    let mut open: Option<Span> = None;
    let mut cap: Option<(u32, Span)> = None;
    let mut assume: Option<(u32, Span)> = None;
    for c in entry_clauses(file) {
        match c {
            EntryClause::Field(n) => field = field.or(Some((n.node, n.span))),
            EntryClause::FieldOpen(s) => open = open.or(Some(*s)),
            EntryClause::Cap { max, span, .. } => cap = cap.or(Some((max.node, *span))),
            EntryClause::AssumeField { size, span, .. } => {
                assume = assume.or(Some((size.node, *span)))
            }
            _ => {}
        }
    }
    let mut report = |here: Span, other: Span, en: String, zh: String| {
        let msg = MSG_E610.fill(&[("what", &en), ("what_zh", &zh)]);
        diags.push(
            Diagnostic::new(&E610, msg, here, LBL_E610.plain())
                .with_label(other, LBL_E610_OTHER.plain())
                .with_help(HELP_E610.plain()),
        );
    };
    if let (Some((_, fs)), Some(os)) = (field, open) {
        report(
            os,
            fs,
            "the field is both fixed and open".into(),
            "参赛人数既固定又不限".into(),
        );
    }
    if let (Some((f, fs)), Some((c, cs))) = (field, cap) {
        if f > c {
            report(
                fs,
                cs,
                format!("the field of {f} is larger than the cap of {c}"),
                format!("参赛人数 {f} 人大于上限 {c} 人"),
            );
        }
    }
    if let (Some((f, fs)), Some((a, asp))) = (field, assume) {
        if f != a {
            report(
                asp,
                fs,
                format!("the assumed field of {a} differs from the fixed field of {f}"),
                format!("假设人数 {a} 人与固定人数 {f} 人不同"),
            );
        }
    }
    if let (Some((c, cs)), Some((a, asp))) = (cap, assume) {
        if a > c {
            report(
                asp,
                cs,
                format!("the assumed field of {a} is larger than the cap of {c}"),
                format!("假设人数 {a} 人大于上限 {c} 人"),
            );
        }
    }
}

fn deadlines(file: &ast::File, diags: &mut Diagnostics) {
    let Some((start, _, dates_span)) = event_dates(file) else {
        return;
    };
    let mut found: Vec<&Spanned<Date>> = entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Deadline { date, .. } => Some(date),
            _ => None,
        })
        .collect();
    for item in &file.items {
        if let Item::Registration(r) = item {
            for c in r.clauses.iter().filter(|c| c.kind.node == "deadline") {
                found.extend(c.args.iter().filter_map(|a| match a {
                    AdminArg::Date(d) => Some(d),
                    _ => None,
                }));
            }
        }
    }
    for d in found {
        if day_number(d.node) > day_number(start) {
            let (ds, ss) = (fmt_date(d.node), fmt_date(start));
            diags.push(
                Diagnostic::new(
                    &E609,
                    MSG_E609.fill(&[("deadline", &ds), ("start", &ss)]),
                    d.span,
                    LBL_E609.plain(),
                )
                .with_label(dates_span, LBL_E609_DATES.plain())
                .with_help(HELP_E609.fill(&[("start", &ss)])),
            );
        }
    }
}

fn named_players_fit(file: &ast::File, diags: &mut Diagnostics) {
    let named = players(file);
    for pool in pools(file) {
        let Some(size) = &pool.size else { continue };
        let members: Vec<&&PlayerDecl> = named
            .iter()
            .filter(|p| player_pool(p).is_some_and(|x| x.node == pool.name.node))
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

/// Whole years of age on `day` for a birth date.
fn age_on(born: Date, day: Date) -> i64 {
    let mut age = i64::from(day.year) - i64::from(born.year);
    if (day.month, day.day) < (born.month, born.day) {
        age -= 1;
    }
    age
}

fn player_conditions(file: &ast::File, diags: &mut Diagnostics) {
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
        if let Some(born) = player_born(p) {
            if !windows.is_empty() && !windows.iter().any(|w| categories::contains(w, born.node)) {
                let ds = fmt_date(born.node);
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
                let age = age_on(born.node, start);
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
                            .with_help(HELP_E612_AGE.fill(&[("date", &fmt_date(born.node))])),
                        );
                    }
                }
            }
        }
        let pool = player_pool(p).and_then(|x| all_pools.iter().find(|q| q.name.node == x.node));
        if let Some(ps) = player_sex(p) {
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
        if let Some(pt) = player_title(p) {
            let mut conds: Vec<(CompareOp, &Ident, Span)> = titles.clone();
            if let Some(pool) = pool {
                for src in &pool.source {
                    if let PoolSource::Title { op, title, span } = src {
                        conds.push((op.node, title, *span));
                    }
                }
            }
            for (op, title, span) in conds {
                let (Some(have), Some(want)) = (title_rank(&pt.node), title_rank(&title.node))
                else {
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
}

fn open_field(file: &ast::File, diags: &mut Diagnostics) {
    let assumed = entry_clauses(file).any(|c| matches!(c, EntryClause::AssumeField { .. }));
    if assumed {
        return;
    }
    if let Some(span) = entry_clauses(file).find_map(|c| match c {
        EntryClause::FieldOpen(s) => Some(*s),
        _ => None,
    }) {
        diags.push(
            Diagnostic::new(&W604, MSG_W604.plain(), span, LBL_W604.plain())
                .with_help(HELP_W604.plain()),
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fixtures() {
        super::super::testing::fixtures(super::CODES);
    }

    use super::super::testing::{codes, BASE};

    #[test]
    fn pools_that_add_up_are_clean() {
        let text = BASE.replace(
            "  field 8\n",
            "  field 8\n  pool champions 4 \"冠军\"\n  pool invited 4 \"特邀\"\n",
        );
        let (got, lines) = codes(&text);
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn title_and_age_conditions() {
        let text = BASE.replace(
            "  field 8\n",
            "  field 8\n  title >= master\n  age >= 16\n  age >= 65 requires \"健康证明\"\n  \
             player a \"甲\" { title grandmaster born 1960-05-01 }\n  \
             player b \"乙\" { title national_master born 1990-01-01 }\n  \
             player c \"丙\" { title master born 2000-01-01 }\n",
        );
        let (got, lines) = codes(&text);
        assert_eq!(got, ["E612"], "{lines}");
        // b fails the title, c is 14 on the first day; a (65+) only needs a certificate.
        assert_eq!(lines.matches("E612").count(), 2, "{lines}");
    }

    #[test]
    fn birth_dates_are_checked_against_sections_only() {
        let sections = BASE
            .replace("  entrants roster\n", "  entrants category open\n")
            .replace(
                "  field 8\n",
                "  field 8\n  player a \"甲\" { born 1950-05-01 }\n  player b \"乙\" { born 1980-05-01 }\n",
            )
            + "category open \"公开组\" { born 1956-01-01 .. 1999-12-31 }\n";
        let (got, lines) = codes(&sections);
        assert!(got.contains(&"E612".to_string()), "{lines}");
        assert_eq!(lines.matches("E612").count(), 1, "{lines}");
        // The same window as a prize category only: a veteran may simply win nothing there.
        let prize_only = sections.replace("  entrants category open\n", "  entrants roster\n");
        let (got, lines) = codes(&prize_only);
        assert!(!got.contains(&"E612".to_string()), "{lines}");
    }

    #[test]
    fn open_field_with_assumption_is_quiet() {
        let text = BASE.replace(
            "  field 8\n",
            "  field open\n  assume field 8 \"往届人数\"\n",
        );
        let (got, lines) = codes(&text);
        assert!(got.is_empty(), "{lines}");
    }
}
