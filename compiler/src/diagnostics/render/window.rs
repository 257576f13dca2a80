//! The part of a source one miette report needs. miette's own `SourceCode` for a string scans
//! the text from its first byte up to each label to count lines, so N reports on one file cost
//! N times the file: quadratic (issue 11: 20,000 diagnostics took 56 s). A [`Window`] holds only
//! the lines around a report's labels, with the line number and byte offset where they start,
//! found in the file's precomputed line starts; each report then costs its own lines.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::diagnostics::source::SourceFile;

/// Lines `first_line..` of a file (0-based), starting at byte `base` of the file.
#[derive(Debug)]
pub(super) struct Window {
    name: String,
    text: String,
    base: usize,
    first_line: usize,
}

impl Window {
    /// The lines holding the byte range `start..end` of `source`, with `context` lines around.
    pub(super) fn around(
        source: &SourceFile,
        name: String,
        start: usize,
        end: usize,
        context: usize,
    ) -> Window {
        let first_line = source.line_of(start).saturating_sub(context);
        let last_line = source.line_of(end) + context;
        let base = source.line_start(first_line);
        let stop = source.line_start(last_line + 1);
        Window {
            name,
            text: super::printable(source.text.get(base..stop).unwrap_or("")).into_owned(),
            base,
            first_line,
        }
    }
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let offset = span
            .offset()
            .checked_sub(self.base)
            .ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new(offset.into(), span.len());
        let inner = self
            .text
            .read_span(&local, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new(
                (inner.span().offset() + self.base).into(),
                inner.span().len(),
            ),
            inner.line() + self.first_line,
            inner.column(),
            inner.line_count(),
        )))
    }
}
