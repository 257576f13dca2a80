//! `regulation { one_cash_prize highest }` (奖金不兼得): the rule chooses between the money
//! prizes of several tables paying players (the overall table and the categories'). With fewer
//! than two such tables it never applies (W509).

use xqreg_grammar::ast::{HeaderClause, Item, PrizeKey, Prizes};

use super::Ctx;
use crate::check::entry::header_clauses;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub static W509: Code = Code {
    code: "W509",
    name: "one-cash-prize-never-applies",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "`one_cash_prize highest` (奖金不兼得) lets a player keep one money prize of the prize tables that pay players (the overall table and the categories' tables; a derived ranking's table pays units and a board prize is not counted). With fewer than two such tables paying money at a place, no player can hold two, and the clause changes nothing.",
            "`one_cash_prize highest`（奖金不兼得）使每名棋手只保留各奖励表中的一项奖金（总名次表与各组别的奖励表；派生名次的奖励表奖给单位，台次奖不计）。奖励按名次发奖金的此类奖励表不足两个时，无人能兼得，此条不起作用。",
        ),
        example: "regulation \"赛\" { one_cash_prize highest }\nprizes CNY { 1: 3000  2: 2000 }",
        fix: Template::new(
            "Remove the clause, or add the category tables the regulation pays (`prizes women CNY { 1: 1000 }`).",
            "删去此条，或补上规程中各组别的奖励表（`prizes women CNY { 1: 1000 }`）。",
        ),
    },
};

// The message catalogue of this module: compiler/messages/check/prizes/one_cash.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/prizes/one_cash.rs"
));

/// A table the rule chooses between: it pays the whole field or a category (not a derived
/// ranking's units) and has a place line with money.
pub(crate) fn under_rule(ctx: &Ctx<'_>, block: &Prizes) -> bool {
    let of_players = block
        .category
        .as_ref()
        .is_none_or(|c| !ctx.scope.rankings.contains_key(c.node.as_str()));
    of_players
        && block
            .lines
            .iter()
            .any(|l| matches!(l.key, PrizeKey::Places(_)) && l.money.is_some())
}

pub(super) fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let Some(span) = header_clauses(ctx.file).find_map(|c| match c {
        HeaderClause::OneCashPrize { span } => Some(*span),
        _ => None,
    }) else {
        return;
    };
    let n = ctx
        .file
        .items
        .iter()
        .filter(|i| matches!(i, Item::Prizes(b) if under_rule(ctx, b)))
        .count();
    if n < 2 {
        let n = n.to_string();
        let args = [("n", n.as_str())];
        diags.push(
            Diagnostic::new(&W509, MSG_W509.fill(&args), span, LBL_W509.plain())
                .with_help(HELP_W509.plain()),
        );
    }
}
