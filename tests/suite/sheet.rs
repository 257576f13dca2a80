//! The rule sheet (`xqreg sheet`): every example prints in both languages and both formats;
//! every clause of the effective regulation is printed (coverage, checked against the spans the
//! printer marks); the zh sheet of each seed example carries what the seed text lists
//! (`tests/expect/sheet/*.txt`); Markdown sheets are snapshotted (`tests/snapshots/sheet/`);
//! texts are escaped; a regulation with errors prints no sheet.

use std::path::{Path, PathBuf};
use std::process::Command;

use xqreg::diagnostics::Severity;
use xqreg::sheet::{self, coverage, Format, Lang, Mode, Source};
use xqreg_grammar::ast::File;

use crate::common::{examples, files_under, rel, root};

/// A parsed and checked example, or the reason it cannot print.
struct Loaded {
    path: PathBuf,
    text: String,
    parsed: File,
    effective: File,
}

fn load(path: &Path) -> Result<Loaded, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", rel(path)))?;
    let report = xqreg::driver::check_bytes(&rel(path), &bytes);
    let errors = report.count(Severity::Error);
    if errors > 0 {
        return Err(format!("{}: {errors} check errors", rel(path)));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let parsed = xqreg_grammar::parse(&text).file;
    let effective = xqreg::check::check(&parsed).checked.file;
    Ok(Loaded {
        path: path.to_path_buf(),
        text,
        parsed,
        effective,
    })
}

impl Loaded {
    fn source(&self) -> Source<'_> {
        Source::from_checked(&self.effective, &self.parsed)
    }

    fn render(&self, lang: Lang, format: Format) -> sheet::Rendered {
        sheet::render(&self.source(), lang, format).expect("the templates render")
    }

    /// `line:col` of a byte offset, for failure messages.
    fn place(&self, offset: u32) -> String {
        let before = self.text.get(..offset as usize).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{}:{line}:{col}", rel(&self.path))
    }

    fn excerpt(&self, span: xqreg_grammar::Span) -> String {
        let s = self.text.get(span.range()).unwrap_or("");
        s.lines().next().unwrap_or("").chars().take(60).collect()
    }
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
fn assert_covered(l: &Loaded, src: &Source<'_>, lang: Lang) -> Vec<String> {
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
        let md = sheet::render(&src, lang, Format::Md)
            .expect("the templates render")
            .text;
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
            let md = sheet::render(&src, lang, Format::Md)
                .expect("the templates render")
                .text;
            assert_sheet_snapshot(&format!("{name}.consolidated.{tag}"), &md);
        }
    }
}

const SMALL: &str = r#"regulation "测试赛<script>alert(1)</script>" en "Test | *cup*" {
  dates 2020-05-01 .. 2020-05-02
  venue "北京棋院"
  interpretation "主办单位"
}
time standard "慢棋" { base 30min increment 10s }
stage main "积分编排" {
  swiss cxa rounds 5
  time standard
}
note "着装" "请着正装 | <b>正式</b> *服装*" in other
"#;

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

fn temp_path(name: &str) -> PathBuf {
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
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
    assert!(sup.contains("基本用时25分钟"), "{sup}");
    assert!(sup.contains("进入赛场者判负"), "{sup}");
    assert!(sup.contains("竞赛部  \n"), "{sup}");
    assert!(sup.contains("2020年4月20日"), "{sup}");
    assert!(!sup.contains("改为"), "no machine diff: {sup}");
    assert!(
        !sup.contains("按弃权处理"),
        "the base's rule is not repeated: {sup}"
    );
    // Consolidated: the supplement's value and not the base's, each marked with its item.
    let src = l.source().with_mode(Mode::Consolidated);
    let md = unescape_md(
        &sheet::render(&src, Lang::Zh, Format::Md)
            .expect("renders")
            .text,
    );
    assert!(!md.contains("## "), "no separate supplement part: {md}");
    assert!(
        md.contains("补充规定（竞赛部，2020年4月20日）合并后的文本"),
        "{md}"
    );
    assert!(md.contains("基本用时25分钟"), "{md}");
    assert!(!md.contains("基本用时30分钟"), "{md}");
    assert!(md.contains("〔据补充规定第一条修改〕"), "{md}");
    assert!(
        md.contains("进入赛场者判负。〔据补充规定第二条增加〕"),
        "{md}"
    );
    assert!(
        !md.contains("按弃权处理。〔"),
        "a base clause is not marked: {md}"
    );
    let md = unescape_md(
        &sheet::render(&src, Lang::En, Format::Md)
            .expect("renders")
            .text,
    );
    assert!(md.contains("[amended by item 1 of the 补充规定]"), "{md}");
    assert!(md.contains("[added by item 2 of the 补充规定]"), "{md}");
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
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        unescape_md(&String::from_utf8_lossy(&out.stdout))
    };
    let issued = run(&[]);
    let consolidated = run(&["--consolidated"]);
    let (body, _) = issued.split_once("## ").expect("a supplement part");
    // The base draws the finals' seeds by lot; item 2 of the supplement pairs A-B, C-D.
    assert!(body.contains("抽签排定种子"), "{body}");
    assert!(issued.contains("竞赛裁判组  \n"), "{issued}");
    assert!(!consolidated.contains("抽签排定种子"), "{consolidated}");
    assert!(
        consolidated.contains("C组第1名对D组第1名；胜者争夺第一名；负者争夺第三名。抽签决定先后手。棋手不做记录。〔据补充细则第二条修改〕"),
        "{consolidated}"
    );
    assert!(!consolidated.contains("## "), "{consolidated}");
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

/// The sheet of a parsed regulation, without Markdown escapes; the file must parse cleanly.
fn sheet_of(text: &str, lang: Lang) -> String {
    let parsed = xqreg_grammar::parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let md = sheet::render_file(&parsed.file, lang, Format::Md)
        .expect("the templates render")
        .text;
    unescape_md(&md)
}

/// Age groups as a newcomer writes them: one stage in full, the others `same_as` it.
const AGE_GROUPS: &str = r#"regulation "青少年锦标赛" {
  dates 2026-07-20 .. 2026-07-22
  venue "棋类馆"
  interpretation "棋类协会"
}
time standard "慢棋" { base 30min increment 10s flag loses }
category u8 "U8组（男女混合）" { born 2018-01-01 .. }
category u10b "U10男子组" { born 2016-01-01 .. 2017-12-31 sex men }
category u12b "U12男子组" { born 2014-01-01 .. 2015-12-31 sex men }
category u14g "U14女子组" { born 2012-01-01 .. 2013-12-31 sex women }
stage u8 "U8组" {
  swiss cxa rounds 7
  entrants category u8
  cap 80 first_come
  time standard
  tiebreak opponents_score, wins, lots
}
stage u10b "U10男子组" { same_as u8  entrants category u10b }
stage u12b "U12男子组" { same_as u10b  entrants category u12b }
stage u14g "U14女子组" {
  round_robin single
  entrants category u14g
  cap 8 first_come
  time standard
  tiebreak sonneborn_berger, lots
}
prizes u8 "U8组奖励" {
  1: medal gold certificate
  2: medal silver certificate
  3: medal bronze certificate
}
"#;

/// Issue of the youth championship (items 1-6): every stage a tie-break chain applies to is
/// named, a stage that only copies another says so without 其余, a group's method does not
/// restate its heading, a group's cap is 本组, medals take 枚, a prize heading has no doubled
/// brackets.
#[test]
fn age_groups_name_every_group_of_a_shared_rule() {
    let zh = sheet_of(AGE_GROUPS, Lang::Zh);
    // 1. The chain of U8 applies to the groups that copy it, at any depth; not to U14 girls.
    assert!(
        zh.contains("1.U8组、U10男子组、U12男子组：积分多者名次列前"),
        "{zh}"
    );
    assert!(zh.contains("2.U14女子组：积分多者名次列前"), "{zh}");
    // 2. The method sentence does not repeat the group's name (U8组（男女混合） in U8组).
    assert!(zh.contains("（一）U8组：采用积分编排制，共赛7轮。"), "{zh}");
    assert!(!zh.contains("U8组：U8组"), "{zh}");
    // 3. Nothing of its own before it: 竞赛办法同, never 其余.
    assert!(zh.contains("U10男子组：竞赛办法同U8组。"), "{zh}");
    assert!(zh.contains("U12男子组：竞赛办法同U10男子组。"), "{zh}");
    assert!(!zh.contains("其余办法"), "{zh}");
    // 4. A group of the event caps 本组.
    assert!(zh.contains("本组限80人，报满为止。"), "{zh}");
    assert!(zh.contains("本组限8人，报满为止。"), "{zh}");
    assert!(!zh.contains("本阶段限"), "{zh}");
    // 5. One classifier for medals.
    assert!(zh.contains("金牌一枚"), "{zh}");
    assert!(zh.contains("银牌一枚"), "{zh}");
    assert!(zh.contains("铜牌一枚"), "{zh}");
    assert!(!zh.contains("牌一块、证书"), "{zh}");
    // 6. The prize table's title names the group already: one heading, no nested brackets.
    assert!(zh.contains("U8组奖励：第一名奖励金牌一枚"), "{zh}");
    assert!(!zh.contains("）（U8组奖励）"), "{zh}");

    let en = sheet_of(AGE_GROUPS, Lang::En);
    assert!(
        en.contains("(a) U8组, U10男子组, U12男子组: more points ranks higher"),
        "{en}"
    );
    assert!(
        en.contains("U8组: Swiss system (CXA rules), 7 rounds."),
        "{en}"
    );
    assert!(en.contains("U10男子组: The same as U8组."), "{en}");
    assert!(!en.contains("Otherwise as in"), "{en}");
    assert!(en.contains("This group takes at most 80 players"), "{en}");
    assert!(!en.contains("(U8组奖励)"), "{en}");
}

/// A stage with rules of its own before `same_as` keeps 其余办法同.
#[test]
fn same_as_after_own_rules_keeps_otherwise() {
    let text = AGE_GROUPS.replace(
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b }",
        "stage u10b \"U10男子组\" { same_as u8  entrants category u10b  cap 40 first_come }",
    );
    let zh = sheet_of(&text, Lang::Zh);
    assert!(
        zh.contains("U10男子组：本组限40人，报满为止。其余办法同U8组。"),
        "{zh}"
    );
}

const TEAM_LEAGUE: &str = r#"regulation "俱乐部团体联赛" {
  dates 2026-03-07 .. 2026-04-05
  venue "棋院"
  event team "俱乐部团体赛"
  interpretation "象棋协会"
}
scoring {
  win 2
  draw 1
  loss 0
  match { win 2 draw 1 loss 0 }
}
time standard "慢棋" { base 60min increment 30s flag loses }
entry {
  field 4
  team_size 4..6
  team a "甲队"
  team b "乙队"
  team c "丙队"
  team d "丁队"
}
stage league "双循环" {
  team_round_robin double boards 4
  entrants roster
  time standard
  colours by_board
  tiebreak game_points, head_to_head two_only, board_countback, lots
}
"#;

/// The team league (items 7 and 11): teams rank by match points, the field of named teams is
/// said once, and the colours are the runtime's: the first-named team Red on odd boards.
#[test]
fn team_league_ranks_by_match_points_and_says_its_colours() {
    let zh = sheet_of(TEAM_LEAGUE, Lang::Zh);
    assert!(
        zh.contains("场分多者名次列前；场分相等时，依次按下列办法区分："),
        "{zh}"
    );
    assert!(!zh.contains("积分多者名次列前"), "{zh}");
    assert!(
        zh.contains("参赛队（4队）：甲队、乙队、丙队、丁队。"),
        "{zh}"
    );
    assert!(!zh.contains("参赛队为4队"), "{zh}");
    assert!(
        zh.contains("每场对阵中列前的队单数台执红、双数台执黑。"),
        "{zh}"
    );
    assert!(!zh.contains("按台次确定先后手"), "{zh}");
    let en = sheet_of(TEAM_LEAGUE, Lang::En);
    assert!(
        en.contains("More match points ranks higher; equal match points are separated"),
        "{en}"
    );
    assert!(
        en.contains("the first-named team has Red on odd boards and Black on even boards"),
        "{en}"
    );
    assert!(!en.contains("The field is 4 teams."), "{en}");
    // A field other than the teams named so far is still said.
    let more = sheet_of(&TEAM_LEAGUE.replace("field 4", "field 6"), Lang::Zh);
    assert!(more.contains("参赛队为6队。"), "{more}");
}

const MASTERS_KNOCKOUT: &str = r#"regulation "大师邀请赛" {
  dates 2026-09-10 .. 2026-09-14
  venue "棋院"
  interpretation "象棋协会"
}
time standard "慢棋" { base 60min increment 30s flag loses }
time rapid "快棋" { base 10min increment 5s flag loses }
entry {
  field 8
  player p1 "甲" { rating 2700 sex men }
  player p2 "乙" { rating 2690 sex women }
}
stage cup "淘汰赛" {
  knockout {
    seeded 8
    seeding rating
    games 2
    third_place
  }
  entrants roster
  time standard
  places 1..8
  playoff {
    game rapid colours swap games 2
    lots
  }
}
prizes "奖金" CNY {
  1: 10000
  2: 5000
  eliminated cup round 2: 2000 each
  eliminated cup round 1: 1000 each
  total 23000
}
expenses {
  board_lodging "棋手食宿由承办单位负责"
}
"#;

/// The masters' knockout (items 8-10): a two-game match is won on points over both games, the
/// third-place match is the semi-finals' losers', the losers of a fixed bracket's rounds are
/// counted and added up, the regulation's own sentence on board and lodging prints alone, and
/// the entrants table's sex is one character.
#[test]
fn knockout_mini_match_losers_and_own_sentences() {
    let zh = sheet_of(MASTERS_KNOCKOUT, Lang::Zh);
    assert!(zh.contains("淘汰赛：两局积分高者胜出。"), "{zh}");
    assert!(
        zh.contains("（1）如积分相等，交换先后手进行两局快棋"),
        "{zh}"
    );
    assert!(!zh.contains("对局胜者名次列前"), "{zh}");
    assert!(zh.contains("；半决赛负者争夺第三名"), "{zh}");
    // 8 seeded, 8 entrants: 4 lose in round 1, 2 in round 2 (the semi-finals).
    assert!(
        zh.contains("| 淘汰赛第二轮负者 | 2,000元 | 2 | 4,000元 |"),
        "{zh}"
    );
    assert!(
        zh.contains("| 淘汰赛第一轮负者 | 1,000元 | 4 | 4,000元 |"),
        "{zh}"
    );
    assert!(zh.contains("| **合计** |  |  | **23,000元** |"), "{zh}");
    assert!(zh.contains("食宿：棋手食宿由承办单位负责。"), "{zh}");
    assert!(!zh.contains("大会负担棋手"), "{zh}");
    assert!(zh.contains("| 1 | 甲 | 2700 | 男 |"), "{zh}");
    assert!(zh.contains("| 2 | 乙 | 2690 | 女 |"), "{zh}");
    let en = sheet_of(MASTERS_KNOCKOUT, Lang::En);
    assert!(
        en.contains("The player with more points over the two games wins the match."),
        "{en}"
    );
    assert!(en.contains("If level on points, "), "{en}");
    assert!(
        en.contains("the semi-final losers play for 3rd place"),
        "{en}"
    );
    assert!(en.contains("| **Total** |  |  | **CNY 23,000** |"), "{en}");
    assert!(!en.contains("The organisers pay 棋手"), "{en}");
    // Fewer entrants than the bracket (byes): the losers are not counted, and no total.
    let byes = sheet_of(&MASTERS_KNOCKOUT.replace("field 8", "field 6"), Lang::Zh);
    assert!(
        byes.contains("| 淘汰赛第一轮负者 | 1,000元 |  |  |"),
        "{byes}"
    );
    assert!(!byes.contains("**合计**"), "{byes}");
    // A noun phrase still takes the catalogue's phrase.
    let phrase = sheet_of(
        &MASTERS_KNOCKOUT.replace("棋手食宿由承办单位负责", "参赛棋手比赛期间的食宿"),
        Lang::Zh,
    );
    assert!(
        phrase.contains("大会负担参赛棋手比赛期间的食宿"),
        "{phrase}"
    );
}
