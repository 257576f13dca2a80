//! `xqreg fmt [--check] FILE...|-`: rewrite regulation files in the canonical layout
//! (see [`crate::fmt`]). Without `--check` each changed file is replaced atomically (a temporary
//! file renamed over it); `-` reads standard input and prints the result. With `--check` nothing
//! is written: a unified diff is printed for each file that would change, and the exit code is 1.
//! A file with syntax errors is refused with its diagnostics (exit 1) and never rewritten;
//! an unreadable file is exit 2, and so is one that is no regular file to rewrite (a named pipe,
//! a device); a symbolic link's file is rewritten, the link kept.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use super::{io_error, lang, output, LangArg};
use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{syntax, Lang};
use crate::driver::{self, FileReport};
use crate::fmt::format_source;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Regulation files (.xqr); `-` reads standard input and writes standard output.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write nothing: print a diff for each file that is not formatted, and exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Language of messages (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

/// What became of one file.
enum Outcome {
    Unchanged,
    Changed,
    Refused,
    IoFailed,
}

pub fn run(args: Args) -> ExitCode {
    let lang = lang(args.lang);
    let outcomes: Vec<Outcome> = args
        .files
        .iter()
        .map(|path| one(path, args.check, lang))
        .collect();
    if outcomes.iter().any(|o| matches!(o, Outcome::IoFailed)) {
        ExitCode::from(2)
    } else if outcomes.iter().any(|o| matches!(o, Outcome::Refused))
        || (args.check && outcomes.iter().any(|o| matches!(o, Outcome::Changed)))
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn one(path: &PathBuf, check: bool, lang: Lang) -> Outcome {
    let stdin = path.as_os_str() == "-";
    let read = if stdin {
        crate::files::read_most(std::io::stdin().lock(), crate::files::READ_MOST)
    } else {
        crate::files::read_input(path)
    };
    let bytes = match read {
        Ok(b) => b,
        Err(e) => {
            io_error(path, &e);
            return Outcome::IoFailed;
        }
    };
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        driver::display_name(path)
    };
    // Not text, or more than a regulation holds (E016): refused as `check` refuses it.
    let text = std::str::from_utf8(&bytes)
        .ok()
        .filter(|_| !driver::too_large(&bytes));
    let Some(text) = text else {
        refuse(driver::check_bytes(&name, &bytes), lang);
        return Outcome::Refused;
    };
    let formatted = match format_source(text) {
        Ok(f) => f,
        Err(e) => {
            let source = SourceFile::new(name, text);
            let diagnostics = e
                .errors
                .iter()
                .map(|err| syntax::to_diagnostic(err, &source))
                .collect();
            refuse(
                FileReport {
                    source,
                    diagnostics,
                },
                lang,
            );
            return Outcome::Refused;
        }
    };
    let changed = formatted != text;
    let written = match (check, stdin) {
        (true, _) if changed => output::stdout(&diff(&name, text, &formatted)),
        (true, _) => Ok(()),
        (false, true) => output::stdout(&formatted),
        (false, false) if changed => in_place(path, &formatted),
        (false, false) => Ok(()),
    };
    match written {
        Ok(()) if changed => Outcome::Changed,
        Ok(()) => Outcome::Unchanged,
        Err(e) => {
            eprintln!("xqreg: cannot write `{}`: {e}", path.display());
            Outcome::IoFailed
        }
    }
}

/// Rewrite the file `path` names with `text`: through a symbolic link, the file it leads to (the
/// link stays a link); a named pipe or a device is no file to rewrite (a temporary renamed over
/// it would put a regular file in its place: `/dev/stdin`, a pipe another program reads), an
/// I/O error (exit 2), nothing written: `fmt - < FILE` prints the formatted text.
fn in_place(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    if !std::fs::metadata(&target)?.is_file() {
        return Err(std::io::Error::other(
            "not a regular file, so not rewritten in place (`xqreg fmt - < FILE` prints it formatted)",
        ));
    }
    output::write_file(&target, text)
}

/// The diagnostics of a file that cannot be formatted, on stderr (stdout may carry the text).
fn refuse(report: FileReport, lang: Lang) {
    let color = std::io::stderr().is_terminal();
    let format = if color { Format::Human } else { Format::Plain };
    eprint!(
        "{}",
        render::render(format, &[report], Options { lang, color })
    );
}

/// A unified diff from the file to its formatted text.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}
