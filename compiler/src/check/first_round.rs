//! The first-round clause of a Swiss: `first_board` says which half has Red on board 1 of the
//! split-half (拦腰) first round; with `first_round adjacent` the pairing numbers fix the
//! colours (1-2, 4-3, 5-6 ...: the number written first has Red), so a `first_board` there would
//! be printed and never run: refused (E412).

use xqreg_grammar::ast::StageClause;

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E412, "E412", "first-board-without-split-half", Error,
    Template::new("`first_board upper|lower|lot` says which half of the field has Red on board 1 of a split-half (拦腰) first round. With `first_round adjacent` the numbers fix the colours (1-2, 4-3, 5-6 ...: the number written first has Red), so there is no half to choose.",
        "`first_board upper|lower|lot` 规定拦腰编排首轮第一台由哪一半区的棋手执红。`first_round adjacent` 的先后手由代号决定（1-2、4-3、5-6……，写在前面的代号执红），没有半区可选。"),
    "stage main { swiss cxa rounds 7  first_round adjacent first_board lower }",
    Template::new("Delete `first_board ...`, or pair the first round by halves (`first_round split_half`).",
        "删去 `first_board ...`，或改为拦腰编排（`first_round split_half`）。"));

pub const CODES: &[&Code] = &[&E412];

// The message catalogue of this module: compiler/messages/check/first_round.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/first_round.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
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
}
