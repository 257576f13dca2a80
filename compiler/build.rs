//! Generates the diagnostic message catalogue from `compiler/messages/**/*.toml`.
//!
//! Why the catalogue is data: its thousand-odd messages are prose, written twice (English and
//! Chinese), and the people who correct the Chinese are translators, not Rust programmers. As
//! Rust, each message was a `Template::new(..)` inside a `Report { .. }` constant, and the
//! constants, alike in shape, made most of the copies `duplicates` found in the checks. As TOML,
//! one file per module (`messages/check/time.toml` for `src/check/time.rs`), each entry keyed by
//! its constant's name, the two languages stand side by side and the Rust keeps only the logic.
//!
//! The checking stays at compile time: this script generates the same constants the modules
//! used to spell out (`const NAME: Report = Report { code: &E307, message: Template::new(..),
//! .. };`, `const NAME: Template = Template::new(..);`) into `OUT_DIR/messages/<module>.rs`, and
//! each module `include!`s its file. A misspelt code or constant is a compile error where it is
//! used; an entry without both languages, or with a field it does not know, fails here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One catalogue entry: a `Code` (name, severity, meaning, example, fix), a `Report` (code,
/// message, label, help) or a lone `Template` (en, zh).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// `pub` or `pub(super)` where another module reads the constant; private otherwise.
    visibility: Option<String>,
    /// A report's code (the name of its `Code` static); a code's own, where it is not the key.
    code: Option<String>,
    message: Option<Text>,
    label: Option<Text>,
    help: Option<Text>,
    en: Option<String>,
    zh: Option<String>,
    name: Option<String>,
    severity: Option<String>,
    meaning: Option<Text>,
    example: Option<String>,
    fix: Option<Text>,
}

/// A text in both languages: a report's message, label or help, a code's meaning or fix.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    en: String,
    zh: String,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").ok_or("no CARGO_MANIFEST_DIR")?;
    let out_dir = std::env::var_os("OUT_DIR").ok_or("no OUT_DIR")?;
    let messages = Path::new(&manifest).join("messages");
    let out = Path::new(&out_dir).join("messages");
    // A directory: cargo looks at every file below it, so an edited or added file rebuilds.
    println!("cargo:rerun-if-changed=messages");
    let mut files = Vec::new();
    toml_files(&messages, &mut files)?;
    for file in files {
        let rel = file
            .strip_prefix(&messages)
            .map_err(|e| e.to_string())?
            .with_extension("rs");
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let rust = generate(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        included(Path::new(&manifest), &rel)?;
        let target = out.join(rel);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        // Unchanged output is not rewritten: the modules that include it need no rebuild.
        if std::fs::read_to_string(&target).ok().as_deref() != Some(rust.as_str()) {
            std::fs::write(&target, rust).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// The module of `check/time.rs` (`src/check/time.rs` or `src/check/time/mod.rs`) includes it:
/// a catalogue file left behind by a renamed module would otherwise be dropped without a word.
fn included(manifest: &Path, rel: &Path) -> Result<(), String> {
    let generated = format!("\"/messages/{}\"", rel.display());
    let module = manifest.join("src").join(rel);
    let candidates = [module.clone(), module.with_extension("").join("mod.rs")];
    for m in candidates.iter().filter(|m| m.exists()) {
        // Only a path that exists: a missing one would rerun this script on every build.
        println!("cargo:rerun-if-changed={}", m.display());
        if std::fs::read_to_string(m).is_ok_and(|text| text.contains(&generated)) {
            return Ok(());
        }
    }
    Err(format!(
        "messages/{}: no module includes it; {} needs `include!(concat!(env!(\"OUT_DIR\"), {generated}));`",
        rel.with_extension("toml").display(),
        candidates[0].display(),
    ))
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            toml_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    Ok(())
}

/// The Rust constants of one catalogue file, in the order of their names.
fn generate(text: &str) -> Result<String, String> {
    let entries: BTreeMap<String, Entry> = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut rust = String::from(
        "// Generated by compiler/build.rs from compiler/messages: edit the TOML file.\n",
    );
    for (name, entry) in &entries {
        let at = |e: String| format!("[{name}]: {e}");
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(at(
                "a constant's name is written in capitals: NO_BASE".into()
            ));
        }
        let vis = match entry.visibility.as_deref() {
            None => "",
            Some(v @ ("pub" | "pub(crate)" | "pub(super)")) => v,
            Some(v) => {
                return Err(at(format!(
                    "visibility `{v}` is not pub, pub(crate) or pub(super)"
                )))
            }
        };
        let vis = if vis.is_empty() {
            String::new()
        } else {
            format!("{vis} ")
        };
        if let Some(severity) = &entry.severity {
            rust.push_str(&code(name, entry, severity).map_err(at)?);
            continue;
        }
        let fields = (&entry.code, &entry.message, &entry.label, &entry.help);
        match (fields, &entry.en, &entry.zh) {
            ((None, None, None, None), Some(en), Some(zh)) => {
                let t = template(en, zh).map_err(at)?;
                rust.push_str(&format!("{vis}const {name}: Template = {t};\n"));
            }
            ((Some(code), Some(message), Some(label), Some(help)), None, None) => {
                if !is_path(code) {
                    return Err(at(format!("code `{code}` is not a code's name (E307)")));
                }
                rust.push_str(&format!(
                    "{vis}const {name}: Report = Report {{\n    code: &{code},\n    message: {},\n    label: {},\n    help: {},\n}};\n",
                    template(&message.en, &message.zh).map_err(at)?,
                    template(&label.en, &label.zh).map_err(at)?,
                    template(&help.en, &help.zh).map_err(at)?,
                ));
            }
            _ => {
                return Err(at(
                    "an entry is a code (name, severity, meaning, example, fix), a report (code, message, label, help: each with en and zh) or a template (en and zh alone)".into(),
                ))
            }
        }
    }
    Ok(rust)
}

/// `pub static E307: Code = Code { .. }`: a code with its explanation (`xqreg explain E307`).
fn code(key: &str, entry: &Entry, severity: &str) -> Result<String, String> {
    let severity = match severity {
        "error" => "Error",
        "warning" => "Warning",
        "note" => "Note",
        other => return Err(format!("severity `{other}` is not error, warning or note")),
    };
    let shape =
        "a code has name, severity, meaning, example and fix (meaning and fix with en and zh)";
    let (Some(name), Some(meaning), Some(example), Some(fix)) =
        (&entry.name, &entry.meaning, &entry.example, &entry.fix)
    else {
        return Err(shape.into());
    };
    if entry.visibility.is_some()
        || entry.message.is_some()
        || entry.label.is_some()
        || entry.help.is_some()
        || entry.en.is_some()
        || entry.zh.is_some()
    {
        return Err(shape.into());
    }
    let id = entry.code.as_deref().unwrap_or(key);
    Ok(format!(
        "pub static {key}: Code = Code {{\n    code: {id:?},\n    name: {name:?},\n    severity: Severity::{severity},\n    explain: Explain {{\n        meaning: {},\n        example: {example:?},\n        fix: {},\n    }},\n}};\n",
        template(&meaning.en, &meaning.zh)?,
        template(&fix.en, &fix.zh)?,
    ))
}

/// `Template::new("en", "zh")`: `{:?}` writes each string as a Rust literal of the same text.
///
/// Every `{placeholder}` of the Chinese is one the English has (or its twin: `{why_zh}` for
/// `{why}`): a misspelt one would be printed as written, never filled. The English may have
/// more (`{s}`, `{are}`: the words of its grammar).
fn template(en: &str, zh: &str) -> Result<String, String> {
    let english = placeholders(en);
    for p in placeholders(zh) {
        let base = p.strip_suffix("_zh").unwrap_or(p);
        if !english.iter().any(|e| *e == p || *e == base) {
            return Err(format!(
                "the Chinese `{zh}` has `{{{p}}}`, which the English `{en}` has not"
            ));
        }
    }
    Ok(format!("Template::new({en:?}, {zh:?})"))
}

/// The `{name}`s of a text (a brace around anything else, `{ base 5min }`, is text).
fn placeholders(text: &str) -> Vec<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| {
            name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .collect()
}

/// A Rust path of plain names: `E307`, `codes::E501`.
fn is_path(s: &str) -> bool {
    s.split("::").all(|part| {
        let mut chars = part.chars();
        chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}
