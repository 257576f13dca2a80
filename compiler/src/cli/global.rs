//! Flags every command takes (`--color`, `-q/--quiet`, `--stdin-filename`) and what follows
//! from them: whether a stream gets colour, whether chatter is printed, how standard input
//! (`-`) is read and named. The choices are made once per process and kept here, so commands
//! ask for them instead of threading them through every signature.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::OnceLock;

use clap::ValueEnum;

use crate::diagnostics::Lang;

#[derive(Clone, Debug, clap::Args)]
pub struct Global {
    /// When to colour output: `auto` colours a terminal unless NO_COLOR is set (FORCE_COLOR
    /// colours a pipe too).
    #[arg(long, value_enum, global = true, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Print only diagnostics, failures and results: no summaries, no progress.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// The name diagnostics give standard input when a file is `-`.
    #[arg(long, global = true, value_name = "NAME", default_value = "<stdin>")]
    pub stdin_filename: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

static GLOBAL: OnceLock<Global> = OnceLock::new();
static LANG: OnceLock<Lang> = OnceLock::new();

/// Keep the global flags for the rest of the process (the first call wins).
pub(crate) fn set(global: Global) {
    let _ = GLOBAL.set(global);
}

/// Keep the language the command chose, for messages printed away from it (I/O errors).
pub(crate) fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The language of messages: the command's choice, else the locale's.
pub(crate) fn lang() -> Lang {
    LANG.get()
        .copied()
        .unwrap_or_else(crate::diagnostics::render::lang_from_env)
}

/// `en` or `zh`, as the language of messages says.
pub(crate) fn say(en: String, zh: String) -> String {
    match lang() {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

pub(crate) fn quiet() -> bool {
    GLOBAL.get().is_some_and(|g| g.quiet)
}

/// Which stream a text goes to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stream {
    Stdout,
    Stderr,
}

/// Whether text for `stream` is coloured.
pub(crate) fn color(stream: Stream) -> bool {
    let choice = GLOBAL.get().map_or(ColorArg::Auto, |g| g.color);
    let terminal = match stream {
        Stream::Stdout => std::io::stdout().is_terminal(),
        Stream::Stderr => std::io::stderr().is_terminal(),
    };
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    decide(
        choice,
        var("NO_COLOR").is_some(),
        force_color(var("FORCE_COLOR")),
        terminal,
    )
}

/// FORCE_COLOR set to anything but `0` or `false` asks for colour.
fn force_color(value: Option<std::ffi::OsString>) -> bool {
    value.is_some_and(|v| v != "0" && v != "false")
}

/// The rule of `--color auto` (https://no-color.org, https://force-color.org): an explicit
/// flag wins; NO_COLOR turns colour off; FORCE_COLOR turns it on; else only a terminal.
fn decide(choice: ColorArg, no_color: bool, force: bool, terminal: bool) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => !no_color && (force || terminal),
    }
}

/// Whether `path` means standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How outputs name an input: `--stdin-filename` for `-`, else the path as given.
pub(crate) fn input_name(path: &Path) -> String {
    if is_stdin(path) {
        GLOBAL
            .get()
            .map_or_else(|| "<stdin>".to_string(), |g| g.stdin_filename.clone())
    } else {
        crate::driver::display_name(path)
    }
}

/// The bytes of an input: standard input for `-`, else the file.
pub(crate) fn read_input(path: &Path) -> std::io::Result<Vec<u8>> {
    if is_stdin(path) {
        crate::files::read_most(std::io::stdin().lock(), crate::files::READ_MOST)
    } else {
        crate::files::read_input(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_rules() {
        use ColorArg::*;
        assert!(decide(Always, true, false, false));
        assert!(!decide(Never, false, true, true));
        assert!(decide(Auto, false, false, true));
        assert!(!decide(Auto, false, false, false));
        assert!(
            !decide(Auto, true, false, true),
            "NO_COLOR wins over a terminal"
        );
        assert!(
            !decide(Auto, true, true, true),
            "NO_COLOR wins over FORCE_COLOR"
        );
        assert!(
            decide(Auto, false, true, false),
            "FORCE_COLOR colours a pipe"
        );
        assert!(!force_color(Some("0".into())));
        assert!(force_color(Some("1".into())));
        assert!(!force_color(None));
    }
}

/// The common kinds of I/O error in words, English and Chinese.
pub(crate) fn io_kind_words(kind: std::io::ErrorKind) -> Option<(&'static str, &'static str)> {
    use std::io::ErrorKind as K;
    Some(match kind {
        K::NotFound => ("No such file or directory", "文件或目录不存在"),
        K::PermissionDenied => ("Permission denied", "没有访问权限"),
        K::AlreadyExists => ("File exists", "已经存在"),
        K::IsADirectory => ("Is a directory", "这是一个目录，不是文件"),
        K::NotADirectory => ("Not a directory", "路径中有一项不是目录"),
        K::ReadOnlyFilesystem => ("Read-only file system", "文件系统只读"),
        K::StorageFull => ("No space left on device", "磁盘已满"),
        K::InvalidData => ("Invalid data", "内容无效"),
        K::BrokenPipe => ("Broken pipe", "输出管道已关闭"),
        _ => return None,
    })
}

/// What an I/O error says, in Chinese: the common kinds in words, with the system's own text
/// kept after them for the rest (and for a search).
pub(crate) fn io_error_zh(err: &std::io::Error) -> String {
    match io_kind_words(err.kind()) {
        Some((_, zh)) => format!("{zh}（{err}）"),
        None => err.to_string(),
    }
}

#[cfg(test)]
mod io_tests {
    #[test]
    fn common_io_errors_are_said_in_chinese() {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert!(super::io_error_zh(&e).starts_with("文件或目录不存在（"));
        let other = std::io::Error::other("boom");
        assert!(super::io_kind_words(std::io::ErrorKind::Other).is_none());
        assert_eq!(super::io_error_zh(&other), "boom");
    }
}
