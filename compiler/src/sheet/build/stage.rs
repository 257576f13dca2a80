//! A stage in words: its format (round robin, Swiss, knockout, same-place, team), entrants,
//! group draw, pairing numbers, first round, colours, avoidance, byes and score sheets. Its
//! tie-breaks, playoffs and decided places go to the ranking clause (see `ranking`).

mod draw;
mod format;
mod pairing;

use super::method::place_ref;
use super::ranking::{playoff_clause, tiebreak_clause};
use super::{order, Art, Ctx};
use crate::sheet::catalogue::{words, M};
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use draw::{draw, numbers};
use format::format_text;
use xqreg_grammar::ast::{
    EntrantSource, Format, PlayoffRef, Span, Stage, StageClause, TiebreakChain,
};

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
                entrants_text = entrants_sentence(ctx, sources, *span, &title)
            }
            StageClause::Time(t) if t.node == "tbd" => {
                ctx.mark(t.span);
                sentences.push(ctx.m(M::TimeTbd).to_string());
            }
            StageClause::Time(_) | StageClause::Scoring(_) => {
                // Said by the time control and scoring clauses, which list the stages using them.
            }
            // An assumption sizes simulations only: the official sheet never prints it.
            StageClause::Assume { span, .. } => ctx.mark(*span),
            StageClause::Draw(d) => {
                items.extend(draw(ctx, d));
                draw_intro = true;
            }
            StageClause::Numbers(n) => sentences.push(numbers(ctx, n)),
            StageClause::Tiebreak(chain) => ranking.push(stage_ranking(ctx, s, chain, &title)),
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
            StageClause::SameAs(other) => {
                ctx.mark(other.span);
                let o = ctx.stage_title(&other.node);
                same_as = Some(ctx.mf(M::SameAs, &[&o]));
            }
            StageClause::Note(t) => {
                let t = ctx.tm(t);
                sentences.push(t);
            }
            StageClause::Cap { max, order, span } => {
                ctx.mark(*span);
                if let Some(o) = order {
                    ctx.mark(o.span);
                }
                // No order written: the runtime admits in roster order, and the sheet says so.
                let word = order.as_ref().map_or("first_come", |o| o.node.as_str());
                let how = words::cap_order(ctx.lang, word).unwrap_or_default();
                sentences.push(ctx.mf(M::StageCap, &[&max.node.to_string(), how]));
            }
            other => pairing::sentence(ctx, other, team_boards(s), &mut sentences),
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

/// Who enters, unless it says nothing new: `entrants roster` is what a first stage means anyway,
/// and `entrants category open_all` in the stage 公开组 repeats its title.
fn entrants_sentence(
    ctx: &mut Ctx<'_>,
    sources: &[EntrantSource],
    span: Span,
    title: &str,
) -> Option<String> {
    ctx.mark(span);
    let list: Vec<String> = sources.iter().map(|e| entrant(ctx, e)).collect();
    let only_roster = matches!(sources, [EntrantSource::Roster(_)]);
    let joined = fmt::join(ctx.lang, &list);
    (!only_roster && joined != title).then_some(joined)
}

/// The stage's tie-break chain as a clause of 名次区分, in team words for a team stage.
fn stage_ranking(ctx: &mut Ctx<'_>, s: &Stage, chain: &TiebreakChain, title: &str) -> Clause {
    // One stage: the ranking needs no stage name.
    let lead = if ctx.names.stage_order.len() == 1 {
        ctx.m(M::RankingLeadOnly).to_string()
    } else {
        ctx.mf(M::RankingLead, &[title])
    };
    let team = s.clauses.iter().any(|c| {
        matches!(
            c,
            StageClause::Format(
                Format::TeamRoundRobin { .. }
                    | Format::Swiss {
                        boards: Some(_),
                        ..
                    }
            )
        )
    });
    let mut cl = tiebreak_clause(ctx, chain, lead, team);
    cl.heading = String::new();
    cl
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

/// A team stage's boards (`team_round_robin ... boards 4`, `swiss ... boards 4`).
fn team_boards(s: &Stage) -> Option<u32> {
    s.clauses.iter().find_map(|c| match c {
        StageClause::Format(Format::TeamRoundRobin { boards, .. }) => Some(boards.node),
        StageClause::Format(Format::Swiss {
            boards: Some(b), ..
        }) => Some(b.node),
        _ => None,
    })
}
