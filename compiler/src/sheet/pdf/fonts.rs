//! The PDF's fonts: which file, which face of a collection, and the advance of each character.
//!
//! A CJK font is large (20-30 MB) and under its own licence, so xqreg bundles none: it takes the
//! file named by `--font FILE` or `XQREG_FONT`, or else the first Noto/Source Han CJK font in
//! the folders fontconfig reads (`fonts-noto-cjk` on Debian and Ubuntu). Nothing found is E840
//! with the fix; a file that is not a usable CJK font is E841. The same face sets Latin text
//! (Noto CJK carries Latin glyphs), so a line never switches fonts.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostics::{Code, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/sheet/pdf/fonts.toml.
include!(concat!(env!("OUT_DIR"), "/messages/sheet/pdf/fonts.rs"));

pub const CODES: &[&Code] = &[&E840, &E841];

/// Why no font: the code, the message and the help line, in the command's language.
#[derive(Debug)]
pub struct FontError {
    pub code: &'static Code,
    pub message: String,
}

/// The font files searched for, best first: serif for a printed regulation, sans as fallback.
const CANDIDATES: &[&str] = &[
    "NotoSerifCJK-Regular.ttc",
    "NotoSerifCJKsc-Regular.otf",
    "NotoSerifSC-Regular.otf",
    "SourceHanSerif-Regular.ttc",
    "SourceHanSerifSC-Regular.otf",
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJKsc-Regular.otf",
    "NotoSansSC-Regular.otf",
    "SourceHanSans-Regular.ttc",
    "SourceHanSansSC-Regular.otf",
];

/// One face, ready to draw (krilla) and to measure (ttf-parser).
pub struct Face {
    pub font: krilla::text::Font,
    data: Arc<Vec<u8>>,
    index: u32,
    units_per_em: f32,
    advances: RefCell<BTreeMap<char, f32>>,
}

impl Face {
    fn load(data: Arc<Vec<u8>>, index: u32) -> Option<Face> {
        let face = ttf_parser::Face::parse(&data, index).ok()?;
        // A CJK font: it must set Chinese and Latin.
        face.glyph_index('中')?;
        face.glyph_index('A')?;
        let units_per_em = f32::from(face.units_per_em());
        let font = krilla::text::Font::new(data.clone().into(), index)?;
        Some(Face {
            font,
            data,
            index,
            units_per_em,
            advances: RefCell::new(BTreeMap::new()),
        })
    }

    /// The advance of `c` in em (0 for a character the font lacks: it prints as .notdef).
    fn advance(&self, c: char) -> f32 {
        if let Some(a) = self.advances.borrow().get(&c) {
            return *a;
        }
        let a = ttf_parser::Face::parse(&self.data, self.index)
            .ok()
            .and_then(|f| f.glyph_index(c).and_then(|g| f.glyph_hor_advance(g)))
            .map_or(0.0, |a| f32::from(a) / self.units_per_em);
        self.advances.borrow_mut().insert(c, a);
        a
    }

    /// The width of `s` set at `size` points (no kerning: a line is measured a little wide).
    pub fn width(&self, s: &str, size: f32) -> f32 {
        s.chars()
            .filter(|c| !c.is_control())
            .map(|c| self.advance(c))
            .sum::<f32>()
            * size
    }
}

/// The regular and the bold face (the regular again when no bold file sits beside it).
pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
    /// Whether `bold` is a real bold face; otherwise bold text is drawn with a thin outline.
    pub real_bold: bool,
    pub path: PathBuf,
}

/// Finds and loads the fonts: `explicit` (`--font`), then `XQREG_FONT`, then the system folders.
pub fn load(explicit: Option<&Path>, lang_zh: bool) -> Result<Fonts, FontError> {
    let named = explicit
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("XQREG_FONT").map(PathBuf::from));
    let path = match named {
        Some(p) => p,
        None => system_font().ok_or_else(|| FontError {
            code: &E840,
            message: if lang_zh {
                "找不到可嵌入 PDF 的中文字体".to_string()
            } else {
                "no CJK font found to embed in the PDF".to_string()
            },
        })?,
    };
    let unusable = |why: String| FontError {
        code: &E841,
        message: if lang_zh {
            format!("字体 `{}` 不可用：{why}", path.display())
        } else {
            format!("font `{}` is unusable: {why}", path.display())
        },
    };
    let regular = open(&path).map_err(unusable)?;
    let bold_path = bold_sibling(&path);
    let bold = bold_path.as_deref().and_then(|p| open(p).ok());
    let real_bold = bold.is_some();
    let bold = match bold {
        Some(b) => b,
        None => open(&path).map_err(unusable)?,
    };
    Ok(Fonts {
        regular,
        bold,
        real_bold,
        path,
    })
}

/// Reads a font file and picks its face: in a collection, the Simplified Chinese one.
fn open(path: &Path) -> Result<Face, String> {
    // The largest CJK collections are some 100 MB; a font past 1 GiB is no font.
    let data = crate::files::read_at_most(path, 1 << 30).map_err(|e| e.to_string())?;
    let count = ttf_parser::fonts_in_collection(&data).unwrap_or(1);
    let index = (0..count).find(|&i| face_is_sc(&data, i)).unwrap_or(0);
    Face::load(Arc::new(data), index)
        .ok_or_else(|| "not an OpenType/TrueType font with Chinese glyphs".to_string())
}

/// Whether face `i` is a Simplified Chinese face (`Noto Serif CJK SC`, `Source Han Serif SC`).
fn face_is_sc(data: &[u8], i: u32) -> bool {
    let Ok(face) = ttf_parser::Face::parse(data, i) else {
        return false;
    };
    face.names().into_iter().any(|n| {
        n.name_id == ttf_parser::name_id::FAMILY
            && n.to_string().is_some_and(|s| s.ends_with(" SC"))
    })
}

/// `NotoSerifCJK-Regular.ttc` → `NotoSerifCJK-Bold.ttc`, when that file exists.
fn bold_sibling(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    if !name.contains("Regular") {
        return None;
    }
    let bold = path.with_file_name(name.replace("Regular", "Bold"));
    bold.is_file().then_some(bold)
}

/// The folders fontconfig reads on Linux (system, local, the user's), searched in this order.
fn font_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![
        PathBuf::from("/usr/share/fonts"),
        PathBuf::from("/usr/local/share/fonts"),
    ];
    if let Some(home) = std::env::var_os("HOME") {
        let home = PathBuf::from(home);
        dirs.push(home.join(".local/share/fonts"));
        dirs.push(home.join(".fonts"));
    }
    dirs
}

/// The best candidate found under the font folders (a sorted walk: the same file every time).
fn system_font() -> Option<PathBuf> {
    find_in(&font_dirs())
}

/// The best candidate under `dirs`.
fn find_in(dirs: &[PathBuf]) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        walk(dir, 0, &mut found);
    }
    CANDIDATES.iter().find_map(|want| {
        found
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n == *want))
            .cloned()
    })
}

fn walk(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if depth < 4 {
                walk(&p, depth + 1, found);
            }
        } else if p
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| CANDIDATES.contains(&n))
        {
            found.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_font_under_empty_folders_and_the_bold_sibling() {
        let dir = tempfile::tempdir().expect("temp dir");
        assert_eq!(find_in(&[dir.path().to_path_buf()]), None);
        let sub = dir.path().join("noto");
        std::fs::create_dir(&sub).expect("dir");
        for name in [
            "NotoSansCJK-Regular.ttc",
            "NotoSerifCJK-Regular.ttc",
            "NotoSerifCJK-Bold.ttc",
        ] {
            std::fs::write(sub.join(name), b"x").expect("file");
        }
        // Serif before sans, whatever the folder order.
        let found = find_in(&[dir.path().to_path_buf()]).expect("found");
        assert!(found.ends_with("NotoSerifCJK-Regular.ttc"), "{found:?}");
        assert_eq!(
            bold_sibling(&found),
            Some(sub.join("NotoSerifCJK-Bold.ttc"))
        );
        // A file that is not a font is E841, not a panic.
        let err = load(Some(&found), false).err().expect("refused");
        assert_eq!(err.code.code, "E841");
    }
}
