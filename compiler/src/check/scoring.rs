//! Scoring blocks: known keys (E111), each key once (E410), and points in a sensible order
//! (E407): a win more than a draw, a draw no less than a loss, a forfeit win and a bye no more
//! than a win, a forfeit loss no more than a loss.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{Ident, Item, Scoring, Spanned};

use super::words::{word, Position, MATCH_KEYS, SCORING_KEYS};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E407, &E410, &E513];

// The message catalogue of this module: compiler/messages/check/scoring.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/scoring.rs"));

/// The keys every scoring block must give, with the CXA value proposed.
const REQUIRED: &[(&str, &str)] = &[("win", "2"), ("draw", "1"), ("loss", "0")];

/// (higher key, lower key, strictly higher?, rule text en, zh). The first key must score at least
/// (or strictly more than) the second.
const RULES: &[(&str, &str, bool, &str, &str)] = &[
    (
        "win",
        "draw",
        true,
        "a win must score more than a draw",
        "胜的分值必须高于和",
    ),
    (
        "draw",
        "loss",
        false,
        "a draw must not score less than a loss",
        "和的分值不能低于负",
    ),
    (
        "win",
        "forfeit_win",
        false,
        "a forfeit win must not score more than a win",
        "弃权胜的分值不能高于胜",
    ),
    (
        "loss",
        "forfeit_loss",
        false,
        "a forfeit loss must not score more than a loss",
        "弃权负的分值不能高于负",
    ),
    (
        "win",
        "bye",
        false,
        "a bye must not score more than a win",
        "轮空的分值不能高于胜",
    ),
];

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        if let Item::Scoring(s) = item {
            block(s, diags);
        }
    }
}

fn block(s: &Scoring, diags: &mut Diagnostics) {
    points(&s.points, &SCORING_KEYS, diags);
    required(&s.points, s, ("scoring block", "记分办法"), diags);
    if let Some(m) = &s.matches {
        points(m, &MATCH_KEYS, diags);
        required(m, s, ("`match` block", "团体场分"), diags);
    }
}

/// E513: win, draw and loss are all given; the compiler takes no silent default for them.
fn required(
    list: &[(Ident, Spanned<i64>)],
    s: &Scoring,
    what: (&str, &str),
    diags: &mut Diagnostics,
) {
    // The label sits on the block's name, or its first key, or the whole block.
    let at = s
        .name
        .as_ref()
        .map(|n| n.span)
        .or_else(|| list.first().map(|(k, _)| k.span))
        .unwrap_or(s.span);
    for (key, cxa) in REQUIRED {
        if list.iter().any(|(k, _)| k.node == *key) {
            continue;
        }
        diags.push(MISSING.at(
            at,
            &[
                ("key", key),
                ("cxa", cxa),
                ("what", what.0),
                ("what_zh", what.1),
            ],
        ));
    }
}

fn points(list: &[(Ident, Spanned<i64>)], keys: &Position, diags: &mut Diagnostics) {
    let mut seen: BTreeMap<&str, (&Ident, &Spanned<i64>)> = BTreeMap::new();
    for (k, v) in list {
        if !word(diags, k, keys) {
            continue;
        }
        match seen.get(k.node.as_str()) {
            Some((first, _)) => diags.push(
                REPEATED
                    .at(k.span, &[("key", &k.node)])
                    .with_label(first.span, FIRST_HERE.plain()),
            ),
            None => {
                seen.insert(k.node.as_str(), (k, v));
            }
        }
    }
    for (high, low, strict, rule, rule_zh) in RULES {
        let (Some((hk, hv)), Some((lk, lv))) = (seen.get(high), seen.get(low)) else {
            continue;
        };
        let bad = if *strict {
            hv.node <= lv.node
        } else {
            hv.node < lv.node
        };
        if !bad {
            continue;
        }
        let (fix, fix_zh) = if *strict {
            (
                format!("give `{high}` more than `{low}` (CXA: win 2, draw 1, loss 0)"),
                format!("使 `{high}` 的分值高于 `{low}`（中国象棋协会：胜 2、和 1、负 0）"),
            )
        } else {
            (
                format!("give `{low}` at most {} points", hv.node),
                format!("使 `{low}` 不超过 {} 分", hv.node),
            )
        };
        diags.push(
            ORDER
                .at(
                    lv.span,
                    &[
                        ("low", low),
                        ("lowv", &lv.node.to_string()),
                        ("high", high),
                        ("highv", &hv.node.to_string()),
                        ("rule", rule),
                        ("rule_zh", rule_zh),
                        ("fix", &fix),
                        ("fix_zh", &fix_zh),
                    ],
                )
                .with_label(hv.span, OTHER_HERE.fill(&[("key", &hk.node)])),
        );
        let _ = lk;
    }
}
