//! Entry quotas in a generated roster: the units and federations a generated player gets stay
//! within `quota per unit|federation N [men M] [women W]`, so that `simulate` on a generated
//! field never builds a roster its own validation refuses (R032). Without a quota nothing
//! changes: units come in turn up to the draws' limit, every player is `CHN`.

use std::collections::BTreeMap;

use crate::plan::{EntryQuota, Plan, QuotaScope, Sex};

/// Federations handed out in turn when a federation quota stops `CHN` from taking more.
pub(crate) const FEDERATIONS: [&str; 24] = [
    "CHN", "VIE", "MAS", "SGP", "PHI", "THA", "INA", "JPN", "KOR", "MGL", "HKG", "MAC", "TPE",
    "AUS", "NZL", "GER", "FRA", "ITA", "NED", "ENG", "USA", "CAN", "BRA", "RUS",
];

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
    pub(crate) fn federation(&mut self, sex: Sex) -> String {
        let fed = FEDERATIONS
            .iter()
            .find(|f| self.allows(f, sex))
            .unwrap_or(&FEDERATIONS[FEDERATIONS.len() - 1]);
        self.take(fed, sex);
        fed.to_string()
    }
}
