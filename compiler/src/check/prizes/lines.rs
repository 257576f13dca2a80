//! The lines of one table among themselves: a range pays `each` in a currency (E503, E504),
//! ranges do not overlap or leave gaps (E501, E502), amounts do not rise with place, and
//! shared places are paid equally.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, PrizeKey, Prizes};
use xqreg_grammar::Span;

use super::{currency, range_text, range_zh, Paid, E501, E502, E505, E506, E508, W501};
use crate::diagnostics::{Diagnostic, Diagnostics, Template};

const MSG_E501: Template = Template::new(
    "place {place} is paid by two lines of this table",
    "第{place}名在该奖励表中有两行奖励",
);
const LBL_E501: Template = Template::new("pays {range} again", "再次对第{range_zh}名发奖");
const LBL_E501_FIRST: Template = Template::new("pays {range}", "对第{range_zh}名发奖");
const HELP_E501: Template = Template::new(
    "start this line at place {next}: `{suggest}`",
    "该行从第{next}名开始：`{suggest}`",
);
const HELP_E501_REMOVE: Template = Template::new(
    "every place of this line is paid above: remove it or correct its range",
    "该行的名次在上面都已发奖：删去该行或改正其范围",
);
const MSG_E502_START: Template = Template::new(
    "the table starts at place {first}: places {gap} get no line",
    "奖励表从第{first}名开始：第{gap}名没有奖励",
);
const MSG_E502: Template = Template::new(
    "place{s} {gap} between paid places get{s_verb} no line",
    "有奖名次之间的第{gap}名没有奖励",
);
const LBL_E502: Template = Template::new("the next line starts here", "下一行从此开始");
const HELP_E502: Template = Template::new(
    "add a line `{gap}: AMOUNT{each}` or widen a neighbouring range",
    "加上一行 `{gap}: 金额{each}`，或扩大相邻的范围",
);
const MSG_E505: Template = Template::new(
    "places {range} are shared but paid differently: {amounts}",
    "第{range_zh}名为并列名次，但奖金不同：{amounts}",
);
const LBL_E505: Template =
    Template::new("pays part of the shared places", "只对部分并列名次发此奖金");
const LBL_E505_DECL: Template = Template::new("declared shared here", "在此声明并列");
const HELP_E505: Template = Template::new(
    "pay the whole range one amount: `{range}: {amount} each`",
    "对整个范围发同样的奖金：`{range}: {amount} each`",
);
const MSG_E506: Template = Template::new(
    "the range {range} has one amount and no `each`",
    "范围 {range} 只有一个金额而没有 `each`",
);
const LBL_E506: Template = Template::new("every place, or shared?", "每个名次各得，还是共同分享？");
const HELP_E506: Template = Template::new(
    "write `{range}: {amount} each`",
    "写成 `{range}: {amount} each`",
);
const MSG_E506_EVERY: Template = Template::new(
    "the line `{key}` pays several players one amount and has no `each`",
    "`{key}` 一行对多名棋手只有一个金额而没有 `each`",
);
const LBL_E506_EVERY: Template =
    Template::new("each of them, or shared?", "每人各得，还是共同分享？");
const HELP_E506_EVERY: Template = Template::new(
    "write `{key}: {amount} each`",
    "写成 `{key}: {amount} each`",
);
const MSG_E508: Template = Template::new(
    "the amount {amount} has no currency",
    "金额 {amount} 没有币种",
);
const LBL_E508: Template = Template::new("which currency?", "哪种货币？");
const HELP_E508: Template = Template::new(
    "write `{amount} CNY`, or name the currency on the block: `prizes \"…\" CNY { … }`",
    "写成 `{amount} CNY`，或在奖励表上写明币种：`prizes \"…\" CNY { … }`",
);
const MSG_W501: Template = Template::new(
    "place {lower} is paid {more} {cur}, more than place {higher} ({less} {cur})",
    "第{lower}名的奖金 {more} {cur} 多于第{higher}名（{less} {cur}）",
);
const LBL_W501: Template = Template::new("more than a higher place", "多于较前的名次");
const LBL_W501_OTHER: Template = Template::new("the higher place", "较前的名次");
const HELP_W501: Template = Template::new(
    "check the two amounts (swapped, or a digit too many?)",
    "核对这两个金额（是否颠倒，或多写了一位数）",
);
pub(super) fn each_and_currency(block: &Prizes, diags: &mut Diagnostics) {
    for line in &block.lines {
        let Some(m) = &line.money else { continue };
        let every = match &line.key {
            PrizeKey::Places(_) => None,
            PrizeKey::Eliminated { stage, round, .. } => {
                Some(format!("eliminated {} round {}", stage.node, round.node))
            }
            PrizeKey::Completed(_) => Some("completed".to_string()),
        };
        if let Some(key) = every.filter(|_| !line.each) {
            let amount = m.amount.node.to_string();
            let args = [("key", key.as_str()), ("amount", amount.as_str())];
            diags.push(
                Diagnostic::new(
                    &E506,
                    MSG_E506_EVERY.fill(&args),
                    m.span,
                    LBL_E506_EVERY.plain(),
                )
                .with_help(HELP_E506_EVERY.fill(&args)),
            );
        }
        if let PrizeKey::Places(r) = &line.key {
            if r.start != r.end && !line.each {
                let (range, amount) = (range_text(r.start, r.end), m.amount.node.to_string());
                diags.push(
                    Diagnostic::new(
                        &E506,
                        MSG_E506.fill(&[("range", &range)]),
                        m.span,
                        LBL_E506.plain(),
                    )
                    .with_help(HELP_E506.fill(&[("range", &range), ("amount", &amount)])),
                );
            }
        }
        if currency(block, m).is_none() {
            let amount = m.amount.node.to_string();
            diags.push(
                Diagnostic::new(
                    &E508,
                    MSG_E508.fill(&[("amount", &amount)]),
                    m.span,
                    LBL_E508.plain(),
                )
                .with_help(HELP_E508.fill(&[("amount", &amount)])),
            );
        }
    }
}

pub(super) fn overlaps_and_gaps(paid: &[Paid<'_>], diags: &mut Diagnostics) {
    for (i, a) in paid.iter().enumerate() {
        for b in paid.iter().skip(i + 1) {
            if b.start > a.end {
                break;
            }
            // A line of items only (`1..3: trophy`, `1..22: certificate`) adds to what the
            // places get; only two amounts for one place are a clash.
            if a.line.money.is_none() || b.line.money.is_none() {
                continue;
            }
            let next = a.end.saturating_add(1);
            let help = if next <= b.end {
                let each = if next < b.end && b.line.each {
                    " each"
                } else {
                    ""
                };
                let amount = b
                    .line
                    .money
                    .as_ref()
                    .map(|m| format!(" {}", m.amount.node))
                    .unwrap_or_default();
                let suggest = format!("{}:{amount}{each}", range_text(next, b.end));
                HELP_E501.fill(&[("next", &next.to_string()), ("suggest", &suggest)])
            } else {
                HELP_E501_REMOVE.plain()
            };
            diags.push(
                Diagnostic::new(
                    &E501,
                    MSG_E501.fill(&[("place", &b.start.max(a.start).to_string())]),
                    b.line.span,
                    LBL_E501.fill(&[
                        ("range", &range_text(b.start, b.end)),
                        ("range_zh", &range_zh(b.start, b.end)),
                    ]),
                )
                .with_label(
                    a.line.span,
                    LBL_E501_FIRST.fill(&[
                        ("range", &range_text(a.start, a.end)),
                        ("range_zh", &range_zh(a.start, a.end)),
                    ]),
                )
                .with_help(help),
            );
        }
    }
    let mut reached = 0u32;
    for p in paid {
        if p.start > reached.saturating_add(1) {
            let (from, to) = (reached + 1, p.start - 1);
            let gap = range_text(from, to);
            let each = if from < to { " each" } else { "" };
            let msg = if reached == 0 {
                MSG_E502_START.fill(&[("first", &p.start.to_string()), ("gap", &gap)])
            } else {
                let (s, s_verb) = if from < to { ("s", "") } else { ("", "s") };
                MSG_E502.fill(&[("gap", &gap), ("s", s), ("s_verb", s_verb)])
            };
            diags.push(
                Diagnostic::new(&E502, msg, p.line.span, LBL_E502.plain())
                    .with_help(HELP_E502.fill(&[("gap", &gap), ("each", each)])),
            );
        }
        reached = reached.max(p.end);
    }
}
pub(super) fn rises(paid: &[Paid<'_>], diags: &mut Diagnostics) {
    // The best-paid higher place seen so far, per currency.
    let mut best: BTreeMap<Option<&str>, (u64, u32, Span)> = BTreeMap::new();
    for p in paid {
        let Some((amount, cur)) = p.per_place else {
            continue;
        };
        if let Some((prev, place, span)) = best.get(&cur).copied() {
            if amount > prev && p.start > place {
                let c = cur.unwrap_or("");
                diags.push(
                    Diagnostic::new(
                        &W501,
                        MSG_W501.fill(&[
                            ("lower", &p.start.to_string()),
                            ("more", &amount.to_string()),
                            ("higher", &place.to_string()),
                            ("less", &prev.to_string()),
                            ("cur", c),
                        ]),
                        p.line.span,
                        LBL_W501.plain(),
                    )
                    .with_label(span, LBL_W501_OTHER.plain())
                    .with_help(HELP_W501.plain()),
                );
            }
        }
        // Compare each line with the line just above it, so one slip is reported once.
        best.insert(cur, (amount, p.end, p.line.span));
    }
}

pub(super) fn shared_equal(decl: &ast::PlacesDecl, paid: &[Paid<'_>], diags: &mut Diagnostics) {
    let (lo, hi) = (decl.places.start, decl.places.end);
    let touching: Vec<&Paid<'_>> = paid
        .iter()
        .filter(|p| p.start <= hi && lo <= p.end)
        .collect();
    if touching.is_empty() {
        return;
    }
    let covered: u64 = touching
        .iter()
        .map(|p| u64::from(p.end.min(hi).saturating_sub(p.start.max(lo))) + 1)
        .sum();
    let all = u64::from(hi.saturating_sub(lo)) + 1;
    let mut amounts: Vec<String> = Vec::new();
    for p in &touching {
        let a = match p.per_place {
            Some((a, c)) => format!(
                "{}: {a}{}",
                range_text(p.start.max(lo), p.end.min(hi)),
                c.map(|c| format!(" {c}")).unwrap_or_default()
            ),
            None => format!("{}: —", range_text(p.start.max(lo), p.end.min(hi))),
        };
        amounts.push(a);
    }
    let distinct: Vec<Option<(u64, Option<&str>)>> =
        touching
            .iter()
            .map(|p| p.per_place)
            .fold(Vec::new(), |mut v, x| {
                if !v.contains(&x) {
                    v.push(x);
                }
                v
            });
    let unpaid = covered < all;
    if distinct.len() <= 1 && !unpaid {
        return;
    }
    if unpaid {
        amounts.push("the rest: nothing".to_string());
    }
    let range = range_text(lo, hi);
    let amount = touching
        .iter()
        .filter_map(|p| p.per_place.map(|(a, _)| a))
        .max()
        .unwrap_or(0)
        .to_string();
    let mut d = Diagnostic::new(
        &E505,
        MSG_E505.fill(&[
            ("range", &range),
            ("range_zh", &range_zh(lo, hi)),
            ("amounts", &amounts.join(", ")),
        ]),
        touching.first().map_or(decl.places.span, |p| p.line.span),
        LBL_E505.plain(),
    );
    for p in touching.iter().skip(1) {
        d = d.with_label(p.line.span, LBL_E505.plain());
    }
    diags.push(
        d.with_label(decl.places.span, LBL_E505_DECL.plain())
            .with_help(HELP_E505.fill(&[("range", &range), ("amount", &amount)])),
    );
}
