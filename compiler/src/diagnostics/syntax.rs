//! Syntax errors as diagnostics: each [`SyntaxErrorKind`] has its own E0xx code, message, label,
//! help line and explanation. The parser says what it could not read; this module says it to a
//! person, in English and Chinese.

use xqreg_grammar::{expected_in_chinese, SyntaxError, SyntaxErrorKind};

use super::source::SourceFile;
use super::{Code, Diagnostic, Explain, Msg, Severity, Template};

// The message catalogue of this module: compiler/messages/diagnostics/syntax.toml.
include!(concat!(env!("OUT_DIR"), "/messages/diagnostics/syntax.rs"));

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
        NOT_UTF8.fill(&args),
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
