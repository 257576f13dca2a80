//! Prize tables and qualification places: ranges contiguous from 1 and not overlapping, a range
//! pays `each`, every line has a currency, a declared total equals the sum, paid places exist,
//! shared places are paid equally, amounts do not rise with place; qualification quotas fit
//! their category. Also the note on display headings with no English rendering.
//!
//! A block keyed by a category ranks inside that category: its places are checked against what
//! the category can hold, not the field. Sums are per currency.

use xqreg_grammar::ast::{self, Item, Money, PlacesRule, PrizeKey, PrizeLine, Prizes};

use super::Ctx;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

mod capacity;
mod completed;
mod eliminated;
mod fund;
mod headings;
mod limit;
mod lines;
mod one_cash;
#[cfg(test)]
mod tests;

pub use capacity::HELP_E503;
use capacity::{beyond, quotas, total};
use headings::missing_english;
use lines::{each_and_currency, overlaps_and_gaps, rises, shared_equal};

pub const CODES: &[&Code] = &[
    &E501,
    &E502,
    &E503,
    &E504,
    &E505,
    &E506,
    &E507,
    &E508,
    &E511,
    &fund::E519,
    &fund::E520,
    &limit::E539,
    &completed::E540,
    &eliminated::E548,
    &eliminated::E549,
    &W501,
    &W502,
    &limit::W503,
    &one_cash::W509,
    &N501,
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
            "A prize line for a range of places (or for every loser of a knockout round, or every player who completes all their games) gives one amount without `each`: it does not say whether every place gets the amount or the places share it.",
            "对一个名次范围（或一轮淘汰赛的全部负者、赛完全部对局的全部棋手）发奖的行只写了一个金额而没有 `each`：没有说明是每个名次各得该金额，还是共同分享。",
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

/// A paid range of a table, with the per-place amount when there is one.
pub(super) struct Paid<'a> {
    start: u32,
    end: u32,
    line: &'a PrizeLine,
    /// (amount per place, currency)
    per_place: Option<(u64, Option<&'a str>)>,
}

pub(super) fn currency<'a>(block: &'a Prizes, m: &'a Money) -> Option<&'a str> {
    m.currency
        .as_ref()
        .or(block.currency.as_ref())
        .map(|c| c.node.as_str())
}

/// `5至8` (a single place alone), for Chinese messages.
pub(super) fn range_zh(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}至{b}")
    }
}

pub(super) fn range_text(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

pub(super) fn paid_lines(block: &Prizes) -> Vec<Paid<'_>> {
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
            PrizeKey::Eliminated { .. } | PrizeKey::Completed(_) => None,
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
                limit::check(block, diags);
                completed::check(ctx, block, diags);
                eliminated::check(ctx, block, diags);
                if block.category.is_none() {
                    for decl in &shared {
                        shared_equal(decl, &paid, diags);
                    }
                }
            }
            // A board prize table's lines are one board's places, checked as a table's.
            Item::BoardPrizes(b) => {
                let block = b.as_table();
                let paid = paid_lines(&block);
                each_and_currency(&block, diags);
                overlaps_and_gaps(&paid, diags);
                rises(&paid, diags);
            }
            Item::Qualification(q) => quotas(ctx, q, diags),
            _ => {}
        }
    }
    fund::check(ctx, diags);
    one_cash::check(ctx, diags);
    missing_english(ctx.file, diags);
}
