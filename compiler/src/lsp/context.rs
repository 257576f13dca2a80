//! What surrounds the cursor, read from the text alone (so it works while the text does not
//! parse): the word under it, the word before it, and the blocks it is inside.
//!
//! A block is named by the first word of the line that opens its `{` (`stage groups "小组赛" {`
//! is a `stage` block, `  draw {` a `draw` block), which is how every block of the language is
//! written. Strings and `//` comments are skipped, as the lexer skips them.

/// True for a character that continues a word (identifiers are XID, so Chinese letters count).
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where the word that ends at `offset` starts (`offset` itself between words).
fn word_start(text: &str, offset: usize) -> usize {
    text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| word_char(c))
        .last()
        .map_or(offset, |(i, _)| i)
}

/// The word containing (or ending at) `offset`, with its byte range.
pub fn word_at(text: &str, offset: usize) -> Option<(usize, usize, &str)> {
    let offset = super::position::floor_boundary(text, offset);
    let start = word_start(text, offset);
    let end = offset
        + text[offset..]
            .char_indices()
            .find(|&(_, c)| !word_char(c))
            .map_or(text.len() - offset, |(i, _)| i);
    (start < end).then(|| (start, end, &text[start..end]))
}

/// The word being typed at `offset` (from its start up to the cursor; empty between words).
pub fn prefix_at(text: &str, offset: usize) -> &str {
    let offset = super::position::floor_boundary(text, offset);
    &text[word_start(text, offset)..offset]
}

/// The word before the one being typed at `offset`, on the same line.
pub fn previous_word(text: &str, offset: usize) -> Option<&str> {
    let offset = super::position::floor_boundary(text, offset);
    let before = &text[..offset - prefix_at(text, offset).len()];
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    line.split(|c: char| !word_char(c))
        .rfind(|w| !w.is_empty())
        .filter(|_| line.ends_with(char::is_whitespace))
}

/// The blocks open at `offset`, outermost first, each named by its opening line's first word.
pub fn blocks_at(text: &str, offset: usize) -> Vec<String> {
    let offset = super::position::floor_boundary(text, offset);
    let mut stack: Vec<String> = Vec::new();
    let mut line_start = 0;
    let mut in_string = false;
    let mut chars = text[..offset].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                '\n' => {
                    in_string = false;
                    line_start = i + 1;
                }
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '\n' => line_start = i + 1,
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                while chars.peek().is_some_and(|&(_, n)| n != '\n') {
                    chars.next();
                }
            }
            '{' => {
                let head = text[line_start..i]
                    .split(|c: char| !word_char(c))
                    .find(|w| !w.is_empty())
                    .unwrap_or("");
                stack.push(head.to_string());
            }
            '}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_named_by_their_opening_line() {
        let text = "stage groups \"小组{赛\" {\n  draw {\n    rest random // {\n    ";
        assert_eq!(blocks_at(text, text.len()), vec!["stage", "draw"]);
        let closed = "stage a { knockout { seeded 2 } ";
        assert_eq!(blocks_at(closed, closed.len()), vec!["stage"]);
    }

    #[test]
    fn words_around_the_cursor() {
        let text = "  time 慢棋x rest";
        let at = text.find('x').expect("x");
        assert_eq!(word_at(text, at).map(|w| w.2), Some("慢棋x"));
        assert_eq!(prefix_at(text, at), "慢棋");
        assert_eq!(previous_word(text, at), Some("time"));
        assert_eq!(previous_word("time", 4), None);
    }
}
