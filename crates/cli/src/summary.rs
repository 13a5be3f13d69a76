//! The statistics of a match: each bot's tally of games, the per-set
//! scores that the intervals, the Elo difference and the SPRT rest on, the
//! forfeits, and the summary written at the end as a table or as JSON.

use std::collections::HashMap;
use std::io::Write;
use std::time::Duration;

use serde_json::{Value, json};

use crate::arena::Outcome;
use crate::duplicate::Plan;
use crate::stats::{self, Decision, Interval, Sprt, Tally};

/// A forfeit as the summary lists it.
struct ForfeitLine {
    set: u64,
    rotation: usize,
    seat: usize,
    bot: usize,
    move_number: usize,
    reason: String,
}

/// Where the SPRT stands.
struct SprtState {
    sprt: Sprt,
    llr: f64,
    bounds: (f64, f64),
    decision: Option<Decision>,
}

/// Everything the summary shows.
pub struct Summary {
    bots: Vec<String>,
    /// Per bot, how much it thinks a move, in words (see
    /// `BotChoice::thinking`); empty when not known.
    thinking: Vec<String>,
    players: usize,
    set_size: usize,
    seed: u64,
    tallies: Vec<Tally>,
    /// Per bot, one score per complete set (0 to 1).
    set_scores: Vec<Vec<f64>>,
    /// Per bot, the games it plays in a set (fewer than the set's in a
    /// round robin).
    games_per_set: Vec<usize>,
    /// The games counted.
    games: u64,
    /// In a round robin, `pairs[a][b]` is bot a's points and games against
    /// bot b; empty otherwise.
    pairs: Vec<Vec<(f64, u64)>>,
    forfeits: Vec<ForfeitLine>,
    unfinished: u64,
    sprt: Option<Sprt>,
    elapsed: Duration,
    /// How many of the games were read back by --resume.
    resumed: u64,
}

/// The sets begun but not yet finished, by set number: the games of the
/// set counted so far and each bot's points in them.
pub type PendingSets = HashMap<u64, (usize, Vec<f64>)>;

impl Summary {
    /// The summary of a match of `bots` (their names) by `plan`, seeded
    /// `seed`, before any game.
    pub fn new(bots: Vec<String>, plan: &Plan, seed: u64, sprt: Option<Sprt>) -> Summary {
        let count = bots.len();
        let pairs = if plan.is_round_robin() {
            vec![vec![(0.0, 0); count]; count]
        } else {
            Vec::new()
        };
        Summary {
            bots,
            thinking: Vec::new(),
            players: plan.players(),
            set_size: plan.set_size(),
            seed,
            tallies: vec![Tally::default(); count],
            set_scores: vec![Vec::new(); count],
            games_per_set: (0..count).map(|bot| plan.games_of(bot)).collect(),
            games: 0,
            pairs,
            forfeits: Vec::new(),
            unfinished: 0,
            sprt,
            elapsed: Duration::ZERO,
            resumed: 0,
        }
    }

    /// The same summary, showing how much each bot thinks a move: one
    /// phrase per bot, in the order of the bots.
    #[must_use]
    pub fn with_thinking(mut self, thinking: Vec<String>) -> Summary {
        self.thinking = thinking;
        self
    }

    /// Whether the SPRT, if the match runs one, has decided on the sets
    /// counted so far.
    pub fn sprt_decided(&self) -> bool {
        self.sprt
            .is_some_and(|sprt| sprt.decide(&self.set_scores[0]).is_some())
    }

    /// Counts the games read back from a records file (`--resume`,
    /// `--score`), which come first, and notes how many there were.
    /// Returns the sets they began but did not finish, by set number.
    pub fn read_back(&mut self, outcomes: &[Outcome]) -> PendingSets {
        let mut pending = PendingSets::new();
        for outcome in outcomes {
            self.count(outcome, &mut pending);
        }
        self.resumed = outcomes.len() as u64;
        pending
    }

    /// Notes how long the match took.
    pub fn took(&mut self, elapsed: Duration) {
        self.elapsed = elapsed;
    }

    /// Counts one game; returns whether it completed its set.
    pub fn count(&mut self, outcome: &Outcome, pending: &mut PendingSets) -> bool {
        let bots = self.tallies.len();
        let winners = outcome.winners.len();
        let entry = pending
            .entry(outcome.set)
            .or_insert_with(|| (0, vec![0.0; bots]));
        entry.0 += 1;
        self.games += 1;
        for bot in 0..bots {
            // In a round robin a bot sits out the pairs of the others.
            if !outcome.seats.contains(&bot) {
                continue;
            }
            let mine = outcome
                .winners
                .iter()
                .filter(|&&seat| outcome.seats.get(seat) == Some(&bot))
                .count();
            self.tallies[bot].add(mine, winners);
            let share = stats::share(mine, winners);
            entry.1[bot] += share;
            if let [first, second] = outcome.seats[..]
                && let Some(row) = self.pairs.get_mut(bot)
            {
                let opponent = if bot == first { second } else { first };
                row[opponent].0 += share;
                row[opponent].1 += 1;
            }
        }
        if let Some(forfeit) = &outcome.forfeit {
            self.forfeits.push(ForfeitLine {
                set: outcome.set,
                rotation: outcome.rotation,
                seat: forfeit.seat,
                bot: forfeit.bot,
                move_number: forfeit.move_number,
                reason: forfeit.reason.clone(),
            });
        }
        if outcome.unfinished {
            self.unfinished += 1;
        }
        if entry.0 < self.set_size {
            return false;
        }
        if let Some((_, scores)) = pending.remove(&outcome.set) {
            for (bot, score) in scores.into_iter().enumerate() {
                let games = self.games_per_set[bot].max(1);
                self.set_scores[bot].push(score / games as f64);
            }
        }
        true
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    fn sets(&self) -> usize {
        self.set_scores.first().map_or(0, Vec::len)
    }

    /// The 95% interval of each bot's score per game.
    fn interval(&self, bot: usize) -> Option<Interval> {
        stats::mean_interval(&self.set_scores[bot])
    }

    /// The Elo difference of the first bot over the second with its 95%
    /// interval (two bots only).
    fn elo(&self) -> Option<(f64, Option<(f64, f64)>)> {
        if self.tallies.len() != 2 {
            return None;
        }
        let score = self.tallies[0].fraction()?;
        let interval = self
            .interval(0)
            .map(|i| (stats::elo_from_score(i.low), stats::elo_from_score(i.high)));
        Some((stats::elo_from_score(score), interval))
    }

    /// The SPRT's ratio, bounds and decision, if one was asked for.
    fn sprt_state(&self) -> Option<SprtState> {
        let sprt = self.sprt?;
        let samples = &self.set_scores[0];
        Some(SprtState {
            sprt,
            llr: sprt.llr(samples),
            bounds: sprt.bounds(),
            decision: sprt.decide(samples),
        })
    }

    pub fn progress_message(&self) -> String {
        let scores: Vec<String> = self
            .bots
            .iter()
            .zip(&self.tallies)
            .map(|(name, tally)| format!("{name} {:.1}%", 100.0 * tally.fraction().unwrap_or(0.0)))
            .collect();
        let mut message = scores.join(" · ");
        if let Some(SprtState {
            llr,
            bounds: (lower, upper),
            ..
        }) = self.sprt_state()
        {
            message.push_str(&format!("  LLR {llr:.2} ({lower:.2}, {upper:.2})"));
        }
        message
    }

    pub fn write_table(&self, out: &mut impl Write) -> std::io::Result<()> {
        let set_word = if self.sets() == 1 { "set" } else { "sets" };
        // The time of a match whose every game was read back is that of
        // reading them, which says nothing about the games.
        let nothing_played = self.resumed > 0 && self.resumed == self.games();
        let took = if nothing_played {
            String::new()
        } else {
            format!(", {:.1} s", self.elapsed.as_secs_f64())
        };
        writeln!(
            out,
            "{} games ({} {set_word} of {}), {} players, seed {}{took}",
            self.games(),
            self.sets(),
            self.set_size,
            self.players,
            self.seed,
        )?;
        if nothing_played {
            writeln!(
                out,
                "(every game read back from the records, none played now)"
            )?;
        } else if self.resumed > 0 {
            writeln!(
                out,
                "({} games read back from the records, {} played now)",
                self.resumed,
                self.games() - self.resumed
            )?;
        }
        // What each bot was given to think with belongs beside the score it
        // earned: a limit that did not apply as the command line suggested
        // shows here, not in a table of plausible scores.
        if !self.thinking.is_empty() {
            let bots: Vec<String> = self
                .bots
                .iter()
                .zip(&self.thinking)
                .map(|(name, thinking)| format!("{name} ({thinking})"))
                .collect();
            writeln!(out, "thinking: {}", bots.join(", "))?;
        }
        let width = self.bots.iter().map(String::len).max().unwrap_or(3).max(3);
        writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8}  {:>6}  95% CI",
            "bot", "games", "wins", "shared", "losses", "score", "score%"
        )?;
        for (bot, (name, tally)) in self.bots.iter().zip(&self.tallies).enumerate() {
            let interval = self.interval(bot).map_or_else(
                || "—".to_owned(),
                |i| format!("[{:.1}%, {:.1}%]", 100.0 * i.low, 100.0 * i.high),
            );
            writeln!(
                out,
                "{name:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8.2}  {:>5.1}%  {interval}",
                tally.games,
                tally.wins,
                tally.shared,
                tally.losses,
                tally.score,
                100.0 * tally.fraction().unwrap_or(0.0),
            )?;
        }
        if let Some((elo, interval)) = self.elo() {
            let interval = interval.map_or_else(
                || "interval unknown with one set".to_owned(),
                |(low, high)| format!("95% CI [{}, {}]", signed(low), signed(high)),
            );
            writeln!(
                out,
                "Elo difference ({} − {}): {}, {interval}",
                self.bots[0],
                self.bots[1],
                signed(elo)
            )?;
        }
        self.write_pairs(out)?;
        if self.sets() > 0 {
            let (won, tied) = sets_won(&self.set_scores);
            let won: Vec<String> = self
                .bots
                .iter()
                .zip(won)
                .map(|(name, sets)| format!("{name} {sets}"))
                .collect();
            writeln!(
                out,
                "Sets won (most points in the set): {}; tied at the top: {tied}",
                won.join(", ")
            )?;
        }
        if let Some(SprtState {
            sprt,
            llr,
            bounds: (lower, upper),
            decision,
        }) = self.sprt_state()
        {
            let verdict = match decision {
                Some(Decision::H1) => format!(
                    "H1 accepted: {} is about {} Elo stronger or more",
                    self.bots[0],
                    signed(sprt.elo1)
                ),
                Some(Decision::H0) => format!(
                    "H0 accepted: {} is about {} Elo stronger or less",
                    self.bots[0],
                    signed(sprt.elo0)
                ),
                None => "no decision yet".to_owned(),
            };
            writeln!(
                out,
                "SPRT elo0 {} elo1 {} (α = β = 0.05): {verdict} after {} sets; LLR {llr:.3}, bounds [{lower:.3}, {upper:.3}]",
                signed(sprt.elo0),
                signed(sprt.elo1),
                self.sets()
            )?;
        }
        if self.unfinished > 0 {
            writeln!(
                out,
                "{} games were cut off unfinished and count as shared by all seats",
                self.unfinished
            )?;
        }
        if !self.forfeits.is_empty() {
            writeln!(out, "forfeits: {}", self.forfeits.len())?;
            const SHOWN: usize = 20;
            for forfeit in self.forfeits.iter().take(SHOWN) {
                writeln!(
                    out,
                    "  set {} game {}: {} (seat {}) lost at move {}: {}",
                    forfeit.set,
                    forfeit.rotation,
                    self.bots[forfeit.bot],
                    forfeit.seat,
                    forfeit.move_number,
                    crate::failure::one_line(&forfeit.reason)
                )?;
            }
            if self.forfeits.len() > SHOWN {
                writeln!(out, "  … and {} more", self.forfeits.len() - SHOWN)?;
            }
        }
        Ok(())
    }

    /// A round robin's cross table: each row bot's score against each
    /// column bot, with the games they played.
    fn write_pairs(&self, out: &mut impl Write) -> std::io::Result<()> {
        if self.pairs.is_empty() {
            return Ok(());
        }
        let width = self.bots.iter().map(String::len).max().unwrap_or(3).max(3);
        let cell = |(points, games): (f64, u64)| -> String {
            if games == 0 {
                "—".to_owned()
            } else {
                format!("{:.1}% ({games})", 100.0 * points / games as f64)
            }
        };
        let cells: Vec<Vec<String>> = self
            .pairs
            .iter()
            .enumerate()
            .map(|(row, pairs)| {
                (0..pairs.len())
                    .map(|column| {
                        if row == column {
                            "·".to_owned()
                        } else {
                            cell(pairs[column])
                        }
                    })
                    .collect()
            })
            .collect();
        // Each column is as wide as its name or its widest cell.
        let widths: Vec<usize> = (0..self.bots.len())
            .map(|column| {
                cells
                    .iter()
                    .map(|row| row[column].chars().count())
                    .chain([self.bots[column].chars().count()])
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        writeln!(
            out,
            "Round robin: the row's score against the column (games):"
        )?;
        let mut heading = format!("{:<width$}", "");
        for (name, column_width) in self.bots.iter().zip(&widths) {
            heading.push_str(&format!("  {name:>column_width$}"));
        }
        writeln!(out, "{}", heading.trim_end())?;
        for (name, row) in self.bots.iter().zip(&cells) {
            let mut line = format!("{name:<width$}");
            for (text, column_width) in row.iter().zip(&widths) {
                line.push_str(&format!("  {text:>column_width$}"));
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    pub fn to_json(&self) -> Value {
        let (sets_won, sets_tied) = sets_won(&self.set_scores);
        let bots: Vec<Value> = self
            .bots
            .iter()
            .zip(&self.tallies)
            .enumerate()
            .map(|(bot, (name, tally))| {
                let interval = self.interval(bot).map(|i| json!([i.low, i.high]));
                json!({
                    "bot": name,
                    "thinking": self.thinking.get(bot),
                    "games": tally.games,
                    "wins": tally.wins,
                    "shared": tally.shared,
                    "losses": tally.losses,
                    "score": tally.score,
                    "fraction": tally.fraction(),
                    "ci95": interval,
                    "sets_won": sets_won[bot],
                    "forfeits": self.forfeits.iter().filter(|f| f.bot == bot).count(),
                })
            })
            .collect();
        let elo = self.elo().map(|(elo, interval)| {
            json!({
                "diff": finite(elo),
                "ci95": interval.map(|(low, high)| json!([finite(low), finite(high)])),
            })
        });
        let sprt = self.sprt_state().map(|state| {
            let SprtState {
                sprt,
                llr,
                bounds: (lower, upper),
                decision,
            } = state;
            json!({
                "elo0": sprt.elo0,
                "elo1": sprt.elo1,
                "alpha": sprt.alpha,
                "beta": sprt.beta,
                "llr": llr,
                "bounds": [lower, upper],
                "decision": decision.map(|d| match d {
                    Decision::H0 => "H0",
                    Decision::H1 => "H1",
                }),
            })
        });
        let forfeits: Vec<Value> = self
            .forfeits
            .iter()
            .map(|f| {
                json!({
                    "set": f.set,
                    "rotation": f.rotation,
                    "seat": f.seat,
                    "bot": self.bots[f.bot],
                    "move": f.move_number,
                    "reason": f.reason,
                })
            })
            .collect();
        let pairs: Vec<Value> = self
            .pairs
            .iter()
            .enumerate()
            .flat_map(|(bot, row)| {
                row.iter()
                    .enumerate()
                    .filter(move |&(against, _)| against != bot)
                    .map(move |(against, &(score, games))| {
                        json!({
                            "bot": self.bots[bot],
                            "against": self.bots[against],
                            "games": games,
                            "score": score,
                        })
                    })
            })
            .collect();
        json!({
            "games": self.games(),
            "sets": self.sets(),
            "sets_tied": sets_tied,
            "set_size": self.set_size,
            "players": self.players,
            "seed": self.seed.to_string(),
            "seconds": self.elapsed.as_secs_f64(),
            "resumed": self.resumed,
            "bots": bots,
            "pairs": pairs,
            "elo": elo,
            "sprt": sprt,
            "unfinished": self.unfinished,
            "forfeits": forfeits,
        })
    }
}

/// Counts, over the complete sets, the sets each bot won (its score in the
/// set above every other bot's) and the sets whose top score was shared.
/// `set_scores[bot][set]` is a bot's score in a set. Two equally strong
/// bots split about half of the sets of a two-player match (each wins one
/// game of the set), so these counts show how much of a score rests on
/// sets that one bot won outright.
fn sets_won(set_scores: &[Vec<f64>]) -> (Vec<usize>, usize) {
    // Set scores are sums of shares such as 1/3, so equal scores may differ
    // in the last bits.
    const SAME: f64 = 1e-9;
    let mut won = vec![0; set_scores.len()];
    let mut tied = 0;
    // Every complete set adds one score to every bot, so the lengths agree;
    // the shortest is the safe bound all the same.
    let sets = set_scores.iter().map(Vec::len).min().unwrap_or(0);
    for set in 0..sets {
        let scores: Vec<f64> = set_scores.iter().map(|bot| bot[set]).collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut leaders = scores
            .iter()
            .enumerate()
            .filter(|&(_, &score)| best - score < SAME);
        match (leaders.next(), leaders.next()) {
            (Some((bot, _)), None) => won[bot] += 1,
            _ => tied += 1,
        }
    }
    (won, tied)
}

/// An Elo figure with its sign, rounded to whole points; ±∞ for a score
/// of 0 or 1. The minus is ASCII, as Rust prints finite figures, so that
/// scripts reading the table see one sign.
fn signed(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+∞".to_owned()
    } else if elo == f64::NEG_INFINITY {
        "-∞".to_owned()
    } else if elo.abs() < 0.5 {
        // Not "-0" for a hair below zero.
        "0".to_owned()
    } else {
        format!("{elo:+.0}")
    }
}

/// `value` for JSON, where infinities have no number: null instead.
fn finite(value: f64) -> Option<f64> {
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(bots: usize) -> Summary {
        let names = (0..bots).map(|b| format!("bot{b}")).collect();
        Summary::new(names, &Plan::new(3, bots).unwrap(), 0, None)
    }

    fn outcome(set: u64, rotation: usize, seats: &[usize], winners: &[usize]) -> Outcome {
        let game =
            carolus_rules::RecordedGame::from_seed(3, carolus_rules::Variant::STANDARD, 1).unwrap();
        Outcome {
            set,
            rotation,
            seats: seats.to_vec(),
            winners: winners.to_vec(),
            forfeit: None,
            unfinished: false,
            record: game.into_record(),
        }
    }

    #[test]
    fn games_are_tallied_per_bot_and_sets_become_one_sample_each() {
        // A 3-player set of bot 0 and bot 1: six games, with the winning
        // seats below.
        let plan = Plan::new(3, 2).unwrap();
        let mut summary = summary(2);
        let mut pending = HashMap::new();
        let winners: [&[usize]; 6] = [&[0], &[1], &[0, 1, 2], &[0], &[1], &[0]];
        for (rotation, winners) in winners.iter().enumerate() {
            let complete = summary.count(
                &outcome(0, rotation, plan.seats(rotation), winners),
                &mut pending,
            );
            assert_eq!(complete, rotation == 5);
        }
        // The bots by seat are 011, 101, 110, 100, 010, 001, so bot 0 wins
        // games 0, 1 and 5 (seats 0, 1, 0 are its), shares game 2 (seat 2
        // of the three winners: 1/3) and loses games 3 and 4; bot 1 wins
        // games 3 and 4 and holds 2/3 of game 2.
        let bot0 = summary.tallies[0];
        assert_eq!(
            (bot0.games, bot0.wins, bot0.shared, bot0.losses),
            (6, 3, 1, 2)
        );
        assert!((bot0.score - (3.0 + 1.0 / 3.0)).abs() < 1e-12);
        let bot1 = summary.tallies[1];
        assert_eq!((bot1.wins, bot1.shared, bot1.losses), (2, 1, 3));
        assert!((bot0.score + bot1.score - 6.0).abs() < 1e-12);
        assert_eq!(summary.sets(), 1);
        assert!((summary.set_scores[0][0] - (3.0 + 1.0 / 3.0) / 6.0).abs() < 1e-12);
        assert!(pending.is_empty());
    }

    #[test]
    fn a_set_is_won_by_the_bot_with_the_most_points_in_it() {
        // Three sets of two games: the first bot wins both games, each
        // wins one, the second bot wins both.
        let scores = vec![vec![1.0, 0.5, 0.0], vec![0.0, 0.5, 1.0]];
        assert_eq!(sets_won(&scores), (vec![1, 1], 1));
        // Three bots: a shared top score is a tie, shares of 1/3 included.
        let third = 1.0 / 3.0;
        let scores = vec![
            vec![0.5, third],
            vec![0.25, third],
            vec![0.25, 1.0 - 2.0 * third],
        ];
        assert_eq!(sets_won(&scores), (vec![1, 0, 0], 1));
        assert_eq!(sets_won(&[Vec::new(), Vec::new()]), (vec![0, 0], 0));
    }

    #[test]
    fn a_round_robin_scores_each_bot_over_its_own_games() {
        // Three bots, two players: the set is 01 10 02 20 12 21, and the
        // first seat wins every game but the last, which seat 1 wins.
        let plan = Plan::new(2, 3).unwrap();
        let names = (0..3).map(|b| format!("bot{b}")).collect();
        let mut summary = Summary::new(names, &plan, 0, None);
        let mut pending = PendingSets::new();
        for rotation in 0..6 {
            let winner: &[usize] = if rotation == 5 { &[1] } else { &[0] };
            summary.count(
                &outcome(0, rotation, plan.seats(rotation), winner),
                &mut pending,
            );
        }
        assert_eq!(summary.games(), 6);
        // Each bot plays 4 of the 6 games. Bot 0 wins games 0 and 2 (01,
        // 02), bot 1 games 1, 4 and 5 (10, 12, and 21 from the second
        // seat), bot 2 game 3 (20).
        let games: Vec<u64> = summary.tallies.iter().map(|t| t.games).collect();
        assert_eq!(games, [4, 4, 4]);
        let scores: Vec<f64> = summary.tallies.iter().map(|t| t.score).collect();
        assert_eq!(scores, [2.0, 3.0, 1.0]);
        // A set's score is over the bot's own games in it, not the set's.
        assert_eq!(summary.set_scores, [[0.5], [0.75], [0.25]]);
        assert_eq!(summary.pairs[1][2], (2.0, 2));
        assert_eq!(summary.pairs[2][1], (0.0, 2));
        assert_eq!(summary.pairs[0][1], (1.0, 2));
        assert_eq!(summary.pairs[0][2], (1.0, 2));
    }

    #[test]
    fn elo_figures_have_signs_and_infinities() {
        assert_eq!(signed(35.4), "+35");
        assert_eq!(signed(-120.6), "-121");
        assert_eq!(signed(f64::INFINITY), "+∞");
        assert_eq!(signed(f64::NEG_INFINITY), "-∞", "the same minus as -121");
        assert_eq!(signed(-0.2), "0");
        assert_eq!(finite(f64::NEG_INFINITY), None);
    }
}
