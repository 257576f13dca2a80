//! Lowering: a checked regulation in, the runtime's [`Plan`] out.
//!
//! Runs only on a file the checker passed without errors, so every name resolves and every
//! number is in range; where the regulation is silent, the plan gets the documented default and
//! an [`Origin::Default`] naming the rule that supplied it. Every item that comes from a clause
//! carries that clause's file, line and column. Lowering never fails and never panics: a
//! reference the checker would have rejected is kept by name and the runtime reports it.

mod derived;
mod entry;
pub(crate) use entry::school_years;
pub(crate) use rules::prize_item;
mod rules;
mod stages;
/// What a Swiss runs where its regulation is silent; the sheet prints these.
pub(crate) use stages::swiss::{
    default_bye, default_colour_limits, DEFAULT_COLOUR_TIE, DEFAULT_FORFEIT_COUNTS_AS_MET,
};

use xqreg_grammar::ast::{self, HeaderClause, Item};
use xqreg_grammar::Span;
use xqreg_runtime::plan::{self, Origin, Plan};

use crate::check::Checked;
use crate::diagnostics::source::SourceFile;

/// Lower a checked file to its plan. `source` is the file as read (for origins).
pub fn lower(checked: &Checked, source: &SourceFile) -> Plan {
    let lw = Lowerer {
        file: &checked.file,
        scope: checked.scope(),
        facts: &checked.facts,
        source,
    };
    lw.plan()
}

pub(crate) struct Lowerer<'a> {
    pub file: &'a ast::File,
    pub scope: crate::check::resolve::Scope<'a>,
    pub facts: &'a crate::check::facts::Facts,
    pub source: &'a SourceFile,
}

impl<'a> Lowerer<'a> {
    /// The origin of a clause at `span`.
    pub fn origin(&self, span: Span) -> Origin {
        self.source.origin(span)
    }

    fn items(&self) -> impl Iterator<Item = &'a Item> {
        self.file.items.iter()
    }

    /// What `lower` makes of the items it takes (None for the others), in source order.
    fn lowered<T>(&self, lower: impl FnMut(&'a Item) -> Option<T>) -> Vec<T> {
        self.items().filter_map(lower).collect()
    }

    fn plan(&self) -> Plan {
        let scoring = self.default_scoring();
        Plan {
            version: plan::PLAN_VERSION,
            meta: self.meta(),
            rng: plan::RngSpec {
                algorithm: plan::RngAlgorithm::Chacha8,
                origin: Origin::default_rule(
                    "default: ChaCha8 (rand_chacha), seeded from the run's --seed (DESIGN.md Data)",
                ),
            },
            time_controls: self.time_controls(),
            entry: self.entry(),
            categories: self.categories(),
            stages: self.stages(&scoring),
            places: self.places_decls(),
            rankings: self.rankings(),
            prizes: self.prizes(),
            board_prizes: self.board_prizes(),
            one_cash_prize: self.one_cash_prize(),
            qualification: self.qualification(),
            conduct: self.conduct(),
            scoring,
        }
    }

    fn meta(&self) -> plan::EventMeta {
        let mut meta = plan::EventMeta {
            title: String::new(),
            title_en: None,
            edition: None,
            dates: None,
            venue: None,
            rulebook: None,
            first_day: None,
            origin: Origin::default_rule("default: no `regulation` header"),
        };
        let Some(reg) = self.items().find_map(|i| match i {
            Item::Regulation(r) => Some(r),
            _ => None,
        }) else {
            return meta;
        };
        meta.title = reg.title.zh.node.clone();
        meta.title_en = reg.title.en.as_ref().map(|e| e.node.clone());
        meta.origin = self.origin(reg.span);
        for clause in &reg.clauses {
            match clause {
                HeaderClause::Edition(n) => meta.edition = Some(n.node),
                HeaderClause::Dates { from, to, .. } => {
                    meta.dates = Some((from.node, to.node));
                    meta.first_day = Some(from.node);
                }
                HeaderClause::Venue(t) => meta.venue = Some(t.zh.node.clone()),
                HeaderClause::Rulebook { kind, .. } => meta.rulebook = Some(kind.node.clone()),
                HeaderClause::Issued { .. }
                | HeaderClause::Event { .. }
                | HeaderClause::Interpretation(_)
                | HeaderClause::PrizeFund(_)
                | HeaderClause::OneCashPrize { .. }
                | HeaderClause::Official { .. } => {}
            }
        }
        meta
    }

    /// `one_cash_prize highest` in the header (奖金不兼得).
    fn one_cash_prize(&self) -> Option<plan::OneCashPrize> {
        self.items().find_map(|i| match i {
            Item::Regulation(r) => r.clauses.iter().find_map(|c| match c {
                HeaderClause::OneCashPrize { span } => Some(plan::OneCashPrize {
                    origin: self.origin(*span),
                }),
                _ => None,
            }),
            _ => None,
        })
    }

    fn conduct(&self) -> plan::Conduct {
        let mut conduct = plan::Conduct {
            withdraw_after_forfeits: None,
            fouls_per_game_loss: None,
            origin: Origin::default_rule("default: no conduct block"),
        };
        for item in self.items() {
            let Item::Conduct(c) = item else { continue };
            conduct.origin = self.origin(c.span);
            for rule in &c.rules {
                let first_int = rule.args.iter().find_map(|a| match a {
                    ast::ConductArg::Int(n) => Some(n.node),
                    _ => None,
                });
                match rule.kind.node.as_str() {
                    "withdraw" => conduct.withdraw_after_forfeits = first_int,
                    "fouls_per_game" => conduct.fouls_per_game_loss = first_int,
                    _ => {}
                }
            }
        }
        conduct
    }
}

pub(crate) fn range(r: &ast::PlaceRange) -> plan::PlaceRange {
    plan::PlaceRange::new(r.start, r.end)
}

pub(crate) fn place_ref(r: &ast::PlaceRef) -> plan::PlaceRef {
    plan::PlaceRef {
        stage: r.stage.node.clone(),
        group: match &r.group {
            ast::GroupSel::None => plan::GroupSel::None,
            ast::GroupSel::All => plan::GroupSel::All,
            ast::GroupSel::Named(g) => plan::GroupSel::Named(g.node.clone()),
        },
        places: range(&r.places),
    }
}

pub(crate) fn compare(op: ast::CompareOp) -> plan::CompareOp {
    match op {
        ast::CompareOp::Lt => plan::CompareOp::Lt,
        ast::CompareOp::Le => plan::CompareOp::Le,
        ast::CompareOp::Eq => plan::CompareOp::Eq,
        ast::CompareOp::Ge => plan::CompareOp::Ge,
        ast::CompareOp::Gt => plan::CompareOp::Gt,
    }
}

pub(crate) fn text(t: &ast::Text) -> String {
    t.zh.node.clone()
}

/// A file through the whole front end: the diagnostics, and the plan when there are no errors.
pub struct Compiled {
    pub report: crate::driver::FileReport,
    pub plan: Option<Plan>,
}

/// Parse, check and (when the file has no errors) lower one source given as bytes.
pub fn compile_bytes(name: &str, bytes: &[u8]) -> Compiled {
    let report = crate::driver::check_bytes(name, bytes);
    if report.count(crate::diagnostics::Severity::Error) > 0 {
        return Compiled { report, plan: None };
    }
    // No errors: the bytes are UTF-8 and parse cleanly.
    let parsed = xqreg_grammar::parse_bytes(bytes);
    let checked = crate::check::check(&parsed.file).checked;
    let plan = lower(&checked, &report.source);
    Compiled {
        report,
        plan: Some(plan),
    }
}
