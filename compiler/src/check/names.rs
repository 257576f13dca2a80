//! Names: duplicates (E101) and the regulation header (E110); then every reference resolved
//! once for the whole file (`unknown`, E102-E109, E112, E113) and the option words (`words`,
//! E111).

use xqreg_grammar::ast::Item;

use xqreg_grammar::Span;

use super::resolve::keyword_span;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

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
