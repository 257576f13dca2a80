//! The sheet as a document: parts (the regulation, then each supplement), numbered articles,
//! clauses nested to any depth, tables and the stage-flow diagram. Plain serde data handed to
//! the templates; every string in it is plain text (the templates escape it).

use serde::Serialize;

/// A whole sheet in one language.
#[derive(Clone, Debug, Serialize)]
pub struct Sheet {
    /// `zh` or `en`: the HTML `lang` attribute.
    pub lang: &'static str,
    /// The document title: `第四届“周庄杯”海峡两岸象棋大师赛竞赛规程`.
    pub title: String,
    pub parts: Vec<Part>,
    /// Fixed words of the page furniture (table headers, captions) in the sheet's language.
    pub words: Words,
    /// The spans of the texts printed in Chinese on an English sheet (`sheet/english.rs`).
    #[serde(skip)]
    pub untranslated: std::collections::BTreeMap<xqreg_grammar::Span, xqreg_grammar::ast::Text>,
}

/// The words the templates print around the content.
#[derive(Clone, Debug, Serialize)]
pub struct Words {
    pub diagram_caption: String,
    pub total: String,
    /// `：` / `: ` after a heading.
    pub colon: &'static str,
}

/// The regulation itself or one supplement.
#[derive(Clone, Debug, Serialize)]
pub struct Part {
    /// None for the regulation (the sheet title heads it); a supplement's title otherwise.
    pub title: Option<String>,
    /// A line under the title: what the supplement is (date, issuer).
    pub subtitle: Option<String>,
    pub articles: Vec<Article>,
    /// Issuer and date, printed right-aligned at the end of the part.
    pub signature: Vec<String>,
}

/// A numbered article: `七、竞赛办法：` with its clauses.
#[derive(Clone, Debug, Serialize)]
pub struct Article {
    /// `七、` / `7.`
    pub num: String,
    pub heading: String,
    /// Text on the heading line after the colon (an article of one sentence).
    pub lead: String,
    pub clauses: Vec<Clause>,
    /// Print-only hint: start a new printed page before this article (schedule, large tables).
    pub page_break: bool,
}

/// A clause at any depth: `（一）` / `1.` / `(1)`, an optional heading, its text, sub-clauses,
/// and optionally a table or the diagram after the text.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Clause {
    pub num: String,
    pub heading: String,
    pub text: String,
    pub items: Vec<Clause>,
    pub table: Option<Table>,
    pub diagram: Option<Diagram>,
    /// The supplement this clause comes from (`〔补充细则〕`), empty for the base regulation.
    pub source: String,
    /// A closing sentence that takes no number (以上共32人参赛).
    #[serde(skip)]
    pub plain: bool,
    /// What the clause reads as the only line of its article, where its text begins with a
    /// label the article's heading already says (参赛资格：限… rather than 参赛资格：参赛范围：限…).
    #[serde(skip)]
    pub alone: Option<String>,
}

impl Clause {
    pub fn text(text: impl Into<String>) -> Clause {
        Clause {
            text: text.into(),
            ..Clause::default()
        }
    }

    pub fn headed(heading: impl Into<String>, text: impl Into<String>) -> Clause {
        Clause {
            heading: heading.into(),
            text: text.into(),
            ..Clause::default()
        }
    }

    pub fn with_items(mut self, items: Vec<Clause>) -> Clause {
        self.items = items;
        self
    }
}

/// A table: a caption, a header row, body rows. A cell with `rowspan > 1` covers the cells
/// below it (the date column of a schedule); the cells it covers are absent from later rows in
/// HTML and printed empty in Markdown.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub caption: String,
    pub head: Vec<String>,
    pub rows: Vec<Row>,
    /// A closing row (totals), printed bold.
    pub foot: Option<Vec<String>>,
    /// Columns that hold numbers (right-aligned).
    pub numeric: Vec<usize>,
}

impl Table {
    /// Remove the columns `cols` (all or none of them) when every row leaves them empty; the
    /// numeric marks and the total row follow.
    pub fn drop_empty_columns(&mut self, cols: &[usize]) {
        let empty = self.rows.iter().all(|r| {
            cols.iter()
                .all(|&c| r.cells.get(c).is_none_or(|x| x.text.is_empty()))
        });
        if !empty {
            return;
        }
        retain_columns(&mut self.head, cols);
        for r in &mut self.rows {
            retain_columns(&mut r.cells, cols);
        }
        if let Some(f) = &mut self.foot {
            retain_columns(f, cols);
        }
        self.numeric = self
            .numeric
            .iter()
            .filter(|i| !cols.contains(i))
            .map(|&i| i - cols.iter().filter(|&&c| c < i).count())
            .collect();
    }
}

/// The cells of a row but those in the columns `cols`.
fn retain_columns<T>(cells: &mut Vec<T>, cols: &[usize]) {
    let mut i = 0;
    cells.retain(|_| {
        i += 1;
        !cols.contains(&(i - 1))
    });
}

#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub text: String,
    /// 0: covered by a cell above (skipped in HTML, empty in Markdown); 1: normal; n: spans n rows.
    pub rowspan: usize,
    pub numeric: bool,
}

/// The stage-flow diagram, laid out: coordinates in SVG user units.
#[derive(Clone, Debug, Serialize)]
pub struct Diagram {
    pub width: u32,
    pub height: u32,
    pub boxes: Vec<FlowBox>,
    pub arrows: Vec<Arrow>,
    /// A text rendering of the same flow, for Markdown and for screen readers.
    pub lines: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct FlowBox {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub title: String,
    /// Lines under the title (format, places decided).
    pub lines: Vec<TextLine>,
    /// Group chips inside the box.
    pub groups: Vec<Chip>,
    /// A places declaration rather than a stage (drawn dashed).
    pub dashed: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct TextLine {
    pub y: u32,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Chip {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub label: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Arrow {
    /// SVG path data of the arrow's line (M and L commands with numbers only).
    pub path: String,
    /// The same line as points: horizontal and vertical segments.
    pub points: Vec<(u32, u32)>,
    pub label: String,
    /// The label's anchor: it ends here (right-aligned), on this baseline.
    pub lx: u32,
    pub ly: u32,
    /// Where the label's ink lies (x, y, width, height), measured in the diagram's font.
    pub label_box: [u32; 4],
}

/// The articles of a 竞赛规程, in the order they print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Art {
    /// One article per organiser role, in the order the file lists them.
    Organisers(usize),
    DatesVenue,
    Event,
    Eligibility,
    Categories,
    Method,
    Conduct,
    Officials,
    Prizes,
    Qualification,
    Expenses,
    Registration,
    Schedule,
    Other,
    Interpretation,
}
