//! Entry quotas (`quota per unit 3 men 2 women 1 except category champions`): the most entrants
//! one unit or federation may have. The runtime refuses a roster row over a quota (R032); here:
//! a quota of nobody (E614), a sex's share above the quota (E615), and a scope or a sex given
//! twice (E616). The sex words are E111 (`words`), the category E106 (`unknown`).

use std::collections::BTreeSet;

use super::entry::entry_clauses;
use super::names::code;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{self, EntryClause};

code!(E614, "E614", "quota-of-nobody", Error,
    Template::new("`quota per unit N` is the most entrants one unit may have; a quota of 0 would bar every unit. A sex's share may be 0 (`women 0`), the whole quota may not.",
        "`quota per unit N` 是每个单位最多可报的人数；名额为 0 等于不许任何单位报名。某一性别的名额可以为 0（`women 0`），总名额不可以。"),
    "entry { quota per unit 0 }",
    Template::new("Write the most entrants a unit may have (`quota per unit 3`), or delete the clause.",
        "写出每个单位最多可报的人数（如 `quota per unit 3`），或删去此条。"));

code!(E615, "E615", "quota-share-over-total", Error,
    Template::new("A sex's share of a quota (`men 2`) is at most the quota itself: a unit that may enter 3 players cannot enter 4 men.",
        "某一性别的名额（如 `men 2`）不能超过总名额：每单位限报 3 人时不可能报 4 名男子。"),
    "entry { quota per unit 3 men 4 }",
    Template::new("Lower the share to the quota or below, or raise the quota.", "把该性别的名额降到总名额以内，或提高总名额。"));

code!(E616, "E616", "quota-twice", Error,
    Template::new("Each quota is stated once: one `quota per unit` and one `quota per federation` at most, each sex once in it. Two would say two things for the same unit.",
        "每种名额只写一次：`quota per unit` 与 `quota per federation` 各至多一条，其中每一性别只写一次。写两次等于对同一单位作出两种规定。"),
    "entry { quota per unit 3  quota per unit 2 }",
    Template::new("Keep one of the two (a supplement changes a quota with `replace`).", "保留其中一条（补充细则用 `replace` 修改名额）。"));

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
