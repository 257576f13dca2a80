//! The published sites of examples 001 and 004 (`event_publish`) opened in headless Chromium,
//! every page at 1200 and 390 px wide (tests/browser/site_check.mjs, the DevTools protocol over
//! a pipe): the standings tables are there with a row per player, the bracket SVG is laid out
//! with its names drawn, the zh <-> en switch leads to a page of the site, the page is no wider
//! than the window (tables scroll inside their box), and the console is clean: no error or
//! warning, no exception, no failed or external request.
//!
//! Without Chromium or Node.js the test says it skipped, unless `XQREG_REQUIRE_CHROMIUM=1`
//! (CI sets it) makes that a failure. `XQREG_WRITE_SCREENSHOT=1` also writes
//! docs/event-standings.png (example 001's standings, 1200 px wide).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::event_publish::{pages_of, published, Published};
use crate::common::{assert_success, root};

/// Chromium and Node.js, or why the test cannot run.
fn tools() -> Result<(PathBuf, PathBuf), String> {
    let in_path = |names: &[&str]| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .flat_map(|d| names.iter().map(move |n| d.join(n)))
            .find(|p| p.is_file())
    };
    let chromium = std::env::var_os("XQREG_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| in_path(&["chromium", "chromium-browser"]))
        .ok_or("no chromium in PATH (nor XQREG_CHROMIUM)")?;
    let node = in_path(&["node"]).ok_or("no node in PATH")?;
    Ok((chromium, node))
}

/// Run the page checker: its JSON report.
fn site_check(chromium: &Path, node: &Path, args: &[&Path]) -> Value {
    let profile = tempfile::tempdir().expect("a fresh Chromium profile");
    let out = Command::new(node)
        .arg(root().join("tests/browser/site_check.mjs"))
        .arg(chromium)
        .arg(profile.path())
        .args(args)
        .output()
        .expect("runs node");
    assert_success(&out, "site_check failed: ");
    serde_json::from_slice(&out.stdout).expect("site_check prints JSON")
}

/// What the browser showed of one page at one width, against the event.
fn check_page(p: &Published, page: &str, width: &str, seen: &Value, failures: &mut Vec<String>) {
    let mut fail = |m: String| failures.push(format!("{} {page} at {width} px: {m}", p.name));
    for problem in seen["problems"].as_array().into_iter().flatten() {
        fail(format!("{problem}"));
    }
    let window = seen["windowWidth"].as_f64().unwrap_or(0.0);
    if window.to_string() != width {
        fail(format!("laid out {window} px wide (no viewport?)"));
    }
    if seen["pageWidth"].as_f64().unwrap_or(f64::MAX) > window {
        fail(format!("the page is {} px wide", seen["pageWidth"]));
    }
    let Some((lang, file)) = page.split_once('/') else {
        // SITE/index.html leads to the Chinese front page.
        let url = seen["url"].as_str().unwrap_or("");
        if !url.ends_with("/zh/index.html") {
            fail(format!("SITE/index.html settles on `{url}`"));
        }
        return;
    };
    let other = if lang == "zh" { "en" } else { "zh" };
    let want = p.site.join(other).join(file);
    let switch = seen["langSwitch"].as_str().unwrap_or("");
    let target = switch.strip_prefix("file://").map(PathBuf::from);
    if target.as_deref() != Some(want.as_path()) || !want.is_file() {
        fail(format!("language switch leads to `{switch}`"));
    }
    let Some(ix) = file
        .strip_prefix("stage-")
        .and_then(|f| f.strip_suffix(".html"))
        .and_then(|n| n.parse::<usize>().ok())
    else {
        return;
    };
    let st = &p.outcome.stages[ix - 1];
    let tables = seen["standings"].as_array().cloned().unwrap_or_default();
    let svgs = seen["svgs"].as_array().cloned().unwrap_or_default();
    if st.kind == "knockout" {
        let [svg] = svgs.as_slice() else {
            return fail(format!("{} bracket SVGs", svgs.len()));
        };
        let num = |k: &str| svg[k].as_f64().unwrap_or(0.0);
        if num("width") <= 0.0 || num("height") <= 0.0 || num("bboxWidth") <= 0.0 {
            fail(format!("the bracket is not drawn: {svg}"));
        }
        if num("boxes") as usize != st.matches.len() || num("drawnTexts") != num("texts") {
            fail(format!("the bracket's matches or names are missing: {svg}"));
        }
        return;
    }
    if tables.len() != st.groups.len() {
        fail(format!(
            "{} standings tables, {} groups",
            tables.len(),
            st.groups.len()
        ));
    }
    for (t, g) in tables.iter().zip(&st.groups) {
        if t["rows"].as_u64() != Some(g.standings.len() as u64) || t["height"].as_f64() <= Some(0.0)
        {
            fail(format!(
                "standings table {t}, {} players",
                g.standings.len()
            ));
        }
    }
}

#[test]
fn every_published_page_in_headless_chromium() {
    let (chromium, node) = match tools() {
        Ok(t) => t,
        Err(why) if std::env::var("XQREG_REQUIRE_CHROMIUM").as_deref() == Ok("1") => {
            panic!("XQREG_REQUIRE_CHROMIUM=1 but {why}")
        }
        Err(why) => {
            eprintln!("event_browser: SKIPPED, {why}");
            return;
        }
    };
    let sites = published();
    let mut args: Vec<&Path> = vec![Path::new("check")];
    args.extend(sites.iter().map(|p| p.site.as_path()));
    let report = site_check(&chromium, &node, &args);
    let mut failures = Vec::new();
    let mut opened = 0;
    for p in sites {
        for page in pages_of(&p.site) {
            let key = format!("{}::{page}", p.site.display());
            for width in ["1200", "390"] {
                match report.get(&key).and_then(|r| r.get(width)) {
                    Some(seen) => {
                        opened += 1;
                        check_page(p, &page, width, seen, &mut failures);
                    }
                    None => failures.push(format!("{key} not opened at {width} px")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("event_browser: {opened} page views checked");
    if std::env::var("XQREG_WRITE_SCREENSHOT").as_deref() == Ok("1") {
        let page = sites[0].site.join("zh/stage-1.html");
        let png = root().join("docs/event-standings.png");
        let size = [Path::new("1200"), Path::new("1500")];
        site_check(
            &chromium,
            &node,
            &[Path::new("screenshot"), &page, &png, size[0], size[1]],
        );
    }
}
