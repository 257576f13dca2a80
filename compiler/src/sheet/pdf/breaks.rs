//! Line breaking: a paragraph of styled runs into lines no wider than the measure.
//!
//! Break opportunities are UAX #14's (the `unicode-linebreak` crate): after any CJK character,
//! between Latin words, never inside a word, and never before closing punctuation such as
//! 。，、）」 or after opening punctuation （「《 (the usual 禁则, kinsoku). A word wider than the
//! whole measure (a long URL) is cut between characters rather than overflowing the page.

use unicode_linebreak::{linebreaks, BreakOpportunity};

use super::fonts::Fonts;

/// How a run of text is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub bold: bool,
    pub size: f32,
    /// 0 black … 255 white.
    pub gray: u8,
}

impl Style {
    pub fn plain(size: f32) -> Style {
        Style {
            bold: false,
            size,
            gray: 17,
        }
    }
    pub fn bold(size: f32) -> Style {
        Style {
            bold: true,
            ..Style::plain(size)
        }
    }
}

/// A run of text in one style.
#[derive(Clone, Debug)]
pub struct Run {
    pub text: String,
    pub style: Style,
    /// Never broken inside (a source mark such as 〔补充细则〕).
    pub whole: bool,
}

impl Run {
    pub fn new(text: impl Into<String>, style: Style) -> Run {
        Run {
            text: text.into(),
            style,
            whole: false,
        }
    }

    pub fn whole(text: impl Into<String>, style: Style) -> Run {
        Run {
            whole: true,
            ..Run::new(text, style)
        }
    }
}

/// Text placed on a line, `x` from the line's start.
#[derive(Clone, Debug)]
pub struct Piece {
    pub x: f32,
    pub text: String,
    pub style: Style,
}

#[derive(Clone, Debug, Default)]
pub struct Line {
    pub pieces: Vec<Piece>,
    pub width: f32,
}

/// The width of `text` in `style`.
pub fn width(fonts: &Fonts, text: &str, style: Style) -> f32 {
    let face = if style.bold {
        &fonts.bold
    } else {
        &fonts.regular
    };
    face.width(text, style.size)
}

/// An unbreakable segment: its parts (one per style), whether a line must end after it.
struct Segment {
    parts: Vec<(String, Style)>,
    mandatory: bool,
}

impl Segment {
    fn width(&self, fonts: &Fonts, trim: bool) -> f32 {
        let n = self.parts.len();
        self.parts
            .iter()
            .enumerate()
            .map(|(i, (t, s))| {
                if trim && i + 1 == n {
                    width(fonts, t.trim_end(), *s)
                } else {
                    width(fonts, t, *s)
                }
            })
            .sum()
    }
}

/// Cuts the runs at every break opportunity.
fn segments(runs: &[Run]) -> Vec<Segment> {
    let full: String = runs.iter().map(|r| r.text.as_str()).collect();
    let mut starts = Vec::with_capacity(runs.len());
    let mut whole = Vec::new();
    let mut at = 0;
    for r in runs {
        starts.push((at, r.style));
        if r.whole {
            whole.push((at, at + r.text.len()));
        }
        at += r.text.len();
    }
    let style_at = |i: usize| {
        starts
            .iter()
            .rev()
            .find(|(s, _)| *s <= i)
            .map_or(Style::plain(10.0), |(_, st)| *st)
    };
    let mut out = Vec::new();
    let mut from = 0;
    for (to, kind) in linebreaks(&full) {
        if whole.iter().any(|&(a, b)| a < to && to < b) {
            continue;
        }
        let mut parts: Vec<(String, Style)> = Vec::new();
        let mut cut = from;
        // Split the segment where the style changes.
        for &(s, _) in starts.iter().filter(|(s, _)| *s > from && *s < to) {
            parts.push((full[cut..s].to_string(), style_at(cut)));
            cut = s;
        }
        parts.push((full[cut..to].to_string(), style_at(cut)));
        parts.retain(|(t, _)| !t.is_empty());
        out.push(Segment {
            parts,
            mandatory: kind == BreakOpportunity::Mandatory && to < full.len(),
        });
        from = to;
    }
    out
}

/// Breaks `runs` into lines: the first at most `first` wide, the others at most `rest`.
pub fn break_lines(fonts: &Fonts, runs: &[Run], first: f32, rest: f32) -> Vec<Line> {
    let mut lines: Vec<Vec<(String, Style)>> = Vec::new();
    let mut line: Vec<(String, Style)> = Vec::new();
    let mut used = 0.0f32;
    for seg in segments(runs) {
        let avail = if lines.is_empty() { first } else { rest };
        let w_trim = seg.width(fonts, true);
        if !line.is_empty() && used + w_trim > avail + 0.01 {
            lines.push(std::mem::take(&mut line));
            used = 0.0;
        }
        let avail = if lines.is_empty() { first } else { rest };
        if line.is_empty() && w_trim > avail {
            // A word wider than the measure: cut it between characters.
            for (t, s) in seg.parts {
                for c in t.chars() {
                    let cw = width(fonts, c.encode_utf8(&mut [0; 4]), s);
                    if !line.is_empty() && used + cw > avail {
                        lines.push(std::mem::take(&mut line));
                        used = 0.0;
                    }
                    push(&mut line, c.to_string(), s);
                    used += cw;
                }
            }
        } else {
            used += seg.width(fonts, false);
            for (t, s) in seg.parts {
                push(&mut line, t, s);
            }
        }
        if seg.mandatory {
            lines.push(std::mem::take(&mut line));
            used = 0.0;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines.into_iter().map(|l| place(fonts, l)).collect()
}

/// Appends text, merging it into the last part when the style is the same.
fn push(line: &mut Vec<(String, Style)>, text: String, style: Style) {
    match line.last_mut() {
        Some((t, s)) if *s == style => t.push_str(&text),
        _ => line.push((text, style)),
    }
}

/// Positions the parts of a line; trailing spaces and newlines are dropped.
fn place(fonts: &Fonts, mut parts: Vec<(String, Style)>) -> Line {
    if let Some((t, _)) = parts.last_mut() {
        let trimmed = t.trim_end().len();
        t.truncate(trimmed);
    }
    let mut x = 0.0;
    let mut pieces = Vec::new();
    for (text, style) in parts {
        let text: String = text.chars().filter(|c| *c != '\n' && *c != '\r').collect();
        if text.is_empty() {
            continue;
        }
        let w = width(fonts, &text, style);
        pieces.push(Piece { x, text, style });
        x += w;
    }
    Line { pieces, width: x }
}
