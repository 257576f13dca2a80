//! The sheet model as a column of atoms: the title, each part's articles and clauses as broken
//! lines, tables row by row ([`super::table`]), the diagram ([`super::diagram`]), signatures.
//! Keep rules are set here: a heading and a first line stay with what follows, a paragraph's
//! last two lines stay together.

use super::breaks::{break_lines, Line, Run, Style};
use super::fonts::Fonts;
use super::page::{baseline, Atom, Break, Column, Op, BODY, CONTENT_W, LEADING};
use super::{diagram, table};
use crate::sheet::model::{Article, Clause, Part, Sheet};

pub fn column(sheet: &Sheet, fonts: &Fonts) -> Column {
    let mut col = Column {
        atoms: Vec::new(),
        heads: Vec::new(),
    };
    let title = Style::bold(16.0);
    centred(&mut col, fonts, &sheet.title, title, 16.0 * 1.5, 0.0);
    for (i, part) in sheet.parts.iter().enumerate() {
        part_atoms(&mut col, fonts, sheet, part, i > 0);
    }
    col
}

fn part_atoms(col: &mut Column, fonts: &Fonts, sheet: &Sheet, part: &Part, new_page: bool) {
    let first = col.atoms.len();
    if let Some(t) = &part.title {
        centred(col, fonts, t, Style::bold(14.0), 14.0 * 1.5, 0.0);
    }
    if let Some(s) = &part.subtitle {
        centred(col, fonts, s, Style::plain(BODY), LEADING, 0.0);
    }
    if let Some(a) = col.atoms.get_mut(first) {
        a.space_before = LEADING * 0.5;
    }
    for art in &part.articles {
        article(col, fonts, sheet, art);
    }
    if new_page {
        if let Some(a) = col.atoms.get_mut(first) {
            a.brk = Break::Hard;
        }
    }
    // A signature never stands alone at the head of a page: the last line goes with it.
    if !part.signature.is_empty() {
        if let Some(a) = col.atoms.last_mut() {
            a.keep_next = true;
        }
    }
    for (i, s) in part.signature.iter().enumerate() {
        let w = super::breaks::width(fonts, s, Style::plain(BODY));
        let style = Style::plain(BODY);
        let mut a = Atom::new(LEADING, vec![text_op(CONTENT_W - w, LEADING, s, style)]);
        if i == 0 {
            a.space_before = LEADING;
        }
        a.keep_next = i + 1 < part.signature.len();
        col.atoms.push(a);
    }
}

/// One centred line (or several, when it is wider than the page).
fn centred(col: &mut Column, fonts: &Fonts, text: &str, style: Style, leading: f32, sb: f32) {
    let lines = break_lines(fonts, &[Run::new(text, style)], CONTENT_W, CONTENT_W);
    let n = lines.len();
    for (i, l) in lines.into_iter().enumerate() {
        let dx = (CONTENT_W - l.width) / 2.0;
        let mut a = line_atom(&l, dx, leading);
        a.keep_next = true;
        if i == 0 {
            a.space_before = sb;
        }
        if i + 1 == n {
            // The gap under a title.
            a.h += leading * 0.3;
        }
        col.atoms.push(a);
    }
}

fn text_op(x: f32, leading: f32, text: &str, style: Style) -> Op {
    Op::Text {
        x,
        y: baseline(style.size, leading),
        text: text.to_string(),
        style,
    }
}

/// A broken line as an atom, its pieces starting at `dx`.
pub fn line_atom(line: &Line, dx: f32, leading: f32) -> Atom {
    let ops = line
        .pieces
        .iter()
        .map(|p| Op::Text {
            x: dx + p.x,
            y: baseline(p.style.size, leading),
            text: p.text.clone(),
            style: p.style,
        })
        .collect();
    Atom::new(leading, ops)
}

fn article(col: &mut Column, fonts: &Fonts, sheet: &Sheet, art: &Article) {
    let mut runs = vec![Run::new(
        format!("{}{}", art.num, art.heading),
        Style::bold(BODY),
    )];
    if !art.lead.is_empty() {
        runs.push(Run::new(sheet.words.colon, Style::bold(BODY)));
        runs.push(Run::new(art.lead.as_str(), Style::plain(BODY)));
    }
    let first = col.atoms.len();
    paragraph(col, fonts, &runs, 0.0, 0.0, !art.clauses.is_empty());
    if let Some(a) = col.atoms.get_mut(first) {
        a.space_before = LEADING * 0.35;
        a.keep_next = true;
        if art.page_break {
            a.brk = Break::Soft;
        }
    }
    for c in &art.clauses {
        clause(col, fonts, sheet, c, 1);
    }
}

/// Sets `runs` as lines: the first starting at `first_x`, the others at `rest_x`. The last line
/// keeps with what follows when `lead_in` (a heading over its sub-clauses).
fn paragraph(
    col: &mut Column,
    fonts: &Fonts,
    runs: &[Run],
    first_x: f32,
    rest_x: f32,
    lead_in: bool,
) {
    let lines = break_lines(fonts, runs, CONTENT_W - first_x, CONTENT_W - rest_x);
    let n = lines.len();
    for (i, l) in lines.iter().enumerate() {
        let mut a = line_atom(l, if i == 0 { first_x } else { rest_x }, LEADING);
        // No orphan (a first line alone at the foot), no widow (a last line alone on top).
        a.keep_next = (n > 1 && (i == 0 || i + 2 == n)) || (i + 1 == n && lead_in);
        col.atoms.push(a);
    }
}

fn clause(col: &mut Column, fonts: &Fonts, sheet: &Sheet, c: &Clause, depth: usize) {
    let em = BODY;
    let rest_x = 2.0 * em + 1.6 * em * (depth as f32 - 1.0);
    let first_x = rest_x - 2.0 * em;
    let mut runs = Vec::new();
    if !c.num.is_empty() {
        runs.push(Run::new(c.num.as_str(), Style::plain(BODY)));
    }
    if !c.heading.is_empty() {
        let colon = if c.text.is_empty() {
            ""
        } else {
            sheet.words.colon
        };
        runs.push(Run::new(format!("{}{colon}", c.heading), Style::bold(BODY)));
    }
    if !c.text.is_empty() {
        runs.push(Run::new(c.text.as_str(), Style::plain(BODY)));
    }
    if !c.source.is_empty() {
        let mut small = Style::plain(8.5);
        small.gray = 85;
        runs.push(Run::new(" ", small));
        runs.push(Run::whole(c.source.as_str(), small));
    }
    let follows = !c.items.is_empty() || c.table.is_some() || c.diagram.is_some();
    if !runs.is_empty() {
        let first = col.atoms.len();
        paragraph(col, fonts, &runs, first_x, rest_x, follows);
        if let Some(a) = col.atoms.get_mut(first) {
            a.space_before = LEADING * 0.12;
        }
    }
    if let Some(t) = &c.table {
        // A caption that repeats the clause's heading just above it is not printed twice.
        let plain = |s: &str| -> String {
            s.chars()
                .filter(|ch| !ch.is_whitespace() && !"（）()：:".contains(*ch))
                .collect()
        };
        let repeats = !c.heading.is_empty() && plain(&c.heading) == plain(&t.caption);
        table::atoms(col, fonts, t, rest_x, !repeats);
    }
    if let Some(d) = &c.diagram {
        col.atoms
            .push(diagram::atom(fonts, d, &sheet.words.diagram_caption));
    }
    for item in &c.items {
        clause(col, fonts, sheet, item, depth + 1);
    }
}
