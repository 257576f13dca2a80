//! `regulation { one_cash_prize highest }` (奖金不兼得): the rule chooses between the money
//! prizes of several tables paying players (the overall table and the categories'). With fewer
//! than two such tables it never applies (W509); over tables in different currencies it cannot
//! say which prize is the highest (E550).

use std::collections::BTreeSet;

use xqreg_grammar::ast::{HeaderClause, Item, PrizeKey, Prizes};

use super::Ctx;
use crate::check::entry::header_clauses;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

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
    let tables: Vec<&Prizes> = ctx
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Prizes(b) if under_rule(ctx, b) => Some(b),
            _ => None,
        })
        .collect();
    let currencies: BTreeSet<&str> = tables.iter().flat_map(|b| money_currencies(b)).collect();
    if currencies.len() > 1 {
        let list = currencies.iter().copied().collect::<Vec<_>>().join(", ");
        let args = [("currencies", list.as_str())];
        diags.push(
            Diagnostic::new(&E550, MSG_E550.fill(&args), span, LBL_E550.plain())
                .with_help(HELP_E550.plain()),
        );
    }
    let n = tables.len();
    if n < 2 {
        let n = n.to_string();
        let args = [("n", n.as_str())];
        diags.push(
            Diagnostic::new(&W509, MSG_W509.fill(&args), span, LBL_W509.plain())
                .with_help(HELP_W509.plain()),
        );
    }
}

/// The currencies a table's place lines pay money in (a line's own, else the table's; a line
/// without either is in no currency the rule could compare, and adds none).
fn money_currencies(block: &Prizes) -> impl Iterator<Item = &str> {
    block
        .lines
        .iter()
        .filter(|l| matches!(l.key, PrizeKey::Places(_)))
        .filter_map(|l| l.money.as_ref())
        .filter_map(|m| m.currency.as_ref().or(block.currency.as_ref()))
        .map(|c| c.node.as_str())
}
