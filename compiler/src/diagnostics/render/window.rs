//! The part of a source one miette report needs. miette's own `SourceCode` for a string scans
//! the text from its first byte up to each label to count lines, so N reports on one file cost
//! N times the file: quadratic (issue 11: 20,000 diagnostics took 56 s). A [`Window`] holds only
//! the lines around each of a report's labels, with the line number and byte offset where they
//! start, found in the file's precomputed line starts; each report then costs its own lines (not
//! the lines between two labels far apart: `damage7`, 10 000 stages named alike took minutes).

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::diagnostics::source::SourceFile;

/// Lines of a file: one stretch of them per group of a report's labels (with their context),
/// each starting at byte `base` of the file and at its 0-based line `first_line`. Labels far
/// apart (a name declared again 10 000 blocks below the first) get a stretch each: the lines
/// between are never copied nor scanned, which made 10 000 such reports quadratic.
#[derive(Debug)]
pub(super) struct Window {
    name: String,
    pieces: Vec<Piece>,
}

#[derive(Debug)]
struct Piece {
    text: String,
    base: usize,
    first_line: usize,
}

impl Window {
    /// The lines holding each byte range of `ranges` in `source`, with `context` lines around;
    /// stretches that meet or come within a few lines of each other are one.
    pub(super) fn around(
        source: &SourceFile,
        name: String,
        ranges: &[std::ops::Range<usize>],
        context: usize,
    ) -> Window {
        // A report without a label is shown at the file's first line.
        let none = std::iter::once(0..0).collect::<Vec<_>>();
        let ranges = if ranges.is_empty() { &none } else { ranges };
        let mut lines: Vec<(usize, usize)> = ranges
            .iter()
            .map(|r| {
                let first = source.line_of(r.start).saturating_sub(context);
                (first, source.line_of(r.end) + context)
            })
            .collect();
        lines.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::new();
        for (first, last) in lines {
            match merged.last_mut() {
                // miette joins two labels' snippets when their contexts touch: keep them in one
                // stretch then, with room to spare.
                Some(prev) if first <= prev.1 + 2 * context + 2 => prev.1 = prev.1.max(last),
                _ => merged.push((first, last)),
            }
        }
        let pieces = merged
            .into_iter()
            .map(|(first_line, last_line)| {
                let base = source.line_start(first_line);
                let stop = source.line_start(last_line + 1);
                Piece {
                    text: super::printable(source.text.get(base..stop).unwrap_or("")).into_owned(),
                    base,
                    first_line,
                }
            })
            .collect();
        Window { name, pieces }
    }
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // The stretch the span lies in (a span reaching past its end is out of bounds).
        let piece = self
            .pieces
            .iter()
            .rev()
            .find(|p| p.base <= span.offset())
            .ok_or(MietteError::OutOfBounds)?;
        let offset = span.offset() - piece.base;
        let local = SourceSpan::new(offset.into(), span.len());
        let inner = piece
            .text
            .read_span(&local, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new(
                (inner.span().offset() + piece.base).into(),
                inner.span().len(),
            ),
            inner.line() + piece.first_line,
            inner.column(),
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report whose two labels are 100 000 lines apart (a stage named again far below the
    /// first) holds the lines around each, not the lines between: 10 000 such reports copied
    /// and scanned the whole file each (minutes for a file of 765 KB). Labels a few lines apart
    /// share one stretch, so that miette can draw them in one snippet.
    #[test]
    fn labels_far_apart_get_a_stretch_each_and_close_ones_share_one() {
        let mut text = String::from("stage a {}\n");
        for i in 0..100_000 {
            text.push_str(&format!("// line {i}\n"));
        }
        text.push_str("stage a {}\n");
        let source = SourceFile::new("f.xqr", text.clone());
        let last = text.rfind("stage").expect("second");
        let w = Window::around(&source, "f".into(), &[6..7, last + 6..last + 7], 1);
        assert_eq!(w.pieces.len(), 2);
        let held: usize = w.pieces.iter().map(|p| p.text.len()).sum();
        assert!(held < 100, "{held} bytes held");
        // Each label reads back from its own stretch, at its own line.
        for (at, line) in [(6, 0), (last + 6, 100_001)] {
            let span = SourceSpan::new(at.into(), 1);
            let read = w.read_span(&span, 0, 0).expect("read");
            assert_eq!(read.line(), line);
        }
        let near = text.find("// line 2").expect("near");
        let w = Window::around(&source, "f".into(), &[6..7, near..near + 1], 1);
        assert_eq!(w.pieces.len(), 1);
    }
}
