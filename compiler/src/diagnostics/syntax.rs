//! Syntax errors as diagnostics: each [`SyntaxErrorKind`] has its own E0xx code, message, label,
//! help line and explanation. The parser says what it could not read; this module says it to a
//! person, in English and Chinese.

use xqreg_grammar::{expected_in_chinese, SyntaxError, SyntaxErrorKind};

use super::source::SourceFile;
use super::{Code, Diagnostic, Explain, Msg, Severity, Template};

macro_rules! syntax_code {
    ($id:ident, $code:literal, $name:literal, $meaning:expr, $example:expr, $fix:expr) => {
        pub static $id: Code = Code {
            code: $code,
            name: $name,
            severity: Severity::Error,
            explain: Explain {
                meaning: $meaning,
                example: $example,
                fix: $fix,
            },
        };
    };
}

syntax_code!(
    E001,
    "E001",
    "invalid-utf8",
    Template::new(
        "The file is not UTF-8 text. Regulation files are read as UTF-8; a file saved as GBK or \
         GB18030 (common for Chinese documents) has bytes that are not valid UTF-8, and nothing \
         in it can be read.",
        "文件不是 UTF-8 文本。规程文件按 UTF-8 读取；以 GBK 或 GB18030 保存的文件（中文文档常见）\
         含有不合法的 UTF-8 字节，整个文件都无法读取。"
    ),
    "// a file saved in GB18030: the bytes of \"周庄\" are not UTF-8\nregulation \"\\xD6\\xDC\\xD7\\xAF\" { }",
    Template::new(
        "Save the file as UTF-8, or convert it: `iconv -f GB18030 -t UTF-8 old.xqr > new.xqr`. \
         The diagnostic names the first bad byte.",
        "把文件另存为 UTF-8，或用 `iconv -f GB18030 -t UTF-8 old.xqr > new.xqr` 转换。诊断会指出第一个不合法的字节。"
    )
);

syntax_code!(
    E002,
    "E002",
    "unexpected-token",
    Template::new(
        "The parser found text it did not expect at this place of a block. The rest of the block \
         is skipped; the other blocks of the file are still read and checked.",
        "解析器在块中此处遇到了不应出现的内容。该块其余部分被跳过；文件中其他块仍会被读取和检查。"
    ),
    "scoring { win 2 draw 1 loss }",
    Template::new(
        "Write what the message says is expected here (for example a number after `loss`), or \
         remove the stray text.",
        "按提示在此处写出应有的内容（例如 `loss` 后面的分数），或删除多余的文字。"
    )
);

syntax_code!(
    E003,
    "E003",
    "unknown-block",
    Template::new(
        "A line that starts in column 1 must begin a top-level block with a reserved keyword \
         (`regulation`, `stage`, `time`, `prizes`, ...). This line starts with a word that is not \
         one of them.",
        "从第 1 列开始的行必须以保留关键字开始一个顶层块（`regulation`、`stage`、`time`、`prizes` 等）。此行开头的词不是关键字。"
    ),
    "stages groups \"小组赛\" { }",
    Template::new(
        "Fix the keyword's spelling (the help line proposes the nearest one), or indent the line \
         if it belongs inside the block above.",
        "改正关键字的拼写（帮助行给出最接近的关键字），如果此行属于上面的块，则把它缩进。"
    )
);

syntax_code!(
    E004,
    "E004",
    "unclosed-block",
    Template::new(
        "A `{` has no matching `}` before the next top-level block or the end of the file.",
        "`{` 在下一个顶层块或文件结尾之前没有对应的 `}`。"
    ),
    "scoring { win 2 draw 1 loss 0\n\nstage groups \"小组赛\" { }",
    Template::new(
        "Add the missing `}` at the end of the block.",
        "在块的末尾补上缺少的 `}`。"
    )
);

syntax_code!(
    E005,
    "E005",
    "unclosed-string",
    Template::new(
        "A string has no closing `\"` on its line. Strings never span lines.",
        "字符串在本行内没有结束的 `\"`。字符串不能跨行。"
    ),
    "note \"着装 \"选手须着正装\"",
    Template::new(
        "Close the string with `\"` on the same line. A full-width quote `”` does not close a string.",
        "在同一行用 `\"` 结束字符串。全角引号 `”` 不能结束字符串。"
    )
);

syntax_code!(
    E006,
    "E006",
    "full-width-punctuation",
    Template::new(
        "Full-width punctuation (`，` `：` `（` `）` `“` `”` `；`) stands where the syntax needs its \
         ASCII form. Full-width characters are fine inside strings, not between tokens.",
        "语法要求半角标点的位置写了全角标点（`，` `：` `（` `）` `“` `”` `；`）。全角字符可以写在字符串里，不能写在词法单元之间。"
    ),
    "prizes CNY after_tax { 1： 80000 }",
    Template::new(
        "Replace the character with its ASCII form (the help line names it), usually by \
         switching the input method to half-width.",
        "把该字符换成半角形式（帮助行给出），通常切换输入法到半角即可。"
    )
);

syntax_code!(
    E007,
    "E007",
    "chinese-number",
    Template::new(
        "A Chinese amount such as `1.5万` or `8千` stands where a number is needed. Numbers are \
         written in ASCII digits so that there is one way to read them.",
        "需要数字的位置写了中文数额，例如 `1.5万` 或 `8千`。数字一律用阿拉伯数字书写，以免歧义。"
    ),
    "prizes CNY after_tax { 1: 8万 }",
    Template::new(
        "Write the number in digits: `8万` is `80000`.",
        "用阿拉伯数字书写：`8万` 写作 `80000`。"
    )
);

syntax_code!(
    E008,
    "E008",
    "invalid-date",
    Template::new(
        "A date has a month or day out of range (`2014-02-30`, `2014-13-01`). Dates are \
         `YYYY-MM-DD` and must exist in the calendar.",
        "日期的月或日超出范围（`2014-02-30`、`2014-13-01`）。日期格式为 `YYYY-MM-DD`，且必须是日历上存在的日期。"
    ),
    "regulation \"周庄杯\" { dates 2014-04-27 .. 2014-04-31 }",
    Template::new(
        "Correct the date; check the original regulation for a typo.",
        "改正日期；核对原规程是否有笔误。"
    )
);

syntax_code!(
    E009,
    "E009",
    "invalid-time",
    Template::new(
        "A clock time is out of range (`25:00`, `08:61`). Times are `HH:MM` on a 24-hour clock.",
        "时刻超出范围（`25:00`、`08:61`）。时刻格式为 24 小时制的 `HH:MM`。"
    ),
    "schedule { day 2014-04-27 { 25:00 round groups 1 } }",
    Template::new(
        "Write the time on a 24-hour clock, from `00:00` to `23:59`.",
        "按 24 小时制书写时刻，范围 `00:00` 到 `23:59`。"
    )
);

syntax_code!(
    E010,
    "E010",
    "invalid-duration",
    Template::new(
        "A duration has no unit or an unknown one. Durations are written with `h`, `min` and `s`: \
         `20min`, `30s`, `1h30min`.",
        "时长缺少单位或单位不认识。时长用 `h`、`min`、`s` 书写：`20min`、`30s`、`1h30min`。"
    ),
    "time standard \"慢棋\" { base 20分钟 increment 20s }",
    Template::new(
        "Write the duration with a unit: `20分钟` and `20m` are `20min`.",
        "给时长写上单位：`20分钟`、`20m` 写作 `20min`。"
    )
);

syntax_code!(
    E011,
    "E011",
    "number-too-large",
    Template::new(
        "A number is too large for its place (a count, a place or an amount beyond what any \
         event can have).",
        "数字超出了该位置允许的范围（人数、名次或金额大到任何比赛都不可能有）。"
    ),
    "entry { field 99999999999 }",
    Template::new(
        "Check the number for extra digits.",
        "检查数字是否多写了位数。"
    )
);

syntax_code!(
    E012,
    "E012",
    "reversed-range",
    Template::new(
        "A range ends before it starts (`12..7`). Ranges are inclusive and written low to high.",
        "范围的终点在起点之前（`12..7`）。范围包含两端，从小到大书写。"
    ),
    "prizes CNY after_tax { 12..7: 1000 }",
    Template::new("Swap the ends: `7..12`.", "交换两端：`7..12`。")
);

syntax_code!(
    E013,
    "E013",
    "invalid-currency",
    Template::new(
        "A currency is not three upper-case letters. Currencies are ISO 4217 codes: `CNY`, \
         `HKD`, `TWD`, `USD`.",
        "货币不是三个大写字母。货币使用 ISO 4217 代码：`CNY`、`HKD`、`TWD`、`USD`。"
    ),
    "prizes RMB after_tax { 1: 80000 }",
    Template::new(
        "Write the ISO code: `元` and `RMB` are `CNY`.",
        "写 ISO 代码：`元`、`RMB` 写作 `CNY`。"
    )
);

syntax_code!(
    E014,
    "E014",
    "misplaced-block",
    Template::new(
        "A top-level keyword is indented, or a top-level block is written inside another block. \
         Top-level blocks start in column 1; this lets the parser report one error per broken \
         block instead of stopping at the first.",
        "顶层关键字被缩进了，或者顶层块写在了另一个块的里面。顶层块必须从第 1 列开始；这样解析器才能对每个出错的块各报一个错误，而不是在第一个错误处停止。"
    ),
    "regulation \"周庄杯\" {\n  stage groups \"小组赛\" { }\n}",
    Template::new(
        "Move the block out of the enclosing block and start it in column 1.",
        "把该块移出外层块，并从第 1 列开始书写。"
    )
);

/// Every syntax code, in code order.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E001,
        &E002,
        &E003,
        &E004,
        &E005,
        &E006,
        &E007,
        &E008,
        &E009,
        &E010,
        &E011,
        &E012,
        &E013,
        &E014,
        &super::misspelt::E017,
    ]
}

fn code_for(kind: &SyntaxErrorKind) -> &'static Code {
    match kind {
        SyntaxErrorKind::InvalidUtf8 { .. } => &E001,
        SyntaxErrorKind::Unexpected { .. } => &E002,
        SyntaxErrorKind::UnknownBlock { .. } => &E003,
        SyntaxErrorKind::UnclosedBlock => &E004,
        SyntaxErrorKind::UnclosedString => &E005,
        SyntaxErrorKind::FullWidth { .. } => &E006,
        SyntaxErrorKind::ChineseNumber { .. } => &E007,
        SyntaxErrorKind::InvalidDate { .. } => &E008,
        SyntaxErrorKind::InvalidTime { .. } => &E009,
        SyntaxErrorKind::InvalidDuration { .. } => &E010,
        SyntaxErrorKind::NumberTooLarge { .. } => &E011,
        SyntaxErrorKind::ReversedRange { .. } => &E012,
        SyntaxErrorKind::InvalidCurrency { .. } => &E013,
        SyntaxErrorKind::MisplacedBlock { .. } => &E014,
    }
}

/// "a, b or c" / "a、b 或 c".
fn one_of(words: &[String]) -> Msg {
    // The grammar owns the Chinese of its own phrases.
    let zh: Vec<String> = words
        .iter()
        .map(|w| expected_in_chinese(w).to_string())
        .collect();
    match (words, zh.as_slice()) {
        ([one], [one_zh]) => Msg::new(one.clone(), one_zh.clone()),
        ([init @ .., last], [init_zh @ .., last_zh]) => Msg::new(
            format!("{} or {last}", init.join(", ")),
            format!("{} 或 {last_zh}", init_zh.join("、")),
        ),
        _ => Msg::new("something else", "其他内容"),
    }
}

fn nearest_keyword(found: &str) -> Option<&'static str> {
    let word: String = found
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '{' && *c != '"')
        .collect();
    xqreg_grammar::TOP_LEVEL_KEYWORDS
        .iter()
        .map(|k| (strsim::damerau_levenshtein(&word, k), *k))
        .filter(|(d, k)| *d > 0 && *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

/// The diagnostic for one syntax error in `source`.
pub fn to_diagnostic(err: &SyntaxError, source: &SourceFile) -> Diagnostic {
    if let Some(d) = super::misspelt::diagnostic(err) {
        return d;
    }
    let code = code_for(&err.kind);
    let (message, label, help): Texts = match &err.kind {
        SyntaxErrorKind::InvalidUtf8 { offset } => invalid_utf8(*offset, source),
        SyntaxErrorKind::Unexpected { expected, found } => unexpected(expected, found),
        SyntaxErrorKind::UnknownBlock { found } => unknown_block(found),
        SyntaxErrorKind::UnclosedBlock => (
            Msg::new("this `{` is never closed", "此 `{` 没有对应的 `}`"),
            Msg::new("opened here", "在此打开"),
            Some(Msg::new(
                "add `}` at the end of the block",
                "在块的末尾补上 `}`",
            )),
        ),
        SyntaxErrorKind::UnclosedString => (
            Msg::new(
                "string is not closed on its line",
                "字符串在本行内没有结束",
            ),
            Msg::new("string starts here", "字符串从此处开始"),
            Some(Msg::new(
                "close the string with `\"` (a full-width `”` does not close it)",
                "用半角 `\"` 结束字符串（全角 `”` 不能结束字符串）",
            )),
        ),
        SyntaxErrorKind::FullWidth { found, replacement } => (
            Msg::new(
                format!("full-width `{found}` where `{replacement}` is needed"),
                format!("此处应为半角 `{replacement}`，而不是全角 `{found}`"),
            ),
            Msg::new("full-width", "全角"),
            Some(Msg::new(
                format!("replace `{found}` with `{replacement}`"),
                format!("把 `{found}` 换成 `{replacement}`"),
            )),
        ),
        SyntaxErrorKind::ChineseNumber { found, suggestion } => (
            Msg::new(
                format!("`{found}` is not a number; numbers are written in digits"),
                format!("`{found}` 不是数字；数字须用阿拉伯数字书写"),
            ),
            Msg::new("Chinese amount", "中文数额"),
            Some(Msg::new(
                format!("write `{suggestion}`"),
                format!("写作 `{suggestion}`"),
            )),
        ),
        SyntaxErrorKind::InvalidDate { found } => (
            Msg::new(
                format!("`{found}` is not a calendar date"),
                format!("`{found}` 不是日历上存在的日期"),
            ),
            Msg::new("no such date", "没有这一天"),
            Some(Msg::new(
                "dates are YYYY-MM-DD with a month from 01 to 12 and a day that exists in that month",
                "日期格式为 YYYY-MM-DD，月份 01 到 12，日须是该月存在的日子",
            )),
        ),
        SyntaxErrorKind::InvalidTime { found } => (
            Msg::new(
                format!("`{found}` is not a clock time"),
                format!("`{found}` 不是有效的时刻"),
            ),
            Msg::new("out of range", "超出范围"),
            Some(Msg::new(
                "times are HH:MM from 00:00 to 23:59",
                "时刻格式为 HH:MM，范围 00:00 到 23:59",
            )),
        ),
        SyntaxErrorKind::InvalidDuration { found, suggestion } => invalid_duration(found, suggestion),
        SyntaxErrorKind::NumberTooLarge { found } => (
            Msg::new(
                format!("number `{found}` is too large here"),
                format!("数字 `{found}` 在此处过大"),
            ),
            Msg::new("too large", "过大"),
            Some(Msg::new(
                "check the number for extra digits",
                "检查数字是否多写了位数",
            )),
        ),
        SyntaxErrorKind::ReversedRange { found } => reversed_range(found),
        SyntaxErrorKind::InvalidCurrency { found, suggestion } => invalid_currency(found, suggestion),
        SyntaxErrorKind::MisplacedBlock { keyword } => (
            Msg::new(
                format!("top-level block `{keyword}` is not at the start of a line"),
                format!("顶层块 `{keyword}` 没有从行首开始"),
            ),
            Msg::new("top-level keyword", "顶层关键字"),
            Some(Msg::new(
                format!("move `{keyword}` out of the enclosing block and start it in column 1"),
                format!("把 `{keyword}` 移出外层块，并从第 1 列开始书写"),
            )),
        ),
    };
    let mut d = Diagnostic::new(code, message, err.span, label);
    if let Some(block) = err
        .block
        .filter(|b| *b != err.span && !matches!(err.kind, SyntaxErrorKind::InvalidUtf8 { .. }))
    {
        d = d.with_label(block, Msg::new("in this block", "所在的块"));
    }
    if let Some(h) = help {
        d = d.with_help(h);
    }
    d
}

/// A syntax error's message, label and help.
type Texts = (Msg, Msg, Option<Msg>);

fn invalid_utf8(offset: usize, source: &SourceFile) -> Texts {
    let p = source.position(offset);
    let (line, column, off) = (p.line.to_string(), p.column.to_string(), offset.to_string());
    let args = [
        ("file", source.name.as_str()),
        ("line", line.as_str()),
        ("column", column.as_str()),
        ("offset", off.as_str()),
    ];
    (
        Template::new(
            "`{file}` is not UTF-8: the first invalid byte is at line {line}, column {column} (byte offset {offset})",
            "`{file}` 不是 UTF-8 文本：第一个不合法的字节在第 {line} 行第 {column} 列（字节偏移 {offset}）",
        )
        .fill(&args),
        Msg::new("first invalid byte", "第一个不合法的字节"),
        Some(Msg::new(
            "save the file as UTF-8, e.g. `iconv -f GB18030 -t UTF-8`",
            "把文件另存为 UTF-8，例如 `iconv -f GB18030 -t UTF-8`",
        )),
    )
}

fn unexpected(expected: &[String], found: &Option<String>) -> Texts {
    let found = match found {
        Some(f) => Msg::new(format!("`{f}`"), format!("`{f}`")),
        None => Msg::new("end of file", "文件结尾"),
    };
    let exp = one_of(expected);
    (
        Msg::new(
            format!("unexpected {}, expected {}", found.en, exp.en),
            format!("此处不应出现 {}，应为 {}", found.zh, exp.zh),
        ),
        Msg::new(format!("expected {}", exp.en), format!("应为 {}", exp.zh)),
        Some(Msg::new(
            format!("write {} here", exp.en),
            format!("在此处写 {}", exp.zh),
        )),
    )
}

fn unknown_block(found: &str) -> Texts {
    (
    Msg::new(
        format!("`{found}` does not start a top-level block"),
        format!("`{found}` 不是顶层块的开头"),
    ),
    Msg::new("unknown keyword", "未知关键字"),
    Some(match nearest_keyword(found) {
        Some(k) => Msg::new(format!("did you mean `{k}`?"), format!("是否应为 `{k}`？")),
        None => Msg::new(
            "indent the line if it belongs to the block above, or start it with a block keyword such as `stage` or `prizes`",
            "如果此行属于上面的块，请缩进；否则以 `stage`、`prizes` 等块关键字开头",
        ),
    }),
    )
}

fn invalid_duration(found: &str, suggestion: &Option<String>) -> Texts {
    (
        Msg::new(
            format!("`{found}` is not a duration"),
            format!("`{found}` 不是有效的时长"),
        ),
        Msg::new("unit missing or unknown", "缺少单位或单位未知"),
        Some(match suggestion {
            Some(s) => Msg::new(format!("write `{s}`"), format!("写作 `{s}`")),
            None => Msg::new(
                "durations use `h`, `min` and `s`: `20min`, `30s`, `1h30min`",
                "时长使用 `h`、`min`、`s`：`20min`、`30s`、`1h30min`",
            ),
        }),
    )
}

fn reversed_range(found: &str) -> Texts {
    let swapped = found
        .split_once("..")
        .map(|(a, b)| format!("{}..{}", b.trim(), a.trim()));
    (
        Msg::new(
            format!("range `{found}` ends before it starts"),
            format!("范围 `{found}` 的终点在起点之前"),
        ),
        Msg::new("reversed", "起止颠倒"),
        Some(match swapped {
            Some(s) => Msg::new(format!("write `{s}`"), format!("写作 `{s}`")),
            None => Msg::new("write the range low to high", "范围须从小到大书写"),
        }),
    )
}

fn invalid_currency(found: &str, suggestion: &Option<String>) -> Texts {
    (
        Msg::new(
            format!("`{found}` is not a currency code"),
            format!("`{found}` 不是货币代码"),
        ),
        Msg::new("not three upper-case letters", "不是三个大写字母"),
        Some(match suggestion {
            Some(s) => Msg::new(format!("write `{s}`"), format!("写作 `{s}`")),
            None => Msg::new(
                "write an ISO 4217 code such as `CNY`, `HKD`, `TWD`",
                "写 ISO 4217 代码，例如 `CNY`、`HKD`、`TWD`",
            ),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_words_are_joined_in_both_languages() {
        let m = one_of(&["a number".to_string(), "`}`".to_string()]);
        assert_eq!(m.en, "a number or `}`");
        assert_eq!(m.zh, format!("{} 或 `}}`", expected_in_chinese("a number")));
        assert_eq!(one_of(&[]).en, "something else");
    }
}
