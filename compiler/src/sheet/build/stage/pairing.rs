//! The pairing clauses of a stage in words: first round, colours, avoidance, colour limits,
//! byes, forfeits, the split, late entry and score sheets: one sentence each. A Swiss silent on
//! its byes, colour limits, equal colour claims or forfeits says what the runtime does instead.

use super::super::params::{params_text_of, plan_params_text, Subject};
use super::super::words;
use super::Ctx;
use crate::compile;
use crate::sheet::catalogue::M;
use crate::sheet::{fmt, Lang};
use xqreg_grammar::ast::{Duration, Format, Ident, Span, Spanned, Stage, StageClause};

/// Adds the sentence of a pairing clause of stage `s` to `sentences`; other clauses are said
/// elsewhere.
pub(super) fn sentence(ctx: &mut Ctx<'_>, c: &StageClause, s: &Stage, sentences: &mut Vec<String>) {
    let boards = super::team_boards(s);
    match c {
        StageClause::FirstRound {
            method,
            colours,
            first_board,
            span,
        } => sentences.push(first_round(
            ctx,
            method,
            colours.as_ref(),
            first_board.as_ref(),
            *span,
        )),
        StageClause::Colours { rule, team, span } => {
            sentences.push(colours(ctx, rule, team.as_ref(), *span))
        }
        StageClause::Avoid {
            what,
            when,
            until,
            span,
        } => sentences.push(avoid(ctx, what, (when.as_ref(), until.as_ref()), *span)),
        StageClause::ColourLimits { params, span } => {
            ctx.mark(*span);
            let p = with_unwritten(ctx, params, &colour_limits_defaults(), Subject::Player);
            sentences.push(ctx.mf(M::ColourLimits, &[&p]));
        }
        StageClause::ColourTie { rule, span } => {
            ctx.mark(*span);
            let r = said(ctx, rule, words::colour_tie);
            sentences.push(ctx.mf(M::ColourTie, &[&r]));
        }
        StageClause::Bye { params, span } => {
            ctx.mark(*span);
            let p = with_unwritten(ctx, params, &bye_defaults(s), bye_subject(boards));
            sentences.push(ctx.mf(M::Bye, &[&p]));
        }
        StageClause::ForfeitMet { value, span } => sentences.push(forfeit_met(ctx, value, *span)),
        StageClause::Split {
            after_round,
            top,
            to,
            span,
        } => sentences.push(split(ctx, after_round.node, top.node, to, *span)),
        StageClause::LateEntry {
            until_round,
            missed,
            span,
        } => {
            let keys = (M::LateEntryHalf, M::LateEntryZero);
            let key = worded(ctx, *span, missed, "half", keys);
            sentences.push(ctx.mf(key, &[&until_round.node.to_string()]));
        }
        StageClause::Lineup {
            mode,
            deadline,
            default,
            colour_balance,
            span,
        } => {
            lineup(
                ctx,
                (mode, deadline.as_ref(), default.as_ref()),
                *span,
                boards,
                sentences,
            );
            if let Some(k) = colour_balance {
                ctx.mark(k.span);
                sentences.push(ctx.mf(M::LineupColourBalance, &[&k.node.to_string()]));
            }
        }
        StageClause::ScoreSheets { rule, span } => {
            let keys = (M::ScoreSheetsNone, M::ScoreSheetsRequired);
            let key = worded(ctx, *span, rule, "none", keys);
            sentences.push(ctx.m(key).to_string());
        }
        _ => {}
    }
}

/// 颜色: the colour rule (a team stage's second word is marked, the rule says it).
fn colours(ctx: &mut Ctx<'_>, rule: &Ident, team: Option<&Ident>, span: Span) -> String {
    ctx.mark(span);
    let text = said(ctx, rule, words::colours);
    // A second word outside a team stage is refused (E114, E226): nothing to word.
    if let Some(t) = team {
        ctx.mark(t.span);
    }
    text
}

/// Whether a forfeited game counts as met (for avoidance and colours).
fn forfeit_met(ctx: &mut Ctx<'_>, value: &Spanned<bool>, span: Span) -> String {
    ctx.mark(span);
    ctx.mark(value.span);
    ctx.m(if value.node {
        M::ForfeitMetYes
    } else {
        M::ForfeitMetNo
    })
    .to_string()
}

/// `split after N top K to STAGE`.
fn split(ctx: &mut Ctx<'_>, after_round: u32, top: u32, to: &Ident, span: Span) -> String {
    ctx.mark(span);
    ctx.mark(to.span);
    let to = ctx.stage_title(&to.node);
    ctx.mf(M::Split, &[&after_round.to_string(), &top.to_string(), &to])
}

/// A clause of two wordings, the first for `word` `yes`: marks the clause and its word.
fn worded(ctx: &mut Ctx<'_>, span: Span, word: &Ident, yes: &str, keys: (M, M)) -> M {
    ctx.mark(span);
    ctx.mark(word.span);
    if word.node == yes {
        keys.0
    } else {
        keys.1
    }
}

/// A closed word as the sheet says it (`table`), else as written; the word is marked.
fn said(ctx: &mut Ctx<'_>, word: &Ident, table: fn(Lang, &str) -> Option<&'static str>) -> String {
    ctx.mark(word.span);
    table(ctx.lang, &word.node)
        .unwrap_or(&word.node)
        .to_string()
}

/// 回避: who is kept apart, and when (a word, or `until round N`).
fn avoid(
    ctx: &mut Ctx<'_>,
    what: &Ident,
    (when, until): (Option<&Ident>, Option<&Spanned<u32>>),
    span: Span,
) -> String {
    ctx.mark(span);
    let w = said(ctx, what, words::avoid_what);
    if let Some(last) = until {
        return ctx.mf(M::AvoidUntil, &[&w, &last.node.to_string()]);
    }
    let key = match when.map(|w| w.node.as_str()) {
        Some("never") => M::AvoidNever,
        Some("round1") => M::AvoidRound1,
        _ => M::AvoidAlways,
    };
    if let Some(w) = when {
        ctx.mark(w.span);
    }
    ctx.mf(key, &[&w])
}

/// 临时定台制 or a fixed order: the line-up, and its deadline (printed only; the runtime has no
/// clock).
fn lineup(
    ctx: &mut Ctx<'_>,
    (mode, deadline, default): (&Ident, Option<&Spanned<Duration>>, Option<&Ident>),
    span: Span,
    boards: Option<u32>,
    sentences: &mut Vec<String>,
) {
    ctx.mark(span);
    ctx.mark(mode.span);
    if mode.node == "each_round" {
        sentences.push(ctx.m(M::LineupEachRound).to_string());
    } else {
        let boards = boards.map_or_else(|| "B".to_string(), |b| b.to_string());
        sentences.push(ctx.mf(M::LineupFixed, &[&boards]));
    }
    if let Some(d) = default {
        ctx.mark(d.span);
    }
    if let Some(d) = deadline {
        ctx.mark(d.span);
        let when = fmt::duration(ctx.lang, d.node);
        sentences.push(ctx.mf(M::LineupDeadline, &[&when]));
    }
}

/// 首轮: the method, its colours and first board.
fn first_round(
    ctx: &mut Ctx<'_>,
    method: &Ident,
    colours: Option<&Ident>,
    first_board: Option<&Ident>,
    span: Span,
) -> String {
    ctx.mark(span);
    let mut parts = vec![said(ctx, method, words::first_round)];
    if let Some(c) = colours {
        parts.push(said(ctx, c, words::first_colours));
    }
    if let Some(b) = first_board {
        parts.push(said(ctx, b, words::first_board));
    }
    let sep = if ctx.lang == Lang::Zh { "，" } else { ", " };
    ctx.mf(M::FirstRound, &[&parts.join(sep)])
}

/// What a Swiss runs where its regulation is silent, read from the values the plan is given
/// (`compile::default_*`), said as the clause would say it: the bye (every Swiss), and in a CXA
/// Swiss the colour limits, equal colour claims and whether a forfeit counts as met (the clauses
/// act there only, E114 elsewhere). A reader of the sheet knows how round after round is paired
/// and a bye scored.
pub(super) fn silent_defaults(ctx: &mut Ctx<'_>, s: &Stage, sentences: &mut Vec<String>) {
    let Some((system, team)) = swiss_of(s) else {
        return;
    };
    let states = |f: fn(&StageClause) -> bool| s.clauses.iter().any(f);
    if !states(|c| matches!(c, StageClause::Bye { .. })) {
        let subject = bye_subject(super::team_boards(s));
        let p = plan_params_text(ctx, &bye_defaults(s), subject);
        sentences.push(ctx.mf(M::Bye, &[&p]));
    }
    if system != "cxa" || team {
        return;
    }
    if !states(|c| matches!(c, StageClause::ColourLimits { .. })) {
        let p = plan_params_text(ctx, &colour_limits_defaults(), Subject::Player);
        sentences.push(ctx.mf(M::ColourLimits, &[&p]));
    }
    if !states(|c| matches!(c, StageClause::ColourTie { .. })) {
        let word = plan_word(&compile::DEFAULT_COLOUR_TIE);
        let r = ctx.in_words(words::colour_tie, &word);
        sentences.push(ctx.mf(M::ColourTie, &[&r]));
    }
    if !states(|c| matches!(c, StageClause::ForfeitMet { .. })) {
        let key = if compile::DEFAULT_FORFEIT_COUNTS_AS_MET {
            M::ForfeitMetYes
        } else {
            M::ForfeitMetNo
        };
        sentences.push(ctx.m(key).to_string());
    }
}

/// A Swiss stage's system word and whether it pairs teams.
fn swiss_of(s: &Stage) -> Option<(&str, bool)> {
    s.clauses.iter().find_map(|c| match c {
        StageClause::Format(Format::Swiss { system, boards, .. }) => {
            Some((system.node.as_str(), boards.is_some()))
        }
        _ => None,
    })
}

/// The parameters of the bye the plan runs when the regulation is silent, those the runtime
/// reads: its points in every Swiss, who gets it in a CXA Swiss, individual or team (the Dutch
/// pairer follows FIDE, E643). Its value in 对手分 is the tie-break's (`opponents_score bye
/// zero`), said there, unless the stage writes `bye opponent_score`.
fn bye_defaults(s: &Stage) -> Vec<(&'static str, String)> {
    let bye = compile::default_bye();
    let mut params = vec![("points", bye.points.to_string())];
    if matches!(swiss_of(s), Some(("cxa", _))) {
        params.push(("recipient", plan_word(&bye.recipient)));
    }
    params
}

/// A team Swiss's bye is said of the team (a match won, with the points on every board).
fn bye_subject(boards: Option<u32>) -> Subject {
    match boards {
        Some(_) => Subject::Team,
        None => Subject::Player,
    }
}

/// The parameters of the colour limits the plan runs when the regulation is silent.
fn colour_limits_defaults() -> [(&'static str, String); 3] {
    let limits = compile::default_colour_limits();
    [
        ("max_consecutive", limits.max_consecutive.to_string()),
        ("max_difference", limits.max_difference.to_string()),
        ("relax_last_rounds", limits.relax_last_rounds.to_string()),
    ]
}

/// A clause's parameters as written, then those it leaves to the plan's default (`bye points 1`
/// still gives the bye to the lowest-ranked player without one): the runtime runs them all.
fn with_unwritten(
    ctx: &mut Ctx<'_>,
    params: &[xqreg_grammar::ast::Param],
    defaults: &[(&str, String)],
    subject: Subject,
) -> String {
    let written = params_text_of(ctx, params, subject);
    let unwritten: Vec<(&str, String)> = defaults
        .iter()
        .filter(|(k, _)| !params.iter().any(|p| p.key.node == *k))
        .cloned()
        .collect();
    if unwritten.is_empty() {
        return written;
    }
    let rest = plan_params_text(ctx, &unwritten, subject);
    fmt::join_clauses(ctx.lang, &[written, rest])
}

/// A plan value's word, as the plan's JSON writes it and the language spells it
/// (`lowest_in_field`, `round_parity`).
fn plan_word(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
