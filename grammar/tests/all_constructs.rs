//! One cohesive table of tests (long on purpose): one test per construct of the worked file.
//! The worked file `data/all_constructs.xqr` uses every construct of the language; it must parse
//! without an error, and the tree must say what the text says (values, kinds, spans).

use xqreg_grammar::ast::*;
use xqreg_grammar::parse;

const SOURCE: &str = include_str!("data/all_constructs.xqr");

fn file() -> File {
    let parsed = parse(SOURCE);
    assert!(parsed.errors.is_empty(), "errors: {:#?}", parsed.errors);
    parsed.file
}

/// The text a span covers.
fn at(span: Span) -> &'static str {
    SOURCE.get(span.range()).expect("span inside the file")
}

fn stage<'a>(f: &'a File, name: &str) -> &'a Stage {
    f.items
        .iter()
        .find_map(|i| match i {
            Item::Stage(s) if s.name.node == name => Some(s),
            _ => None,
        })
        .expect("stage present")
}

fn names(ids: &[Ident]) -> Vec<&str> {
    ids.iter().map(|i| i.node.as_str()).collect()
}

/// The English of an optional title.
fn en(title: &Option<Text>) -> Option<&str> {
    title.as_ref()?.en.as_ref().map(|e| e.node.as_str())
}

/// The keyword and seconds of a time clause that is one duration.
fn timed(c: &TimeClause) -> (&'static str, u32) {
    match c {
        TimeClause::Base(d) => ("base", d.node.seconds),
        TimeClause::Red(d) => ("red", d.node.seconds),
        TimeClause::Black(d) => ("black", d.node.seconds),
        TimeClause::Increment(d) => ("increment", d.node.seconds),
        other => panic!("not one duration: {other:?}"),
    }
}

#[test]
fn every_block_is_read_in_order() {
    let f = file();
    let kinds: Vec<&str> = f
        .items
        .iter()
        .map(|i| match i {
            Item::Regulation(_) => "regulation",
            Item::Organisers(_) => "organisers",
            Item::Contacts(_) => "contacts",
            Item::Scoring(_) => "scoring",
            Item::TimeControl(_) => "time",
            Item::Entry(_) => "entry",
            Item::Category(_) => "category",
            Item::Stage(_) => "stage",
            Item::Playoff(_) => "playoff",
            Item::Places(_) => "places",
            Item::Prizes(_) => "prizes",
            Item::Qualification(_) => "qualification",
            Item::Conduct(_) => "conduct",
            Item::Schedule(_) => "schedule",
            Item::Registration(_) => "registration",
            Item::Expenses(_) => "expenses",
            Item::Note(_) => "note",
            Item::Supplement(_) => "supplement",
            Item::Roster(_) => "roster",
            Item::Ranking(_) => "ranking",
            Item::BoardPrizes(_) => "board_prizes",
            Item::Test(_) => "test",
            Item::Broken(_) => "broken",
        })
        .collect();
    // Runs of blocks of one kind, in file order.
    let expected: Vec<&str> = [
        ("regulation", 1),
        ("organisers", 1),
        ("contacts", 1),
        ("scoring", 2),
        ("time", 4),
        ("entry", 3),
        ("category", 6),
        ("stage", 9),
        ("playoff", 1),
        ("places", 2),
        ("prizes", 2),
        ("qualification", 1),
        ("conduct", 1),
        ("schedule", 1),
        ("registration", 1),
        ("expenses", 1),
        ("note", 2),
        ("supplement", 1),
        ("test", 2),
        ("roster", 1),
        ("test", 1),
        ("ranking", 1),
        ("test", 1),
        ("stage", 1),
        ("board_prizes", 1),
    ]
    .into_iter()
    .flat_map(|(kind, n)| std::iter::repeat_n(kind, n))
    .collect();
    assert_eq!(kinds, expected);
    // Each item's span starts at its keyword in column 1.
    for item in &f.items {
        let span = match item {
            Item::Stage(s) => s.span,
            Item::Prizes(p) => p.span,
            Item::Test(t) => t.span,
            _ => continue,
        };
        assert!(span.start == 0 || SOURCE.as_bytes()[span.start as usize - 1] == b'\n');
        assert!(at(span).ends_with('}'));
    }
}

#[test]
fn header_organisers_contacts() {
    let f = file();
    let Item::Regulation(r) = &f.items[0] else {
        panic!("first item is the regulation")
    };
    assert_eq!(r.title.zh.node, "第四届“周庄杯”海峡两岸象棋大师赛");
    assert_eq!(
        r.title.en.as_ref().map(|e| e.node.as_str()),
        Some("4th Zhouzhuang Cup Cross-Strait Masters")
    );
    assert_eq!(at(r.title.zh.span), "\"第四届“周庄杯”海峡两岸象棋大师赛\"");
    assert!(matches!(
        r.clauses[0],
        HeaderClause::Edition(Spanned { node: 4, .. })
    ));
    match &r.clauses[1] {
        HeaderClause::Issued { date, by, .. } => {
            assert_eq!(
                date.node,
                Date {
                    year: 2014,
                    month: 3,
                    day: 25
                }
            );
            assert_eq!(at(date.span), "2014-03-25");
            assert_eq!(
                by.as_ref().map(|t| t.zh.node.as_str()),
                Some("中国象棋协会")
            );
        }
        other => panic!("{other:?}"),
    }
    match &r.clauses[2] {
        HeaderClause::Dates { from, to, .. } => {
            assert_eq!((from.node.day, to.node.day), (27, 29));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&r.clauses[4], HeaderClause::Rulebook { kind, text: Some(_), .. } if kind.node == "asian")
    );
    assert!(
        matches!(&r.clauses[5], HeaderClause::Event { kind, .. } if kind.node == "men_individual")
    );
    assert!(
        matches!(&r.clauses[6], HeaderClause::PrizeFund(m) if m.amount.node == 500_000
            && m.currency.as_ref().is_some_and(|c| c.node == "CNY"))
    );
    assert!(
        matches!(&r.clauses[8], HeaderClause::OneCashPrize { span } if at(*span) == "one_cash_prize highest")
    );
    let officials: Vec<&str> = r
        .clauses
        .iter()
        .filter_map(|c| match c {
            HeaderClause::Official { role, .. } => Some(role.node.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(officials, ["chief_arbiter", "appeals"]);

    let Item::Organisers(o) = &f.items[1] else {
        panic!()
    };
    assert_eq!(o.roles.len(), 4);
    assert_eq!(o.roles[1].role.node, "host");
    assert_eq!(o.roles[1].names.len(), 2);
    // A name list continued on the next line after a comma.
    assert_eq!(o.roles[2].names[1].zh.node, "周庄镇人民政府");
    assert_eq!(
        o.roles[3].names[0].en.as_ref().map(|e| e.node.as_str()),
        Some("Zhouzhuang Tourism")
    );

    let Item::Contacts(c) = &f.items[2] else {
        panic!()
    };
    assert_eq!(c.contacts[0].name.zh.node, "陈浩");
    let fields: Vec<(&str, &str)> = c.contacts[0]
        .fields
        .iter()
        .map(|(k, v)| (k.node.as_str(), v.zh.node.as_str()))
        .collect();
    assert_eq!(
        fields,
        [("phone", "010-87559131"), ("email", "zgxqxh@163.com")]
    );
    assert_eq!(
        c.contacts[0].purpose.as_ref().map(|p| p.node.as_str()),
        Some("registration")
    );
    assert!(c.contacts[1].purpose.is_none());
}

#[test]
fn scoring_and_time_controls() {
    let f = file();
    let Item::Scoring(s) = &f.items[3] else {
        panic!()
    };
    assert!(s.name.is_none());
    let points: Vec<(&str, i64)> = s
        .points
        .iter()
        .map(|(k, v)| (k.node.as_str(), v.node))
        .collect();
    assert_eq!(
        points,
        [
            ("win", 2),
            ("draw", 1),
            ("loss", 0),
            ("forfeit_win", 2),
            ("forfeit_loss", -1),
            ("bye", 2)
        ]
    );
    let Item::Scoring(team) = &f.items[4] else {
        panic!()
    };
    assert_eq!(team.name.as_ref().map(|n| n.node.as_str()), Some("team"));
    assert_eq!(team.points.len(), 3);
    assert_eq!(team.matches.as_ref().map(Vec::len), Some(3));

    let Item::TimeControl(t) = &f.items[5] else {
        panic!()
    };
    assert_eq!(t.name.node, "standard");
    assert_eq!(t.title.as_ref().map(|t| t.zh.node.as_str()), Some("慢棋"));
    assert_eq!(timed(&t.clauses[0]), ("base", 1200));
    assert_eq!(timed(&t.clauses[1]), ("increment", 20));
    assert!(matches!(t.clauses[2], TimeClause::FlagLoses(_)));
    let Item::TimeControl(a) = &f.items[7] else {
        panic!()
    };
    assert_eq!(timed(&a.clauses[0]), ("red", 360));
    assert_eq!(timed(&a.clauses[1]), ("black", 300));
    assert!(matches!(&a.clauses[3], TimeClause::DrawGoesTo(side) if side.node == "black"));
    let Item::TimeControl(c) = &f.items[8] else {
        panic!()
    };
    assert_eq!(timed(&c.clauses[0]), ("base", 5400));
    assert!(matches!(
        c.clauses[1],
        TimeClause::Moves {
            moves: Spanned { node: 40, .. },
            then: Spanned {
                node: Duration { seconds: 1800 },
                ..
            },
            ..
        }
    ));
    assert!(matches!(c.clauses[2], TimeClause::SuddenDeath(_)));
}

#[test]
fn entry_pools_players() {
    let f = file();
    let Item::Entry(e) = &f.items[9] else {
        panic!()
    };
    assert!(matches!(
        e.clauses[0],
        EntryClause::Field(Spanned { node: 32, .. })
    ));
    let EntryClause::Pool(rated) = &e.clauses[2] else {
        panic!("{:?}", e.clauses[2])
    };
    assert_eq!(rated.name.node, "rated");
    assert_eq!(rated.size.as_ref().map(|s| s.node), Some(9));
    assert!(matches!(
        &rated.source[0],
        PoolSource::RatingTop { count: Spanned { node: 9, .. }, as_of: Some(d), .. } if d.node.year == 2013
    ));
    assert!(
        matches!(&rated.source[2], PoolSource::Title { op, title, .. } if op.node == CompareOp::Ge && title.node == "master")
    );
    assert!(matches!(&rated.source[3], PoolSource::Excluding(p) if p.node == "champions"));
    assert!(
        matches!(&rated.source[4], PoolSource::Replacement { rule, .. } if rule.node == "next_in_line")
    );
    let EntryClause::Pool(taipei) = &e.clauses[3] else {
        panic!()
    };
    assert!(matches!(&taipei.source[0], PoolSource::NominatedBy(_)));
    assert!(matches!(&taipei.source[1], PoolSource::Staff { roles, .. } if roles.len() == 2));
    let EntryClause::Pool(city) = &e.clauses[4] else {
        panic!()
    };
    assert!(city.size.is_none());
    assert!(matches!(&city.source[0], PoolSource::Qualifiers { top: Some(t), .. } if t.node == 12));
    assert!(matches!(&city.source[2], PoolSource::Category(c) if c.node == "youth"));
    let EntryClause::Pool(asean) = &e.clauses[5] else {
        panic!()
    };
    assert!(matches!(&asean.source[0], PoolSource::Quota { count, .. } if count.node == 2));
    assert!(matches!(
        &asean.source[1],
        PoolSource::Host {
            when_odd: Some(_),
            ..
        }
    ));
    assert!(matches!(&asean.source[2], PoolSource::Remark(_)));
    assert!(
        matches!(&e.clauses[7], EntryClause::Age { requires: Some(_), years, .. } if years.node == 65)
    );
    assert!(matches!(&e.clauses[8], EntryClause::Title { op, .. } if op.node == CompareOp::Lt));
    assert!(
        matches!(&e.clauses[12], EntryClause::Deadline { time: Some(t), .. } if t.node == ClockTime { hour: 17, minute: 0 })
    );
    match &e.clauses[13] {
        EntryClause::Fee { kind, money, .. } => {
            assert_eq!(kind.node, "service");
            assert_eq!(money.amount.node, 100);
            assert_eq!(
                money.currency.as_ref().map(|c| c.node.as_str()),
                Some("CNY")
            );
            assert_eq!(at(money.span), "100 CNY");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        &e.clauses[14],
        EntryClause::Deposit {
            refund: Some(_),
            ..
        }
    ));
    assert!(matches!(&e.clauses[15], EntryClause::Subsidy { limit: Some(l), .. } if l.node == 10));
    assert!(
        matches!(&e.clauses[16], EntryClause::Staff { per: StaffUnit::Text(_), roles, .. } if roles.len() == 1)
    );
    assert!(
        matches!(&e.clauses[17], EntryClause::Staff { per: StaffUnit::Pool(p), roles, .. } if p.node == "taipei" && roles.len() == 2)
    );
    let EntryClause::Player(xu) = &e.clauses[19] else {
        panic!()
    };
    assert_eq!(xu.id.node, "xu");
    assert_eq!(xu.attrs.len(), 9);
    assert!(matches!(&xu.attrs[3], PlayerAttr::Sex(s) if s.node == "men"));
    assert!(
        matches!(&xu.attrs[4], PlayerAttr::Born(d) if d.node == Date { year: 1975, month: 8, day: 3 })
    );
    assert!(matches!(&xu.attrs[6], PlayerAttr::Federation(c) if c.node == "CHN"));
    let EntryClause::Player(lv) = &e.clauses[20] else {
        panic!()
    };
    assert!(lv.attrs.is_empty());

    let Item::Entry(cap) = &f.items[10] else {
        panic!()
    };
    assert!(
        matches!(&cap.clauses[0], EntryClause::Cap { max, order: Some(o), .. } if max.node == 150 && o.node == "first_come")
    );
    assert!(
        matches!(&cap.clauses[1], EntryClause::AssumeField { size, reason: Some(_), .. } if size.node == 24)
    );
    let EntryClause::Quota(q) = &cap.clauses[2] else {
        panic!("quota per unit")
    };
    assert_eq!((q.per.node.as_str(), q.total.node), ("unit", 3));
    let shares: Vec<(&str, u32)> = q
        .by_sex
        .iter()
        .map(|(s, n)| (s.node.as_str(), n.node))
        .collect();
    assert_eq!(shares, [("men", 2), ("women", 1)]);
    assert_eq!(q.except.as_ref().map(|c| c.node.as_str()), Some("senior"));
    let Item::Entry(open) = &f.items[11] else {
        panic!()
    };
    assert!(matches!(open.clauses[0], EntryClause::FieldOpen(_)));
}

#[test]
fn categories_and_date_windows() {
    let f = file();
    let windows: Vec<(Option<Date>, Option<Date>, bool)> = f.items[12..18]
        .iter()
        .filter_map(|i| match i {
            Item::Category(c) => c.conditions.iter().find_map(|k| match k {
                CategoryCond::Born(w) => Some((
                    w.from.as_ref().map(|d| d.node),
                    w.to.as_ref().map(|d| d.node),
                    w.exclusive,
                )),
                _ => None,
            }),
            _ => None,
        })
        .collect();
    let d = |y, m, day| {
        Some(Date {
            year: y,
            month: m,
            day,
        })
    };
    assert_eq!(
        windows,
        [
            (d(1956, 1, 1), d(1999, 12, 31), false),
            (None, d(1955, 12, 31), false),
            (d(2000, 1, 1), None, false),
            (d(2005, 12, 31), None, true),
            (None, d(1956, 1, 1), true),
        ]
    );
    let Item::Category(pro) = &f.items[17] else {
        panic!()
    };
    assert!(matches!(&pro.conditions[0], CategoryCond::Pool(p) if p.node == "champions"));
    assert!(matches!(&pro.conditions[1], CategoryCond::Within(p) if p.node == "open_men"));
    assert!(matches!(&pro.conditions[2], CategoryCond::Title { .. }));
    let Item::Category(senior) = &f.items[13] else {
        panic!()
    };
    assert!(
        matches!(&senior.conditions[1], CategoryCond::Age { years, requires: Some(_), .. } if years.node == 70)
    );
}

#[test]
fn categories_by_rule_and_grades() {
    let f = file();
    let cat = |name: &str| {
        f.items
            .iter()
            .find_map(|i| match i {
                Item::Category(c) if c.name.node == name => Some(c),
                _ => None,
            })
            .expect(name)
    };
    let youth = cat("youth");
    assert!(matches!(
        &youth.conditions[2],
        CategoryCond::SchoolYear { years: SchoolYears::Compare { op, year }, .. }
            if op.node == CompareOp::Eq && year.node == 3
    ));
    assert!(matches!(
        &youth.conditions[3],
        CategoryCond::Federation { not: false, codes, .. } if codes.len() == 2
    ));
    let kids = cat("kids");
    assert!(matches!(
        &kids.conditions[1],
        CategoryCond::Federation { not: true, codes, .. } if codes[1].node == "VIE"
    ));
    assert!(matches!(&kids.conditions[2], CategoryCond::Grade { grade, .. } if grade.node == 7));
    assert!(matches!(
        &kids.conditions[3],
        CategoryCond::SchoolYear { years: SchoolYears::Range { from, to }, .. }
            if from.node == 1 && to.node == 6
    ));
    let old = cat("old");
    assert!(matches!(
        &old.conditions[1],
        CategoryCond::Age { on: Some(d), requires: None, .. } if d.node == Date { year: 2026, month: 6, day: 30 }
    ));
    assert!(matches!(&old.conditions[2], CategoryCond::Club(t) if t.zh.node == "棋院"));
    assert!(matches!(&old.conditions[3], CategoryCond::Residence(t) if t.zh.node == "成都"));
    assert!(matches!(&old.conditions[4], CategoryCond::Players { ids, .. } if ids.len() == 2));
    assert!(matches!(
        &old.conditions[5..],
        [
            CategoryCond::Rating { op: lo, rating: a, .. },
            CategoryCond::Rating { op: hi, rating: b, .. },
        ] if lo.node == CompareOp::Ge && a.node == 1800 && hi.node == CompareOp::Lt && b.node == 2000
    ));
    let entry = f
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Entry(e) => Some(e),
            _ => None,
        })
        .nth(1)
        .expect("the second entry");
    assert!(entry
        .clauses
        .iter()
        .any(|c| matches!(c, EntryClause::Grade { op, grade, .. } if op.node == CompareOp::Ge && grade.node == 7)));
    let zhao = entry
        .clauses
        .iter()
        .find_map(|c| match c {
            EntryClause::Player(p) if p.id.node == "zhao" => Some(p),
            _ => None,
        })
        .expect("zhao");
    assert!(matches!(&zhao.attrs[0], PlayerAttr::Grade(n) if n.node == 7));
    assert!(matches!(&zhao.attrs[1], PlayerAttr::SchoolYear(n) if n.node == 3));
    assert!(matches!(&zhao.attrs[2], PlayerAttr::Club(_)));
    assert!(matches!(&zhao.attrs[3], PlayerAttr::Residence(_)));
    assert!(matches!(&zhao.attrs[4], PlayerAttr::Qualified(n) if n.node == 3));
    assert!(entry
        .clauses
        .iter()
        .any(|c| matches!(c, EntryClause::Pool(p)
        if matches!(&p.source[..], [PoolSource::Invite { list, .. }]
            if list.len() == 2 && list[0].0.node == "VIE" && list[1].1.node == 1))));
    assert!(entry.clauses.iter().any(|c| matches!(c, EntryClause::Pool(p)
        if matches!(&p.source[..], [PoolSource::RatingTop { .. }, PoolSource::ReplacementFrom { pool, .. }]
            if pool.node == "guests"))));
}

#[test]
fn group_stage() {
    let f = file();
    let s = stage(&f, "groups");
    assert_eq!(en(&s.title), Some("Group stage"));
    match &s.clauses[0] {
        StageClause::Format(Format::RoundRobin {
            cycles,
            groups,
            size,
            ..
        }) => {
            assert_eq!(cycles.node, "single");
            assert_eq!(names(groups), ["A", "B", "C", "D"]);
            assert_eq!(size.as_ref().map(|s| s.node), Some(8));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&s.clauses[1], StageClause::Entrants { sources, .. } if matches!(sources[..], [EntrantSource::Roster(_)]))
    );
    let StageClause::Draw(draw) = &s.clauses[3] else {
        panic!()
    };
    assert!(
        matches!(&draw.rules[0], DrawRule::PoolQuota { pool, per_group, order: Some(o), .. }
        if pool.node == "taipei" && per_group.node == 2 && o.node == "list_order")
    );
    assert!(
        matches!(&draw.rules[1], DrawRule::Pot { title: Some(_), members, per_group, .. }
        if names(members) == ["xu", "lv"] && per_group.node == 1)
    );
    assert!(
        matches!(&draw.rules[2], DrawRule::RatingSeeds { places, .. } if (places.start, places.end) == (1, 4))
    );
    assert!(matches!(&draw.rules[3], DrawRule::Rest { rule, .. } if rule.node == "random"));
    assert!(matches!(&draw.rules[4], DrawRule::Avoid { what, .. } if what.node == "same_unit"));
    assert!(matches!(&draw.rules[5], DrawRule::Numbers { rule, .. } if rule.node == "lot"));
    let StageClause::Tiebreak(chain) = &s.clauses[4] else {
        panic!()
    };
    let crit: Vec<(&str, Vec<&str>)> = chain
        .criteria
        .iter()
        .map(|c| (c.name.node.as_str(), names(&c.variants)))
        .collect();
    assert_eq!(
        crit,
        [
            ("sonneborn_berger", vec![]),
            ("head_to_head", vec!["two_only"]),
            ("wins", vec![]),
            ("black_wins", vec![]),
            ("black_games", vec![]),
            ("head_to_head_black", vec!["two_only"]),
            ("fouls", vec![]),
            ("lots", vec![]),
        ]
    );
    assert!(
        matches!(&s.clauses[5], StageClause::ScoreSheets { rule, .. } if rule.node == "required")
    );
    assert!(matches!(&s.clauses[6], StageClause::ForfeitMet { value, .. } if !value.node));
}

#[test]
fn knockout_swiss_and_other_formats() {
    let f = file();
    let fa = stage(&f, "final_a");
    let StageClause::Format(Format::Knockout(ko)) = &fa.clauses[0] else {
        panic!()
    };
    let KnockoutClause::Bracket { pairs, .. } = &ko.clauses[0] else {
        panic!()
    };
    assert_eq!(pairs.len(), 2);
    match &pairs[1].1 {
        BracketSlot::Place(r) => {
            assert_eq!(r.stage.node, "groups");
            assert!(matches!(&r.group, GroupSel::Named(g) if g.node == "D"));
            assert_eq!((r.places.start, r.places.end), (1, 1));
            assert_eq!(at(r.span), "groups.D#1");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(ko.clauses[1], KnockoutClause::ThirdPlace(_)));
    match &fa.clauses[1] {
        StageClause::Entrants { sources, .. } => match &sources[..] {
            [EntrantSource::Places(r)] => {
                assert!(matches!(r.group, GroupSel::All));
                assert_eq!(r.places.start, 1);
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert!(matches!(&fa.clauses[2], StageClause::Places(p) if (p.start, p.end) == (1, 4)));
    assert!(matches!(&fa.clauses[4], StageClause::Colours { rule, .. } if rule.node == "lot"));
    assert!(
        matches!(&fa.clauses[5], StageClause::Playoff(PlayoffRef::Named(n)) if n.node == "ladder")
    );

    let fb = stage(&f, "final_b");
    assert!(matches!(&fb.clauses[0], StageClause::SameAs(n) if n.node == "final_a"));
    assert_eq!(fb.clauses.len(), 3);

    let main = stage(&f, "main");
    assert!(
        matches!(&main.clauses[0], StageClause::Format(Format::Swiss { system, rounds: SwissRounds::Fixed(r), .. })
        if system.node == "cxa" && r.node == 11)
    );
    match &main.clauses[1] {
        StageClause::Numbers(Numbers::Seeded {
            tiers,
            seeds_order,
            rest,
            ..
        }) => {
            assert_eq!(tiers.len(), 5);
            assert!(matches!(&tiers[4], SeedTier::Players(p) if names(p) == ["xu", "lv"]));
            assert!(matches!(&tiers[3], SeedTier::Category(c) if c.node == "senior"));
            assert_eq!(seeds_order.as_ref().map(|s| s.node.as_str()), Some("lot"));
            assert_eq!(rest.node, "registration_order");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&main.clauses[2], StageClause::FirstRound { method, colours: Some(c), first_board: Some(b), .. }
        if method.node == "split_half" && c.node == "alternate" && b.node == "upper")
    );
    assert!(
        matches!(&main.clauses[3], StageClause::Avoid { what, when: Some(w), .. } if what.node == "same_unit" && w.node == "never")
    );
    assert!(
        matches!(&main.clauses[4], StageClause::ColourLimits { params, .. } if params.len() == 3)
    );
    assert!(
        matches!(&main.clauses[5], StageClause::ColourTie { rule, .. } if rule.node == "sum_parity")
    );
    match &main.clauses[6] {
        StageClause::Bye { params, .. } => {
            assert!(matches!(&params[0].value, ParamValue::Int(n) if n.node == 2));
            assert!(
                matches!(&params[1].value, ParamValue::Ident(v) if v.node == "lowest_in_field")
            );
        }
        other => panic!("{other:?}"),
    }
    let StageClause::Tiebreak(chain) = &main.clauses[7] else {
        panic!()
    };
    let os = &chain.criteria[0];
    assert_eq!(os.name.node, "opponents_score");
    assert!(os.variants.is_empty());
    assert_eq!(os.params.len(), 2);
    assert!(
        matches!(&os.params[0], Param { key, value: ParamValue::Int(n), .. } if key.node == "cut" && n.node == 1)
    );
    assert!(
        matches!(&os.params[1], Param { key, value: ParamValue::Ident(v), .. } if key.node == "bye" && v.node == "lowest_in_field")
    );
    assert_eq!(names(&chain.criteria[4].variants), ["cumulative"]);
    assert!(
        matches!(&main.clauses[8], StageClause::Split { after_round, top, to, .. }
        if after_round.node == 5 && top.node == 8 && to.node == "top_ko")
    );
    assert!(matches!(&main.clauses[10], StageClause::Note(_)));
    assert!(
        matches!(&main.clauses[11], StageClause::LateEntry { until_round, missed, .. }
        if until_round.node == 3 && missed.node == "half")
    );
}

#[test]
fn the_other_knockouts_same_place_and_team_formats() {
    let f = file();
    let open = stage(&f, "open");
    assert!(
        matches!(open.clauses.last(), Some(StageClause::Cap { max, order: Some(o), .. })
        if max.node == 80 && o.node == "by_rating")
    );
    match &open.clauses[0] {
        StageClause::Format(Format::Swiss {
            rounds: SwissRounds::ByEntries(arms),
            ..
        }) => {
            let a: Vec<(Option<u32>, Option<u32>, u32)> =
                arms.iter().map(|a| (a.min, a.max, a.rounds.node)).collect();
            assert_eq!(
                a,
                [
                    (None, Some(16), 5),
                    (Some(17), Some(32), 7),
                    (Some(33), None, 9)
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&open.clauses[1], StageClause::Entrants { sources, .. }
        if matches!(&sources[..], [EntrantSource::Category(c), EntrantSource::Pool(p)] if c.node == "open_men" && p.node == "rated"))
    );
    assert!(matches!(&open.clauses[2], StageClause::Scoring(s) if s.node == "team"));
    assert!(matches!(&open.clauses[3], StageClause::Tiebreak(c) if c.criteria.len() == 3));
    assert!(
        matches!(&open.clauses[4], StageClause::Numbers(Numbers::Parity { pools, within, .. })
        if pools.len() == 2 && pools[0].0.node == "rated" && pools[0].1.node == "odd"
            && pools[1].1.node == "even" && within.node == "rating")
    );

    let ko = stage(&f, "top_ko");
    let StageClause::Format(Format::Knockout(k)) = &ko.clauses[0] else {
        panic!()
    };
    assert!(matches!(
        k.clauses[..],
        [
            KnockoutClause::Seeded { .. },
            KnockoutClause::Seeding { .. },
            KnockoutClause::Seeds { .. },
            KnockoutClause::Games(_),
            KnockoutClause::Placement(_),
            KnockoutClause::Byes { .. }
        ]
    ));
    assert!(
        matches!(&ko.clauses[1], StageClause::Entrants { sources, .. }
        if matches!(&sources[..], [EntrantSource::Places(r)] if matches!(r.group, GroupSel::None) && r.places.end == 8))
    );
    match &ko.clauses[2] {
        StageClause::Playoff(PlayoffRef::Inline(chain)) => {
            assert!(chain.name.is_none());
            assert_eq!(
                chain.title.as_ref().map(|t| t.zh.node.as_str()),
                Some("加赛")
            );
            assert_eq!(chain.steps.len(), 2);
        }
        other => panic!("{other:?}"),
    }

    let cross = stage(&f, "cross");
    let StageClause::Format(Format::Knockout(k)) = &cross.clauses[0] else {
        panic!()
    };
    let KnockoutClause::Bracket { pairs, .. } = &k.clauses[0] else {
        panic!()
    };
    assert!(matches!(&pairs[0], (BracketSlot::Seed(s), BracketSlot::Bye(_)) if s.node == 1));
    assert!(
        matches!(&pairs[1], (BracketSlot::Player(a), BracketSlot::Player(b)) if a.node == "xu" && b.node == "lv")
    );
    assert!(matches!(&k.clauses[1], KnockoutClause::OnlyIfTied(s) if at(*s) == "only_if_tied"));
    assert!(matches!(&k.clauses[2], KnockoutClause::Boards(n) if n.node == 4 && at(n.span) == "4"));
    assert_eq!(k.boards().map(|n| n.node), Some(4));
    assert!(
        matches!(&cross.clauses[1], StageClause::Entrants { sources, .. } if matches!(sources[..], [EntrantSource::Rest(_)]))
    );

    let same = stage(&f, "same");
    assert!(
        matches!(&same.clauses[0], StageClause::Format(Format::SamePlace { groups, places, .. })
        if groups.len() == 2 && groups[1].group.node == "B" && places.end == 12)
    );
    let teams = stage(&f, "teams");
    assert!(
        matches!(&teams.clauses[0], StageClause::Format(Format::TeamRoundRobin { cycles, boards, groups, .. })
        if cycles.node == "double" && boards.node == 4 && names(groups) == ["甲", "乙"])
    );
    assert!(
        matches!(&teams.clauses[2], StageClause::Colours { rule, team: Some(t), .. }
        if rule.node == "by_board" && t.node == "lower_number")
    );
    assert!(
        matches!(&teams.clauses[3], StageClause::Lineup { mode, deadline: Some(d), default: Some(def), colour_balance: Some(k), .. }
        if mode.node == "each_round" && d.node.seconds == 1800 && def.node == "roster_order" && k.node == 1)
    );
}

#[test]
fn playoffs_places_prizes_qualification() {
    let f = file();
    let Item::Playoff(p) = &f.items[27] else {
        panic!()
    };
    assert_eq!(p.name.as_ref().map(|n| n.node.as_str()), Some("ladder"));
    assert!(
        matches!(&p.steps[0], PlayoffStep::Game { time, colours: Some(c), games: None, .. } if time.node == "rapid" && c.node == "swap")
    );
    assert!(matches!(&p.steps[1], PlayoffStep::Game { games: Some(g), .. } if g.node == 2));
    assert!(
        matches!(&p.steps[2], PlayoffStep::Armageddon { colours: Some(c), .. } if c.node == "lot")
    );
    assert!(matches!(p.steps[3], PlayoffStep::Lots(_)));
    assert!(matches!(&p.steps[4], PlayoffStep::Tiebreak(c) if c.criteria.len() == 1));
    assert!(matches!(p.steps[5], PlayoffStep::EarlierGame(_)));
    assert!(matches!(p.steps[6], PlayoffStep::Black(_)));

    let Item::Places(shared) = &f.items[28] else {
        panic!()
    };
    assert_eq!((shared.places.start, shared.places.end), (9, 16));
    assert!(matches!(shared.rule, PlacesRule::Shared(_)));
    assert_eq!(shared.sources.len(), 1);
    assert_eq!(
        (shared.sources[0].places.start, shared.sources[0].places.end),
        (3, 4)
    );
    assert!(shared.title.is_some());
    let Item::Places(ranked) = &f.items[29] else {
        panic!()
    };
    assert!(matches!(&ranked.rule, PlacesRule::Ranked(c) if c.criteria.len() == 3));
    assert_eq!(ranked.sources.len(), 2);

    let Item::Prizes(pz) = &f.items[30] else {
        panic!()
    };
    assert!(pz.category.is_none());
    assert_eq!(pz.currency.as_ref().map(|c| c.node.as_str()), Some("CNY"));
    assert_eq!(pz.tax.as_ref().map(|t| t.node.as_str()), Some("after_tax"));
    assert_eq!(pz.lines.len(), 8);
    assert!(matches!(
        &pz.lines[0].items[..],
        [PrizeItem::Trophy(_), PrizeItem::Certificate(_)]
    ));
    assert!(
        matches!(&pz.lines[1].items[..], [PrizeItem::Medal { metal: Some(m), .. }] if m.node == "silver")
    );
    assert!(matches!(
        &pz.lines[2].items[..],
        [PrizeItem::Medal { metal: None, .. }]
    ));
    assert!(matches!(&pz.lines[3].items[..], [PrizeItem::Plaque(_)]));
    let five = &pz.lines[4];
    assert!(five.each);
    assert!(matches!(
        five.key,
        PrizeKey::Places(PlaceRange {
            start: 5,
            end: 8,
            ..
        })
    ));
    assert!(matches!(&five.items[..], [PrizeItem::Other(t)] if t.zh.node == "棋王杯"));
    assert!(pz.lines[6].money.is_none());
    assert!(
        matches!(&pz.lines[7].key, PrizeKey::Eliminated { stage, round, .. } if stage.node == "top_ko" && round.node == 1)
    );
    assert_eq!(pz.total.as_ref().map(|t| t.amount.node), Some(183_400));
    let Item::Prizes(hk) = &f.items[31] else {
        panic!()
    };
    assert_eq!(
        hk.category.as_ref().map(|c| c.node.as_str()),
        Some("open_men")
    );
    assert_eq!(hk.currency.as_ref().map(|c| c.node.as_str()), Some("HKD"));
    assert!(pz.limits.is_empty());
    assert!(matches!(&hk.lines[2].key, PrizeKey::Completed(_)) && hk.lines[2].each);
    assert!(matches!(
        &hk.limits[..],
        [PrizeLimit { rule: PrizeLimitRule::EntriesMinus(n), .. }] if n.node == 1
    ));
    assert_eq!(hk.lines.len(), 3);
    assert!(hk.lines[1]
        .money
        .as_ref()
        .is_some_and(|m| m.currency.is_none()));

    let Item::Qualification(q) = &f.items[32] else {
        panic!()
    };
    assert_eq!(q.quotas.len(), 2);
    assert_eq!(q.quotas[0].category.node, "open_men");
    assert_eq!(
        q.replacement.as_ref().map(|r| r.node.as_str()),
        Some("next_in_line")
    );
    assert_eq!(q.staff.len(), 2);
}

#[test]
fn conduct_schedule_admin_notes() {
    let f = file();
    let Item::Conduct(c) = &f.items[33] else {
        panic!()
    };
    assert_eq!(c.rules.len(), 9);
    let nml = &c.rules[0];
    assert_eq!(nml.kind.node, "natural_move_limit");
    assert!(matches!(
        nml.args[0],
        ConductArg::Int(Spanned { node: 50, .. })
    ));
    assert_eq!(names(&nml.scope), ["rapid"]);
    // The `;` ends the first clock rule; the second names two time controls.
    assert_eq!(c.rules[4].kind.node, "clock_before_move");
    assert_eq!(names(&c.rules[4].scope), ["standard"]);
    assert!(matches!(
        c.rules[4].args[2],
        ConductArg::Duration(Spanned {
            node: Duration { seconds: 120 },
            ..
        })
    ));
    assert_eq!(names(&c.rules[5].scope), ["rapid", "blitz"]);
    let sheets = &c.rules[6];
    assert!(sheets.scope_is_stage);
    assert_eq!(names(&sheets.scope), ["groups"]);
    assert_eq!(sheets.args.len(), 4);
    let adjourn = &c.rules[7];
    assert!(matches!(
        adjourn.args[..],
        [
            ConductArg::Duration(_),
            ConductArg::Word(_),
            ConductArg::Word(_),
            ConductArg::Time(_),
            ConductArg::Time(_)
        ]
    ));
    assert!(matches!(&c.rules[8].text, Some((h, _)) if h.zh.node == "认输"));

    let Item::Schedule(s) = &f.items[34] else {
        panic!()
    };
    assert_eq!(s.days.len(), 3);
    assert!(matches!(&s.days[0].slots[0].kind, SlotKind::Event(e) if e.node == "arrival"));
    let slot = &s.days[1].slots[2];
    assert_eq!(slot.start.as_ref().map(|t| t.node.hour), Some(14));
    assert_eq!(slot.end.as_ref().map(|t| t.node.hour), Some(16));
    match &slot.kind {
        SlotKind::Rounds(r) => {
            assert_eq!(r.len(), 2);
            assert_eq!((r[0].rounds.start, r[0].rounds.end), (2, 3));
            assert_eq!(r[1].stage.node, "main");
        }
        other => panic!("{other:?}"),
    }
    assert!(s.days[2].slots[0].start.is_none());
    assert!(s.tbd.is_some());

    let Item::Registration(r) = &f.items[35] else {
        panic!()
    };
    assert!(matches!(
        &r.clauses[2].args[..],
        [AdminArg::Date(_), AdminArg::Time(_), AdminArg::Text(_)]
    ));
    assert!(
        matches!(&r.clauses[3].args[..], [AdminArg::Places(p), AdminArg::Int(_), AdminArg::Word(_)] if p.end == 12)
    );
    let Item::Expenses(e) = &f.items[36] else {
        panic!()
    };
    assert!(
        matches!(&e.clauses[0].args[..], [AdminArg::Word(_), AdminArg::Word(_), AdminArg::Word(_), AdminArg::Money(m)]
        if m.amount.node == 30000)
    );

    let Item::Note(n) = &f.items[37] else {
        panic!()
    };
    assert_eq!(
        n.heading.en.as_ref().map(|e| e.node.as_str()),
        Some("Dress code")
    );
    assert_eq!(n.body.zh.node, "正式服装");
    assert_eq!(n.article.as_ref().map(|a| a.node.as_str()), Some("conduct"));
    let Item::Note(n2) = &f.items[38] else {
        panic!()
    };
    assert_eq!(n2.body.zh.node, "本规程解释权属中国象棋协会");
}

#[test]
fn supplement_and_tests() {
    let f = file();
    let Item::Supplement(s) = &f.items[39] else {
        panic!()
    };
    assert_eq!(s.date.as_ref().map(|d| d.node.day), Some(20));
    let by = s.by.as_ref().expect("the supplement's issuer");
    assert_eq!(by.zh.node, "竞赛裁判组");
    assert_eq!(
        by.en.as_ref().map(|e| e.node.as_str()),
        Some("The arbiters' panel")
    );
    assert_eq!(s.items.len(), 3);
    assert!(s.items[0].override_kw.is_some_and(|k| at(k) == "override"));
    assert!(matches!(&s.items[0].item, Item::TimeControl(t) if t.name.node == "armageddon"));
    assert!(matches!(&s.items[1].item, Item::Stage(t) if t.name.node == "final_b"));
    assert!(s.items[2].override_kw.is_none());
    assert!(matches!(&s.items[2].item, Item::Note(_)));
}

#[test]
fn scenario_tests_and_rosters() {
    let f = file();
    let Item::Test(t) = &f.items[40] else {
        panic!()
    };
    assert_eq!(t.name.zh.node, "小分决定小组第一");
    assert!(
        matches!(&t.roster, Some(ScenarioRoster::Players { roster, .. }) if roster.players.len() == 2)
    );
    assert_eq!(t.seed.as_ref().map(|s| s.node), Some(3));
    assert_eq!(t.draws.len(), 2);
    assert!(
        matches!(&t.draws[0], ScenarioDraw { stage, group: Some(g), players, .. }
        if stage.node == "groups" && g.node == "A" && names(players) == ["a1", "a2", "a3", "a8"])
    );
    assert!(
        matches!(&t.draws[1], ScenarioDraw { stage, group: None, players, .. } if stage.node == "main" && players.len() == 2)
    );
    assert_eq!(t.results.len(), 6);
    match &t.results[0] {
        ResultLine::Games {
            stage,
            round,
            games,
            ..
        } => {
            assert_eq!((stage.node.as_str(), round.node), ("groups", 1));
            let g: Vec<(&str, &str, GameOutcome)> = games
                .iter()
                .map(|g| (g.red.node.as_str(), g.black.node.as_str(), g.outcome.node))
                .collect();
            assert_eq!(
                g,
                [
                    ("a1", "a8", GameOutcome::RedWins),
                    ("a2", "a7", GameOutcome::Draw),
                    ("a3", "a6", GameOutcome::BlackWins)
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    match &t.results[1] {
        ResultLine::Games { games, .. } => {
            let steps: Vec<Option<&str>> = games
                .iter()
                .map(|g| g.playoff_step.as_ref().map(|s| s.node.as_str()))
                .collect();
            assert_eq!(steps, [None, Some("rapid"), Some("armageddon")]);
            assert_eq!(games[2].outcome.node, GameOutcome::RedWinsForfeit);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(&t.results[2], ResultLine::Fouls { count, .. } if count.node == 2));
    assert!(
        matches!(&t.results[3], ResultLine::Withdraw { player, stage, round, .. }
        if player.node == "a4" && stage.node == "groups" && round.node == 3)
    );
    assert!(
        matches!(&t.results[4], ResultLine::Lineup { team, stage, round, players, .. }
        if team.node == "t1" && stage.node == "teams" && round.node == 2 && names(players) == ["a2", "a3"])
    );
    assert!(matches!(&t.results[5], ResultLine::Rest { rule, .. } if rule.node == "draws"));
    assert_eq!(t.expects.len(), 11);
    assert!(
        matches!(&t.expects[10], Expect::Rounds { stage, rounds, .. } if stage.node == "main" && rounds.node == 9)
    );
    assert!(matches!(&t.expects[1], Expect::Shared { players, .. } if players.len() == 4));
    assert!(matches!(&t.expects[3], Expect::Prize { money: None, .. }));
    assert!(
        matches!(&t.expects[4], Expect::Prize { money: Some(m), category: Some(c), .. }
        if m.amount.node == 5000 && c.node == "open_men")
    );
    assert!(matches!(&t.expects[6], Expect::DecidedBy { step, .. } if step.node == "armageddon"));
    assert!(
        matches!(&t.expects[7], Expect::StagePlace { group: Some(g), player, .. } if g.node == "A" && player.node == "a1")
    );
    assert!(
        matches!(&t.expects[8], Expect::StagePlace { stage, group: None, place, player, .. }
        if stage.node == "main" && place.node == 3 && player.node == "b1")
    );

    let Item::Test(g) = &f.items[41] else {
        panic!()
    };
    assert!(
        matches!(&g.roster, Some(ScenarioRoster::Generated { size: Some(n), seed: Some(s), .. }) if n.node == 16 && s.node == 7)
    );

    // A roster declared once, and a test that names it.
    let Item::Roster(r) = &f.items[42] else {
        panic!()
    };
    assert_eq!(r.name.node, "field");
    assert_eq!(r.roster.teams.len(), 1);
    assert_eq!(
        names(
            &r.roster
                .players
                .iter()
                .map(|p| p.id.clone())
                .collect::<Vec<_>>()
        ),
        ["a1", "a2"]
    );
    assert!(at(r.span).starts_with("roster field {") && at(r.span).ends_with('}'));
    let Item::Test(n) = &f.items[43] else {
        panic!()
    };
    assert!(
        matches!(&n.roster, Some(ScenarioRoster::Named { name, span }) if name.node == "field" && at(*span) == "roster field")
    );
    let (players, teams) = f.scenario_players(n).expect("the declared roster");
    assert_eq!((players.len(), teams.len()), (2, 1));
    assert!(
        f.scenario_players(g).is_none(),
        "a generated roster has no declared players"
    );
}

#[test]
fn a_derived_ranking_and_its_expectation_are_read() {
    let f = file();
    let Item::Ranking(r) = &f.items[44] else {
        panic!("item 44 is the ranking")
    };
    assert_eq!(r.name.node, "teams");
    assert_eq!(en(&r.title), Some("Team standings"));
    assert_eq!(r.from.as_ref().map(|i| i.node.as_str()), Some("main"));
    assert_eq!(r.by.as_ref().map(|i| i.node.as_str()), Some("unit"));
    let sum = r.sum.as_ref().expect("sum");
    assert_eq!(sum.measure.node, "places");
    assert_eq!(sum.best.as_ref().map(|b| b.node), Some(3));
    assert_eq!(r.short.as_ref().map(|i| i.node.as_str()), Some("unranked"));
    let Item::Test(t) = &f.items[45] else {
        panic!("item 45 is its test")
    };
    assert!(matches!(
        t.expects.first(),
        Some(xqreg_grammar::ast::Expect::RankingPlace { ranking, place, unit, .. })
            if ranking.node == "teams" && place.node == 1 && unit.node == "北京"
    ));
}

#[test]
fn values_left_open_and_their_assumptions_are_read() {
    let f = file();
    let st = stage(&f, "open_values");
    assert!(matches!(
        &st.clauses[0],
        StageClause::Format(Format::Swiss { system, rounds: SwissRounds::Tbd(at), .. })
            if system.node == "tbd" && self::at(*at) == "tbd"
    ));
    assert!(matches!(
        &st.clauses[1],
        StageClause::Assume { value: AssumedValue::Rounds(n), reason: Some(r), .. }
            if n.node == 9 && r.zh.node == "按往届"
    ));
    assert!(matches!(
        &st.clauses[2],
        StageClause::Assume { value: AssumedValue::System(s), reason: None, .. } if s.node == "cxa"
    ));
    assert!(matches!(&st.clauses[4], StageClause::Time(t) if t.node == "tbd"));
}

/// `swiss cxa rounds 7 boards 4`: a team Swiss (team events); without `boards` none is read.
#[test]
fn a_team_swiss_reads_its_boards() {
    let parsed =
        parse("stage main { swiss cxa rounds 7 boards 4 }\nstage solo { swiss dutch rounds 5 }");
    assert!(parsed.errors.is_empty(), "errors: {:#?}", parsed.errors);
    let boards = |name: &str| {
        let s = stage(&parsed.file, name);
        match &s.clauses[0] {
            StageClause::Format(Format::Swiss {
                boards,
                rounds: SwissRounds::Fixed(r),
                ..
            }) => (boards.as_ref().map(|b| b.node), r.node),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(boards("main"), (Some(4), 7));
    assert_eq!(boards("solo"), (None, 5));
}

/// `board_prizes NAME "标题" CNY { from S boards 1..4 by W min_games N ties W, W lines }`.
#[test]
fn best_board_prizes_are_read() {
    let f = file();
    let Some(Item::BoardPrizes(b)) = f.items.last() else {
        panic!("the last item is the board prizes")
    };
    assert_eq!(b.name.node, "boards");
    assert_eq!(b.currency.as_ref().map(|c| c.node.as_str()), Some("CNY"));
    assert_eq!(b.from.as_ref().map(|i| i.node.as_str()), Some("main"));
    assert_eq!(b.boards.as_ref().map(|r| (r.start, r.end)), Some((1, 4)));
    assert_eq!(b.by.as_ref().map(|i| i.node.as_str()), Some("percentage"));
    assert_eq!(b.min_games.as_ref().map(|n| n.node), Some(5));
    let (ties, span) = b.ties.as_ref().expect("ties");
    assert_eq!(names(ties), ["more_games", "wins", "shared"]);
    assert_eq!(at(*span), "ties more_games, wins, shared");
    assert_eq!(b.lines.len(), 2);
    assert!(b.lines[1].each);
}
