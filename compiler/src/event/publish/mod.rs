//! `xqreg event publish DIR -o SITE/`: the event as a static web site in Chinese and English
//! (`SITE/zh/`, `SITE/en/`, and `SITE/index.html` pointing at the Chinese front page): each
//! stage's rounds with byes, standings with their tie-break columns, crosstables, knockout
//! brackets as SVG, the prizes and qualifiers once the event is over, and the rule sheet. The
//! pages hold no time stamp and no external asset; the site is written whole into a temporary
//! directory and swapped in ([`write`]), so a killed publish leaves the old site or the new.

pub mod bracket;
pub mod cross;
pub mod field;
pub mod labels;
pub mod matches;
pub mod model;
pub mod people;
pub mod text;
pub mod write;

use std::collections::BTreeMap;
use std::path::Path;

use minijinja::{context, AutoEscape, Environment};
use serde::Serialize;

use super::{io, with_event, Res};
use crate::diagnostics::{Lang, Template};
use model::People;
use text::Tr;

// The message catalogue of this module: compiler/messages/event/publish/mod.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/publish/mod.rs"));

const BASE: &str = include_str!("templates/base.html");
const INDEX: &str = include_str!("templates/index.html");
const STAGE: &str = include_str!("templates/stage.html");
const BRACKET: &str = include_str!("templates/bracket.svg");
const CSS: &str = include_str!("templates/site.css");
const ROOT: &str = include_str!("templates/root.html");
const NAV: &str = include_str!("templates/nav.html");
const RULES_CSS: &str = include_str!("templates/rules.css");

fn env() -> Result<Environment<'static>, minijinja::Error> {
    let mut env = Environment::new();
    // Every text of the event (names, units, stage titles) is escaped.
    env.set_auto_escape_callback(|_| AutoEscape::Html);
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    env.add_template("base.html", BASE)?;
    env.add_template("index.html", INDEX)?;
    env.add_template("stage.html", STAGE)?;
    env.add_template("bracket.svg", BRACKET)?;
    env.add_template("site.css", CSS)?;
    env.add_template("root.html", ROOT)?;
    env.add_template("nav.html", NAV)?;
    Ok(env)
}

#[derive(Debug, Serialize)]
struct Nav {
    href: String,
    label: String,
    current: bool,
}

/// What every page shares: its language, the other language, the navigation.
#[derive(Debug, Serialize)]
struct Site {
    lang: &'static str,
    other: &'static str,
    title: String,
    file: String,
    nav: Vec<Nav>,
    words: text::Words,
}

/// The pages of the site by path inside it, and the number of pages.
pub type Pages = BTreeMap<String, String>;

/// Build every page of the event in `dir`.
pub fn pages(dir: &Path, lang: Lang) -> Res<Pages> {
    with_event(dir, lang, |tx, loaded| {
        let live = loaded.replay()?;
        let stored = tx.games()?;
        let published: model::Published = stored.iter().map(|g| (g.game.key(), g.board)).collect();
        let plan = &loaded.event.plan;
        let env = env().map_err(|e| io(format!("internal error in the site's templates: {e}")))?;
        let fail =
            |e: minijinja::Error| io(format!("internal error while rendering the site: {e}"));
        let mut out = Pages::new();
        for l in [Tr::Zh, Tr::En] {
            let people = People::new(&loaded.event.roster, &plan.entry, l);
            let title = match l {
                Tr::Zh => plan.meta.title.clone(),
                Tr::En => plan
                    .meta
                    .title_en
                    .clone()
                    .unwrap_or_else(|| plan.meta.title.clone()),
            };
            let stage_titles: Vec<String> = live
                .outcome
                .stages
                .iter()
                .map(|s| model::stage_label(plan, &s.name, l))
                .collect();
            let site = |file: &str| {
                let mut nav = vec![Nav {
                    href: "index.html".into(),
                    label: text::words(l).home.into(),
                    current: file == "index.html",
                }];
                for (i, t) in stage_titles.iter().enumerate() {
                    let href = format!("stage-{}.html", i + 1);
                    nav.push(Nav {
                        current: file == href,
                        href,
                        label: t.clone(),
                    });
                }
                nav.push(Nav {
                    href: "rules.html".into(),
                    label: text::words(l).rules.into(),
                    current: file == "rules.html",
                });
                Site {
                    lang: l.code(),
                    other: l.other().code(),
                    title: title.clone(),
                    file: file.to_string(),
                    nav,
                    words: text::words(l),
                }
            };
            let index = model::index_page((&live.outcome, plan), &live, stored.len(), &people, l);
            let html = env
                .get_template("index.html")
                .and_then(|t| t.render(context! { site => site("index.html"), page => index, heading => title.clone() }))
                .map_err(fail)?;
            out.insert(format!("{}/index.html", l.code()), html);
            for (ix, stage_title) in stage_titles.iter().enumerate() {
                let mut page = model::stage_page((&live, plan), ix, &published, &people, l);
                let st = &live.outcome.stages[ix];
                matches::in_words(&mut page, st, plan, &people, l);
                let file = page.file.clone();
                let html = env
                    .get_template("stage.html")
                    .and_then(|t| t.render(context! { site => site(&file), page => page, heading => stage_title.clone() }))
                    .map_err(fail)?;
                out.insert(format!("{}/{file}", l.code()), html);
            }
            let nav = env
                .get_template("nav.html")
                .and_then(|t| t.render(context! { site => site("rules.html") }))
                .map_err(fail)?;
            out.insert(
                format!("{}/rules.html", l.code()),
                rules(&loaded.regulation.text, l, &nav)?,
            );
        }
        let root = env
            .get_template("root.html")
            .and_then(|t| t.render(context! {}))
            .map_err(fail)?;
        out.insert("index.html".into(), root);
        Ok(out)
    })
}

/// The rule sheet (`xqreg sheet --format html`) with the site's navigation after `<body>`.
fn rules(text: &str, l: Tr, nav: &str) -> Res<String> {
    let parsed = xqreg_grammar::parse_bytes(text.as_bytes());
    let checked = crate::check::check(&parsed.file).checked;
    let src = crate::sheet::Source::from_checked(&checked.file, &parsed.file);
    let sl = l.sheet();
    let sheet = crate::sheet::render(&src, sl, crate::sheet::Format::Html)
        .map_err(|e| {
            io(format!(
                "internal error while rendering the rule sheet: {e}"
            ))
        })?
        .text;
    let style = format!("<style>\n{}{RULES_CSS}</style>\n", text_nav_css());
    // The printed sheet has no viewport; on the site it is read on phones too.
    let viewport = "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    Ok(sheet
        .replacen("<head>\n", &format!("<head>\n{viewport}"), 1)
        .replacen("<body>\n", &format!("<body>\n{style}{nav}\n"), 1))
}

/// The navigation's own style, for the rule sheet's page (which has the sheet's style).
fn text_nav_css() -> &'static str {
    CSS.split("/* nav */")
        .nth(1)
        .and_then(|s| s.split("/* end nav */").next())
        .unwrap_or("")
}

/// `xqreg event publish DIR -o SITE`: write the site; what was written.
pub fn publish(dir: &Path, site: &Path, lang: Lang) -> Res<String> {
    let pages = pages(dir, lang)?;
    write::replace_dir(site, &pages).map_err(|e| {
        if !write::busy(&e) {
            return super::cannot(super::CANNOT_WRITE, site, e, lang);
        }
        // E855: another publish holds `.SITE.publishing`; nothing written.
        let (path, at) = (write::publishing(site), site.display().to_string());
        let path = path.display().to_string();
        let args = [("path", path.as_str()), ("site", &at)];
        let help = SITE_BUSY_HELP.fill(&args);
        super::refuse_in(&super::codes::E855, lang, SITE_BUSY.fill(&args), help)
    })?;
    let (n, site) = (pages.len().to_string(), site.display().to_string());
    let said = PUBLISHED.fill(&[("n", &n), ("site", &site)]);
    Ok(format!("{}\n", said.get(lang)))
}
