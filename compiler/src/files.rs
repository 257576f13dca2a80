//! Writing a file whole: the bytes go to a temporary file beside the target, which is renamed
//! over it once complete, so a reader or a kill sees the old file or the new one, never half of
//! one. The new file gets the mode any other program would give it: the mode of the file it
//! replaces, else 0666 less the umask (a temporary file alone would be 0600, and a sheet
//! published with `-o` unreadable to a web server).
//!
//! A write killed before its rename leaves its temporary file behind (no process can clean up
//! after a SIGKILL). The next write into the same directory removes such leftovers
//! ([`sweep`]), and only those: files named as our temporaries are (`.xqreg-*.tmp`) that no
//! running process is writing. A writer holds an exclusive advisory lock (`flock`) on its
//! temporary from its creation to its rename ([`claimed`]); a leftover is removed only while
//! the sweeper holds that lock itself and the name still leads to the file it locked. The same
//! rule keeps `event new`'s `.event.sqlite.new` and `event publish`'s `.SITE.publishing` (a
//! directory, [`sweep_dir`]; docs/event.md, "Files a kill leaves").
//!
//! Reading an input whole ([`read_input`]): a named pipe given where a file is expected is read
//! without waiting for a writer that may never come, and no input is read past [`READ_MOST`]
//! bytes (a device or a pipe without end, `/dev/zero`, is not read until memory runs out).

use std::io::{self, Read as _, Write};
use std::path::Path;

/// The name of the temporary file a write starts with, beside its target: `.xqreg-<random>.tmp`.
const TEMPORARY: (&str, &str) = (".xqreg-", ".tmp");

/// Write `bytes` to `path` atomically. `on_create` rewrites the error of creating the temporary
/// file (whose message names the random file, not the one asked for).
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    on_create: impl FnOnce(io::Error) -> io::Error,
) -> io::Result<()> {
    // A device (`-o /dev/null`, `/dev/stdout`) is written into, never replaced: a temporary
    // renamed over it would put a regular file in the device's place (as root, in /dev), and
    // every later write "to /dev/null" would land in that file.
    #[cfg(unix)]
    if std::fs::metadata(path).is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt as _;
        m.file_type().is_char_device() || m.file_type().is_block_device()
    }) {
        return std::fs::write(path, bytes);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let replaced = std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMPORARY.0).suffix(TEMPORARY.1);
    #[cfg(unix)]
    if replaced.is_none() {
        use std::os::unix::fs::PermissionsExt as _;
        // Created with 0666: the kernel takes the umask off, as for any new file.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    sweep(dir);
    let mut tmp = claimed(|| builder.tempfile_in(dir), |t| t.as_file()).map_err(on_create)?;
    if let Some(mode) = replaced {
        tmp.as_file().set_permissions(mode)?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Whether this process may make files in the folder `dir` (write and search it), asked of the
/// system without making one: a folder of mode 0555, another user's, or on a read-only disk is
/// `PermissionDenied` (or `ReadOnlyFilesystem`). A command with several outputs asks it of each
/// before it writes the first, so that one it cannot write leaves none of the others behind.
pub fn may_write_in(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use rustix::fs::{accessat, Access, AtFlags, CWD};
        // The effective user's rights (`EACCESS`): the ones the writes will have.
        accessat(
            CWD,
            dir,
            Access::WRITE_OK | Access::EXEC_OK,
            AtFlags::EACCESS,
        )
        .map_err(io::Error::from)
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// A file of ours made by `make` (at a fresh path, created there and nowhere else) and claimed
/// as being written: locked, and still at its path. A sweeper may have found it between its
/// creation and the lock and removed it: then another is made. A file system without advisory
/// locks claims nothing, and its leftovers are never swept.
pub fn claimed<T>(
    mut make: impl FnMut() -> io::Result<T>,
    file: impl Fn(&T) -> &std::fs::File,
) -> io::Result<T> {
    let mut tries = 0;
    loop {
        let made = make()?;
        let f = file(&made);
        let held = match f.try_lock() {
            Ok(()) => linked(f)?,
            Err(std::fs::TryLockError::WouldBlock) => false,
            Err(std::fs::TryLockError::Error(_)) => true,
        };
        tries += 1;
        if held || tries == 8 {
            return Ok(made);
        }
    }
}

/// A new file at `path`, claimed ([`claimed`]): a leftover there that nobody claims is removed
/// first, with the files `with` it ([`sweep_one`]).
pub fn claim_new(path: &Path, with: &[std::path::PathBuf]) -> io::Result<std::fs::File> {
    sweep_one(path, with);
    let new = || {
        std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(path)
    };
    claimed(new, |f| f)
}

/// Whether an open file still has a name (a sweeper unlinks a file it found unclaimed).
fn linked(file: &std::fs::File) -> io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        Ok(file.metadata()?.nlink() > 0)
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(true)
    }
}

/// Remove every temporary of ours in `dir` that nobody is writing ([`sweep_one`]). What cannot
/// be listed or removed stays: a leftover is never the file asked for.
pub fn sweep(dir: &Path) {
    for name in temporaries(dir).unwrap_or_default() {
        sweep_one(&dir.join(name), &[]);
    }
}

/// Remove the leftover `path` (and the files `with` it, a journal) if no process holds its
/// claim ([`unclaimed`]). Whether it was removed. Only on Unix: elsewhere a file open in another
/// process cannot be removed, and none is swept.
pub fn sweep_one(path: &Path, with: &[std::path::PathBuf]) -> bool {
    let Some(_held) = unclaimed(path, false) else {
        return false;
    };
    for w in with {
        let _ = std::fs::remove_file(w);
    }
    std::fs::remove_file(path).is_ok()
}

/// Remove the directory `path` a killed writer left (a site being published, written whole
/// beside it) if no process holds its claim ([`unclaimed`]): the rule of [`sweep_one`] for a
/// directory. Whether it is gone.
pub fn sweep_dir(path: &Path) -> bool {
    let Some(_held) = unclaimed(path, true) else {
        return false;
    };
    std::fs::remove_dir_all(path).is_ok()
}

/// `path` locked by this call, as a file (or with `dir`, a directory) no process holds: the
/// lock is this process's until the file returned is dropped, and `path` was still the file
/// locked (not renamed into place since, nor replaced). None for anything else: a file of
/// another kind (a FIFO named so would block an open), one held, or where there are no
/// advisory locks or no Unix.
fn unclaimed(path: &Path, dir: bool) -> Option<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _};
        let kind = std::fs::symlink_metadata(path).ok()?;
        if (dir && !kind.is_dir()) || (!dir && !kind.is_file()) {
            return None;
        }
        let nonblock = rustix::fs::OFlags::NONBLOCK.bits() as i32;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nonblock)
            .open(path)
            .ok()?;
        file.try_lock().ok()?;
        let (a, b) = (file.metadata().ok()?, std::fs::symlink_metadata(path).ok()?);
        ((a.dev(), a.ino()) == (b.dev(), b.ino())).then_some(file)
    }
    #[cfg(not(unix))]
    {
        let _ = (path, dir);
        None
    }
}

/// The temporary files [`write_atomic`] left in `dir`: none, unless a write was cut short (a
/// kill, a full disc). The tests ask it after every kind of write.
pub fn temporaries(dir: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.starts_with(TEMPORARY.0) && name.ends_with(TEMPORARY.1) {
            names.push(name);
        }
    }
    Ok(names)
}

/// The bytes of an input file. A FIFO is opened without blocking (a plain `open` waits for a
/// writer, forever when there is none) and then read normally: with no writer it reads as empty,
/// which the file's reader refuses with its code; a writer (`--roster <(cmd)`) is read to the end.
pub fn read_input(path: impl AsRef<Path>) -> io::Result<Vec<u8>> {
    read_at_most(path, READ_MOST)
}

/// The most bytes [`read_input`] reads of an input: 64 MiB, past the limit of every input (a
/// regulation 4 MiB, a roster, results, line-ups or TRF file 8 MiB), so that what is cut here is
/// refused for its size all the same (E016, E860: "at least" so many bytes). Without it a file
/// that never ends (`--roster /dev/zero`, a pipe of `yes`) was read until memory ran out.
pub const READ_MOST: u64 = 64 << 20;

/// [`read_input`] with another bound (a font file is larger than any input).
pub fn read_at_most(path: impl AsRef<Path>, most: u64) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    #[cfg(unix)]
    {
        use rustix::fs::{fcntl_getfl, fcntl_setfl, OFlags};
        use std::os::unix::fs::OpenOptionsExt as _;
        let nonblock = OFlags::NONBLOCK.bits() as i32;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nonblock)
            .open(path)?;
        // Blocking again: a slow writer is waited for; with none, a read gives end of file.
        fcntl_setfl(&file, fcntl_getfl(&file)? - OFlags::NONBLOCK)?;
        read_most(file, most)
    }
    #[cfg(not(unix))]
    {
        read_most(std::fs::File::open(path)?, most)
    }
}

/// The first `most` bytes of `input` (standard input, a file), the rest unread.
pub fn read_most(input: impl io::Read, most: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(most).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o777
    }

    #[test]
    fn a_new_file_gets_the_umask_mode_and_a_replaced_one_keeps_its_own() {
        let dir = tempfile::tempdir().expect("temp dir");
        // What any program gets under this process's umask: std creates files with 0666.
        let reference = dir.path().join("reference");
        std::fs::write(&reference, "x").expect("write");
        let new = dir.path().join("new.html");
        write_atomic(&new, b"<p>", |e| e).expect("written");
        assert_eq!(mode(&new), mode(&reference));
        assert_eq!(std::fs::read(&new).expect("read"), b"<p>");

        let old = dir.path().join("old.html");
        std::fs::write(&old, "old").expect("write");
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        write_atomic(&old, b"new", |e| e).expect("written");
        assert_eq!(mode(&old), 0o640);
        assert_eq!(std::fs::read(&old).expect("read"), b"new");
    }

    #[test]
    fn a_temporary_left_behind_is_found_and_nothing_else() {
        let dir = tempfile::tempdir().expect("temp dir");
        write_atomic(&dir.path().join("out.json"), b"{}", |e| e).expect("written");
        std::fs::write(dir.path().join("notes.tmp"), "x").expect("write");
        assert!(temporaries(dir.path()).expect("list").is_empty());
        std::fs::write(dir.path().join(".xqreg-cut.tmp"), "x").expect("write");
        assert_eq!(temporaries(dir.path()).expect("list"), [".xqreg-cut.tmp"]);
    }

    #[test]
    fn a_leftover_nobody_claims_is_swept_and_a_claimed_one_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let stale = dir.path().join(".xqreg-stale.tmp");
        std::fs::write(&stale, "x").expect("write");
        let busy = claimed(
            || std::fs::File::create(dir.path().join(".xqreg-busy.tmp")),
            |f| f,
        )
        .expect("claimed");
        // A leftover that is no file is not ours to remove.
        std::fs::create_dir(dir.path().join(".xqreg-dir.tmp")).expect("mkdir");
        sweep(dir.path());
        let mut left = temporaries(dir.path()).expect("list");
        left.sort();
        assert_eq!(left, [".xqreg-busy.tmp", ".xqreg-dir.tmp"]);
        drop(busy);
        assert!(sweep_one(&dir.path().join(".xqreg-busy.tmp"), &[]));
    }

    #[test]
    fn a_directory_left_is_swept_unless_held_and_a_file_of_its_name_never() {
        let dir = tempfile::tempdir().expect("temp dir");
        let side = dir.path().join(".site.publishing");
        std::fs::create_dir_all(side.join("en")).expect("mkdir");
        let held = std::fs::File::open(&side).expect("open");
        held.try_lock().expect("lock");
        assert!(!sweep_dir(&side) && side.join("en").is_dir());
        drop(held);
        assert!(sweep_dir(&side) && !side.exists());
        std::fs::write(&side, "mine").expect("write");
        assert!(!sweep_dir(&side) && side.is_file());
    }

    #[test]
    fn a_fifo_without_a_writer_reads_as_empty_instead_of_waiting() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("roster.csv");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .expect("mkfifo");
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || tx.send(read_input(&path).map_err(|e| e.kind())));
        let read = rx.recv_timeout(std::time::Duration::from_secs(10));
        assert_eq!(read, Ok(Ok(Vec::new())), "read_input waited on a FIFO");
        let file = dir.path().join("plain");
        std::fs::write(&file, "a,b").expect("write");
        assert_eq!(read_input(&file).expect("read"), b"a,b");
        assert!(read_input(dir.path()).is_err(), "a directory is an error");
    }

    /// `-o /dev/null` writes into the device: it stayed a character device (a temporary renamed
    /// over it, as root, left a regular file that every later write to /dev/null filled).
    #[cfg(unix)]
    #[test]
    fn a_device_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt as _;
        write_atomic(Path::new("/dev/null"), b"text", |e| e).expect("written");
        let kind = std::fs::metadata("/dev/null")
            .expect("/dev/null")
            .file_type();
        assert!(kind.is_char_device(), "/dev/null is now {kind:?}");
    }
}
