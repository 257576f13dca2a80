//! Writes the [`Sheet`] model through minijinja templates: Markdown, or HTML with inline SVG.
//! HTML and SVG templates auto-escape every value; Markdown values pass through the `md`
//! filter (and `cell` inside tables), so no text from a regulation can inject markup.

use super::model::Sheet;
use super::Format;
use minijinja::{AutoEscape, Environment};

pub type Error = minijinja::Error;

const MD: &str = include_str!("templates/sheet.md");
const HTML: &str = include_str!("templates/sheet.html");
const SVG: &str = include_str!("templates/flow.svg");
const CSS: &str = include_str!("templates/sheet.css");

fn env() -> Result<Environment<'static>, Error> {
    let mut env = Environment::new();
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") || name.ends_with(".svg") || name.ends_with(".css") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    env.add_filter("md", md_escape);
    env.add_filter("cell", cell_escape);
    env.add_template("sheet.md", MD)?;
    env.add_template("sheet.html", HTML)?;
    env.add_template("flow.svg", SVG)?;
    env.add_template("sheet.css", CSS)?;
    Ok(env)
}

/// Escapes the characters Markdown would read as markup.
fn md_escape(s: String) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A table cell: escaped, on one line.
fn cell_escape(s: String) -> String {
    md_escape(s).replace(['\n', '\r'], " ")
}

pub fn render(sheet: &Sheet, format: Format) -> Result<String, Error> {
    let env = env()?;
    let name = match format {
        Format::Md => "sheet.md",
        Format::Html => "sheet.html",
    };
    let tpl = env.get_template(name)?;
    tpl.render(minijinja::context! { sheet => sheet })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_filters_escape_markup() {
        assert_eq!(
            md_escape("a*b_c|d<e>#".to_string()),
            "a\\*b\\_c\\|d\\<e\\>\\#"
        );
        assert_eq!(cell_escape("x\ny|z".to_string()), "x y\\|z");
        assert_eq!(md_escape("第四届“周庄杯”".to_string()), "第四届“周庄杯”");
    }

    #[test]
    fn every_template_loads() {
        let env = env().expect("the templates parse");
        for name in ["sheet.md", "sheet.html", "flow.svg", "sheet.css"] {
            assert!(env.get_template(name).is_ok(), "{name}");
        }
    }
}
