//! Byte spans into one source text, and the line/column arithmetic renderers need.

use serde::Serialize;

/// A half-open byte range `start..end` into the source text. Small and `Copy`; lines and columns
/// are computed only when a diagnostic is rendered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Shift by `offset` bytes (a block parsed on its own is placed back in the file).
    pub fn shifted(self, offset: usize) -> Span {
        Span {
            start: self.start + offset as u32,
            end: self.end + offset as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }
}
