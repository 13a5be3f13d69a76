//! `carolus play`: a full-screen game in the terminal against people and
//! computer players (the `carolus-tui` crate does the work).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use carolus_ai::Level;
use carolus_rules::Record;
use carolus_tui::{Language, PlayConfig, PlayError, Start, Theme, ThinkLimits};

use crate::args::{Players, parse_positive_seconds};
use crate::failure::bad_input;
use crate::input;
use crate::seed;

/// Play a game on a full-screen table in the terminal.
///
/// People play with the keyboard (and the mouse where the terminal reports
/// it); computer players think in the background. Press ? in the game for
/// the rules in brief and the keys. Saved games are `carolus-record/1`
/// files that `--load` (or o in the game) reads back.
///
/// Colours follow the terminal's own palette; set NO_COLOR for none at all.
/// The game speaks English, German or French: --lang, else the language of
/// the environment (LC_ALL, LC_MESSAGES, LANG), else English.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    players: Players,

    /// A computer player at a seat: SEAT=LEVEL, the seat by its number
    /// (from 0, as the table shows it) or its player's name, level 1
    /// (beginner) to 5 (strongest); repeat or separate with commas, e.g.
    /// `--ai 1=3,2=4` or `--ai Bruno=3`. A saved game brings back its own
    /// computer players; --ai replaces them, and `--ai none` makes every
    /// seat a person.
    #[arg(long, value_name = "SEAT=LEVEL", value_delimiter = ',', value_parser = parse_ai)]
    ai: Vec<Option<(String, Level)>>,

    /// The players' names, one per seat from seat 0 on, separated by commas.
    #[arg(long, value_name = "A,B,…", value_delimiter = ',')]
    names: Option<Vec<String>>,

    /// The seed of the game's set-up and draws [default: a fresh one from
    /// the operating system]. With --load, the seed of the draws to come.
    #[arg(long, value_name = "N", value_parser = crate::args::between::<u64>(0, u64::MAX))]
    seed: Option<u64>,

    /// Continue a saved game (a `carolus-record/1` file); its record
    /// decides the number of players.
    #[arg(long, value_name = "FILE", conflicts_with = "players")]
    load: Option<PathBuf>,

    /// With --load, which record to continue from a file holding several
    /// one after another (as `carolus match --records` writes them),
    /// counted from 1.
    #[arg(long, value_name = "N", requires = "load",
          value_parser = crate::args::parse_count::<u64>)]
    game: Option<u64>,

    /// How long the tree-search levels (4 and 5) think per move, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = parse_positive_seconds)]
    think: Duration,

    /// The language of the game: en (English), de (German) or fr (French)
    /// [default: the first of LC_ALL, LC_MESSAGES and LANG that is set, as
    /// de_DE.UTF-8 gives de; any other language, and none, English]. The
    /// keys are the same in every language.
    #[arg(long, value_name = "LANG", value_parser = parse_language)]
    lang: Option<Language>,

    /// A guided first game: you against the level-1 computer on a fixed
    /// deal, with a lesson on each rule when it first matters (m plays the
    /// lesson's move, k skips a lesson, K all of them).
    #[arg(long, conflicts_with_all = ["load", "players", "ai", "seed", "game"])]
    learn: bool,
}

/// Reads a language code; the error names the languages there are.
pub(crate) fn parse_language(text: &str) -> Result<Language, String> {
    text.parse()
        .map_err(|error: carolus_tui::UnknownLanguage| error.to_string())
}

/// Reads `SEAT=LEVEL`, or `none` (no computer player at all). The seat is
/// checked against the game's seats once they are known.
fn parse_ai(text: &str) -> Result<Option<(String, Level)>, String> {
    if text.trim() == "none" {
        return Ok(None);
    }
    let (seat, level) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?} is not SEAT=LEVEL (for example 1=3) or none"))?;
    let seat = seat.trim();
    if seat.is_empty() {
        return Err(format!("{text:?} names no seat (for example 1=3)"));
    }
    let level: Level = level
        .trim()
        .parse()
        .map_err(|_| format!("{level:?} is not a level (1 to 5)"))?;
    Ok(Some((seat.to_owned(), level)))
}

pub fn run(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let start = match &args.load {
        Some(path) => {
            let text = input::read_text(path)?;
            let text = input::one_record(&text, args.game)
                .map_err(|error| bad_input(input::about(path, error)))?;
            let record = Record::from_json(text)
                .map_err(|error| bad_input(input::about_game(path, args.game, error)))?;
            // The seats the computer played are checked here, so that a
            // fault in them names the file.
            carolus_core::session::saved_levels(&record)
                .map_err(|error| bad_input(input::about_game(path, args.game, error)))?;
            Start::Record(Box::new(record))
        }
        None if args.learn => Start::Lesson,
        None => Start::New {
            players: args.players.count(),
        },
    };
    let mut config = PlayConfig::new_game(args.players.count(), seed::given_or_fresh(args.seed)?);
    config.start = start;
    config.ai = (!args.ai.is_empty()).then(|| args.ai.iter().flatten().cloned().collect());
    config.names = args.names.clone();
    config.colour = Theme::from_env().has_colour();
    config.think = ThinkLimits {
        time: Some(args.think.max(Duration::from_millis(50))),
        iterations: None,
    };
    config.language = args.lang.unwrap_or_else(Language::from_environment);
    let outcome = carolus_tui::run(config).map_err(|error| match error {
        PlayError::Config(message) => bad_input(message),
        PlayError::Terminal(error) => anyhow::Error::new(error).context("the terminal failed"),
    })?;
    writeln!(out, "{}", outcome.summary)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computer_seats_read_seat_and_level() {
        let three = Level::new(3).unwrap();
        assert_eq!(parse_ai("1=3"), Ok(Some(("1".to_owned(), three))));
        assert_eq!(parse_ai("Bruno=3"), Ok(Some(("Bruno".to_owned(), three))));
        assert_eq!(parse_ai("none"), Ok(None));
        assert!(parse_ai("1").is_err());
        assert!(parse_ai("=3").is_err());
        assert!(parse_ai("1=6").is_err());
        assert!(parse_ai("1=0").is_err());
    }
}
