//! Renderers: the project's [`Diagnostic`](super::Diagnostic)s of one or more files turned into
//! text for a person (`human`, `plain`), a program (`json`) or a CI runner (`github`).
//!
//! This is the only place where miette and codespan-reporting appear; each renderer converts at
//! its own edge and takes spans through [`SourceFile::clamp`](super::source::SourceFile::clamp), so
//! no span from any phase can make a renderer panic.

mod github;
mod human;
mod json;
mod plain;
mod sarif;
mod window;

use super::Lang;
use crate::driver::FileReport;

/// An output format of `xqreg check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Graphical, for a terminal (miette); colour only when asked.
    Human,
    /// Plain text without colour, fixed width (codespan-reporting): what snapshots record.
    Plain,
    /// One JSON object with every diagnostic and the counts (DESIGN.md).
    Json,
    /// GitHub Actions workflow commands, one line per diagnostic.
    Github,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
}

/// How to render: the language of messages and, for `human`, whether to use colour.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub lang: Lang,
    pub color: bool,
}

/// Render every diagnostic of `reports` in one format. The text ends with a newline unless it
/// is empty.
pub fn render(format: Format, reports: &[FileReport], opts: Options) -> String {
    match format {
        Format::Human => human::render(reports, opts),
        Format::Plain => plain::render(reports, opts.lang),
        Format::Json => json::render(reports, opts.lang),
        Format::Github => github::render(reports, opts.lang),
        Format::Sarif => sarif::render(reports, opts.lang),
    }
}

/// `text` safe to print on a terminal: every control character but line breaks and tabs (a NUL
/// of a UTF-16 file read as bytes, an escape that would drive the terminal) becomes a visible
/// character of the same UTF-8 length, so that byte spans still point where they did.
pub(crate) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t');
    if !text.chars().any(bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| match c {
            c if !bad(c) => c,
            // C0 controls and DEL are one byte; C1 controls two.
            c if c.len_utf8() == 1 => '?',
            _ => '\u{bf}',
        })
        .collect::<String>()
        .into()
}

/// The language messages follow when `--lang` is not given: the first set of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` (the POSIX order); a value starting with `zh` means Chinese.
pub fn lang_from_env() -> Lang {
    let get = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    lang_from_locale(
        get("LC_ALL")
            .or_else(|| get("LC_MESSAGES"))
            .or_else(|| get("LANG")),
    )
}

/// See [`lang_from_env`].
pub fn lang_from_locale(locale: Option<String>) -> Lang {
    match locale {
        Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
        _ => Lang::En,
    }
}

/// "help" in the chosen language, as renderers prefix help lines.
pub(crate) fn help_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "help",
        Lang::Zh => "帮助",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_picks_language() {
        assert_eq!(lang_from_locale(Some("zh_CN.UTF-8".into())), Lang::Zh);
        assert_eq!(lang_from_locale(Some("zh_TW".into())), Lang::Zh);
        assert_eq!(lang_from_locale(Some("en_US.UTF-8".into())), Lang::En);
        assert_eq!(lang_from_locale(Some("C".into())), Lang::En);
        assert_eq!(lang_from_locale(None), Lang::En);
    }
}
