//! The records beside the player lines: the initial colour (`XXC`, `152`), accelerations (JaVaFo `XXA`, TRF-2026 `250`), forbidden
//! pairings (JaVaFo `XXP`, TRF-2026 `260`) and byes (TRF-2026 `240`, JaVaFo's absences `XXZ`), read by column with the
//! place of what is wrong.

use super::fields::{cols, err, parse_points, parse_uint};
use super::{ResultCode, Trf, TrfAcceleration, TrfError, TrfErrorKind, TrfForbidden};
use crate::pairing::swiss::state::Colour;

fn bad(line: usize, column: usize, what: &'static str) -> TrfError {
    err(line, column, TrfErrorKind::BadRecord(what))
}

/// A starting rank at columns `from..=to`: a number from 1.
fn rank(
    b: &[u8],
    line: usize,
    from: usize,
    to: usize,
    what: &'static str,
) -> Result<u32, TrfError> {
    parse_uint(&cols(b, from, to))
        .filter(|&v| v > 0)
        .ok_or_else(|| bad(line, from, what))
}

/// The first columns of the 4-column fields from column `first` to the end of the line, in
/// order, each checked to follow a blank: one that does not is `apart` at the column before it.
fn fields<'b>(
    b: &'b [u8],
    line: usize,
    first: usize,
    apart: &'static str,
) -> impl Iterator<Item = Result<usize, TrfError>> + 'b {
    (first..=b.len()).step_by(5).map(move |start| {
        if b.get(start - 2).is_some_and(|&c| c != b' ') {
            Err(bad(line, start - 1, apart))
        } else {
            Ok(start)
        }
    })
}

/// `XXA NNNN pppp pppp ...`.
pub(super) fn xxa(b: &[u8], line: usize) -> Result<TrfAcceleration, TrfError> {
    let player = rank(
        b,
        line,
        5,
        8,
        "`XXA`: columns 5-8 must hold the player's starting rank",
    )?;
    let mut points = Vec::new();
    let apart = "`XXA`: the rounds' points are 4-column fields from column 10, one blank apart";
    for start in fields(b, line, 10, apart) {
        let start = start?;
        let field = cols(b, start, start + 3);
        points.push(if field.is_empty() {
            0
        } else {
            parse_points(&field).ok_or_else(|| {
                bad(
                    line,
                    start,
                    "`XXA`: a round's virtual points must be a number of points like 1.0 or 0.5",
                )
            })?
        });
    }
    Ok(TrfAcceleration::Player {
        line,
        player,
        points,
    })
}

/// `250 MMMM GGGG RRF RRL PPPF PPPL`.
pub(super) fn r250(b: &[u8], line: usize) -> Result<TrfAcceleration, TrfError> {
    let mp = cols(b, 5, 8);
    if !mp.is_empty() && parse_points(&mp) != Some(0) {
        return Err(bad(
            line,
            5,
            "`250`: columns 5-8 (fictitious match points) are for team competitions and must be blank",
        ));
    }
    let points = parse_points(&cols(b, 10, 13))
        .filter(|&v| v > 0)
        .ok_or_else(|| {
            bad(
                line,
                10,
                "`250`: columns 10-13 must hold the fictitious points, not zero (like 1.0)",
            )
        })?;
    let first = rank(
        b,
        line,
        15,
        17,
        "`250`: columns 15-17 must hold the first round",
    )?;
    let last = rank(
        b,
        line,
        19,
        21,
        "`250`: columns 19-21 must hold the last round",
    )?;
    if last < first {
        return Err(bad(
            line,
            19,
            "`250`: the last round (columns 19-21) comes before the first (15-17)",
        ));
    }
    let from = rank(
        b,
        line,
        23,
        26,
        "`250`: columns 23-26 must hold the first player's starting rank",
    )?;
    let to = rank(
        b,
        line,
        28,
        31,
        "`250`: columns 28-31 must hold the last player's starting rank",
    )?;
    if to < from {
        return Err(bad(
            line,
            28,
            "`250`: the last player (columns 28-31) comes before the first (23-26)",
        ));
    }
    if !cols(b, 32, b.len()).is_empty() {
        return Err(bad(line, 32, "`250`: nothing may follow column 31"));
    }
    Ok(TrfAcceleration::Range {
        line,
        points,
        first,
        last,
        from,
        to,
    })
}

/// `XXP NNNN NNNN ...`: starting ranks separated by blanks.
pub(super) fn xxp(b: &[u8], line: usize) -> Result<TrfForbidden, TrfError> {
    let ranks = ranks_after_code(
        b,
        line,
        "`XXP`: the players must be starting ranks separated by blanks",
    )?;
    let (columns, players) = ranks.into_iter().unzip();
    let few = "`XXP`: a forbidden pairing names at least two players";
    forbidden(b, line, (players, columns), None, few)
}

/// JaVaFo's `XXZ pppp pppp ...`: the players absent from the round to be paired, who get a
/// zero-point bye in it (JaVaFo honours it; bbpPairings reads it as an unknown line, which
/// would pair an absent player). The round is the one after the last played, known once every
/// line is read: `round` is 0 until then.
pub(super) fn xxz(b: &[u8], line: usize) -> Result<Byes, TrfError> {
    let players = ranks_after_code(
        b,
        line,
        "`XXZ`: the absent players must be starting ranks separated by blanks",
    )?;
    let record = Byes {
        line,
        record: "XXZ",
        kind: ResultCode::ZeroBye,
        round: 0,
        players,
    };
    someone(
        b,
        record,
        "`XXZ`: the record names at least one absent player",
    )
}

/// A bye record that names nobody is `nobody` at the end of its line.
fn someone(b: &[u8], record: Byes, nobody: &'static str) -> Result<Byes, TrfError> {
    if record.players.is_empty() {
        return Err(bad(record.line, b.len() + 1, nobody));
    }
    Ok(record)
}

/// The starting ranks after a JaVaFo record's three-letter code, separated by blanks, each with
/// its column; a word that is no starting rank is `what` at its column.
fn ranks_after_code(
    b: &[u8],
    line: usize,
    what: &'static str,
) -> Result<Vec<(usize, u32)>, TrfError> {
    let mut ranks = Vec::new();
    let mut i = 3usize;
    while i < b.len() {
        if b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b.get(i).is_some_and(|c| !c.is_ascii_whitespace()) {
            i += 1;
        }
        let tok = String::from_utf8_lossy(b.get(start..i).unwrap_or(&[])).to_string();
        let id = parse_uint(&tok)
            .filter(|&v| v > 0)
            .ok_or_else(|| bad(line, start + 1, what))?;
        ranks.push((start + 1, id));
    }
    Ok(ranks)
}

/// `260 RRF RRL PPP1 PPP2 ...`.
pub(super) fn r260(b: &[u8], line: usize) -> Result<TrfForbidden, TrfError> {
    let first = rank(
        b,
        line,
        5,
        7,
        "`260`: columns 5-7 must hold the first round",
    )?;
    let last = rank(
        b,
        line,
        9,
        11,
        "`260`: columns 9-11 must hold the last round",
    )?;
    if last < first {
        return Err(bad(
            line,
            9,
            "`260`: the last round (columns 9-11) comes before the first (5-7)",
        ));
    }
    let mut players = Vec::new();
    let mut columns = Vec::new();
    let apart = "`260`: the players are 4-column fields from column 13, one blank apart";
    for start in fields(b, line, 13, apart) {
        let start = start?;
        if !cols(b, start, start + 3).is_empty() {
            players.push(rank(
                b,
                line,
                start,
                start + 3,
                "`260`: a player field must hold a starting rank",
            )?);
            columns.push(start);
        }
    }
    let few = "`260`: a forbidden pairing names at least two players (columns 13-16, 18-21, ...)";
    forbidden(b, line, (players, columns), Some((first, last)), few)
}

/// The forbidden pairing of `players` (read at `columns`) in `rounds` (None: every round); one
/// of fewer than two players is `few` at the end of the line.
fn forbidden(
    b: &[u8],
    line: usize,
    (players, columns): (Vec<u32>, Vec<usize>),
    rounds: Option<(u32, u32)>,
    few: &'static str,
) -> Result<TrfForbidden, TrfError> {
    if players.len() < 2 {
        return Err(bad(line, b.len() + 1, few));
    }
    Ok(TrfForbidden {
        line,
        players,
        columns,
        rounds,
    })
}

/// A TRF-2026 `240` record: the players with a bye of one kind in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Byes {
    /// 1-based line.
    pub line: usize,
    /// The record's code (`240`, `XXZ`), for what names an unknown player.
    pub record: &'static str,
    /// `H`, `F` or `Z` (column 5).
    pub kind: ResultCode,
    /// The round, 1-based (columns 7-9).
    pub round: u32,
    /// The players' starting ranks, with the column each was read at.
    pub players: Vec<(usize, u32)>,
}

/// `240 T RRR PPPP PPPP ...`.
pub(super) fn r240(b: &[u8], line: usize) -> Result<Byes, TrfError> {
    let kind = match cols(b, 5, 5).to_ascii_uppercase().as_str() {
        "H" => ResultCode::HalfBye,
        "F" => ResultCode::FullBye,
        "Z" => ResultCode::ZeroBye,
        _ => {
            return Err(bad(
                line,
                5,
                "`240`: column 5 must hold the kind of bye: H (half-point), F (full-point) or Z (zero-point)",
            ))
        }
    };
    if b.get(5).is_some_and(|&c| c != b' ') {
        return Err(bad(line, 6, "`240`: column 6 must be blank"));
    }
    let round = rank(b, line, 7, 9, "`240`: columns 7-9 must hold the round")?;
    let mut players = Vec::new();
    let apart = "`240`: the players are 4-column fields from column 11, one blank apart";
    for start in fields(b, line, 11, apart) {
        let start = start?;
        if !cols(b, start, start + 3).is_empty() {
            let id = rank(
                b,
                line,
                start,
                start + 3,
                "`240`: a player field must hold a starting rank",
            )?;
            players.push((start, id));
        }
    }
    let record = Byes {
        line,
        record: "240",
        kind,
        round,
        players,
    };
    someone(
        b,
        record,
        "`240`: the record names at least one player (columns 11-14, 16-19, ...)",
    )
}

/// Why a second `XXR`/`142` with another number is refused: read in turn, the last line would
/// win unsaid, and which one the tournament software meant is not in the file.
pub(super) const ROUNDS_TWICE: &str = "the number of rounds is declared twice (`XXR` or `142`) with two values: keep the line with the tournament's number of rounds";

/// Why a second `012` with another name is refused (as [`ROUNDS_TWICE`]).
pub(super) const NAME_TWICE: &str = "the tournament's name is declared twice (`012`) with two values: keep the line of this tournament";

/// Why a second `092` or `192` with another type is refused (as [`ROUNDS_TWICE`]).
pub(super) const SYSTEM_TWICE: &str = "the type of tournament is declared twice (`092` or `192`) with two values: keep the line of the system this tournament is paired by";

/// Set a record that holds one value (`012`, `092`, `192`): a second line with another value is
/// refused at it (`twice` says why), never the last one read in silence.
pub(super) fn set_once(
    slot: &mut Option<String>,
    value: String,
    lineno: usize,
    twice: &'static str,
) -> Result<(), TrfError> {
    if slot.as_ref().is_some_and(|v| *v != value) {
        return Err(err(lineno, 5, TrfErrorKind::BadRecord(twice)));
    }
    *slot = Some(value);
    Ok(())
}

/// The record codes with a digit that TRF-16 and TRF-2026 define (player, tournament, bye,
/// acceleration, forbidden-pair, abnormal-points and team records). A code of letters alone is
/// a national rating record (`CHN`, TRF-2026) or an extension's (`XXR`, `BBW`, `DAT`), and `###`
/// a comment: read or kept. Any other code with a digit is a damaged line (`0O1` for `001`).
const KNOWN_RECORDS: [&str; 36] = [
    "001", "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "013", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802",
];

/// Whether a line's code is one a TRF may have (see [`KNOWN_RECORDS`]).
pub(super) fn known_record(code: &str) -> bool {
    !code.bytes().any(|c| c.is_ascii_digit()) || KNOWN_RECORDS.contains(&code)
}

/// Why a code no TRF defines is refused.
pub(super) const UNKNOWN_RECORD: &str = "no TRF record has this code: a damaged line (`0O1` for a player's `001`) would be passed over unread; correct its code, or delete the line";

/// Why a second `XXC`/`152` with the other colour is refused (as [`ROUNDS_TWICE`]).
const COLOUR_TWICE: &str = "the initial colour is declared twice (`XXC` or `152`) with two colours: keep the line with the colour drawn for round 1";

/// Why an `XXC` line naming both colours is refused (as [`COLOUR_TWICE`]).
const COLOUR_WORDS: &str =
    "this `XXC` line names both colours: keep the one drawn for round 1 (`white1` or `black1`)";

/// Set the initial colour a line declares; one another line declared otherwise is refused.
pub(super) fn set_colour(trf: &mut Trf, c: Colour, lineno: usize) -> Result<(), TrfError> {
    if trf.initial_colour.is_some_and(|o| o != c) {
        return Err(err(lineno, 5, TrfErrorKind::BadRecord(COLOUR_TWICE)));
    }
    trf.initial_colour = Some(c);
    Ok(())
}

/// `XXC white1|black1`: the initial colour, none for an `XXC` without a colour word; the same
/// colour word twice (`XXC white1 white1`) is that colour, both colours are refused. bbpPairings also reads `rank` there (the order of
/// the player lines, not their starting ranks, is the pairing order); not followed here, so it
/// is refused rather than dropped.
pub(super) fn xxc(b: &[u8], lineno: usize) -> Result<Option<Colour>, TrfError> {
    let mut colour = None;
    let mut i = 3;
    while i < b.len() {
        let start = i;
        while b.get(i).is_some_and(|c| !c.is_ascii_whitespace()) {
            i += 1;
        }
        let word = String::from_utf8_lossy(b.get(start..i).unwrap_or(&[])).to_ascii_lowercase();
        match word.as_str() {
            "" => i += 1,
            "white1" | "w" | "white" | "black1" | "b" | "black" => {
                let c = if word.starts_with('w') {
                    Colour::White
                } else {
                    Colour::Black
                };
                // The same colour twice says it once; both colours would leave the later word
                // to win unseen, so they are refused as two lines declaring both are.
                if colour.is_some_and(|o| o != c) {
                    return Err(err(
                        lineno,
                        start + 1,
                        TrfErrorKind::BadRecord(COLOUR_WORDS),
                    ));
                }
                colour = Some(c);
            }
            "rank" => {
                let what = "`XXC rank` (the order of the player lines as the pairing order) is not supported: number the players in that order instead";
                return Err(err(lineno, start + 1, TrfErrorKind::BadRecord(what)));
            }
            _ => return Err(err(lineno, start + 1, TrfErrorKind::BadHeader("XXC"))),
        }
    }
    Ok(colour)
}
