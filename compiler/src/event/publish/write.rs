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

pub fn replace_dir(site: &Path, pages: &super::Pages) -> io::Result<()> {
    let new = side(site, "publishing");
    // A publish killed earlier may have left its directory: it is never the published site.
    if new.exists() {
        std::fs::remove_dir_all(&new)?;
    }
    std::fs::create_dir_all(&new)?;
    for (path, text) in pages {
        let p = new.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&p, text)?;
    }
    sync_tree(&new)?;
    if site.exists() {
        exchange(&new, site)?;
        // `new` now holds the old site.
        std::fs::remove_dir_all(&new)?;
    } else {
        std::fs::rename(&new, site)?;
    }
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
