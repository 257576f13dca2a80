//! One source file as renderers see it: its name as given on the command line, its text, and
//! the arithmetic from byte offsets to 1-based lines and character columns.
//!
//! Spans come from the parser and the checks; a renderer must never panic on a span that runs
//! past the end of the text or splits a character, so every lookup goes through [`SourceFile::clamp`].

use std::ops::Range;

use unicode_width::UnicodeWidthStr;
use xqreg_grammar::Span;

/// A 1-based place in a file: `column` counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// A named source text with its line starts computed once.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// The plan's origin of the clause or cell at `span`: its line and column, and the span.
    pub fn origin(&self, span: Span) -> xqreg_runtime::plan::Origin {
        let pos = self.position(span.start as usize);
        xqreg_runtime::plan::Origin::Clause {
            file: self.name.clone(),
            line: pos.line as u32,
            column: pos.column as u32,
            span: xqreg_runtime::plan::SourceSpan {
                start: span.start,
                end: span.end,
            },
        }
    }

    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        // Lines ended by a lone CR are lines (the readers take them so): CR for LF, byte for byte.
        let text: String = text.into();
        let text = match xqreg_grammar::lone_cr_as_newline(&text) {
            std::borrow::Cow::Owned(t) => t,
            std::borrow::Cow::Borrowed(_) => text,
        };
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The largest char boundary at or before `offset`, and never past the end of the text.
    pub fn floor_boundary(&self, offset: usize) -> usize {
        let mut at = offset.min(self.text.len());
        while at > 0 && !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// A span made safe to slice with: inside the text, on char boundaries, start <= end.
    pub fn clamp(&self, span: Span) -> Range<usize> {
        let start = self.floor_boundary(span.start as usize);
        let end = self.floor_boundary(span.end as usize).max(start);
        start..end
    }

    /// The 0-based index of the line holding `offset`.
    fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_index(self.floor_boundary(offset))
    }

    /// The byte where 0-based line `line` starts; the end of the text past the last line.
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len())
    }

    /// The text of the line holding `offset`, from its start up to `offset`.
    fn line_prefix(&self, offset: usize) -> &str {
        let offset = self.floor_boundary(offset);
        let start = self
            .line_starts
            .get(self.line_index(offset))
            .copied()
            .unwrap_or(0)
            .min(offset);
        self.text.get(start..offset).unwrap_or("")
    }

    /// Line and character column (both 1-based) of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let offset = self.floor_boundary(offset);
        Position {
            line: self.line_index(offset) + 1,
            column: self.line_prefix(offset).chars().count() + 1,
        }
    }

    /// Start and end positions of a span; the end is exclusive (the column just after the last
    /// character), as in rustc's JSON.
    pub fn range(&self, span: Span) -> (Position, Position) {
        let r = self.clamp(span);
        (self.position(r.start), self.position(r.end))
    }

    /// Terminal columns before `offset` on its line: where a caret must go. Chinese characters
    /// are two columns wide.
    pub fn display_column(&self, offset: usize) -> usize {
        self.line_prefix(offset).width()
    }

    /// Number of lines (a final line without a newline counts; an empty text has one line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_width_counts_columns() {
        let f = SourceFile::new("a.xqr", "ab\n周庄 x\n");
        let x = f.text.find('x').expect("x is in the text");
        assert_eq!(f.position(x), Position { line: 2, column: 4 });
        assert_eq!(f.display_column(x), 5);
        assert_eq!(f.position(0), Position { line: 1, column: 1 });
        assert_eq!(f.position(f.text.len()), Position { line: 3, column: 1 });
    }

    #[test]
    fn bad_spans_are_clamped() {
        let f = SourceFile::new("a.xqr", "周");
        assert_eq!(f.clamp(Span::new(1, 99)), 0..3);
        assert_eq!(f.clamp(Span::new(5, 2)), 3..3);
        assert_eq!(f.position(2), Position { line: 1, column: 1 });
    }
}
