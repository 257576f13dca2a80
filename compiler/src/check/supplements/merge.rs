//! Merging an unnamed block of a supplement (entry, conduct, schedule, ...) into the base block:
//! its clauses are added, and one that says again what the base says is a conflict.

use xqreg_grammar::ast::{EntryClause, HeaderClause, Item};
use xqreg_grammar::Span;

use super::conflict;
use super::keys::{conduct_key, entry_clause_key, header_clause_key, REGISTRATION_ONCE};
use crate::diagnostics::Diagnostics;

/// Adds each `added` item to `base` unless a base item has its `key` (no key: never): that is
/// a conflict, a `what` with the item's `name`, pointing at the two items' `span`s.
fn merge_keyed<T: Clone, Q: PartialEq>(
    (base, added): (&mut Vec<T>, &[T]),
    (what, key, span, name): (
        &str,
        impl Fn(&T) -> Option<Q>,
        impl Fn(&T) -> Span,
        impl Fn(&T) -> String,
    ),
    diags: &mut Diagnostics,
) {
    for c in added {
        let k = key(c);
        let clash = k
            .as_ref()
            .and_then(|k| base.iter().find(|x| key(x).as_ref() == Some(k)));
        match clash {
            Some(x) => conflict(diags, what, &name(c), span(c), span(x)),
            None => base.push(c.clone()),
        }
    }
}

/// No name after the noun of a conflict (`entry clause`, `header clause`).
fn unnamed<T>(_: &T) -> String {
    String::new()
}

pub(super) fn merge(base: &mut Item, add: &Item, diags: &mut Diagnostics) {
    match (base, add) {
        (Item::Entry(b), Item::Entry(a)) => merge_keyed(
            (&mut b.clauses, &a.clauses),
            ("entry clause", entry_clause_key, EntryClause::span, unnamed),
            diags,
        ),
        (Item::Regulation(b), Item::Regulation(a)) => merge_keyed(
            (&mut b.clauses, &a.clauses),
            (
                "header clause",
                header_clause_key,
                HeaderClause::span,
                unnamed,
            ),
            diags,
        ),
        (Item::Conduct(b), Item::Conduct(a)) => merge_keyed(
            (&mut b.rules, &a.rules),
            (
                "conduct rule",
                conduct_key,
                |r| r.span,
                |r| format!(" {}", r.kind.node),
            ),
            diags,
        ),
        (Item::Schedule(b), Item::Schedule(a)) => {
            if let (Some(t), false) = (&b.tbd, a.days.is_empty()) {
                // Publishing the days of a schedule that was to be announced replaces it.
                let here = a.days.first().map_or(a.span, |d| d.date.span);
                conflict(diags, "schedule", "", here, t.span);
                return;
            }
            merge_keyed(
                (&mut b.days, &a.days),
                (
                    "day",
                    |d| Some(d.date.node),
                    |d| d.date.span,
                    |d| format!(" {}", d.date.node),
                ),
                diags,
            );
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
