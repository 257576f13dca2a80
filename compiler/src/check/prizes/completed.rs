//! The completion award (`completed: 100 each`, 完赛奖) pays players; a table that pays a derived
//! ranking pays units (teams, clubs, schools), which complete no games: refused there (E540).

use xqreg_grammar::ast::{PrizeKey, Prizes};

use crate::check::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/prizes/completed.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/completed.rs"
));

pub(super) fn check(ctx: &Ctx<'_>, block: &Prizes, diags: &mut Diagnostics) {
    let Some(ranking) = block
        .category
        .as_ref()
        .filter(|c| ctx.scope.rankings.contains_key(c.node.as_str()))
    else {
        return;
    };
    for line in &block.lines {
        if let PrizeKey::Completed(span) = &line.key {
            let args = [("ranking", ranking.node.as_str())];
            diags.push(
                Diagnostic::new(&E540, MSG.fill(&args), *span, LBL.plain()).with_help(HELP.plain()),
            );
        }
    }
}
