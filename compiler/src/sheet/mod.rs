//! The rule sheet: a checked regulation in, a printable 竞赛规程 out, in Chinese or English, as
//! Markdown or as one self-contained, print-ready HTML file.
//!
//! The pipeline is `source` (effective items with their origins) → `build` (articles in the
//! order of a real 竞赛规程, text from the `catalogue`, values through `fmt`, the `flow`
//! diagram) → `model` (plain data) → `render` (minijinja templates, which escape every text).
//! Building records the span of every clause it writes; [`coverage`] lists every clause of the
//! effective file, so a test can prove that nothing in the source is silently dropped. A sheet
//! is never printed for a regulation with errors: the command line checks first.

pub mod build;
pub mod catalogue;
pub mod coverage;
pub mod english;
pub mod fmt;
pub mod metrics;
pub mod model;
pub mod pdf;
pub mod render;
pub mod source;

use std::collections::BTreeSet;
use xqreg_grammar::ast::{File, Span};

pub use source::{Mode, Source};

/// The sheet's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lang {
    Zh,
    En,
}

/// The output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Md,
    Html,
}

/// A rendered sheet and the spans of every source clause it printed.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub text: String,
    pub rendered: BTreeSet<Span>,
}

/// Renders the sheet of a regulation whose supplements are already resolved in `src`.
pub fn render(src: &Source<'_>, lang: Lang, format: Format) -> Result<Rendered, render::Error> {
    let (sheet, rendered) = build::build(src, lang);
    let text = render::render(&sheet, format)?;
    Ok(Rendered { text, rendered })
}

/// Renders the sheet of a parsed file, applying its supplements (see [`Source::from_file`]).
pub fn render_file(file: &File, lang: Lang, format: Format) -> Result<Rendered, render::Error> {
    render(&Source::from_file(file), lang, format)
}

/// The document model of a file's sheet, for tests and tools.
pub fn model(file: &File, lang: Lang) -> (model::Sheet, BTreeSet<Span>) {
    build::build(&Source::from_file(file), lang)
}
