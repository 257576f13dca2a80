//! Conduct rules. The grammar keeps a rule's arguments generic (`knocked_pieces 2 loss_under
//! 3min else add 5min`), so a rule is written by reading its words in order: the rule's own
//! phrase takes its leading number or duration, and each following word is a phrase that may
//! take the value after it (see `words::conduct_word`). The result reads like the seeds:
//! `碰乱2个及以上棋子，对方用时不足3分钟时判负，否则为对方增加5分钟用时。`

use super::words::{self, Glue};
use super::{Art, Ctx};
use crate::sheet::catalogue::{fill, M};
use crate::sheet::fmt;
use crate::sheet::model::Clause;
use crate::sheet::Lang;
use xqreg_grammar::ast::{Conduct, ConductArg, ConductRule};

/// Rules under one heading (three knocked-pieces rules) print as one clause with items.
pub fn conduct(ctx: &mut Ctx<'_>, c: &Conduct) {
    let clauses: Vec<Clause> = c
        .rules
        .iter()
        .map(|r| {
            let mut cl = rule(ctx, r);
            // A rule a supplement merged into the base conduct carries that supplement's tag.
            if let Some(t) = ctx.tag.clone().or_else(|| ctx.tag_for(r.span)) {
                cl.source = t;
            }
            cl
        })
        .collect();
    for g in super::group_by_heading(clauses) {
        ctx.push(Art::Conduct, 0, g);
    }
}

/// A value of an argument in words.
fn value(ctx: &mut Ctx<'_>, a: &ConductArg) -> Option<String> {
    let lang = ctx.lang;
    match a {
        ConductArg::Int(n) => {
            ctx.mark(n.span);
            Some(n.node.to_string())
        }
        ConductArg::Duration(d) => {
            ctx.mark(d.span);
            Some(fmt::duration(lang, d.node))
        }
        ConductArg::Time(t) => {
            ctx.mark(t.span);
            Some(fmt::clock(t.node))
        }
        ConductArg::Text(t) => Some(ctx.tm(t)),
        ConductArg::Word(_) => None,
    }
}

pub fn rule(ctx: &mut Ctx<'_>, r: &ConductRule) -> Clause {
    let lang = ctx.lang;
    ctx.mark(r.span);
    ctx.mark(r.kind.span);
    if let Some((heading, text)) = &r.text {
        let h = ctx.tm(heading);
        let t = ctx.tm(text);
        let mut cl = Clause::headed(h, ctx.sentence(&t));
        add_scope(ctx, r, &mut cl.text);
        return cl;
    }
    let kind = r.kind.node.as_str();
    let args = &r.args;
    let mut pieces: Vec<(String, Glue)> = Vec::new();
    let mut i = 0;
    // The rule's own phrase, with its leading value when it has one. A text is no value of the
    // phrase (`碰乱{0}个及以上棋子` takes a number): it is printed as written after the phrase,
    // never dropped into a phrase that has no place for it (`score_sheets "慢棋须记录着法"`).
    let lead_value = args
        .first()
        .filter(|a| !matches!(a, ConductArg::Text(_)))
        .and_then(|a| value(ctx, a));
    let zero_duration =
        matches!(args.first(), Some(ConductArg::Duration(d)) if d.node.seconds == 0);
    // `knocked_pieces 1`: any knocked piece, said without the number.
    let kind_key = if kind == "knocked_pieces" && lead_value.as_deref() == Some("1") {
        "knocked_pieces_any"
    } else {
        kind
    };
    match words::conduct_kind(lang, kind_key, lead_value.is_some(), zero_duration) {
        Some((tpl, glue)) => {
            let v = lead_value.clone().unwrap_or_default();
            pieces.push((fill(tpl, &[&v]), glue));
            if lead_value.is_some() {
                i = 1;
            }
        }
        None => {
            pieces.push((kind.replace('_', " "), Glue::Comma));
        }
    }
    while let Some(a) = args.get(i) {
        i += 1;
        match a {
            ConductArg::Word(w) => {
                ctx.mark(w.span);
                // `clock_before_move loss_under 2min`: the mover's own clock, not the opponent's.
                let word = match (kind, w.node.as_str()) {
                    ("clock_before_move", "loss_under") => "own_under",
                    (_, other) => other,
                };
                match words::conduct_word(lang, word) {
                    Some((tpl, arity, glue)) => {
                        let mut vals = Vec::new();
                        // arity usize::MAX: every value that follows (`resume 12:30, 19:30`).
                        while vals.len() < arity {
                            match args.get(i) {
                                Some(
                                    a @ (ConductArg::Int(_)
                                    | ConductArg::Duration(_)
                                    | ConductArg::Time(_)
                                    | ConductArg::Text(_)),
                                ) => {
                                    if let Some(v) = value(ctx, a) {
                                        vals.push(v);
                                    }
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        let text = if arity == usize::MAX {
                            resume_text(ctx, &vals)
                        } else {
                            let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
                            fill(tpl, &refs)
                        };
                        pieces.push((text, glue));
                    }
                    None => pieces.push((w.node.replace('_', " "), Glue::Comma)),
                }
            }
            other => {
                if let Some(v) = value(ctx, other) {
                    pieces.push((v, Glue::Comma));
                }
            }
        }
    }
    let mut text = String::new();
    let mut glue_next = Glue::Comma;
    for (p, glue) in pieces {
        if p.is_empty() {
            if matches!(glue, Glue::Tight | Glue::Subject) {
                glue_next = glue;
            }
            continue;
        }
        if !text.is_empty() && glue == Glue::Attach && lang == Lang::En {
            text.push(' ');
        } else if !text.is_empty() && glue != Glue::Attach {
            match (glue_next, lang) {
                (Glue::Tight | Glue::Attach, Lang::Zh) => {}
                (Glue::Attach, Lang::En) => text.push(' '),
                (Glue::Tight, Lang::En) => text.push(' '),
                (Glue::Comma | Glue::Subject, Lang::Zh) => text.push('，'),
                (Glue::Comma, Lang::En) => text.push_str(", "),
                // `Claims of a breach of the rules must be raised ...`: no comma between a
                // subject and its verb in English.
                (Glue::Subject, Lang::En) => text.push(' '),
            }
        }
        text.push_str(&p);
        glue_next = if glue == Glue::Attach {
            Glue::Comma
        } else {
            glue
        };
    }
    let mut text = ctx.sentence(&text);
    add_scope(ctx, r, &mut text);
    let heading = words::conduct_heading(lang, kind).unwrap_or("").to_string();
    Clause::headed(heading, text)
}

fn resume_text(ctx: &Ctx<'_>, vals: &[String]) -> String {
    match vals {
        [am, pm] => ctx.mf(M::ResumeTwo, &[am, pm]),
        _ => ctx.mf(M::ResumeAt, &[&fmt::join(ctx.lang, vals)]),
    }
}

/// A time control's English title in `In … games`, without a `game` or `games` of its own:
/// `Tiebreak game` and `Armageddon` read `In Tiebreak and Armageddon games`, not `In Tiebreak
/// game and Armageddon games`.
fn without_games(lang: Lang, title: String) -> String {
    if lang == Lang::Zh {
        return title;
    }
    for word in [" games", " game"] {
        let cut = title.len().saturating_sub(word.len());
        if cut > 0
            && title
                .get(cut..)
                .is_some_and(|end| end.eq_ignore_ascii_case(word))
        {
            return title[..cut].to_string();
        }
    }
    title
}

/// `快棋、超快棋比赛中，…` / `In Rapid and Blitz games, …`.
fn add_scope(ctx: &mut Ctx<'_>, r: &ConductRule, text: &mut String) {
    if r.scope.is_empty() {
        return;
    }
    let names: Vec<String> = r
        .scope
        .iter()
        .map(|s| {
            ctx.mark(s.span);
            if r.scope_is_stage {
                ctx.stage_title(&s.node)
            } else {
                without_games(ctx.lang, ctx.time_title(&s.node))
            }
        })
        .collect();
    let names = fmt::join_and(ctx.lang, &names);
    let key = if r.scope_is_stage {
        M::InStage
    } else {
        M::InTime
    };
    let body = match ctx.lang {
        Lang::Zh => text.clone(),
        Lang::En => {
            let mut c = text.chars();
            match c.next() {
                Some(f) => f.to_lowercase().chain(c).collect(),
                None => String::new(),
            }
        }
    };
    *text = ctx.mf(key, &[&names, &body]);
}
