//! Declarations and references of one document, for go to definition, find references, hover
//! on a name and completion of the names in scope.
//!
//! Declarations come from the checker's symbol tables ([`Scope`]) and references from the same
//! walk the checker resolves names with ([`unknown::references`]), so the editor and `xqreg
//! check` agree on what every name means. Items inside a `supplement` block are indexed with the
//! base items (the text is what the user edits; the first declaration of a name wins, as in the
//! checker).

use xqreg_grammar::ast::{File, Ident, Item};
use xqreg_grammar::Span;

use crate::check::resolve::{Kind, Scope};
use crate::check::{unknown, Ctx, Facts};

/// One declared name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    pub kind: Kind,
    /// The name; a group's key is `stage.group`.
    pub key: String,
    /// The name as written at the declaration.
    pub name_span: Span,
    /// The whole declaring item or clause (what hover shows).
    pub item_span: Span,
}

/// One written occurrence of a name: a declaration or a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    pub kind: Kind,
    pub key: String,
    pub span: Span,
}

/// Every declaration and reference of a document.
#[derive(Clone, Debug, Default)]
pub struct Index {
    pub decls: Vec<Decl>,
    pub uses: Vec<Occurrence>,
}

impl Index {
    pub fn build(file: &File) -> Index {
        let flat = flatten(file);
        let scope = Scope::build(&flat);
        let facts = Facts::build(&flat, &scope, crate::check::facts::Sizes::Declared);
        let ctx = Ctx {
            file: &flat,
            scope: &scope,
            facts: &facts,
        };
        let uses = unknown::references(&ctx)
            .into_iter()
            .map(|u| Occurrence {
                kind: u.kind,
                key: match &u.stage {
                    Some(stage) => format!("{stage}.{}", u.name),
                    None => u.name,
                },
                span: u.span,
            })
            .collect();
        Index {
            decls: decls(&scope),
            uses,
        }
    }

    /// The name at a byte offset (a cursor just after the last letter counts).
    pub fn at(&self, offset: usize) -> Option<Occurrence> {
        let inside = |s: Span| (s.start as usize) <= offset && offset <= s.end as usize;
        self.decls
            .iter()
            .find(|d| inside(d.name_span))
            .map(|d| Occurrence {
                kind: d.kind,
                key: d.key.clone(),
                span: d.name_span,
            })
            .or_else(|| self.uses.iter().find(|u| inside(u.span)).cloned())
    }

    pub fn decl(&self, kind: Kind, key: &str) -> Option<&Decl> {
        self.decls.iter().find(|d| d.kind == kind && d.key == key)
    }

    /// Every place a name is written, in source order: its declaration (when asked) and its
    /// references.
    pub fn occurrences(&self, kind: Kind, key: &str, with_decl: bool) -> Vec<Span> {
        let mut out: Vec<Span> = self
            .uses
            .iter()
            .filter(|u| u.kind == kind && u.key == key)
            .map(|u| u.span)
            .collect();
        if with_decl {
            out.extend(self.decl(kind, key).map(|d| d.name_span));
        }
        out.sort();
        out.dedup();
        out
    }
}

/// The file's items with each supplement's items after the base ones.
fn flatten(file: &File) -> File {
    let mut items: Vec<Item> = Vec::new();
    let mut supplemented: Vec<Item> = Vec::new();
    for item in &file.items {
        match item {
            Item::Supplement(s) => supplemented.extend(s.items.iter().map(|si| si.item.clone())),
            other => items.push(other.clone()),
        }
    }
    items.extend(supplemented);
    File {
        items,
        comments: Vec::new(),
        span: file.span,
    }
}

/// The span of an optional name, else of its whole item.
fn name_or(name: &Option<Ident>, item: Span) -> Span {
    name.as_ref().map_or(item, |n| n.span)
}

fn decls(scope: &Scope<'_>) -> Vec<Decl> {
    let mut out = Vec::new();
    let mut push = |kind, key: &str, name_span, item_span| {
        out.push(Decl {
            kind,
            key: key.to_string(),
            name_span,
            item_span,
        })
    };
    for (name, t) in &scope.time_controls {
        push(Kind::TimeControl, name, t.name.span, t.span);
    }
    for (name, s) in &scope.scorings {
        push(Kind::Scoring, name, name_or(&s.name, s.span), s.span);
    }
    for name in &scope.stage_order {
        let Some(info) = scope.stages.get(name) else {
            continue;
        };
        push(Kind::Stage, name, info.stage.name.span, info.stage.span);
        for g in &info.groups {
            push(
                Kind::Group,
                &format!("{name}.{}", g.node),
                g.span,
                info.stage.span,
            );
        }
    }
    for (name, p) in &scope.playoffs {
        push(Kind::Playoff, name, name_or(&p.name, p.span), p.span);
    }
    for (name, p) in &scope.pools {
        push(Kind::Pool, name, p.name.span, p.span);
    }
    for (name, c) in &scope.categories {
        push(Kind::Category, name, c.name.span, c.span);
    }
    for (name, p) in &scope.players {
        push(Kind::Player, name, p.id.span, p.span);
    }
    for (name, r) in &scope.rosters {
        push(Kind::Roster, name, r.name.span, r.span);
    }
    out.sort_by_key(|d| d.name_span);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "time standard { base 20min }\n\
        stage groups \"小组\" { round_robin single groups A B size 4  time standard }\n\
        stage final { entrants groups.A#1 groups.B#1  knockout { seeded 2 }  time standard }\n";

    #[test]
    fn a_name_finds_its_declaration_and_every_use() {
        let parsed = xqreg_grammar::parse(SRC);
        let ix = Index::build(&parsed.file);
        let at = SRC.rfind("standard").expect("use");
        let occ = ix.at(at + 2).expect("a name");
        assert_eq!(
            (occ.kind, occ.key.as_str()),
            (Kind::TimeControl, "standard")
        );
        let decl = ix.decl(occ.kind, &occ.key).expect("declared");
        assert_eq!(
            decl.name_span.start as usize,
            SRC.find("standard").expect("decl")
        );
        assert_eq!(ix.occurrences(occ.kind, &occ.key, false).len(), 2);
        assert_eq!(ix.occurrences(occ.kind, &occ.key, true).len(), 3);
    }

    #[test]
    fn a_group_is_keyed_by_its_stage() {
        let parsed = xqreg_grammar::parse(SRC);
        let ix = Index::build(&parsed.file);
        let at = SRC.find("groups.B").expect("ref") + "groups.".len();
        let occ = ix.at(at).expect("a group");
        assert_eq!((occ.kind, occ.key.as_str()), (Kind::Group, "groups.B"));
        let decl = ix.decl(Kind::Group, "groups.B").expect("declared");
        assert_eq!(&SRC[decl.name_span.range()], "B");
    }
}
