//! `xqreg sheet FILE`: print the rule sheet (HTML, Markdown or PDF) in Chinese or English. The file
//! is checked first; a regulation with errors prints no sheet, only its diagnostics (stderr,
//! exit 1). Warnings do not stop the sheet.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

use super::{lang, LangArg};
use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::{Lang, Severity};
use crate::driver;
use crate::sheet;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Language of the sheet (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SheetFormat::Html)]
    pub format: SheetFormat,
    /// Write the sheet here instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The CJK font the PDF embeds (.otf, .ttf, .ttc; default: $XQREG_FONT, else Noto CJK found
    /// in the system's font folders).
    #[arg(long, value_name = "FILE")]
    pub font: Option<PathBuf>,
    /// Print the regulation with its supplements applied, each changed or added clause marked
    /// with the supplement's item, instead of the regulation as issued followed by each
    /// supplement as its own document.
    #[arg(long)]
    pub consolidated: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    Html,
    Md,
    /// An A4 PDF written by xqreg itself (no browser), with embedded subset CJK fonts.
    Pdf,
}

pub fn run(args: Args) -> ExitCode {
    let msg_lang = lang(args.lang);
    if let Err(code) =
        super::output::refuse_input_as_output(args.output.as_ref(), &[Some(&args.file)])
    {
        return code;
    }
    let Some(bytes) = super::read_or_say(&args.file) else {
        return ExitCode::from(2);
    };
    let report = driver::check_bytes(&super::global::input_name(&args.file), &bytes);
    if report.count(Severity::Error) > 0 {
        let color = super::global::color(super::global::Stream::Stderr);
        let text = render::render(
            Format::Human,
            std::slice::from_ref(&report),
            Options {
                lang: msg_lang,
                color,
            },
        );
        let _ = std::io::stderr().write_all(text.as_bytes());
        return ExitCode::from(1);
    }
    // No errors: the bytes are UTF-8 and parse cleanly.
    let parsed = xqreg_grammar::parse_bytes(&bytes);
    let checked = crate::check::check(&parsed.file).checked;
    let mode = if args.consolidated {
        sheet::Mode::Consolidated
    } else {
        sheet::Mode::Issued
    };
    let src = sheet::Source::from_checked(&checked.file, &parsed.file).with_mode(mode);
    let sheet_lang = match msg_lang {
        Lang::Zh => sheet::Lang::Zh,
        Lang::En => sheet::Lang::En,
    };
    let format = match args.format {
        SheetFormat::Html => sheet::Format::Html,
        SheetFormat::Md => sheet::Format::Md,
        SheetFormat::Pdf => return pdf(&args, &src, sheet_lang, msg_lang, report.source),
    };
    if sheet_lang == sheet::Lang::En {
        warn_untranslated(report.source, &src, msg_lang);
    }
    let text = match sheet::render(&src, sheet_lang, format) {
        Ok(r) => r.text,
        Err(e) => {
            // A template error is a bug of ours, not of the file: say so and fail.
            eprintln!("xqreg sheet: internal error while rendering: {e}");
            return ExitCode::from(2);
        }
    };
    super::output::write_output(args.output.as_ref(), &text)
}

/// `--format pdf`: the font first (E840/E841 write nothing), then the typeset PDF.
fn pdf(
    args: &Args,
    src: &sheet::Source<'_>,
    sheet_lang: sheet::Lang,
    msg_lang: Lang,
    source: crate::diagnostics::source::SourceFile,
) -> ExitCode {
    let zh = msg_lang == Lang::Zh;
    let fonts = match sheet::pdf::load_fonts(args.font.as_deref(), zh) {
        Ok(f) => f,
        Err(e) => {
            let fix = if zh {
                e.code.explain.fix.zh
            } else {
                e.code.explain.fix.en
            };
            let help = if zh { "帮助" } else { "help" };
            eprintln!("error[{}]: {}\n  {help}: {fix}", e.code.code, e.message);
            return ExitCode::from(1);
        }
    };
    if sheet_lang == sheet::Lang::En {
        warn_untranslated(source, src, msg_lang);
    }
    let (model, _) = sheet::build::build(src, sheet_lang);
    match sheet::pdf::typeset(&model, sheet_lang, &fonts) {
        Ok(t) => super::output::write_output_bytes(args.output.as_ref(), &t.bytes),
        Err(e) => {
            eprintln!("xqreg sheet: internal error while writing the PDF: {e}");
            ExitCode::from(2)
        }
    }
}

/// W701 on stderr for each text the English sheet prints in Chinese: the sheet is still
/// written, as with any warning.
fn warn_untranslated(
    source: crate::diagnostics::source::SourceFile,
    src: &sheet::Source<'_>,
    lang: Lang,
) {
    let diagnostics = sheet::english::diagnostics(src);
    if diagnostics.is_empty() {
        return;
    }
    let report = driver::FileReport {
        source,
        diagnostics,
    };
    let color = super::global::color(super::global::Stream::Stderr);
    let text = render::render(
        Format::Human,
        std::slice::from_ref(&report),
        Options { lang, color },
    );
    let _ = std::io::stderr().write_all(text.as_bytes());
}
