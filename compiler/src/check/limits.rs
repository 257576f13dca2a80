//! Values the runtime cannot run are refused by the checker, at their place: a number beyond
//! the runtime's bounds (`xqreg_runtime::engine::limits`, E515), a Swiss of no rounds (E516), a
//! field of no or one player (E517). `check` never accepts what `simulate` refuses.

use xqreg_grammar::ast::{
    EntryClause, Format, Item, KnockoutClause, ParamValue, PlayoffRef, PlayoffStep, Spanned,
    StageClause, SwissRounds,
};
use xqreg_grammar::Span;
use xqreg_runtime::engine::limits;

use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E514, &E515, &E516, &E517];

// The message catalogue of this module: compiler/messages/check/limits.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/limits.rs"));

fn beyond(diags: &mut Diagnostics, span: Span, what: (&str, &str), value: &str, max: &str) {
    diags.push(BEYOND.at(
        span,
        &[
            ("what", what.0),
            ("what_zh", what.1),
            ("value", value),
            ("max", max),
        ],
    ));
}

fn count(diags: &mut Diagnostics, span: Span, what: (&str, &str), value: u32, max: u32) {
    if value > max {
        beyond(diags, span, what, &value.to_string(), &max.to_string());
    }
}

/// E515 for a score beyond the runtime's bound, either side of zero.
fn points(diags: &mut Diagnostics, v: &Spanned<i64>, what: (&str, &str)) {
    if v.node.unsigned_abs() > limits::POINTS.unsigned_abs() {
        beyond(
            diags,
            v.span,
            what,
            &v.node.to_string(),
            &limits::POINTS.to_string(),
        );
    }
}

const GAMES: (&str, &str) = ("the number of games", "每场局数");

fn playoff_steps(steps: &[PlayoffStep], diags: &mut Diagnostics) {
    for step in steps {
        if let PlayoffStep::Game { games: Some(g), .. } = step {
            count(diags, g.span, GAMES, g.node, limits::GAMES);
        }
    }
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Prizes(p) => {
                for m in p.lines.iter().filter_map(|l| l.money.as_ref()) {
                    if m.amount.node > limits::MONEY {
                        let (v, max) = (m.amount.node.to_string(), limits::MONEY.to_string());
                        beyond(diags, m.amount.span, ("the prize", "奖金"), &v, &max);
                    }
                }
            }
            Item::Scoring(s) => {
                let all = s.points.iter().chain(s.matches.iter().flatten());
                for (_, v) in all {
                    points(diags, v, ("the score", "分值"));
                }
            }
            Item::Playoff(c) => playoff_steps(&c.steps, diags),
            Item::Entry(e) => {
                for c in &e.clauses {
                    let (n, span) = match c {
                        EntryClause::Field(n) => (n, n.span),
                        EntryClause::AssumeField { size, .. } => (size, size.span),
                        EntryClause::Cap { max, .. } => {
                            count(
                                diags,
                                max.span,
                                ("the cap", "人数上限"),
                                max.node,
                                limits::PLAYERS,
                            );
                            continue;
                        }
                        _ => continue,
                    };
                    if n.node < 2 {
                        diags.push(SMALL.at(span, &[("n", &n.node.to_string())]));
                    }
                    count(
                        diags,
                        span,
                        ("the field", "参赛人数"),
                        n.node,
                        limits::PLAYERS,
                    );
                }
            }
            Item::Stage(st) => {
                for c in &st.clauses {
                    match c {
                        StageClause::Format(f) => format(&st.name.node, f, diags),
                        StageClause::Playoff(PlayoffRef::Inline(chain)) => {
                            playoff_steps(&chain.steps, diags)
                        }
                        // The bye's points are scores like any other (issue 8 item 5).
                        StageClause::Bye { params, .. } => {
                            for p in params.iter().filter(|p| p.key.node == "points") {
                                if let ParamValue::Int(v) = &p.value {
                                    points(diags, v, ("the bye's points", "轮空得分"));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

fn format(stage: &str, f: &Format, diags: &mut Diagnostics) {
    match f {
        Format::Swiss { rounds, .. } => {
            let all: Vec<_> = match rounds {
                SwissRounds::Fixed(r) => vec![r],
                // A round-robin row without a largest field is E223 (`entries_table`).
                SwissRounds::ByEntries(arms) => arms
                    .iter()
                    .filter(|a| a.round_robin.is_none())
                    .map(|a| &a.rounds)
                    .collect(),
                SwissRounds::Tbd(_) => Vec::new(),
            };
            for r in all {
                if r.node == 0 {
                    diags.push(NO_ROUNDS.at(r.span, &[("stage", stage)]));
                }
                count(
                    diags,
                    r.span,
                    ("the number of rounds", "积分编排轮数"),
                    r.node,
                    limits::ROUNDS,
                );
            }
        }
        Format::Knockout(ko) => {
            for c in &ko.clauses {
                match c {
                    KnockoutClause::Games(g) => count(diags, g.span, GAMES, g.node, limits::GAMES),
                    KnockoutClause::Seeded { size, .. } => count(
                        diags,
                        size.span,
                        ("the bracket size", "签表人数"),
                        size.node,
                        limits::BRACKET,
                    ),
                    _ => {}
                }
            }
        }
        Format::TeamRoundRobin { boards, .. } => count(
            diags,
            boards.span,
            ("the number of boards", "台数"),
            boards.node,
            limits::GAMES,
        ),
        _ => {}
    }
}
