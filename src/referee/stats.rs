//! Match statistics as cutechess-cli prints them: score, Elo difference with its 95% error,
//! likelihood of superiority, and the sequential probability ratio test.

/// Wins, losses and draws of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, 0 to 1 (½ when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// Counts a game in which this side scored `points` (1, ½ or 0).
    pub fn count(&mut self, points: f64) {
        match points {
            x if x > 0.75 => self.wins += 1,
            x if x < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Variance of one game's points around the mean score.
    fn variance(&self) -> f64 {
        let (w, l, d) = (
            f64::from(self.wins),
            f64::from(self.losses),
            f64::from(self.draws),
        );
        let s = self.score();
        (w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2)) / (w + l + d)
    }

    /// The Elo difference and the half-width of its 95% confidence interval (infinite or NaN
    /// when the score is 0 or 1, as cutechess-cli prints them).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let s = self.score();
        let deviation = (self.variance() / n).sqrt();
        let delta = 1.959_963_984_540_054 * deviation;
        let error = (elo_of(s + delta) - elo_of(s - delta)) / 2.0;
        (elo_of(s), error)
    }

    /// Likelihood of superiority, in percent (draws ignored).
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 50.0;
        }
        let z = (f64::from(self.wins) - f64::from(self.losses)) / (2.0 * decisive).sqrt();
        50.0 * (1.0 + erf(z))
    }

    /// The cutechess-cli `Elo difference:` line.
    pub fn elo_line(&self) -> String {
        let (elo, error) = self.elo();
        let draws = if self.games() == 0 {
            0.0
        } else {
            100.0 * f64::from(self.draws) / f64::from(self.games())
        };
        format!(
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {draws:.1} %",
            number(elo),
            number(error),
            self.los()
        )
    }
}

/// A float as cutechess-cli prints it: one decimal, `inf`, `-inf` or `nan`.
fn number(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        // No "-0.0" for an even match.
        format!("{:.1}", if x.abs() < 0.05 { 0.0 } else { x })
    }
}

/// The Elo difference that gives an expected score `s` (logistic model).
pub fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of a side `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

/// The results of two engines' games played in pairs, one opening with both colour orders:
/// `counts[k]` pairs in which the first engine scored k/2 of the pair's 2 points (fastchess's
/// pentanomial `Ptnml(0-2)`), and the games whose partner is not (yet) counted. An opening
/// decides many pairs whoever plays it; the pairs' variance leaves that out of the test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    /// Pairs by the first engine's points in them, 0, ½, 1, 1½, 2.
    pub counts: [u32; 5],
    /// Games without their partner, from the first engine's side.
    pub single: Tally,
}

impl Paired {
    /// The fastchess `Ptnml(0-2):` line.
    pub fn line(&self) -> String {
        let [a, b, c, d, e] = self.counts;
        format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}]")
    }
}

/// A sequential probability ratio test: H0 "the first engine is `elo0` stronger" against H1
/// "`elo1` stronger", with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Keep playing.
    Continue,
    /// H0 accepted (`llr <= lbound`).
    H0,
    /// H1 accepted (`llr >= ubound`).
    H1,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (all four, any order).
    pub fn parse(pairs: &[String]) -> Result<Sprt, String> {
        let mut values = [None; 4];
        let keys = ["elo0", "elo1", "alpha", "beta"];
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{pair}' is not key=value"))?;
            let slot = keys
                .iter()
                .position(|k| *k == key)
                .ok_or_else(|| format!("--sprt: unknown key '{key}' (elo0, elo1, alpha, beta)"))?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: {key}= takes a number, not '{value}'"))?;
            values[slot] = Some(number);
        }
        let [Some(elo0), Some(elo1), Some(alpha), Some(beta)] = values else {
            return Err("--sprt needs elo0=, elo1=, alpha= and beta=".to_string());
        };
        if elo1 <= elo0 {
            return Err("--sprt: elo1 must be greater than elo0".to_string());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("--sprt: alpha and beta lie between 0 and 0.5".to_string());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower bound, ln(β / (1 − α)).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound, ln((1 − β) / α).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0: the pairs' and the single games' (see
    /// `gsprt`), added as the ratios of independent samples are.
    pub fn llr(&self, paired: &Paired) -> f64 {
        let pairs: Vec<(f64, f64)> = paired
            .counts
            .iter()
            .enumerate()
            .map(|(k, &n)| (k as f64 / 4.0, f64::from(n)))
            .collect();
        let t = &paired.single;
        let games = [
            (1.0, f64::from(t.wins)),
            (0.0, f64::from(t.losses)),
            (0.5, f64::from(t.draws)),
        ];
        self.gsprt(&pairs) + self.gsprt(&games)
    }

    /// The generalized SPRT's log-likelihood ratio for samples taking the scores `x` (per
    /// game, 0 to 1) `n` times each, in the normal approximation N/(2σ²)·((s−s0)² − (s−s1)²).
    /// The variance takes half a sample of each kind more, so that a run of identical results
    /// is not infinitely sure.
    fn gsprt(&self, outcomes: &[(f64, f64)]) -> f64 {
        let n: f64 = outcomes.iter().map(|&(_, count)| count).sum();
        if n == 0.0 {
            return 0.0;
        }
        let s = outcomes.iter().map(|&(x, count)| x * count).sum::<f64>() / n;
        let padded = n + 0.5 * outcomes.len() as f64;
        let variance = outcomes
            .iter()
            .map(|&(x, count)| (count + 0.5) * (x - s).powi(2))
            .sum::<f64>()
            / padded;
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n / (2.0 * variance) * ((s - s0).powi(2) - (s - s1).powi(2))
    }

    /// The decision for `paired`.
    pub fn decide(&self, paired: &Paired) -> Decision {
        let llr = self.llr(paired);
        if llr >= self.upper() {
            Decision::H1
        } else if llr <= self.lower() {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    /// The cutechess-cli `SPRT:` line.
    pub fn line(&self, paired: &Paired) -> String {
        let llr = self.llr(paired);
        let share = if llr >= 0.0 {
            llr / self.upper()
        } else {
            llr / self.lower()
        };
        let verdict = match self.decide(paired) {
            Decision::Continue => "",
            Decision::H0 => " - H0 was accepted",
            Decision::H1 => " - H1 was accepted",
        };
        format!(
            "SPRT: llr {llr:.3} ({:.1}%), lbound {:.2}, ubound {:.2}{verdict}",
            100.0 * share,
            self.lower(),
            self.upper()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn elo_and_error_match_the_formulas() {
        // 60-30-10: score 0.65, Elo -400·log10(1/0.65 − 1) = 107.5.
        let t = tally(60, 30, 10);
        let (elo, error) = t.elo();
        assert!((elo - 107.5).abs() < 0.05, "{elo}");
        // σ² = (60·0.35² + 30·0.65² + 10·0.15²)/100 = 0.2025, σ/√N = 0.045, δ = 0.0882.
        let expected = (elo_of(0.65 + 0.088_198) - elo_of(0.65 - 0.088_198)) / 2.0;
        assert!((error - expected).abs() < 0.05, "{error} {expected}");
        // 5-5-0: σ/√N = 0.5/√10, δ = 0.3099, Elo of 0.8099 = 251.8.
        assert_eq!(
            tally(5, 5, 0).elo_line(),
            "Elo difference: 0.0 +/- 251.8, LOS: 50.0 %, DrawRatio: 0.0 %"
        );
        assert!(
            tally(3, 0, 0)
                .elo_line()
                .starts_with("Elo difference: inf +/- nan")
        );
        assert!(
            tally(0, 3, 0)
                .elo_line()
                .starts_with("Elo difference: -inf +/- nan")
        );
    }

    #[test]
    fn los_and_erf() {
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 1e-6);
        assert!((tally(10, 10, 3).los() - 50.0).abs() < 1e-6);
        // 20 wins, 10 losses: z = 10/√60, LOS = 96.61 %.
        assert!((tally(20, 10, 0).los() - 96.606).abs() < 0.001);
    }

    /// Single games only, as a whole match of unpaired games.
    fn single(wins: u32, losses: u32, draws: u32) -> Paired {
        Paired {
            counts: [0; 5],
            single: tally(wins, losses, draws),
        }
    }

    fn pairs(counts: [u32; 5]) -> Paired {
        Paired {
            counts,
            single: Tally::default(),
        }
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let sprt = Sprt::parse(&words("elo0=0 elo1=10 alpha=0.05 beta=0.05")).unwrap();
        assert!((sprt.upper() - 2.944).abs() < 0.001);
        assert!((sprt.lower() + 2.944).abs() < 0.001);
        assert_eq!(sprt.decide(&single(0, 0, 0)), Decision::Continue);
        assert_eq!(sprt.decide(&single(200, 100, 50)), Decision::H1);
        assert_eq!(sprt.decide(&single(100, 200, 50)), Decision::H0);
        assert_eq!(sprt.decide(&single(10, 9, 3)), Decision::Continue);
        // Draws only: the score sits at H0's, the test ends for H0 after enough of them.
        assert_eq!(sprt.decide(&single(0, 0, 20)), Decision::Continue);
        assert_eq!(sprt.decide(&single(0, 0, 200)), Decision::H0);
        assert!(
            sprt.line(&single(200, 100, 50))
                .ends_with("H1 was accepted")
        );
        assert!(Sprt::parse(&words("elo0=0 elo1=10 alpha=0.05")).is_err());
        assert!(Sprt::parse(&words("elo0=5 elo1=0 alpha=0.05 beta=0.05")).is_err());
        assert!(Sprt::parse(&words("elo0=0 elo1=5 alpha=0.6 beta=0.05")).is_err());
    }

    #[test]
    fn pairs_are_tested_by_their_own_variance() {
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let sprt = Sprt::parse(&words("elo0=0 elo1=10 alpha=0.05 beta=0.05")).unwrap();
        // 50 pairs: s = (3·0.25 + 30·0.5 + 5·0.75 + 10)/50 = 0.59; σ² with half a pair of
        // each kind added = 0.045, s0 = 0.5, s1 = 0.5144: LLR 0.9123 (computed aside).
        let some = pairs([2, 3, 30, 5, 10]);
        assert!(
            (sprt.llr(&some) - 0.912_347).abs() < 1e-5,
            "{}",
            sprt.llr(&some)
        );
        // Pairs and single games are independent samples: their ratios add up.
        let both = Paired {
            counts: some.counts,
            single: tally(30, 20, 5),
        };
        let sum = sprt.llr(&some) + sprt.llr(&single(30, 20, 5));
        assert!((sprt.llr(&both) - sum).abs() < 1e-12);
        assert!((sprt.llr(&both) - 1.216_443).abs() < 1e-5);
        // 100 openings each won once by either engine: as many points as 100 drawn games,
        // but the pairs say far more surely that neither engine is 10 Elo stronger.
        assert_eq!(sprt.decide(&pairs([0, 0, 100, 0, 0])), Decision::H0);
        assert_eq!(sprt.decide(&single(100, 100, 0)), Decision::Continue);
        assert_eq!(pairs([1, 2, 3, 4, 5]).line(), "Ptnml(0-2): [1, 2, 3, 4, 5]");
    }
}
