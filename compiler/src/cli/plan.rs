//! `xqreg plan FILE [-o OUT]`: compile a regulation to its plan, printed as JSON. A file with
//! errors prints its diagnostics on stderr and exits 1; no plan is written.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::output::{refuse_input_as_output, write_output};
use super::{lang, LangArg};
use crate::compile;
use crate::diagnostics::render::{self, Format, Options};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the plan here instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Language of diagnostics (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

pub fn run(args: Args) -> ExitCode {
    let msg_lang = lang(args.lang);
    if let Err(code) = refuse_input_as_output(args.output.as_ref(), &[Some(&args.file)]) {
        return code;
    }
    let Some(bytes) = super::read_or_say(&args.file) else {
        return ExitCode::from(2);
    };
    let compiled = compile::compile_bytes(&super::global::input_name(&args.file), &bytes);
    let Some(plan) = compiled.plan else {
        print_errors(&compiled.report, msg_lang);
        return ExitCode::from(1);
    };
    let json = match super::output::json_text("plan", &plan) {
        Ok(j) => j,
        Err(code) => return code,
    };
    write_output(args.output.as_ref(), &json)
}

/// Print a file's diagnostics on stderr (graphical when stderr is a terminal).
pub(crate) fn print_errors(report: &crate::driver::FileReport, lang: crate::diagnostics::Lang) {
    let text = render::render(
        Format::Human,
        std::slice::from_ref(report),
        Options {
            lang,
            color: super::global::color(super::global::Stream::Stderr),
        },
    );
    let _ = std::io::stderr().write_all(text.as_bytes());
}
