//! A prize table's `at_most entries_minus N|half_entries` (fewer places paid in a small field):
//! said once (E539), and not in a form that can never cut a place (W503: `entries_minus 0`, since
//! a place no entrant holds is never paid anyway).

use xqreg_grammar::ast::{PrizeLimitRule, Prizes};

use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub static E539: Code = Code {
    code: "E539",
    name: "prize-limit-twice",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A prize table says `at_most` more than once; the places it pays in a small field would depend on which one is read.",
            "一个奖励表写了不止一条 `at_most`；人数不足时录取几名将取决于读哪一条。",
        ),
        example: "prizes CNY { 1: 3000  2: 2000  3: 1000\n  at_most entries_minus 1\n  at_most half_entries }",
        fix: Template::new(
            "Keep the one the regulation means.",
            "只保留规程所指的那一条。",
        ),
    },
};

pub static W503: Code = Code {
    code: "W503",
    name: "prize-limit-never-cuts",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "`at_most entries_minus 0` allows as many places as entries, which every table already is: a place no entrant holds is never paid. The clause changes nothing.",
            "`at_most entries_minus 0` 允许的名次数等于参赛人数，而任何奖励表本来如此：无人获得的名次不发奖。此条不起作用。",
        ),
        example: "prizes CNY { 1: 3000  2: 2000\n  at_most entries_minus 0 }",
        fix: Template::new(
            "Write the regulation's rule, e.g. `at_most entries_minus 1` (录取名次不超过参赛人数减一) or `at_most half_entries`, or remove the clause.",
            "写出规程的规定，如 `at_most entries_minus 1`（录取名次不超过参赛人数减一）或 `at_most half_entries`，或删去此条。",
        ),
    },
};

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
