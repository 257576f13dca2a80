//! `host_player N when_odd` (东道主补位): the host's players fill an odd field. They make it even
//! only when N is odd (E623); two `when_odd` pools would each count the other (E624).

use super::entry::entry_clauses;
use super::names::code;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{self, EntryClause, PoolSource};
use xqreg_grammar::Span;

code!(E623, "E623", "host-when-odd-even-count", Error,
    Template::new("`host_player N when_odd` lets the host's players play only when the field without them is odd, so that they make it even; an even N added to an odd field leaves it odd.",
        "`host_player N when_odd` 表示仅当不含东道主的参赛人数为单数时东道主棋手才参赛，以补成双数；双数个东道主棋手加入单数的参赛人数后仍是单数。"),
    "entry { pool host 2 { host_player 2 when_odd } }",
    Template::new("Write an odd number of host players (`host_player 1 when_odd`), or drop `when_odd`.",
        "把东道主人数写成单数（如 `host_player 1 when_odd`），或删去 `when_odd`。"));

code!(E624, "E624", "host-when-odd-twice", Error,
    Template::new("At most one pool fills an odd field (`host_player N when_odd`): with two, each would count the other's players in the field it tests.",
        "至多一个名额来源可以补位（`host_player N when_odd`）：若有两个，每个都会把另一个的棋手计入其判断的参赛人数。"),
    "entry { pool a { host_player 1 when_odd }  pool b { host_player 1 when_odd } }",
    Template::new("Keep `when_odd` in one pool.", "只在一个名额来源中保留 `when_odd`。"));

pub const CODES: &[&Code] = &[&E623, &E624];

// The message catalogue of this module: compiler/messages/check/host.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/host.rs"));

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    let mut first: Option<Span> = None;
    for c in entry_clauses(file) {
        let EntryClause::Pool(p) = c else { continue };
        for s in &p.source {
            let PoolSource::Host {
                count,
                when_odd: Some(w),
                ..
            } = s
            else {
                continue;
            };
            if count.node.is_multiple_of(2) {
                diags.push(EVEN.at(count.span, &[("n", &count.node.to_string())]));
            }
            match first {
                Some(at) => diags.push(TWICE.at(*w, &[]).with_label(at, FIRST.plain())),
                None => first = Some(*w),
            }
        }
    }
}
