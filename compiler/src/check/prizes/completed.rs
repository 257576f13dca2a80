//! The completion award (`completed: 100 each`, 完赛奖) pays players; a table that pays a derived
//! ranking pays units (teams, clubs, schools), which complete no games: refused there (E540).

use xqreg_grammar::ast::{PrizeKey, Prizes};

use crate::check::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub static E540: Code = Code {
    code: "E540",
    name: "completion-award-for-units",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A `completed` line pays every player who completes all their games, but this table pays a derived ranking of units (teams, clubs, schools), which play no games themselves.",
            "`completed` 一行奖励赛完全部对局的棋手，而该奖励表奖励的是团体名次（队、俱乐部、学校），单位本身不下棋。",
        ),
        example: "ranking schools { from main by unit sum points best 3 short unranked }\nprizes schools CNY { 1: 3000  completed: 100 each }",
        fix: Template::new(
            "Move the `completed` line to a table of players (the whole event's, or a category's).",
            "把 `completed` 一行移到奖励棋手的表中（全场或某组别）。",
        ),
    },
};

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
