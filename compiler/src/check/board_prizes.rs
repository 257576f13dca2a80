//! Best-board prizes (台次奖, `board_prizes boards { from main by percentage min_games 5 ties
//! more_games, shared 1: 500 }`): the source is a team stage (E543), the boards named exist in
//! its matches (E544), the least number of games is stated (E545), as are the source, the measure
//! and the tie rule (E546), and the tie rule ends in `shared` or `lots` and only there (E547). The
//! words of `by` and `ties` are closed sets (E111). The lines are checked as a prize table's
//! (`prizes`); an unknown source stage is E103, raised with the other references by `unknown`.

use xqreg_grammar::ast::{BoardPrizes, Format, Ident, Item, StageClause};

use super::names::code;
use super::words::{word, Position};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E543, "E543", "board-prizes-not-team-stage", Error,
    Template::new("Best-board prizes rank the players of each board of a team match, so their `from` stage must be a team stage: a `team_round_robin` or a team Swiss (`swiss cxa rounds 7 boards 4`). An individual stage has no boards to rank.",
        "台次奖按团体赛各台的成绩排列棋手，`from` 的阶段须为团体赛阶段：`team_round_robin` 或团体积分编排（`swiss cxa rounds 7 boards 4`）。个人赛阶段没有台次可排。"),
    "stage main { swiss cxa rounds 7 }\nboard_prizes boards { from main by percentage min_games 5 ties shared 1: 500 }",
    Template::new("Name the team stage in `from`, or use a `prizes` table for an individual stage.",
        "`from` 改为团体赛阶段；个人赛阶段请用 `prizes` 奖励表。"));

code!(E544, "E544", "board-prizes-board-out-of-range", Error,
    Template::new("`boards A..B` names the boards that have prizes; boards are numbered from 1 to the boards of the stage's matches, so a board 0 or beyond them is never played.",
        "`boards A..B` 指明设奖的台次；台次从第1台编号到该阶段每场的台数，第0台或超出台数的台次不存在。"),
    "stage main { team_round_robin single boards 4 }\nboard_prizes boards { from main boards 1..6 by percentage min_games 5 ties shared 1: 500 }",
    Template::new("Name boards within the stage's matches (`boards 1..4`), or leave the clause out for every board.",
        "写明该阶段存在的台次（`boards 1..4`），或删去此子句表示各台均设奖。"));

code!(E545, "E545", "board-prizes-without-min-games", Error,
    Template::new("A best-board prize compares players who played different numbers of games on the board, so regulations state the fewest games a player must have played there to be ranked (上场局数须达到…). Without `min_games N` a reserve with one win would take the prize.",
        "台次奖比较的棋手在该台的上场局数各不相同，规程须写明参评的最少局数（上场局数须达到……）。没有 `min_games N`，只上场一局并获胜的替补也会获奖。"),
    "board_prizes boards { from main by percentage ties shared 1: 500 }",
    Template::new("Write the regulation's minimum: `min_games 5`.", "按规程写明最少局数：`min_games 5`。"));

code!(E546, "E546", "board-prizes-clause-missing", Error,
    Template::new("Best-board prizes need their team stage (`from STAGE`), what ranks a board's players (`by percentage` or `by points`) and what decides equal results (`ties more_games, shared`), as the regulation states them.",
        "台次奖须写明依据的团体赛阶段（`from STAGE`）、排列依据（`by percentage` 得分率或 `by points` 得分）以及成绩相同时的处理（`ties more_games, shared`），以规程原文为准。"),
    "board_prizes boards { from main min_games 5 ties shared 1: 500 }",
    Template::new("Add the missing clause.", "补上缺少的子句。"));

code!(E547, "E547", "board-prizes-ties-end", Error,
    Template::new("`ties` lists the criteria for equal results on a board (`more_games`, `wins`, `points`, `percentage`) and ends with what happens when they are still equal: `shared` (they share the place and its money) or `lots`. That last word comes once, at the end.",
        "`ties` 依次列出同一台成绩相同时的比较项（`more_games` 上场局数多者、`wins` 胜局多者、`points`、`percentage`），最后写仍相同时的处理：`shared`（名次并列、奖金均分）或 `lots`（抽签）。该词只能出现一次且在最后。"),
    "board_prizes boards { from main by percentage min_games 5 ties more_games 1: 500 }",
    Template::new("End the list with `shared` or `lots`: `ties more_games, shared`.",
        "以 `shared` 或 `lots` 结尾：`ties more_games, shared`。"));

pub const CODES: &[&Code] = &[&E543, &E544, &E545, &E546, &E547];

/// What ranks a board's players.
pub const MEASURE: Position = Position {
    what: ("board prize measure", "台次奖排列依据"),
    allowed: &["percentage", "points"],
};
/// The words of a board prize's `ties`: criteria, then the last word.
pub const TIES: Position = Position {
    what: ("board prize tie rule", "台次奖同分处理"),
    allowed: &[
        "more_games",
        "wins",
        "points",
        "percentage",
        "shared",
        "lots",
    ],
};
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
