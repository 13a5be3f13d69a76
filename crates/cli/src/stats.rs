//! The statistics of a match: scores, their confidence intervals, Elo
//! differences and the sequential probability ratio test (SPRT).
//!
//! Games of a duplicate set share their luck, so they are not independent
//! samples: a bot that wins one game of a set is likely to lose the mirrored
//! one. Every interval and test here therefore works on **set scores**, one
//! sample per complete set: the bot's score over the set divided by the
//! games in it, a number from 0 to 1. For two-game sets these samples take
//! the five values 0, ¼, ½, ¾ and 1, the "pentanomial" game-pair outcomes
//! of engine testing; sets of six games (three players) simply take more
//! values, which the formulas below handle alike.

/// The 97.5% quantile of the standard normal distribution, for two-sided
/// 95% intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// What one bot achieved over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games the bot took part in.
    pub games: u64,
    /// Games every winning seat of which was the bot's.
    pub wins: u64,
    /// Games whose winners included the bot's seats and others.
    pub shared: u64,
    /// Games none of whose winners was the bot's.
    pub losses: u64,
    /// Points: each winning seat of a k-way shared win is worth 1/k.
    pub score: f64,
}

impl Tally {
    /// Counts one game in which the bot held `mine` of the `winners`
    /// winning seats.
    pub fn add(&mut self, mine: usize, winners: usize) {
        self.games += 1;
        if winners == 0 || mine == 0 {
            self.losses += 1;
            return;
        }
        if mine >= winners {
            self.wins += 1;
        } else {
            self.shared += 1;
        }
        self.score += share(mine, winners);
    }

    /// The score per game, from 0 to 1; `None` before any game.
    pub fn fraction(&self) -> Option<f64> {
        (self.games > 0).then(|| self.score / self.games as f64)
    }
}

/// The points of holding `mine` of `winners` winning seats (each worth 1/k).
pub fn share(mine: usize, winners: usize) -> f64 {
    if winners == 0 {
        0.0
    } else {
        mine.min(winners) as f64 / winners as f64
    }
}

/// A mean with its two-sided 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// The mean of `samples` (each from 0 to 1) and its 95% confidence interval
/// by the normal approximation with two pseudo-sets added at each extreme:
/// the samples together with 0, 0, 1 and 1 give a mean m̃ and a sample
/// standard deviation s̃ (divisor N − 1, N = n + 4), and the interval is
/// `m̃ ± z · s̃ / √N`, clamped to 0…1 and widened if need be to hold the
/// mean. For sets that are all won or lost this is the Agresti–Coull
/// interval of a proportion. The pseudo-sets keep a score close to 0 or 1
/// from looking certain: the plain sample spread of 59 lost sets and one
/// with a sixth of a point would put the upper end at 1.3%, while a
/// sample of sixty lost sets is only known to lie below 6% (see below).
/// `None` with fewer than two samples, which say nothing about their
/// spread.
///
/// When every sample is 1 (or every one is 0), as when one bot wins every
/// set, the sample spread is zero and the normal interval would have no
/// width at all. Then the exact bound for any distribution on 0…1 is used
/// instead: a mean of μ gives `P(X = 1) ≤ μ`, so n ones in a row have a
/// probability of at most μⁿ, which is below 2.5% for μ < 0.025^(1/n). The
/// interval is [0.025^(1/n), 1] (for zeros, [0, 1 − 0.025^(1/n)]), valid
/// from one sample on.
pub fn mean_interval(samples: &[f64]) -> Option<Interval> {
    let n = samples.len();
    if n == 0 {
        return None;
    }
    let count = n as f64;
    let mean = samples.iter().sum::<f64>() / count;
    // Each tail of a two-sided 95% interval.
    let tail: f64 = 0.025;
    if samples.iter().all(|&x| x >= 1.0) {
        return Some(Interval {
            mean,
            low: tail.powf(1.0 / count),
            high: 1.0,
        });
    }
    if samples.iter().all(|&x| x <= 0.0) {
        return Some(Interval {
            mean,
            low: 0.0,
            high: 1.0 - tail.powf(1.0 / count),
        });
    }
    if n < 2 {
        return None;
    }
    const PSEUDO_SETS: [f64; 4] = [0.0, 0.0, 1.0, 1.0];
    let augmented = || samples.iter().chain(&PSEUDO_SETS);
    let total = count + PSEUDO_SETS.len() as f64;
    let centre = augmented().sum::<f64>() / total;
    let variance = augmented().map(|x| (x - centre).powi(2)).sum::<f64>() / (total - 1.0);
    let half = Z95 * (variance / total).sqrt();
    Some(Interval {
        mean,
        low: (centre - half).clamp(0.0, mean),
        high: (centre + half).clamp(mean, 1.0),
    })
}

/// The Elo difference that makes `score` (from 0 to 1) the expected score
/// of the logistic Elo model: `−400 · log10(1/score − 1)`. A score of 0 or 1
/// gives an infinite difference.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What the SPRT has decided so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The log-likelihood ratio reached the lower bound: H0 (the first
    /// bot's advantage is `elo0`) is accepted.
    H0,
    /// The ratio reached the upper bound: H1 (the advantage is `elo1`) is
    /// accepted.
    H1,
}

/// A sequential probability ratio test of H0: "the first bot is `elo0`
/// Elo stronger" against H1: "it is `elo1` stronger", with error rates
/// `alpha` (accepting H1 when H0 holds) and `beta` (the reverse).
///
/// The test is the generalized SPRT on set scores used for engine testing
/// (M. Van den Bergh's formulation, also fishtest's for pentanomial
/// results): the set scores are treated as draws from a discrete
/// distribution over the values observed. Under each hypothesis the
/// distribution of largest likelihood whose mean is that hypothesis' expected
/// score `s = 1/(1 + 10^(−elo/400))` is found (it is `p_j / (1 + λ(a_j − s))`
/// for the observed frequencies `p_j` of values `a_j`, with λ making the
/// mean `s`), and the log-likelihood ratio of the samples under the two is
/// compared with Wald's bounds `ln(β/(1−α))` and `ln((1−β)/α)`.
///
/// So that a short run with one kind of result (every set won, say) still
/// has a finite ratio, the outcomes 0 and 1 are always in the support with
/// a weight of 0.001 sets each, as fishtest regularizes its pentanomial
/// counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The weight of the pseudo-observations at 0 and 1 (see [`Sprt`]).
const PSEUDO_COUNT: f64 = 1e-3;

impl Sprt {
    /// The test of `elo0` against `elo1` with α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// Wald's lower and upper bounds for the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these set scores.
    pub fn llr(&self, samples: &[f64]) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        // The observed distribution, values rounded so that scores that are
        // equal in exact arithmetic (such as 1/3 + 1/3 + 1/3 and 1) fall
        // into one cell.
        let mut cells: Vec<(f64, f64)> = vec![(0.0, PSEUDO_COUNT), (1.0, PSEUDO_COUNT)];
        for &sample in samples {
            let value = (sample.clamp(0.0, 1.0) * 1e9).round() / 1e9;
            match cells.iter_mut().find(|(seen, _)| *seen == value) {
                Some(cell) => cell.1 += 1.0,
                None => cells.push((value, 1.0)),
            }
        }
        let total: f64 = cells.iter().map(|(_, weight)| weight).sum();
        let cells: Vec<(f64, f64)> = cells.into_iter().map(|(a, w)| (a, w / total)).collect();
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let lambda0 = lagrange_multiplier(&cells, s0);
        let lambda1 = lagrange_multiplier(&cells, s1);
        let per_sample: f64 = cells
            .iter()
            .map(|&(a, p)| p * ((1.0 + lambda0 * (a - s0)).ln() - (1.0 + lambda1 * (a - s1)).ln()))
            .sum();
        samples.len() as f64 * per_sample
    }

    /// The decision for these set scores, if the test has reached one.
    pub fn decide(&self, samples: &[f64]) -> Option<Decision> {
        let llr = self.llr(samples);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

/// The λ for which the distribution `p_j / (1 + λ(a_j − s))` over `cells`
/// (value `a_j`, probability `p_j`) has the mean `s`.
///
/// The mean of that distribution minus `s` is `Σ p_j d_j / (1 + λ d_j)` with
/// `d_j = a_j − s`, which falls strictly as λ grows, from +∞ just above
/// `−1/max d` to −∞ just below `−1/min d`; so bisection between those poles
/// finds the one root. The support always holds 0 and 1, so for
/// `0 < s < 1` both poles exist.
fn lagrange_multiplier(cells: &[(f64, f64)], s: f64) -> f64 {
    let max_d = cells.iter().map(|(a, _)| a - s).fold(f64::MIN, f64::max);
    let min_d = cells.iter().map(|(a, _)| a - s).fold(f64::MAX, f64::min);
    if max_d <= 0.0 || min_d >= 0.0 {
        // Only for s outside (0, 1), which no finite Elo gives.
        return 0.0;
    }
    let gap = |lambda: f64| -> f64 {
        cells
            .iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + lambda * (a - s)))
            .sum()
    };
    let mut low = -1.0 / max_d;
    let mut high = -1.0 / min_d;
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if gap(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn tallies_count_wins_shared_wins_and_losses() {
        let mut tally = Tally::default();
        tally.add(1, 1); // an outright win
        tally.add(0, 1); // a loss
        tally.add(1, 2); // a two-way shared win
        tally.add(2, 2); // both winning seats are the bot's (a team win)
        tally.add(1, 3); // a three-way shared win
        assert_eq!(
            (tally.games, tally.wins, tally.shared, tally.losses),
            (5, 2, 2, 1)
        );
        assert!(close(tally.score, 1.0 + 0.5 + 1.0 + 1.0 / 3.0, 1e-12));
        assert!(close(
            tally.fraction().unwrap(),
            2.833_333_333_333_333 / 5.0,
            1e-12
        ));
        assert_eq!(Tally::default().fraction(), None);
    }

    #[test]
    fn the_interval_is_the_augmented_mean_plus_or_minus_z_standard_errors() {
        // Samples 1, ½, 0, 1 with the pseudo-sets 0, 0, 1, 1: eight
        // samples, mean 4.5/8 = 0.5625; squared deviations 4 × 0.4375²,
        // 0.0625² and 3 × 0.5625² sum to 1.71875, so the variance is
        // 1.71875/7 = 0.245536 and the standard error √(0.245536/8) =
        // 0.175190; times 1.959964 that is 0.343368.
        let interval = mean_interval(&[1.0, 0.5, 0.0, 1.0]).unwrap();
        assert!(close(interval.mean, 0.625, 1e-12));
        assert!(
            close(interval.low, 0.5625 - 0.343_368, 1e-6),
            "{interval:?}"
        );
        assert!(
            close(interval.high, 0.5625 + 0.343_368, 1e-6),
            "{interval:?}"
        );
        // Equal sets still leave doubt; one sample, no interval at all.
        let flat = mean_interval(&[0.5, 0.5, 0.5]).unwrap();
        assert!(flat.low < 0.3 && flat.high > 0.7, "{flat:?}");
        assert_eq!(mean_interval(&[0.7]), None);
        assert_eq!(mean_interval(&[]), None);
    }

    #[test]
    fn a_clean_sweep_has_the_exact_bound_instead_of_no_width() {
        // 100 sets all won: 0.025^(1/100) = e^(ln 0.025 / 100) = e^(−0.0368888)
        // = 0.963783.
        let interval = mean_interval(&[1.0; 100]).unwrap();
        assert!(close(interval.low, 0.963_783, 1e-6), "{interval:?}");
        assert_eq!((interval.mean, interval.high), (1.0, 1.0));
        // All lost, one set: [0, 0.975].
        let interval = mean_interval(&[0.0]).unwrap();
        assert!(close(interval.high, 0.975, 1e-12), "{interval:?}");
        assert_eq!(interval.low, 0.0);
    }

    #[test]
    fn a_near_sweep_is_no_more_certain_than_a_sweep() {
        // Twenty sets: all lost, or all lost but one with a sixth of a
        // point. The first is known to lie below 1 − 0.025^(1/20) = 16.8%;
        // the second cannot be known more precisely.
        let all_lost = mean_interval(&[0.0; 20]).unwrap();
        let mut samples = [0.0; 20];
        samples[0] = 1.0 / 6.0;
        let nearly = mean_interval(&samples).unwrap();
        assert!(close(all_lost.high, 0.168_433, 1e-6), "{all_lost:?}");
        assert!(
            nearly.high > all_lost.high,
            "{nearly:?} against {all_lost:?}"
        );
        assert_eq!(nearly.low, 0.0);
        // And the same near the top: 99 sets won and one shared.
        let all_won = mean_interval(&[1.0; 100]).unwrap();
        let mut samples = [1.0; 100];
        samples[0] = 0.5;
        let nearly = mean_interval(&samples).unwrap();
        assert!(nearly.low < all_won.low, "{nearly:?} against {all_won:?}");
        assert!(nearly.low > 0.9, "{nearly:?}");
    }

    #[test]
    fn a_wide_score_interval_always_holds_the_mean() {
        for samples in [
            &[0.1, 0.0, 0.2][..],
            &[0.9, 1.0, 0.95, 1.0],
            &[0.5, 0.25, 0.75],
        ] {
            let interval = mean_interval(samples).unwrap();
            assert!(
                interval.low <= interval.mean && interval.mean <= interval.high,
                "{interval:?}"
            );
        }
    }

    #[test]
    fn elo_and_expected_score_are_inverse() {
        // 75% is 400·log10(3) = 190.85 Elo; 50% is 0; 10% is −381.70.
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(0.1), -381.697_003_775_730, 1e-9));
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        for elo in [-300.0, -5.0, 0.0, 35.0, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        // 400 Elo is odds of 10 to 1.
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
    }

    #[test]
    fn wald_bounds_for_five_percent_errors() {
        // ln(0.05/0.95) = −2.944439 and ln(0.95/0.05) = +2.944439.
        let (lower, upper) = Sprt::new(0.0, 10.0).bounds();
        assert!(close(lower, -2.944_438_979_166_44, 1e-12));
        assert!(close(upper, 2.944_438_979_166_44, 1e-12));
    }

    #[test]
    fn the_llr_of_coin_flips_matches_the_binomial_by_hand() {
        // 100 sets scored 0 and 100 scored 1: the mean is exactly ½ = s0
        // for elo0 = 0, so the H0 fit is the observed distribution itself,
        // and the best fit with mean s1 puts s1 on 1 and 1 − s1 on 0. The
        // ratio is 200 · (½ ln(s1/½) + ½ ln((1 − s1)/½)) = 100 ln(4 s1(1 − s1)).
        // For elo1 = 10, s1 = 0.514387 and the ratio is −0.082826.
        let mut samples = vec![0.0; 100];
        samples.extend(vec![1.0; 100]);
        let sprt = Sprt::new(0.0, 10.0);
        let s1 = score_from_elo(10.0);
        assert!(close(s1, 0.514_386_8, 1e-6));
        let by_hand = 100.0 * (4.0 * s1 * (1.0 - s1)).ln();
        assert!(close(by_hand, -0.082_826, 1e-5), "{by_hand}");
        // The pseudo-observations move it by a hair only.
        assert!(
            close(sprt.llr(&samples), by_hand, 1e-4),
            "{}",
            sprt.llr(&samples)
        );
        assert_eq!(sprt.decide(&samples), None);
    }

    #[test]
    fn the_llr_of_pentanomial_results_matches_an_independent_solution() {
        // 2380 game pairs scored 0, ¼, ½, ¾, 1 by 150, 480, 1000, 560 and
        // 190 of them (mean 0.516807). Solving the two constrained maximum
        // likelihood fits by Newton's method instead of bisection (done in
        // Python for this test) gives LLR = 5.229865 for elo0 = 0, elo1 = 10,
        // and the normal approximation n (s1 − s0)(2 x̄ − s0 − s1) / (2 σ²)
        // gives 5.246312, close as it should be for such small differences.
        let counts = [
            (0.0, 150),
            (0.25, 480),
            (0.5, 1000),
            (0.75, 560),
            (1.0, 190),
        ];
        let samples: Vec<f64> = counts
            .iter()
            .flat_map(|&(value, count)| std::iter::repeat_n(value, count))
            .collect();
        let sprt = Sprt::new(0.0, 10.0);
        let llr = sprt.llr(&samples);
        assert!(close(llr, 5.229_865, 1e-3), "{llr}");
        let n = samples.len() as f64;
        let mean = samples.iter().sum::<f64>() / n;
        let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        let approximation = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
        assert!(close(approximation, 5.246_312, 1e-5), "{approximation}");
        assert_eq!(sprt.decide(&samples), Some(Decision::H1));
    }

    #[test]
    fn clear_results_are_decided_both_ways() {
        let sprt = Sprt::new(0.0, 50.0);
        assert_eq!(sprt.decide(&[1.0; 40]), Some(Decision::H1));
        assert_eq!(sprt.decide(&[0.0; 40]), Some(Decision::H0));
        assert_eq!(sprt.decide(&[1.0, 0.75]), None);
        assert_eq!(sprt.llr(&[]), 0.0);
        // One kind of result only still gives a finite ratio.
        assert!(sprt.llr(&[0.5; 10]).is_finite());
    }
}
