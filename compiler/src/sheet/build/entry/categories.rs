//! A category's clause: who it admits (born, sex, title, within another category), and the men/women halves of a category that print as one.

use super::*;

/// A category that is only the men or the women of another (`within open; sex men`): the
/// parent says 男子、女子分开录取 and names it, so it prints no clause of its own.
fn sex_split_of(c: &Category) -> Option<(&Ident, &Ident)> {
    match c.conditions.as_slice() {
        [CategoryCond::Within(p), CategoryCond::Sex(s)]
        | [CategoryCond::Sex(s), CategoryCond::Within(p)] => Some((p, s)),
        _ => None,
    }
}

pub fn category(ctx: &mut Ctx<'_>, c: &Category) {
    ctx.mark(c.name.span);
    // Only a knockout's seeding names it: no section of the event; the seeding says whom it
    // holds (`seeded_members`).
    if ctx.names.seeding_only(&c.name.node) {
        return;
    }
    // The group's own condition under the group's own title: 参赛资格 says it at the group.
    if said_at_its_group(ctx, c) {
        return;
    }
    if let Some((parent, sex)) = sex_split_of(c) {
        if ctx.names.categories.contains_key(parent.node.as_str()) {
            if let Some(t) = &c.title {
                ctx.mark(t.span);
            }
            for cond in &c.conditions {
                if let CategoryCond::Within(i) | CategoryCond::Sex(i) = cond {
                    ctx.mark(i.span);
                }
            }
            ctx.mark(sex.span);
            return;
        }
    }
    let title = match &c.title {
        Some(t) => ctx.tm(t),
        None => c.name.node.clone(),
    };
    // A group's category (`category low { pool low  school_year 1..3 }`, the condition of
    // pool low) says who may enter the group, not that its members entered it.
    let back = pool_of_group(ctx, c);
    let mut parts = condition_parts(ctx, c, back.as_deref());
    // Its men and women ranked separately (the children are printed here, by name).
    let mut sexes = Vec::new();
    let mut children = Vec::new();
    let all: Vec<&Category> = ctx.names.categories.values().copied().collect();
    let mut all = all;
    all.sort_by_key(|x| x.span.start);
    for child in all {
        if let Some((p, s)) = sex_split_of(child) {
            if p.node == c.name.node {
                let sx = ctx.in_words(words::sex, &s.node);
                if !sexes.contains(&sx) {
                    sexes.push(sx);
                }
                children.push(ctx.category_title(&child.name.node));
            }
        }
    }
    if !children.is_empty() {
        parts.push(ctx.mf(
            M::RankedSeparately,
            &[
                // 男子、女子分开录取 / men and women ranked separately.
                &match ctx.lang {
                    Lang::Zh => fmt::join(ctx.lang, &sexes),
                    Lang::En => fmt::join_and(ctx.lang, &sexes),
                },
                // English titles may hold commas (`Open, men`): semicolons there.
                &match ctx.lang {
                    Lang::Zh => fmt::join(ctx.lang, &children),
                    Lang::En => fmt::join_clauses(ctx.lang, &children),
                },
            ],
        ));
    }
    if let Some(readers) = ctx.names.prize_only(&c.name.node) {
        // 女子棋手：女子棋手；仅用于女子奖 says its condition twice: the title says it.
        if fmt::join_clauses(ctx.lang, &parts) == title {
            parts.clear();
        }
        parts.push(prize_use(ctx, readers));
    }
    let conditions = fmt::join_clauses(ctx.lang, &parts);
    // A title that says its conditions word for word (等级分1800至1999分) is said once.
    let clause = if conditions == title {
        Clause::text(ctx.sentence(&title))
    } else {
        Clause::headed(title, ctx.sentence(&conditions))
    };
    ctx.push(Art::Categories, 0, clause);
}

/// What a category only prize tables and qualifications read is for (仅用于女子奖，不单独设组 /
/// used only for “Best woman”, not a separate section): a reader must not take it for a section
/// of the event. The tables' titles, each once; `used only for prizes` when none has one.
fn prize_use(ctx: &mut Ctx<'_>, readers: Vec<Option<&xqreg_grammar::ast::Text>>) -> String {
    let mut titles: Vec<String> = Vec::new();
    for t in readers.into_iter().flatten() {
        let t = ctx.tm(t);
        // In quotes in English: a title may be a bare range (`1800-1999`) or a word
        // (`Completion`) that does not read as a name inside the sentence.
        let t = match ctx.lang {
            Lang::Zh => t,
            Lang::En => format!("\u{201c}{t}\u{201d}"),
        };
        if !titles.contains(&t) {
            titles.push(t);
        }
    }
    if titles.is_empty() {
        return ctx.mf(M::PrizeCategory, &[]);
    }
    let titles = match ctx.lang {
        Lang::Zh => fmt::join(ctx.lang, &titles),
        Lang::En => fmt::join_and(ctx.lang, &titles),
    };
    ctx.mf(M::PrizeCategoryFor, &[&titles])
}

/// Whom a category only a knockout's seeding names holds, said where the seeding reserves seed
/// numbers for it: a category of one pool is the pool's players (种子选手), else the
/// category's title with its conditions (七段及以上（段位七段及以上）).
pub fn seeded_members(ctx: &mut Ctx<'_>, name: &str) -> String {
    let Some(c) = ctx.names.categories.get(name).copied() else {
        return ctx.category_title(name);
    };
    if let [CategoryCond::Pool(p)] = c.conditions.as_slice() {
        ctx.mark(p.span);
        return ctx.pool_title(&p.node);
    }
    let title = ctx.category_title(name);
    let parts = condition_parts(ctx, c, None);
    if parts.is_empty() {
        return title;
    }
    let conditions = fmt::join_clauses(ctx.lang, &parts);
    ctx.mf(M::HeadingFor, &[&title, &conditions])
}

/// A category that is one group's condition (its pool's `category`, naming the pool back), or
/// just the members of one pool, with the same title as the pool: the pool's line in 参赛资格
/// already says who is in it (小学低年级组：限小学一至三年级), so it is no second entry under
/// 组别设置 (小学低年级组：小学一至三年级; 公开组：限公开组).
fn said_at_its_group(ctx: &mut Ctx<'_>, c: &Category) -> bool {
    let pool = match c.conditions.as_slice() {
        [CategoryCond::Pool(p)] => Some(p.node.clone()),
        _ => pool_of_group(ctx, c),
    };
    let Some(pool) = pool else { return false };
    // Men and women ranked separately are said only under 组别设置: where some group has
    // them, every group keeps its entry there, so that the article lists all of them.
    let split = ctx
        .names
        .categories
        .values()
        .any(|x| sex_split_of(x).is_some());
    if split {
        return false;
    }
    let same_title = match (
        &c.title,
        ctx.names
            .pools
            .get(pool.as_str())
            .and_then(|p| p.title.as_ref()),
    ) {
        (Some(a), Some(b)) => a.zh.node == b.zh.node,
        _ => false,
    };
    if !same_title {
        return false;
    }
    // What the pool's line prints of it (its conditions), marked as printed there too.
    for cond in &c.conditions {
        if let CategoryCond::Pool(p) = cond {
            ctx.mark(p.span);
        }
    }
    true
}

/// The pool whose `category` this is, when the category's own `pool` condition names it back.
fn pool_of_group(ctx: &Ctx<'_>, c: &Category) -> Option<String> {
    let name = c.name.node.as_str();
    ctx.names.pools.values().find_map(|p| {
        let own = p
            .source
            .iter()
            .any(|s| matches!(s, PoolSource::Category(x) if x.node == name));
        let back = c
            .conditions
            .iter()
            .any(|k| matches!(k, CategoryCond::Pool(x) if x.node == p.name.node));
        (own && back).then(|| p.name.node.clone())
    })
}

/// The ratings from and to (both included) of a category whose conditions are one lower and one
/// upper rating bound that leave some rating between them.
fn rating_band(c: &Category) -> Option<(u32, u32)> {
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    for cond in &c.conditions {
        if let CategoryCond::Rating { op, rating, .. } = cond {
            let n = rating.node;
            match op.node {
                CompareOp::Ge => lo.push(Some(n)),
                CompareOp::Gt => lo.push(n.checked_add(1)),
                CompareOp::Le => hi.push(Some(n)),
                CompareOp::Lt => hi.push(n.checked_sub(1)),
                CompareOp::Eq => return None,
            }
        }
    }
    match (lo.as_slice(), hi.as_slice()) {
        ([Some(lo)], [Some(hi)]) if lo <= hi => Some((*lo, *hi)),
        _ => None,
    }
}

/// What a category's conditions say, one phrase each; a `pool` condition naming `skip_pool` is
/// left out (the pool line says it).
pub(super) fn condition_parts(
    ctx: &mut Ctx<'_>,
    c: &Category,
    skip_pool: Option<&str>,
) -> Vec<String> {
    let mut parts = Vec::new();
    let band = rating_band(c);
    let mut band_said = false;
    for cond in &c.conditions {
        match cond {
            CategoryCond::Born(w) => parts.push(born(ctx, w)),
            CategoryCond::Sex(s) => {
                let sex = ctx.word(words::sex, s);
                // Alone, the condition says whom the category is open to (限男子棋手 / open to
                // men only): a bare 男子 after the title (男子组：男子。 Men: Men only.) reads as
                // a repetition.
                let alone = c.conditions.len() == 1;
                parts.push(if alone && ctx.names.prize_only(&c.name.node).is_some() {
                    // Only prizes read it: whom it counts (女子棋手 / women players).
                    ctx.mf(M::CategorySexPlayers, &[&sex])
                } else if alone {
                    ctx.mf(M::CategorySex, &[&sex])
                } else {
                    sex
                });
            }
            CategoryCond::Title { op, title, span } => {
                ctx.mark(*span);
                parts.push(title_cond(ctx, op.node, title));
            }
            CategoryCond::Pool(p) if Some(p.node.as_str()) == skip_pool => ctx.mark(p.span),
            CategoryCond::Pool(p) => {
                ctx.mark(p.span);
                let t = ctx.pool_title(&p.node);
                parts.push(ctx.mf(M::CategoryPool, &[&t]));
            }
            CategoryCond::Within(w) => {
                ctx.mark(w.span);
                let t = ctx.category_title(&w.node);
                parts.push(ctx.mf(M::Within, &[&t]));
            }
            CategoryCond::Requires(t) => {
                let t = ctx.tm(t);
                parts.push(t);
            }
            CategoryCond::Age {
                op,
                years,
                on,
                requires,
                span,
            } => {
                ctx.mark(*span);
                let mut age = age_phrase(ctx, op.node, years.node);
                if let Some(on) = on {
                    age = super::by_rule::age_on(ctx, &age, on.node);
                }
                parts.push(match requires {
                    Some(r) => {
                        let r = ctx.tm(r);
                        requires_text(ctx, &age, &r)
                    }
                    None => age,
                });
            }
            // A band (`rating >= 1800` and `rating < 2000`) is one phrase: 等级分1800至1999分.
            CategoryCond::Rating { span, .. } if band.is_some() => {
                ctx.mark(*span);
                if let Some((lo, hi)) = band.filter(|_| !band_said) {
                    parts.push(ctx.mf(M::RatingBand, &[&lo.to_string(), &hi.to_string()]));
                    band_said = true;
                }
            }
            CategoryCond::Rating { op, rating, span } => {
                ctx.mark(*span);
                let unrated = !c.conditions.iter().any(|x| {
                    matches!(x, CategoryCond::Rating { op, rating, .. }
                        if matches!(op.node, CompareOp::Ge | CompareOp::Gt | CompareOp::Eq)
                            && (rating.node > 0 || op.node == CompareOp::Gt))
                });
                parts.push(super::by_rule::rating_phrase(
                    ctx,
                    op.node,
                    rating.node,
                    unrated,
                ));
            }
            other => parts.extend(super::by_rule::rule_phrase(ctx, other)),
        }
    }
    parts
}

/// `1956年1月1日至1999年12月31日出生` / `born 1 January 1956 – 31 December 1999`.
fn born(ctx: &mut Ctx<'_>, w: &DateWindow) -> String {
    ctx.mark(w.span);
    let lang = ctx.lang;
    let d =
        |x: &Option<Spanned<xqreg_grammar::ast::Date>>| x.as_ref().map(|d| fmt::date(lang, d.node));
    match (d(&w.from), d(&w.to), w.exclusive) {
        (Some(a), Some(b), _) => ctx.mf(M::BornBetween, &[&a, &b]),
        (None, Some(b), false) => ctx.mf(M::BornOnOrBefore, &[&b]),
        (None, Some(b), true) => ctx.mf(M::BornBefore, &[&b]),
        (Some(a), None, false) => ctx.mf(M::BornOnOrAfter, &[&a]),
        (Some(a), None, true) => ctx.mf(M::BornAfter, &[&a]),
        (None, None, _) => String::new(),
    }
}
