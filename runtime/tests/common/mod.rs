//! Hand-built plans for the runtime's tests, shaped like the seeds (what the compiler will
//! produce from the example regulations), and small helpers.
#![allow(dead_code)]

mod seed004;
pub use seed004::seed004;

use std::collections::{BTreeMap, BTreeSet};
use xqreg_runtime::plan::*;

pub fn o(what: &str) -> Origin {
    Origin::Clause {
        file: "examples/004/regulation.xqr".to_string(),
        line: 1,
        column: 1,
        span: SourceSpan { start: 0, end: 0 },
    }
    .clone_with(what)
}

/// A group draw by `rules`, players of one unit kept apart or not (`avoid same_unit`).
pub fn group_draw(rules: Vec<DrawRule>, avoid_same_unit: bool) -> Option<GroupDraw> {
    Some(GroupDraw {
        rules,
        avoid_same_unit,
        avoid_by: AvoidBy::Unit,
        origin: o("draw"),
    })
}

/// `rest ORDER`: the players no other rule placed, in `order`; `clause` is its origin.
pub fn rest_draw(order: DrawOrder, clause: &str) -> DrawRule {
    DrawRule::Rest {
        order,
        origin: o(clause),
    }
}

trait CloneWith {
    fn clone_with(self, what: &str) -> Origin;
}

impl CloneWith for Origin {
    fn clone_with(self, what: &str) -> Origin {
        match self {
            Origin::Clause {
                file, column, span, ..
            } => Origin::Clause {
                file,
                line: what.len() as u32,
                column,
                span,
            },
            d => d,
        }
    }
}

pub fn chain(criteria: &[Criterion]) -> TiebreakChain {
    TiebreakChain {
        criteria: criteria
            .iter()
            .map(|&criterion| TiebreakItem {
                criterion,
                origin: o("tiebreak"),
            })
            .collect(),
        origin: o("tiebreak"),
    }
}

pub fn time(name: &str, red: u32, black: u32, inc: u32, draw_goes_to: Option<Side>) -> TimeControl {
    TimeControl {
        name: name.to_string(),
        title: None,
        title_en: None,
        red_seconds: red,
        black_seconds: black,
        increment_seconds: inc,
        flag_loses: true,
        draw_goes_to,
        origin: o(name),
    }
}

/// 004's ladder: one extra game 5′+5″ with colours swapped, then armageddon by lot, a draw to
/// Black.
pub fn ladder_004() -> PlayoffChain {
    PlayoffChain {
        name: Some("ladder".to_string()),
        steps: vec![
            PlayoffStep {
                kind: PlayoffStepKind::Game {
                    time: "rapid".to_string(),
                    colours: ColourRule::Swap,
                    games: 1,
                },
                origin: o("game rapid colours swap"),
            },
            PlayoffStep {
                kind: PlayoffStepKind::Armageddon {
                    time: "armageddon".to_string(),
                    colours: ColourRule::Lot,
                    draw_goes_to: Side::Black,
                },
                origin: o("armageddon armageddon colours lot"),
            },
        ],
        origin: o("playoff ladder"),
    }
}

pub fn place_ref(stage: &str, group: GroupSel, from: u32, to: u32) -> PlaceRef {
    PlaceRef {
        stage: stage.to_string(),
        group,
        places: PlaceRange::new(from, to),
    }
}

/// A plan with the regulation's defaults, no pools, and the given stages.
pub fn plan_with(field: u32, stages: Vec<Stage>) -> Plan {
    let mut p = seed004();
    p.entry.field = Field::Exact {
        size: field,
        origin: o("field"),
    };
    p.entry.pools.clear();
    p.entry.conditions.clear();
    p.stages = stages;
    p.places.clear();
    p.prizes.clear();
    let mut tc = BTreeMap::new();
    tc.insert(
        "standard".to_string(),
        time("standard", 3600, 3600, 30, None),
    );
    tc.insert("rapid".to_string(), time("rapid", 600, 600, 10, None));
    tc.insert("blitz".to_string(), time("blitz", 300, 300, 5, None));
    tc.insert(
        "armageddon".to_string(),
        time("armageddon", 360, 300, 0, Some(Side::Black)),
    );
    p.time_controls = tc;
    p
}

/// Seed 000's ladder: rapid colours swapped, blitz colours redrawn, blitz swapped, armageddon
/// colours by lot with the draw to Black.
pub fn ladder_000() -> PlayoffChain {
    let game = |time: &str, colours: ColourRule| PlayoffStep {
        kind: PlayoffStepKind::Game {
            time: time.to_string(),
            colours,
            games: 1,
        },
        origin: o(time),
    };
    PlayoffChain {
        name: Some("ladder".to_string()),
        steps: vec![
            game("rapid", ColourRule::Swap),
            game("blitz", ColourRule::Redraw),
            game("blitz", ColourRule::Swap),
            PlayoffStep {
                kind: PlayoffStepKind::Armageddon {
                    time: "armageddon".to_string(),
                    colours: ColourRule::Lot,
                    draw_goes_to: Side::Black,
                },
                origin: o("armageddon"),
            },
        ],
        origin: o("playoff"),
    }
}

/// Stage `name` playing `format` on the whole roster, with CXA scoring, standard time and the
/// tie-break chain `criteria`, and nothing more (no title, playoff, places or cap): where a test's
/// stage starts, the test setting with `..stage_of(...)` what it is about.
pub fn stage_of(name: &str, format: StageFormat, criteria: &[Criterion]) -> Stage {
    Stage {
        name: name.to_string(),
        title: None,
        title_en: None,
        entrants: vec![EntrantSource::Roster {
            origin: o("entrants"),
        }],
        format,
        scoring: Scoring::cxa_default(o("scoring")),
        time: Some("standard".to_string()),
        tiebreak: chain(criteria),
        playoff: None,
        places: None,
        cap: None,
        team_colours: None,
        origin: o("stage"),
    }
}

pub fn round_robin_stage(name: &str, groups: &[&str], chain_of: &[Criterion]) -> Stage {
    let format = StageFormat::RoundRobin(RoundRobin {
        cycles: Cycles::Single,
        groups: groups.iter().map(|g| g.to_string()).collect(),
        group_size: None,
        draw: None,
        numbers: Numbers::RegistrationOrder {
            origin: o("numbers"),
        },
        swap_last_two: true,
        colours: ColourRule::FirstListedRed,
        origin: o("round_robin"),
    });
    stage_of(name, format, chain_of)
}

pub fn knockout_stage(
    name: &str,
    bracket: Bracket,
    games: u32,
    third: bool,
    placement: bool,
    playoff: Option<PlayoffChain>,
) -> Stage {
    let format = StageFormat::Knockout(Knockout {
        bracket,
        games,
        third_place: third,
        placement,
        only_if_tied: None,
        colours: ColourRule::Lot,
        team: None,
        origin: o("knockout"),
    });
    Stage {
        playoff,
        ..stage_of(name, format, &[])
    }
}

/// Players `a`, `b`, ... with ratings falling by 50 and units `u1`, `u2`, ...
pub fn players(n: usize) -> xqreg_runtime::Roster {
    xqreg_runtime::Roster {
        players: (0..n)
            .map(|i| xqreg_runtime::Player {
                id: format!("p{}", i + 1),
                name: format!("Player {}", i + 1),
                unit: Some(format!("u{}", i + 1)),
                sex: Some(Sex::Men),
                rating: Some(2600 - 50 * i as u32),
                order: Some(i as u32 + 1),
                ..Default::default()
            })
            .collect(),
    }
}

pub fn game(
    stage: &str,
    round: u32,
    red: &str,
    black: &str,
    result: &str,
    step: Option<&str>,
    n: Option<u32>,
) -> xqreg_runtime::RecordedGame {
    xqreg_runtime::RecordedGame {
        stage: stage.to_string(),
        round,
        board: None,
        red: red.to_string(),
        black: black.to_string(),
        result: xqreg_runtime::engine::GameResult::parse(result).expect("a result"),
        red_fouls: 0,
        black_fouls: 0,
        step: step.map(str::to_string),
        game: n,
        origin: o("results"),
    }
}

/// The knockout most knockout tests play: stage `ko` of the whole roster, seeded by rating into a
/// bracket of `size`, one game a match, no third-place match or placement matches, no playoff,
/// deciding places 1..=2 unless told.
pub struct SeededKnockout {
    size: u32,
    games: u32,
    third: bool,
    placement: bool,
    playoff: Option<PlayoffChain>,
    places: u32,
}

pub fn seeded_knockout(size: u32) -> SeededKnockout {
    SeededKnockout {
        size,
        games: 1,
        third: false,
        placement: false,
        playoff: None,
        places: 2,
    }
}

impl SeededKnockout {
    pub fn games(self, games: u32) -> Self {
        SeededKnockout { games, ..self }
    }
    pub fn third_place(self) -> Self {
        SeededKnockout {
            third: true,
            ..self
        }
    }
    pub fn placement(self) -> Self {
        SeededKnockout {
            placement: true,
            ..self
        }
    }
    pub fn playoff(self, chain: PlayoffChain) -> Self {
        SeededKnockout {
            playoff: Some(chain),
            ..self
        }
    }
    /// Places 1..=`last` decided.
    pub fn places(self, last: u32) -> Self {
        SeededKnockout {
            places: last,
            ..self
        }
    }
    pub fn stage(self) -> Stage {
        let mut ko = knockout_stage(
            "ko",
            Bracket::Seeded {
                size: self.size,
                seeding: NumberOrder::Rating,
                reserved: None,
                byes: Default::default(),
            },
            self.games,
            self.third,
            self.placement,
            self.playoff,
        );
        ko.places = Some(PlaceRange::new(1, self.places));
        ko
    }
    /// The plan of a field of `field` players playing this knockout alone.
    pub fn plan(self, field: u32) -> Plan {
        plan_with(field, vec![self.stage()])
    }
}

/// Recorded results with none recorded: every game simulated, the rest played by `rule`.
pub fn rest(rule: xqreg_runtime::engine::RestRule) -> xqreg_runtime::RecordedResults {
    xqreg_runtime::RecordedResults {
        rest: rule,
        ..Default::default()
    }
}

/// 004's tiebreak chain (the CXA order for a round robin): what the seeds' groups rank by.
pub const CXA_CHAIN: &[Criterion] = &[
    Criterion::SonnebornBerger,
    Criterion::HeadToHead {
        mode: HeadToHeadMode::TwoOnly,
    },
    Criterion::Wins {
        count: WinsCount::Played,
    },
    Criterion::BlackWins,
    Criterion::BlackGames,
    Criterion::HeadToHeadBlack,
    Criterion::Fouls,
    Criterion::Lots,
];

/// A field of `field` players in one round robin `rr` ranked by `chain`.
pub fn round_robin_plan(field: u32, chain: &[Criterion]) -> Plan {
    plan_with(field, vec![round_robin_stage("rr", &[], chain)])
}

/// `plan` run for seeds 1..=20 on a roster of `field` generated with seed 1: the places are
/// `places` (each player once; equal places marked shared), the prizes sum to `total`, the same
/// seed gives the same bytes and different seeds different outcomes.
pub fn runs_soundly(plan: &Plan, field: u32, places: &[u32], total: u64) {
    use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
    use xqreg_runtime::{generate_roster, run, RecordedResults};
    let mut rng = Lots::new(1, STREAM_ROSTER);
    let roster = generate_roster(plan, field, &mut rng).expect("a roster");
    let mut seen = BTreeSet::new();
    for seed in 1..=20u64 {
        let out = run(plan, &roster, &RecordedResults::default(), seed)
            .unwrap_or_else(|e| panic!("{} seed {seed}: {e:?}", plan.meta.title));
        let got: Vec<u32> = out.final_ranking.iter().map(|r| r.place).collect();
        assert_eq!(got, places, "seed {seed}");
        let ids: BTreeSet<&str> = out.final_ranking.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids.len(), places.len(), "seed {seed}: someone placed twice");
        for w in out.final_ranking.windows(2) {
            if w[0].place == w[1].place {
                assert!(
                    w[0].shared && w[1].shared,
                    "seed {seed}: equal places are marked shared"
                );
            }
        }
        assert_eq!(
            out.prizes.iter().map(|p| p.amount).sum::<u64>(),
            total,
            "seed {seed}"
        );
        let json = serde_json::to_string(&out).expect("json");
        let again = serde_json::to_string(
            &run(plan, &roster, &RecordedResults::default(), seed).expect("runs"),
        )
        .expect("json");
        assert_eq!(json, again, "seed {seed}: byte-identical");
        seen.insert(json);
    }
    assert_eq!(seen.len(), 20, "different seeds, different outcomes");
}

/// A Swiss of `rounds` rounds on `system` as the runtime tests play it: the documented TRF
/// defaults (`cxa_trf_params`: round 1 split in half with alternating colours, the CXA colour
/// limits, a 2-point bye to the lowest player without one; no late entries, nothing left open)
/// with numbers by rating and FIDE colour ties.
pub fn swiss(system: SwissSystem, rounds: u32) -> Swiss {
    Swiss {
        system,
        numbers: Numbers::Rating {
            origin: o("numbers rating"),
        },
        colour_tie: ColourTie::Fide,
        origin: o("swiss"),
        ..xqreg_runtime::pairing::swiss::cxa_trf_params(rounds)
    }
}

/// A pairing file's lines as a set, white space folded, the count line dropped where asked (our
/// output starts with one; the engine's reference files too).
pub fn lines_of(text: &str, drop_count_line: bool) -> BTreeSet<String> {
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect();
    if drop_count_line && !lines.is_empty() {
        lines.remove(0);
    }
    lines.into_iter().collect()
}
