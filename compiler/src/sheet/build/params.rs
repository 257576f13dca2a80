//! Clause parameters (`key value`) in words, shared by stage and ranking clauses:
//! `连续执同色不超过2局` / `at most 2 games in a row`.

use super::words;
use super::Ctx;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use xqreg_grammar::ast::{Param, ParamValue};

/// `key value` parameters in words: `连续执同色不超过2局` / `at most 2 games in a row`.
pub(super) fn params_text(ctx: &mut Ctx<'_>, params: &[Param]) -> String {
    params_text_of(ctx, params, Subject::Player)
}

/// Whom a clause's parameters speak of. A team Swiss's bye is said of teams: its `points` is a
/// match won with the points on every board (`team_points`, 轮空队记胜一场，各台各记2分) and its
/// `recipient lowest_not_yet` the lowest-ranked team (尚未轮空的最低分队), not a player.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Subject {
    Player,
    Team,
}

impl Subject {
    /// The key whose phrase says parameter `key`.
    pub(super) fn key(self, key: &str) -> &str {
        match (self, key) {
            (Subject::Team, "points") => "team_points",
            _ => key,
        }
    }

    /// A value word in words.
    fn value(self, lang: crate::sheet::Lang, word: &str) -> Option<&'static str> {
        match self {
            Subject::Team => words::team_value(lang, word).or_else(|| words::value(lang, word)),
            Subject::Player => words::value(lang, word),
        }
    }
}

/// [`params_text`] of a clause whose parameters speak of `subject`.
pub(super) fn params_text_of(ctx: &mut Ctx<'_>, params: &[Param], subject: Subject) -> String {
    let lang = ctx.lang;
    let parts: Vec<String> = params
        .iter()
        .map(|p| {
            ctx.mark(p.span);
            ctx.mark(p.key.span);
            let v = param_value(ctx, &p.value, subject);
            match template(lang, subject.key(&p.key.node), &v) {
                Some(tpl) => crate::sheet::catalogue::fill(tpl, &[&v]),
                None => format!("{} {v}", p.key.node),
            }
        })
        .collect();
    fmt::join_clauses(lang, &parts)
}

/// Parameters the plan holds and the regulation does not write (a Swiss's default bye), in the
/// words of [`params_text_of`]; each value is a number or a word of the language.
pub(super) fn plan_params_text(
    ctx: &Ctx<'_>,
    params: &[(&str, String)],
    subject: Subject,
) -> String {
    let lang = ctx.lang;
    let parts: Vec<String> = params
        .iter()
        .map(|(key, v)| {
            let v = subject.value(lang, v).unwrap_or(v);
            match template(lang, subject.key(key), v) {
                Some(tpl) => crate::sheet::catalogue::fill(tpl, &[v]),
                None => format!("{key} {v}"),
            }
        })
        .collect();
    fmt::join_clauses(lang, &parts)
}

/// The phrase of a parameter with its value: `relax_last_rounds 1` is relaxed in the last
/// round, not in the last 1 rounds.
fn template(lang: crate::sheet::Lang, key: &str, value: &str) -> Option<&'static str> {
    match (key, value) {
        ("relax_last_rounds", "1") => words::param(lang, "relax_last_round"),
        _ => words::param(lang, key),
    }
}

fn param_value(ctx: &mut Ctx<'_>, v: &ParamValue, subject: Subject) -> String {
    let lang = ctx.lang;
    match v {
        ParamValue::Int(n) => {
            ctx.mark(n.span);
            n.node.to_string()
        }
        ParamValue::Ident(i) => {
            ctx.mark(i.span);
            subject.value(lang, &i.node).unwrap_or(&i.node).to_string()
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
