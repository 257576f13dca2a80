//! Pools that admit only some players. `qualifiers "地市州分站赛" top 12` admits the top 12 of
//! an earlier event and a player's `qualified N` is the place taken there: places start at 1
//! (E630). `invite CHN 2 VIE 2` lists the federations invited and how many each sends: a
//! federation listed twice (E631), a federation invited with nobody (E632), and a pool of more
//! places than the list invites (E633: places nobody may fill). `replacement from pool reserve`
//! fills the places a pool leaves empty from another pool's ranking: the pool needs a size
//! (E634), the reserve is another pool without one (E635). The runtime refuses the rows these
//! rules keep out (R042, R043, R044).

use super::entry::entry_clauses;
use super::names::code;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use std::collections::BTreeMap;
use xqreg_grammar::ast::{self, EntryClause, PoolSource};

code!(E630, "E630", "qualifying-place-zero", Error,
    Template::new("Places in a qualifying event start at 1: `top 0` admits nobody, and no player finishes 0th.",
        "分站赛的名次从 1 开始：`top 0` 无人可以晋级，也没有第 0 名。"),
    "entry { pool city { qualifiers \"地市州分站赛\" top 0 } }",
    Template::new("Write the number of places that qualify (`top 12`), or the place the player took (`qualified 3`).",
        "写出晋级的名次数（如 `top 12`），或棋手取得的名次（如 `qualified 3`）。"));

code!(E631, "E631", "invite-federation-twice", Error,
    Template::new("An invitation list names each federation once, with the number it sends; a second mention would leave one of the two numbers unread.",
        "邀请名单中每个协会只列一次，并写明其人数；重复列出会使其中一个人数无效。"),
    "entry { pool invited { invite CHN 2 VIE 2 CHN 1 } }",
    Template::new("Name the federation once with its number (`invite CHN 3 VIE 2`).",
        "每个协会只列一次并写明人数（如 `invite CHN 3 VIE 2`）。"));

code!(
    E632,
    "E632",
    "invite-nobody",
    Error,
    Template::new(
        "A federation invited with 0 players sends nobody: it is not invited.",
        "邀请 0 人的协会不派任何棋手，等于未被邀请。"
    ),
    "entry { pool invited { invite CHN 2 VIE 0 } }",
    Template::new(
        "Give the federation at least 1 place, or leave it off the list.",
        "给该协会至少 1 个名额，或将其从名单中删去。"
    )
);

code!(E633, "E633", "invite-under-pool-size", Error,
    Template::new("A pool with an invitation list holds at most the players it invites; a larger pool has places no invited federation may fill.",
        "设邀请名单的名额来源至多容纳所邀请的人数；名额多于邀请人数时，多出的名额无人可以填补。"),
    "entry { pool invited 6 { invite CHN 2 VIE 2 } }",
    Template::new("Make the pool's size the invitations' total, or drop the size (the list gives it).",
        "把名额数写成邀请人数之和，或删去名额数（由名单决定）。"));

code!(E634, "E634", "replacement-from-without-size", Error,
    Template::new("`replacement from pool P` fills the places this pool leaves empty: its size less its roster rows. A pool without a size has no empty places to count.",
        "`replacement from pool P` 递补本名额来源空出的名额，即其名额数减去名单中的行数；没有名额数的来源无从计算空出的名额。"),
    "entry { pool rated { rating top 9  replacement from pool reserve }  pool reserve { } }",
    Template::new("Give the pool its number of places (`pool rated 9`).", "写出该来源的名额数（如 `pool rated 9`）。"));

code!(E635, "E635", "replacement-from-itself-or-sized", Error,
    Template::new("The reserve of `replacement from pool P` enters only into the places the other pool leaves empty: it is another pool, and has no places of its own (a size would admit its players twice over).",
        "`replacement from pool P` 中的候补来源只进入另一来源空出的名额：它须是另一个来源，且没有自己的名额数（否则其棋手会被重复录取）。"),
    "entry { pool rated 9 { replacement from pool reserve }  pool reserve 4 { } }",
    Template::new("Name another pool, and drop the reserve's size.", "写另一个来源，并删去候补来源的名额数。"));

pub const CODES: &[&Code] = &[&E630, &E631, &E632, &E633, &E634, &E635];

// The message catalogue of this module: compiler/messages/check/pool_rules.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/pool_rules.rs"));

fn invite(pool: &ast::Pool, list: &[(ast::Ident, ast::Spanned<u32>)], diags: &mut Diagnostics) {
    let mut seen: BTreeMap<&str, xqreg_grammar::Span> = BTreeMap::new();
    let mut invited = 0u64;
    for (fed, n) in list {
        let name = fed.node.as_str();
        if let Some(first) = seen.get(name) {
            diags.push(
                TWICE
                    .at(fed.span, &[("fed", name)])
                    .with_label(*first, FIRST.plain()),
            );
        } else {
            seen.insert(name, fed.span);
        }
        if n.node == 0 {
            diags.push(NOBODY.at(n.span, &[("fed", name)]));
        }
        invited += u64::from(n.node);
    }
    if let Some(size) = pool.size.as_ref().filter(|s| u64::from(s.node) > invited) {
        diags.push(OVER.at(
            size.span,
            &[
                ("pool", &pool.name.node),
                ("size", &size.node.to_string()),
                ("invited", &invited.to_string()),
            ],
        ));
    }
}

fn replacement_from(
    file: &ast::File,
    p: &ast::Pool,
    from: &ast::Ident,
    span: xqreg_grammar::Span,
    diags: &mut Diagnostics,
) {
    let names = [("pool", p.name.node.as_str()), ("from", from.node.as_str())];
    if p.size.is_none() {
        diags.push(NO_SIZE.at(span, &names));
    }
    let sized = entry_clauses(file)
        .any(|c| matches!(c, EntryClause::Pool(o) if o.name.node == from.node && o.size.is_some()));
    let why = if from.node == p.name.node {
        Some(("the pool itself", "即本来源"))
    } else if sized {
        Some(("it has places of its own", "它有自己的名额数"))
    } else {
        None
    };
    if let Some((en, zh)) = why {
        let mut args = names.to_vec();
        args.extend([("why", en), ("why_zh", zh)]);
        diags.push(RESERVE.at(from.span, &args));
    }
}

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for c in entry_clauses(file) {
        let EntryClause::Pool(p) = c else { continue };
        for s in &p.source {
            match s {
                PoolSource::Qualifiers { top: Some(t), .. } if t.node == 0 => {
                    diags.push(PLACE_ZERO.at(t.span, &[]));
                }
                PoolSource::Invite { list, .. } => invite(p, list, diags),
                PoolSource::ReplacementFrom { pool, span, .. } => {
                    replacement_from(file, p, pool, *span, diags)
                }
                _ => {}
            }
        }
    }
}
