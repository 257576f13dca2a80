//! Best-board prizes (台次奖, `board_prizes boards { from main by percentage min_games 5 ties
//! more_games, shared 1: 500 }`): the source is a team stage (E543), the boards named exist in
//! its matches (E544), the least number of games is stated (E545), as are the source, the measure
//! and the tie rule (E546), the least number is no more than the stage's rounds (E551), and the
//! tie rule ends in `shared` or `lots` and only there (E547). The
//! words of `by` and `ties` are closed sets (E111). The lines are checked as a prize table's
//! (`prizes`); an unknown source stage is E103, raised with the other references by `unknown`.

use xqreg_grammar::ast::{BoardPrizes, Format, Ident, Item, StageClause};

use super::words::{word, Position};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E543, &E544, &E545, &E546, &E547, &E551];

/// What ranks a board's players.
pub const MEASURE: Position = Position::new(
    "board prize measure",
    "台次奖排列依据",
    &["percentage", "points"],
);
/// The words of a board prize's `ties`: criteria, then the last word.
pub const TIES: Position = Position::new(
    "board prize tie rule",
    "台次奖同分处理",
    &[
        "more_games",
        "wins",
        "points",
        "percentage",
        "shared",
        "lots",
    ],
);
/// The words that end a `ties` list.
pub const LAST: &[&str] = &["shared", "lots"];

// The message catalogue of this module: compiler/messages/check/board_prizes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/board_prizes.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        if let Item::BoardPrizes(b) = item {
            table(ctx, b, diags);
        }
    }
}

/// The boards a match of stage `name` is played on; None when it is no team stage.
pub fn stage_boards(ctx: &Ctx<'_>, name: &str) -> Option<u32> {
    ctx.scope
        .stage_clauses(name)
        .iter()
        .find_map(|c| match c {
            StageClause::Format(Format::TeamRoundRobin { boards, .. }) => Some(Some(boards.node)),
            StageClause::Format(Format::Swiss { boards, .. }) => {
                Some(boards.as_ref().map(|b| b.node))
            }
            StageClause::Format(_) => Some(None),
            _ => None,
        })
        .flatten()
}

fn table(ctx: &Ctx<'_>, b: &BoardPrizes, diags: &mut Diagnostics) {
    let name = b.name.node.as_str();
    let missing = [
        ("from", "from main", b.from.is_none()),
        ("by", "by percentage", b.by.is_none()),
        ("ties", "ties more_games, shared", b.ties.is_none()),
    ];
    for (clause, example, absent) in missing {
        if absent {
            let args = [("name", name), ("clause", clause), ("example", example)];
            diags.push(MISSING.at(b.name.span, &args));
        }
    }
    if b.min_games.is_none() {
        diags.push(NO_MINIMUM.at(b.name.span, &[("name", name)]));
    }
    if let Some(by) = &b.by {
        word(diags, by, &MEASURE);
    }
    if let Some((words, span)) = &b.ties {
        ties(name, words, *span, diags);
    }
    let Some(from) = &b.from else { return };
    if !ctx.scope.stages.contains_key(from.node.as_str()) {
        return; // E103, by `unknown`
    }
    let Some(boards) = stage_boards(ctx, &from.node) else {
        let args = [("name", name), ("stage", from.node.as_str())];
        diags.push(NOT_TEAM.at(from.span, &args));
        return;
    };
    let rounds = ctx
        .facts
        .stages
        .get(from.node.as_str())
        .and_then(|f| f.rounds_at_most);
    if let (Some(min), Some(rounds)) = (&b.min_games, rounds) {
        if min.node > rounds {
            let (m, r) = (min.node.to_string(), rounds.to_string());
            let args = [
                ("name", name),
                ("min", m.as_str()),
                ("stage", from.node.as_str()),
                ("rounds", r.as_str()),
            ];
            diags.push(UNREACHABLE.at(min.span, &args));
        }
    }
    if let Some(r) = &b.boards {
        let bad = if r.start == 0 {
            Some(0)
        } else {
            (r.end > boards).then_some(r.end)
        };
        if let Some(board) = bad {
            let (board, n) = (board.to_string(), boards.to_string());
            let args = [
                ("name", name),
                ("board", board.as_str()),
                ("stage", from.node.as_str()),
                ("boards", n.as_str()),
            ];
            diags.push(OUT_OF_RANGE.at(r.span, &args));
        }
    }
}

/// E111 for a word outside the set, E547 for a list that does not end in `shared` or `lots` or
/// has one of them before its end.
fn ties(name: &str, words: &[Ident], span: xqreg_grammar::Span, diags: &mut Diagnostics) {
    let mut known = true;
    for w in words {
        known &= word(diags, w, &TIES);
    }
    if !known {
        return;
    }
    let last_ok = words
        .last()
        .is_some_and(|w| LAST.contains(&w.node.as_str()));
    let early = words
        .iter()
        .rev()
        .skip(1)
        .find(|w| LAST.contains(&w.node.as_str()));
    let (why, why_zh, at) = match (last_ok, early) {
        (_, Some(w)) => (
            format!("has `{}` before its end", w.node),
            format!("在末尾之前出现了 `{}`", w.node),
            w.span,
        ),
        (false, None) => (
            "does not end with `shared` or `lots`".to_string(),
            "没有以 `shared` 或 `lots` 结尾".to_string(),
            span,
        ),
        (true, None) => return,
    };
    let args = [
        ("name", name),
        ("why", why.as_str()),
        ("why_zh", why_zh.as_str()),
    ];
    diags.push(TIES_END.at(at, &args));
}
