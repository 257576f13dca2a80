//! Merging an unnamed block of a supplement (entry, conduct, schedule, ...) into the base block:
//! its clauses are added, and one that says again what the base says is a conflict.

use xqreg_grammar::ast::Item;

use super::conflict;
use super::keys::{conduct_key, entry_clause_key, header_clause_key, REGISTRATION_ONCE};
use crate::diagnostics::Diagnostics;

pub(super) fn merge(base: &mut Item, add: &Item, diags: &mut Diagnostics) {
    match (base, add) {
        (Item::Entry(b), Item::Entry(a)) => {
            for c in &a.clauses {
                let k = entry_clause_key(c);
                let clash = k.as_ref().and_then(|k| {
                    b.clauses
                        .iter()
                        .find(|x| entry_clause_key(x).as_ref() == Some(k))
                });
                match clash {
                    Some(x) => conflict(diags, "entry clause", "", c.span(), x.span()),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Regulation(b), Item::Regulation(a)) => {
            for c in &a.clauses {
                let k = header_clause_key(c);
                let clash =
                    k.and_then(|k| b.clauses.iter().find(|x| header_clause_key(x) == Some(k)));
                match clash {
                    Some(x) => conflict(diags, "header clause", "", c.span(), x.span()),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Conduct(b), Item::Conduct(a)) => {
            for r in &a.rules {
                let k = conduct_key(r);
                let clash = k
                    .as_ref()
                    .and_then(|k| b.rules.iter().find(|x| conduct_key(x).as_ref() == Some(k)));
                match clash {
                    Some(x) => conflict(
                        diags,
                        "conduct rule",
                        &format!(" {}", r.kind.node),
                        r.span,
                        x.span,
                    ),
                    None => b.rules.push(r.clone()),
                }
            }
        }
        (Item::Schedule(b), Item::Schedule(a)) => {
            if let (Some(t), false) = (&b.tbd, a.days.is_empty()) {
                // Publishing the days of a schedule that was to be announced replaces it.
                let here = a.days.first().map_or(a.span, |d| d.date.span);
                conflict(diags, "schedule", "", here, t.span);
                return;
            }
            for d in &a.days {
                match b.days.iter().find(|x| x.date.node == d.date.node) {
                    Some(x) => conflict(
                        diags,
                        "day",
                        &format!(" {}", d.date.node),
                        d.date.span,
                        x.date.span,
                    ),
                    None => b.days.push(d.clone()),
                }
            }
            if let Some(t) = &a.tbd {
                match &b.tbd {
                    Some(x) => conflict(diags, "schedule", "", t.span, x.span),
                    None => b.tbd = Some(t.clone()),
                }
            }
        }
        (Item::Registration(b), Item::Registration(a)) => {
            for c in &a.clauses {
                let once = REGISTRATION_ONCE.contains(&c.kind.node.as_str());
                match b
                    .clauses
                    .iter()
                    .find(|x| once && x.kind.node == c.kind.node)
                {
                    Some(x) => conflict(
                        diags,
                        "registration clause",
                        &format!(" {}", c.kind.node),
                        c.span,
                        x.span,
                    ),
                    None => b.clauses.push(c.clone()),
                }
            }
        }
        (Item::Expenses(b), Item::Expenses(a)) => b.clauses.extend(a.clauses.iter().cloned()),
        (Item::Organisers(b), Item::Organisers(a)) => b.roles.extend(a.roles.iter().cloned()),
        (Item::Contacts(b), Item::Contacts(a)) => b.contacts.extend(a.contacts.iter().cloned()),
        // Keys match only for items of the same kind.
        _ => {}
    }
}
