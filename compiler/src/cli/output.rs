//! Where every command's output goes, in one place: `-o OUT` is written to a temporary file
//! beside OUT and renamed over it (a failed command never leaves a truncated file), `-o` naming
//! one of the command's inputs is a usage error, and stdout closed early (`xqreg test ... | head
//! -1`) ends the output quietly, as cargo and ripgrep do, instead of a panic.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::global::say;

/// `value` as pretty JSON with a final newline; when it cannot be written, says so for `command`
/// and gives the exit code of an internal error.
pub(crate) fn json_text(command: &str, value: &impl serde::Serialize) -> Result<String, ExitCode> {
    match serde_json::to_string_pretty(value) {
        Ok(j) => Ok(j + "\n"),
        Err(e) => {
            eprintln!("xqreg {command}: internal error while writing JSON: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// Write `text` to stdout. A closed pipe is not an error (the reader has what it wanted); any
/// other write error is returned.
pub(crate) fn stdout(text: &str) -> std::io::Result<()> {
    stdout_bytes(text.as_bytes())
}

/// [`stdout`] for bytes that are not text (the PDF sheet).
pub(crate) fn stdout_bytes(text: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Write `text` to `path` atomically (a temporary file in the same folder, renamed over `path`
/// once complete), with the mode a new file gets (or the one of the file it replaces).
pub(crate) fn write_file(path: &Path, text: impl AsRef<[u8]>) -> std::io::Result<()> {
    // tempfile names its random file in the error: the message names the file asked for, and
    // the kind of failure in words.
    crate::files::write_atomic(
        path,
        text.as_ref(),
        |e| match super::global::io_kind_words(e.kind()) {
            Some((words, _)) => std::io::Error::new(e.kind(), words),
            None => std::io::Error::from(e.kind()),
        },
    )
}

/// Write to `-o OUT` (atomically) or stdout; an I/O failure is exit 2.
pub(crate) fn write_output(output: Option<&PathBuf>, text: &str) -> ExitCode {
    write_output_bytes(output, text.as_bytes())
}

/// [`write_output`] for bytes that are not text (the PDF sheet).
pub(crate) fn write_output_bytes(output: Option<&PathBuf>, text: &[u8]) -> ExitCode {
    let result = match output {
        Some(path) => write_file(path, text),
        None => stdout_bytes(text),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cannot_write(output, &e),
    }
}

/// Before a command writes another output first (`simulate --trf DIR -o OUT`): whether `-o OUT`
/// can be written at all (its folder exists, is a folder and this user may make files in it; OUT
/// is no folder), so that a mistyped `-o`, or one into a read-only folder, is exit 2 with
/// nothing written, not the TRF files left behind.
pub(crate) fn can_write(output: Option<&PathBuf>) -> Result<(), ExitCode> {
    let Some(path) = output else { return Ok(()) };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let found = std::fs::metadata(dir).and_then(|m| {
        if !m.is_dir() {
            Err(std::io::Error::from(ErrorKind::NotADirectory))
        } else if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            Err(std::io::Error::from(ErrorKind::IsADirectory))
        } else {
            crate::files::may_write_in(dir)
        }
    });
    found.map_err(|e| cannot_write(output, &e))
}

/// Says that `output` (or stdout) cannot be written: exit 2.
fn cannot_write(output: Option<&PathBuf>, e: &std::io::Error) -> ExitCode {
    match output {
        Some(p) => eprintln!(
            "{}",
            say(
                format!("xqreg: cannot write `{}`: {e}", p.display()),
                format!(
                    "xqreg：无法写入 `{}`：{}",
                    p.display(),
                    super::global::io_error_zh(e)
                )
            )
        ),
        None => eprintln!(
            "{}",
            say(
                format!("xqreg: cannot write output: {e}"),
                format!("xqreg：无法写出结果：{}", super::global::io_error_zh(e))
            )
        ),
    }
    ExitCode::from(2)
}

/// A usage error (exit 2) when `-o OUT` names one of the inputs: writing would destroy it.
pub(crate) fn refuse_input_as_output(
    output: Option<&PathBuf>,
    inputs: &[Option<&PathBuf>],
) -> Result<(), ExitCode> {
    refuse_input_as("-o", output, inputs)
}

/// [`refuse_input_as_output`] for the file of another option (`--save-roster`), named `flag`.
pub(crate) fn refuse_input_as(
    flag: &str,
    output: Option<&PathBuf>,
    inputs: &[Option<&PathBuf>],
) -> Result<(), ExitCode> {
    let Some(out) = output else { return Ok(()) };
    let Some(out_key) = identity(out) else {
        return Ok(());
    };
    for input in inputs.iter().flatten() {
        if identity(input).is_some_and(|k| k == out_key) {
            eprintln!(
                "{}",
                say(
                    format!(
                        "xqreg: `{flag} {}` names an input file; write the output elsewhere",
                        out.display()
                    ),
                    format!("xqreg：`{flag} {}` 指向输入文件；请写到别处", out.display())
                )
            );
            return Err(ExitCode::from(2));
        }
    }
    Ok(())
}

/// The canonical path of a file, or of its folder joined with its name when it does not exist
/// yet.
fn identity(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(dir.canonicalize().ok()?.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("temp dir");
        let target = dir.path().join("out.json");
        write_file(&target, "first").expect("written");
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "first");
        write_file(&target, "second").expect("written");
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "second");
        // A target that cannot be replaced (a directory) fails and leaves nothing behind.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).expect("mkdir");
        std::fs::write(sub.join("keep"), "x").expect("write");
        assert!(write_file(&sub, "third").is_err());
        let left = crate::files::temporaries(dir.path()).expect("list");
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn an_input_named_as_output_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let input = dir.path().join("r.xqr");
        std::fs::write(&input, "x").expect("write");
        let same = dir.path().join(".").join("r.xqr");
        assert!(refuse_input_as_output(Some(&same), &[Some(&input)]).is_err());
        let other = dir.path().join("plan.json");
        assert!(refuse_input_as_output(Some(&other), &[Some(&input)]).is_ok());
    }
}
