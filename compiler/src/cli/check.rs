//! `xqreg check FILE...`: parse and check each file, print every diagnostic in one format.
//! Exit 0 without errors (warnings allowed unless `--deny-warnings`), 1 with errors, 2 when a
//! file cannot be read (the readable ones are still checked and printed).

use std::process::ExitCode;

use clap::ValueEnum;

use super::{io_error, lang, LangArg};
use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::{Lang, Severity};
use crate::driver::{self, FileReport};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Regulation files (.xqr); `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,
    /// Language of messages (default: from the locale, `zh` for a Chinese locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Treat warnings as errors for the exit code.
    #[arg(long)]
    pub deny_warnings: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Human,
    Plain,
    Json,
    Github,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Human => Format::Human,
            FormatArg::Plain => Format::Plain,
            FormatArg::Json => Format::Json,
            FormatArg::Github => Format::Github,
            FormatArg::Sarif => Format::Sarif,
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let lang = lang(args.lang);
    let mut reports: Vec<FileReport> = Vec::new();
    let mut io_failed = Vec::new();
    for path in &args.files {
        match super::global::read_input(path) {
            Ok(bytes) => {
                let mut report = driver::check_bytes(&super::global::input_name(path), &bytes);
                // Only an explicit `--lang en` asks for the English sheet's texts (W701): a
                // Chinese regulation checked on an English locale is not told to translate.
                if args.lang == Some(LangArg::En) {
                    crate::sheet::english::add_to(&mut report, &bytes);
                }
                reports.push(report);
            }
            Err(e) => {
                io_error(path, &e);
                io_failed.push((super::global::input_name(path), e.to_string()));
            }
        }
    }
    let format = Format::from(args.format);
    let color = format == Format::Human && super::global::color(super::global::Stream::Stdout);
    let mut text = render::render(format, &reports, Options { lang, color });
    let errors: usize = reports.iter().map(|r| r.count(Severity::Error)).sum();
    let warnings: usize = reports.iter().map(|r| r.count(Severity::Warning)).sum();
    if format == Format::Json && !io_failed.is_empty() {
        text = with_io_errors(&text, &io_failed);
    }
    if matches!(format, Format::Human | Format::Plain)
        && !reports.is_empty()
        && !super::global::quiet()
    {
        text.push_str(&summary(lang, reports.len(), errors, warnings));
    }
    // A closed pipe (`xqreg check ... | head`) ends the output quietly; the exit code still tells.
    if super::output::stdout(&text).is_err() {
        return ExitCode::from(2);
    }
    if !io_failed.is_empty() {
        ExitCode::from(2)
    } else if errors > 0 || (args.deny_warnings && warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON report with the files that could not be read: `"io_errors": [{"file", "message"}]`,
/// so that a reader of the JSON alone learns why the exit code is 2.
fn with_io_errors(json: &str, failed: &[(String, String)]) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(json) else {
        return json.to_string();
    };
    let list: Vec<serde_json::Value> = failed
        .iter()
        .map(|(file, message)| serde_json::json!({ "file": file, "message": message }))
        .collect();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("io_errors".to_string(), serde_json::Value::Array(list));
    }
    serde_json::to_string_pretty(&v).map_or_else(|_| json.to_string(), |s| s + "\n")
}

fn summary(lang: Lang, files: usize, errors: usize, warnings: usize) -> String {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    match lang {
        Lang::En => format!(
            "checked {files} file{}: {errors} error{}, {warnings} warning{}\n",
            s(files),
            s(errors),
            s(warnings)
        ),
        Lang::Zh => format!("已检查 {files} 个文件：{errors} 个错误，{warnings} 个警告\n"),
    }
}
