//! Byte offsets <-> LSP positions. The checker's spans are byte offsets into UTF-8 text; LSP
//! positions are 0-based lines and columns counted in UTF-16 code units (the protocol's default
//! encoding), so a Chinese character is one unit and an astral one (𝄞, U+1D11E) two. Every
//! conversion clamps: a span past the end or inside a character, or a column past the end of
//! its line, lands on the nearest valid place instead of panicking.
//!
//! Lines end at `\n`; a `\r` before it is the last character of its line, which leaves every
//! column before it right (the only columns a span or a client's cursor can name there).

use lsp_types::{Position, Range};
use xqreg_grammar::Span;

/// The line starts of one text, computed once per version of a document.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { line_starts }
    }

    /// The LSP position of a byte offset (clamped to the text and floored to a char boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_boundary(text, offset);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.line_starts.get(line).copied().unwrap_or(0).min(offset);
        let units: usize = text
            .get(start..offset)
            .unwrap_or("")
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, units as u32)
    }

    /// The byte offset of an LSP position. A line past the end gives the end of the text; a
    /// column past the end of its line gives the end of the line; a column inside a surrogate
    /// pair gives the start of that character.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.line_starts.get(pos.line as usize) else {
            return text.len();
        };
        let line = &text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            let next = units + c.len_utf16();
            if next > pos.character as usize {
                return start + i;
            }
            units = next;
        }
        start + line.len()
    }

    /// The LSP range of a span.
    pub fn range(&self, text: &str, span: Span) -> Range {
        let start = span.start as usize;
        let end = (span.end as usize).max(start);
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte span of an LSP range (start and end in order).
    pub fn span(&self, text: &str, range: Range) -> Span {
        let a = self.offset(text, range.start);
        let b = self.offset(text, range.end);
        Span::new(a.min(b), a.max(b))
    }
}

/// The largest char boundary at or before `offset`, never past the end of the text.
pub fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut at = offset.min(text.len());
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) {
        let ix = LineIndex::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let pos = ix.position(text, offset);
            assert_eq!(
                ix.offset(text, pos),
                offset,
                "{text:?} at {offset}: {pos:?}"
            );
        }
    }

    /// Each `(offset, line, column)` of `text` is that position, and every offset of `text`
    /// comes back from its position.
    fn positions(text: &str, at: &[(usize, u32, u32)]) {
        let ix = LineIndex::new(text);
        for &(offset, line, column) in at {
            assert_eq!(
                ix.position(text, offset),
                Position::new(line, column),
                "{text:?} at {offset}"
            );
        }
        round_trip(text);
    }

    #[test]
    fn ascii_lines_and_columns() {
        positions("ab\ncd\n", &[(0, 0, 0), (4, 1, 1), (6, 2, 0)]);
    }

    #[test]
    fn chinese_characters_are_one_unit_each() {
        // "周庄" is 6 bytes and 2 UTF-16 units; `x` after them and a blank is column 3.
        let text = "time t \"慢棋\"\n周庄 x";
        let x = text.find('x').expect("x");
        let quote = text.rfind('"').expect("quote");
        positions(text, &[(x, 1, 3), (quote, 0, 10)]);
    }

    #[test]
    fn an_astral_character_is_two_units() {
        // U+1D11E is 4 bytes in UTF-8 and a surrogate pair in UTF-16.
        let text = "a𝄞b\n";
        positions(text, &[(text.find('b').expect("b"), 0, 3)]);
        // A column between the two halves of the pair names the character's start.
        assert_eq!(LineIndex::new(text).offset(text, Position::new(0, 2)), 1);
    }

    #[test]
    fn out_of_range_input_is_clamped() {
        let text = "周\nab";
        let ix = LineIndex::new(text);
        // Inside the 3-byte character: its start.
        assert_eq!(ix.position(text, 2), Position::new(0, 0));
        assert_eq!(ix.position(text, 99), Position::new(1, 2));
        assert_eq!(ix.offset(text, Position::new(0, 40)), 3);
        assert_eq!(ix.offset(text, Position::new(7, 0)), text.len());
        assert_eq!(
            ix.range(text, Span::new(5, 4)),
            Range::new(Position::new(1, 1), Position::new(1, 1))
        );
    }

    #[test]
    fn crlf_columns_before_the_return_are_right() {
        let text = "周a\r\nb";
        let (a, b) = (text.find('a').expect("a"), text.find('b').expect("b"));
        positions(text, &[(a, 0, 1), (b, 1, 0)]);
    }
}
