//! Names: duplicates (E101) and the regulation header (E110); then every reference resolved
//! once for the whole file (`unknown`, E102-E109, E112, E113) and the option words (`words`,
//! E111). Also the `code!` macro every check module declares its codes with.

use xqreg_grammar::ast::Item;

use xqreg_grammar::Span;

use super::resolve::keyword_span;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

macro_rules! code {
    ($id:ident, $code:literal, $name:literal, $sev:ident, $meaning:expr, $example:literal, $fix:expr) => {
        pub static $id: Code = Code {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            explain: Explain {
                meaning: $meaning,
                example: $example,
                fix: $fix,
            },
        };
    };
}
pub(crate) use code;

code!(E101, "E101", "duplicate-name", Error,
    Template::new(
        "Two declarations of the same kind use one name. Time controls, scorings, stages, groups of a stage, playoff chains, pools, categories and players each form their own namespace; inside one, a name must be unique, or references to it would be ambiguous.",
        "同一类声明使用了相同的名称。用时、记分办法、阶段、同一阶段的小组、加赛办法、名额来源、组别和棋手各自构成命名空间；同一命名空间内名称必须唯一，否则引用会产生歧义。"),
    "time rapid { base 10min increment 10s }\ntime rapid { base 5min increment 5s }",
    Template::new("Rename one of the two (for example `blitz` for the 5-minute control) and update its references.",
        "将其中一个改名（例如把 5 分钟的用时改为 `blitz`），并同步修改引用处。"));

code!(E110, "E110", "missing-or-repeated-header", Error,
    Template::new("A file describes one event, so it has exactly one `regulation` block with the title, dates and rulebook.",
        "一个文件描述一项赛事，必须恰好有一个 `regulation` 块（名称、日期、规则等）。"),
    "regulation \"甲\" { dates 2014-04-27 .. 2014-04-29 }\nregulation \"乙\" { dates 2014-05-01 .. 2014-05-02 }",
    Template::new("Add one `regulation \"title\" { ... }` block, or move the second event to its own file.",
        "补上一个 `regulation \"名称\" { ... }` 块，或把第二项赛事移到单独的文件。"));

pub const CODES: &[&Code] = &[&E101, &E110];

// The message catalogue of this module: compiler/messages/check/names.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/names.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for d in &ctx.scope.duplicates {
        let (en, zh) = d.kind.words();
        diags.push(
            DUPLICATE
                .at(
                    d.second,
                    &[("kind", en), ("kind_zh", zh), ("name", &d.name)],
                )
                .with_label(d.first, FIRST_HERE.plain()),
        );
    }
    header(ctx, diags);
}

fn header(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let regs = &ctx.scope.regulations;
    match regs.as_slice() {
        [] => {
            // A broken block may be the header the parser could not read: its syntax error says so.
            if ctx.file.items.iter().any(|i| matches!(i, Item::Broken(_))) {
                return;
            }
            let start = ctx.file.span.start;
            diags.push(MISSING_HEADER.at(Span { start, end: start }, &[]));
        }
        [first, rest @ ..] => {
            for r in rest {
                diags.push(
                    REPEATED_HEADER
                        .at(keyword_span(r.span, "regulation"), &[])
                        .with_label(keyword_span(first.span, "regulation"), FIRST_HEADER.plain()),
                );
            }
        }
    }
}
