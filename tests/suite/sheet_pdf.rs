//! `xqreg sheet --format pdf`: every example in both languages typesets; the PDF read back with
//! pdftotext (poppler-utils) holds the title, every clause's text and every table cell; pdffonts
//! finds only embedded CID fonts, never Type 3; every page carries 第 N 页 共 M 页 / Page N of M;
//! the bytes are the same on every run; no page is under half full except before a part.
//! Needs a CJK font (fonts-noto-cjk) and poppler-utils; `.ci/run` installs both first.

use std::path::Path;
use std::process::{Command, Output};

use xqreg::sheet::model::{Clause, Sheet};
use xqreg::sheet::{pdf, Lang, Mode, Source};

use crate::common::{assert_phrases, examples, rel};

fn xqreg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .env_remove("XQREG_FONT")
        .output()
        .expect("xqreg runs")
}

/// `xqreg sheet EXAMPLE --format pdf --lang LANG ARGS`.
fn sheet_pdf(example: &Path, lang: &str, args: &[&str]) -> Output {
    let mut all = vec![
        "sheet",
        example.to_str().expect("utf-8 path"),
        "--format",
        "pdf",
        "--lang",
        lang,
    ];
    all.extend_from_slice(args);
    xqreg(&all)
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} (poppler-utils) is needed: {e}"));
    assert!(out.status.success(), "{name} {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn is_footer(line: &str) -> bool {
    let w: Vec<&str> = line.split_whitespace().collect();
    matches!(
        w.as_slice(),
        ["第", _, "页", "共", _, "页"] | ["Page", _, "of", _]
    )
}

fn model(path: &Path, lang: Lang) -> Sheet {
    let bytes = std::fs::read(path).expect("example readable");
    let parsed = xqreg_grammar::parse_bytes(&bytes);
    xqreg::sheet::model(&parsed.file, lang).0
}

/// What the PDF must contain: the title, each clause's number, heading and text, each cell.
fn key_texts(sheet: &Sheet) -> Vec<String> {
    fn walk(c: &Clause, out: &mut Vec<String>) {
        for t in [&c.heading, &c.text] {
            if !t.is_empty() {
                out.push(t.clone());
            }
        }
        if let Some(t) = &c.table {
            out.extend(t.head.iter().cloned());
            for r in &t.rows {
                out.extend(r.cells.iter().map(|x| x.text.clone()));
            }
            out.extend(t.foot.iter().flatten().cloned());
        }
        for i in &c.items {
            walk(i, out);
        }
    }
    let mut out = vec![sheet.title.clone()];
    for p in &sheet.parts {
        out.extend(p.title.iter().cloned());
        for a in &p.articles {
            out.push(format!("{}{}", a.num, a.heading));
            if !a.lead.is_empty() {
                out.push(a.lead.clone());
            }
            for c in &a.clauses {
                walk(c, &mut out);
            }
        }
        out.extend(p.signature.iter().cloned());
    }
    out.retain(|t| !t.trim().is_empty());
    out
}

#[test]
fn every_example_prints_a_searchable_pdf_in_both_languages() {
    let tmp = tempfile::tempdir().expect("tmp");
    let mut missing = Vec::new();
    for ex in examples() {
        for (lang, code) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
            let out = tmp.path().join(format!("sheet.{code}.pdf"));
            let o = sheet_pdf(&ex, code, &["-o", out.to_str().expect("utf-8 path")]);
            assert!(
                o.status.success(),
                "{} {code}: {}",
                rel(&ex),
                String::from_utf8_lossy(&o.stderr)
            );
            let pdf = out.to_str().expect("utf-8 path");
            let text = tool("pdftotext", &[pdf, "-"]);
            let flat = squeeze(&text);
            // The page footers cut a paragraph that runs onto the next page; pdftotext drops a
            // hyphen at a line's end: both are taken out before searching.
            let body: String = text
                .lines()
                .filter(|l| !is_footer(l))
                .collect::<Vec<_>>()
                .join("\n");
            let body = squeeze(&body).replace('-', "");
            for t in key_texts(&model(&ex, lang)) {
                if !body.contains(&squeeze(&t).replace('-', "")) {
                    missing.push(format!("{} {code}: {t}", rel(&ex)));
                }
            }
            let pages: usize = tool("pdfinfo", &[pdf])
                .lines()
                .find_map(|l| {
                    l.strip_prefix("Pages:")
                        .map(|n| n.trim().parse().expect("n"))
                })
                .expect("page count");
            for n in 1..=pages {
                let mark = match lang {
                    Lang::Zh => format!("第{n}页共{pages}页"),
                    Lang::En => format!("Page{n}of{pages}"),
                };
                assert!(flat.contains(&mark), "{} {code}: no `{mark}`", rel(&ex));
            }
            let fonts = tool("pdffonts", &[pdf]);
            assert!(
                !fonts.contains("Type 3"),
                "{} {code}: a Type 3 font\n{fonts}",
                rel(&ex)
            );
            let rows: Vec<&str> = fonts.lines().skip(2).collect();
            assert!(!rows.is_empty(), "{} {code}: no font", rel(&ex));
            for r in rows {
                assert!(
                    r.contains("CID"),
                    "{} {code}: not a CID font: {r}",
                    rel(&ex)
                );
                assert!(
                    r.contains(" yes yes yes "),
                    "{} {code}: not embedded subset with ToUnicode: {r}",
                    rel(&ex)
                );
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not found in the PDF text:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_pdf_is_byte_identical_on_every_run() {
    let ex = crate::common::root().join("examples/004_zhouzhuang/regulation.xqr");
    let run = || {
        let o = sheet_pdf(&ex, "zh", &[]);
        assert!(o.status.success());
        o.stdout
    };
    let a = run();
    assert!(a.starts_with(b"%PDF-"), "not a PDF");
    assert_eq!(a, run(), "two runs differ");
    let text = String::from_utf8_lossy(&a);
    assert!(
        !text.contains("CreationDate"),
        "a creation date makes the bytes differ"
    );
}

/// Pages: none under half full except the last and the last of a part (a supplement starts
/// on a new page); the regulation of every seed (000-004, both files of 002 and 003) fits in 4
/// pages in Chinese, its diagram included.
#[test]
fn pages_are_full_and_the_seeds_fit_in_four() {
    let fonts =
        pdf::load_fonts(None, false).unwrap_or_else(|e| panic!("{}: {}", e.code.code, e.message));
    let mut report = Vec::new();
    let mut long = Vec::new();
    for ex in examples() {
        let bytes = std::fs::read(&ex).expect("example readable");
        let parsed = xqreg_grammar::parse_bytes(&bytes);
        let consolidated = Source::from_file(&parsed.file).with_mode(Mode::Consolidated);
        if !consolidated.supplements.is_empty() {
            for lang in [Lang::Zh, Lang::En] {
                let (sheet, _) = xqreg::sheet::build::build(&consolidated, lang);
                let t = pdf::typeset(&sheet, lang, &fonts).expect("typeset");
                let n = t.pages.len();
                for (i, p) in t.pages.iter().enumerate().take(n.saturating_sub(1)) {
                    assert!(
                        p.fill() >= 0.5,
                        "{} {lang:?} consolidated: page {}",
                        rel(&ex),
                        i + 1
                    );
                }
                report.push(format!("{} {lang:?} consolidated: {n} pages", rel(&ex)));
            }
        }
        for lang in [Lang::Zh, Lang::En] {
            let sheet = model(&ex, lang);
            let t = pdf::typeset(&sheet, lang, &fonts).expect("typeset");
            let n = t.pages.len();
            for (i, p) in t.pages.iter().enumerate() {
                if i + 1 < n && !p.ends_part {
                    assert!(
                        p.fill() >= 0.5,
                        "{} {lang:?}: page {} is {:.0}% full",
                        rel(&ex),
                        i + 1,
                        p.fill() * 100.0
                    );
                }
            }
            let regulation = t
                .pages
                .iter()
                .position(|p| p.ends_part)
                .map_or(n, |i| i + 1);
            report.push(format!(
                "{} {lang:?}: {n} pages ({regulation} the regulation)",
                rel(&ex)
            ));
            let seed = ["000", "001", "002", "003", "004"]
                .iter()
                .any(|s| rel(&ex).contains(&format!("/{s}_")));
            let limit = 4;
            if seed && lang == Lang::Zh && regulation > limit {
                long.push(format!(
                    "{}: the regulation takes {regulation} pages",
                    rel(&ex)
                ));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The PDF of the regulation as issued prints the supplement as its own signed document; with
/// `--consolidated` the body has the supplement's values, marked, and not the base's.
#[test]
fn the_consolidated_pdf_has_the_supplements_values_and_marks() {
    let ex = crate::common::root().join("examples/004_zhouzhuang/regulation.xqr");
    let tmp = tempfile::tempdir().expect("tmp");
    let text = |lang: &str, extra: &[&str]| {
        let out = tmp.path().join(format!("s.{lang}.{}.pdf", extra.len()));
        let mut args = vec!["-o", out.to_str().expect("utf-8")];
        args.extend_from_slice(extra);
        let o = sheet_pdf(&ex, lang, &args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        squeeze(&tool("pdftotext", &[out.to_str().expect("utf-8"), "-"]))
    };
    let issued = text("zh", &[]);
    assert_phrases(
        &issued,
        &[
            "第四届“周庄杯”海峡两岸象棋大师赛补充细则",
            "竞赛裁判组2014年3月29日",
            // The base as issued.
            "抽签排定种子",
        ],
        &["〔据补充细则"],
    );
    let zh = text("zh", &["--consolidated"]);
    assert_phrases(
        &zh,
        &[
            "〔据补充细则第二条修改〕",
            "〔据补充细则第四条增加〕",
            "对阵为A组第1名对B组第1名",
        ],
        &[
            "抽签排定种子",
            // No separate part.
            "海峡两岸象棋大师赛补充细则",
        ],
    );
    let en = text("en", &["--consolidated"]);
    assert_phrases(
        &en,
        &[
            "[amendedbyitem2oftheSupplementaryrules]",
            "[addedbyitem4oftheSupplementaryrules]",
        ],
        &[],
    );
}

#[test]
fn an_unusable_font_is_e841_and_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("x.pdf");
    let root = crate::common::root();
    let ex = root.join("examples/000_huaian/regulation.xqr");
    let not_a_font = root.join("README.md");
    let o = sheet_pdf(
        &ex,
        "en",
        &[
            "--font",
            not_a_font.to_str().expect("utf-8"),
            "-o",
            out.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error[E841]") && err.contains("help:"),
        "{err}"
    );
    assert!(!out.exists(), "a PDF was written");
}

/// Chinese lines break anywhere except before closing punctuation (。，、）」) or after opening
/// punctuation; Latin words are never cut.
#[test]
fn lines_break_by_kinsoku_and_keep_words_whole() {
    use pdf::breaks::{break_lines, Run, Style};
    let fonts = pdf::load_fonts(None, false).unwrap_or_else(|e| panic!("{}", e.message));
    let zh = "比赛采用（单循环）制，每轮“抽签”决定先后手。棋手须提前到场、签到；「迟到」者判负。"
        .repeat(3);
    let en =
        "Players who arrive late forfeit the game; the arbiter's decision is final. ".repeat(3);
    for w in (60..300).step_by(7) {
        let w = w as f32;
        let lines = break_lines(&fonts, &[Run::new(zh.as_str(), Style::plain(10.5))], w, w);
        let texts: Vec<String> = lines
            .iter()
            .map(|l| l.pieces.iter().map(|p| p.text.as_str()).collect())
            .collect();
        assert_eq!(texts.concat(), zh, "text lost at width {w}");
        for t in &texts[1..] {
            let first = t.chars().next().expect("a line has text");
            assert!(
                !"。，、）」；”".contains(first),
                "width {w}: line starts with {first}: {texts:?}"
            );
        }
        for t in &texts {
            let last = t.chars().last().expect("text");
            assert!(!"（「“".contains(last), "width {w}: line ends with {last}");
        }
        assert!(
            lines.iter().all(|l| l.width <= w + 0.5),
            "width {w}: a line overflows"
        );
        let lines = break_lines(&fonts, &[Run::new(en.as_str(), Style::plain(10.5))], w, w);
        let words: Vec<&str> = en.split_whitespace().collect();
        for l in &lines {
            let t: String = l.pieces.iter().map(|p| p.text.as_str()).collect();
            for word in t.split_whitespace() {
                assert!(
                    words.contains(&word),
                    "width {w}: `{word}` is not a whole word"
                );
            }
        }
    }
}
