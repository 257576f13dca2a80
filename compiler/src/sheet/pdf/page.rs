//! The printed page's geometry and the units the layout hands to pagination: an [`Atom`] is a
//! strip of the page (a line of text, a table row, the diagram) that is never split, with the
//! drawing operations inside it in points from the strip's top-left corner.

use super::breaks::Style;

/// A4 in points.
pub const PAGE_W: f32 = 595.28;
pub const PAGE_H: f32 = 841.89;
/// Margins: 18 mm top and at the sides, 17 mm at the foot (room for the page number).
pub const TOP: f32 = 51.0;
pub const SIDE: f32 = 51.0;
pub const BOTTOM: f32 = 48.2;
pub const CONTENT_W: f32 = PAGE_W - 2.0 * SIDE;
pub const CONTENT_H: f32 = PAGE_H - TOP - BOTTOM;

/// Body text: 五号 (10.5 pt), the size of Chinese official documents.
pub const BODY: f32 = 10.5;
pub const LEADING: f32 = BODY * 1.35;

/// A path segment, in points.
#[derive(Clone, Debug)]
pub enum Seg {
    Move(f32, f32),
    Line(f32, f32),
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

/// One drawing operation.
#[derive(Clone, Debug)]
pub enum Op {
    /// Text with its baseline at `y`.
    Text {
        x: f32,
        y: f32,
        text: String,
        style: Style,
    },
    /// A filled and/or stroked path.
    Path {
        segs: Vec<Seg>,
        fill: Option<u8>,
        stroke: Option<(u8, f32)>,
        dash: bool,
    },
}

impl Op {
    pub fn rect(x: f32, y: f32, w: f32, h: f32, fill: Option<u8>, stroke: Option<(u8, f32)>) -> Op {
        Op::Path {
            segs: vec![
                Seg::Move(x, y),
                Seg::Line(x + w, y),
                Seg::Line(x + w, y + h),
                Seg::Line(x, y + h),
                Seg::Close,
            ],
            fill,
            stroke,
            dash: false,
        }
    }

    /// Moves the operation by (dx, dy).
    pub fn shifted(&self, dx: f32, dy: f32) -> Op {
        match self {
            Op::Text { x, y, text, style } => Op::Text {
                x: x + dx,
                y: y + dy,
                text: text.clone(),
                style: *style,
            },
            Op::Path {
                segs,
                fill,
                stroke,
                dash,
            } => Op::Path {
                segs: segs
                    .iter()
                    .map(|s| match *s {
                        Seg::Move(x, y) => Seg::Move(x + dx, y + dy),
                        Seg::Line(x, y) => Seg::Line(x + dx, y + dy),
                        Seg::Cubic(a, b, c, d, e, f) => {
                            Seg::Cubic(a + dx, b + dy, c + dx, d + dy, e + dx, f + dy)
                        }
                        Seg::Close => Seg::Close,
                    })
                    .collect(),
                fill: *fill,
                stroke: *stroke,
                dash: *dash,
            },
        }
    }
}

/// How an atom relates to the page before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    None,
    /// A new part (a supplement) always starts a new page.
    Hard,
    /// The model's hint (the schedule): a new page if this one is already three quarters full.
    Soft,
}

/// A strip of the page that is never split.
#[derive(Clone, Debug)]
pub struct Atom {
    pub h: f32,
    /// Width of the content (for centring a scaled atom).
    pub w: f32,
    pub ops: Vec<Op>,
    /// Space above it, dropped at the top of a page.
    pub space_before: f32,
    /// Never the last atom of a page (a heading, a table caption or header, a first line).
    pub keep_next: bool,
    pub brk: Break,
    /// The table this row belongs to: its header is repeated on a new page.
    pub table: Option<usize>,
    /// The header row of table `table` itself.
    pub is_head: bool,
    /// Below 1: the atom may be drawn smaller, down to this scale, to fit (the diagram).
    pub min_scale: f32,
}

impl Atom {
    pub fn new(h: f32, ops: Vec<Op>) -> Atom {
        Atom {
            h,
            w: CONTENT_W,
            ops,
            space_before: 0.0,
            keep_next: false,
            brk: Break::None,
            table: None,
            is_head: false,
            min_scale: 1.0,
        }
    }
}

/// The baseline of text of `size` centred in a line `leading` high (Noto CJK: ascent 0.88 em).
pub fn baseline(size: f32, leading: f32) -> f32 {
    (leading - size) / 2.0 + 0.88 * size
}

/// The column being built, and the tables' header rows (repeated after a page break).
pub struct Column {
    pub atoms: Vec<Atom>,
    pub heads: Vec<Atom>,
}
