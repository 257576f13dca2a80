//! The entry's pools (where places come from) and its table of named players and teams.

use super::*;
use xqreg_grammar::Span;

pub(super) fn pool(ctx: &mut Ctx<'_>, p: &Pool, e: &Entry) -> Clause {
    ctx.mark(p.span);
    ctx.mark(p.name.span);
    let title = match &p.title {
        Some(t) => ctx.tm(t),
        None => p.name.node.clone(),
    };
    let named = p.source.iter().any(|s| matches!(s, PoolSource::Named(_)));
    let mut parts: Vec<String> = Vec::new();
    // The quotas per nominating body are one phrase, where the first of them stands.
    let mut quotas: Vec<(String, u32)> = Vec::new();
    let mut quotas_at = None;
    for s in &p.source {
        if let PoolSource::Quota { who, count, span } = s {
            ctx.mark(*span);
            quotas_at.get_or_insert(parts.len());
            quotas.push((ctx.tm(who), count.node));
        } else {
            // A source worded as the pool's title (`pool top 2 "等级分前2位" { rating top 2 }`)
            // is said by the title: 等级分前2位：等级分前2位 said it twice.
            parts.extend(source_part(ctx, s, &p.name.node).filter(|part| *part != title));
        }
    }
    if let Some(at) = quotas_at {
        parts.insert(at, quota_phrase(ctx, &quotas));
    }
    if named {
        // Straight after the pool's colon the names need no 名单： (namely) of their own.
        let first = parts.is_empty();
        parts.extend(named_list(ctx, p, e, first));
    }
    let head = match &p.size {
        Some(n) => {
            ctx.mark(n.span);
            // 等级分前9位 already says its size; 全国冠军 needs 15人.
            let count = n.node.to_string();
            if title.contains(&count) {
                title
            } else {
                ctx.mf(M::PoolHead, &[&title, &count])
            }
        }
        None => title,
    };
    let text = if parts.is_empty() {
        head
    } else {
        ctx.mf(
            M::PoolWithSources,
            &[&head, &fmt::join_clauses(ctx.lang, &parts)],
        )
    };
    Clause::text(ctx.sentence(&text))
}

/// What one source of a pool says on the sheet; a named list is said after all of them.
fn source_part(ctx: &mut Ctx<'_>, s: &PoolSource, pool: &str) -> Option<String> {
    match s {
        PoolSource::Named(span) => {
            // Said after the other sources, as one list: see `named_list`.
            ctx.mark(*span);
            None
        }
        PoolSource::RatingTop { count, as_of, span } => {
            ctx.mark(*span);
            let n = count.node.to_string();
            let line = match as_of {
                Some(d) => ctx.mf(M::RatingTopAsOf, &[&fmt::date(ctx.lang, d.node), &n]),
                None => ctx.mf(M::RatingTop, &[&n]),
            };
            Some(line)
        }
        PoolSource::Sex(s) => {
            let sex = ctx.word(words::sex, s);
            Some(ctx.mf(M::PoolSex, &[&sex]))
        }
        PoolSource::Title { op, title, span } => {
            ctx.mark(*span);
            Some(title_cond(ctx, op.node, title))
        }
        PoolSource::Category(c) => Some(category(ctx, c, pool)),
        PoolSource::Excluding(other) => {
            ctx.mark(other.span);
            let t = ctx.pool_title(&other.node);
            Some(ctx.mf(M::Excluding, &[&t]))
        }
        PoolSource::Replacement { rule, until, span } => {
            Some(replacement(ctx, rule, until.as_ref(), *span))
        }
        PoolSource::NominatedBy(t) => {
            let t = ctx.tm(t);
            Some(ctx.mf(M::NominatedBy, &[&t]))
        }
        PoolSource::Qualifiers { event, top, span } => {
            ctx.mark(*span);
            let ev = ctx.tm(event);
            Some(match top {
                Some(n) => ctx.mf(M::QualifiersTop, &[&ev, &n.node.to_string()]),
                None => ctx.mf(M::Qualifiers, &[&ev]),
            })
        }
        PoolSource::Quota { who, count, span } => {
            ctx.mark(*span);
            let q = [(ctx.tm(who), count.node)];
            Some(quota_phrase(ctx, &q))
        }
        PoolSource::Host {
            count,
            when_odd,
            span,
        } => Some(host(ctx, count.node, *when_odd, *span)),
        PoolSource::ReplacementFrom { pool, by, span } => {
            Some(replacement_from(ctx, pool, by.as_ref(), *span))
        }
        PoolSource::Invite { list, span } => Some(invite(ctx, list, *span)),
        PoolSource::Staff { roles, span } => {
            ctx.mark(*span);
            let r = staff_roles(ctx, roles);
            Some(ctx.mf(M::PoolStaff, &[&r]))
        }
        PoolSource::Remark(t) => {
            let t = ctx.tm(t);
            Some(t)
        }
    }
}

/// A category source: the group's condition itself (小学一至三年级), else the category's title.
fn category(ctx: &mut Ctx<'_>, c: &Ident, pool: &str) -> String {
    ctx.mark(c.span);
    // The group's condition itself (小学一至三年级), else the category's title.
    let parts = match ctx.names.categories.get(c.node.as_str()).copied() {
        Some(cat) => super::categories::condition_parts(ctx, cat, Some(pool)),
        None => Vec::new(),
    };
    let who = if parts.is_empty() {
        ctx.category_title(&c.node)
    } else {
        fmt::join(ctx.lang, &parts)
    };
    ctx.mf(M::PoolCategory, &[&who])
}

/// The replacement rule, and the round until which it holds.
fn replacement(
    ctx: &mut Ctx<'_>,
    rule: &Ident,
    until: Option<&Spanned<u32>>,
    span: Span,
) -> String {
    ctx.mark(span);
    let mut w = ctx.in_words(words::replacement, &rule.node);
    if let Some(u) = until {
        ctx.mark(u.span);
        w.push_str(&ctx.mf(M::ReplacementUntil, &[&u.node.to_string()]));
    }
    w
}

/// The host's players, and the one added when the field is odd.
fn host(ctx: &mut Ctx<'_>, count: u32, when_odd: Option<Span>, span: Span) -> String {
    ctx.mark(span);
    let mut s = ctx.mf(M::HostPlayers, &[&count.to_string()]);
    if let Some(w) = when_odd {
        ctx.mark(w);
        s.push_str(ctx.m(M::HostWhenOdd));
    }
    s
}

/// Replacements drawn from another pool, by place or by order.
fn replacement_from(ctx: &mut Ctx<'_>, pool: &Ident, by: Option<&Ident>, span: Span) -> String {
    ctx.mark(span);
    let t = ctx.pool_title(&pool.node);
    let key = match by.map(|b| {
        ctx.mark(b.span);
        b.node.as_str()
    }) {
        Some("place") => M::ReplacementFromPlace,
        Some("order") => M::ReplacementFromOrder,
        _ => M::ReplacementFrom,
    };
    ctx.mf(key, &[&t])
}

/// Invited players, so many from each federation.
fn invite(ctx: &mut Ctx<'_>, list: &[(Ident, Spanned<u32>)], span: Span) -> String {
    ctx.mark(span);
    let items: Vec<String> = list
        .iter()
        .map(|(f, n)| {
            // The federation by its name, as a category by federation says it (中国香港).
            let name = super::by_rule::federation(ctx.lang, &f.node);
            match ctx.lang {
                Lang::Zh => format!("{name}{}名", n.node),
                Lang::En => format!("{} from {name}", n.node),
            }
        })
        .collect();
    let listed = fmt::join(ctx.lang, &items);
    ctx.mf(M::PoolInvite, &[&listed])
}

/// A pool's quotas per nominating body: 其中菲律宾、新加坡各1人 when the numbers are the same,
/// else 其中菲律宾1人、新加坡2人; one 其中 (of whom) for all of them.
fn quota_phrase(ctx: &Ctx<'_>, quotas: &[(String, u32)]) -> String {
    match quotas {
        [(who, n)] => ctx.mf(M::Quota, &[who, &n.to_string()]),
        [(_, n), rest @ ..] if rest.iter().all(|(_, m)| m == n) => {
            let whos: Vec<String> = quotas.iter().map(|(w, _)| w.clone()).collect();
            ctx.mf(
                M::QuotaEach,
                &[&fmt::join_and(ctx.lang, &whos), &n.to_string()],
            )
        }
        _ => {
            let each: Vec<String> = quotas
                .iter()
                .map(|(w, n)| ctx.mf(M::QuotaItem, &[w, &n.to_string()]))
                .collect();
            ctx.mf(M::QuotaList, &[&fmt::join(ctx.lang, &each)])
        }
    }
}

/// The players the entry names into pool `p`, as one list.
fn named_list(ctx: &mut Ctx<'_>, p: &Pool, e: &Entry, bare: bool) -> Option<String> {
    let names: Vec<String> = e
        .clauses
        .iter()
        .filter_map(|c| match c {
            EntryClause::Player(pl)
                if pl
                    .attrs
                    .iter()
                    .any(|a| matches!(a, PlayerAttr::Pool(id) if id.node == p.name.node)) =>
            {
                ctx.mark(pl.span);
                ctx.mark(pl.name.span);
                Some(player_with_unit(ctx, pl))
            }
            _ => None,
        })
        .collect();
    let list = fmt::join(ctx.lang, &names);
    (!names.is_empty()).then(|| {
        if bare {
            list
        } else {
            ctx.mf(M::NamedList, &[&list])
        }
    })
}

pub(super) fn player_with_unit(ctx: &Ctx<'_>, p: &PlayerDecl) -> String {
    let name = ctx.t(&p.name);
    let unit = p.attrs.iter().find_map(|a| match a {
        PlayerAttr::Unit(t) => Some(ctx.t(t)),
        _ => None,
    });
    match unit {
        Some(u) => ctx.mf(M::NameWithUnit, &[&name, &u]),
        None => name,
    }
}

pub(super) fn players_table(ctx: &mut Ctx<'_>, e: &Entry, players: &[&PlayerDecl]) -> Table {
    // Only the columns some player fills.
    let has = |f: &dyn Fn(&PlayerAttr) -> bool| players.iter().any(|p| p.attrs.iter().any(f));
    let cols: Vec<(M, u8)> = [
        (M::ColUnit, 0u8),
        (M::ColFederation, 1),
        (M::ColPool, 2),
        (M::ColTitle, 3),
        (M::ColRating, 4),
        (M::ColSex, 5),
        (M::ColBorn, 6),
        (M::ColSeed, 7),
        (M::ColOrder, 8),
        (M::ColTeam, 9),
        (M::ColGrade, 10),
        (M::ColSchoolYear, 11),
        (M::ColClub, 12),
        (M::ColResidence, 13),
        (M::ColQualified, 14),
    ]
    .into_iter()
    .filter(|(_, k)| {
        has(&|a: &PlayerAttr| {
            matches!(
                (k, a),
                (0, PlayerAttr::Unit(_))
                    | (1, PlayerAttr::Federation(_))
                    | (2, PlayerAttr::Pool(_))
                    | (3, PlayerAttr::Title(_))
                    | (4, PlayerAttr::Rating(_))
                    | (5, PlayerAttr::Sex(_))
                    | (6, PlayerAttr::Born(_))
                    | (7, PlayerAttr::Seed(_))
                    | (8, PlayerAttr::Order(_))
                    | (9, PlayerAttr::Team(_))
                    | (10, PlayerAttr::Grade(_))
                    | (11, PlayerAttr::SchoolYear(_))
                    | (12, PlayerAttr::Club(_))
                    | (13, PlayerAttr::Residence(_))
                    | (14, PlayerAttr::Qualified(_))
            )
        })
    })
    .collect();
    let mut head = vec![ctx.m(M::ColNo).to_string(), ctx.m(M::ColName).to_string()];
    head.extend(cols.iter().map(|(m, _)| ctx.m(*m).to_string()));
    let mut rows = Vec::new();
    for (i, p) in players.iter().enumerate() {
        ctx.mark(p.span);
        ctx.mark(p.id.span);
        let mut cells = vec![num_cell((i + 1).to_string()), cell(ctx.tm(&p.name))];
        for (_, k) in &cols {
            let mut text = String::new();
            for a in &p.attrs {
                let v = match (k, a) {
                    (0, PlayerAttr::Unit(t)) => Some(ctx.tm(t)),
                    (1, PlayerAttr::Federation(f)) => Some(f.node.clone()),
                    (2, PlayerAttr::Pool(id)) => Some(ctx.pool_title(&id.node)),
                    (3, PlayerAttr::Title(t)) => Some(ctx.in_words(words::title, &t.node)),
                    (4, PlayerAttr::Rating(r)) => Some(r.node.to_string()),
                    (5, PlayerAttr::Sex(s)) => Some(ctx.in_words(words::sex_cell, &s.node)),
                    (6, PlayerAttr::Born(d)) => Some(fmt::date(ctx.lang, d.node)),
                    (7, PlayerAttr::Seed(n)) => Some(n.node.to_string()),
                    (8, PlayerAttr::Order(n)) => Some(n.node.to_string()),
                    (9, PlayerAttr::Team(t)) => Some(team_name(e, ctx, &t.node)),
                    (10, PlayerAttr::Grade(n))
                    | (11, PlayerAttr::SchoolYear(n))
                    | (14, PlayerAttr::Qualified(n)) => Some(n.node.to_string()),
                    (12, PlayerAttr::Club(t)) | (13, PlayerAttr::Residence(t)) => Some(ctx.tm(t)),
                    _ => None,
                };
                // A player of several pools lists them all.
                match v {
                    Some(v) if *k == 2 && !text.is_empty() => {
                        text = fmt::join(ctx.lang, &[text, v])
                    }
                    Some(v) => text = v,
                    None => {}
                }
            }
            cells.push(Cell {
                numeric: matches!(k, 4 | 7 | 8 | 10 | 11 | 14),
                text,
                rowspan: 1,
            });
        }
        rows.push(Row { cells });
    }
    for p in players {
        for a in &p.attrs {
            mark_attr(ctx, a);
        }
    }
    Table {
        caption: ctx.m(M::ClausePlayers).to_string(),
        head,
        rows,
        foot: None,
        numeric: vec![0],
    }
}

/// A team's display name by its id (the id itself when no team declares it).
pub(super) fn team_name(e: &Entry, ctx: &Ctx<'_>, id: &str) -> String {
    e.clauses
        .iter()
        .find_map(|c| match c {
            EntryClause::Team(t) if t.id.node == id => Some(ctx.t(&t.name)),
            _ => None,
        })
        .unwrap_or_else(|| id.to_string())
}

pub(super) fn mark_attr(ctx: &mut Ctx<'_>, a: &PlayerAttr) {
    match a {
        PlayerAttr::Unit(t) | PlayerAttr::Club(t) | PlayerAttr::Residence(t) => ctx.mark(t.span),
        PlayerAttr::Pool(i)
        | PlayerAttr::Sex(i)
        | PlayerAttr::Title(i)
        | PlayerAttr::Federation(i)
        | PlayerAttr::Team(i) => ctx.mark(i.span),
        PlayerAttr::Rating(n)
        | PlayerAttr::Order(n)
        | PlayerAttr::Seed(n)
        | PlayerAttr::Grade(n)
        | PlayerAttr::SchoolYear(n)
        | PlayerAttr::Qualified(n) => ctx.mark(n.span),
        PlayerAttr::Born(d) => ctx.mark(d.span),
    }
}
