//! The players of a match: built-in bots and external programs behind one
//! interface, and the `--bot` argument that names them.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use carolus_ai::{AiError, Bot, BotSpec, ThinkError, think};
use carolus_rules::{Game, Move, Record};

use crate::external::External;

/// A bot as `--bot` names it: a built-in spec or `cmd:<command>`.
#[derive(Clone, Debug, PartialEq)]
pub enum BotChoice {
    /// A bot of `carolus-ai`, such as `mcts:ms=500`, and the words it was
    /// given in (`level:1` for the spec `greedy:noise=0.5`), which is how
    /// the person who gave it recognises it in a summary.
    Builtin { spec: BotSpec, written: String },
    /// A program speaking the bot protocol; the words of its command line.
    External { command: String, words: Vec<String> },
}

/// The prefix of external bots.
const COMMAND_PREFIX: &str = "cmd:";

impl FromStr for BotChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<BotChoice, String> {
        match text.strip_prefix(COMMAND_PREFIX) {
            Some(command) => Ok(BotChoice::External {
                command: command.trim().to_owned(),
                words: External::parse(command)?,
            }),
            None => text
                .parse::<BotSpec>()
                .map(|spec| BotChoice::Builtin {
                    spec,
                    written: text.trim().to_owned(),
                })
                .map_err(|error| match error {
                    // Here a bot may also be a program of the user's own.
                    AiError::UnknownBot { spec, name } => format!(
                        "bad bot specification {spec:?}: unknown bot {name:?} \
                         (expected random, greedy, mcts, level:N or cmd:<program>)"
                    ),
                    other => other.to_string(),
                }),
        }
    }
}

impl BotChoice {
    /// A built-in bot given as `spec`, written as the spec itself.
    pub fn builtin(spec: BotSpec) -> BotChoice {
        BotChoice::Builtin {
            written: spec.to_string(),
            spec,
        }
    }

    /// The bot as the person who chose it wrote it (`level:1`), for the
    /// summary; records name the spec itself (`greedy:noise=0.5`), which is
    /// what `--resume` checks.
    pub fn written(&self) -> String {
        match self {
            BotChoice::Builtin { written, .. } => written.clone(),
            BotChoice::External { command, .. } => format!("{COMMAND_PREFIX}{command}"),
        }
    }
}

/// The names a match summary shows for `bots`: each as it was written,
/// and a bot given more than once followed by its place in the `--bot`
/// order (`greedy #1`, `greedy #2`), so that two copies can be told apart.
pub fn labels(bots: &[BotChoice]) -> Vec<String> {
    let written: Vec<String> = bots.iter().map(BotChoice::written).collect();
    written
        .iter()
        .enumerate()
        .map(|(index, name)| {
            if written.iter().filter(|other| *other == name).count() > 1 {
                format!("{name} #{}", index + 1)
            } else {
                name.clone()
            }
        })
        .collect()
}

impl fmt::Display for BotChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotChoice::Builtin { spec, .. } => write!(f, "{spec}"),
            BotChoice::External { command, .. } => write!(f, "{COMMAND_PREFIX}{command}"),
        }
    }
}

impl BotChoice {
    /// How much this bot thinks a move in a match that offers every bot
    /// `time` and lets an external program be `grace` late, in words for the
    /// summary: "2000 ms a move", "5000 iterations a move", or for a program
    /// "1000 ms a move, silent after 2000 ms".
    pub fn thinking(&self, time: Duration, grace: Duration) -> String {
        match self {
            BotChoice::Builtin { spec, .. } => spec.thinking(time),
            BotChoice::External { .. } => format!(
                "{} ms a move, silent after {} ms",
                time.as_millis(),
                (time + grace).as_millis()
            ),
        }
    }

    /// A player of this kind for one seat of one game; external programs
    /// are started at once, so that their start-up overlaps the first
    /// draws, and their first answer may take `startup` longer than the
    /// rest. A program that cannot be started at all (it does not exist,
    /// or may not be run) is an error, not a lost game: no game with it
    /// can be played, and a match of forfeits would say nothing.
    pub fn player(&self, seed: u64, startup: Duration) -> Result<Player, String> {
        match self {
            BotChoice::Builtin { spec, .. } => Ok(Player::Builtin {
                bot: spec.build(seed),
                spec: spec.clone(),
            }),
            BotChoice::External { words, .. } => {
                let mut external = External::new(words.clone(), startup);
                external.start()?;
                Ok(Player::External { external })
            }
        }
    }
}

/// One seat's player in one game.
pub enum Player {
    Builtin {
        bot: Box<dyn Bot>,
        /// What `--bot` named, for the bot's own limits.
        spec: BotSpec,
    },
    External {
        external: External,
    },
}

impl Player {
    /// The move of this player at the end of `record` (the position `game`),
    /// or why it has none, which forfeits the game.
    ///
    /// `time` is the thinking time per move (a built-in bot that names a
    /// limit of its own, `mcts:ms=2000`, thinks by that instead); an
    /// external program has `grace` more before it counts as silent.
    pub fn decide(
        &mut self,
        record: &Record,
        game: &Game,
        time: Duration,
        grace: Duration,
    ) -> Result<Move, String> {
        match self {
            Player::Builtin { bot, spec } => {
                let budget = spec.budget(time);
                // The built-in bots are trusted to answer legally and in
                // time, but a failure in one must cost a game, not the match.
                let analysis = think(bot.as_mut(), game, &budget).map_err(|error| match error {
                    ThinkError::Panicked(_) => {
                        "the built-in bot failed (a bug in carolus-ai)".to_owned()
                    }
                    ThinkError::Refused(error) => format!("the built-in bot refused: {error}"),
                    ThinkError::Illegal { mv, error } => {
                        format!("the built-in bot chose the illegal move {mv}: {error}")
                    }
                })?;
                Ok(analysis.best)
            }
            Player::External { external } => external.ask(record, game, time, grace),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_parse_as_specs_or_commands_and_print_back() {
        for text in [
            "random",
            "greedy",
            "mcts:level=3",
            "mcts:ms=500",
            "cmd:python3 my_bot.py",
        ] {
            let choice: BotChoice = text.parse().unwrap();
            assert_eq!(choice.to_string(), text);
        }
        assert!(matches!(
            "level:2".parse::<BotChoice>(),
            Ok(BotChoice::Builtin {
                spec: BotSpec::Greedy { .. },
                ..
            })
        ));
        assert_eq!(
            "clever".parse::<BotChoice>(),
            Err("bad bot specification \"clever\": unknown bot \"clever\" \
                 (expected random, greedy, mcts, level:N or cmd:<program>)"
                .to_owned())
        );
        // A mistake in a built-in bot's options has nothing to do with
        // external programs, so the hint is not given there.
        let message = "mcts:ms=abc".parse::<BotChoice>().unwrap_err();
        assert!(message.contains("ms must be a whole number"), "{message}");
        assert!(!message.contains("cmd:"), "{message}");
        assert!("cmd:".parse::<BotChoice>().is_err());
    }

    #[test]
    fn a_summary_names_bots_as_written_and_tells_copies_apart() {
        let bots: Vec<BotChoice> = ["level:1", "greedy", "greedy", "cmd:./bot.sh"]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect();
        assert_eq!(
            labels(&bots),
            ["level:1", "greedy #2", "greedy #3", "cmd:./bot.sh"]
        );
        // Records keep the spec itself, which resuming compares.
        assert_eq!(bots[0].to_string(), "greedy:noise=0.5");
    }

    #[test]
    fn a_bot_names_the_thinking_a_match_gives_it() {
        // A built-in bot words its own limit (the spec's tests cover every
        // kind); an external program is given the time and its grace.
        let (time, grace) = (Duration::from_millis(1000), Duration::from_millis(500));
        for (bot, words) in [
            ("mcts:ms=2000,threads=1", "2000 ms a move"),
            ("mcts", "1000 ms a move"),
            (
                "cmd:python3 my_bot.py",
                "1000 ms a move, silent after 1500 ms",
            ),
        ] {
            let choice: BotChoice = bot.parse().unwrap();
            assert_eq!(choice.thinking(time, grace), words, "{bot}");
        }
    }
}
