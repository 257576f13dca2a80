//! Roster and results CSV files in, runtime values out; every problem a diagnostic with the row
//! (line) and column of the field, and nothing half-read: a file with problems gives no roster.

mod lineups;

use xqreg_grammar::Span;
use xqreg_runtime::engine::{GameResult, Player, RecordedGame, RecordedResults, Roster};
use xqreg_runtime::plan::{Date, Origin, Sex, SourceSpan, Title};

pub use lineups::{read_lineups, LINEUP_COLUMNS};

use super::codes::{E801, E802, E803, E804, E808};
use super::csv_header::{check_header, check_quotes, RESULTS_COLUMNS, ROSTER_COLUMNS};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Diagnostic, Diagnostics, Msg, Report, Template};
use crate::driver::FileReport;

/// One CSV file read into header-keyed rows, with the byte span of every field.
struct Table {
    header: Vec<String>,
    /// (line, fields with their spans)
    rows: Vec<(u32, Vec<(String, Span)>)>,
}

// The message catalogue of this module: compiler/messages/run/csv_input.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/csv_input.rs"));

/// The file's table; None when a quote is left open (the rows after it cannot be told apart).
/// Header cells naming no known column, or one column twice, are errors too.
fn read_table(
    source: &SourceFile,
    known: &[&str],
    file: (&str, &str),
    diags: &mut Diagnostics,
) -> Option<Table> {
    let text = source.text.as_str();
    if check_quotes(text, diags) {
        return None;
    }
    if check_header(text, known, file, diags) {
        return None;
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(|s| s.trim().to_lowercase()).collect(),
        Err(e) => {
            diags.push(malformed(&e.to_string(), Span::new(0, 0)));
            return None;
        }
    };
    let mut rows = Vec::new();
    for record in reader.records() {
        match record {
            Ok(rec) => {
                let (start, line) = record_start(source, rec.position());
                // Field spans: unquoted fields lie one after the other separated by commas; a
                // quoted field shifts later spans by its quotes, which only moves a caret.
                let mut offset = start;
                let fields: Vec<(String, Span)> = rec
                    .iter()
                    .map(|f| {
                        let span = Span::new(offset, (offset + f.len()).min(text.len()));
                        offset += f.len() + 1;
                        (f.trim().to_string(), span)
                    })
                    .collect();
                cell_values(&header, &fields, diags);
                rows.push((line, fields));
            }
            Err(e) => {
                let (at, line) = record_start(source, e.position());
                let span = Span::new(at, at + 1);
                // A row of another length than the header: said in the file's terms (the CSV
                // library calls the header "the previous record", and only in English).
                if let csv::ErrorKind::UnequalLengths {
                    pos: Some(_),
                    expected_len,
                    len,
                    ..
                } = e.kind()
                {
                    diags.push(FIELD_COUNT.at(
                        span,
                        &[
                            ("line", &line.to_string()),
                            ("fields", &len.to_string()),
                            ("header", &expected_len.to_string()),
                        ],
                    ));
                } else {
                    diags.push(malformed(&e.to_string(), span));
                }
            }
        }
    }
    Some(Table { header, rows })
}

/// The most characters a cell holds: a name, a club or a school runs to tens of them.
const LONGEST_CELL: usize = 500;

/// E803 for each cell that is a spreadsheet formula (`=SUM(A1:A3)`, `@A1`), not a value: read
/// as text it would be a name or a team, printed, and run by whoever opens an exported CSV in
/// a spreadsheet (`=` alone is a draw in a results file); and for a cell longer than
/// [`LONGEST_CELL`] (text pasted into it, or rows run together), which became a name printed on
/// every list.
fn cell_values(header: &[String], fields: &[(String, Span)], diags: &mut Diagnostics) {
    for (i, (value, span)) in fields.iter().enumerate() {
        let column = header.get(i).map_or("", String::as_str);
        if value.len() > 1 && (value.starts_with('=') || value.starts_with('@')) {
            let value = crate::diagnostics::quoted(value);
            diags.push(FORMULA.at(*span, &[("column", column), ("value", &value)]));
        } else if value.len() > LONGEST_CELL && value.chars().count() > LONGEST_CELL {
            let (n, most) = (value.chars().count().to_string(), LONGEST_CELL.to_string());
            let names = [
                ("column", column),
                ("n", n.as_str()),
                ("most", most.as_str()),
            ];
            diags.push(TOO_LONG.at(*span, &names));
        }
    }
}

/// A record's first byte and its 1-based line. After a CRLF ending the CSV reader puts a record
/// at the LF of the line before, and its line count is one short: every problem at a row of a
/// spreadsheet's CSV pointed at the row above it, every cell one byte to the left. The record
/// starts after that LF, and its line is counted from there.
fn record_start(source: &SourceFile, at: Option<&csv::Position>) -> (usize, u32) {
    let mut start = at.map_or(0, |p| p.byte() as usize);
    if source.text.as_bytes().get(start) == Some(&b'\n') {
        start += 1;
    }
    let line = u32::try_from(source.position(start).line).unwrap_or(u32::MAX);
    (start, line)
}

fn malformed(what: &str, span: Span) -> Diagnostic {
    let what = what.to_string();
    MALFORMED.at(span, &[("what", &what)])
}

impl Table {
    fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The row's non-empty cell in column `name`.
    fn cell<'a>(&self, fields: &'a [(String, Span)], name: &str) -> Option<&'a (String, Span)> {
        self.column(name)
            .and_then(|c| fields.get(c))
            .filter(|(v, _)| !v.is_empty())
    }

    fn require(&self, name: &str, file: (&str, &str), diags: &mut Diagnostics) -> Option<usize> {
        let col = self.column(name);
        if col.is_none() {
            diags.push(MISSING.at(Span::new(0, 0), &[("file", file.0), ("column", name)]));
        }
        col
    }
}

/// E808: a cell the row needs is empty; the row is refused, never skipped.
fn empty_cell(column: &str, span: Span) -> Diagnostic {
    EMPTY_CELL.at(span, &[("column", column)])
}

fn bad(value: &str, column: &str, span: Span, help: Msg) -> Diagnostic {
    let value = crate::diagnostics::quoted(value);
    Diagnostic::new(
        &E803,
        BAD.fill(&[("value", &value), ("column", column)]),
        span,
        COLUMN.fill(&[("column", column)]),
    )
    .with_help(help)
}

/// Read a roster CSV (DESIGN.md columns `id, name, unit, federation, sex, born, title, rating,
/// pool, order, grade, school_year, club, residence, qualified`; `id` and `name` required, the rest as the
/// regulation needs them).
pub fn read_roster(name: &str, bytes: &[u8]) -> Result<Roster, FileReport> {
    let file = ("roster", "名单");
    read_csv(
        name,
        bytes,
        ROSTER_COLUMNS,
        file,
        &["id", "name"],
        |table, _, cols, diags| {
            let mut players = Vec::new();
            if let [id, pname] = *cols {
                for (line, fields) in &table.rows {
                    if let Some(p) = roster_row(table, *line, fields, id, pname, diags) {
                        players.push(p);
                    }
                }
            }
            Roster { players }
        },
    )
}

fn roster_row(
    table: &Table,
    line: u32,
    fields: &[(String, Span)],
    id_col: usize,
    name_col: usize,
    diags: &mut Diagnostics,
) -> Option<Player> {
    let get = |col: &str| table.cell(fields, col);
    let (id, id_span) = fields.get(id_col)?.clone();
    if id.is_empty() {
        diags.push(NO_ID.at(id_span, &[]));
    }
    if let Some((_, span)) = fields.get(name_col).filter(|f| f.0.is_empty()) {
        diags.push(empty_cell("name", *span));
    }
    let mut p = Player {
        id,
        name: fields
            .get(name_col)
            .map(|f| f.0.clone())
            .unwrap_or_default(),
        row: Some(line),
        ..Player::default()
    };
    p.unit = get("unit").map(|f| f.0.clone());
    p.federation = get("federation").map(|f| f.0.clone());
    // `a;b`: the first pool is the player's place, the others pools the player also belongs to.
    if let Some((v, _)) = get("pool") {
        let mut pools = v.split(';').map(str::trim).filter(|x| !x.is_empty());
        p.pool = pools.next().map(str::to_string);
        p.also_pools = pools.map(str::to_string).collect();
    }
    p.club = get("club").map(|f| f.0.clone());
    p.residence = get("residence").map(|f| f.0.clone());
    p.sex = typed(get("sex"), "sex", Sex::parse, |_| WRITE_SEX.plain(), diags);
    p.born = typed(get("born"), "born", born, date_help, diags);
    p.title = typed(
        get("title"),
        "title",
        Title::parse,
        |_| WRITE_TITLE.plain(),
        diags,
    );
    p.qualified = typed(
        get("qualified"),
        "qualified",
        |v| v.parse::<u32>().ok().filter(|n| *n >= 1),
        |_| WRITE_QUALIFIED.fill(&[("most", &u32::MAX.to_string())]),
        diags,
    );
    // Four digits at most: no rating list goes higher, and a TRF file has four columns for it
    // (a longer number would be cut there, not refused).
    p.rating = typed(
        get("rating"),
        "rating",
        |v| v.parse::<u32>().ok().filter(|n| *n <= 9999),
        |_| WRITE_RATING.plain(),
        diags,
    );
    p.order = whole_number(get("order"), "order", diags);
    for (col, slot, most, zh) in [
        ("grade", &mut p.grade, 9, "段位"),
        ("school_year", &mut p.school_year, 12, "年级"),
    ] {
        *slot = typed(
            get(col),
            col,
            |v| v.parse::<u32>().ok().filter(|n| (1..=most).contains(n)),
            |_| {
                Msg::new(
                    format!("write a whole number from 1 to {most}"),
                    format!("{zh}写作 1 至 {most} 的整数"),
                )
            },
            diags,
        );
    }
    Some(p)
}

/// The value of a cell as `parse` reads it; a cell it cannot read is an E804 with `help`, and
/// an empty or missing cell is no value.
fn typed<T>(
    cell: Option<&(String, Span)>,
    col: &str,
    parse: impl FnOnce(&str) -> Option<T>,
    help: impl FnOnce(&str) -> Msg,
    diags: &mut Diagnostics,
) -> Option<T> {
    let (v, span) = cell?;
    let value = parse(v);
    if value.is_none() {
        diags.push(bad(v, col, *span, help(v)));
    }
    value
}

/// A whole-number cell, as [`typed`] reads it.
fn whole_number(cell: Option<&(String, Span)>, col: &str, diags: &mut Diagnostics) -> Option<u32> {
    typed(
        cell,
        col,
        |v| v.parse::<u32>().ok(),
        whole_number_help,
        diags,
    )
}

/// The help for a cell that is not a whole number from 0 to the largest kept (`u32::MAX`): one
/// written as a whole number (4294967296 fouls, a round of -1) is told the range, since "write a
/// whole number" is what it already is; anything else is told to write one.
fn whole_number_help(v: &str) -> Msg {
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        WRITE_NUMBER_FROM_TO.fill(&[("least", "0"), ("most", &u32::MAX.to_string())])
    } else {
        WRITE_NUMBER.plain()
    }
}

/// A CSV file read: decoded, its header checked against `columns`, every `required` column
/// found (each missing one reported), then its rows read by `rows` (given the required columns'
/// indices); the value when no diagnostic was raised, else the report of them all.
fn read_csv<T: Default>(
    name: &str,
    bytes: &[u8],
    columns: &[&str],
    file: (&str, &str),
    required: &[&str],
    rows: impl FnOnce(&Table, &SourceFile, &[usize], &mut Diagnostics) -> T,
) -> Result<T, FileReport> {
    super::too_large(name, bytes)?;
    let (source, mut diags) = decode(name, bytes);
    let mut value = T::default();
    // An empty file (a failed export, the wrong file) is said as such, once, not as its header's
    // missing columns.
    if diags.list.is_empty() && source.text.trim_start_matches('\u{FEFF}').trim().is_empty() {
        let columns = required.join(",");
        diags.push(EMPTY_FILE.at(Span::new(0, 0), &[("file", file.0), ("columns", &columns)]));
    }
    if diags.list.is_empty() {
        if let Some(d) = not_commas(&source.text) {
            diags.push(d);
        }
    }
    if diags.list.is_empty() {
        if let Some(table) = read_table(&source, columns, file, &mut diags) {
            let found: Vec<Option<usize>> = required
                .iter()
                .map(|c| table.require(c, file, &mut diags))
                .collect();
            if let Some(cols) = found.into_iter().collect::<Option<Vec<usize>>>() {
                value = rows(&table, &source, &cols, &mut diags);
            }
        }
    }
    finish(value, source, diags)
}

/// A first line that is no comma-separated header: Excel's `sep=X` hint, or cells separated by
/// `;` or tabs (a spreadsheet's regional CSV). Read as a header, either made one column of the
/// whole line and told the user to add `id`, which is there.
fn not_commas(text: &str) -> Option<Diagnostic> {
    let start = text.len() - text.trim_start_matches('\u{FEFF}').len();
    let line = text.get(start..)?.lines().next()?.trim_end_matches('\r');
    let span = Span::new(start, start + line.len());
    if let Some(sep) = line.trim().strip_prefix("sep=") {
        return Some(SEP_LINE.at(span, &[("sep", sep)]));
    }
    if line.contains(',') {
        return None;
    }
    let sep = [(';', "`;`"), ('\t', "tabs")]
        .into_iter()
        .find(|(c, _)| line.contains(*c))?;
    Some(NOT_COMMAS.at(span, &[("sep", sep.1)]))
}

/// The file's value when no diagnostic was raised reading it, else the report of them all.
fn finish<T>(value: T, source: SourceFile, diags: Diagnostics) -> Result<T, FileReport> {
    if diags.list.is_empty() {
        Ok(value)
    } else {
        Err(FileReport {
            source,
            diagnostics: diags.sorted(),
        })
    }
}

/// The first year a birth date may name: an earlier one (`0000-01-01`, a spreadsheet's empty
/// date) is no player's, and would pass every `age >=` condition.
const FIRST_BIRTH_YEAR: u16 = 1900;

/// A birth date: a real day, from [`FIRST_BIRTH_YEAR`] on.
fn born(v: &str) -> Option<Date> {
    Date::parse_exact(v).filter(|d| d.year >= FIRST_BIRTH_YEAR)
}

/// What to write instead of a date cell that names no real day: the month's last day where only
/// the day is past it (`2010-02-30`), else the shape (`1990-2-3`, `1990/02/03`).
fn date_help(v: &str) -> Msg {
    if Date::parse_exact(v).is_some() {
        return Msg::new(
            format!("a birth date is from {FIRST_BIRTH_YEAR} on: write the player's real one, as 1975-08-03"),
            format!("出生日期不早于 {FIRST_BIRTH_YEAR} 年：写棋手真实的出生日期，例如 1975-08-03"),
        );
    }
    if let Some(d) = Date::parse(v).filter(|d| v.trim().len() == 10 && d.day > 28) {
        let last = (28..=31)
            .rev()
            .find(|&day| Date::parse_exact(&Date { day, ..d }.to_string()).is_some())
            .unwrap_or(28);
        return WRITE_DAY_OF_MONTH.fill(&[
            ("month", &format!("{:04}-{:02}", d.year, d.month)),
            ("month_zh", &format!("{} 年 {} 月", d.year, d.month)),
            ("last", &last.to_string()),
        ]);
    }
    WRITE_DAY.plain()
}

/// Read a results CSV (`stage, round, board, red, black, result, red_fouls, black_fouls`, and
/// optionally `step` and `game` for playoff games and mini-matches).
pub fn read_results(name: &str, bytes: &[u8]) -> Result<RecordedResults, FileReport> {
    let file = ("results file", "成绩文件");
    let required = ["stage", "round", "red", "black", "result"];
    read_csv(
        name,
        bytes,
        RESULTS_COLUMNS,
        file,
        &required,
        |table, source, _, diags| {
            let mut results = RecordedResults::default();
            for (line, fields) in &table.rows {
                if let Some(g) = result_row(table, source, *line, fields, diags) {
                    results.games.push(g);
                }
            }
            results
        },
    )
}

fn result_row(
    table: &Table,
    source: &SourceFile,
    line: u32,
    fields: &[(String, Span)],
    diags: &mut Diagnostics,
) -> Option<RecordedGame> {
    let get = |col: &str| table.cell(fields, col);
    let number = |col: &str, diags: &mut Diagnostics| whole_number(get(col), col, diags);
    let before = diags.list.len();
    for col in ["stage", "round", "result"] {
        if let Some((v, span)) = table.column(col).and_then(|c| fields.get(c)) {
            if v.is_empty() {
                diags.push(empty_cell(col, *span));
            }
        }
    }
    let stage = get("stage").map(|f| f.0.clone());
    let round = number("round", diags);
    let red = get("red").map(|f| f.0.clone());
    let black = get("black").map(|f| f.0.clone());
    for (col, value) in [("red", &red), ("black", &black)] {
        if value.is_none() {
            let span = table
                .column(col)
                .and_then(|c| fields.get(c))
                .map_or(Span::new(0, 0), |f| f.1);
            diags.push(NO_PLAYER.at(span, &[("col", col)]));
        }
    }
    let result = typed(
        get("result"),
        "result",
        GameResult::parse,
        |_| WRITE_RESULT.plain(),
        diags,
    );
    let red_fouls = number("red_fouls", diags).unwrap_or(0);
    let black_fouls = number("black_fouls", diags).unwrap_or(0);
    let board = number("board", diags);
    let game = number("game", diags);
    let step = get("step").map(|f| f.0.clone());
    if diags.list.len() > before {
        return None;
    }
    let row_span = fields
        .first()
        .map(|f| f.1)
        .unwrap_or_default()
        .join(fields.last().map(|f| f.1).unwrap_or_default());
    let pos = source.position(row_span.start as usize);
    Some(RecordedGame {
        stage: stage.unwrap_or_default(),
        round: round.unwrap_or(0),
        board,
        red: red.unwrap_or_default(),
        black: black.unwrap_or_default(),
        result: result?,
        red_fouls,
        black_fouls,
        step,
        game,
        origin: Origin::Clause {
            file: source.name.clone(),
            line: line.max(pos.line as u32),
            column: 1,
            span: SourceSpan {
                start: row_span.start,
                end: row_span.end,
            },
        },
    })
}

/// The text of a CSV file; a non-UTF-8 file is one E801 at its first bad byte.
fn decode(name: &str, bytes: &[u8]) -> (SourceFile, Diagnostics) {
    let mut diags = Diagnostics::default();
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(e) => {
            let at = e.valid_up_to();
            // A UTF-16 file (as some spreadsheets save "Unicode text") starts with its byte-order mark.
            let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
            // A roster typed in Chinese and saved by Excel as "CSV (逗号分隔)" is GBK: said so,
            // with the way to save it as UTF-8. Not read as GBK: Big5 and other encodings read
            // as GBK too, into other characters, and a wrong name would be paired and printed.
            let (message, help) = match (utf16, looks_gbk(bytes)) {
                (true, _) => (NOT_UTF16, SAVE_UTF16_AS_UTF8),
                (false, true) => (NOT_UTF8_BUT_GBK, SAVE_GBK_AS_UTF8),
                (false, false) => (NOT_UTF8, SAVE_AS_UTF8),
            };
            let span = Span::new(at, at + '\u{FFFD}'.len_utf8());
            diags.push(
                Diagnostic::new(&E801, message.plain(), span, NOT_UTF8_HERE.plain())
                    .with_help(help.plain()),
            );
            String::from_utf8_lossy(bytes).into_owned()
        }
    };
    if diags.list.is_empty() {
        if let Some((at, c)) = super::first_control_char(&text) {
            let shown = format!("U+{:04X}", u32::from(c));
            let span = Span::new(at, at + c.len_utf8());
            diags.push(CONTROL_CHAR.at(span, &[("char", &shown)]));
        }
    }
    (SourceFile::new(name, text), diags)
}

/// Whether every byte past ASCII pairs into a GBK character (a lead byte 0x81-0xFE, then a
/// trail byte 0x40-0xFE but 0x7F), there is one, and the bytes are not mostly UTF-8 (UTF-8
/// Chinese pairs up too; one bad byte in it is damage, not GBK): the file is likely GBK.
fn looks_gbk(bytes: &[u8]) -> bool {
    let lossy = String::from_utf8_lossy(bytes);
    let bad = lossy.chars().filter(|&c| c == '\u{FFFD}').count();
    let good = lossy.chars().filter(|&c| !c.is_ascii()).count() - bad;
    if bad <= good {
        return false;
    }
    let mut pairs = 0;
    let mut it = bytes.iter();
    while let Some(&b) = it.next() {
        if b < 0x80 {
            continue;
        }
        match it.next() {
            Some(&t) if (0x81..=0xFE).contains(&b) && (0x40..=0xFE).contains(&t) && t != 0x7F => {
                pairs += 1
            }
            _ => return false,
        }
    }
    pairs > 0
}

#[cfg(test)]
mod tests;
