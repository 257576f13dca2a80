//! The entry clauses a reader looks for under registration (cap, deadline, fees, deposit,
//! insurance) or expenses (subsidies).

use super::super::words;
use super::{money_text, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use xqreg_grammar::ast::EntryClause;

/// Pushes the clause of a registration or expenses entry clause; the others are said in
/// eligibility. `teams`: a team event, whose cap counts teams.
pub(super) fn clause(ctx: &mut Ctx<'_>, c: &EntryClause, teams: bool) {
    match c {
        EntryClause::Cap { max, order, span } => {
            ctx.mark(*span);
            let key = if teams { M::CapTeams } else { M::Cap };
            let mut line = ctx.mf(key, &[&max.node.to_string()]);
            if let Some(o) = order {
                ctx.mark(o.span);
                if let Some(w) = words::cap_order(ctx.lang, &o.node) {
                    line.push_str(w);
                }
            }
            ctx.push(Art::Registration, 5, Clause::text(ctx.sentence(&line)));
        }
        EntryClause::Deadline { date, time, span } => {
            ctx.mark(*span);
            let when = match time {
                Some(t) if ctx.lang == Lang::Zh => {
                    format!("{}{}", fmt::date(ctx.lang, date.node), fmt::clock(t.node))
                }
                // "on 25 September 2026 at 17:00": the time is read after the day.
                Some(t) => format!(
                    "{} at {}",
                    fmt::date(ctx.lang, date.node),
                    fmt::clock(t.node)
                ),
                None => fmt::date(ctx.lang, date.node),
            };
            let line = ctx.mf(M::Deadline, &[&when]);
            ctx.push(Art::Registration, 0, Clause::text(line));
        }
        EntryClause::Fee { kind, money, span } => {
            ctx.mark(*span);
            ctx.mark(money.span);
            let what = ctx.in_words(words::fee, &kind.node);
            // `Entry fee: USD 100, paid on entry.`: the fee's name leads the English line.
            let what = match ctx.lang {
                Lang::Zh => what,
                Lang::En => fmt::capitalise(&what),
            };
            let amount = money_text(ctx, money, None);
            let line = ctx.mf(M::Fee, &[&what, &amount]);
            ctx.push(Art::Registration, 10, Clause::text(line));
        }
        EntryClause::Deposit {
            money,
            refund,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(money.span);
            let amount = money_text(ctx, money, None);
            let mut line = ctx.mf(M::Deposit, &[&amount]);
            if let Some(r) = refund {
                let r = ctx.tm(r);
                line = ctx.mf(M::WithReason, &[&line, &r]);
            }
            ctx.push(Art::Registration, 11, Clause::text(ctx.sentence(&line)));
        }
        EntryClause::Subsidy {
            who,
            money,
            limit,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(money.span);
            let who = ctx.tm(who);
            let amount = money_text(ctx, money, None);
            let mut line = ctx.mf(M::Subsidy, &[&who, &amount]);
            if let Some(l) = limit {
                ctx.mark(l.span);
                let lim = ctx.mf(M::SubsidyLimit, &[&l.node.to_string()]);
                line.push_str(&lim);
            }
            ctx.push(Art::Expenses, 5, Clause::text(ctx.sentence(&line)));
        }
        EntryClause::Insurance(t) => {
            let t = ctx.tm(t);
            ctx.push(Art::Registration, 12, Clause::text(ctx.sentence(&t)));
        }
        _ => {}
    }
}
