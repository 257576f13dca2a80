//! Issue 10 item 4, `xqreg event publish DIR -o SITE`: examples 001 (150-player Swiss) and 004
//! (groups, then knockout finals) played to their end through `event` with the results of
//! `simulate`, then published. The files: the front page, every published round, standings with
//! one cell per tie-break column, crosstables, the knockout bracket as SVG, prizes, the rule
//! sheet, in Chinese and English, and no asset from outside the site. `event_browser` opens
//! the same sites in headless Chromium.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use fancy_regex::Regex;
use xqreg::diagnostics::Lang;
use xqreg_runtime::engine::Outcome;

use super::event_live::play;
use crate::common::{assert_success, root};

/// A published example: its event, its site and the event's replayed outcome.
pub struct Published {
    pub name: &'static str,
    pub site: PathBuf,
    pub outcome: Outcome,
}

/// Examples 001 and 004 played and published once per test process (under the target's
/// temporary directory, rebuilt by every run).
pub fn published() -> &'static [Published] {
    static SITES: OnceLock<Vec<Published>> = OnceLock::new();
    SITES.get_or_init(|| {
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("event_publish");
        let _ = std::fs::remove_dir_all(&base);
        [
            ("001_nanning", "regulation.xqr"),
            ("004_zhouzhuang", "regulation.xqr"),
        ]
        .iter()
        .map(|(dir, file)| {
            let work = base.join(dir);
            std::fs::create_dir_all(&work).expect("a work directory");
            let (event, failures) = play(dir, file, 1, &work);
            assert!(failures.is_empty(), "{}", failures.join("\n"));
            let site = work.join("site");
            publish(&event, &site);
            let outcome = xqreg::event::with_event(&event, Lang::En, |_, l| l.replay())
                .map_err(|f| f.text)
                .expect("replays")
                .outcome;
            Published {
                name: dir,
                site,
                outcome,
            }
        })
        .collect()
    })
}

/// `xqreg event publish EVENT -o SITE` on the command line.
pub fn publish(event: &Path, site: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(["event", "publish"])
        .arg(event)
        .arg("-o")
        .arg(site)
        .env("LANG", "C")
        .output()
        .expect("runs xqreg");
    assert_success(&out, "publish failed: ");
}

/// Every page of a site, relative to it, sorted.
pub fn pages_of(site: &Path) -> Vec<String> {
    crate::common::files_under(site, "html")
        .iter()
        .map(|p| {
            p.strip_prefix(site)
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn read(site: &Path, page: &str) -> String {
    std::fs::read_to_string(site.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The parts of `html` between `<tag class="class"` and its `</tag>`.
fn parts<'a>(html: &'a str, tag: &str, class: &str) -> Vec<&'a str> {
    let open = format!("<{tag} class=\"{class}\"");
    let close = format!("</{tag}>");
    html.split(&open)
        .skip(1)
        .map(|p| p.split(&close).next().unwrap_or(""))
        .collect()
}

/// The cells of each body row of a table (its `<td>`s).
fn body_rows(table: &str) -> Vec<usize> {
    let body = table.split("<tbody>").nth(1).unwrap_or("");
    body.split("<tr>")
        .skip(1)
        .map(|r| r.matches("<td").count())
        .collect()
}

fn head_cells(table: &str) -> usize {
    let head = table.split("</thead>").next().unwrap_or("");
    head.matches("<th").count() - head.matches("<thead").count()
}

/// Which stage of the outcome each stage page shows, what it must show.
fn check_stage(p: &Published, lang: &str, ix: usize, failures: &mut Vec<String>) {
    let page = format!("{lang}/stage-{}.html", ix + 1);
    let html = read(&p.site, &page);
    let st = &p.outcome.stages[ix];
    let mut fail = |m: String| failures.push(format!("{} {page}: {m}", p.name));
    // Every round of the stage, each with its games.
    let rounds: BTreeSet<u32> = st.games.iter().map(|g| g.round).collect();
    let sections = parts(&html, "section", "round");
    if sections.len() != rounds.len() {
        fail(format!(
            "{} round sections, {} rounds",
            sections.len(),
            rounds.len()
        ));
    }
    for (section, round) in sections.iter().zip(&rounds) {
        let games = st.games.iter().filter(|g| g.round == *round).count();
        let table = parts(section, "table", "pairings");
        let rows = table.first().map(|t| body_rows(t).len()).unwrap_or(0);
        if rows != games {
            fail(format!("round {round}: {rows} rows, {games} games"));
        }
        let heading = match lang {
            "en" => format!("Round {round}"),
            _ => format!("第{}轮", xqreg::sheet::fmt::zh_numeral(u64::from(*round))),
        };
        if !section.contains(&heading) {
            fail(format!("round {round}: no heading `{heading}`"));
        }
        if section.contains("class=\"wait\"") {
            fail(format!("round {round}: a game shown as waiting"));
        }
    }
    // Standings and crosstable of every group of a Swiss or round robin: one cell per column.
    let standings = parts(&html, "table", "standings");
    let cross = parts(&html, "table", "cross");
    if st.kind == "knockout" {
        if !standings.is_empty() {
            fail("a knockout stage with a standings table".into());
        }
        let svg = html
            .split("<svg")
            .nth(1)
            .and_then(|s| s.split("</svg>").next())
            .map(|s| format!("<svg{s}</svg>"));
        match svg.as_deref().map(roxmltree::Document::parse) {
            Some(Ok(doc)) => {
                let boxes = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("match"))
                    .count();
                if boxes != st.matches.len() {
                    fail(format!(
                        "bracket: {boxes} boxes, {} matches",
                        st.matches.len()
                    ));
                }
            }
            Some(Err(e)) => fail(format!("bracket SVG does not parse: {e}")),
            None => fail("no bracket SVG".into()),
        }
        return;
    }
    if standings.len() != st.groups.len() || cross.len() != st.groups.len() {
        fail(format!(
            "{} standings, {} crosstables, {} groups",
            standings.len(),
            cross.len(),
            st.groups.len()
        ));
    }
    for ((table, cr), group) in standings.iter().zip(&cross).zip(&st.groups) {
        let cols = head_cells(table);
        let rows = body_rows(table);
        if rows.len() != group.standings.len() {
            fail(format!(
                "{} standings rows, {} players",
                rows.len(),
                group.standings.len()
            ));
        }
        if cols <= 5 {
            fail(format!("standings without tie-break columns ({cols})"));
        }
        if let Some(r) = rows.iter().find(|r| **r != cols) {
            fail(format!("a standings row of {r} cells under {cols} columns"));
        }
        let crows = body_rows(cr);
        if crows.len() != group.standings.len() || crows.iter().any(|r| *r != head_cells(cr)) {
            fail(format!(
                "crosstable rows {crows:?}, {} columns",
                head_cells(cr)
            ));
        }
    }
    // The English columns are words, not the language's identifiers.
    if lang == "en" && html.contains("<th>sonneborn_berger</th>") {
        fail("a tie-break column headed by its identifier".into());
    }
}

/// Every link and source of a page that leaves the site (`http:`/`https:`/`//`).
fn external(html: &str) -> Vec<String> {
    let re = Regex::new(r#"(?i)\b(?:src|href)\s*=\s*["']?((?:https?:)?//[^"'\s>]+)|url\(\s*["']?((?:https?:)?//[^)"']+)|@import"#)
        .expect("a regex");
    re.captures_iter(html)
        .flatten()
        .map(|c| {
            c.get(1)
                .or_else(|| c.get(2))
                .or_else(|| c.get(0))
                .map(|m| m.as_str().to_string())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn the_published_site_of_examples_001_and_004() {
    let mut failures = Vec::new();
    for p in published() {
        let pages = pages_of(&p.site);
        let n = p.outcome.stages.len();
        let mut want = vec!["index.html".to_string()];
        for lang in ["en", "zh"] {
            want.push(format!("{lang}/index.html"));
            want.push(format!("{lang}/rules.html"));
            want.extend((1..=n).map(|i| format!("{lang}/stage-{i}.html")));
        }
        want.sort();
        if pages != want {
            failures.push(format!("{}: pages {pages:?}, want {want:?}", p.name));
        }
        let regulation =
            std::fs::read_to_string(root().join(format!("examples/{}/regulation.xqr", p.name)))
                .expect("reads");
        for page in &pages {
            let html = read(&p.site, page);
            for url in external(&html) {
                if !regulation.contains(url.as_str()) {
                    failures.push(format!("{} {page}: external asset {url}", p.name));
                }
            }
            // Each language's page links to the same page in the other language.
            if let Some((lang, file)) = page.split_once('/') {
                let other = if lang == "zh" { "en" } else { "zh" };
                if !html.contains(&format!("<html lang=\"{lang}\"")) {
                    failures.push(format!("{} {page}: not marked lang={lang}", p.name));
                }
                if !html.contains(&format!("href=\"../{other}/{file}\"")) {
                    failures.push(format!("{} {page}: no link to {other}/{file}", p.name));
                }
            }
        }
        for lang in ["en", "zh"] {
            for ix in 0..n {
                check_stage(p, lang, ix, &mut failures);
            }
            let index = read(&p.site, &format!("{lang}/index.html"));
            let prizes = parts(&index, "table", "prizes");
            let rows = prizes.first().map(|t| body_rows(t).len()).unwrap_or(0);
            if rows != p.outcome.prizes.len() || rows == 0 {
                failures.push(format!(
                    "{} {lang}: {rows} prize rows, {} prizes",
                    p.name,
                    p.outcome.prizes.len()
                ));
            }
            let ranking = parts(&index, "table", "ranking");
            let rows = ranking.first().map(|t| body_rows(t).len()).unwrap_or(0);
            if rows != p.outcome.final_ranking.len() {
                failures.push(format!("{} {lang}: {rows} ranking rows", p.name));
            }
            // Players have units, and the ranking a column for them (a team event's has none).
            let unit = format!("<th>{}</th>", if lang == "zh" { "单位" } else { "Unit" });
            if !ranking.first().is_some_and(|t| t.contains(&unit)) {
                failures.push(format!("{} {lang}: no unit column in the ranking", p.name));
            }
            let rules = read(&p.site, &format!("{lang}/rules.html"));
            let article = if lang == "zh" {
                "奖励办法"
            } else {
                "Prizes"
            };
            if !rules.contains(article) || !rules.contains("<nav class=\"site\">") {
                failures.push(format!("{} {lang}/rules.html: not the rule sheet", p.name));
            }
        }
        let root_page = read(&p.site, "index.html");
        if !root_page.contains("url=zh/index.html") {
            failures.push(format!("{}: index.html does not lead to zh/", p.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn external_urls_are_found() {
    // The check above must be able to fail.
    let found = external(
        r#"<img src="https://cdn.example/x.png"><link href='//fonts.example/f.css'><style>a{background:url(http://x.example/i.png)}</style><a href="stage-1.html">"#,
    );
    assert_eq!(found.len(), 3, "{found:?}");
}
