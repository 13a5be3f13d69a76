//! `carolus match --resume`: a match continued from its records file.
//!
//! Long matches (hundreds of games at a second or two a move) outlast a
//! working session, a laptop's battery or a CI job. Every game's record is
//! on disk as soon as it is finished and the games before it are too (see
//! `commands::match_`), and a game's set-up and draws follow from the match
//! seed and its set number alone, so a match can stop anywhere and go on
//! later: the records already written are read back, checked against the
//! match being resumed, counted, and the games still missing are played
//! and appended to the same file.
//!
//! Every line is checked, not trusted: it must be a record of this match
//! (same seed, same bots in the same seats, the set's own seed) in the
//! order the games were written, and it must replay. A last line cut off
//! in the middle (the program was killed while writing it) is the only
//! damage repaired, by dropping that line; anything else is an error that
//! names the line, and the file is left as it was.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use carolus_rules::{Record, Seat, Variant};
use serde_json::Value;

use crate::arena::{Forfeit, Outcome};
use crate::duplicate::{Deal, Plan};
use crate::failure::bad_input;
use crate::players::BotChoice;

/// What a records file holds of a match, ready to go on.
pub struct Resumed {
    /// The match seed the records were played with.
    pub master_seed: u64,
    /// The games already played, in order.
    pub outcomes: Vec<Outcome>,
    /// Whether the last line was cut off and dropped.
    pub dropped_partial_line: bool,
    /// Where the well-formed records end, in bytes.
    valid_length: u64,
    /// Whether the valid part lacks its final newline.
    needs_newline: bool,
}

impl Resumed {
    /// The game to play next: `(set, rotation)`.
    pub fn next_game(&self, plan: &Plan) -> (u64, usize) {
        let played = self.outcomes.len() as u64;
        let set_size = plan.set_size() as u64;
        (played / set_size, (played % set_size) as usize)
    }

    /// Opens the file for the games still to come: a cut-off last line is
    /// removed and a missing final newline added.
    pub fn open_for_append(&self, path: &Path) -> std::io::Result<File> {
        // A missing file is a match that has not started yet.
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        file.set_len(self.valid_length)?;
        let mut file = OpenOptions::new().append(true).open(path)?;
        if self.needs_newline {
            file.write_all(b"\n")?;
        }
        file.flush()?;
        Ok(file)
    }
}

/// The match a records file must belong to.
pub struct Expected<'a> {
    pub bots: &'a [BotChoice],
    pub plan: &'a Plan,
    pub variant: Variant,
    /// The seed given on the command line, if one was.
    pub seed: Option<u64>,
}

/// What a records file that does not exist means to the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfMissing {
    /// A match not begun yet (`--resume`): nothing is read back.
    NotBegun,
    /// An error (`--score`: there is nothing to score).
    Refuse,
}

/// Reads the records of the match in `path`. An empty file resumes
/// nothing (the match starts from its first game); so does a missing one,
/// unless `if_missing` refuses it.
pub fn load(
    path: &Path,
    expected: &Expected<'_>,
    if_missing: IfMissing,
) -> anyhow::Result<Resumed> {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error)
            if error.kind() == std::io::ErrorKind::NotFound
                && if_missing == IfMissing::NotBegun =>
        {
            Vec::new()
        }
        Err(error) => return Err(bad_input(format!("--records {}: {error}", path.display()))),
    };
    read(&text, expected)
        .map_err(|message| bad_input(format!("--records {}: {message}", path.display())))
}

/// [`load`] of the file's bytes; errors name the line.
fn read(bytes: &[u8], expected: &Expected<'_>) -> Result<Resumed, String> {
    let mut resumed = Resumed {
        master_seed: expected.seed.unwrap_or(0),
        outcomes: Vec::new(),
        dropped_partial_line: false,
        valid_length: 0,
        needs_newline: false,
    };
    let mut deals = DealSource::default();
    let mut offset = 0usize;
    let mut number = 0usize;
    while offset < bytes.len() {
        number += 1;
        let end = bytes[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|i| offset + i);
        let line = &bytes[offset..end.unwrap_or(bytes.len())];
        let is_last_unterminated = end.is_none();
        if end.is_some() && line.iter().all(u8::is_ascii_whitespace) {
            return Err(format!("line {number}: an empty line"));
        }
        let parsed = std::str::from_utf8(line)
            .map_err(|_| "not UTF-8 text".to_owned())
            .and_then(|text| {
                Record::from_json(text.trim_end_matches('\r')).map_err(|e| e.to_string())
            });
        let record = match parsed {
            Ok(record) => record,
            // The program was stopped while it wrote this line.
            Err(_) if is_last_unterminated => {
                resumed.dropped_partial_line = true;
                break;
            }
            Err(error) => return Err(format!("line {number}: {error}")),
        };
        let outcome = check(
            record,
            resumed.outcomes.len(),
            expected,
            &mut resumed,
            &mut deals,
        )
        .map_err(|message| format!("line {number}: {message}"))?;
        resumed.outcomes.push(outcome);
        match end {
            Some(end) => offset = end + 1,
            None => {
                offset = bytes.len();
                resumed.needs_newline = true;
            }
        }
        resumed.valid_length = offset as u64;
    }
    Ok(resumed)
}

/// The deal of the set being checked, kept for the set's other games.
#[derive(Default)]
struct DealSource {
    current: Option<Deal>,
}

impl DealSource {
    fn deal(&mut self, master_seed: u64, set: u64, plan: &Plan, variant: Variant) -> &Deal {
        if self.current.as_ref().is_none_or(|deal| deal.set != set) {
            self.current = None;
        }
        self.current
            .get_or_insert_with(|| Deal::of_match(master_seed, set, plan, variant))
    }
}

/// Checks that `record` is game number `index` (from 0) of the expected
/// match and turns it back into the outcome the match counts.
fn check(
    record: Record,
    index: usize,
    expected: &Expected<'_>,
    resumed: &mut Resumed,
    deals: &mut DealSource,
) -> Result<Outcome, String> {
    let plan = expected.plan;
    let set = (index / plan.set_size()) as u64;
    let rotation = index % plan.set_size();
    let meta = record
        .meta
        .as_ref()
        .ok_or("the record has no \"meta\" (it was not written by carolus match)")?;
    let number = |field: &str| -> Result<u64, String> {
        meta.get(field)
            .and_then(Value::as_u64)
            .ok_or(format!("meta.{field} is missing or not a whole number"))
    };
    let seed_text = |field: &str| -> Result<u64, String> {
        meta.get(field)
            .and_then(Value::as_str)
            .and_then(|text| text.parse::<u64>().ok())
            .ok_or(format!("meta.{field} is missing or not a seed in a string"))
    };
    let match_seed = seed_text("match_seed")?;
    if index == 0 {
        match expected.seed {
            Some(seed) if seed != match_seed => {
                return Err(format!(
                    "the records are of the match with seed {match_seed}, not --seed {seed}"
                ));
            }
            _ => resumed.master_seed = match_seed,
        }
    } else if match_seed != resumed.master_seed {
        return Err(format!(
            "meta.match_seed is {match_seed}, but the file began with match {}",
            resumed.master_seed
        ));
    }
    if number("set")? != set || number("rotation")? != rotation as u64 {
        return Err(format!(
            "expected set {set} game {rotation} here (games are written in order), found set {} game {}",
            number("set")?,
            number("rotation")?
        ));
    }
    let seats = plan.seats(rotation);
    let names: Vec<String> = seats
        .iter()
        .map(|&bot| expected.bots[bot].to_string())
        .collect();
    if record.names.as_deref() != Some(names.as_slice()) {
        return Err(format!(
            "the seats are played by {:?}, but this match puts {:?} there",
            record.names.as_deref().unwrap_or_default(),
            names
        ));
    }
    let recorded_bots: Option<Vec<usize>> =
        meta.get("bots").and_then(Value::as_array).map(|bots| {
            bots.iter()
                .filter_map(|bot| bot.as_u64().and_then(|bot| usize::try_from(bot).ok()))
                .collect()
        });
    if recorded_bots.as_deref() != Some(seats) {
        return Err(format!("meta.bots should be {seats:?}"));
    }
    let deal = deals.deal(resumed.master_seed, set, plan, expected.variant);
    if seed_text("set_seed")? != deal.seed || record.setup != deal.setup {
        return Err(format!(
            "the set-up is not the one match {} deals for set {set}",
            resumed.master_seed
        ));
    }
    let game = record
        .replay()
        .map_err(|error| format!("the record does not replay: {error}"))?;
    let forfeit = match meta.get("forfeit") {
        None => None,
        Some(value) => Some(forfeit_of(value, seats)?),
    };
    let unfinished = meta.contains_key("unfinished");
    let winners: Vec<usize> = if forfeit.is_some() || unfinished {
        record
            .result
            .as_ref()
            .and_then(|result| result.get("winners"))
            .and_then(Value::as_array)
            .map(|winners| {
                winners
                    .iter()
                    .filter_map(|seat| seat.as_u64().and_then(|s| usize::try_from(s).ok()))
                    .filter(|&seat| seat < seats.len())
                    .collect()
            })
            .ok_or("result.winners is missing for a game that stopped early")?
    } else if game.is_over() {
        game.winners().map(Seat::index).collect()
    } else {
        return Err(
            "the game is not finished, and the record names no forfeit or cut-off".to_owned(),
        );
    };
    Ok(Outcome {
        set,
        rotation,
        seats: seats.to_vec(),
        winners,
        forfeit,
        unfinished,
        record,
    })
}

/// The forfeit that `meta.forfeit` describes.
fn forfeit_of(value: &Value, seats: &[usize]) -> Result<Forfeit, String> {
    let seat = value
        .get("seat")
        .and_then(Value::as_u64)
        .and_then(|seat| usize::try_from(seat).ok())
        .filter(|&seat| seat < seats.len())
        .ok_or("meta.forfeit.seat is not a seat of the game")?;
    let move_number = value
        .get("move")
        .and_then(Value::as_u64)
        .and_then(|number| usize::try_from(number).ok())
        .ok_or("meta.forfeit.move is not a move number")?;
    let reason = value
        .get("reason")
        .and_then(Value::as_str)
        .ok_or("meta.forfeit.reason is not text")?
        .to_owned();
    Ok(Forfeit {
        seat,
        bot: seats[seat],
        move_number,
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{self, Table};

    fn bots() -> Vec<BotChoice> {
        vec!["greedy".parse().unwrap(), "random".parse().unwrap()]
    }

    /// The first `games` records of match `seed` between greedy and random,
    /// one line each.
    fn lines(seed: u64, games: usize) -> Vec<String> {
        let bots = bots();
        let plan = Plan::new(2, 2).unwrap();
        let table = Table::quick(&bots, &plan, seed);
        let mut deals = DealSource::default();
        (0..games)
            .map(|index| {
                let deal = deals
                    .deal(seed, (index / 2) as u64, &plan, Variant::STANDARD)
                    .clone();
                arena::play(&table, &deal, index % 2)
                    .unwrap()
                    .record
                    .to_json()
            })
            .collect()
    }

    /// Calls `f` with the greedy-against-random match of `seed`.
    fn with_expected<T>(seed: Option<u64>, f: impl FnOnce(&Expected<'_>) -> T) -> T {
        let bots = bots();
        let plan = Plan::new(2, 2).unwrap();
        f(&Expected {
            bots: &bots,
            plan: &plan,
            variant: Variant::STANDARD,
            seed,
        })
    }

    fn resume(text: &str, seed: Option<u64>) -> Result<Resumed, String> {
        with_expected(seed, |expected| read(text.as_bytes(), expected))
    }

    #[test]
    fn an_empty_file_resumes_nothing() {
        let resumed = resume("", Some(5)).unwrap();
        assert!(resumed.outcomes.is_empty());
        assert_eq!(resumed.master_seed, 5);
    }

    #[test]
    fn a_missing_file_is_created_for_the_games_to_come() {
        let path =
            std::env::temp_dir().join(format!("carolus-resume-{}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let resumed = with_expected(Some(3), |expected| {
            load(&path, expected, IfMissing::NotBegun)
        })
        .unwrap();
        assert!(resumed.outcomes.is_empty());
        let mut file = resumed.open_for_append(&path).unwrap();
        writeln!(file, "{{}}").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn three_games_go_on_with_the_second_game_of_the_second_set() {
        let text = lines(11, 3).join("\n") + "\n";
        let resumed = resume(&text, None).unwrap();
        assert_eq!(resumed.master_seed, 11);
        assert_eq!(resumed.outcomes.len(), 3);
        assert_eq!(resumed.next_game(&Plan::new(2, 2).unwrap()), (1, 1));
        assert_eq!(resumed.valid_length, text.len() as u64);
        assert!(!resumed.needs_newline && !resumed.dropped_partial_line);
    }

    #[test]
    fn a_line_cut_off_at_the_end_is_dropped() {
        let lines = lines(11, 2);
        let text = format!("{}\n{}", lines[0], &lines[1][..40]);
        let resumed = resume(&text, Some(11)).unwrap();
        assert_eq!(resumed.outcomes.len(), 1);
        assert!(resumed.dropped_partial_line);
        assert_eq!(resumed.valid_length, lines[0].len() as u64 + 1);
    }

    #[test]
    fn a_complete_last_line_without_its_newline_is_kept() {
        let text = lines(11, 2).join("\n");
        let resumed = resume(&text, Some(11)).unwrap();
        assert_eq!(resumed.outcomes.len(), 2);
        assert!(resumed.needs_newline);
    }

    #[test]
    fn records_of_another_match_are_refused_naming_the_line() {
        let text = lines(11, 2).join("\n") + "\n";
        let error = resume(&text, Some(12)).err().unwrap();
        assert!(error.starts_with("line 1: "), "{error}");
        assert!(error.contains("seed 11"), "{error}");

        let mut swapped = lines(11, 2);
        swapped.swap(0, 1);
        let error = resume(&(swapped.join("\n") + "\n"), None).err().unwrap();
        assert!(error.contains("expected set 0 game 0"), "{error}");
    }

    #[test]
    fn damage_in_the_middle_is_an_error_not_a_repair() {
        let lines = lines(11, 3);
        let text = format!("{}\n{}\n{}\n", lines[0], &lines[1][..40], lines[2]);
        let error = resume(&text, None).err().unwrap();
        assert!(error.starts_with("line 2: "), "{error}");
    }

    #[test]
    fn a_tampered_move_is_found_by_replaying() {
        let mut lines = lines(11, 1);
        let record = Record::from_json(&lines[0]).unwrap();
        let mut value: Value = serde_json::from_str(&record.to_json()).unwrap();
        // Put the last move first, where it cannot be legal.
        let moves = value["moves"].as_array_mut().unwrap();
        let last = moves.pop().unwrap();
        moves.insert(0, last);
        lines[0] = value.to_string();
        let error = resume(&(lines.join("\n") + "\n"), None).err().unwrap();
        assert!(error.contains("does not replay"), "{error}");
    }
}
