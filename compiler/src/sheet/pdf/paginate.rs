//! Atoms onto pages. An atom is never split; an atom that keeps with the next moves to a new
//! page together with it (a heading is never alone at the foot of a page); a table row that
//! starts a page has the table's header repeated above it; a part starts a new page; the
//! model's page-break hint (before the schedule) is taken only when the page is already at least
//! half full, so no page is left mostly empty by a break the author did not ask for. The
//! diagram may shrink (down to its `min_scale`) rather than leave a page half empty.

use super::page::{Atom, Break, Column, CONTENT_H};

/// An atom on a page: its top, and the scale it is drawn at.
#[derive(Clone, Debug)]
pub struct Placed {
    pub y: f32,
    pub scale: f32,
    pub atom: Atom,
}

#[derive(Clone, Debug, Default)]
pub struct Page {
    pub items: Vec<Placed>,
    /// Height used, in points.
    pub used: f32,
    /// The page ends because the next part starts (a deliberate break).
    pub ends_part: bool,
}

impl Page {
    /// The share of the text area this page fills.
    pub fn fill(&self) -> f32 {
        self.used / CONTENT_H
    }
}

/// The height of atom `i` and the atoms it keeps with, placed from `y` down. A following atom
/// counts at its smallest scale only where `paginate` would shrink it (in a page's top half):
/// lower, it moves to the next page whole, and what keeps with it must go too.
fn chain(atoms: &[Atom], i: usize, y: f32) -> f32 {
    let mut h = atoms[i].h;
    let mut j = i;
    while atoms[j].keep_next && j + 1 < atoms.len() && atoms[j + 1].brk == Break::None {
        j += 1;
        let scale = if y + h < CONTENT_H / 2.0 {
            atoms[j].min_scale
        } else {
            1.0
        };
        h += atoms[j].space_before + atoms[j].h * scale;
        if h > CONTENT_H {
            // A chain longer than a page cannot stay together: only the atom itself counts.
            return atoms[i].h;
        }
    }
    h
}

pub fn paginate(col: &Column) -> Vec<Page> {
    let atoms = &col.atoms;
    let mut pages = vec![Page::default()];
    let mut y = 0.0f32;
    for (i, a) in atoms.iter().enumerate() {
        let break_now = match a.brk {
            Break::Hard => y > 0.0,
            Break::Soft => y >= CONTENT_H * 0.75,
            Break::None => false,
        };
        if break_now {
            new_page(&mut pages, &mut y, a.brk == Break::Hard);
        }
        let mut sb = if y > 0.0 { a.space_before } else { 0.0 };
        let need = chain(atoms, i, y + sb);
        let mut scale = 1.0;
        if y > 0.0 && y + sb + need > CONTENT_H {
            let room = CONTENT_H - y - sb;
            let fits_scaled = a.min_scale < 1.0 && room >= a.h * a.min_scale;
            if fits_scaled && y < CONTENT_H / 2.0 {
                scale = (room / a.h).min(1.0);
            } else {
                new_page(&mut pages, &mut y, false);
                sb = 0.0;
            }
        }
        if y == 0.0 && a.h > CONTENT_H {
            scale = CONTENT_H / a.h;
        }
        let later_page = pages.len() > 1;
        let page = pages.last_mut().expect("one page at least");
        if y == 0.0 && !a.is_head {
            if let Some(head) = a.table.and_then(|t| col.heads.get(t)) {
                if later_page {
                    page.items.push(Placed {
                        y: 0.0,
                        scale: 1.0,
                        atom: head.clone(),
                    });
                    y += head.h;
                }
            }
        }
        page.items.push(Placed {
            y: y + sb,
            scale,
            atom: a.clone(),
        });
        y += sb + a.h * scale;
        page.used = y;
    }
    pages
}

fn new_page(pages: &mut Vec<Page>, y: &mut f32, ends_part: bool) {
    if let Some(p) = pages.last_mut() {
        p.ends_part = ends_part;
    }
    pages.push(Page::default());
    *y = 0.0;
}
