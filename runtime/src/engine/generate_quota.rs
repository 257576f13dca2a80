//! Entry quotas in a generated roster: the units and federations a generated player gets stay
//! within `quota per unit|federation N [men M] [women W]`, so that `simulate` on a generated
//! field never builds a roster its own validation refuses (R032). Without a quota units come in
//! turn up to the draws' limit, and every player is `CHN` unless the regulation reads
//! federations ([`federation_spread`]): a ranking by federation or a draw that keeps one
//! federation's players apart gets a few federations in turn, so that it has something to rank
//! or to keep apart.

use std::collections::BTreeMap;

use crate::plan::{AvoidBy, AvoidWhen, EntryQuota, GroupAttr, Plan, QuotaScope, Sex, StageFormat};

/// Federations handed out in turn when a federation quota stops `CHN` from taking more.
pub(crate) const FEDERATIONS: [&str; 24] = [
    "CHN", "VIE", "MAS", "SGP", "PHI", "THA", "INA", "JPN", "KOR", "MGL", "HKG", "MAC", "TPE",
    "AUS", "NZL", "GER", "FRA", "ITA", "NED", "ENG", "USA", "CAN", "BRA", "RUS",
];

/// How many federations a generated roster of `n` players (or teams) hands out in turn: 1 (all
/// `CHN`) unless the regulation reads federations; then 4, fewer when a ranking by federation
/// counts its best K (each federation keeps K members), more when a group draw keeps
/// federations apart (no federation with more players than the fewest groups), at most all 24.
pub(crate) fn federation_spread(plan: &Plan, n: u32) -> usize {
    let best = plan
        .rankings
        .iter()
        .filter(|r| r.by == GroupAttr::Federation)
        .map(|r| r.best.max(1))
        .max();
    let groups = plan
        .stages
        .iter()
        .filter_map(|s| match &s.format {
            StageFormat::RoundRobin(rr) => rr
                .draw
                .as_ref()
                .filter(|d| d.avoid_same_unit && d.avoid_by == AvoidBy::Federation)
                .map(|_| rr.groups.len().max(1) as u32),
            _ => None,
        })
        .min();
    let swiss = plan.stages.iter().any(|s| match &s.format {
        StageFormat::Swiss(sw) => {
            sw.avoid_by == AvoidBy::Federation && sw.avoid_same_unit != AvoidWhen::Never
        }
        _ => false,
    });
    if best.is_none() && groups.is_none() && !swiss {
        return 1;
    }
    let mut spread = 4u32;
    if let Some(k) = best {
        spread = spread.min((n / k).max(2));
    }
    if let Some(g) = groups {
        spread = spread.max(n.div_ceil(g));
    }
    (spread as usize).clamp(1, FEDERATIONS.len())
}

/// How many players each unit or federation has so far, in all and by sex, against a quota.
#[derive(Default)]
pub(crate) struct QuotaCount {
    quota: Option<(u32, Option<u32>, Option<u32>)>,
    taken: BTreeMap<(String, Option<Sex>), u32>,
}

impl QuotaCount {
    /// The counter for the plan's quota of `scope`, if it has one.
    pub(crate) fn of(plan: &Plan, scope: QuotaScope) -> QuotaCount {
        let quota = plan
            .entry
            .quotas
            .iter()
            .find(|q| q.per == scope)
            .map(|q: &EntryQuota| (q.total, q.men, q.women));
        QuotaCount {
            quota,
            taken: BTreeMap::new(),
        }
    }

    /// Whether one more player of `sex` fits in `key`'s quota.
    pub(crate) fn allows(&self, key: &str, sex: Sex) -> bool {
        let Some((total, men, women)) = self.quota else {
            return true;
        };
        let count = |s: Option<Sex>| self.taken.get(&(key.to_string(), s)).copied().unwrap_or(0);
        let share = match sex {
            Sex::Men => men,
            Sex::Women => women,
        };
        count(None) < total && share.is_none_or(|n| count(Some(sex)) < n)
    }

    /// Count the players already made (a player without a sex counts in all only).
    pub(crate) fn count_all(&mut self, players: &[super::roster::Player], scope: QuotaScope) {
        for p in players {
            let key = match scope {
                QuotaScope::Unit => p.unit.as_deref(),
                QuotaScope::Federation => p.federation.as_deref(),
            };
            if let Some(key) = key {
                self.shift(key, p.sex, 1);
            }
        }
    }

    /// The first of `candidates` with room for one more player of `sex` (no sex: room in all);
    /// the player moves there from `from`. None when every candidate is full.
    pub(crate) fn move_to<'a>(
        &mut self,
        candidates: impl Iterator<Item = &'a str>,
        sex: Option<Sex>,
        from: Option<&str>,
    ) -> Option<&'a str> {
        if let Some(f) = from {
            self.shift(f, sex, -1);
        }
        let pick = candidates.into_iter().find(|c| match sex {
            Some(s) => self.allows(c, s),
            None => self.count(c, None) < self.quota.map_or(u32::MAX, |q| q.0),
        });
        match (pick, from) {
            (Some(c), _) => self.shift(c, sex, 1),
            (None, Some(f)) => self.shift(f, sex, 1),
            (None, None) => {}
        }
        pick
    }

    fn count(&self, key: &str, sex: Option<Sex>) -> u32 {
        self.taken
            .get(&(key.to_string(), sex))
            .copied()
            .unwrap_or(0)
    }

    fn shift(&mut self, key: &str, sex: Option<Sex>, by: i64) {
        if self.quota.is_none() {
            return;
        }
        for s in std::iter::once(None).chain(sex.map(Some)) {
            let n = self.taken.entry((key.to_string(), s)).or_insert(0);
            *n = u32::try_from(i64::from(*n) + by).unwrap_or(0);
        }
    }

    /// Count one more player of `sex` in `key`.
    pub(crate) fn take(&mut self, key: &str, sex: Sex) {
        if self.quota.is_some() {
            *self.taken.entry((key.to_string(), None)).or_insert(0) += 1;
            *self.taken.entry((key.to_string(), Some(sex))).or_insert(0) += 1;
        }
    }

    /// The federation of the next generated player of `sex`: `CHN` while the quota allows,
    /// then the next federation that has room (the last one when all are full: the roster's
    /// validation then says so, R032).
    /// With a `spread` of more than 1 ([`federation_spread`]), the first choice is the `turn`th
    /// of the first `spread` federations, in turn.
    pub(crate) fn federation(&mut self, sex: Sex, (turn, spread): (usize, usize)) -> String {
        let spread = spread.clamp(1, FEDERATIONS.len());
        let in_turn = (0..spread).map(|i| FEDERATIONS[(turn + i) % spread]);
        let fed = in_turn
            .chain(FEDERATIONS.iter().skip(spread).copied())
            .find(|f| self.allows(f, sex))
            .unwrap_or(FEDERATIONS[FEDERATIONS.len() - 1]);
        self.take(fed, sex);
        fed.to_string()
    }
}
