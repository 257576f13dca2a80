//! `xqreg explain CODE`: the code's name and severity, what it means, an example that raises it
//! and how to fix it, in `--lang`. An unknown code exits 2 with the nearest codes.

use std::process::ExitCode;

use super::{lang, LangArg};
use crate::diagnostics::registry;
use crate::diagnostics::{Code, Lang};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A diagnostic code (`E102`) or its name (`unknown-time-control`).
    #[arg(required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code with its severity and name.
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
    /// Language of the explanation (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

pub fn run(args: Args) -> ExitCode {
    let lang = lang(args.lang);
    let Some(query) = args.code.filter(|_| !args.list) else {
        return super::output::write_output(None, &list(lang));
    };
    match registry::lookup(&query) {
        Some(code) => super::output::write_output(None, &explain(code, lang)),
        None => {
            let near = registry::suggest(&query);
            let mut msg = match lang {
                Lang::En => format!("xqreg explain: no diagnostic code `{}`", query),
                Lang::Zh => format!("xqreg explain：没有诊断代码 `{}`", query),
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

/// Every registered code, one a line: id, severity, name.
fn list(lang: Lang) -> String {
    registry::all_codes()
        .into_iter()
        .map(|c| {
            let sev = c.severity.word(lang);
            format!("{}  {sev}{}  {}\n", c.code, pad(sev), c.name)
        })
        .collect()
}

/// Spaces that bring a severity word to the width of the widest (`warning`, 7 columns).
fn pad(word: &str) -> String {
    let width = unicode_width::UnicodeWidthStr::width(word);
    " ".repeat(7usize.saturating_sub(width))
}

/// The explanation text of one code.
pub fn explain(code: &Code, lang: Lang) -> String {
    let (meaning, example, fix) = match lang {
        Lang::En => ("What it means", "Example", "How to fix"),
        Lang::Zh => ("含义", "示例", "修改方法"),
    };
    let sev = code.severity.word(lang);
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
