//! `xqreg sheet --format pdf`: the sheet model typeset and written as an A4 PDF by xqreg itself,
//! no browser. The pipeline is [`fonts`] (find and measure a CJK font) → [`flow`] (the model as
//! a column of unbreakable strips: lines broken by [`breaks`], [`table`] rows, the [`diagram`])
//! → [`paginate`] (strips onto pages, keep rules, repeated table headers) → [`paint`] (krilla
//! writes the PDF: subset CID fonts, never Type 3).

pub mod breaks;
pub mod diagram;
pub mod flow;
pub mod fonts;
pub mod page;
pub mod paginate;
pub mod paint;
pub mod table;

use super::model::Sheet;
use super::Lang;

pub use fonts::{load as load_fonts, FontError, Fonts, CODES};
pub use paginate::Page;

/// A typeset sheet: the pages (for tests: how full each is) and the PDF's bytes.
pub struct Typeset {
    pub pages: Vec<Page>,
    pub bytes: Vec<u8>,
}

/// Typesets `sheet` with `fonts`. An error is a bug of ours (krilla refused what we drew).
pub fn typeset(sheet: &Sheet, lang: Lang, fonts: &Fonts) -> Result<Typeset, String> {
    let col = flow::column(sheet, fonts);
    let pages = paginate::paginate(&col);
    let bytes = paint::pdf(&pages, fonts, &sheet.title, lang)?;
    Ok(Typeset { pages, bytes })
}
