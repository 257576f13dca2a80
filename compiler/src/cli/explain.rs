//! `xqreg explain CODE`: the code's name and severity, what it means, an example that raises it
//! and how to fix it, in `--lang`. An unknown code exits 2 with the nearest codes.

use std::process::ExitCode;

use super::{lang, LangArg};
use crate::diagnostics::registry;
use crate::diagnostics::{Code, Lang, Severity};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A diagnostic code (`E102`) or its name (`unknown-time-control`).
    pub code: String,
    /// Language of the explanation (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

pub fn run(args: Args) -> ExitCode {
    let lang = lang(args.lang);
    match registry::lookup(&args.code) {
        Some(code) => super::output::write_output(None, &explain(code, lang)),
        None => {
            let near = registry::suggest(&args.code);
            let mut msg = match lang {
                Lang::En => format!("xqreg explain: no diagnostic code `{}`", args.code),
                Lang::Zh => format!("xqreg explain：没有诊断代码 `{}`", args.code),
            };
            if !near.is_empty() {
                let list: Vec<String> = near
                    .iter()
                    .map(|c| format!("{} ({})", c.code, c.name))
                    .collect();
                msg.push_str(&match lang {
                    Lang::En => format!("; did you mean {}?", list.join(", ")),
                    Lang::Zh => format!("；是否应为 {}？", list.join("、")),
                });
            }
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}

/// The explanation text of one code.
pub fn explain(code: &Code, lang: Lang) -> String {
    let (meaning, example, fix) = match lang {
        Lang::En => ("What it means", "Example", "How to fix"),
        Lang::Zh => ("含义", "示例", "修改方法"),
    };
    let sev = match (code.severity, lang) {
        (Severity::Error, Lang::En) => "error",
        (Severity::Warning, Lang::En) => "warning",
        (Severity::Note, Lang::En) => "note",
        (Severity::Error, Lang::Zh) => "错误",
        (Severity::Warning, Lang::Zh) => "警告",
        (Severity::Note, Lang::Zh) => "提示",
    };
    let indent = |s: &str| s.lines().map(|l| format!("    {l}\n")).collect::<String>();
    let pick = |t: &crate::diagnostics::Template| match lang {
        Lang::En => t.en,
        Lang::Zh => t.zh,
    };
    let colon = match lang {
        Lang::En => ":",
        Lang::Zh => "：",
    };
    format!(
        "{} {} ({sev})\n\n{meaning}{colon}\n{}\n{example}{colon}\n{}\n{fix}{colon}\n{}",
        code.code,
        code.name,
        indent(pick(&code.explain.meaning)),
        indent(code.explain.example),
        indent(pick(&code.explain.fix)),
    )
}
