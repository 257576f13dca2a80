//! Entry quotas (`quota per unit 3 men 2 women 1 except category champions`): the most entrants
//! one unit or federation may have. The runtime refuses a roster row over a quota (R032); here:
//! a quota of nobody (E614), a sex's share above the quota (E615), and a scope or a sex given
//! twice (E616). The sex words are E111 (`words`), the category E106 (`unknown`).

use std::collections::BTreeSet;

use super::entry::entry_clauses;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{self, EntryClause};

pub const CODES: &[&Code] = &[&E614, &E615, &E616];

// The message catalogue of this module: compiler/messages/check/quotas.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/quotas.rs"));

fn per_zh(per: &str) -> &'static str {
    if per == "federation" {
        "协会"
    } else {
        "单位"
    }
}

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    let mut scopes: BTreeSet<&str> = BTreeSet::new();
    for c in entry_clauses(file) {
        let EntryClause::Quota(q) = c else { continue };
        let per = q.per.node.as_str();
        let zh = per_zh(per);
        if !scopes.insert(per) {
            let what = format!("`quota per {per}`");
            diags.push(TWICE.at(q.per.span, &[("what", &what), ("what_zh", &what)]));
        }
        let total = q.total.node.to_string();
        if q.total.node == 0 {
            diags.push(NOBODY.at(q.total.span, &[("per", per), ("per_zh", zh)]));
        }
        let mut sexes: BTreeSet<&str> = BTreeSet::new();
        for (sex, share) in &q.by_sex {
            if !sexes.insert(sex.node.as_str()) {
                let what = format!("`{}`", sex.node);
                diags.push(TWICE.at(sex.span, &[("what", &what), ("what_zh", &what)]));
            } else if share.node > q.total.node {
                diags.push(OVER.at(
                    share.span,
                    &[
                        ("sex", &sex.node),
                        ("share", &share.node.to_string()),
                        ("total", &total),
                        ("per", per),
                        ("per_zh", zh),
                    ],
                ));
            }
        }
    }
}
