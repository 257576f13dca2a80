//! TRF reading and writing: diagnostics for malformed and inconsistent files, no panic on any
//! bytes, and a read-write-read round trip that keeps everything the reader understood.

use xqreg_runtime::trf::{self, TrfErrorKind};

const SMALL: &str = include_str!("data/swiss-dutch/t01-009p-05r/round-03.trf");

#[test]
fn reads_players_rounds_and_headers() {
    let t = trf::parse(SMALL).expect("reference file parses");
    assert_eq!(t.players.len(), 9);
    assert_eq!(t.rounds_declared, Some(5));
    assert_eq!(t.rounds_played(), 2);
    let p7 = t.players.iter().find(|p| p.id == 7).expect("player 7");
    // `0000 - U` in round 2: the pairing-allocated bye, one point.
    assert_eq!(p7.points, 10);
    let r2 = p7.rounds[1].expect("round 2 block");
    assert_eq!(r2.result, trf::ResultCode::Pab);
    assert_eq!(r2.opponent, None);
}

#[test]
fn reads_the_162_scoring_line() {
    let t = trf::parse(include_str!("data/swiss-dutch/t16-033p-07r/round-04.trf")).expect("parses");
    assert_eq!((t.scoring.win, t.scoring.draw), (20, 10));
    assert_eq!(t.scoring.pab, 20, "the bye is worth a win unless declared");
}

fn first_line_of(id: u32) -> usize {
    SMALL
        .lines()
        .position(|l| l.starts_with("001") && l.get(4..8).map(str::trim) == Some(&id.to_string()))
        .expect("player line")
        + 1
}

#[test]
fn a_score_that_does_not_add_up_is_reported_at_the_points_column() {
    let bad = SMALL.replacen(
        "001    1      Test0001 Player0001               2555                             2.0",
        "001    1      Test0001 Player0001               2555                             1.5",
        1,
    );
    let e = trf::parse(&bad).expect_err("score mismatch");
    assert_eq!((e.line, e.column), (first_line_of(1), 81));
    assert_eq!(
        e.kind,
        TrfErrorKind::ScoreMismatch {
            declared: 15,
            computed: 20
        }
    );
}

#[test]
fn a_result_against_a_missing_player_is_reported() {
    let line = SMALL
        .lines()
        .find(|l| l.starts_with("001    9"))
        .expect("line 9");
    let t: String = SMALL
        .lines()
        .filter(|l| !l.starts_with("001    9"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = trf::parse(&t).expect_err("player 9 is gone");
    assert_eq!(e.kind, TrfErrorKind::UnknownOpponent(9));
    // Player 1 met 9 in round 2 (columns 102-109): the first reference to 9 in file order.
    assert!(line.starts_with("001    9"));
    assert_eq!((e.line, e.column), (first_line_of(1), 102));
}

#[test]
fn a_round_past_the_declared_rounds_is_reported() {
    let bad = SMALL.replace("XXR 5", "XXR 1");
    let e = trf::parse(&bad).expect_err("round 2 is past XXR 1");
    assert_eq!(
        e.kind,
        TrfErrorKind::RoundOutOfRange {
            round: 2,
            declared: 1
        }
    );
    assert_eq!(e.column, 102);
}

#[test]
fn bad_characters_are_reported_with_their_column() {
    let bad = SMALL.replacen("     5 w 1", "     5 x 1", 1);
    let e = trf::parse(&bad).expect_err("bad colour");
    assert_eq!(e.kind, TrfErrorKind::BadColour('x'));
    assert_eq!(e.column, 97);
    let bad = SMALL.replacen("     5 w 1", "     5 w 7", 1);
    let e = trf::parse(&bad).expect_err("bad result");
    assert_eq!(e.kind, TrfErrorKind::BadResult('7'));
    assert_eq!(e.column, 99);
    let e = trf::parse_bytes(b"012 x\n001 \xff\n").expect_err("not utf-8");
    assert_eq!((e.line, e.kind), (2, TrfErrorKind::NotUtf8));
}

#[test]
fn never_panics_on_truncations_and_garbage() {
    for cut in 0..SMALL.len() {
        if SMALL.is_char_boundary(cut) {
            let _ = trf::parse(&SMALL[..cut]);
        }
    }
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let bytes = SMALL.as_bytes();
    for _ in 0..2000 {
        let mut v = bytes.to_vec();
        for _ in 0..8 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = (seed % v.len() as u64) as usize;
            v[i] = (seed >> 32) as u8;
        }
        let _ = trf::parse_bytes(&v);
        let text = String::from_utf8_lossy(&v);
        let _ = trf::parse(&text);
        // Whatever parses must also pair (or refuse) without panicking.
        let _ = xqreg_runtime::pairing::swiss::pair_trf(
            &text,
            xqreg_runtime::pairing::swiss::SwissSystem::Dutch,
        );
    }
}

#[test]
fn read_write_read_keeps_everything() {
    for text in [
        SMALL,
        include_str!("data/swiss-dutch/t16-033p-07r/round-07.trf"),
        include_str!("data/swiss-dutch/t37-200p-09r/round-09.trf"),
    ] {
        let a = trf::parse(text).expect("reference parses");
        let written = trf::write(&a).expect("every number fits its columns");
        let b = trf::parse(&written).expect("written file parses");
        assert_eq!(a.players.len(), b.players.len());
        for (x, y) in a.players.iter().zip(&b.players) {
            assert_eq!(
                (x.id, &x.name, x.rating, x.points, x.rank),
                (y.id, &y.name, y.rating, y.points, y.rank)
            );
            assert_eq!(x.rounds, y.rounds, "player {}", x.id);
        }
        assert_eq!(a.rounds_declared, b.rounds_declared);
        assert_eq!(a.initial_colour, b.initial_colour);
        assert_eq!(
            (a.scoring.win, a.scoring.draw, a.scoring.pab),
            (b.scoring.win, b.scoring.draw, b.scoring.pab)
        );
        // The written file pairs the same way.
        let p1 = xqreg_runtime::pairing::swiss::pair_trf(
            text,
            xqreg_runtime::pairing::swiss::SwissSystem::Dutch,
        );
        let p2 = xqreg_runtime::pairing::swiss::pair_trf(
            &written,
            xqreg_runtime::pairing::swiss::SwissSystem::Dutch,
        );
        assert_eq!(p1, p2);
    }
}

fn reference_round(path: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/swiss-dutch")
        .join(path);
    std::fs::read_to_string(p).expect("reference round")
}

/// Accelerations and forbidden pairs change the Dutch pairing (`dutch_extras` compares them
/// with the engine); the CXA pairer reads neither and refuses a file that has them.
#[test]
fn pairing_records_are_read_by_dutch_and_refused_by_cxa() {
    use xqreg_runtime::pairing::swiss::{pair_trf, PairTrfError, SwissSystem};
    let base = reference_round("t01-009p-05r/round-03.trf");
    let plain = pair_trf(&base, SwissSystem::Dutch).expect("plain round");
    for extra in [
        "XXP 1 2",
        "260 001 009    1    2",
        "XXA    9  0.0  0.0  3.0",
        "250       2.0 001 003    1    4",
    ] {
        let text = format!("{}\n{extra}\n", base.trim_end());
        let got = pair_trf(&text, SwissSystem::Dutch).expect(extra);
        assert_ne!(got, plain, "{extra} changes the pairing");
        let e = pair_trf(&text, SwissSystem::Cxa).expect_err(extra);
        assert!(matches!(e, PairTrfError::NotAvailable(_)), "{extra}: {e:?}");
        assert!(e.to_string().contains(&extra[..3]), "{e}");
    }
    // A forbidden pair that holds in other rounds only changes nothing.
    let later = format!("{}\n260 004 005    1    2\n", base.trim_end());
    assert_eq!(pair_trf(&later, SwissSystem::Dutch).expect("later"), plain);
    let baku = base.replace("092 FIDE_DUTCH_2025", "192 FIDE_DUTCH_2025_BAKU");
    assert_ne!(baku, base);
    assert_ne!(pair_trf(&baku, SwissSystem::Dutch).expect("baku"), plain);
    assert!(matches!(
        pair_trf(&baku, SwissSystem::Cxa),
        Err(PairTrfError::NotAvailable(_))
    ));
}

/// C.04.5.1: GA is the first `2 * ceil(N / 4)` players (9 players: 6, where bbpPairings takes
/// 5), the accelerated rounds the first `ceil(R / 2)` (5 rounds: 3), with a win's points in the
/// first `ceil(3 / 2) = 2` of them and a draw's in the third.
#[test]
fn baku_groups_and_rounds_follow_the_handbook() {
    use xqreg_runtime::pairing::swiss::baku_points;
    let t = xqreg_runtime::trf::parse(&reference_round("t01-009p-05r/round-03.trf")).expect("trf");
    let v = baku_points(&t).expect("baku");
    let ga: Vec<u32> = v.keys().copied().collect();
    assert_eq!(ga, vec![1, 2, 3, 4, 5, 6]);
    assert!(v.values().all(|p| p == &vec![10, 10, 5]), "{v:?}");
    // 2/1/0 is the same method on another scale: a win's 2 points, a draw's 1.
    let t = xqreg_runtime::trf::parse(&reference_round("t16-033p-07r/round-02.trf")).expect("trf");
    let v = baku_points(&t).expect("baku 2/1/0");
    assert_eq!(v.len(), 18);
    assert!(v.values().all(|p| p == &vec![20, 20, 10, 10]), "{v:?}");
    // 3/1/0 is not a scale of 1 / 0.5 / 0: refused, as by the engine.
    let t = xqreg_runtime::trf::parse(&reference_round("t37-200p-09r/round-02.trf")).expect("trf");
    let e = baku_points(&t).expect_err("3/1/0");
    assert!(e.to_string().contains("1 / 0.5 / 0"), "{e}");
}

/// `record` written on the line after `base` is refused by the reader at that line and
/// `column`: the error.
fn record_refused_at(base: &str, record: &str, column: usize) -> trf::TrfError {
    let line = base.trim_end().lines().count() + 1;
    let text = format!("{}\n{record}\n", base.trim_end());
    let e = trf::parse(&text).expect_err(record);
    assert_eq!((e.line, e.column), (line, column), "{record}: {e}");
    e
}

/// A malformed record is a TRF error at its line and column, before any pairing.
#[test]
fn malformed_pairing_records_are_placed() {
    let base = reference_round("t01-009p-05r/round-03.trf");
    for (extra, column) in [
        ("XXA    x  1.0", 5),
        ("XXA    1  1.0 x2.0", 15),
        ("XXA    1  abc", 10),
        ("XXA   42  1.0", 5),
        ("250       0.0 001 003    1    4", 10),
        ("250  1.0  1.0 001 003    1    4", 5),
        ("250       1.0 003 001    1    4", 19),
        ("250       1.0 001 003    4    1", 28),
        ("250       1.0 001 003    1   12", 28),
        ("250       1.0 001 003    1", 28),
        ("XXP 1", 6),
        ("XXP 1 two", 7),
        ("XXP 1 20", 7),
        ("260 001 009    1", 17),
        ("260 001 009    1    x", 18),
        ("260 003 001    1    2", 9),
    ] {
        let e = record_refused_at(&base, extra, column);
        assert!(
            matches!(
                e.kind,
                TrfErrorKind::BadRecord(_) | TrfErrorKind::UnknownPlayer { .. }
            ),
            "{extra}: {e}"
        );
    }
}

/// A TRF-2026 `240` record gives byes as the round blocks do: players 5 and 8 of this round are
/// absent (`0000 - Z` in round 4); said by `240 Z 004` instead, they are not paired either (as
/// bbpPairings reads it). Before the record was read it was kept as an unknown line and both
/// were paired.
#[test]
fn byes_of_a_240_record_are_the_round_blocks_byes() {
    use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};
    let (base, with_blocks, stripped) = round_four_byes_unsaid();
    assert_eq!(base.lines().count(), stripped.lines().count());
    assert_ne!(
        pair_trf(&stripped, SwissSystem::Dutch).expect("cut"),
        with_blocks
    );
    for record in ["240 Z 004    5    8", "240 z   4    8    5"] {
        said_by(&stripped, record, &with_blocks);
        // Said twice (by the record and the blocks) is the same thing.
        let both = format!("{}\n{record}\n", base.trim_end());
        assert_eq!(
            pair_trf(&both, SwissSystem::Dutch).expect(record),
            with_blocks
        );
    }
    // A record that contradicts a player line, names nobody, or is malformed is refused there.
    for (record, column) in [
        ("240 H 001    5", 11),
        ("240 Z 004    5   99", 16),
        ("240 X 004    5", 5),
        ("240 Z 000    5", 7),
        ("240 Z 010    5", 7),
        ("240 Z 004", 10),
        ("240 Z 004    5x   8", 15),
    ] {
        record_refused_at(&base, record, column);
    }
}

/// t19's round 4, its pairing (Dutch), and the file with round 4's byes unsaid
/// ([`without_round_four_byes`]).
fn round_four_byes_unsaid() -> (String, String, String) {
    use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};
    let base = reference_round("t19-045p-09r/round-04.trf");
    let with_blocks = pair_trf(&base, SwissSystem::Dutch).expect("round 4");
    let stripped = without_round_four_byes(&base);
    (base, with_blocks, stripped)
}

/// `stripped` with `record` after it pairs as `with_blocks`: the record says the byes the round
/// blocks said.
fn said_by(stripped: &str, record: &str, with_blocks: &str) {
    use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};
    let text = format!("{stripped}\n{record}\n");
    assert_eq!(
        pair_trf(&text, SwissSystem::Dutch).expect(record),
        with_blocks,
        "{record}"
    );
}

/// t19's round 4 without the zero-point byes its player lines give players 5 and 8 in round 4
/// (the last block of a 129-column line): the same file with the absences unsaid.
fn without_round_four_byes(base: &str) -> String {
    let cut: Vec<&str> = base
        .lines()
        .map(|l| match l.strip_suffix("  0000 - Z") {
            Some(head) if l.len() == 129 && l.starts_with("001") => head,
            _ => l,
        })
        .collect();
    cut.join("\n")
}

/// JaVaFo's `XXZ` lists the players absent from the round to be paired: they get zero-point
/// byes there, as round 4's blocks of t19 say for players 5 and 8 (it was kept as an unknown
/// line, and both were paired).
#[test]
fn absences_of_an_xxz_record_are_zero_point_byes_in_the_next_round() {
    let (_, with_blocks, stripped) = round_four_byes_unsaid();
    for record in ["XXZ 5 8", "XXZ    8  5"] {
        said_by(&stripped, record, &with_blocks);
    }
    // An unknown player, a word that is no starting rank, or no player at all: refused there.
    for (record, column) in [("XXZ 5 99", 7), ("XXZ 5 x8", 7), ("XXZ", 4)] {
        record_refused_at(&stripped, record, column);
    }
}

/// `XXC rank` makes bbpPairings take the order of the player lines as the pairing order; this
/// reader does not, so the word is refused at its column (it was dropped after `white1`, and the
/// file paired by starting ranks). The colour may come after other words, as there.
#[test]
fn xxc_rank_is_refused_not_dropped() {
    use xqreg_runtime::pairing::swiss::state::Colour;
    let base = reference_round("t01-009p-05r/round-03.trf");
    assert!(base.contains("XXC white1"));
    let line = base
        .lines()
        .position(|l| l.starts_with("XXC"))
        .expect("XXC")
        + 1;
    for (xxc, column) in [
        ("XXC white1 rank", 12),
        ("XXC rank black1", 5),
        ("XXC white", 0),
    ] {
        let text = base.replace("XXC white1", xxc);
        match xqreg_runtime::trf::parse(&text) {
            Ok(t) if column == 0 => assert_eq!(t.initial_colour, Some(Colour::White)),
            Ok(_) => panic!("{xxc} is read"),
            Err(e) => assert_eq!((e.line, e.column), (line, column), "{xxc}: {e}"),
        }
    }
    let e = xqreg_runtime::trf::parse(&base.replace("XXC white1", "XXC blue")).expect_err("blue");
    assert_eq!((e.line, e.column), (line, 5));
}

/// With no `XXC` or `152` line the initial colour is the one the games show (bbpPairings'
/// inference): round 1's top seed had Black, so Black; round 1 itself shows none.
#[test]
fn the_initial_colour_is_inferred_from_the_games() {
    use xqreg_runtime::pairing::swiss::state::Colour;
    let base = reference_round("t01-009p-05r/round-03.trf");
    let swapped: String = base
        .lines()
        .map(|l| match (l.starts_with("001"), l.get(96..97)) {
            (true, Some("w")) => format!("{}b{}", &l[..96], &l[97..]),
            (true, Some("b")) => format!("{}w{}", &l[..96], &l[97..]),
            _ => l.to_string(),
        })
        .filter(|l| !l.starts_with("XXC"))
        .collect::<Vec<_>>()
        .join("\n");
    let t = xqreg_runtime::trf::parse(&swapped).expect("reads");
    assert_eq!(t.initial_colour, None);
    assert_eq!(t.first_colour(), Some(Colour::Black));
    let round1 = reference_round("t01-009p-05r/round-01.trf").replace("XXC white1\n", "");
    let t = xqreg_runtime::trf::parse(&round1).expect("reads");
    assert_eq!(t.first_colour(), None);
}
