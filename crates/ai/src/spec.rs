//! Bot specifications: the short strings that name a bot and its settings on
//! the command line (`random`, `greedy:noise=0.1`, `mcts:ms=500,threads=1`),
//! and the levels for people.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::mcts::{LeafValue, Mcts, MctsConfig};
use crate::{AiError, Bot, Budget, Greedy, Level, RandomBot};

/// Which bot to build, with its settings.
///
/// The text form is `kind` or `kind:key=value,key=value`:
///
/// | spec | bot |
/// |---|---|
/// | `random` | uniformly random legal moves |
/// | `greedy`, `greedy:noise=0.1` | one-turn lookahead; `noise` is a softmax temperature over win chance |
/// | `mcts`, `mcts:level=4`, `mcts:ms=500`, `mcts:iterations=20000,threads=1` | tree search |
/// | `level:3` | the bot of level 3 (see [`BotSpec::level`]) |
///
/// The keys of `mcts` are `level` (1–5: an iteration cap growing with the
/// level, none at 5), `ms` (its own time cap per move), `iterations` (its own
/// iteration cap per move) and `threads` (default: every core), and for
/// experiments `explore` (the PUCT constant, default 2) and `playout`
/// (planned turns after each leaf, then the hand-written evaluation, for
/// every player count). The caller's [`crate::Budget`] applies
/// as well; the tighter limit wins. Commands that offer every bot one time
/// ask [`BotSpec::budget`], which lets a spec's own limit replace the offer.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Every legal token equally likely.
    Random,
    /// One-turn lookahead with the hand-written evaluation.
    Greedy {
        /// Softmax temperature over the estimated win chance; 0 plays the best.
        noise: f64,
    },
    /// Monte Carlo tree search.
    Mcts {
        /// A strength preset, 1 to 5: caps the iterations per move.
        level: Option<u8>,
        /// The bot's own time cap per move, in milliseconds.
        ms: Option<u64>,
        /// The bot's own iteration cap per move.
        iterations: Option<u64>,
        /// Search threads; every core when absent.
        threads: Option<usize>,
        /// The PUCT exploration constant (expert setting).
        explore: Option<f64>,
        /// Whole turns the planner plays after each new leaf before the
        /// evaluation scores it (expert setting).
        playout: Option<u32>,
    },
}

/// The iteration cap of `mcts:level=N`, by level; level 5 has none.
const MCTS_LEVEL_ITERATIONS: [Option<u64>; 5] =
    [Some(100), Some(400), Some(1_500), Some(5_000), None];

impl BotSpec {
    /// The tree search with its defaults.
    pub const MCTS: BotSpec = BotSpec::Mcts {
        level: None,
        ms: None,
        iterations: None,
        threads: None,
        explore: None,
        playout: None,
    };

    /// The bot for people's level `level`, from 1 (beginner) to 5 (the
    /// strongest for the time given); see [`Level::spec`].
    pub fn level(level: u8) -> Result<BotSpec, AiError> {
        Level::new(level).map(Level::spec)
    }

    /// The tree search settings of an `mcts` spec (defaults otherwise),
    /// for experiments that change more of them than a spec names.
    #[cfg(feature = "experiments")]
    pub fn mcts_config(&self) -> MctsConfig {
        self.search_config()
    }

    /// The tree search settings of an `mcts` spec (defaults otherwise).
    pub(crate) fn search_config(&self) -> MctsConfig {
        let mut config = MctsConfig::default();
        if let BotSpec::Mcts {
            level,
            ms,
            iterations,
            threads,
            explore,
            playout,
        } = self
        {
            if let Some(explore) = explore {
                config.exploration = *explore;
            }
            if let Some(playout) = playout {
                config.leaves = [LeafValue::Evaluated { turns: *playout }; 3];
            }
            config.time = ms.map(Duration::from_millis);
            let level_cap = level
                .and_then(|l| {
                    MCTS_LEVEL_ITERATIONS
                        .get(usize::from(l).checked_sub(1)?)
                        .copied()
                })
                .flatten();
            config.iterations = match (iterations, level_cap) {
                (Some(a), Some(b)) => Some((*a).min(b)),
                (a, b) => a.or(b),
            };
            config.threads = threads.unwrap_or(0);
        }
        config
    }

    /// Whether the spec names a limit of its own per move: `ms=`,
    /// `iterations=`, or a `level=` below 5 (an iteration cap).
    pub fn has_own_limit(&self) -> bool {
        self.own_limit() != (None, None)
    }

    /// The spec's own iteration and time caps per move, if it is an `mcts`
    /// spec that names any; `(None, None)` otherwise.
    fn own_limit(&self) -> (Option<u64>, Option<Duration>) {
        if matches!(self, BotSpec::Mcts { .. }) {
            let config = self.search_config();
            (config.iterations, config.time)
        } else {
            (None, None)
        }
    }

    /// The budget for one move when a command offers every bot the same
    /// thinking time (`match --time-ms`, `analyse --time-ms`). A spec with a
    /// limit of its own thinks by that limit alone, longer or shorter than
    /// the offer: `mcts:ms=2000` means two seconds a move, and an iteration
    /// budget stays reproducible however busy the machine. Any other bot is
    /// given the time offered.
    ///
    /// A caller that must answer by a deadline (the bot protocol's
    /// `time_ms`) passes its own [`Budget`] instead, so that the tighter of
    /// the two limits wins.
    pub fn budget(&self, offered: Duration) -> Budget {
        if self.has_own_limit() {
            Budget::default()
        } else {
            Budget::time(offered)
        }
    }

    /// How much the bot thinks a move when a command offers every bot
    /// `offered` (see [`BotSpec::budget`]), in words for a report:
    /// "2000 ms a move", "5000 iterations a move", "500 iterations or 300 ms
    /// a move", or what `random` and `greedy` do instead of searching.
    /// Printed beside the bot's name, it shows at a glance what a match or an
    /// analysis really compared.
    pub fn thinking(&self, offered: Duration) -> String {
        match self {
            BotSpec::Random => "no search".to_owned(),
            BotSpec::Greedy { .. } => "a one-turn look-ahead".to_owned(),
            BotSpec::Mcts { .. } => match self.own_limit() {
                (Some(iterations), Some(time)) => {
                    format!("{iterations} iterations or {} ms a move", time.as_millis())
                }
                (Some(iterations), None) => format!("{iterations} iterations a move"),
                // Without a limit of its own the search thinks the time
                // offered (`budget`).
                (None, time) => format!("{} ms a move", time.unwrap_or(offered).as_millis()),
            },
        }
    }

    /// Builds the bot; `seed` fixes all its random choices.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy { noise } => Box::new(Greedy::new(*noise, seed)),
            BotSpec::Mcts { .. } => {
                Box::new(Mcts::new(self.search_config(), seed, self.to_string()))
            }
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy { noise } if *noise == 0.0 => f.write_str("greedy"),
            BotSpec::Greedy { noise } => write!(f, "greedy:noise={noise}"),
            BotSpec::Mcts {
                level,
                ms,
                iterations,
                threads,
                explore,
                playout,
            } => {
                let mut options = Vec::new();
                if let Some(level) = level {
                    options.push(format!("level={level}"));
                }
                if let Some(ms) = ms {
                    options.push(format!("ms={ms}"));
                }
                if let Some(iterations) = iterations {
                    options.push(format!("iterations={iterations}"));
                }
                if let Some(threads) = threads {
                    options.push(format!("threads={threads}"));
                }
                if let Some(explore) = explore {
                    options.push(format!("explore={explore}"));
                }
                if let Some(playout) = playout {
                    options.push(format!("playout={playout}"));
                }
                if options.is_empty() {
                    f.write_str("mcts")
                } else {
                    write!(f, "mcts:{}", options.join(","))
                }
            }
        }
    }
}

impl FromStr for BotSpec {
    type Err = AiError;

    fn from_str(text: &str) -> Result<BotSpec, AiError> {
        let bad = |reason: String| AiError::BadSpec {
            spec: text.to_owned(),
            reason,
        };
        let (kind, options) = match text.split_once(':') {
            Some((kind, options)) => (kind, Some(options)),
            None => (text, None),
        };
        if kind == "level" {
            let Some(options) = options else {
                return Err(bad("expected level:N with N from 1 to 5".to_owned()));
            };
            let digits = !options.is_empty() && options.bytes().all(|b| b.is_ascii_digit());
            let level = options
                .parse::<u8>()
                .ok()
                .filter(|_| digits)
                .ok_or_else(|| {
                    bad(format!(
                        "expected level:N with N from 1 to 5, not {options:?}"
                    ))
                })?;
            return BotSpec::level(level);
        }
        let pairs = match options {
            None => Vec::new(),
            Some("") => return Err(bad("nothing follows the colon".to_owned())),
            Some(options) => parse_options(options).map_err(bad)?,
        };
        match kind {
            "random" => {
                if pairs.is_empty() && options.is_none() {
                    Ok(BotSpec::Random)
                } else {
                    Err(bad("random takes no options".to_owned()))
                }
            }
            "greedy" => {
                let mut noise = 0.0;
                for (key, value) in pairs {
                    match key {
                        "noise" => {
                            noise = value
                                .parse::<f64>()
                                .ok()
                                .filter(|n| n.is_finite() && *n >= 0.0)
                                .ok_or_else(|| {
                                    bad(format!(
                                        "noise must be a number of at least 0, not {value:?}"
                                    ))
                                })?;
                        }
                        other => {
                            return Err(bad(format!(
                                "greedy has no option {other:?} (it knows: noise)"
                            )));
                        }
                    }
                }
                Ok(BotSpec::Greedy { noise })
            }
            "mcts" => {
                let mut level = None;
                let mut ms = None;
                let mut iterations = None;
                let mut threads = None;
                let mut explore = None;
                let mut playout = None;
                for (key, value) in pairs {
                    match key {
                        "level" => {
                            let n = parse_number::<u8>("level", value).map_err(bad)?;
                            let preset = Level::new(n).map_err(|_| {
                                bad(format!("level must be 1 to {}, not {n}", Level::MAX))
                            })?;
                            level = Some(preset.number());
                        }
                        "ms" => ms = Some(parse_number::<u64>("ms", value).map_err(bad)?),
                        "iterations" => {
                            iterations =
                                Some(parse_number::<u64>("iterations", value).map_err(bad)?);
                        }
                        "threads" => {
                            threads = Some(parse_number::<usize>("threads", value).map_err(bad)?);
                        }
                        "explore" => {
                            explore = Some(
                                value
                                    .parse::<f64>()
                                    .ok()
                                    .filter(|x| x.is_finite() && *x >= 0.0)
                                    .ok_or_else(|| {
                                        bad(format!(
                                            "explore must be a number of at least 0, not {value:?}"
                                        ))
                                    })?,
                            );
                        }
                        "playout" => {
                            let digits = value.bytes().all(|b| b.is_ascii_digit());
                            playout =
                                Some(value.parse::<u32>().ok().filter(|_| digits).ok_or_else(
                                    || {
                                        bad(format!(
                                            "playout must be a whole number, not {value:?}"
                                        ))
                                    },
                                )?);
                        }
                        other => {
                            return Err(bad(format!(
                                "mcts has no option {other:?} (it knows: level, ms, iterations, threads, explore, playout)"
                            )));
                        }
                    }
                }
                Ok(BotSpec::Mcts {
                    level,
                    ms,
                    iterations,
                    threads,
                    explore,
                    playout,
                })
            }
            "" => Err(bad(
                "the bot's name is missing (random, greedy or mcts)".to_owned()
            )),
            other => Err(AiError::UnknownBot {
                spec: text.to_owned(),
                name: other.to_owned(),
            }),
        }
    }
}

/// Splits `key=value,key=value`, refusing empty parts and repeated keys.
fn parse_options(options: &str) -> Result<Vec<(&str, &str)>, String> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for part in options.split(',') {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!("expected key=value, not {part:?}"));
        };
        if key.is_empty() || value.is_empty() {
            return Err(format!("expected key=value, not {part:?}"));
        }
        if pairs.iter().any(|(seen, _)| *seen == key) {
            return Err(format!("{key} is given twice"));
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// A positive whole number for option `key`.
fn parse_number<T: FromStr + PartialOrd + Default>(key: &str, value: &str) -> Result<T, String> {
    let valid = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<T>() {
        Ok(n) if valid && n > T::default() => Ok(n),
        _ => Err(format!(
            "{key} must be a whole number of at least 1, not {value:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limits;

    #[test]
    fn levels_one_to_five_exist_and_parse_back() {
        for level in Level::all().map(Level::number) {
            let spec = BotSpec::level(level).unwrap();
            assert_eq!(spec.to_string().parse::<BotSpec>().unwrap(), spec);
            assert_eq!(format!("level:{level}").parse::<BotSpec>().unwrap(), spec);
        }
        assert_eq!(BotSpec::level(0), Err(AiError::BadLevel { level: 0 }));
        assert_eq!(BotSpec::level(6), Err(AiError::BadLevel { level: 6 }));
    }

    #[test]
    fn a_spec_with_its_own_limit_thinks_by_it_instead_of_the_time_offered() {
        let offered = Duration::from_millis(1000);
        for own in [
            "mcts:ms=2000",
            "mcts:ms=300",
            "mcts:iterations=5000",
            "mcts:level=4",
        ] {
            let spec: BotSpec = own.parse().unwrap();
            assert!(spec.has_own_limit(), "{own}");
            let budget = spec.budget(offered);
            assert_eq!(budget.time, None, "{own}");
            assert_eq!(budget.iterations, None, "{own}");
        }
        // The search itself then applies its own cap: two seconds, not the
        // one offered.
        let spec: BotSpec = "mcts:ms=2000".parse().unwrap();
        let config = spec.search_config();
        let limits = Limits::new(&spec.budget(offered), config.time, config.iterations);
        assert!(limits.time_left().unwrap() > Duration::from_millis(1500));
        for offer_only in ["mcts", "mcts:level=5", "mcts:threads=1", "greedy", "random"] {
            let spec: BotSpec = offer_only.parse().unwrap();
            assert!(!spec.has_own_limit(), "{offer_only}");
            assert_eq!(spec.budget(offered).time, Some(offered), "{offer_only}");
        }
    }

    #[test]
    fn a_spec_names_how_much_it_thinks_a_move() {
        let offered = Duration::from_millis(1000);
        for (spec, words) in [
            ("mcts:ms=2000,threads=1", "2000 ms a move"),
            ("mcts", "1000 ms a move"),
            ("mcts:level=5", "1000 ms a move"),
            ("mcts:level=4", "5000 iterations a move"),
            ("level:4", "5000 iterations a move"),
            (
                "mcts:iterations=500,ms=300",
                "500 iterations or 300 ms a move",
            ),
            ("greedy:noise=0.5", "a one-turn look-ahead"),
            ("random", "no search"),
        ] {
            let parsed: BotSpec = spec.parse().unwrap();
            assert_eq!(parsed.thinking(offered), words, "{spec}");
        }
    }

    #[test]
    fn mcts_levels_cap_iterations() {
        let spec: BotSpec = "mcts:level=1,iterations=50".parse().unwrap();
        assert_eq!(spec.search_config().iterations, Some(50));
        let spec: BotSpec = "mcts:level=2".parse().unwrap();
        assert_eq!(spec.search_config().iterations, Some(400));
        let spec: BotSpec = "mcts:level=5".parse().unwrap();
        assert_eq!(spec.search_config().iterations, None);
    }
}
