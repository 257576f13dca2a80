//! The concrete syntax tree: pest's pairs for each top-level block, as plain data.
//!
//! The typed tree ([`crate::ast`]) says what a file means; a formatter also needs to know where
//! each clause, brace and literal stands. [`parse`] gives, for each top-level block, the tree of
//! grammar rules that matched it (rule name, byte span in the file, children), read from the same
//! parse as [`crate::parse`] (comments blanked). Punctuation written as literals in the grammar
//! (`{`, `:`, `,`, `..`) has no node: it is the text between a node's children.

pub use crate::parser::Node;

/// The concrete tree of each top-level block of `text`, in order, or `None` when any block has
/// a syntax error (then [`crate::parse`] gives the errors).
pub fn parse(text: &str) -> Option<Vec<Node>> {
    crate::parser::concrete(text)
}
