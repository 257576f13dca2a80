//! Assembling the articles: buckets of clauses in article order, clauses of one heading grouped, numbered in the Chinese (一、（一）1.) or English (1. (1) (a)) style.

use super::*;

/// Numbers the articles and their clauses; returns the articles and each article's number.
pub(super) fn assemble(ctx: &mut Ctx<'_>) -> (Vec<Article>, BTreeMap<Art, String>) {
    let lang = ctx.lang;
    let buckets = std::mem::take(&mut ctx.buckets);
    let mut articles = Vec::new();
    let mut numbers = BTreeMap::new();
    for (art, mut clauses) in buckets {
        clauses.sort_by_key(|(o, _, _)| *o);
        let mut grouped: Vec<(Option<M>, Clause)> = Vec::new();
        for (_, group, clause) in clauses {
            match group {
                None => grouped.push((None, clause)),
                Some(g) => match grouped.iter_mut().find(|(k, _)| *k == Some(g)) {
                    Some((_, parent)) => parent.items.push(clause),
                    None => grouped.push((
                        Some(g),
                        Clause {
                            heading: ctx.m(g).to_string(),
                            items: vec![clause],
                            ..Clause::default()
                        },
                    )),
                },
            }
        }
        let mut clauses: Vec<Clause> = Vec::new();
        for (g, mut c) in grouped {
            flatten_single(&mut c, g);
            // Only rules and expenses: there the heading is the kind of the rule (未尽事宜, 食宿);
            // elsewhere it names a stage or a section (Swiss: Swiss system…) and stays.
            if matches!(art, Art::Conduct | Art::Expenses) {
                unhead_repeats(&mut c);
            }
            // The same sentence twice in one article (a deadline in the entry block and again
            // under registration) prints once.
            let dup = c.items.is_empty()
                && c.table.is_none()
                && clauses
                    .iter()
                    .any(|o| o.text == c.text && o.heading == c.heading && o.items.is_empty());
            if !dup {
                clauses.push(c);
            }
        }
        let heading = match art {
            Art::Organisers(i) => ctx.role_headings.get(i).cloned().unwrap_or_default(),
            other => ctx.m(art_heading(other)).to_string(),
        };
        let num = number(lang, 0, articles.len());
        numbers.insert(art, num.clone());
        let mut lead = String::new();
        let single_plain = matches!(clauses.as_slice(), [c] if c.heading.is_empty()
            && c.items.is_empty() && c.table.is_none() && c.diagram.is_none());
        if single_plain {
            if let Some(c) = clauses.pop() {
                let text = c.alone.unwrap_or(c.text);
                lead = if c.source.is_empty() {
                    text
                } else {
                    format!("{text}{}", c.source)
                };
            }
        }
        number_clauses(lang, 1, &mut clauses);
        let page_break = matches!(art, Art::Schedule);
        articles.push(Article {
            num,
            heading,
            lead,
            clauses,
            page_break,
        });
    }
    (articles, numbers)
}

pub(super) fn art_heading(art: Art) -> M {
    match art {
        Art::Organisers(_) => M::ArtOrganisers,
        Art::DatesVenue => M::ArtDatesVenue,
        Art::Event => M::ArtEvent,
        Art::Eligibility => M::ArtEligibility,
        Art::Categories => M::ArtCategories,
        Art::Method => M::ArtMethod,
        Art::Conduct => M::ArtConduct,
        Art::Officials => M::ArtOfficials,
        Art::Prizes => M::ArtPrizes,
        Art::Qualification => M::ArtQualification,
        Art::Expenses => M::ArtExpenses,
        Art::Registration => M::ArtRegistration,
        Art::Schedule => M::ArtSchedule,
        Art::Other => M::ArtOther,
        Art::Interpretation => M::ArtInterpretation,
    }
}

/// Clauses with the same heading (three knocked-pieces rules, two travel clauses) become one
/// clause with the heading and the texts as items, at the place of the first.
pub fn group_by_heading(clauses: Vec<Clause>) -> Vec<Clause> {
    let mut groups: Vec<Clause> = Vec::new();
    for clause in clauses {
        let same = groups
            .iter_mut()
            .find(|g| !clause.heading.is_empty() && g.heading == clause.heading);
        match same {
            Some(g) => {
                if g.items.is_empty() {
                    let mut first = Clause::text(std::mem::take(&mut g.text));
                    first.source = g.source.clone();
                    g.items.push(first);
                }
                let mut item = Clause::text(clause.text);
                item.source = clause.source;
                g.items.push(item);
                // The group is from a supplement only when every item is.
                if g.items.iter().any(|i| i.source != g.source) {
                    g.source.clear();
                }
            }
            None => groups.push(clause),
        }
    }
    // A tag said by the group is not repeated on its items.
    for g in &mut groups {
        if !g.source.is_empty() {
            for i in &mut g.items {
                i.source.clear();
            }
        }
    }
    groups
}

/// A rule whose text begins with its own heading prints the text alone (`未尽事宜，由裁判组…`,
/// `Board and lodging are paid…`), not after the same words in bold. Done once the clauses of
/// an article are grouped: the heading is what groups rules of one kind (碰乱棋子 1. 2. 3.).
fn unhead_repeats(c: &mut Clause) {
    if c.items.is_empty() && !c.heading.is_empty() && c.text.starts_with(&c.heading) {
        c.heading.clear();
    }
    for i in &mut c.items {
        unhead_repeats(i);
    }
}

/// A group of one clause prints that clause's text after the group heading.
///
/// The one time control of an event drops its own name (比赛用时：每方基本用时30分钟…), as
/// regulations with a single control write it: the name says nothing more there.
pub(super) fn flatten_single(c: &mut Clause, group: Option<M>) {
    if c.text.is_empty() && c.table.is_none() && c.diagram.is_none() {
        if let [only] = c.items.as_mut_slice() {
            let headed_ok = only.heading.is_empty() || group == Some(M::ClauseTime);
            if headed_ok && only.table.is_none() && only.diagram.is_none() {
                let only = std::mem::take(only);
                c.items = only.items;
                c.text = only.text;
                c.source = only.source;
            }
        }
    }
}

/// Numbers sibling clauses when there are two or more numbered ones; `plain` clauses (a closing
/// sentence such as 以上共32人参赛) keep no number.
pub fn number_clauses(lang: Lang, level: usize, clauses: &mut [Clause]) {
    let count = clauses.iter().filter(|c| !c.plain).count();
    let mut i = 0;
    for c in clauses.iter_mut() {
        if !c.plain && count >= 2 {
            c.num = number(lang, level, i);
            i += 1;
        }
        number_clauses(lang, level + 1, &mut c.items);
    }
}

/// The number of the `i`-th (0-based) clause at a depth, as GB/T 9704 numbers the levels of an
/// official text: 一、 （一） 1. （1） (full-width brackets) / 1. (1) (a) (i).
pub fn number(lang: Lang, level: usize, i: usize) -> String {
    let n = i as u64 + 1;
    match (lang, level) {
        (Lang::Zh, 0) => format!("{}、", fmt::zh_numeral(n)),
        (Lang::Zh, 1) => format!("（{}）", fmt::zh_numeral(n)),
        (Lang::Zh, 2) => format!("{n}."),
        (Lang::Zh, _) => format!("（{n}）"),
        (Lang::En, 0) => format!("{n}. "),
        (Lang::En, 1) => format!("({n}) "),
        (Lang::En, 2) => format!("({}) ", letter(i)),
        (Lang::En, _) => format!("({}) ", roman(n)),
    }
}

pub(super) fn letter(i: usize) -> String {
    let letters = "abcdefghijklmnopqrstuvwxyz";
    match letters.chars().nth(i) {
        Some(c) => c.to_string(),
        None => (i + 1).to_string(),
    }
}

pub(super) fn roman(n: u64) -> String {
    const TABLE: [(u64, &str); 13] = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let mut rest = n.min(3999);
    let mut out = String::new();
    for (v, s) in TABLE {
        while rest >= v {
            out.push_str(s);
            rest -= v;
        }
    }
    out
}
