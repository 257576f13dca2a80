//! Prizes by elimination round (`eliminated cup round 2: 500 each`, 按淘汰轮次设奖) pay the losers
//! of one round of a knockout: the stage must be a knockout (E548), and the round one its bracket
//! plays, from 1 to log2 of the bracket when its size is known (E549).

use xqreg_grammar::ast::{PrizeKey, Prizes};

use crate::check::facts::FormatKind;
use crate::check::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/prizes/eliminated.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/eliminated.rs"
));

pub(super) fn check(ctx: &Ctx<'_>, block: &Prizes, diags: &mut Diagnostics) {
    for line in &block.lines {
        let PrizeKey::Eliminated { stage, round, .. } = &line.key else {
            continue;
        };
        // An unknown stage is E103.
        let Some(f) = ctx.facts.stages.get(stage.node.as_str()) else {
            continue;
        };
        let r = round.node.to_string();
        match f.format {
            FormatKind::Knockout => {
                let Some(rounds) = f.rounds else { continue };
                if round.node == 0 || round.node > rounds {
                    let n = rounds.to_string();
                    let args = [
                        ("stage", stage.node.as_str()),
                        ("round", r.as_str()),
                        ("rounds", n.as_str()),
                    ];
                    diags.push(
                        Diagnostic::new(&E549, MSG_E549.fill(&args), round.span, LBL_E549.plain())
                            .with_help(HELP_E549.fill(&args)),
                    );
                }
            }
            FormatKind::Unknown => {}
            _ => {
                let args = [("stage", stage.node.as_str()), ("round", r.as_str())];
                diags.push(
                    Diagnostic::new(&E548, MSG_E548.fill(&args), stage.span, LBL_E548.plain())
                        .with_help(HELP_E548.plain()),
                );
            }
        }
    }
}

/// The places of the final ranking a table's lines for knockout rounds pay: the losers of round
/// r of a bracket of 2^R share places from the stage's first place + 2^(R−r) on, 2^(R−r) of
/// them (9th to 16th for round 1 of 16, 2nd for the final). Only in a table of the whole
/// ranking (a category's table counts its own places), of a knockout whose places and bracket
/// are known.
pub(super) fn places_paid(ctx: &Ctx<'_>, block: &Prizes) -> Vec<(u32, u32)> {
    if block.category.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for line in &block.lines {
        let PrizeKey::Eliminated { stage, round, .. } = &line.key else {
            continue;
        };
        let Some(f) = ctx.facts.stages.get(stage.node.as_str()) else {
            continue;
        };
        let (FormatKind::Knockout, Some(rounds), Some((first, _))) = (f.format, f.rounds, f.places)
        else {
            continue;
        };
        if round.node == 0 || round.node > rounds {
            continue;
        }
        let half = 1u32.checked_shl(rounds - round.node).unwrap_or(u32::MAX);
        let start = first.saturating_add(half);
        out.push((start, start.saturating_add(half - 1)));
    }
    out
}
