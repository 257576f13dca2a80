//! Scoring and time controls (each time control says which stages use it), and how a
//! reference to places of a stage reads (`小组赛各组第1名`).

use super::context::WordTable;
use super::entry::cell;
use super::words;
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Clause, Row, Table};
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    GroupSel, Ident, PlaceRef, PlayoffRef, Scoring, Spanned, StageClause, TimeClause, TimeControl,
};

/// `小组赛各组第1名`, `A组第1名`, `积分编排第1至8名` / `1st of each group (Group stage)`.
pub fn place_ref(ctx: &mut Ctx<'_>, r: &PlaceRef) -> String {
    ctx.mark(r.span);
    ctx.mark(r.stage.span);
    ctx.mark(r.places.span);
    let places = fmt::stage_places(ctx.lang, r.places);
    let stage = ctx.stage_title(&r.stage.node);
    match &r.group {
        GroupSel::None => ctx.mf(M::RefStage, &[&stage, &places]),
        GroupSel::All => ctx.mf(M::RefEachGroup, &[&stage, &places]),
        GroupSel::Named(g) => {
            ctx.mark(g.span);
            let g = ctx.group_label(&g.node);
            ctx.mf(M::RefGroup, &[&g, &places])
        }
    }
}

pub fn scoring(ctx: &mut Ctx<'_>, s: &Scoring) {
    let mut text = points(ctx, words::score_key, &s.points);
    if let Some(m) = &s.matches {
        let mp = points(ctx, words::match_key, m);
        let line = ctx.mf(M::MatchPoints, &[&mp]);
        text = fmt::join_clauses(ctx.lang, &[text, line]);
    }
    let mut heading = ctx.m(M::ClauseScoring).to_string();
    if let Some(n) = &s.name {
        ctx.mark(n.span);
        // Which stages use this named scoring.
        let users = stages_using(
            ctx,
            |c| matches!(c, StageClause::Scoring(_)),
            |c| matches!(c, StageClause::Scoring(i) if i.node == n.node),
        );
        let who = if users.is_empty() {
            n.node.clone()
        } else {
            fmt::join_titles(ctx.lang, &users)
        };
        heading = ctx.mf(M::HeadingFor, &[&heading, &who]);
    }
    ctx.push(
        Art::Method,
        order::SCORING,
        Clause::headed(heading, ctx.sentence(&text)),
    );
}

/// Titles of the stages that play by a clause matching `f`, marking those clauses: the stages
/// that write it, and those that copy it (`same_as`) with no clause of that `kind` of their own.
pub(super) fn stages_using(
    ctx: &mut Ctx<'_>,
    kind: impl Fn(&StageClause) -> bool,
    f: impl Fn(&StageClause) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut marks = Vec::new();
    for name in ctx.names.stage_order.clone() {
        let Some(owner) = ctx.clause_owner(name, &kind) else {
            continue;
        };
        for c in owner.clauses.iter().filter(|c| f(c)) {
            marks.push(stage_clause_span(c));
            let t = ctx.stage_title(name);
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    for s in marks.into_iter().flatten() {
        ctx.mark(s);
    }
    out
}

fn stage_clause_span(c: &StageClause) -> Option<xqreg_grammar::ast::Span> {
    match c {
        StageClause::Time(i) | StageClause::Scoring(i) | StageClause::SameAs(i) => Some(i.span),
        StageClause::Playoff(PlayoffRef::Named(i)) => Some(i.span),
        _ => None,
    }
}

/// One time control: `慢棋（小组赛、决赛）：每方基本用时20分钟，每走一步加20秒，超时判负。`
pub fn time_control(ctx: &mut Ctx<'_>, t: &TimeControl) {
    ctx.mark(t.name.span);
    let title = match &t.title {
        Some(x) => ctx.tm(x),
        None => ctx.time_title(&t.name.node),
    };
    let text = time_text(ctx, t);
    let name = t.name.node.clone();
    // Playoff controls are named by the playoff clause; the heading lists only stages.
    let users = stages_using(
        ctx,
        |c| matches!(c, StageClause::Time(_)),
        |c| matches!(c, StageClause::Time(i) if i.node == name),
    );
    let heading = if users.is_empty() {
        title
    } else {
        ctx.mf(
            M::HeadingFor,
            &[&title, &fmt::join_titles(ctx.lang, &users)],
        )
    };
    ctx.push_in(
        Art::Method,
        order::TIME,
        M::ClauseTime,
        Clause::headed(heading, text),
    );
}

/// `win 2 draw 1 loss 0`: each result (its key's words by `table`) with its points.
fn points(ctx: &mut Ctx<'_>, table: WordTable, points: &[(Ident, Spanned<i64>)]) -> String {
    let parts: Vec<String> = points
        .iter()
        .map(|(k, v)| {
            let what = ctx.word(table, k);
            ctx.mark(v.span);
            ctx.mf(M::ScorePoints, &[&what, &fmt::signed(v.node)])
        })
        .collect();
    fmt::join(ctx.lang, &parts)
}

/// The sentence of a time control, marking its clauses.
pub fn time_text(ctx: &mut Ctx<'_>, t: &TimeControl) -> String {
    let lang = ctx.lang;
    let mut base = None;
    let mut red = None;
    let mut black = None;
    let mut inc = None;
    let mut sudden = false;
    let mut flag = false;
    let mut draw_to = None;
    let mut moves = Vec::new();
    for c in &t.clauses {
        match c {
            TimeClause::Base(d) => {
                ctx.mark(d.span);
                base = Some(fmt::duration(lang, d.node));
            }
            TimeClause::Red(d) => {
                ctx.mark(d.span);
                red = Some(fmt::duration(lang, d.node));
            }
            TimeClause::Black(d) => {
                ctx.mark(d.span);
                black = Some(fmt::duration(lang, d.node));
            }
            TimeClause::Increment(d) => {
                ctx.mark(d.span);
                if d.node.seconds == 0 {
                    sudden = true;
                } else {
                    inc = Some(fmt::duration(lang, d.node));
                }
            }
            TimeClause::SuddenDeath(s) => {
                ctx.mark(*s);
                sudden = true;
            }
            TimeClause::FlagLoses(s) => {
                ctx.mark(*s);
                flag = true;
            }
            TimeClause::DrawGoesTo(side) => {
                draw_to = Some(ctx.word(words::side, side));
            }
            TimeClause::Moves {
                moves: n,
                then,
                span,
            } => {
                ctx.mark(*span);
                moves.push(ctx.mf(
                    M::TimeMoves,
                    &[&n.node.to_string(), &fmt::duration(lang, then.node)],
                ));
            }
        }
    }
    let mut parts = Vec::new();
    let sudden_word = if sudden && inc.is_none() {
        ctx.m(M::SuddenDeath)
    } else {
        ""
    };
    match (&base, &red, &black) {
        (Some(b), None, None) => parts.push(ctx.mf(M::TimeBase, &[b, sudden_word])),
        (_, r, bl) => {
            if let Some(b) = &base {
                parts.push(ctx.mf(M::TimeBase, &[b, ""]));
            }
            let mut sides = Vec::new();
            if let Some(r) = r {
                sides.push(ctx.mf(M::TimeRed, &[r]));
            }
            if let Some(b) = bl {
                sides.push(ctx.mf(M::TimeBlack, &[b]));
            }
            if !sides.is_empty() {
                let sep = if lang == Lang::Zh { "，" } else { ", " };
                let joined = sides.join(sep);
                let key = if sudden_word.is_empty() {
                    M::TimeSides
                } else {
                    M::TimeSidesSudden
                };
                parts.push(ctx.mf(key, &[&joined]));
            }
        }
    }
    let inc = inc.map(|i| ctx.mf(M::TimeIncrement, &[&i]));
    let mut rules = Vec::new();
    if flag {
        rules.push(ctx.m(M::FlagLoses).to_string());
    }
    if let Some(side) = draw_to {
        rules.push(ctx.mf(M::DrawGoesTo, &[&side]));
    }
    let text = match lang {
        Lang::Zh => {
            parts.extend(inc);
            parts.extend(moves);
            parts.extend(rules);
            parts.join("，")
        }
        // `15 minutes per side plus 10 seconds per move; a flag fall loses`: the increment
        // belongs to the time, the rules are clauses of their own.
        Lang::En => {
            let mut time = parts.join(", ");
            if let Some(i) = inc {
                time = if time.is_empty() {
                    i
                } else {
                    format!("{time} {i}")
                };
            }
            let time = std::iter::once(time).chain(moves).collect::<Vec<_>>();
            std::iter::once(time.join(", "))
                .chain(rules)
                .collect::<Vec<_>>()
                .join("; ")
        }
    };
    ctx.sentence(&text)
}

/// A table of every time control (name, bases, increment, flag, draw odds).
pub fn time_table(ctx: &Ctx<'_>) -> Option<Table> {
    if ctx.names.times.len() < 2 {
        return None;
    }
    let lang = ctx.lang;
    let head = vec![
        ctx.m(M::ColTimeName).to_string(),
        ctx.m(M::ColBase).to_string(),
        ctx.m(M::ColIncrement).to_string(),
        ctx.m(M::ColDrawOdds).to_string(),
    ];
    let mut rows = Vec::new();
    let mut times: Vec<_> = ctx.names.times.values().copied().collect();
    times.sort_by_key(|t| t.span.start);
    for t in times {
        let title = match &t.title {
            Some(x) => ctx.t(x),
            None => ctx.time_title(&t.name.node),
        };
        let mut base = String::new();
        let mut red = None;
        let mut black = None;
        let mut inc = ctx.m(M::NoIncrement).to_string();
        let mut odds = "—".to_string();
        for c in &t.clauses {
            match c {
                TimeClause::Base(d) => base = fmt::duration(lang, d.node),
                TimeClause::Red(d) => red = Some(fmt::duration(lang, d.node)),
                TimeClause::Black(d) => black = Some(fmt::duration(lang, d.node)),
                TimeClause::Increment(d) if d.node.seconds > 0 => inc = fmt::duration(lang, d.node),
                TimeClause::DrawGoesTo(s) => odds = ctx.in_words(words::side, &s.node),
                _ => {}
            }
        }
        if red.is_some() || black.is_some() {
            let mut sides = Vec::new();
            if let Some(r) = red {
                sides.push(ctx.mf(M::TimeRed, &[&r]));
            }
            if let Some(b) = black {
                sides.push(ctx.mf(M::TimeBlack, &[&b]));
            }
            base = fmt::join(lang, &sides);
        }
        rows.push(Row {
            cells: vec![cell(title), cell(base), cell(inc), cell(odds)],
        });
    }
    Some(Table {
        caption: ctx.m(M::ClauseTime).to_string(),
        head,
        rows,
        foot: None,
        numeric: Vec::new(),
    })
}
