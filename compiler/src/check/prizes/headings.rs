//! The note on display headings the sheet prints with no English rendering.

use xqreg_grammar::ast::{self, Item, Text};

use super::N501;
use crate::diagnostics::{Diagnostic, Diagnostics, Template};

// The message catalogue of this module: compiler/messages/check/prizes/headings.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/headings.rs"
));
/// Headings the sheet prints, in source order.
pub(super) fn headings(file: &ast::File) -> Vec<&Text> {
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            Item::Stage(s) => out.extend(s.title.as_ref()),
            Item::Category(c) => out.extend(c.title.as_ref()),
            Item::Prizes(p) => out.extend(p.title.as_ref()),
            Item::Qualification(q) => out.push(&q.title),
            Item::Places(p) => out.extend(p.title.as_ref()),
            Item::TimeControl(t) => out.extend(t.title.as_ref()),
            Item::Playoff(p) => out.extend(p.title.as_ref()),
            Item::Note(n) => out.push(&n.heading),
            Item::Supplement(s) => out.push(&s.title),
            _ => {}
        }
    }
    out
}

pub(super) fn missing_english(file: &ast::File, diags: &mut Diagnostics) {
    let Some(reg) = file.items.iter().find_map(|i| match i {
        Item::Regulation(r) => Some(r),
        _ => None,
    }) else {
        return;
    };
    let mut note = |t: &Text| {
        diags.push(
            Diagnostic::new(
                &N501,
                MSG_N501.fill(&[("zh", &t.zh.node)]),
                t.zh.span,
                LBL_N501.plain(),
            )
            .with_help(HELP_N501.plain()),
        );
    };
    // A file whose own title has no English is not written for an English sheet: stay quiet.
    if reg.title.en.is_none() {
        return;
    }
    for t in headings(file) {
        if t.en.is_none() {
            note(t);
        }
    }
}
