//! Tables: column widths from the cells' natural widths, wrapped cells, one atom per row (or per
//! group of rows a `rowspan` cell binds together, so a row is never split), the header row kept
//! aside so pagination repeats it at the top of each new page the table runs onto.

use super::breaks::{break_lines, width, Line, Run, Style};
use super::fonts::Fonts;
use super::page::{baseline, Atom, Column, Op, CONTENT_W, LEADING};
use crate::sheet::model::Table;

const SIZE: f32 = 9.5;
const LEAD: f32 = SIZE * 1.3;
const PAD_X: f32 = 4.0;
const PAD_Y: f32 = 2.0;
const RULE: (u8, f32) = (68, 0.6);

/// A cell as the layout sees it.
struct Cell {
    lines: Vec<Line>,
    /// Rows covered (1 normal, n a rowspan, 0 covered by a cell above).
    span: usize,
    right: bool,
}

/// Appends the table's caption (unless `with_caption` is false: the line above already says
/// it), header and rows to the column, `left` points in.
pub fn atoms(col: &mut Column, fonts: &Fonts, t: &Table, left: f32, with_caption: bool) {
    let avail = CONTENT_W - left;
    let ncols = t.head.len().max(1);
    let widths = column_widths(fonts, t, ncols, avail);
    let id = col.heads.len();
    let with_caption = with_caption && !t.caption.is_empty();
    if with_caption {
        let style = Style::bold(SIZE);
        let w = width(fonts, &t.caption, style);
        let x = left + ((avail - w) / 2.0).max(0.0);
        let mut a = Atom::new(
            LEAD + PAD_Y,
            vec![Op::Text {
                x,
                y: baseline(SIZE, LEAD),
                text: t.caption.clone(),
                style,
            }],
        );
        a.space_before = LEADING * 0.3;
        a.keep_next = true;
        col.atoms.push(a);
    }
    let head: Vec<Cell> = t
        .head
        .iter()
        .map(|h| cell(fonts, h, Style::bold(SIZE), &widths, 0, 1, false))
        .collect();
    let mut head_atom = rows_atom(&[head], &widths, left, Some(238));
    head_atom.keep_next = true;
    head_atom.table = Some(id);
    head_atom.is_head = true;
    if !with_caption {
        head_atom.space_before = LEADING * 0.3;
    }
    col.heads.push(head_atom.clone());
    col.atoms.push(head_atom);
    let mut rows: Vec<Vec<Cell>> = t
        .rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let right = c.numeric || t.numeric.contains(&i);
                    cell(
                        fonts,
                        &c.text,
                        Style::plain(SIZE),
                        &widths,
                        i,
                        c.rowspan,
                        right,
                    )
                })
                .collect()
        })
        .collect();
    if let Some(foot) = &t.foot {
        rows.push(
            foot.iter()
                .enumerate()
                .map(|(i, x)| {
                    let right = t.numeric.contains(&i);
                    cell(fonts, x, Style::bold(SIZE), &widths, i, 1, right)
                })
                .collect(),
        );
    }
    let groups = groups(&rows);
    let n = groups.len();
    for (i, group) in groups.into_iter().enumerate() {
        let mut a = rows_atom(&rows[group.0..group.1], &widths, left, None);
        a.table = Some(id);
        // The last row (often the total) never goes alone to the next page, under a repeated
        // header: the row before it goes with it. Nor does the first row stand alone under the
        // header at the foot of a page, the rest of the table overleaf: the second goes with it.
        a.keep_next = i + 2 == n || (i == 0 && n > 1);
        col.atoms.push(a);
    }
}

fn cell(
    fonts: &Fonts,
    text: &str,
    style: Style,
    widths: &[f32],
    col: usize,
    span: usize,
    right: bool,
) -> Cell {
    let w = widths.get(col).copied().unwrap_or(40.0) - 2.0 * PAD_X;
    Cell {
        lines: break_lines(fonts, &[Run::new(text, style)], w, w),
        span,
        right,
    }
}

/// Natural widths, stretched to the measure; when they do not fit, the wide columns give way.
fn column_widths(fonts: &Fonts, t: &Table, n: usize, avail: f32) -> Vec<f32> {
    let mut natural = vec![0.0f32; n];
    let mut grow = |i: usize, text: &str, style: Style| {
        if let Some(w) = natural.get_mut(i) {
            *w = w.max(width(fonts, text, style) + 2.0 * PAD_X + 1.0);
        }
    };
    for (i, h) in t.head.iter().enumerate() {
        grow(i, h, Style::bold(SIZE));
    }
    for r in &t.rows {
        for (i, c) in r.cells.iter().enumerate() {
            grow(i, &c.text, Style::plain(SIZE));
        }
    }
    for (i, x) in t.foot.iter().flatten().enumerate() {
        grow(i, x, Style::bold(SIZE));
    }
    let total: f32 = natural.iter().sum();
    if total <= avail {
        return natural.iter().map(|w| w * avail / total.max(1.0)).collect();
    }
    // Columns narrower than a fair share keep their width; the others share the rest.
    let fair = avail / n as f32;
    let fixed: f32 = natural.iter().filter(|w| **w <= fair).sum();
    let wide: f32 = natural.iter().filter(|w| **w > fair).sum();
    let room = (avail - fixed).max(0.0);
    natural
        .iter()
        .map(|w| if *w <= fair { *w } else { w * room / wide })
        .collect()
}

/// Row groups `[from, to)`: a cell spanning rows binds them into one unbreakable group.
fn groups(rows: &[Vec<Cell>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut end = i + 1;
        let mut j = i;
        while j < end {
            for c in &rows[j] {
                end = end.max((j + c.span).min(rows.len()));
            }
            j += 1;
        }
        out.push((i, end));
        i = end;
    }
    out
}

/// The rows of one group as an atom: cell borders, optional background, text.
fn rows_atom(rows: &[Vec<Cell>], widths: &[f32], left: f32, fill: Option<u8>) -> Atom {
    let mut heights: Vec<f32> = rows
        .iter()
        .map(|r| {
            let n = r
                .iter()
                .filter(|c| c.span == 1)
                .map(|c| c.lines.len())
                .max()
                .unwrap_or(1);
            n as f32 * LEAD + 2.0 * PAD_Y
        })
        .collect();
    // A spanning cell taller than its rows makes its last row taller.
    for (j, r) in rows.iter().enumerate() {
        for c in r.iter().filter(|c| c.span > 1) {
            let last = (j + c.span).min(rows.len()) - 1;
            let have: f32 = heights[j..=last].iter().sum();
            let need = c.lines.len() as f32 * LEAD + 2.0 * PAD_Y;
            if need > have {
                heights[last] += need - have;
            }
        }
    }
    let mut ops = Vec::new();
    let mut y = 0.0;
    for (j, r) in rows.iter().enumerate() {
        let mut x = left;
        for (col, c) in r.iter().enumerate() {
            let w = widths.get(col).copied().unwrap_or(40.0);
            if c.span == 0 {
                x += w;
                continue;
            }
            let last = (j + c.span).min(rows.len());
            let h: f32 = heights[j..last].iter().sum();
            ops.push(Op::rect(x, y, w, h, fill, Some(RULE)));
            for (k, l) in c.lines.iter().enumerate() {
                let dx = if c.right { w - PAD_X - l.width } else { PAD_X };
                for p in &l.pieces {
                    ops.push(Op::Text {
                        x: x + dx + p.x,
                        y: y + PAD_Y + k as f32 * LEAD + baseline(SIZE, LEAD),
                        text: p.text.clone(),
                        style: p.style,
                    });
                }
            }
            x += w;
        }
        y += heights[j];
    }
    Atom::new(y, ops)
}
