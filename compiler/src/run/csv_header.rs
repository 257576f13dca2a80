//! What a CSV reader would lose without a word, found before any row is read: a header cell
//! naming no known column (E805, with did-you-mean), a column named twice (E806), a quote left
//! open on its line (E807; it would swallow every row after it into one field).

use xqreg_grammar::Span;

use super::codes::{E801, E805, E806, E807};
use crate::check::suggest::did_you_mean;
use crate::diagnostics::{Diagnostic, Diagnostics, Report, Template, DID_YOU_MEAN};

// The message catalogue of this module: compiler/messages/run/csv_header.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/csv_header.rs"));

/// The roster columns xqreg reads (DESIGN.md).
pub const ROSTER_COLUMNS: &[&str] = &[
    "id",
    "name",
    "unit",
    "federation",
    "sex",
    "born",
    "title",
    "rating",
    "pool",
    "order",
    "grade",
    "school_year",
    "club",
    "residence",
    "qualified",
];

/// The results columns xqreg reads.
pub const RESULTS_COLUMNS: &[&str] = &[
    "stage",
    "round",
    "board",
    "red",
    "black",
    "result",
    "red_fouls",
    "black_fouls",
    "step",
    "game",
];

/// Byte ranges of the fields of one CSV line (commas inside double quotes do not split).
pub fn fields_of(line: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                out.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, line.len()));
    out
}

/// The header cells (trimmed, lower case, quotes removed) with their spans in the text.
pub fn header_cells(text: &str) -> Vec<(String, Span)> {
    let first = text.split('\n').next().unwrap_or("");
    let first = first.strip_suffix('\r').unwrap_or(first);
    // A UTF-8 byte order mark is not part of the first column's name.
    let bom = if first.starts_with('\u{FEFF}') { 3 } else { 0 };
    fields_of(first.get(bom..).unwrap_or(""))
        .into_iter()
        .map(|(a, b)| {
            let cell = first.get(a + bom..b + bom).unwrap_or("");
            let name = cell.trim().trim_matches('"').trim().to_lowercase();
            (name, Span::new(a + bom, b + bom))
        })
        .collect()
}

/// The most header cells read one by one: a header wider than its file's columns by far is one
/// refusal (E805), not one a cell (a line of two million commas took minutes to refuse, each
/// refusal printing the whole line).
const MOST_CELLS: usize = 64;

/// E805 for every header cell that names no column of `known`, E806 for a column named twice;
/// `true` when the line is no header at all (far wider than `known`), whose rows are not read.
pub fn check_header(
    text: &str,
    known: &[&str],
    file: (&str, &str),
    diags: &mut Diagnostics,
) -> bool {
    let cells = header_cells(text);
    let most = MOST_CELLS.max(known.len());
    if let Some((_, span)) = cells.get(most) {
        let (n, most) = (cells.len().to_string(), known.len().to_string());
        let names = [
            ("file", file.0),
            ("file_zh", file.1),
            ("n", n.as_str()),
            ("most", most.as_str()),
            ("columns", &known.join(", ")),
            ("columns_zh", &known.join("、")),
        ];
        diags.push(TOO_WIDE.at(*span, &names));
        return true;
    }
    for (i, (name, span)) in cells.iter().enumerate() {
        if name.is_empty() {
            let names = [("file", file.0), ("file_zh", file.1)];
            diags.push(UNNAMED_COLUMN.at(*span, &names));
            continue;
        }
        if let Some((_, first)) = cells.get(..i).and_then(|c| c.iter().find(|c| &c.0 == name)) {
            let names = [("file", file.0), ("file_zh", file.1), ("name", name)];
            diags.push(
                REPEATED_COLUMN
                    .at(*span, &names)
                    .with_label(*first, FIRST_NAMED.plain()),
            );
            continue;
        }
        if known.contains(&name.as_str()) {
            continue;
        }
        let help = match did_you_mean(name, known.iter().copied()) {
            Some(near) => DID_YOU_MEAN.fill(&[("name", near)]),
            None => COLUMNS_ARE.fill(&[
                ("file", file.0),
                ("file_zh", file.1),
                ("columns", &known.join(", ")),
                ("columns_zh", &known.join("、")),
            ]),
        };
        let names = [("file", file.0), ("file_zh", file.1), ("name", name)];
        diags.push(NO_COLUMN.at(*span, &names).with_help(help));
    }
    false
}

/// E807 at the first quote that is still open at the end of its line, E801 at text after a
/// field's closing quote; `true` when found (the rows cannot be told apart as written).
pub fn check_quotes(text: &str, diags: &mut Diagnostics) -> bool {
    let mut open: Option<usize> = None;
    let mut field_start = true;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (open, c) {
            (None, '"') if field_start => {
                open = Some(i);
                field_start = false;
            }
            (Some(_), '"') => {
                match chars.peek().map(|&(_, n)| n) {
                    Some('"') => {
                        chars.next();
                    }
                    // `"a"b`: a CSV reader drops the quotes and reads `ab`, a field nobody wrote.
                    Some(n) if !matches!(n, ',' | '\n' | '\r' | ' ' | '\t') => {
                        diags.push(after_quote(i + 1, n));
                        return true;
                    }
                    _ => open = None,
                }
            }
            (Some(at), '\n') => {
                diags.push(open_quote(at));
                return true;
            }
            (None, ',' | '\n') => field_start = true,
            (None, ' ' | '\t' | '\r') => {}
            (None, _) => field_start = false,
            _ => {}
        }
    }
    if let Some(at) = open {
        diags.push(open_quote(at));
        return true;
    }
    false
}

fn after_quote(at: usize, c: char) -> Diagnostic {
    TEXT_AFTER_QUOTE.at(Span::new(at, at + c.len_utf8()), &[])
}

fn open_quote(at: usize) -> Diagnostic {
    OPEN_QUOTE.at(Span::new(at, at + 1), &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str, known: &[&str]) -> Vec<&'static str> {
        let mut d = Diagnostics::default();
        check_header(text, known, ("roster", "名单"), &mut d);
        check_quotes(text, &mut d);
        d.list.iter().map(|d| d.code.code).collect()
    }

    #[test]
    fn typos_repeats_and_open_quotes_are_found() {
        assert_eq!(codes("id,name,units\n", ROSTER_COLUMNS), vec!["E805"]);
        assert_eq!(codes("id,name,id\n", ROSTER_COLUMNS), vec!["E806"]);
        assert_eq!(
            codes("id,name\np1,\"x\np2,y\n", ROSTER_COLUMNS),
            vec!["E807"]
        );
        assert!(codes("id,\"name\"\np1,\"a \"\"b\"\", c\"\n", ROSTER_COLUMNS).is_empty());
        assert!(codes("id,name\np1,\"a\" ,x\n", &["id", "name", "x"]).is_empty());
        assert_eq!(codes("id,name\np1,\"a\"b\n", ROSTER_COLUMNS), vec!["E801"]);
        assert!(codes("\u{FEFF}id,name\r\n", ROSTER_COLUMNS).is_empty());
    }

    /// A header cell with no name (a spreadsheet's trailing comma) is said as that, once per
    /// such cell, never as "no column `(empty)`" or as an empty name repeated.
    #[test]
    fn an_unnamed_column_is_said_as_one() {
        let mut d = Diagnostics::default();
        check_header("id,,name,\n", ROSTER_COLUMNS, ("roster", "名单"), &mut d);
        let said: Vec<(&str, String, u32)> = d
            .list
            .iter()
            .map(|d| (d.code.code, d.message.en.clone(), d.labels[0].span.start))
            .collect();
        let unnamed = "a column of the roster header has no name".to_string();
        assert_eq!(said, [("E805", unnamed.clone(), 3), ("E805", unnamed, 9)]);
    }
}
