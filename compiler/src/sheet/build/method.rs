//! The competition method: stages (format, entrants, draws, numbers, first round, colours,
//! avoidance, byes, score sheets), scoring, time controls, and the ranking clause that gathers
//! the places each stage decides, declared places, tie-break chains and playoff chains.

use super::entry::cell;
use super::words;
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Clause, Row, Table};
use crate::sheet::Lang;
use xqreg_grammar::ast::{
    BracketSlot, Criterion, Draw, DrawRule, EntrantSource, Format, GroupSel, Knockout,
    KnockoutClause, Numbers, Param, ParamValue, PlaceRef, PlacesDecl, PlacesRule, PlayoffChain,
    PlayoffRef, PlayoffStep, Scoring, SeedTier, Stage, StageClause, SwissRounds, TiebreakChain,
    TimeClause, TimeControl,
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
    let mut parts = Vec::new();
    for (k, v) in &s.points {
        ctx.mark(k.span);
        ctx.mark(v.span);
        let what = words::score_key(ctx.lang, &k.node)
            .unwrap_or(&k.node)
            .to_string();
        parts.push(ctx.mf(M::ScorePoints, &[&what, &fmt::signed(v.node)]));
    }
    let mut text = fmt::join(ctx.lang, &parts);
    if let Some(m) = &s.matches {
        let mut mp = Vec::new();
        for (k, v) in m {
            ctx.mark(k.span);
            ctx.mark(v.span);
            let what = words::match_key(ctx.lang, &k.node)
                .unwrap_or(&k.node)
                .to_string();
            mp.push(ctx.mf(M::ScorePoints, &[&what, &fmt::signed(v.node)]));
        }
        let line = ctx.mf(M::MatchPoints, &[&fmt::join(ctx.lang, &mp)]);
        text = fmt::join_clauses(ctx.lang, &[text, line]);
    }
    let mut heading = ctx.m(M::ClauseScoring).to_string();
    if let Some(n) = &s.name {
        ctx.mark(n.span);
        // Which stages use this named scoring.
        let users = stages_using(
            ctx,
            |c| matches!(c, StageClause::Scoring(i) if i.node == n.node),
        );
        let who = if users.is_empty() {
            n.node.clone()
        } else {
            fmt::join(ctx.lang, &users)
        };
        heading = ctx.mf(M::HeadingFor, &[&heading, &who]);
    }
    ctx.push(
        Art::Method,
        order::SCORING,
        Clause::headed(heading, ctx.sentence(&text)),
    );
}

/// Titles of the stages that have a clause matching `f`, marking those clauses.
fn stages_using(ctx: &mut Ctx<'_>, f: impl Fn(&StageClause) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut marks = Vec::new();
    for name in ctx.names.stage_order.clone() {
        if let Some(stage) = ctx.names.stages.get(name) {
            for c in &stage.clauses {
                if f(c) {
                    marks.push(stage_clause_span(c));
                    let t = ctx.stage_title(name);
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
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
    let users = stages_using(ctx, |c| matches!(c, StageClause::Time(i) if i.node == name));
    let heading = if users.is_empty() {
        title
    } else {
        ctx.mf(M::HeadingFor, &[&title, &fmt::join(ctx.lang, &users)])
    };
    ctx.push_in(
        Art::Method,
        order::TIME,
        M::ClauseTime,
        Clause::headed(heading, text),
    );
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
                ctx.mark(side.span);
                draw_to = Some(
                    words::side(lang, &side.node)
                        .unwrap_or(&side.node)
                        .to_string(),
                );
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
    if let Some(i) = inc {
        parts.push(ctx.mf(M::TimeIncrement, &[&i]));
    }
    parts.extend(moves);
    if flag {
        parts.push(ctx.m(M::FlagLoses).to_string());
    }
    if let Some(side) = draw_to {
        parts.push(ctx.mf(M::DrawGoesTo, &[&side]));
    }
    let sep = match lang {
        Lang::Zh => "，",
        Lang::En => ", ",
    };
    ctx.sentence(&parts.join(sep))
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
                TimeClause::DrawGoesTo(s) => {
                    odds = words::side(lang, &s.node).unwrap_or(&s.node).to_string()
                }
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

pub fn stage(ctx: &mut Ctx<'_>, s: &Stage) {
    ctx.mark(s.name.span);
    let title = match &s.title {
        Some(t) => ctx.tm(t),
        None => s.name.node.clone(),
    };
    let mut sentences: Vec<String> = Vec::new();
    let mut entrants_text: Option<String> = None;
    let mut format_at: Option<usize> = None;
    let places = s.clauses.iter().find_map(|c| match c {
        StageClause::Places(r) => Some(*r),
        _ => None,
    });
    let mut items: Vec<Clause> = Vec::new();
    let mut ranking: Vec<Clause> = Vec::new();
    let mut draw_intro = false;
    let mut same_as: Option<String> = None;
    for c in &s.clauses {
        match c {
            StageClause::Format(f) => {
                format_at = Some(sentences.len());
                sentences.push(format_text(ctx, f, places));
            }
            StageClause::Entrants { sources, span } => {
                ctx.mark(*span);
                let list: Vec<String> = sources.iter().map(|e| entrant(ctx, e)).collect();
                // `entrants roster` says what a first stage means anyway: no sentence for it.
                let only_roster = matches!(sources.as_slice(), [EntrantSource::Roster(_)]);
                // `entrants category open_all` in the stage 公开组 says nothing new either.
                let joined = fmt::join(ctx.lang, &list);
                if !only_roster && joined != title {
                    entrants_text = Some(joined);
                }
            }
            StageClause::Time(_) | StageClause::Scoring(_) => {
                // Said by the time control and scoring clauses, which list the stages using them.
            }
            StageClause::Draw(d) => {
                items.extend(draw(ctx, d));
                draw_intro = true;
            }
            StageClause::Numbers(n) => sentences.push(numbers(ctx, n)),
            StageClause::FirstRound {
                method,
                colours,
                first_board,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(method.span);
                let mut parts = vec![words::first_round(ctx.lang, &method.node)
                    .unwrap_or(&method.node)
                    .to_string()];
                if let Some(c) = colours {
                    ctx.mark(c.span);
                    parts.push(
                        words::first_colours(ctx.lang, &c.node)
                            .unwrap_or(&c.node)
                            .to_string(),
                    );
                }
                if let Some(b) = first_board {
                    ctx.mark(b.span);
                    parts.push(
                        words::first_board(ctx.lang, &b.node)
                            .unwrap_or(&b.node)
                            .to_string(),
                    );
                }
                let sep = if ctx.lang == Lang::Zh { "，" } else { ", " };
                sentences.push(ctx.mf(M::FirstRound, &[&parts.join(sep)]));
            }
            StageClause::Colours { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                sentences.push(
                    words::colours(ctx.lang, &rule.node)
                        .unwrap_or(&rule.node)
                        .to_string(),
                );
            }
            StageClause::Avoid { what, when, span } => {
                ctx.mark(*span);
                ctx.mark(what.span);
                let w = words::avoid_what(ctx.lang, &what.node)
                    .unwrap_or(&what.node)
                    .to_string();
                let key = match when.as_ref().map(|w| w.node.as_str()) {
                    Some("never") => M::AvoidNever,
                    Some("round1") => M::AvoidRound1,
                    _ => M::AvoidAlways,
                };
                if let Some(w) = when {
                    ctx.mark(w.span);
                }
                sentences.push(ctx.mf(key, &[&w]));
            }
            StageClause::ColourLimits { params, span } => {
                ctx.mark(*span);
                let p = params_text(ctx, params);
                sentences.push(ctx.mf(M::ColourLimits, &[&p]));
            }
            StageClause::ColourTie { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::colour_tie(ctx.lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                sentences.push(ctx.mf(M::ColourTie, &[&r]));
            }
            StageClause::Bye { params, span } => {
                ctx.mark(*span);
                let p = params_text(ctx, params);
                sentences.push(ctx.mf(M::Bye, &[&p]));
            }
            StageClause::ForfeitMet { value, span } => {
                ctx.mark(*span);
                ctx.mark(value.span);
                sentences.push(
                    ctx.m(if value.node {
                        M::ForfeitMetYes
                    } else {
                        M::ForfeitMetNo
                    })
                    .to_string(),
                );
            }
            StageClause::Tiebreak(chain) => {
                // One stage: the ranking needs no stage name.
                let lead = if ctx.names.stage_order.len() == 1 {
                    ctx.m(M::RankingLeadOnly).to_string()
                } else {
                    ctx.mf(M::RankingLead, &[&title])
                };
                let mut cl = tiebreak_clause(ctx, chain, lead);
                cl.heading = String::new();
                ranking.push(cl);
            }
            StageClause::Playoff(PlayoffRef::Inline(chain)) => {
                let mut cl = playoff_clause(ctx, chain);
                cl.text = ctx.mf(M::PlayoffFor, &[&title, &cl.text]);
                ranking.push(cl);
            }
            StageClause::Playoff(PlayoffRef::Named(_)) => {
                // Printed with the named chain, which lists the stages that use it.
            }
            StageClause::Places(r) => {
                ctx.mark(r.span);
                let p = fmt::places(ctx.lang, *r);
                let line = ctx.mf(M::StageDecides, &[&title, &p]);
                ranking.push(Clause::text(ctx.sentence(&line)));
            }
            StageClause::Split {
                after_round,
                top,
                to,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(to.span);
                let to = ctx.stage_title(&to.node);
                sentences.push(ctx.mf(
                    M::Split,
                    &[&after_round.node.to_string(), &top.node.to_string(), &to],
                ));
            }
            StageClause::ScoreSheets { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let key = if rule.node == "none" {
                    M::ScoreSheetsNone
                } else {
                    M::ScoreSheetsRequired
                };
                sentences.push(ctx.m(key).to_string());
            }
            StageClause::SameAs(other) => {
                ctx.mark(other.span);
                let o = ctx.stage_title(&other.node);
                same_as = Some(ctx.mf(M::SameAs, &[&o]));
            }
            StageClause::Note(t) => {
                let t = ctx.tm(t);
                sentences.push(t);
            }
        }
    }
    // Entrants open the format sentence: 小组赛各组第1名进行淘汰赛.
    match (entrants_text, format_at) {
        (Some(e), Some(i)) => {
            if let Some(f) = sentences.get_mut(i) {
                *f = ctx.mf(M::EntrantsThen, &[&e, f]);
            }
        }
        (Some(e), None) => sentences.insert(0, ctx.mf(M::Entrants, &[&e])),
        _ => {}
    }
    if let Some(s) = same_as {
        sentences.push(s);
    }
    if draw_intro {
        sentences.push(ctx.m(M::DrawIntro).to_string());
    }
    let text: Vec<String> = sentences
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| ctx.sentence(s))
        .collect();
    let sep = if ctx.lang == Lang::Zh { "" } else { " " };
    let clause = Clause {
        heading: title,
        text: text.join(sep),
        items,
        ..Clause::default()
    };
    ctx.push(Art::Method, order::STAGE, clause);
    for r in ranking {
        ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, r);
    }
}

fn entrant(ctx: &mut Ctx<'_>, e: &EntrantSource) -> String {
    match e {
        EntrantSource::Roster(s) => {
            ctx.mark(*s);
            ctx.m(M::AllEntrants).to_string()
        }
        EntrantSource::Category(c) => {
            ctx.mark(c.span);
            ctx.category_title(&c.node)
        }
        EntrantSource::Pool(p) => {
            ctx.mark(p.span);
            ctx.pool_title(&p.node)
        }
        EntrantSource::Places(r) => place_ref(ctx, r),
        EntrantSource::Rest(s) => {
            ctx.mark(*s);
            ctx.m(M::RestOfField).to_string()
        }
    }
}

fn format_text(
    ctx: &mut Ctx<'_>,
    f: &Format,
    places: Option<xqreg_grammar::ast::PlaceRange>,
) -> String {
    let lang = ctx.lang;
    match f {
        Format::RoundRobin {
            cycles,
            groups,
            size,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(cycles.span);
            let rr = words::cycles(lang, &cycles.node)
                .unwrap_or(&cycles.node)
                .to_string();
            for g in groups {
                ctx.mark(g.span);
            }
            if let Some(s) = size {
                ctx.mark(s.span);
            }
            let labels: Vec<String> = groups.iter().map(|g| g.node.clone()).collect();
            match (groups.len(), size) {
                (0, Some(n)) => ctx.mf(M::RoundRobinSize, &[&n.node.to_string(), &rr]),
                (0, None) => ctx.mf(M::RoundRobin, &[&rr]),
                (k, Some(n)) => ctx.mf(
                    M::RoundRobinGroups,
                    &[
                        &fmt::join(lang, &labels),
                        &count_word(lang, k as u64),
                        &n.node.to_string(),
                        &rr,
                    ],
                ),
                (k, None) => ctx.mf(
                    M::RoundRobinGroupsNoSize,
                    &[&fmt::join(lang, &labels), &count_word(lang, k as u64), &rr],
                ),
            }
        }
        Format::Swiss {
            system,
            rounds,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(system.span);
            let sys = words::swiss(lang, &system.node)
                .unwrap_or(&system.node)
                .to_string();
            match rounds {
                SwissRounds::Fixed(n) => {
                    ctx.mark(n.span);
                    ctx.mf(M::SwissFixed, &[&sys, &n.node.to_string()])
                }
                SwissRounds::ByEntries(arms) => {
                    let parts: Vec<String> =
                        arms.iter()
                            .map(|a| {
                                ctx.mark(a.span);
                                ctx.mark(a.rounds.span);
                                let r = a.rounds.node.to_string();
                                match (a.min, a.max) {
                                    (Some(lo), Some(hi)) => ctx
                                        .mf(M::ArmBetween, &[&lo.to_string(), &hi.to_string(), &r]),
                                    (None, Some(hi)) => ctx.mf(M::ArmUpTo, &[&hi.to_string(), &r]),
                                    (Some(lo), None) => ctx.mf(M::ArmFrom, &[&lo.to_string(), &r]),
                                    (None, None) => r,
                                }
                            })
                            .collect();
                    ctx.mf(M::SwissByEntries, &[&sys, &fmt::join(lang, &parts)])
                }
            }
        }
        Format::Knockout(k) => knockout(ctx, k, places),
        Format::SamePlace {
            groups,
            places,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(places.span);
            let gs: Vec<String> = groups
                .iter()
                .map(|g| {
                    ctx.mark(g.span);
                    ctx.mark(g.stage.span);
                    ctx.mark(g.group.span);
                    ctx.group_label(&g.group.node)
                })
                .collect();
            let stage = groups
                .first()
                .map(|g| ctx.stage_title(&g.stage.node))
                .unwrap_or_default();
            let p = fmt::places(lang, *places);
            ctx.mf(M::SamePlace, &[&stage, &fmt::join_and(lang, &gs), &p])
        }
        Format::TeamRoundRobin {
            cycles,
            boards,
            groups,
            span,
        } => {
            ctx.mark(*span);
            ctx.mark(cycles.span);
            ctx.mark(boards.span);
            let rr = words::cycles(lang, &cycles.node)
                .unwrap_or(&cycles.node)
                .to_string();
            let labels: Vec<String> = groups
                .iter()
                .map(|g| {
                    ctx.mark(g.span);
                    g.node.clone()
                })
                .collect();
            let mut s = ctx.mf(M::TeamRoundRobin, &[&rr, &boards.node.to_string()]);
            if !labels.is_empty() {
                s = ctx.mf(M::WithReason, &[&s, &fmt::join(lang, &labels)]);
            }
            s
        }
    }
}

/// A count as a reader says it before a measure word: 四 (组) / four.
fn count_word(lang: Lang, n: u64) -> String {
    match lang {
        Lang::Zh if n == 2 => "两".to_string(),
        Lang::Zh => fmt::zh_numeral(n),
        Lang::En => match n {
            1 => "one".into(),
            2 => "two".into(),
            3 => "three".into(),
            4 => "four".into(),
            5 => "five".into(),
            6 => "six".into(),
            8 => "eight".into(),
            _ => n.to_string(),
        },
    }
}

fn knockout(
    ctx: &mut Ctx<'_>,
    k: &Knockout,
    places: Option<xqreg_grammar::ast::PlaceRange>,
) -> String {
    ctx.mark(k.span);
    let lang = ctx.lang;
    let mut parts = vec![ctx.m(M::Knockout).to_string()];
    // The final's places (1st, 3rd of this bracket): places 5..8 play for 5th and 7th.
    let first = places.map(|p| p.start).unwrap_or(1);
    let place = |n: u32| {
        fmt::places(
            lang,
            xqreg_grammar::ast::PlaceRange {
                start: n,
                end: n,
                span: Default::default(),
            },
        )
    };
    for c in &k.clauses {
        match c {
            KnockoutClause::Bracket { pairs, span } => {
                ctx.mark(*span);
                let ps: Vec<String> = pairs
                    .iter()
                    .map(|(a, b)| {
                        let a = slot(ctx, a);
                        let b = slot(ctx, b);
                        ctx.mf(M::Versus, &[&a, &b])
                    })
                    .collect();
                let sep = if lang == Lang::Zh { "、" } else { "; " };
                parts.push(ctx.mf(M::Bracket, &[&ps.join(sep)]));
                if pairs.len() == 2 {
                    parts.push(ctx.mf(M::WinnersMeet, &[&place(first)]));
                }
            }
            KnockoutClause::Seeded { size, span } => {
                ctx.mark(*span);
                parts.push(ctx.mf(M::Seeded, &[&size.node.to_string()]));
            }
            KnockoutClause::Seeding { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::seeding(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                parts.push(ctx.mf(M::Seeding, &[&r]));
            }
            KnockoutClause::Games(n) => {
                ctx.mark(n.span);
                parts.push(ctx.mf(M::MatchGames, &[&n.node.to_string()]));
            }
            KnockoutClause::ThirdPlace(s) => {
                ctx.mark(*s);
                parts.push(ctx.mf(M::ThirdPlace, &[&place(first.saturating_add(2))]));
            }
            KnockoutClause::Placement(s) => {
                ctx.mark(*s);
                parts.push(ctx.m(M::Placement).to_string());
            }
            KnockoutClause::Byes { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::byes(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                parts.push(r);
            }
        }
    }
    let sep = if lang == Lang::Zh { "；" } else { "; " };
    parts.join(sep)
}

fn slot(ctx: &mut Ctx<'_>, s: &BracketSlot) -> String {
    match s {
        BracketSlot::Place(r) => place_ref(ctx, r),
        BracketSlot::Seed(n) => {
            ctx.mark(n.span);
            ctx.mf(M::SeedNo, &[&n.node.to_string()])
        }
        BracketSlot::Bye(sp) => {
            ctx.mark(*sp);
            ctx.m(M::ByeWord).to_string()
        }
        BracketSlot::Player(p) => {
            ctx.mark(p.span);
            ctx.player_name(&p.node)
        }
    }
}

fn draw(ctx: &mut Ctx<'_>, d: &Draw) -> Vec<Clause> {
    ctx.mark(d.span);
    let lang = ctx.lang;
    let mut items = Vec::new();
    for (ri, r) in d.rules.iter().enumerate() {
        let first_rule = ri == 0;
        let line = match r {
            DrawRule::PoolQuota {
                pool,
                per_group,
                order,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(pool.span);
                ctx.mark(per_group.span);
                let p = ctx.pool_title(&pool.node);
                let p = ctx.mf(M::PoolPlayers, &[&p]);
                let how = match order {
                    Some(o) => {
                        ctx.mark(o.span);
                        words::draw_order(lang, &o.node)
                            .unwrap_or(&o.node)
                            .to_string()
                    }
                    None => String::new(),
                };
                ctx.mf(M::DrawPoolQuota, &[&p, &how, &per_group.node.to_string()])
            }
            DrawRule::Pot {
                title,
                members,
                per_group,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(per_group.span);
                let t = match title {
                    Some(t) => ctx.tm(t),
                    None => String::new(),
                };
                let ms: Vec<String> = members
                    .iter()
                    .map(|m| {
                        ctx.mark(m.span);
                        if ctx.names.players.contains_key(m.node.as_str()) {
                            ctx.player_name(&m.node)
                        } else {
                            ctx.category_title(&m.node)
                        }
                    })
                    .collect();
                ctx.mf(
                    M::DrawPot,
                    &[&t, &fmt::join(lang, &ms), &per_group.node.to_string()],
                )
            }
            DrawRule::RatingSeeds { places, span } => {
                ctx.mark(*span);
                ctx.mark(places.span);
                ctx.mf(
                    M::DrawRatingSeeds,
                    &[&places.start.to_string(), &places.end.to_string()],
                )
            }
            DrawRule::Rest { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::draw_order(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                // The first rule has no others before it: 全体棋手, not 其余棋手.
                let key = if first_rule { M::DrawAll } else { M::DrawRest };
                ctx.mf(key, &[&r])
            }
            DrawRule::Avoid { what, span } => {
                ctx.mark(*span);
                ctx.mark(what.span);
                let w = words::avoid_what(lang, &what.node)
                    .unwrap_or(&what.node)
                    .to_string();
                ctx.mf(M::DrawAvoid, &[&w])
            }
            DrawRule::Numbers { rule, span } => {
                ctx.mark(*span);
                ctx.mark(rule.span);
                let r = words::numbers(lang, &rule.node)
                    .unwrap_or(&rule.node)
                    .to_string();
                ctx.mf(M::DrawNumbers, &[&r])
            }
        };
        items.push(Clause::text(ctx.sentence(&line)));
    }
    items
}

fn numbers(ctx: &mut Ctx<'_>, n: &Numbers) -> String {
    let lang = ctx.lang;
    match n {
        Numbers::Rule(r) => {
            ctx.mark(r.span);
            let w = words::numbers(lang, &r.node).unwrap_or(&r.node).to_string();
            ctx.mf(M::NumbersRule, &[&w])
        }
        Numbers::Seeded {
            tiers,
            seeds_order,
            rest,
            span,
        } => {
            ctx.mark(*span);
            let ts: Vec<String> = tiers
                .iter()
                .map(|t| match t {
                    SeedTier::Title(i) => {
                        ctx.mark(i.span);
                        words::title(lang, &i.node).unwrap_or(&i.node).to_string()
                    }
                    SeedTier::Pool(i) => {
                        ctx.mark(i.span);
                        ctx.pool_title(&i.node)
                    }
                    SeedTier::Category(i) => {
                        ctx.mark(i.span);
                        ctx.category_title(&i.node)
                    }
                    SeedTier::Players(ps) => {
                        let names: Vec<String> = ps
                            .iter()
                            .map(|p| {
                                ctx.mark(p.span);
                                ctx.player_name(&p.node)
                            })
                            .collect();
                        fmt::join(lang, &names)
                    }
                })
                .collect();
            let order = match seeds_order {
                Some(o) => {
                    ctx.mark(o.span);
                    words::numbers(lang, &o.node).unwrap_or(&o.node).to_string()
                }
                None => ctx.m(M::ByLot).to_string(),
            };
            ctx.mark(rest.span);
            let r = words::numbers(lang, &rest.node)
                .unwrap_or(&rest.node)
                .to_string();
            ctx.mf(M::NumbersSeeded, &[&fmt::join(lang, &ts), &order, &r])
        }
    }
}

/// `key value` parameters in words: `连续执同色不超过2局` / `at most 2 games in a row`.
fn params_text(ctx: &mut Ctx<'_>, params: &[Param]) -> String {
    let lang = ctx.lang;
    let parts: Vec<String> = params
        .iter()
        .map(|p| {
            ctx.mark(p.span);
            ctx.mark(p.key.span);
            let v = param_value(ctx, &p.value);
            match words::param(lang, &p.key.node) {
                Some(tpl) => crate::sheet::catalogue::fill(tpl, &[&v]),
                None => format!("{} {v}", p.key.node),
            }
        })
        .collect();
    fmt::join_clauses(lang, &parts)
}

fn param_value(ctx: &mut Ctx<'_>, v: &ParamValue) -> String {
    let lang = ctx.lang;
    match v {
        ParamValue::Int(n) => {
            ctx.mark(n.span);
            n.node.to_string()
        }
        ParamValue::Ident(i) => {
            ctx.mark(i.span);
            words::value(lang, &i.node).unwrap_or(&i.node).to_string()
        }
        ParamValue::Bool(b) => {
            ctx.mark(b.span);
            ctx.m(if b.node { M::Yes } else { M::No }).to_string()
        }
        ParamValue::Duration(d) => {
            ctx.mark(d.span);
            fmt::duration(lang, d.node)
        }
    }
}

/// A criterion in words, with its variants and options.
pub fn criterion(ctx: &mut Ctx<'_>, c: &Criterion) -> String {
    let lang = ctx.lang;
    ctx.mark(c.span);
    ctx.mark(c.name.span);
    let mut s = words::criterion(lang, &c.name.node)
        .unwrap_or(&c.name.node)
        .to_string();
    let mut notes = Vec::new();
    for v in &c.variants {
        ctx.mark(v.span);
        notes.push(words::variant(lang, &v.node).unwrap_or(&v.node).to_string());
    }
    if !c.params.is_empty() {
        notes.push(params_text(ctx, &c.params));
    }
    if !notes.is_empty() {
        s = ctx.mf(M::WithReason, &[&s, &fmt::join_clauses(lang, &notes)]);
    }
    s
}

/// A tie-break chain as a lead sentence and a numbered list.
pub fn tiebreak_clause(ctx: &mut Ctx<'_>, chain: &TiebreakChain, lead: String) -> Clause {
    ctx.mark(chain.span);
    let items: Vec<Clause> = chain
        .criteria
        .iter()
        .map(|c| {
            let t = criterion(ctx, c);
            Clause::text(ctx.sentence(&t))
        })
        .collect();
    Clause {
        text: lead,
        items,
        ..Clause::default()
    }
}

/// A playoff chain: `对局胜者名次列前` and its steps in order.
pub fn playoff_clause(ctx: &mut Ctx<'_>, chain: &PlayoffChain) -> Clause {
    ctx.mark(chain.span);
    let lang = ctx.lang;
    let mut items = Vec::new();
    for (i, step) in chain.steps.iter().enumerate() {
        let prefix = ctx
            .m(if i == 0 { M::IfDrawn } else { M::IfDrawnAgain })
            .to_string();
        let body = match step {
            PlayoffStep::Game {
                time,
                colours,
                games,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(time.span);
                let col = colour_rule(ctx, colours.as_ref());
                let n = match games {
                    Some(g) => {
                        ctx.mark(g.span);
                        g.node
                    }
                    None => 1,
                };
                let t = ctx.time_title(&time.node);
                ctx.mf(M::PlayoffGame, &[&col, &count_games(lang, n), &t])
            }
            PlayoffStep::Armageddon {
                time,
                colours,
                span,
            } => {
                ctx.mark(*span);
                ctx.mark(time.span);
                let col = colour_rule(ctx, colours.as_ref());
                let t = ctx.time_title(&time.node);
                let odds = ctx
                    .names
                    .times
                    .get(time.node.as_str())
                    .and_then(|tc| {
                        tc.clauses.iter().find_map(|c| match c {
                            TimeClause::DrawGoesTo(s) => Some(s.node.clone()),
                            _ => None,
                        })
                    })
                    .map(|s| words::side(lang, &s).unwrap_or("").to_string());
                let mut s = ctx.mf(M::PlayoffArmageddon, &[&t, &col]);
                if let Some(side) = odds {
                    s.push_str(&ctx.mf(M::ArmageddonDraw, &[&side]));
                }
                s
            }
            PlayoffStep::Lots(sp) => {
                ctx.mark(*sp);
                ctx.m(M::PlayoffLots).to_string()
            }
            PlayoffStep::Tiebreak(ch) => {
                ctx.mark(ch.span);
                let cs: Vec<String> = ch.criteria.iter().map(|c| criterion(ctx, c)).collect();
                ctx.mf(M::PlayoffTiebreak, &[&fmt::join(lang, &cs)])
            }
        };
        items.push(Clause::text(ctx.sentence(&format!("{prefix}{body}"))));
    }
    Clause {
        text: ctx.m(M::WinnerPlacesHigher).to_string(),
        items,
        ..Clause::default()
    }
}

fn count_games(lang: Lang, n: u32) -> String {
    count_word(lang, u64::from(n))
}

fn colour_rule(ctx: &mut Ctx<'_>, c: Option<&xqreg_grammar::ast::Ident>) -> String {
    match c {
        Some(c) => {
            ctx.mark(c.span);
            words::playoff_colours(ctx.lang, &c.node)
                .unwrap_or(&c.node)
                .to_string()
        }
        None => String::new(),
    }
}

/// A named chain prints once, under the stages that use it.
pub fn playoff_chain(ctx: &mut Ctx<'_>, p: &PlayoffChain) {
    let name = p.name.as_ref().map(|n| n.node.clone()).unwrap_or_default();
    if let Some(n) = &p.name {
        ctx.mark(n.span);
    }
    if let Some(t) = &p.title {
        ctx.mark(t.span);
    }
    let users = stages_using(
        ctx,
        |c| matches!(c, StageClause::Playoff(PlayoffRef::Named(i)) if i.node == name),
    );
    let mut cl = playoff_clause(ctx, p);
    let who = if users.is_empty() {
        match &p.title {
            Some(t) => ctx.t(t),
            None => name,
        }
    } else {
        fmt::join(ctx.lang, &users)
    };
    cl.text = ctx.mf(M::PlayoffFor, &[&who, &cl.text]);
    ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, cl);
}

pub fn places_decl(ctx: &mut Ctx<'_>, p: &PlacesDecl) {
    ctx.mark(p.places.span);
    let lang = ctx.lang;
    let places = fmt::places(lang, p.places);
    let srcs: Vec<String> = p.sources.iter().map(|r| place_ref(ctx, r)).collect();
    let srcs = fmt::join(lang, &srcs);
    // The regulation's own wording, when it gives one, says who shares or ranks.
    let who = match &p.title {
        Some(t) => ctx.tm(t),
        None => String::new(),
    };
    let cl = match &p.rule {
        PlacesRule::Shared(s) => {
            ctx.mark(*s);
            let first = fmt::places(
                lang,
                xqreg_grammar::ast::PlaceRange {
                    start: p.places.start,
                    end: p.places.start,
                    span: p.places.span,
                },
            );
            let text = if who.is_empty() {
                ctx.mf(M::PlacesShared, &[&places, &srcs, &first])
            } else {
                ctx.mf(M::PlayoffFor, &[&places, &who])
            };
            Clause::text(ctx.sentence(&text))
        }
        PlacesRule::Ranked(chain) => {
            let lead = ctx.mf(
                M::PlacesRanked,
                &[&places, if who.is_empty() { &srcs } else { &who }],
            );
            tiebreak_clause(ctx, chain, lead)
        }
    };
    ctx.push_in(Art::Method, order::RANKING, M::ClauseRanking, cl);
}
