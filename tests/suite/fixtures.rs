//! Every fixture under `tests/fixtures/**/*.xqr`: the codes it raises are exactly the codes its
//! header expects, and its `plain` rendering (English; Chinese too when the header asks) matches
//! the snapshot under `tests/snapshots/`. Snapshots are reviewed by reading them, then accepted
//! with `INSTA_UPDATE=always cargo test -p xqreg --test suite` (or `cargo insta review`).

use xqreg::diagnostics::render::Format;
use xqreg::diagnostics::Lang;
use xqreg::driver;

use crate::common::{codes, files_under, header, rel, render_one, root};

fn fixtures() -> Vec<std::path::PathBuf> {
    files_under(&root().join("tests/fixtures"), "xqr")
}

/// The snapshot name of a fixture: its path under `tests/fixtures` with `/` as `__`.
fn snapshot_name(rel_path: &str, lang: Lang) -> String {
    let stem = rel_path
        .trim_start_matches("tests/fixtures/")
        .trim_end_matches(".xqr")
        .replace('/', "__");
    match lang {
        Lang::En => stem,
        Lang::Zh => format!("{stem}.zh"),
    }
}

/// A fixture's bytes. E016's (a regulation past 4 MiB) is committed small and padded here with
/// its last line to one byte past the limit.
fn bytes_of(path: &std::path::Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).expect("a listed fixture is readable");
    let named = path
        .file_name()
        .is_some_and(|f| f.to_string_lossy().starts_with("E016"));
    if named {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let last = text
            .lines()
            .last()
            .map(|l| format!("{l}\n"))
            .unwrap_or_default();
        let past = driver::LONGEST_REGULATION + 1;
        let more = last.repeat((past - bytes.len()) / last.len().max(1) + 1);
        bytes.extend_from_slice(more.as_bytes());
        bytes.truncate(past);
    }
    bytes
}

/// A fixture checked as `xqreg check` does, with `--lang en` when its header says so.
fn check(name: &str, bytes: &[u8], english: bool) -> driver::FileReport {
    let mut report = driver::check_bytes(name, bytes);
    if english {
        xqreg::sheet::english::add_to(&mut report, bytes);
    }
    report
}

#[test]
fn fixtures_raise_exactly_what_they_expect() {
    let files = fixtures();
    assert!(!files.is_empty(), "no fixtures under tests/fixtures");
    let mut failures = Vec::new();
    for path in &files {
        let name = rel(path);
        let bytes = bytes_of(path);
        let Some(h) = header(&String::from_utf8_lossy(&bytes)) else {
            failures.push(format!("{name}: no `// expect:` header on the first lines"));
            continue;
        };
        let file_name = path.file_name().map(|f| f.to_string_lossy().into_owned());
        let named = file_name.as_deref().and_then(|f| f.get(..4)).unwrap_or("");
        if !h.expect.contains(named) && named.chars().skip(1).all(|c| c.is_ascii_digit()) {
            failures.push(format!(
                "{name}: named after {named} but does not expect it"
            ));
        }
        let report = check(&name, &bytes, h.english);
        let got = codes(&report);
        if got != h.expect {
            failures.push(format!(
                "{name}: expected {:?}, got {:?}\n{}",
                h.expect,
                got,
                render_one(Format::Plain, &report, Lang::En)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_snapshots() {
    for path in fixtures() {
        let name = rel(&path);
        let bytes = bytes_of(&path);
        let h = header(&String::from_utf8_lossy(&bytes));
        let zh = h.as_ref().is_some_and(|h| h.zh);
        let report = check(&name, &bytes, h.is_some_and(|h| h.english));
        let mut langs = vec![Lang::En];
        if zh {
            langs.push(Lang::Zh);
        }
        for lang in langs {
            let rendered = render_one(Format::Plain, &report, lang);
            insta::with_settings!({
                snapshot_path => "../snapshots",
                prepend_module_to_snapshot => false,
                description => name.clone(),
                omit_expression => true,
            }, {
                insta::assert_snapshot!(snapshot_name(&name, lang), rendered);
            });
        }
    }
}
