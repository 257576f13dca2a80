//! The event's prize fund (`regulation { prize_fund 500000 CNY }`, 总奖金): the money of every
//! prize table in that currency adds up to it (E519), and it names its currency (E520). A table
//! whose sum cannot be known has its own error (a range without `each`, E506; a line without a
//! currency) or pays the losers of a knockout round of unknown size: then the fund is not compared.

use xqreg_grammar::ast::{HeaderClause, Item, Money};

use super::capacity::{table_sums, Sums};
use super::Ctx;
use crate::check::entry::header_clauses;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/prizes/fund.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/prizes/fund.rs"));

pub(super) fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for clause in header_clauses(ctx.file) {
        let HeaderClause::PrizeFund(fund) = clause else {
            continue;
        };
        compare(ctx, fund, diags);
    }
}

fn compare(ctx: &Ctx<'_>, fund: &Money, diags: &mut Diagnostics) {
    let Some(cur) = fund.currency.as_ref().map(|c| c.node.as_str()) else {
        let amount = fund.amount.node.to_string();
        diags.push(
            Diagnostic::new(&E520, MSG_E520.plain(), fund.span, LBL_E520.plain())
                .with_help(HELP_E520.fill(&[("amount", &amount)])),
        );
        return;
    };
    // A block that could not be read may be a prize table: its money is unknown, so no sum.
    if ctx.file.items.iter().any(|i| matches!(i, Item::Broken(_))) {
        return;
    }
    let mut sum: u64 = 0;
    for item in &ctx.file.items {
        // A board prize table pays its lines on every board it names.
        let (block, times) = match item {
            Item::Prizes(block) => (std::borrow::Cow::Borrowed(block), 1),
            Item::BoardPrizes(b) => match board_count(ctx, b) {
                Some(n) => (std::borrow::Cow::Owned(b.as_table()), u64::from(n)),
                None => return,
            },
            _ => continue,
        };
        match table_sums(ctx, &block) {
            Sums::Known(s) => {
                let table = s.get(cur).copied().unwrap_or(0).saturating_mul(times);
                sum = sum.saturating_add(table);
            }
            // The table has its own diagnostic, or its sum cannot be known here.
            Sums::Unknown | Sums::Overflow(..) => return,
        }
    }
    if sum != fund.amount.node {
        let (f, s) = (fund.amount.node.to_string(), sum.to_string());
        let args = [("fund", f.as_str()), ("sum", s.as_str()), ("cur", cur)];
        diags.push(
            Diagnostic::new(&E519, MSG_E519.fill(&args), fund.span, LBL_E519.fill(&args))
                .with_help(HELP_E519.fill(&args)),
        );
    }
}

/// The boards a board prize table pays: its `boards A..B`, else every board of its stage; None
/// when the stage is unknown or no team stage (its own diagnostic says so).
fn board_count(ctx: &Ctx<'_>, b: &xqreg_grammar::ast::BoardPrizes) -> Option<u32> {
    let per_match = crate::check::board_prizes::stage_boards(ctx, &b.from.as_ref()?.node)?;
    Some(match &b.boards {
        Some(r) => r.end.min(per_match).saturating_sub(r.start.max(1)) + 1,
        None => per_match,
    })
}
