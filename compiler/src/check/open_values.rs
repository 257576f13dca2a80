//! Values a regulation leaves to be announced (另行通知): `swiss tbd rounds tbd`, `time tbd`. The
//! checks go on with what is stated (a check that needs a `tbd` value skips it); a simulation
//! needs each `tbd` system and round count assumed in the stage (`assume rounds 9`, `assume
//! system cxa`), which never prints on the sheet. W203: a `tbd` value without its assumption
//! (`simulate` and `test` refuse, R022). E218: an assumption of a value the stage states.
//! E204: an assumed round count the field cannot play.

use xqreg_grammar::ast::{AssumedValue, Format, StageClause, SwissRounds};
use xqreg_grammar::Span;

use super::stages::{stages, E204};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&W203, &E218];

// The message catalogue of this module: compiler/messages/check/open_values.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/open_values.rs"));

/// `entry { assume field N }`, the size simulations run on.
fn assumed_field(ctx: &Ctx<'_>) -> Option<u32> {
    ctx.file.items.iter().find_map(|i| match i {
        xqreg_grammar::ast::Item::Entry(e) => e.clauses.iter().find_map(|c| match c {
            xqreg_grammar::ast::EntryClause::AssumeField { size, .. } => Some(size.node),
            _ => None,
        }),
        _ => None,
    })
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let clauses = ctx.scope.stage_clauses(name);
        let Some((system, rounds)) = clauses.iter().find_map(|c| match c {
            StageClause::Format(Format::Swiss { system, rounds, .. }) => Some((system, rounds)),
            _ => None,
        }) else {
            continue;
        };
        let mut assumed_rounds: Option<(u32, Span)> = None;
        let mut assumed_system = false;
        for c in &clauses {
            let StageClause::Assume { value, span, .. } = c else {
                continue;
            };
            let (what, what_zh, stated) = match value {
                AssumedValue::Rounds(n) => {
                    assumed_rounds = Some((n.node, n.span));
                    (
                        "number of rounds",
                        "轮数",
                        !matches!(rounds, SwissRounds::Tbd(_)),
                    )
                }
                AssumedValue::System(_) => {
                    assumed_system = true;
                    ("pairing system", "编排办法", system.node != "tbd")
                }
            };
            // Only the stage's own clause is reported (a copied one is reported at its stage).
            if stated && st.clauses.iter().any(|own| std::ptr::eq(own, *c)) {
                diags.push(STATED.at(
                    *span,
                    &[("stage", name), ("what", what), ("what_zh", what_zh)],
                ));
            }
        }
        if system.node == "tbd" && !assumed_system {
            diags.push(NO_ASSUMPTION.at(
                system.span,
                &[
                    ("stage", name),
                    ("what", "pairing system"),
                    ("what_zh", "编排办法"),
                    ("clause", "system cxa"),
                ],
            ));
        }
        match (rounds, assumed_rounds) {
            (SwissRounds::Tbd(at), None) => diags.push(NO_ASSUMPTION.at(
                *at,
                &[
                    ("stage", name),
                    ("what", "number of rounds"),
                    ("what_zh", "轮数"),
                    ("clause", "rounds 9"),
                ],
            )),
            (SwissRounds::Tbd(_), Some((r, span))) => {
                // The assumed rounds against the field: exact entrants, else the cap, else the
                // assumed field.
                let players = ctx
                    .facts
                    .stages
                    .get(name)
                    .and_then(|f| f.entrants)
                    .or(ctx.facts.cap)
                    .or_else(|| assumed_field(ctx));
                if let Some(n) = players.filter(|&n| r >= n.max(2)) {
                    diags.push(ASSUMED_ROUNDS.at(
                        span,
                        &[
                            ("rounds", &r.to_string()),
                            ("stage", name),
                            ("players", &n.to_string()),
                            ("max", &n.saturating_sub(1).to_string()),
                        ],
                    ));
                }
            }
            _ => {}
        }
    }
}
