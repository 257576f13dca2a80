//! Writing the site whole: every page into a fresh directory beside SITE, then that directory
//! swapped with SITE in one `rename` (Linux `renameat2(RENAME_EXCHANGE)` through rustix when SITE exists), so a
//! reader or a kill sees the old site or the new one, never a mix.

use std::io;
use std::path::{Path, PathBuf};

/// The temporary directories of a publish, beside SITE, named after it.
fn side(site: &Path, what: &str) -> PathBuf {
    let name = site
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    site.with_file_name(format!(".{name}.{what}"))
}

/// Another publish holds SITE's `.SITE.publishing` (or SITE itself, finishing): its own, never
/// removed. An [`io::Error`] carrying this is E855 ([`busy`]).
#[derive(Debug)]
struct Busy;

impl std::fmt::Display for Busy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("another publish is writing the site")
    }
}

impl std::error::Error for Busy {}

/// Whether a publish stopped because another one is writing the same site (nothing changed).
pub fn busy(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Busy>())
}

/// Where the pages are written before they are swapped in: `.SITE.publishing`.
pub fn publishing(site: &Path) -> PathBuf {
    side(site, "publishing")
}

/// Write `pages` as SITE. The publish holds an exclusive `flock` on `.SITE.publishing` from its
/// creation to its removal (after the swap, that name is the old site, which it locked before):
/// a `.SITE.publishing` left by a killed publish is unlocked and removed, one another publish
/// holds is left to it and this one stops ([`busy`]), as for every other file a kill leaves
/// (docs/event.md, "Files a kill leaves").
pub fn replace_dir(site: &Path, pages: &super::Pages) -> io::Result<()> {
    if std::fs::metadata(site).is_ok_and(|m| !m.is_dir()) {
        // A file of the user's: the swap would have put the site in its place (and it aside).
        return Err(io::ErrorKind::NotADirectory.into());
    }
    let new = publishing(site);
    // A publish killed earlier may have left its directory: it is never the published site.
    crate::files::sweep_dir(&new);
    let make = || -> io::Result<std::fs::File> {
        std::fs::create_dir(&new)?;
        std::fs::File::open(&new)
    };
    let claim = crate::files::claimed(make, |f| f).map_err(|e| match e.kind() {
        io::ErrorKind::AlreadyExists => io::Error::other(Busy),
        _ => e,
    })?;
    for (path, text) in pages {
        let p = new.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&p, text)?;
    }
    sync_tree(&new)?;
    if site.exists() {
        // Locked before the swap gives it the name `.SITE.publishing`: never a leftover to
        // another publish while this one removes it.
        let old = std::fs::File::open(site)?;
        if let Err(std::fs::TryLockError::WouldBlock) = old.try_lock() {
            let _ = std::fs::remove_dir_all(&new);
            return Err(io::Error::other(Busy));
        }
        exchange(&new, site)?;
        // `new` now holds the old site.
        std::fs::remove_dir_all(&new)?;
        drop(old);
    } else {
        std::fs::rename(&new, site)?;
    }
    drop(claim);
    Ok(())
}

fn sync_tree(dir: &Path) -> io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            sync_tree(&p)?;
        } else {
            std::fs::File::open(&p)?.sync_all()?;
        }
    }
    Ok(())
}

#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

/// Elsewhere: the old site moves aside, then the new one in (a kill between leaves the old one
/// aside, under `.SITE.old`).
#[cfg(not(target_os = "linux"))]
fn exchange(new: &Path, site: &Path) -> io::Result<()> {
    let old = side(site, "old");
    if old.exists() {
        std::fs::remove_dir_all(&old)?;
    }
    std::fs::rename(site, &old)?;
    std::fs::rename(new, site)?;
    std::fs::rename(&old, new)
}
