//! The regulation as the sheet reads it: the effective items (base items with every supplement
//! applied), each with its origin, plus the supplements themselves and the base items they
//! replaced, so that the sheet can say what each supplement changes.
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
    /// Supplement number `index` (0-based, file order); `replaces` when it overrides a base item.
    Supplement {
        index: usize,
        replaces: bool,
    },
}

#[derive(Clone, Debug)]
pub struct Entry<'a> {
    pub item: &'a Item,
    pub origin: Origin,
}

/// A base item that a supplement replaced.
#[derive(Clone, Debug)]
pub struct Replaced<'a> {
    pub old: &'a Item,
    pub new: &'a Item,
    pub supplement: usize,
}

#[derive(Clone, Debug)]
pub struct Source<'a> {
    pub items: Vec<Entry<'a>>,
    pub supplements: Vec<&'a Supplement>,
    pub replaced: Vec<Replaced<'a>>,
}

/// Whether the sheet prints an item (rosters and tests are the runner's, broken blocks nobody's).
fn printed(item: &Item) -> bool {
    !matches!(
        item,
        Item::Test(_) | Item::Roster(_) | Item::Broken(_) | Item::Supplement(_)
    )
}

impl<'a> Source<'a> {
    /// Applies the file's supplements in file order.
    pub fn from_file(file: &'a File) -> Source<'a> {
        let mut items: Vec<Entry<'a>> = Vec::new();
        let mut supplements = Vec::new();
        let mut replaced = Vec::new();
        for item in &file.items {
            match item {
                Item::Supplement(sup) => {
                    let index = supplements.len();
                    supplements.push(sup);
                    for si in sup.items.iter().filter(|si| printed(&si.item)) {
                        let target = if si.override_kw.is_some() {
                            items.iter().position(|e| same_item(&si.item, e.item))
                        } else {
                            None
                        };
                        match target {
                            Some(pos) => {
                                if let Some(slot) = items.get_mut(pos) {
                                    replaced.push(Replaced {
                                        old: slot.item,
                                        new: &si.item,
                                        supplement: index,
                                    });
                                    *slot = Entry {
                                        item: &si.item,
                                        origin: Origin::Supplement {
                                            index,
                                            replaces: true,
                                        },
                                    };
                                }
                            }
                            None => items.push(Entry {
                                item: &si.item,
                                origin: Origin::Supplement {
                                    index,
                                    replaces: false,
                                },
                            }),
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
            supplements,
            replaced,
        }
    }

    /// The checker's effective file, with origins and supplements read from the original parsed
    /// file: an effective item whose span lies inside a supplement comes from that supplement; an
    /// `override` item replaced the base item of the same kind and name.
    pub fn from_checked(effective: &'a File, original: &'a File) -> Source<'a> {
        let supplements: Vec<&'a Supplement> = supplements(original).map(|(_, s)| s).collect();
        let mut replaced = Vec::new();
        for (index, sup) in supplements.iter().enumerate() {
            for si in sup.items.iter().filter(|si| printed(&si.item)) {
                if si.override_kw.is_none() {
                    continue;
                }
                let old = original
                    .items
                    .iter()
                    .find(|i| printed(i) && same_item(&si.item, i));
                if let Some(old) = old {
                    replaced.push(Replaced {
                        old,
                        new: &si.item,
                        supplement: index,
                    });
                }
            }
        }
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
                    .map(|(index, s)| Origin::Supplement {
                        index,
                        replaces: s
                            .items
                            .iter()
                            .any(|si| si.override_kw.is_some() && item_span(&si.item) == span),
                    })
                    .unwrap_or(Origin::Base);
                Entry { item, origin }
            })
            .collect();
        // Replaced items point into the original file; the sheet matches them to the
        // supplement's own items by identity, so map `new` to the original supplement item.
        Source {
            items,
            supplements,
            replaced,
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Entry<'a>> {
        self.items.iter()
    }
}

/// The span of a top-level item, whatever its kind.
pub fn item_span(item: &Item) -> xqreg_grammar::Span {
    item.span()
}
