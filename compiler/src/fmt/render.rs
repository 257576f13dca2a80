//! Tokens to text: lines, blank lines and the aligned columns of tables.

use unicode_width::UnicodeWidthStr;

use super::layout::{Break, Tok};

/// Spaces per indentation level.
const INDENT: usize = 2;

struct Seg {
    text: String,
    /// Spaces before it.
    pad: usize,
    align: Option<(usize, u8)>,
}

struct Line {
    indent: usize,
    blank_before: bool,
    segs: Vec<Seg>,
}

/// The formatted text of `tokens` (`source` tells where it had blank lines).
pub(super) fn lines(source: &str, tokens: &[Tok]) -> String {
    let mut lines: Vec<Line> = Vec::new();
    let mut prev_end = 0usize;
    for tok in tokens {
        let start = tok.src.start as usize;
        let blank_in_source = source
            .get(prev_end.min(start)..start)
            .is_some_and(|gap| gap.matches('\n').count() >= 2);
        let after_open = lines
            .last()
            .and_then(|l| l.segs.last())
            .is_some_and(|s| s.text == "{");
        let new_line = match tok.brk {
            Break::Block => Some((0, !lines.is_empty())),
            Break::Line { indent, blank } => Some((
                indent,
                blank && blank_in_source && !after_open && tok.text != "}" && !lines.is_empty(),
            )),
            Break::Space | Break::Tight => None,
        };
        let pad = usize::from(tok.brk == Break::Space);
        match (new_line, lines.last_mut()) {
            (None, Some(line)) => line.segs.push(Seg {
                text: tok.text.clone(),
                pad,
                align: tok.align,
            }),
            (new_line, _) => {
                let (indent, blank_before) = new_line.unwrap_or((0, false));
                lines.push(Line {
                    indent,
                    blank_before,
                    segs: vec![Seg {
                        text: tok.text.clone(),
                        pad: 0,
                        align: tok.align,
                    }],
                });
            }
        }
        prev_end = tok.src.end as usize;
    }
    align(&mut lines, 0);
    align(&mut lines, 1);
    let mut out = String::new();
    for line in &lines {
        if line.blank_before {
            out.push('\n');
        }
        let mut text = " ".repeat(line.indent * INDENT);
        for seg in &line.segs {
            text.push_str(&" ".repeat(seg.pad));
            text.push_str(&seg.text);
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// Pad the segments that start column `col` of a table so that they line up: each at the
/// widest start of that column in its table, one space after the widest cell before it.
fn align(lines: &mut [Line], col: u8) {
    let mut widest: std::collections::BTreeMap<usize, usize> = Default::default();
    let mut starts = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        let mut width = line.indent * INDENT;
        for (si, seg) in line.segs.iter().enumerate() {
            if let Some((table, c)) = seg.align.filter(|&(_, c)| c == col) {
                let _ = c;
                let w = widest.entry(table).or_default();
                *w = (*w).max(width + 1);
                starts.push((li, si, table, width));
            }
            width += seg.pad + seg.text.width();
        }
    }
    for (li, si, table, width) in starts {
        if let Some(seg) = lines.get_mut(li).and_then(|l| l.segs.get_mut(si)) {
            seg.pad = widest.get(&table).copied().unwrap_or(width + 1) - width;
        }
    }
}
