//! Pages to PDF bytes with krilla: each text op becomes shaped glyphs of a subset CID font (with
//! a ToUnicode map, so the text can be selected, searched and extracted), each path a vector
//! path; the footer carries 第 N 页 共 M 页 / Page N of M. The document has a title and a
//! language and no creation date, so the same sheet gives the same bytes.

use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::TextDirection;
use krilla::{Document, SerializeSettings};

use super::breaks::{width, Style};
use super::fonts::Fonts;
use super::page::{Op, Seg, CONTENT_W, PAGE_H, PAGE_W, SIDE, TOP};
use super::paginate::Page;
use crate::sheet::Lang;

pub fn pdf(pages: &[Page], fonts: &Fonts, title: &str, lang: Lang) -> Result<Vec<u8>, String> {
    let mut doc = Document::new_with(SerializeSettings::default());
    let lang_tag = match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en",
    };
    doc.set_metadata(
        krilla::metadata::Metadata::new()
            .title(title.to_string())
            .language(lang_tag.to_string())
            .creator("xqreg".to_string()),
    );
    let total = pages.len();
    let size = PageSettings::from_wh(PAGE_W, PAGE_H).ok_or("bad page size")?;
    for (n, page) in pages.iter().enumerate() {
        let mut p = doc.start_page_with(size.clone());
        let mut surface = p.surface();
        for item in &page.items {
            let dx = (CONTENT_W - item.atom.w * item.scale) / 2.0 * f32::from(item.scale < 1.0);
            surface.push_transform(&Transform::from_row(
                item.scale,
                0.0,
                0.0,
                item.scale,
                SIDE + dx,
                TOP + item.y,
            ));
            for op in &item.atom.ops {
                draw(&mut surface, fonts, op);
            }
            surface.pop();
        }
        footer(&mut surface, fonts, n + 1, total, lang);
        surface.finish();
        p.finish();
    }
    doc.finish().map_err(|e| format!("{e:?}"))
}

fn footer(surface: &mut Surface<'_>, fonts: &Fonts, n: usize, total: usize, lang: Lang) {
    let text = match lang {
        Lang::Zh => format!("第 {n} 页 共 {total} 页"),
        Lang::En => format!("Page {n} of {total}"),
    };
    let style = Style::plain(9.0);
    let w = width(fonts, &text, style);
    let op = Op::Text {
        x: (PAGE_W - w) / 2.0,
        y: PAGE_H - 30.0,
        text,
        style,
    };
    draw(surface, fonts, &op);
}

fn gray(g: u8) -> krilla::paint::Paint {
    luma::Color::new(g).into()
}

fn draw(surface: &mut Surface<'_>, fonts: &Fonts, op: &Op) {
    match op {
        Op::Text { x, y, text, style } => {
            let face = if style.bold {
                &fonts.bold
            } else {
                &fonts.regular
            };
            surface.set_fill(Some(Fill {
                paint: gray(style.gray),
                ..Fill::default()
            }));
            // Without a bold face, bold is the regular face with a thin outline.
            let fake_bold = style.bold && !fonts.real_bold;
            surface.set_stroke(fake_bold.then(|| Stroke {
                paint: gray(style.gray),
                width: style.size * 0.03,
                ..Stroke::default()
            }));
            surface.draw_text(
                Point::from_xy(*x, *y),
                face.font.clone(),
                style.size,
                text,
                false,
                TextDirection::LeftToRight,
            );
            surface.set_stroke(None);
        }
        Op::Path {
            segs,
            fill,
            stroke,
            dash,
        } => {
            let mut pb = PathBuilder::new();
            for s in segs {
                match *s {
                    Seg::Move(x, y) => pb.move_to(x, y),
                    Seg::Line(x, y) => pb.line_to(x, y),
                    Seg::Cubic(a, b, c, d, e, f) => pb.cubic_to(a, b, c, d, e, f),
                    Seg::Close => pb.close(),
                }
            }
            let Some(path) = pb.finish() else { return };
            surface.set_fill(fill.map(|g| Fill {
                paint: gray(g),
                opacity: NormalizedF32::ONE,
                ..Fill::default()
            }));
            surface.set_stroke(stroke.map(|(g, w)| Stroke {
                paint: gray(g),
                width: w,
                dash: dash.then(|| StrokeDash {
                    array: vec![5.0 * w / 1.2, 3.0 * w / 1.2],
                    offset: 0.0,
                }),
                ..Stroke::default()
            }));
            surface.draw_path(&path);
            surface.set_stroke(None);
        }
    }
}
