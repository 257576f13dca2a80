//! `avoid same_federation` in a Swiss (issue 9 item 7, issue 13 item 2): players of one
//! federation (the roster's `federation`) kept apart: in round 1 only by the CXA system, where
//! `avoid same_unit` would not (every player has a unit of their own); in every round by the
//! FIDE Dutch engine, which takes the pairs as forbidden pairings (treated like a game already
//! played, C1) from round 2 on, round 1 being the first-round method's exchange of partners.

use crate::common::{check_exits, simulated_games};

/// A Swiss of 8 over 3 rounds; `SYSTEM`, `FIRST` and `AVOID` are filled in by each test.
const REGULATION: &str = include_str!("regulations/avoid_federation.xqr");

/// By rating CHN and VIE alternate (CHN players are the odd ids): round 1 split in half (1-5,
/// 2-6, 3-7, 4-8) pairs every player with a compatriot unless the federations are kept apart;
/// round 1 paired adjacent (1-2, 4-3, ...) never does.
const ROSTER: &str = "id,name,unit,federation,sex,born,title,rating,pool,order
p1,甲一,北京,CHN,men,1990-01-01,,2400,,1
p2,乙一,河内,VIE,men,1990-01-01,,2390,,2
p3,甲二,上海,CHN,men,1990-01-01,,2380,,3
p4,乙二,胡志明,VIE,men,1990-01-01,,2370,,4
p5,甲三,广州,CHN,men,1990-01-01,,2360,,5
p6,乙三,岘港,VIE,men,1990-01-01,,2350,,6
p7,甲四,深圳,CHN,men,1990-01-01,,2340,,7
p8,乙四,海防,VIE,men,1990-01-01,,2330,,8
";

/// The stage's games as (round, red, black) with the stage's system, first round and `avoid`.
fn games(system: &str, first: &str, avoid: &str) -> Vec<(u64, String, String)> {
    let regulation = REGULATION
        .replace("SYSTEM", system)
        .replace("FIRST", first)
        .replace("AVOID", avoid);
    simulated_games(&regulation, ROSTER, avoid)
}

/// Games between compatriots in rounds `from..=to`.
fn compatriots(games: &[(u64, String, String)], from: u64, to: u64) -> usize {
    let chn = |id: &str| id.trim_start_matches('p').parse::<u32>().unwrap_or(0) % 2 == 1;
    games
        .iter()
        .filter(|(r, a, b)| (from..=to).contains(r) && chn(a) == chn(b))
        .count()
}

#[test]
fn round_one_keeps_federations_apart_where_units_would_not() {
    let units = games("cxa", "split_half", "avoid same_unit");
    assert_eq!(units.iter().filter(|g| g.0 == 1).count(), 4, "{units:?}");
    assert_eq!(
        compatriots(&units, 1, 1),
        4,
        "split in half pairs compatriots: {units:?}"
    );
    let federations = games("cxa", "split_half", "avoid same_federation round1");
    assert_eq!(
        federations.iter().filter(|g| g.0 == 1).count(),
        4,
        "{federations:?}"
    );
    assert_eq!(compatriots(&federations, 1, 1), 0, "{federations:?}");
    // Limited to round 1: compatriots meet in rounds 2 and 3, where `always` keeps them apart.
    assert!(compatriots(&federations, 2, 3) > 0, "{federations:?}");
    let always = games("cxa", "split_half", "avoid same_federation always");
    assert_eq!(always.len(), 12, "{always:?}");
    assert_eq!(compatriots(&always, 1, 3), 0, "{always:?}");
}

#[test]
fn a_dutch_swiss_keeps_federations_apart_in_every_round() {
    let never = games("dutch", "adjacent", "avoid same_federation never");
    assert_eq!(never.len(), 12, "{never:?}");
    let always = games("dutch", "adjacent", "avoid same_federation always");
    assert_eq!(always.len(), 12, "{always:?}");
    assert_eq!(
        compatriots(&never, 1, 3),
        compatriots(&never, 2, 3),
        "{never:?}"
    );
    assert!(compatriots(&never, 2, 3) > 0, "{never:?}");
    assert_eq!(compatriots(&always, 1, 3), 0, "{always:?}");
}

/// `until round 2`: compatriots kept apart in rounds 1 and 2, and only there (round 3 pairs
/// them, as it does without the clause), by either system.
#[test]
fn until_a_round_keeps_federations_apart_up_to_it_and_no_further() {
    for (system, first) in [("cxa", "split_half"), ("dutch", "adjacent")] {
        let until = games(system, first, "avoid same_federation until round 2");
        assert_eq!(until.len(), 12, "{system}: {until:?}");
        assert_eq!(compatriots(&until, 1, 2), 0, "{system}: {until:?}");
        assert!(compatriots(&until, 3, 3) > 0, "{system}: {until:?}");
    }
}

/// `until round N` counts a Swiss's rounds: a round robin, which keeps units apart only in its
/// group draw, refuses it (E114) where it accepts `avoid same_unit`.
#[test]
fn a_round_robin_refuses_until_a_round() {
    let round_robin = REGULATION
        .replace(
            "swiss SYSTEM rounds 3",
            "round_robin single groups A B size 4",
        )
        .replace("  numbers rating\n  first_round FIRST\n", "");
    check_exits(&round_robin.replace("AVOID", "avoid same_unit"), 0);
    let until = round_robin.replace("AVOID", "avoid same_unit until round 2");
    let report = check_exits(&until, 1);
    assert!(
        report.contains("E114") && report.contains("until round"),
        "{report}"
    );
}

/// A scope the checker does not know (`first5`) is E111, whose help also names `until round N`.
#[test]
fn an_unknown_scope_is_shown_until_a_round() {
    let report = check_exits(&REGULATION.replace("AVOID", "avoid same_unit first5"), 1);
    assert!(
        report.contains("E111") && report.contains("`until round N`"),
        "{report}"
    );
}

/// The federations of a roster `simulate` generates for the Swiss with `avoid`, by count.
fn generated_federations(avoid: &str) -> std::collections::BTreeMap<String, usize> {
    let regulation = REGULATION
        .replace("SYSTEM", "cxa")
        .replace("FIRST", "split_half")
        .replace("AVOID", avoid);
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = tmp.path().join("open.xqr");
    std::fs::write(&reg, regulation).expect("writes");
    let saved = tmp.path().join("roster.csv");
    let out = crate::common::xqreg(&[
        "simulate",
        &reg.to_string_lossy(),
        "--save-roster",
        &saved.to_string_lossy(),
    ]);
    crate::common::assert_success(&out, avoid);
    let roster = std::fs::read_to_string(&saved).expect("the roster saved");
    let mut header = roster.lines().next().expect("a header").split(',');
    let col = header.position(|c| c == "federation").expect("federation");
    let mut count = std::collections::BTreeMap::new();
    for row in roster.lines().skip(1) {
        let fed = row.split(',').nth(col).unwrap_or_default().to_string();
        *count.entry(fed).or_insert(0) += 1;
    }
    count
}

/// A generated roster gives a regulation that reads federations a few of them: every player was
/// CHN, so `avoid same_federation` had nobody to keep apart (and a ranking by federation ranked
/// one). A regulation that reads none still gets CHN alone.
#[test]
fn a_generated_roster_has_federations_to_keep_apart() {
    let spread = generated_federations("avoid same_federation round1");
    assert_eq!(
        spread.values().copied().collect::<Vec<_>>(),
        [2, 2, 2, 2],
        "{spread:?}"
    );
    let one = generated_federations("avoid same_unit");
    assert_eq!(one.keys().collect::<Vec<_>>(), ["CHN"], "{one:?}");
}
