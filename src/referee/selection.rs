//! Which games of a match one run plays: `--shard K/N` (the games whose number is K modulo N)
//! and `--rounds 1-10,15` (those numbers), so that a match can be split over machines and its
//! records merged.

use crate::shard::parse_shard;
use std::fmt;

/// A subset of a match's games, by their numbers (the record's `Round`, from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// `--shard K/N`: `(K, N)`, with 1 ≤ K ≤ N.
    pub shard: Option<(usize, usize)>,
    /// `--rounds`: inclusive ranges of game numbers.
    pub rounds: Option<Vec<(usize, usize)>>,
}

impl Selection {
    /// Reads `--shard` (`K/N`) and `--rounds` (`1-10,15`); either may be absent.
    pub fn parse(shard: Option<&str>, rounds: Option<&str>) -> Result<Selection, String> {
        Ok(Selection {
            shard: shard.map(parse_shard).transpose()?,
            rounds: rounds.map(parse_rounds).transpose()?,
        })
    }

    /// True when every game of the match is played.
    pub fn is_whole(&self) -> bool {
        self.shard.is_none() && self.rounds.is_none()
    }

    /// True when game number `round` is played.
    pub fn contains(&self, round: usize) -> bool {
        let in_shard = self.shard.is_none_or(|(k, n)| round % n == k % n);
        let in_rounds = self
            .rounds
            .as_ref()
            .is_none_or(|ranges| ranges.iter().any(|&(a, b)| (a..=b).contains(&round)));
        in_shard && in_rounds
    }
}

/// `1-10,15`: comma-separated numbers and inclusive ranges, from 1.
fn parse_rounds(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let bad = |part: &str| {
        format!("--rounds takes game numbers and ranges from 1 (1-10,15), not '{part}'")
    };
    let mut ranges = Vec::new();
    for part in text.split(',') {
        let number = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| n > 0);
        let range = match part.split_once('-') {
            Some((a, b)) => number(a).zip(number(b)).filter(|(a, b)| a <= b),
            None => number(part).map(|n| (n, n)),
        };
        ranges.push(range.ok_or_else(|| bad(part))?);
    }
    Ok(ranges)
}

/// The numbers from 1 to `total` not in `present` (sorted, without repeats), as ranges:
/// `1-3, 7, 9-12`; found from the gaps, so a large `total` costs nothing.
pub fn missing_text(present: &[usize], total: usize) -> String {
    let range = |first: usize, last: usize| {
        if first == last {
            first.to_string()
        } else {
            format!("{first}-{last}")
        }
    };
    let mut parts = Vec::new();
    // The first number not yet accounted for; `None` once past `usize::MAX`.
    let mut next = Some(1);
    for &n in present {
        if let Some(first) = next.filter(|&first| n > first) {
            parts.push(range(first, n - 1));
        }
        next = next.and_then(|first| n.checked_add(1).map(|after| first.max(after)));
    }
    if let Some(first) = next.filter(|&first| first <= total) {
        parts.push(range(first, total));
    }
    parts.join(", ")
}

impl fmt::Display for Selection {
    /// `shard 2/3`, `rounds 1-10,15`, both, or `all`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some((k, n)) = self.shard {
            parts.push(format!("shard {k}/{n}"));
        }
        if let Some(ranges) = &self.rounds {
            let list: Vec<String> = ranges
                .iter()
                .map(|&(a, b)| {
                    if a == b {
                        a.to_string()
                    } else {
                        format!("{a}-{b}")
                    }
                })
                .collect();
            parts.push(format!("rounds {}", list.join(",")));
        }
        if parts.is_empty() {
            parts.push("all".to_string());
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picked(selection: &Selection, total: usize) -> Vec<usize> {
        (1..=total).filter(|&r| selection.contains(r)).collect()
    }

    #[test]
    fn shards_partition_the_match() {
        for n in 1..=5 {
            let mut seen = vec![0; 23];
            for k in 1..=n {
                let shard = Selection::parse(Some(&format!("{k}/{n}")), None).unwrap();
                let games = picked(&shard, 22);
                assert!(games.iter().all(|r| r % n == k % n), "{k}/{n}: {games:?}");
                for r in games {
                    seen[r] += 1;
                }
            }
            assert!(seen[1..].iter().all(|&c| c == 1), "{n}: {seen:?}");
        }
        let second = Selection::parse(Some("2/3"), None).unwrap();
        assert_eq!(picked(&second, 10), vec![2, 5, 8]);
        let third = Selection::parse(Some("3/3"), None).unwrap();
        assert_eq!(picked(&third, 10), vec![3, 6, 9]);
    }

    #[test]
    fn rounds_are_numbers_and_ranges_and_combine_with_a_shard() {
        let rounds = Selection::parse(None, Some("1-3,7,9-10")).unwrap();
        assert_eq!(picked(&rounds, 20), vec![1, 2, 3, 7, 9, 10]);
        assert_eq!(rounds.to_string(), "rounds 1-3,7,9-10");
        let both = Selection::parse(Some("1/2"), Some("1-6")).unwrap();
        assert_eq!(picked(&both, 20), vec![1, 3, 5]);
        assert!(Selection::default().is_whole());
        assert!(!both.is_whole());
        assert_eq!(missing_text(&[4, 5, 6, 8], 12), "1-3, 7, 9-12");
        assert_eq!(missing_text(&[1, 2], 2), "");
        assert_eq!(missing_text(&[4, 4, 6], 6), "1-3, 5");
        assert_eq!(missing_text(&[], 1), "1");
        assert_eq!(
            missing_text(&[2], usize::MAX),
            format!("1, 3-{}", usize::MAX)
        );
    }

    #[test]
    fn bad_selections_are_named() {
        for shard in ["0/2", "3/2", "1", "a/b", "1/0", "-1/2"] {
            let e = Selection::parse(Some(shard), None).unwrap_err();
            assert!(e.contains(shard) && e.contains("K/N"), "{e}");
        }
        for rounds in ["0", "3-1", "x", "1,,2", "1-", ""] {
            let e = Selection::parse(None, Some(rounds)).unwrap_err();
            assert!(e.contains("--rounds"), "{rounds}: {e}");
        }
    }
}
