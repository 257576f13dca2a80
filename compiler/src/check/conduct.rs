//! The conduct rules the runtime acts on count something: `fouls_per_game N loss` (the game is
//! lost at N fouls) and `withdraw after N forfeits`. The grammar keeps a conduct rule's arguments
//! generic, so the count is checked here: without a whole number, or with 0, the runtime would
//! skip the rule (or withdraw at the first forfeit), and the sheet would still print it (E639).

use xqreg_grammar::ast::{self, ConductArg, Item};

use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E639];

// The message catalogue of this module: compiler/messages/check/conduct.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/conduct.rs"));

/// The conduct rules with a count the runtime acts on, and the rule written whole.
const COUNTED: [(&str, &str); 2] = [
    ("fouls_per_game", "fouls_per_game 2 loss"),
    ("withdraw", "withdraw after 2 forfeits"),
];

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for item in &file.items {
        let Item::Conduct(c) = item else { continue };
        for rule in &c.rules {
            let Some((kind, whole)) = COUNTED.iter().find(|(k, _)| *k == rule.kind.node) else {
                continue;
            };
            let count = rule.args.iter().find_map(|a| match a {
                ConductArg::Int(n) => Some(n),
                _ => None,
            });
            match count {
                Some(n) if n.node > 0 => {}
                Some(n) => diags.push(ZERO.at(n.span, &[("rule", kind), ("whole", whole)])),
                None => {
                    diags.push(NO_COUNT.at(rule.kind.span, &[("rule", kind), ("whole", whole)]))
                }
            }
        }
    }
}
