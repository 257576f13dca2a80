//! Clause parameters (`key value`) in words, shared by stage and ranking clauses:
//! `连续执同色不超过2局` / `at most 2 games in a row`.

use super::words;
use super::Ctx;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use xqreg_grammar::ast::{Param, ParamValue};

/// `key value` parameters in words: `连续执同色不超过2局` / `at most 2 games in a row`.
pub(super) fn params_text(ctx: &mut Ctx<'_>, params: &[Param]) -> String {
    params_text_keyed(ctx, params, same_key)
}

/// A parameter's phrase under its own key.
pub(super) fn same_key(key: &str) -> &str {
    key
}

/// [`params_text`] with each key's phrase looked up under `key(KEY)` (a team stage's `bye
/// points` is said of the team: `team_points`).
pub(super) fn params_text_keyed(
    ctx: &mut Ctx<'_>,
    params: &[Param],
    key: fn(&str) -> &str,
) -> String {
    let lang = ctx.lang;
    let parts: Vec<String> = params
        .iter()
        .map(|p| {
            ctx.mark(p.span);
            ctx.mark(p.key.span);
            let v = param_value(ctx, &p.value);
            match template(lang, key(&p.key.node), &v) {
                Some(tpl) => crate::sheet::catalogue::fill(tpl, &[&v]),
                None => format!("{} {v}", p.key.node),
            }
        })
        .collect();
    fmt::join_clauses(lang, &parts)
}

/// Parameters the plan holds and the regulation does not write (a Swiss's default bye), in the
/// words of [`params_text`]; each value is a number or a word of the language.
pub(super) fn plan_params_text(ctx: &Ctx<'_>, params: &[(&str, String)]) -> String {
    let lang = ctx.lang;
    let parts: Vec<String> = params
        .iter()
        .map(|(key, v)| {
            let v = words::value(lang, v).unwrap_or(v);
            match template(lang, key, v) {
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
