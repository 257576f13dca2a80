//! A prize table's `at_most entries_minus N|half_entries` (fewer places paid in a small field):
//! said once (E539), and not in a form that can never cut a place (W503: `entries_minus 0`, since
//! a place no entrant holds is never paid anyway).

use xqreg_grammar::ast::{PrizeLimitRule, Prizes};

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/prizes/limit.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/prizes/limit.rs"));

pub(super) fn check(block: &Prizes, diags: &mut Diagnostics) {
    if let (Some(first), Some(second)) = (block.limits.first(), block.limits.get(1)) {
        diags.push(
            Diagnostic::new(&E539, MSG_E539.plain(), second.span, LBL_E539.plain())
                .with_label(first.span, LBL_FIRST.plain())
                .with_help(HELP_E539.plain()),
        );
    }
    for limit in &block.limits {
        if let PrizeLimitRule::EntriesMinus(n) = &limit.rule {
            if n.node == 0 {
                diags.push(
                    Diagnostic::new(&W503, MSG_W503.plain(), limit.span, LBL_W503.plain())
                        .with_help(HELP_W503.plain()),
                );
            }
        }
    }
}
