//! The roster and results readers, cell by cell.

use super::*;

fn codes(report: &FileReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(|d| d.code.code).collect()
}

#[test]
fn a_good_roster_reads_every_column() {
    let csv = "id,name,unit,sex,born,title,rating,pool,order\n\
               xu,许银川,广东,男,1975-08-03,特级大师,2650,champions,1\n";
    let roster = read_roster("r.csv", csv.as_bytes()).expect("valid roster");
    let p = &roster.players[0];
    assert_eq!(p.id, "xu");
    assert_eq!(p.sex, Some(Sex::Men));
    assert_eq!(p.title, Some(Title::Grandmaster));
    assert_eq!(p.rating, Some(2650));
    assert_eq!(p.row, Some(2));
}

#[test]
fn each_bad_field_is_one_diagnostic_with_its_line() {
    let csv = "id,name,sex,born,rating\np1,甲,x,1975/08/03,abc\n,乙,男,1980-01-01,2000\n";
    let report = read_roster("r.csv", csv.as_bytes()).expect_err("bad roster");
    assert_eq!(codes(&report), vec!["E803", "E803", "E803", "E804"]);
    let lines: Vec<usize> = report
        .diagnostics
        .iter()
        .map(|d| report.source.position(d.span().start as usize).line)
        .collect();
    assert_eq!(lines, vec![2, 2, 2, 3]);
}

#[test]
fn a_birth_date_that_is_no_real_day_is_refused_at_its_cell() {
    for born in [
        "2010-02-30",
        "1990-2-3",
        "2010-07-32",
        "2010-00-00",
        "2011-02-29",
        "0000-01-01",
        "1899-12-31",
    ] {
        let csv = format!("id,name,born\np1,甲,{born}\n");
        let report = read_roster("r.csv", csv.as_bytes()).expect_err(born);
        assert_eq!(codes(&report), vec!["E803"], "{born}");
    }
    let report = read_roster("r.csv", b"id,name,born\np1,x,2010-02-30\n").expect_err("30 Feb");
    assert!(format!("{:?}", report.diagnostics[0]).contains("2010-02 has 28 days"));
    let report = read_roster("r.csv", b"id,name,born\np1,x,0000-01-01\n").expect_err("year 0");
    assert!(format!("{:?}", report.diagnostics[0]).contains("from 1900 on"));
    let ok = read_roster("r.csv", b"id,name,born\np1,x,2012-02-29\n").expect("a leap day");
    assert_eq!(ok.players[0].born, Some(Date::new(2012, 2, 29)));
}

#[test]
fn missing_columns_ragged_rows_and_bad_bytes_are_reported() {
    let report = read_roster("r.csv", b"name\nx\n").expect_err("no id column");
    assert_eq!(codes(&report), vec!["E802"]);
    let report = read_roster("r.csv", b"id,name\np1\n").expect_err("ragged");
    assert_eq!(codes(&report), vec!["E801"]);
    let report = read_roster("r.csv", b"\xff\xfei\0d\0").expect_err("UTF-16");
    assert!(format!("{:?}", report.diagnostics[0]).contains("UTF-16"));
    let report = read_roster("r.csv", b"id,name\np1,\xff\n").expect_err("not utf-8");
    assert_eq!(codes(&report), vec!["E801"]);
    // The help says what to do about the encoding, not about fields and quotes.
    let help = format!("{:?}", report.diagnostics[0]);
    assert!(
        help.contains("CSV UTF-8") && !help.contains("quotes"),
        "{help}"
    );
}

#[test]
fn results_read_and_reject_bad_values() {
    let csv = "stage,round,board,red,black,result,red_fouls,black_fouls\n\
               groups,1,1,a1,a8,1-0,0,1\ngroups,1,2,a2,a7,=,,\n";
    let r = read_results("res.csv", csv.as_bytes()).expect("valid results");
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.games[0].black_fouls, 1);
    let bad = "stage,round,red,black,result\ngroups,x,a1,a8,win\n";
    let report = read_results("res.csv", bad.as_bytes()).expect_err("bad results");
    assert_eq!(codes(&report), vec!["E803", "E803"]);
}

#[test]
fn a_control_character_is_refused_where_it_is() {
    for (csv, line) in [
        ("id,name\np1,甲\np\u{0}2,乙\n", 3),
        ("id,name\np1,甲\u{1b}\n", 2),
        // UTF-16 without its byte-order mark: a NUL after every ASCII letter.
        ("i\u{0}d\u{0},\u{0}n\u{0}a\u{0}m\u{0}e\u{0}\n", 1),
    ] {
        let report = read_roster("r.csv", csv.as_bytes()).expect_err("refused");
        assert_eq!(codes(&report), vec!["E801"], "{csv:?}");
        let d = &report.diagnostics[0];
        assert_eq!(report.source.position(d.span().start as usize).line, line);
    }
}

#[test]
fn lines_ended_by_a_lone_cr_or_crlf_read_as_lines() {
    let lf = "id,name,rating\np1,甲,2000\np2,乙,1900\n";
    let cr = lf.replace('\n', "\r");
    let a = read_roster("r.csv", lf.as_bytes()).expect("LF roster");
    let b = read_roster("r.csv", cr.as_bytes()).expect("CR roster");
    assert_eq!(a.players, b.players);
    // CRLF, as a spreadsheet writes: each row keeps its line (a row's line is what every
    // runtime problem at a roster row cites; it was one line early).
    let crlf = lf.replace('\n', "\r\n");
    let c = read_roster("r.csv", crlf.as_bytes()).expect("CRLF roster");
    assert_eq!(a.players, c.players);
    assert_eq!(c.players[1].row, Some(3));
    // and a bad cell is cited at its own line and column, as in the LF file.
    let at = |text: &str| {
        let report = read_roster("r.csv", text.as_bytes()).expect_err("bad rating");
        let d = &report.diagnostics[0];
        report.source.position(d.span().start as usize)
    };
    let bad = "id,name,rating\np1,甲,x\np2,乙,1\n";
    assert_eq!(at(&bad.replace('\n', "\r\n")), at(bad));
    let ragged = "id,name,rating\np1,甲,1\np2,乙\n";
    assert_eq!(at(&ragged.replace('\n', "\r\n")), at(ragged));
    // A bad cell is one diagnostic at its own line, not one a header cell.
    let report = read_roster("r.csv", "id,name,rating\rp1,甲,x\rp2,乙,1\r".as_bytes())
        .expect_err("bad rating");
    assert_eq!(codes(&report), vec!["E803"]);
    let d = &report.diagnostics[0];
    assert_eq!(report.source.position(d.span().start as usize).line, 2);
}

#[test]
fn an_empty_file_is_one_diagnostic_that_says_so() {
    for bytes in [&b""[..], b"\n\n", b"\xef\xbb\xbf", b" \r\n"] {
        let report = read_roster("r.csv", bytes).expect_err("empty");
        assert_eq!(codes(&report), vec!["E802"], "{bytes:?}");
        assert!(format!("{:?}", report.diagnostics[0]).contains("is empty"));
        let report = read_results("r.csv", bytes).expect_err("empty");
        assert_eq!(codes(&report), vec!["E802"], "{bytes:?}");
    }
}

/// A GBK roster is said to be GBK; a UTF-8 one with a NUL inside a Chinese character is not
/// (UTF-8 Chinese pairs up into GBK characters too: a damaged UTF-8 roster was said to be GBK).
#[test]
fn gbk_is_named_only_when_the_file_is_not_mostly_utf8() {
    let gbk = read_roster("r.csv", b"id,name\np1,\xd5\xc5\xc8\xfd\n").expect_err("GBK");
    assert!(gbk.diagnostics[0].message.en.contains("reads as GBK"));
    let mut utf8 = "id,name\np1,张三李四王五赵六\n".as_bytes().to_vec();
    utf8.insert(13, 0); // a NUL inside 张 (a byte lost in a copy would do the same)
    let damaged = read_roster("r.csv", &utf8).expect_err("not UTF-8");
    let said = &damaged.diagnostics[0].message.en;
    assert!(!said.contains("GBK"), "{said}");
}

/// A cell that is a spreadsheet formula is refused at it (E803), in any file; a draw (`=`) is a
/// result, not a formula.
#[test]
fn a_formula_in_a_cell_is_refused_at_it() {
    let report = read_roster("r.csv", b"id,name\np1,=SUM(A1:A3)\np2,@A1\n").expect_err("formulas");
    assert_eq!(codes(&report), vec!["E803", "E803"]);
    assert_eq!(report.diagnostics[0].labels[0].span.start, 11);
    let csv = "stage,round,board,red,black,result\nmain,1,1,a,b,=\n";
    read_results("res.csv", csv.as_bytes()).expect("a draw");
    let csv = "stage,round,board,red,black,result\nmain,1,1,=HYPERLINK(\"x\"),b,=\n";
    let report = read_results("res.csv", csv.as_bytes()).expect_err("a formula");
    assert!(codes(&report).contains(&"E803"), "{:?}", codes(&report));
}

/// A cell of thousands of characters (text pasted into it) is refused at it (E803), never a
/// name printed on every list.
#[test]
fn a_cell_of_thousands_of_characters_is_refused_at_it() {
    let csv = format!("id,name\np1,{}\np2,李四\n", "张".repeat(5000));
    let report = read_roster("r.csv", csv.as_bytes()).expect_err("a long name");
    assert_eq!(codes(&report), vec!["E803"]);
    assert_eq!(report.diagnostics[0].labels[0].span.start, 11);
    read_roster(
        "r.csv",
        format!("id,name\np1,{}\n", "张".repeat(500)).as_bytes(),
    )
    .expect("500 characters");
}

/// The help of each diagnostic of `report`, in English.
fn helps(report: &FileReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .flat_map(|d| d.help.iter().map(|h| h.en.clone()))
        .collect()
}

/// A whole number past what its column keeps (4294967296 fouls, a round of -1, an order of
/// 99999999999) was told "write a whole number", which it is: the help names the range. A cell
/// that is no number at all is still told to write one.
#[test]
fn a_whole_number_out_of_range_is_told_the_range() {
    let range = "write a whole number from 0 to 4294967295";
    for (results, help) in [
        ("main,1,1,a1,a8,1-0,4294967296,0", range),
        ("main,-1,1,a1,a8,1-0,0,0", range),
        ("main,1,+99999999999,a1,a8,1-0,0,0", range),
        ("main,1,1,a1,a8,1-0,0,four", "write a whole number"),
    ] {
        let csv = format!("stage,round,board,red,black,result,red_fouls,black_fouls\n{results}\n");
        let report = read_results("res.csv", csv.as_bytes()).expect_err(results);
        assert_eq!(helps(&report), vec![help.to_string()], "{results}");
    }
    let lineup = "stage,round,team,board,player\nmain,1,t1,4294967296,p1\n";
    let report = read_lineups("l.csv", lineup.as_bytes()).expect_err("board too large");
    assert_eq!(helps(&report), vec![range.to_string()]);
    for (roster, help) in [
        ("p1,甲,99999999999,", range.to_string()),
        (
            "p1,甲,,0",
            "write the place taken in the qualifying event, a whole number from 1 to 4294967295"
                .to_string(),
        ),
    ] {
        let csv = format!("id,name,order,qualified\n{roster}\n");
        let report = read_roster("r.csv", csv.as_bytes()).expect_err(roster);
        assert_eq!(helps(&report), vec![help], "{roster}");
    }
}
