//! The first-round clause of a Swiss: `first_board` says which half has Red on board 1 of the
//! split-half (拦腰) first round; with `first_round adjacent` the pairing numbers fix the
//! colours (1-2, 4-3, 5-6 ...: the number written first has Red), so a `first_board` there would
//! be printed and never run: refused (E412).

use xqreg_grammar::ast::StageClause;

use super::stages::stage_clauses;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E412];

// The message catalogue of this module: compiler/messages/check/first_round.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/first_round.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let StageClause::FirstRound {
            method,
            first_board: Some(board),
            ..
        } = c
        else {
            continue;
        };
        if method.node == "adjacent" {
            diags.push(FIRST_BOARD.at(
                board.span,
                &[("board", &board.node), ("stage", &st.name.node)],
            ));
        }
    }
}
