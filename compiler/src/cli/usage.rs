//! Usage errors in the user's language. clap words its errors in English; under `--lang zh` (or a
//! Chinese locale) the same error is said in Chinese from the parts clap records (the argument,
//! the bad value, the valid values, the suggestion, the usage line), on the command tree whose help
//! is Chinese too (`help_zh`); the exit code stays clap's (2 for a usage error, 0 for help).

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser};

use super::Cli;
use crate::diagnostics::{render, Lang};

/// Parse the process's arguments; a usage error is printed (in Chinese where asked) and exits.
/// In Chinese, `--help` and `xqreg help CMD` print the Chinese help ([`super::help_zh`]).
pub(super) fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    if lang_of(&args) == Lang::En {
        return Cli::parse_from(without_lang_after_help(args));
    }
    let cmd = super::help_zh::localize(Cli::command());
    let parsed = cmd.clone().try_get_matches_from(&args).and_then(|m| {
        if let Some((super::help_zh::HELP, sub)) = m.subcommand() {
            print_help(cmd, sub.get_many::<String>("subcommand"));
        }
        Cli::from_arg_matches(&m)
    });
    match parsed {
        Ok(cli) => cli,
        Err(e) if shows_text(e.kind()) => e.exit(),
        Err(e) => {
            eprint!("{}", chinese(&e));
            std::process::exit(e.exit_code());
        }
    }
}

/// `xqreg help [CMD...]`: the help of the command named, or of xqreg; exits 0, or 2 for a
/// command that does not exist.
/// clap's own `help` subcommand knows no `--lang`: `xqreg help simulate --lang en` drops it,
/// as the Chinese tree's `help` accepts it.
fn without_lang_after_help(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).and_then(|a| a.to_str()) != Some(super::help_zh::HELP) {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let mut words = args.into_iter();
    while let Some(w) = words.next() {
        match w.to_str() {
            Some("--lang") => {
                words.next();
            }
            Some(s) if s.starts_with("--lang=") => {}
            _ => out.push(w),
        }
    }
    out
}

fn print_help<'a>(mut cmd: clap::Command, path: Option<impl Iterator<Item = &'a String>>) -> ! {
    cmd.build();
    let mut at = &mut cmd;
    for name in path.into_iter().flatten() {
        match at.find_subcommand_mut(name) {
            Some(sub) => at = sub,
            None => {
                eprintln!("错误：未知的子命令 `{name}`");
                std::process::exit(2);
            }
        }
    }
    // A closed pipe (`| head`) is not an error of ours.
    let text = at.render_help().to_string();
    let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
    std::process::exit(0);
}

/// Help and version are not errors: clap prints them as they are.
fn shows_text(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// `--lang zh` / `--lang=zh` anywhere on the line (clap has not parsed it: the line is bad), else
/// the locale.
fn lang_of(args: &[OsString]) -> Lang {
    let words: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    for (i, w) in words.iter().enumerate() {
        let value = match w.strip_prefix("--lang=") {
            Some(v) => Some(v),
            None if *w == "--lang" => words.get(i + 1).copied(),
            None => None,
        };
        match value {
            Some("zh") => return Lang::Zh,
            Some("en") => return Lang::En,
            _ => {}
        }
    }
    render::lang_from_env()
}

fn context(e: &Error, kind: ContextKind) -> Option<String> {
    Some(match e.get(kind)? {
        ContextValue::String(s) => s.clone(),
        ContextValue::Strings(v) => v.join("`, `"),
        ContextValue::StyledStr(s) => s.to_string(),
        ContextValue::StyledStrs(v) => v
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("`, `"),
        ContextValue::Number(n) => n.to_string(),
        ContextValue::Bool(b) => b.to_string(),
        _ => return None,
    })
}

/// The error as a Chinese message, a suggestion where clap has one, the usage line and where to
/// read more.
fn chinese(e: &Error) -> String {
    let get = |k| context(e, k).unwrap_or_default();
    let arg = get(ContextKind::InvalidArg);
    let value = get(ContextKind::InvalidValue);
    let message = match e.kind() {
        ErrorKind::UnknownArgument => format!("未知的参数 `{arg}`"),
        ErrorKind::InvalidSubcommand => {
            format!("未知的子命令 `{}`", get(ContextKind::InvalidSubcommand))
        }
        ErrorKind::InvalidValue if value.is_empty() => format!("参数 `{arg}` 缺少取值"),
        ErrorKind::InvalidValue => format!("参数 `{arg}` 的取值 `{value}` 无效"),
        ErrorKind::ValueValidation => format!("参数 `{arg}` 的取值 `{value}` 无效"),
        ErrorKind::MissingRequiredArgument => format!("缺少必需的参数：`{arg}`"),
        ErrorKind::MissingSubcommand => "缺少子命令".to_string(),
        ErrorKind::ArgumentConflict => format!(
            "参数 `{arg}` 不能与 `{}` 同时使用",
            get(ContextKind::PriorArg)
        ),
        ErrorKind::TooManyValues => format!("参数 `{arg}` 的取值 `{value}` 多余"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("参数 `{arg}` 的取值个数不对")
        }
        ErrorKind::NoEquals => format!("参数 `{arg}` 须写成 `{arg}=取值`"),
        ErrorKind::InvalidUtf8 => "参数不是有效的 UTF-8".to_string(),
        _ => "命令行有误".to_string(),
    };
    let mut out = format!("错误：{message}\n");
    if let Some(valid) = context(e, ContextKind::ValidValue) {
        out.push_str(&format!("\n  可用的取值：`{valid}`\n"));
    }
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ] {
        if let Some(s) = context(e, kind) {
            out.push_str(&format!("\n  提示：是否想用 `{s}`？\n"));
        }
    }
    if let Some(usage) = context(e, ContextKind::Usage) {
        let usage = usage.trim();
        let usage = usage.strip_prefix("Usage:").unwrap_or(usage).trim();
        out.push_str(&format!("\n用法：{usage}\n"));
    }
    out.push_str("\n更多信息请运行 `xqreg --help`（或 `xqreg 子命令 --help`）。\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(args: &[&str]) -> Error {
        Cli::try_parse_from(args).expect_err("a usage error")
    }

    #[test]
    fn unknown_argument_in_chinese_with_usage() {
        let text = chinese(&error(&["xqreg", "check", "--bogus", "a.xqr"]));
        assert!(text.starts_with("错误：未知的参数 `--bogus`\n"), "{text}");
        assert!(text.contains("用法：xqreg check"), "{text}");
        assert!(
            !text.contains("Usage") && !text.contains("error:"),
            "{text}"
        );
    }

    #[test]
    fn invalid_value_lists_the_valid_ones() {
        let text = chinese(&error(&["xqreg", "check", "--format", "xml", "a.xqr"]));
        assert!(
            text.contains("`--format <FORMAT>` 的取值 `xml` 无效"),
            "{text}"
        );
        assert!(
            text.contains("可用的取值：") && text.contains("`plain`"),
            "{text}"
        );
    }

    #[test]
    fn unknown_subcommand_gets_a_suggestion() {
        let text = chinese(&error(&["xqreg", "chek"]));
        assert!(text.contains("未知的子命令 `chek`"), "{text}");
        assert!(text.contains("是否想用 `check`"), "{text}");
    }

    #[test]
    fn the_language_comes_from_the_line_first() {
        let os = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            lang_of(&os(&["xqreg", "check", "--lang", "zh", "--x"])),
            Lang::Zh
        );
        assert_eq!(lang_of(&os(&["xqreg", "check", "--lang=zh"])), Lang::Zh);
        assert_eq!(lang_of(&os(&["xqreg", "--lang", "en", "chek"])), Lang::En);
    }
}
