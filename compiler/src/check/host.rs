//! `host_player N when_odd` (东道主补位): the host's players fill an odd field. They make it even
//! only when N is odd (E623); two `when_odd` pools would each count the other (E624).

use super::entry::entry_clauses;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{self, EntryClause, PoolSource};
use xqreg_grammar::Span;

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
