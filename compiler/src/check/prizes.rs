//! Prize tables and qualification places: ranges contiguous from 1 and not overlapping, a range
//! pays `each`, every line has a currency, a declared total equals the sum, paid places exist,
//! shared places are paid equally, amounts do not rise with place; qualification quotas fit
//! their category. Also the note on display headings with no English rendering.
//!
//! A block keyed by a category ranks inside that category: its places are checked against what
//! the category can hold, not the field. Sums are per currency.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, Item, Money, PlacesRule, PrizeKey, PrizeLine, Prizes, Text};
use xqreg_grammar::Span;

use super::entry;
use super::facts::FormatKind;
use super::limits::OVERFLOW;
use super::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[
    &E501, &E502, &E503, &E504, &E505, &E506, &E507, &E508, &E511, &W501, &W502, &N501,
];

pub static E501: Code = Code {
    code: "E501",
    name: "prize-ranges-overlap",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "Two lines of one prize table pay an amount for the same place. (A line of items only, such as `1..22: certificate`, may cover places that other lines pay.)",
            "同一奖励表中的两行对同一名次发奖金。（只有奖品的行，例如 `1..22: certificate`，可以与其他行的名次重叠。）",
        ),
        example: "prizes \"奖金\" CNY { 1: 10000  2: 5000  2..4: 1000 each }",
        fix: Template::new(
            "Start the range after the single place: `3..4: 1000 each`.",
            "让范围从下一个名次开始：`3..4: 1000 each`。",
        ),
    },
};

pub static E502: Code = Code {
    code: "E502",
    name: "prize-ranges-gap",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The places of a prize table are not contiguous from 1: a place between two paid places (or before the first) gets nothing, which is almost always a typo.",
            "奖励表的名次不是从第1名起连续的：两个有奖名次之间（或第一个之前）有名次没有奖励，几乎总是笔误。",
        ),
        example: "prizes \"奖金\" CNY { 1: 10000  2: 5000  4: 2000 }",
        fix: Template::new(
            "Add the missing place (`3: 3000`) or widen a neighbouring range.",
            "补上缺少的名次（`3: 3000`），或扩大相邻的范围。",
        ),
    },
};

pub static E503: Code = Code {
    code: "E503",
    name: "prize-total-mismatch",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The declared `total` of a prize table differs from the sum of its lines (a range with `each` counts once per place; eliminated-round prizes once per loser).",
            "奖励表声明的总额 `total` 与各行之和不符（带 `each` 的范围按名次数计算；淘汰轮奖励按被淘汰人数计算）。",
        ),
        example: "prizes \"奖金\" CNY { 1: 10000  2: 5000  3..4: 1000 each  total 16000 }",
        fix: Template::new(
            "Correct the total (here `total 17000`) or the line that is wrong.",
            "改正总额（此处为 `total 17000`）或有误的那一行。",
        ),
    },
};

pub static E504: Code = Code {
    code: "E504",
    name: "prize-place-beyond-field",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A prize is paid for a place that cannot exist: beyond the field, the cap, or the most players the prize's category can hold.",
            "对不可能存在的名次发奖：超过参赛人数、人数上限，或该组别最多可能的人数。",
        ),
        example: "entry { field 12 }\nprizes \"奖金\" CNY { 1..16: 1000 each }",
        fix: Template::new(
            "Stop the table at the last possible place (`1..12: 1000 each`) or correct the field.",
            "奖励表到最后一个可能的名次为止（`1..12: 1000 each`），或改正参赛人数。",
        ),
    },
};

pub static E505: Code = Code {
    code: "E505",
    name: "shared-places-unequal",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "Places declared shared (`places A..B shared ...`) are tied, so every player in them must be paid the same; the prize table pays them differently.",
            "声明为并列的名次（`places A..B shared ...`）名次相同，其中每名棋手的奖励必须相同；奖励表却对它们发不同的奖金。",
        ),
        example: "places 9..16 shared groups.*#3..4\nprizes \"奖金\" CNY { ... 9..12: 1000 each  13..16: 500 each }",
        fix: Template::new(
            "Pay the whole shared range one amount: `9..16: 1000 each`.",
            "对整个并列范围发同样的奖金：`9..16: 1000 each`。",
        ),
    },
};

pub static E506: Code = Code {
    code: "E506",
    name: "range-without-each",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A prize line for a range of places gives one amount without `each`: it does not say whether every place gets the amount or the places share it.",
            "对一个名次范围发奖的行只写了一个金额而没有 `each`：没有说明是每个名次各得该金额，还是共同分享。",
        ),
        example: "prizes \"奖金\" CNY { 5..8: 800 }",
        fix: Template::new(
            "Write `5..8: 800 each`, or split the amount over single places.",
            "写成 `5..8: 800 each`，或分别列出各名次的金额。",
        ),
    },
};

pub static E507: Code = Code {
    code: "E507",
    name: "quota-exceeds-category",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A qualification quota is larger than the number of players its category (or the whole field, for `overall`) can hold.",
            "晋级名额多于该组别（`overall` 时为全体参赛者）可能的人数。",
        ),
        example: "entry { field 12 }\nqualification \"总决赛\" { overall 16 }",
        fix: Template::new(
            "Lower the quota to at most the category's size, or correct the category.",
            "把名额减少到不超过该组别的人数，或改正组别。",
        ),
    },
};

pub static E508: Code = Code {
    code: "E508",
    name: "currency-missing",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A prize amount has no currency: neither the line nor the block names one.",
            "奖金金额没有币种：该行和奖励表都没有写明币种。",
        ),
        example: "prizes \"奖金\" { 1: 10000 }",
        fix: Template::new(
            "Name the currency on the block (`prizes \"奖金\" CNY { ... }`) or on the line (`1: 10000 CNY`).",
            "在奖励表上写明币种（`prizes \"奖金\" CNY { ... }`），或在该行写明（`1: 10000 CNY`）。",
        ),
    },
};

pub static E511: Code = Code {
    code: "E511",
    name: "prize-category-empty",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A prize table pays a category that no player can be in: every player is named and none meets its conditions, its pool has no places, or its sex is excluded by the event.",
            "奖励表针对的组别不可能有棋手：所有棋手均已列出而无人符合其条件，其名额来源没有名额，或其性别被本项比赛排除。",
        ),
        example: "regulation \"…\" { event men_individual }\ncategory women \"女子\" { sex women }\nprizes women \"女子奖\" CNY { 1: 1000 }",
        fix: Template::new(
            "Remove the table, or correct the category's conditions.",
            "删去该奖励表，或改正组别的条件。",
        ),
    },
};

pub static W501: Code = Code {
    code: "W501",
    name: "prize-amount-rises",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "A lower place is paid more than a higher one in the same table and currency: usually two amounts swapped or a digit too many.",
            "同一奖励表、同一币种中，较后的名次比较前的名次奖金更多：通常是两个金额颠倒或多写了一位数。",
        ),
        example: "prizes \"奖金\" CNY { 1: 10000  2: 5000  3: 6000 }",
        fix: Template::new(
            "Swap or correct the amounts so that they do not rise with place.",
            "调换或改正金额，使奖金不随名次后移而增加。",
        ),
    },
};

pub static W502: Code = Code {
    code: "W502",
    name: "mixed-currency-total",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "A prize table with a declared `total` pays in several currencies: one total cannot add them up, so only the lines in the total's currency are checked against it.",
            "声明了总额 `total` 的奖励表使用多个币种：一个总额无法把它们相加，因此只核对与总额同币种的各行。",
        ),
        example: "prizes \"奖金\" CNY { 1: 10000  2: 5000 HKD  total 10000 }",
        fix: Template::new(
            "Split the table by currency (one block per currency, each with its own total).",
            "按币种拆分奖励表（每个币种一个奖励表，各有自己的总额）。",
        ),
    },
};

pub static N501: Code = Code {
    code: "N501",
    name: "missing-english",
    severity: Severity::Note,
    explain: Explain {
        meaning: Template::new(
            "A heading printed on the rule sheet has no English rendering: the English sheet prints it in Chinese. Only files whose regulation title has an English rendering (written for an English sheet) get this note, once per heading.",
            "规则单上打印的标题没有英文：英文规则单将以中文打印。只有规程标题带英文（为英文规则单而写）的文件才会得到此提示，每个标题一次。",
        ),
        example: "regulation \"第四届周庄杯\" en \"4th Zhouzhuang Cup\" { ... }\nstage groups \"小组赛\" { ... }",
        fix: Template::new(
            "Add the English beside the Chinese: `stage groups \"小组赛\" en \"Group stage\" { ... }`.",
            "在中文旁加上英文：`stage groups \"小组赛\" en \"Group stage\" { ... }`。",
        ),
    },
};

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

const MSG_E503: Template = Template::new(
    "the declared total is {total} {cur}, but the lines add up to {sum} {cur}",
    "声明的总额为 {total} {cur}，但各行之和为 {sum} {cur}",
);
const LBL_E503: Template = Template::new("declared {total}", "声明 {total}");
pub const HELP_E503: Template = Template::new(
    "write `total {sum}`, or correct the line that is wrong",
    "写成 `total {sum}`，或改正有误的那一行",
);

const MSG_E504: Template = Template::new(
    "place {place} is paid, but {what} has at most {size} players",
    "对第{place}名发奖，但{what_zh}最多只有 {size} 人",
);
const LBL_E504: Template = Template::new("beyond place {size}", "超过第{size}名");
const HELP_E504: Template = Template::new(
    "stop the table at place {size}, or correct {what}",
    "奖励表到第{size}名为止，或改正{what_zh}",
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

const MSG_E507: Template = Template::new(
    "{count} places qualify from `{cat}`, which can hold at most {size} players",
    "`{cat}` 晋级 {count} 名，但该组别最多只有 {size} 人",
);
const LBL_E507: Template = Template::new("more than the category holds", "多于该组别的人数");
const HELP_E507: Template = Template::new(
    "lower the quota to at most {size}",
    "把名额减少到不超过 {size}",
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

const MSG_E511: Template = Template::new(
    "no player can be in `{cat}`, so its prizes can never be paid",
    "没有棋手可能属于 `{cat}`，其奖励永远无法发放",
);
const LBL_E511: Template = Template::new("an empty category", "空的组别");
const HELP_E511: Template = Template::new(
    "remove the table, or correct the conditions of `{cat}`",
    "删去该奖励表，或改正 `{cat}` 的条件",
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

const MSG_W502: Template = Template::new(
    "this table pays in {currencies}; the total is checked against the {cur} lines only",
    "该奖励表使用 {currencies}；总额只与 {cur} 的各行核对",
);
const LBL_W502: Template = Template::new("one total, several currencies", "一个总额，多个币种");
const HELP_W502: Template = Template::new(
    "split the table into one block per currency, each with its own `total`",
    "按币种拆分为多个奖励表，各有自己的 `total`",
);

const MSG_N501: Template = Template::new(
    "\"{zh}\" has no English rendering; the English sheet prints it in Chinese",
    "“{zh}”没有英文；英文规则单将以中文打印",
);
const LBL_N501: Template = Template::new("no `en`", "没有 `en`");
const HELP_N501: Template = Template::new(
    "add `en \"...\"` after the Chinese text",
    "在中文之后加上 `en \"...\"`",
);

/// A paid range of a table, with the per-place amount when there is one.
struct Paid<'a> {
    start: u32,
    end: u32,
    line: &'a PrizeLine,
    /// (amount per place, currency)
    per_place: Option<(u64, Option<&'a str>)>,
}

fn currency<'a>(block: &'a Prizes, m: &'a Money) -> Option<&'a str> {
    m.currency
        .as_ref()
        .or(block.currency.as_ref())
        .map(|c| c.node.as_str())
}

/// `5至8` (a single place alone), for Chinese messages.
fn range_zh(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}至{b}")
    }
}

fn range_text(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

fn paid_lines(block: &Prizes) -> Vec<Paid<'_>> {
    let mut out: Vec<Paid<'_>> = block
        .lines
        .iter()
        .filter_map(|line| match &line.key {
            PrizeKey::Places(r) => Some(Paid {
                start: r.start,
                end: r.end,
                line,
                per_place: line
                    .money
                    .as_ref()
                    .filter(|_| line.each || r.start == r.end)
                    .map(|m| (m.amount.node, currency(block, m))),
            }),
            PrizeKey::Eliminated { .. } => None,
        })
        .collect();
    out.sort_by_key(|p| (p.start, p.end, p.line.span.start));
    out
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let shared: Vec<&ast::PlacesDecl> = ctx
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Places(p) if matches!(p.rule, PlacesRule::Shared(_)) => Some(p),
            _ => None,
        })
        .collect();
    for item in &ctx.file.items {
        match item {
            Item::Prizes(block) => {
                let paid = paid_lines(block);
                each_and_currency(block, diags);
                overlaps_and_gaps(&paid, diags);
                total(ctx, block, diags);
                beyond(ctx, block, &paid, diags);
                rises(&paid, diags);
                if block.category.is_none() {
                    for decl in &shared {
                        shared_equal(decl, &paid, diags);
                    }
                }
            }
            Item::Qualification(q) => quotas(ctx, q, diags),
            _ => {}
        }
    }
    missing_english(ctx.file, diags);
}

fn each_and_currency(block: &Prizes, diags: &mut Diagnostics) {
    for line in &block.lines {
        let Some(m) = &line.money else { continue };
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

fn overlaps_and_gaps(paid: &[Paid<'_>], diags: &mut Diagnostics) {
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

/// Losers of a knockout round: half the bracket at each round, less the byes of round 1.
fn losers(ctx: &Ctx<'_>, stage: &str, round: u32) -> Option<u64> {
    let f = ctx.facts.stages.get(stage)?;
    if f.format != FormatKind::Knockout {
        return None;
    }
    let rounds = f.rounds?;
    if round == 0 || round > rounds {
        return None;
    }
    let bracket = 1u64.checked_shl(rounds)?;
    let entrants = u64::from(f.entrants?);
    let half = bracket >> round;
    if round == 1 {
        Some(entrants.saturating_sub(bracket / 2).min(half))
    } else {
        Some(half)
    }
}

fn total(ctx: &Ctx<'_>, block: &Prizes, diags: &mut Diagnostics) {
    let Some(total) = &block.total else { return };
    let Some(cur) = currency(block, total) else {
        return;
    };
    let mut sums: BTreeMap<&str, u64> = BTreeMap::new();
    for line in &block.lines {
        let Some(m) = &line.money else { continue };
        let Some(c) = currency(block, m) else { return };
        let count = match &line.key {
            PrizeKey::Places(r) => {
                if r.start != r.end && !line.each {
                    // E506 asks what the amount means; the sum cannot be known.
                    return;
                }
                u64::from(r.end.saturating_sub(r.start)) + 1
            }
            PrizeKey::Eliminated { stage, round, .. } => {
                let Some(n) = losers(ctx, &stage.node, round.node) else {
                    return;
                };
                if line.each {
                    n
                } else {
                    1
                }
            }
        };
        let e = sums.entry(c).or_insert(0);
        match m
            .amount
            .node
            .checked_mul(count)
            .and_then(|a| e.checked_add(a))
        {
            Some(t) => *e = t,
            None => {
                // No total can be proposed: E514 says the lines cannot be added up.
                diags.push(OVERFLOW.at(line.span, &[("cur", c)]));
                return;
            }
        }
    }
    if sums.len() > 1 {
        let currencies = sums.keys().copied().collect::<Vec<_>>().join(", ");
        diags.push(
            Diagnostic::new(
                &W502,
                MSG_W502.fill(&[("currencies", &currencies), ("cur", cur)]),
                total.span,
                LBL_W502.plain(),
            )
            .with_help(HELP_W502.plain()),
        );
    }
    let sum = sums.get(cur).copied().unwrap_or(0);
    if sum != total.amount.node {
        let (t, s) = (total.amount.node.to_string(), sum.to_string());
        diags.push(
            Diagnostic::new(
                &E503,
                MSG_E503.fill(&[("total", &t), ("sum", &s), ("cur", cur)]),
                total.span,
                LBL_E503.fill(&[("total", &t)]),
            )
            .with_help(HELP_E503.fill(&[("sum", &s)])),
        );
    }
}

fn beyond(ctx: &Ctx<'_>, block: &Prizes, paid: &[Paid<'_>], diags: &mut Diagnostics) {
    let (size, what, what_zh) = match &block.category {
        None => match entry::field_bound(ctx.file) {
            Some(n) => (n, "the field".to_string(), "参赛人数".to_string()),
            None => return,
        },
        Some(cat) => {
            // An unknown category is reported once, by the name check.
            if !ctx.scope.categories.contains_key(cat.node.as_str()) {
                return;
            }
            match entry::category_capacity(ctx.file, &cat.node) {
                Some(0) => {
                    diags.push(
                        Diagnostic::new(
                            &E511,
                            MSG_E511.fill(&[("cat", &cat.node)]),
                            cat.span,
                            LBL_E511.plain(),
                        )
                        .with_help(HELP_E511.fill(&[("cat", &cat.node)])),
                    );
                    return;
                }
                Some(n) => (
                    n,
                    format!("category `{}`", cat.node),
                    format!("组别 `{}`", cat.node),
                ),
                None => return,
            }
        }
    };
    let Some(first) = paid.iter().find(|p| p.end > size) else {
        return;
    };
    let place = first.start.max(size.saturating_add(1)).to_string();
    let size_s = size.to_string();
    diags.push(
        Diagnostic::new(
            &E504,
            MSG_E504.fill(&[
                ("place", &place),
                ("what", &what),
                ("what_zh", &what_zh),
                ("size", &size_s),
            ]),
            first.line.span,
            LBL_E504.fill(&[("size", &size_s)]),
        )
        .with_help(HELP_E504.fill(&[
            ("size", &size_s),
            ("what", &what),
            ("what_zh", &what_zh),
        ])),
    );
}

fn rises(paid: &[Paid<'_>], diags: &mut Diagnostics) {
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

fn shared_equal(decl: &ast::PlacesDecl, paid: &[Paid<'_>], diags: &mut Diagnostics) {
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

fn quotas(ctx: &Ctx<'_>, q: &ast::Qualification, diags: &mut Diagnostics) {
    for quota in &q.quotas {
        let cat = quota.category.node.as_str();
        let size = if cat == "overall" {
            entry::field_bound(ctx.file)
        } else if ctx.scope.categories.contains_key(cat) {
            entry::category_capacity(ctx.file, cat)
        } else {
            None
        };
        let Some(size) = size else { continue };
        if quota.count.node > size {
            let size_s = size.to_string();
            diags.push(
                Diagnostic::new(
                    &E507,
                    MSG_E507.fill(&[
                        ("count", &quota.count.node.to_string()),
                        ("cat", cat),
                        ("size", &size_s),
                    ]),
                    quota.count.span,
                    LBL_E507.plain(),
                )
                .with_help(HELP_E507.fill(&[("size", &size_s)])),
            );
        }
    }
}

/// Headings the sheet prints, in source order.
fn headings(file: &ast::File) -> Vec<&Text> {
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            Item::Stage(s) => out.extend(s.title.as_ref()),
            Item::Category(c) => out.extend(c.title.as_ref()),
            Item::Prizes(p) => out.extend(p.title.as_ref()),
            Item::Qualification(q) => out.push(&q.title),
            Item::Places(p) => out.extend(p.title.as_ref()),
            Item::TimeControl(t) => out.extend(t.title.as_ref()),
            Item::Playoff(p) => out.extend(p.title.as_ref()),
            Item::Note(n) => out.push(&n.heading),
            Item::Supplement(s) => out.push(&s.title),
            _ => {}
        }
    }
    out
}

fn missing_english(file: &ast::File, diags: &mut Diagnostics) {
    let Some(reg) = file.items.iter().find_map(|i| match i {
        Item::Regulation(r) => Some(r),
        _ => None,
    }) else {
        return;
    };
    let mut note = |t: &Text| {
        diags.push(
            Diagnostic::new(
                &N501,
                MSG_N501.fill(&[("zh", &t.zh.node)]),
                t.zh.span,
                LBL_N501.plain(),
            )
            .with_help(HELP_N501.plain()),
        );
    };
    // A file whose own title has no English is not written for an English sheet: stay quiet.
    if reg.title.en.is_none() {
        return;
    }
    for t in headings(file) {
        if t.en.is_none() {
            note(t);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fixtures() {
        super::super::testing::fixtures(super::CODES);
    }

    use super::super::testing::{codes, BASE};

    fn with(extra: &str) -> (Vec<String>, String) {
        codes(&format!("{BASE}{extra}"))
    }

    #[test]
    fn total_message_gives_both_numbers() {
        let (got, lines) = with(
            "prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3..4: 500 each\n  total 6500\n}\n",
        );
        assert_eq!(got, ["E503"], "{lines}");
        assert!(lines.contains("6500") && lines.contains("6000"), "{lines}");
        assert!(lines.contains("`total 6000`"), "{lines}");
    }

    #[test]
    fn seed_004_table_adds_up() {
        let text = BASE
            .replace("field 8", "field 16")
            .replace("size 8", "size 16")
            .replace("places 1..8", "places 1..16");
        // A round robin of 16 plays 15 rounds: only the table is under test here.
        let text = text.replace("  14:00 round main 7", "  14:00 round main 7..15");
        let (got, lines) = codes(&format!(
            "{text}prizes \"奖金\" CNY after_tax {{\n  1: 80000\n  2: 40000\n  3: 30000\n  4: 20000\n  5: 10000\n  6: 8000\n  7: 5000\n  8: 3000\n  9..16: 1000 each\n  total 204000\n}}\n"
        ));
        assert!(
            !got.iter()
                .any(|c| c.starts_with("E5") || c.starts_with("W5")),
            "{lines}"
        );
    }

    #[test]
    fn eliminated_round_prizes_count_the_losers() {
        let cup = r#"regulation "测试赛" {
  dates 2014-04-27 .. 2014-04-29
}
scoring { win 2  draw 1  loss 0 }
time standard "慢棋" { base 20min  increment 20s  flag loses }
time armageddon "附加赛" { red 6min  black 5min  sudden_death  flag loses  draw_goes_to black }
entry {
  field 6
}
stage cup "淘汰赛" {
  entrants roster
  knockout { seeded 8  seeding order  byes top_seeds }
  time standard
  colours lot
  playoff { armageddon armageddon colours lot }
}
schedule {
  day 2014-04-27 { 08:30 round cup 1  14:00 round cup 2 }
  day 2014-04-28 { 08:30 round cup 3 }
}
"#;
        // Six players in a bracket of eight: two byes, so round 1 has 2 losers, round 2 has 2.
        let table = "prizes \"奖金\" CNY {\n  1: 1000\n  2: 500\n  eliminated cup round 1: 100 each\n  eliminated cup round 2: 200 each\n  total 2100\n}\n";
        let (got, lines) = codes(&format!("{cup}{table}"));
        assert!(!got.contains(&"E503".to_string()), "{lines}");
        let wrong = table.replace("total 2100", "total 2300");
        let (got, lines) = codes(&format!("{cup}{wrong}"));
        assert!(got.contains(&"E503".to_string()), "{lines}");
        assert!(lines.contains("add up to 2100"), "{lines}");
    }

    #[test]
    fn item_lines_may_cover_paid_places() {
        let (got, lines) = with(
            "prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3: 1000\n  1..3: trophy\n  1..8: certificate\n}\n",
        );
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn equal_amounts_down_the_table_do_not_rise() {
        let (got, lines) =
            with("prizes \"奖金\" CNY {\n  1: 3000\n  2: 1000\n  3: 1000\n  4..8: 1000 each\n}\n");
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn other_currency_lines_are_not_compared_for_rises() {
        let (got, lines) = with("prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3: 5000 HKD\n}\n");
        assert!(got.is_empty(), "{lines}");
    }

    #[test]
    fn english_notes_only_for_files_written_in_english() {
        let (got, lines) = with("prizes \"奖金\" CNY {\n  1: 3000\n}\n");
        assert!(!got.contains(&"N501".to_string()), "{lines}");
    }
}
