//! The rule sheet (`xqreg sheet`): every example prints in both languages and both formats;
//! every clause of the effective regulation is printed (coverage, checked against the spans the
//! printer marks); the zh sheet of each seed example carries what the seed text lists
//! (`tests/expect/sheet/*.txt`); Markdown sheets are snapshotted (`tests/snapshots/sheet/`);
//! texts are escaped; a regulation with errors prints no sheet.

use std::path::PathBuf;
use std::process::Command;

use xqreg::sheet::{self, coverage, Format, Lang, Mode, Source};
use xqreg_grammar::ast::File;

use crate::common::{assert_phrases, assert_success, examples, files_under, rel, root};
use crate::loaded::{load, Loaded};

impl Loaded {
    fn render(&self, lang: Lang, format: Format) -> sheet::Rendered {
        sheet::render(&self.source(), lang, format).expect("the templates render")
    }

    /// `line:col` of a byte offset, for failure messages.
    fn place(&self, offset: u32) -> String {
        format!("{}:{}", rel(&self.path), self.line_col(offset))
    }

    fn excerpt(&self, span: xqreg_grammar::Span) -> String {
        let s = self.text.get(span.range()).unwrap_or("");
        s.lines().next().unwrap_or("").chars().take(60).collect()
    }
}

/// The Markdown sheet of `src` in `lang`, as rendered (escapes kept).
fn markdown(src: &Source<'_>, lang: Lang) -> String {
    sheet::render(src, lang, Format::Md)
        .expect("the templates render")
        .text
}

/// The examples that check cleanly; the others are reported by `examples.rs`.
fn printable() -> Vec<Loaded> {
    let mut out = Vec::new();
    for p in examples() {
        match load(&p) {
            Ok(l) => out.push(l),
            Err(e) => eprintln!("sheet: skipping {e}"),
        }
    }
    out
}

/// The Markdown sheet of a regulation, without Markdown escapes; the text must parse cleanly.
fn sheet_of(text: &str, lang: Lang) -> String {
    let parsed = xqreg_grammar::parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let md = sheet::render_file(&parsed.file, lang, Format::Md)
        .expect("the templates render")
        .text;
    unescape_md(&md)
}

/// The sheet of `text` in `lang` says every phrase of `present` and none of `absent`.
fn sheet_says(text: &str, lang: Lang, present: &[&str], absent: &[&str]) {
    assert_phrases(&sheet_of(text, lang), present, absent);
}

/// Markdown without its escapes, for plain substring checks.
fn unescape_md(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn zh_title(file: &File) -> Option<String> {
    file.items.iter().find_map(|i| match i {
        xqreg_grammar::ast::Item::Regulation(r) => Some(r.title.zh.node.clone()),
        _ => None,
    })
}

#[test]
fn every_example_prints_in_both_languages_and_formats() {
    let loaded = printable();
    // The seeds 000-004 are written out in six files; at least those must print.
    assert!(
        loaded.len() >= 6,
        "only {} examples check cleanly",
        loaded.len()
    );
    for l in &loaded {
        let title = zh_title(&l.parsed).expect("every example has a regulation header");
        for lang in [Lang::Zh, Lang::En] {
            let md = l.render(lang, Format::Md).text;
            assert!(
                md.starts_with("# "),
                "{}: Markdown starts with the title",
                rel(&l.path)
            );
            let html = l.render(lang, Format::Html).text;
            assert!(html.starts_with("<!DOCTYPE html>"), "{}", rel(&l.path));
            let tag = match lang {
                Lang::Zh => "<html lang=\"zh\">",
                Lang::En => "<html lang=\"en\">",
            };
            assert!(html.contains(tag), "{}: {tag}", rel(&l.path));
            // One self-contained file: no links, scripts or images from elsewhere.
            for bad in ["src=", "href=", "<script", "<link", "url(http", "@import"] {
                assert!(
                    !html.contains(bad),
                    "{}: external resource `{bad}`",
                    rel(&l.path)
                );
            }
            if lang == Lang::Zh {
                assert!(
                    unescape_md(&md).contains(&title),
                    "{}: title in md",
                    rel(&l.path)
                );
            }
        }
    }
}

#[test]
fn html_is_print_ready() {
    let l = load(&root().join("examples/004_zhouzhuang/regulation.xqr")).expect("004 prints");
    let html = l.render(Lang::Zh, Format::Html).text;
    for needle in [
        "size: A4",
        "@page",
        "break-before: page",
        "display: table-header-group",
        "<thead>",
        "Noto Serif CJK SC",
        "<tfoot>",
        "<svg",
        "marker-end",
    ] {
        assert!(html.contains(needle), "004 html lacks `{needle}`");
    }
    // The schedule's date cells span the day's rows.
    assert!(html.contains("rowspan=\"4\""), "schedule rowspan");
    // A one-stage Swiss has no stage-flow diagram.
    let swiss = load(&root().join("examples/001_nanning/regulation.xqr")).expect("001 prints");
    assert!(!swiss.render(Lang::Zh, Format::Html).text.contains("<svg"));
}

/// Every clause of the effective file (and every supplement item) was printed.
pub(crate) fn assert_covered(l: &Loaded, src: &Source<'_>, lang: Lang) -> Vec<String> {
    let rendered = sheet::render(src, lang, Format::Md)
        .expect("the templates render")
        .rendered;
    let mut missing = Vec::new();
    for r in coverage::required(src) {
        if !rendered.contains(&r.span) {
            missing.push(format!(
                "{}: {} not printed: `{}`",
                l.place(r.span.start),
                r.what,
                l.excerpt(r.span)
            ));
        }
    }
    missing
}

#[test]
fn coverage_every_clause_of_every_example_is_printed() {
    let mut missing = Vec::new();
    let loaded = printable();
    for l in &loaded {
        let src = l.source();
        let required = coverage::required(&src);
        assert!(
            required.len() > 50,
            "{}: the walk finds clauses",
            rel(&l.path)
        );
        for lang in [Lang::Zh, Lang::En] {
            missing.extend(assert_covered(l, &src, lang));
            let consolidated = l.source().with_mode(Mode::Consolidated);
            missing.extend(assert_covered(l, &consolidated, lang));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The grammar's worked file, which uses every construct once; it need not check cleanly to
/// print, so it goes through the parser only.
fn all_constructs() -> Loaded {
    let path = root().join("grammar/tests/data/all_constructs.xqr");
    let text = std::fs::read_to_string(&path).expect("the grammar's worked file exists");
    let parsed = xqreg_grammar::parse(&text);
    assert!(parsed.errors.is_empty(), "all_constructs.xqr parses");
    Loaded {
        path,
        text,
        parsed: parsed.file.clone(),
        effective: parsed.file,
    }
}

#[test]
fn coverage_every_construct_of_the_language_is_printed() {
    let l = all_constructs();
    let src = Source::from_file(&l.parsed);
    let mut missing = Vec::new();
    for lang in [Lang::Zh, Lang::En] {
        missing.extend(assert_covered(&l, &src, lang));
        let consolidated = Source::from_file(&l.parsed).with_mode(Mode::Consolidated);
        missing.extend(assert_covered(&l, &consolidated, lang));
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // Both formats print it.
    for format in [Format::Md, Format::Html] {
        assert!(sheet::render(&src, Lang::En, format).is_ok());
    }
}

/// `tests/expect/sheet/<example>.txt`: a header names the example; every other non-comment
/// line must appear in its zh Markdown sheet.
#[test]
fn seed_sheets_carry_every_amount_time_date_round_and_tiebreak() {
    let files = files_under(&root().join("tests/expect/sheet"), "txt");
    assert!(files.len() >= 6, "an expectation file per seed example");
    let mut failures = Vec::new();
    for f in &files {
        let body = std::fs::read_to_string(f).expect("expectation file readable");
        let example = body
            .lines()
            .find_map(|l| l.trim().strip_prefix("// example:"))
            .map(|s| root().join(s.trim()))
            .unwrap_or_else(|| panic!("{}: no `// example:` line", rel(f)));
        let l = match load(&example) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{}: {e}", rel(f)));
                continue;
            }
        };
        let md = unescape_md(&l.render(Lang::Zh, Format::Md).text);
        let wanted: Vec<&str> = body
            .lines()
            .map(str::trim)
            .filter(|s| !s.is_empty() && !s.starts_with("//"))
            .collect();
        assert!(wanted.len() >= 10, "{}: lists what the seed says", rel(f));
        for w in wanted {
            if !md.contains(w) {
                failures.push(format!("{}: the zh sheet lacks `{w}`", rel(f)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `md` against its reviewed snapshot `tests/snapshots/sheet/NAME.snap`.
fn assert_sheet_snapshot(name: &str, md: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots/sheet",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name.to_string(), md);
    });
}

/// Every clause kind as a sentence, in zh and en: the sheet of the grammar's worked file (every
/// construct once), reviewed as a snapshot.
#[test]
fn every_clause_kind_prints_its_reviewed_sentence() {
    let l = all_constructs();
    let src = Source::from_file(&l.parsed);
    for (lang, tag) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
        let md = markdown(&src, lang);
        assert_sheet_snapshot(&format!("all_constructs.{tag}"), &md);
    }
}

#[test]
fn markdown_sheets_match_their_reviewed_snapshots() {
    for l in printable() {
        let name = rel(&l.path)
            .trim_start_matches("examples/")
            .trim_end_matches(".xqr")
            .replace('/', "__");
        for (lang, tag) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
            let md = l.render(lang, Format::Md).text;
            assert_sheet_snapshot(&format!("{name}.{tag}"), &md);
            if l.source().supplements.is_empty() {
                continue;
            }
            let src = l.source().with_mode(Mode::Consolidated);
            let md = markdown(&src, lang);
            assert_sheet_snapshot(&format!("{name}.consolidated.{tag}"), &md);
        }
    }
}

const SMALL: &str = include_str!("regulations/sheet_small.xqr");

#[test]
fn texts_are_escaped_and_english_falls_back_to_chinese() {
    let parsed = xqreg_grammar::parse(SMALL);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let html = sheet::render_file(&parsed.file, Lang::En, Format::Html)
        .expect("renders")
        .text;
    assert!(
        !html.contains("<script>alert"),
        "a script in a text is escaped"
    );
    assert!(
        html.contains("&lt;b&gt;正式&lt;&#x2f;b&gt;") || html.contains("&lt;b&gt;正式&lt;/b&gt;")
    );
    // The English title is used where given; the venue has no English and prints in Chinese.
    assert!(html.contains("Test | *cup*"));
    assert!(html.contains("北京棋院"));
    let md = sheet::render_file(&parsed.file, Lang::Zh, Format::Md)
        .expect("renders")
        .text;
    assert!(
        md.contains("\\<script\\>"),
        "Markdown escapes angle brackets: {md}"
    );
    assert!(md.contains("\\| \\<b\\>"), "Markdown escapes pipes");
    assert!(md.contains("\\*服装\\*"));
}

pub(crate) fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("xqreg-sheet-{}-{name}", std::process::id()))
}

#[test]
fn cli_prints_no_sheet_for_a_regulation_with_errors() {
    let bad = temp_path("bad.xqr");
    // 30 February is not a date: an error.
    let text = SMALL.replace("2020-05-02", "2020-02-30");
    assert_ne!(text, SMALL);
    std::fs::write(&bad, text).expect("write temp file");
    let out = Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(["sheet", "--lang", "en", "--format", "md"])
        .arg(&bad)
        .output()
        .expect("run xqreg");
    let _ = std::fs::remove_file(&bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no sheet on stdout");
    assert!(!out.stderr.is_empty(), "the diagnostics on stderr");
}

#[test]
fn cli_writes_the_sheet_to_a_file() {
    let good = temp_path("good.xqr");
    let html = temp_path("good.html");
    std::fs::write(&good, SMALL).expect("write temp file");
    let out = Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(["sheet", "--lang", "zh", "--format", "html", "-o"])
        .arg(&html)
        .arg(&good)
        .output()
        .expect("run xqreg");
    let written = std::fs::read_to_string(&html).unwrap_or_default();
    let _ = std::fs::remove_file(&good);
    let _ = std::fs::remove_file(&html);
    assert_success(&out, "");
    assert!(out.stdout.is_empty());
    assert!(written.starts_with("<!DOCTYPE html>"));
    assert!(written.contains("积分编排"));
}

#[test]
fn a_supplement_prints_as_its_own_document_and_consolidated_on_request() {
    let path = temp_path("merged.xqr");
    let text = format!(
        "{SMALL}conduct {{\n  late 5min forfeit\n}}\nsupplement \"补充规定\" 2020-04-20 by \"竞赛部\" {{\n  override time standard \"慢棋\" {{ base 25min increment 10s }}\n  conduct {{\n    devices loss\n  }}\n}}\n"
    );
    std::fs::write(&path, &text).expect("write temp file");
    let loaded = load(&path);
    let _ = std::fs::remove_file(&path);
    let l = loaded.expect("the merged file checks cleanly");
    // As issued: the regulation says 30 minutes and nothing of devices; the supplement follows
    // as its own document with its title, its items as whole rules, its issuer and date.
    let md = unescape_md(&l.render(Lang::Zh, Format::Md).text);
    let (body, sup) = md
        .split_once("## ")
        .expect("the supplement is its own part");
    assert!(body.contains("基本用时30分钟"), "{md}");
    assert!(!body.contains("基本用时25分钟"), "{md}");
    assert!(!body.contains("电子设备"), "{md}");
    assert!(body.contains("按弃权处理"), "{md}");
    assert!(
        sup.starts_with("测试赛<script>alert(1)</script>补充规定"),
        "{sup}"
    );
    assert_phrases(
        sup,
        &[
            "基本用时25分钟",
            "进入赛场者判负",
            "竞赛部  \n",
            "2020年4月20日",
        ],
        &[
            // No machine diff.
            "改为",
            // The base's rule is not repeated.
            "按弃权处理",
        ],
    );
    // Consolidated: the supplement's value and not the base's, each marked with its item.
    let src = l.source().with_mode(Mode::Consolidated);
    let md = unescape_md(&markdown(&src, Lang::Zh));
    assert_phrases(
        &md,
        &[
            "补充规定（竞赛部，2020年4月20日）合并后的文本",
            "基本用时25分钟",
            "〔据补充规定第一条修改〕",
            "进入赛场者判负。〔据补充规定第二条增加〕",
        ],
        &[
            // No separate supplement part.
            "## ",
            "基本用时30分钟",
            // A base clause is not marked.
            "按弃权处理。〔",
        ],
    );
    let md = unescape_md(&markdown(&src, Lang::En));
    assert_phrases(
        &md,
        &[
            "[amended by item 1 of the 补充规定]",
            "[added by item 2 of the 补充规定]",
        ],
        &[],
    );
}

#[test]
fn cli_consolidated_prints_the_amended_text() {
    let file = root().join("examples/004_zhouzhuang/regulation.xqr");
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_xqreg"))
            .args(["sheet", "--lang", "zh", "--format", "md"])
            .args(extra)
            .arg(&file)
            .output()
            .expect("xqreg runs");
        assert_success(&out, "");
        unescape_md(&String::from_utf8_lossy(&out.stdout))
    };
    let issued = run(&[]);
    let consolidated = run(&["--consolidated"]);
    let (body, _) = issued.split_once("## ").expect("a supplement part");
    // The base draws the finals' seeds by lot; item 2 of the supplement pairs A-B, C-D.
    assert!(body.contains("抽签排定种子"), "{body}");
    assert!(issued.contains("竞赛裁判组  \n"), "{issued}");
    assert_phrases(
        &consolidated,
        &["C组第1名对D组第1名；胜者争夺第一名；负者争夺第三名。抽签决定先后手。棋手不做记录。〔据补充细则第二条修改〕"],
        &["抽签排定种子", "## "],
    );
}

/// Every `{"clause": {"span": ...}}` origin in a plan's JSON.
fn origin_spans(v: &serde_json::Value, out: &mut Vec<(u32, u32)>) {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(span) = m.get("clause").and_then(|c| c.get("span")) {
                let n = |k: &str| span.get(k).and_then(serde_json::Value::as_u64);
                if let (Some(s), Some(e)) = (n("start"), n("end")) {
                    out.push((s as u32, e as u32));
                }
            }
            for x in m.values() {
                origin_spans(x, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| origin_spans(x, out)),
        _ => {}
    }
}

/// The sheet and the plan come from one source and cannot drift apart: every clause a plan
/// item cites as its origin is printed on the sheet.
#[test]
fn every_plan_item_origin_is_printed_on_the_sheet() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for l in printable() {
        let compiled = xqreg::compile::compile_bytes(&rel(&l.path), l.text.as_bytes());
        let Some(plan) = compiled.plan else {
            missing.push(format!("{}: no plan", rel(&l.path)));
            continue;
        };
        let json = serde_json::to_value(&plan).expect("a plan serialises");
        let mut spans = Vec::new();
        origin_spans(&json, &mut spans);
        spans.sort();
        spans.dedup();
        let rendered = l.render(Lang::Zh, Format::Md).rendered;
        for (s, e) in spans {
            checked += 1;
            let span = xqreg_grammar::Span { start: s, end: e };
            if !rendered.contains(&span) {
                missing.push(format!(
                    "{}: plan origin not printed: `{}`",
                    l.place(s),
                    l.excerpt(span)
                ));
            }
        }
    }
    assert!(checked > 100, "the plans cite their clauses ({checked})");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The printer never panics, whatever the file says: every fixture (most of them wrong on
/// purpose) and every example prints from its parsed tree in both languages and formats.
#[test]
fn any_parsed_file_prints_without_panicking() {
    let mut files = files_under(&root().join("tests/fixtures"), "xqr");
    files.extend(examples());
    assert!(files.len() > 20, "fixtures found");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let parsed = xqreg_grammar::parse(&text);
        for lang in [Lang::Zh, Lang::En] {
            for format in [Format::Md, Format::Html] {
                let r = sheet::render_file(&parsed.file, lang, format);
                assert!(r.is_ok(), "{}: {:?}", rel(&f), r.err());
            }
        }
    }
}

/// The sheets of three regulations a newcomer wrote from the docs alone, item by item.
#[path = "sheet_newcomer.rs"]
mod newcomer;

/// The newcomer's sheet findings on quotas, knockouts and pairing numbers.
#[path = "sheet_findings.rs"]
mod findings;

#[path = "sheet_coverage.rs"]
mod coverage_more;

/// The print shop's proofreading: what a proofreader marked on the sheets, item by item.
#[path = "sheet_press.rs"]
mod press;

/// A Swiss silent on its byes, colour limits, equal colour claims or forfeits.
#[path = "sheet_defaults.rs"]
mod defaults;
