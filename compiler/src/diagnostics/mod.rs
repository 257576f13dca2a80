//! The one diagnostic type of the project, its code registry, and the message catalogue shape.
//!
//! Checks build [`Diagnostic`]s with messages in both languages ([`Msg`]); renderers (in
//! `render/`) pick the language and the format. pest, miette and codespan-reporting never appear
//! outside the converters and renderers.

mod misspelt;
pub mod registry;
pub mod render;
pub mod source;
pub mod syntax;

use xqreg_grammar::Span;

// The message catalogue of this module: compiler/messages/diagnostics.toml.
include!(concat!(env!("OUT_DIR"), "/messages/diagnostics.rs"));

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    /// The severity as a report in `lang` names it: `error`, `warning`, `note`; 错误, 警告, 提示.
    pub fn word(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Severity::Error, Lang::En) => "error",
            (Severity::Warning, Lang::En) => "warning",
            (Severity::Note, Lang::En) => "note",
            (Severity::Error, Lang::Zh) => "错误",
            (Severity::Warning, Lang::Zh) => "警告",
            (Severity::Note, Lang::Zh) => "提示",
        }
    }
}

/// The language messages are rendered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Zh,
}

/// A message in both languages. Built once where the problem is found (from the catalogue entry
/// of the module that raises it, `compiler/messages/`); the renderer picks one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    pub en: String,
    pub zh: String,
}

impl Msg {
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Self {
        Msg {
            en: en.into(),
            zh: zh.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// `said` in `lang`, a message a line (what the event commands print).
    pub fn lines(said: &[Msg], lang: Lang) -> String {
        said.iter().map(|m| format!("{}\n", m.get(lang))).collect()
    }
}

/// The nouns English messages count, plural and singular.
const COUNTED: &[(&str, &str)] = &[
    ("rounds", "round"),
    ("players", "player"),
    ("teams", "team"),
    ("games", "game"),
    ("boards", "board"),
    ("places", "place"),
    ("entries", "entry"),
    ("groups", "group"),
    ("matches", "match"),
];

/// The most characters of a user's value a message quotes (a cell, an argument, an id): text
/// pasted into a cell or onto the command line is not printed whole in every message about it.
pub const QUOTED: usize = 60;

/// A user's value as a message quotes it: its first [`QUOTED`] characters, `…` after them.
pub fn quoted(value: &str) -> String {
    shortened(value, QUOTED)
}

/// The first `most` characters of a user's text quoted in a message, `…` after them when there
/// were more: a header cell, a `Content-Length`, a pasted paragraph stays one line of a message.
pub fn shortened(text: &str, most: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(most).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// An English message whose count filled in is 1 says so in the singular: `plays 1 round`,
/// `9 rounds for 1 player`, not `1 rounds`, `1 players`. Only a `1` standing alone (not `11`,
/// `2.1`, `round 1`) before one of the counted nouns changes.
pub fn singular_counts(text: &str) -> String {
    singular_counts_outside(text, &[])
}

/// [`singular_counts`], leaving alone a noun that starts inside one of `values` (byte ranges of
/// `text` filled in from a user's value: a header cell named `1 games` is quoted as written).
fn singular_counts_outside(text: &str, values: &[std::ops::Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("1 ") {
        let before = rest[..at]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back());
        let alone =
            before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_'));
        // `round 1 players ...` numbers a round: not a count.
        let so_far = format!("{out}{}", &rest[..at]);
        let word = so_far.trim_end().rsplit(' ').next().unwrap_or("");
        let alone = alone
            && !COUNTED
                .iter()
                .any(|(plural, singular)| word == *singular || word == *plural);
        let after = &rest[at + 2..];
        let noun = COUNTED.iter().find(|(plural, _)| {
            after.starts_with(plural)
                && after[plural.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '_')
        });
        let noun_at = text.len() - after.len();
        let written = values.iter().any(|v| v.contains(&noun_at));
        match noun {
            Some((plural, singular)) if alone && !written => {
                out.push_str(&rest[..at + 2]);
                out.push_str(singular);
                rest = &after[plural.len()..];
            }
            _ => {
                out.push_str(&rest[..at + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A catalogue entry: the same message in two languages with `{name}` placeholders. Written in
/// `compiler/messages/<module>.toml`; `compiler/build.rs` generates the constants.
#[derive(Clone, Copy, Debug)]
pub struct Template {
    pub en: &'static str,
    pub zh: &'static str,
}

impl Template {
    pub const fn new(en: &'static str, zh: &'static str) -> Self {
        Template { en, zh }
    }

    /// Fill `{key}` placeholders in both languages. In English a count of 1 before a counted
    /// noun of the template reads in the singular; the values filled in are kept as written.
    pub fn fill(&self, args: &[(&str, &str)]) -> Msg {
        let (en, values) = fill_placeholders(self.en, args);
        Msg {
            en: singular_counts_outside(&en, &values),
            zh: fill_placeholders(self.zh, args).0,
        }
    }

    pub fn plain(&self) -> Msg {
        self.fill(&[])
    }
}

/// `template` with each `{key}` of `args` replaced by its value (a placeholder without a value
/// stays as written), and the byte ranges the values took in the result.
fn fill_placeholders(
    template: &str,
    args: &[(&str, &str)],
) -> (String, Vec<std::ops::Range<usize>>) {
    let mut out = String::with_capacity(template.len());
    let mut values = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let value = rest[open..].find('}').and_then(|close| {
            let key = &rest[open + 1..open + close];
            let (_, v) = args.iter().find(|(k, _)| *k == key)?;
            Some((v, close))
        });
        out.push_str(&rest[..open]);
        match value {
            Some((v, close)) => {
                values.push(out.len()..out.len() + v.len());
                out.push_str(v);
                rest = &rest[open + close + 1..];
            }
            None => {
                out.push('{');
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    (out, values)
}

/// A diagnostic's catalogue entry: its code and its message, label and help in both languages,
/// with `{placeholders}` filled at the place of the problem. Written as a table of the module's
/// `compiler/messages/<module>.toml`, generated into a constant by `compiler/build.rs`.
pub struct Report {
    pub code: &'static Code,
    pub message: Template,
    pub label: Template,
    pub help: Template,
}

impl Report {
    /// The diagnostic at `span`, every template filled with `args`. An empty help is left out.
    pub fn at(&self, span: Span, args: &[(&str, &str)]) -> Diagnostic {
        let (message, label, help) = self.texts(args);
        let d = Diagnostic::new(self.code, message, span, label);
        match help {
            Some(help) => d.with_help(help),
            None => d,
        }
    }

    /// The message, label and help filled with `args`; no help where its text is empty.
    pub fn texts(&self, args: &[(&str, &str)]) -> (Msg, Msg, Option<Msg>) {
        let help = (!self.help.en.is_empty()).then(|| self.help.fill(args));
        (self.message.fill(args), self.label.fill(args), help)
    }
}

/// A label on a span of the source: "here", or the other side of a conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: Msg,
    pub primary: bool,
}

/// One problem found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: &'static Code,
    pub message: Msg,
    /// The first primary label is the diagnostic's place.
    pub labels: Vec<Label>,
    pub help: Vec<Msg>,
}

impl Diagnostic {
    pub fn new(code: &'static Code, message: Msg, span: Span, label: Msg) -> Self {
        Diagnostic {
            code,
            message,
            labels: vec![Label {
                span,
                message: label,
                primary: true,
            }],
            help: Vec::new(),
        }
    }

    /// Add a secondary label (the other place of a conflict).
    pub fn with_label(mut self, span: Span, message: Msg) -> Self {
        self.labels.push(Label {
            span,
            message,
            primary: false,
        });
        self
    }

    pub fn with_help(mut self, help: Msg) -> Self {
        self.help.push(help);
        self
    }

    pub fn severity(&self) -> Severity {
        self.code.severity
    }

    /// The place of the diagnostic: its primary label's span.
    pub fn span(&self) -> Span {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or(self.labels.first())
            .map(|l| l.span)
            .unwrap_or_default()
    }
}

/// A stable diagnostic code: letter + three digits (E0 syntax, E1 names, E2 stages/draws/pairing,
/// E3 time controls/playoffs, E4 scoring/tie-breaks, E5 prizes/qualification, E6
/// schedule/entry/categories/admin, E7 supplements and scenario tests, E8 roster and TRF input; W
/// warnings, N notes and R runtime problems in the same hundreds), a kebab-case name, and the
/// explanation `xqreg explain` prints. Codes are never reused.
#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// What it means, in fixed sections: what it means, an example, how to fix.
    pub explain: Explain,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Explain {
    pub meaning: Template,
    /// A short `.xqr` fragment that raises the diagnostic.
    pub example: &'static str,
    pub fix: Template,
}

impl PartialEq for Template {
    fn eq(&self, other: &Self) -> bool {
        self.en == other.en && self.zh == other.zh
    }
}
impl Eq for Template {}

/// Collects diagnostics; checks push and go on.
#[derive(Debug, Default)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }

    pub fn errors(&self) -> usize {
        self.list
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count()
    }

    pub fn warnings(&self) -> usize {
        self.list
            .iter()
            .filter(|d| d.severity() == Severity::Warning)
            .count()
    }

    /// Sort by place, then code: the order every renderer prints.
    pub fn sorted(mut self) -> Vec<Diagnostic> {
        self.list.sort_by(|a, b| {
            (a.span().start, a.span().end, a.code.code).cmp(&(
                b.span().start,
                b.span().end,
                b.code.code,
            ))
        });
        self.list
    }
}

#[cfg(test)]
mod count_tests {
    use super::singular_counts;

    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(
            singular_counts("stage `main`, which plays 1 rounds"),
            "stage `main`, which plays 1 round"
        );
        assert_eq!(
            singular_counts("9 rounds for 1 players"),
            "9 rounds for 1 player"
        );
        assert_eq!(singular_counts("has 1 players."), "has 1 player.");
        // Not a count of one: 11, round 1, 2.1, a_1.
        for same in [
            "11 rounds",
            "round 1 players",
            "2.1 rounds",
            "a_1 players",
            "1 roundsx",
        ] {
            assert_eq!(singular_counts(same), same);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Template;

    #[test]
    fn a_count_of_one_reads_singular_but_values_stay_as_written() {
        let t = Template::new("{n} games in column `{column}`", "第{column}列{n}局");
        let one = t.fill(&[("n", "1"), ("column", "1 games")]);
        assert_eq!(one.en, "1 game in column `1 games`");
        assert_eq!(one.zh, "第1 games列1局");
        let two = t.fill(&[("n", "2"), ("column", "{n}")]);
        assert_eq!(
            two.en, "2 games in column `{n}`",
            "a value is not filled again"
        );
        let unknown = Template::new("{x} and {n} rounds", "").fill(&[("n", "1")]);
        assert_eq!(unknown.en, "{x} and 1 round");
    }
}
