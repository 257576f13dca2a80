//! The regulation as the sheet reads it: the regulation as issued (the base items), the effective
//! items (base items with every supplement applied, each with its origin) and the supplements
//! themselves.
//!
//! The sheet prints either the regulation as issued followed by each supplement as its own
//! document ([`Mode::Issued`], the default), or the consolidated text: the effective items with
//! every clause a supplement changed or added marked ([`Mode::Consolidated`],
//! `xqreg sheet --consolidated`).
//!
//! Built from the checker's output when there is one ([`Source::from_checked`]), or directly
//! from a parsed file ([`Source::from_file`]) with the same replacement rule the checker uses:
//! an `override` replaces the item of the same kind and name, anything else is added.

use crate::check::supplements::{same_item, supplements};
use xqreg_grammar::ast::{File, Item, Supplement};

/// Where an effective item comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Base,
    /// Item `item` (0-based) of supplement number `index` (0-based, file order); `replaces` when
    /// it overrides a base item.
    Supplement {
        index: usize,
        item: usize,
        replaces: bool,
    },
}

/// What the sheet prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The regulation as issued, then each supplement as its own document (title, its items as
    /// whole rules in the author's order, issuer and date).
    #[default]
    Issued,
    /// The regulation with its supplements applied; every clause a supplement changed or added
    /// carries a mark naming the supplement's item.
    Consolidated,
}

#[derive(Clone, Debug)]
pub struct Entry<'a> {
    pub item: &'a Item,
    pub origin: Origin,
}

#[derive(Clone, Debug)]
pub struct Source<'a> {
    /// The effective items: the base with every supplement applied.
    pub items: Vec<Entry<'a>>,
    /// The regulation as issued: the file's own items, before any supplement.
    pub base: Vec<Entry<'a>>,
    pub supplements: Vec<&'a Supplement>,
    pub mode: Mode,
}

/// Whether the sheet prints an item (rosters and tests are the runner's, broken blocks nobody's).
fn printed(item: &Item) -> bool {
    !matches!(
        item,
        Item::Test(_) | Item::Roster(_) | Item::Broken(_) | Item::Supplement(_)
    )
}

fn base_of(file: &File) -> Vec<Entry<'_>> {
    file.items
        .iter()
        .filter(|i| printed(i))
        .map(|item| Entry {
            item,
            origin: Origin::Base,
        })
        .collect()
}

impl<'a> Source<'a> {
    /// Applies the file's supplements in file order.
    pub fn from_file(file: &'a File) -> Source<'a> {
        let mut items: Vec<Entry<'a>> = Vec::new();
        let mut supplements = Vec::new();
        for item in &file.items {
            match item {
                Item::Supplement(sup) => {
                    let index = supplements.len();
                    supplements.push(sup);
                    for (n, si) in sup.items.iter().enumerate() {
                        if !printed(&si.item) {
                            continue;
                        }
                        let target = if si.override_kw.is_some() {
                            items.iter().position(|e| same_item(&si.item, e.item))
                        } else {
                            None
                        };
                        let origin = Origin::Supplement {
                            index,
                            item: n,
                            replaces: target.is_some(),
                        };
                        let entry = Entry {
                            item: &si.item,
                            origin,
                        };
                        match target.and_then(|pos| items.get_mut(pos)) {
                            Some(slot) => *slot = entry,
                            None => items.push(entry),
                        }
                    }
                }
                Item::Roster(_) | Item::Test(_) | Item::Broken(_) => {}
                other => items.push(Entry {
                    item: other,
                    origin: Origin::Base,
                }),
            }
        }
        Source {
            items,
            base: base_of(file),
            supplements,
            mode: Mode::Issued,
        }
    }

    /// The checker's effective file, with origins and supplements read from the original parsed
    /// file: an effective item whose span lies inside a supplement comes from that supplement; an
    /// `override` item replaced the base item of the same kind and name.
    pub fn from_checked(effective: &'a File, original: &'a File) -> Source<'a> {
        let supplements: Vec<&'a Supplement> = supplements(original).map(|(_, s)| s).collect();
        let items = effective
            .items
            .iter()
            .filter(|i| printed(i))
            .map(|item| {
                let span = item_span(item);
                let origin = supplements
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.span.start <= span.start && span.end <= s.span.end)
                    .map(|(index, s)| {
                        let n = s
                            .items
                            .iter()
                            .position(|si| item_span(&si.item) == span)
                            .unwrap_or(0);
                        Origin::Supplement {
                            index,
                            item: n,
                            replaces: s.items.get(n).is_some_and(|si| {
                                si.override_kw.is_some()
                                    && original
                                        .items
                                        .iter()
                                        .any(|i| printed(i) && same_item(&si.item, i))
                            }),
                        }
                    })
                    .unwrap_or(Origin::Base);
                Entry { item, origin }
            })
            .collect();
        Source {
            items,
            base: base_of(original),
            supplements,
            mode: Mode::Issued,
        }
    }

    /// The same regulation, printed in `mode`.
    pub fn with_mode(mut self, mode: Mode) -> Source<'a> {
        self.mode = mode;
        self
    }

    pub fn iter(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.items.iter()
    }
}

/// The span of a top-level item, whatever its kind.
pub fn item_span(item: &Item) -> xqreg_grammar::Span {
    item.span()
}
