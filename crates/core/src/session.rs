//! A game at a table, without a screen: the recorded game and where its
//! draws come from, who sits at each seat, undo and redo, and the computer
//! players' estimates over the game.
//!
//! A front end holds one [`Session`] per game and does the rest: it shows
//! the position, takes people's moves and [`Session::play`]s them, asks a
//! bot whenever [`Session::computer_to_act`] names a seat and level (on a
//! thread of its own: a session never thinks, waits or reads a clock), and
//! hands back the bot's move and estimate. The terminal game is one such
//! front end; a network server is another.
//!
//! **Draws.** They come from any [`DrawSource`]: seeded streams per seat
//! ([`carolus_rules::SeatDraws`]) for a game that a seed fixes, or the
//! operating system's generator for a server. Either way undo is honest:
//! the draws an undo takes back are kept, seat by seat, and drawn again
//! first, so taking a move back never changes the knights still to come.
//! (Draws are independent of the position, one knight in six of each kind,
//! so a seat's n-th draw stays valid whatever is played before it.)
//!
//! **Undo and redo.** An undo takes back everything since the last
//! decision a person made, by cutting the record and replaying it, which by
//! the record's definition gives exactly the earlier position. The moves
//! taken back wait for a redo, which plays them again up to the next
//! decision of a person, as long as play follows them.
//!
//! **Estimates.** Every estimate a computer player makes joins the
//! session's [`Trail`]; an undo takes the estimates of the positions it
//! takes back out (a redo brings them back), and the record always carries
//! the trail in its `meta` (and the players' names), so that a saved game
//! keeps its win-chance graph.

use std::collections::VecDeque;

use carolus_ai::Level;
use carolus_rules::{
    DrawSource, Game, IllegalMove, MAX_SEATS, Move, Phase, Record, RecordedGame, ReplayError, Seat,
};
use serde_json::{Map, Value};
use thiserror::Error;

use crate::estimates::{META_KEY, Reading, Trail};

/// The key in a record's `meta` under which a session keeps who plays each
/// seat: `[null, 3]` is a person at seat 0 and the computer player of
/// level 3 at seat 1. Loading a saved game puts the computer players back
/// where they were.
pub const LEVELS_KEY: &str = "levels";

/// Default names, one per seat. Their initials differ, so that short
/// badges on a crowded board stay readable.
pub const DEFAULT_NAMES: [&str; 4] = ["Anna", "Bruno", "Clara", "David"];

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person.
    Human,
    /// A computer player of some level.
    Ai { level: Level },
}

impl SeatKind {
    /// Whether a person plays the seat.
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// One seat: its name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub name: String,
    pub kind: SeatKind,
}

/// Why seats cannot be set as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatError {
    #[error(
        "{given} name{} given for {players} players; give exactly one per seat",
        if *.given == 1 { " is" } else { "s are" }
    )]
    Names { given: usize, players: usize },
    #[error("the name of seat {seat} is empty")]
    EmptyName { seat: usize },
    #[error(
        "there is no seat {seat} in a game of {players}: seats are 0 to {}",
        .players.saturating_sub(1)
    )]
    NoSeat { seat: usize, players: usize },
    /// A session was given seats for another number of players.
    #[error("{given} seats are given for a game of {players} players")]
    Count { given: usize, players: usize },
    /// One seat was given two computer players.
    #[error("seat {seat} is given a computer player twice; give each seat once")]
    Twice { seat: usize },
}

/// The computer players a record's `meta` says sat at its seats, as
/// `(seat, level)`: none if the record does not say (records written before
/// it was kept, or by other programs), or why what it says is unusable.
pub fn saved_levels(record: &Record) -> Result<Option<Vec<(usize, Level)>>, String> {
    let Some(saved) = record.meta.as_ref().and_then(|meta| meta.get(LEVELS_KEY)) else {
        return Ok(None);
    };
    let players = record.setup.players;
    let entries = saved
        .as_array()
        .filter(|entries| entries.len() == players)
        .ok_or_else(|| {
            format!(
                "meta.{LEVELS_KEY}: expected an array of {players} entries, \
                 null for a person or a level 1 to 5 for the computer"
            )
        })?;
    let mut ai = Vec::new();
    for (seat, entry) in entries.iter().enumerate() {
        if entry.is_null() {
            continue;
        }
        let level = entry
            .as_u64()
            .and_then(|number| u8::try_from(number).ok())
            .and_then(|number| Level::new(number).ok())
            .ok_or_else(|| {
                format!("meta.{LEVELS_KEY}[{seat}]: {entry} is not null or a level 1 to 5")
            })?;
        ai.push((seat, level));
    }
    Ok(Some(ai))
}

/// The seats of a game of `players`, from the names and computer players
/// asked for: people at every seat not in `ai`, and a default name for
/// every seat when `names` is not given.
pub fn seats(
    players: usize,
    names: Option<&[String]>,
    ai: &[(usize, Level)],
) -> Result<Vec<SeatInfo>, SeatError> {
    if let Some(names) = names {
        if names.len() != players {
            return Err(SeatError::Names {
                given: names.len(),
                players,
            });
        }
        if let Some(seat) = names.iter().position(|name| name.trim().is_empty()) {
            return Err(SeatError::EmptyName { seat });
        }
    }
    let mut seats: Vec<SeatInfo> = (0..players)
        .map(|i| SeatInfo {
            name: names
                .and_then(|names| names.get(i))
                .map(|name| clean_name(name))
                .unwrap_or_else(|| DEFAULT_NAMES.get(i).copied().unwrap_or("Player").to_owned()),
            kind: SeatKind::Human,
        })
        .collect();
    for (index, &(seat, level)) in ai.iter().enumerate() {
        if ai[..index].iter().any(|&(earlier, _)| earlier == seat) {
            return Err(SeatError::Twice { seat });
        }
        let info = seats
            .get_mut(seat)
            .ok_or(SeatError::NoSeat { seat, players })?;
        info.kind = SeatKind::Ai { level };
    }
    Ok(seats)
}

/// A name made fit for one line of a screen or a log: control characters
/// become spaces and surrounding space goes.
fn clean_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The index in `record` of the last decision (not a draw) made by a seat
/// for which `chooses` holds, if there is one.
pub fn last_decision_by(record: &Record, chooses: impl Fn(Seat) -> bool) -> Option<usize> {
    let mut game = record.start().ok()?;
    let mut last = None;
    for (index, &mv) in record.moves.iter().enumerate() {
        if mv.is_decision() && game.to_act().is_some_and(&chooses) {
            last = Some(index);
        }
        game.play(mv).ok()?;
    }
    last
}

/// What an undo took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undone {
    /// The index in the record of the first move taken back: the record
    /// now has this many moves.
    pub index: usize,
    /// How many moves were taken back.
    pub taken: usize,
}

/// Why there is nothing to undo.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UndoError {
    /// No person has made a decision in this game.
    #[error("there is no decision of a person to take back")]
    NoDecision,
    /// The record cut short does not replay, which cannot happen to a
    /// record the session kept; the game stays as it was.
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

/// What a redo played again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redone {
    /// The index in the record of the first move played again.
    pub index: usize,
    /// The moves played again, in order.
    pub moves: Vec<Move>,
    /// The move that could not be played, and why, if the redo stopped at
    /// one (the moves waiting for a redo are then forgotten).
    pub stopped: Option<(Move, IllegalMove)>,
}

/// Why a redo did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum RedoError {
    #[error("there is nothing to redo")]
    Nothing,
}

/// A game at a table: the record, its draws, its seats, undo and redo, and
/// the computer players' estimates.
pub struct Session<D: DrawSource> {
    game: RecordedGame,
    draws: D,
    /// The draws undos took back, per seat, the next one first: drawn
    /// again before `draws` is asked, so that undo changes no knights.
    kept: [VecDeque<carolus_rules::Draw>; MAX_SEATS],
    seats: Vec<SeatInfo>,
    /// Every estimate of this game, by position.
    trail: Trail,
    /// Why the record's saved estimates were left out, if they were.
    unread_estimates: Option<String>,
    /// The moves the undos since the last new move took back, the next to
    /// play again first; a move that differs from it forgets them.
    redo: Vec<Move>,
    /// The estimates of the positions `redo` leads through, which a redo
    /// brings back.
    redo_estimates: Vec<Reading>,
}

impl<D: DrawSource> Session<D> {
    /// A session continuing `game` with draws from `draws` and one entry of
    /// `seats` per seat (see [`seats`]). `draws` should continue where the
    /// record leaves off (for [`carolus_rules::SeatDraws`], skip what the
    /// record has drawn), so that a game fixed by a seed stays fixed.
    ///
    /// The estimates a saved record carries are read back; estimates that
    /// do not fit the record are left out, and
    /// [`Session::unread_estimates`] says why.
    pub fn new(
        game: RecordedGame,
        draws: D,
        seats: Vec<SeatInfo>,
    ) -> Result<Session<D>, SeatError> {
        let players = game.game().players();
        if seats.len() != players {
            return Err(SeatError::Count {
                given: seats.len(),
                players,
            });
        }
        let mut session = Session {
            game,
            draws,
            kept: Default::default(),
            seats,
            trail: Trail::default(),
            unread_estimates: None,
            redo: Vec::new(),
            redo_estimates: Vec::new(),
        };
        match session.saved_estimates() {
            Ok(trail) => session.trail = trail,
            Err(error) => session.unread_estimates = Some(error),
        }
        session.stamp();
        Ok(session)
    }

    /// The estimates the record carries in its `meta`: none if it has
    /// none, or why they cannot be read.
    fn saved_estimates(&self) -> Result<Trail, String> {
        let record = self.record();
        match record.meta.as_ref().and_then(|meta| meta.get(META_KEY)) {
            None => Ok(Trail::default()),
            Some(saved) => Trail::from_json(saved, record.moves.len(), record.setup.players),
        }
    }

    // ----- Reading ----------------------------------------------------------

    /// The position.
    pub fn game(&self) -> &Game {
        self.game.game()
    }

    /// The record of the game so far, as a saved file holds it: with the
    /// players' names and the estimates in its `meta`.
    pub fn record(&self) -> &Record {
        self.game.record()
    }

    /// The seats, in seat order.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// Every estimate made during this game (and read back with it).
    pub fn trail(&self) -> &Trail {
        &self.trail
    }

    /// Why the estimates saved in the record were left out, if they were.
    pub fn unread_estimates(&self) -> Option<&str> {
        self.unread_estimates.as_deref()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|info| info.kind.is_human())
    }

    /// The level of the computer player at `seat`, if one plays it.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        match self.seats.get(seat.index())?.kind {
            SeatKind::Ai { level } => Some(level),
            SeatKind::Human => None,
        }
    }

    /// The level whose bot gives people hints here: never weaker than a
    /// computer player at the table ([`Level::for_hints`]).
    pub fn hint_level(&self) -> Level {
        Level::for_hints(self.seats.iter().filter_map(|info| match info.kind {
            SeatKind::Ai { level } => Some(level),
            SeatKind::Human => None,
        }))
    }

    /// The seat a person decides for now, if any.
    pub fn person_to_act(&self) -> Option<Seat> {
        self.to_decide().filter(|&seat| self.is_human(seat))
    }

    /// The seat whose computer player must be asked for a move now, and
    /// its level; none while a person decides, a draw is due or the game
    /// is over.
    pub fn computer_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.to_decide()?;
        Some((seat, self.level(seat)?))
    }

    /// The seat to decide, if a decision is due.
    fn to_decide(&self) -> Option<Seat> {
        let game = self.game();
        if matches!(game.phase(), Phase::Draw | Phase::Over) {
            return None;
        }
        game.to_act()
    }

    /// Whether there are moves an undo took back that a redo plays again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    // ----- Playing ----------------------------------------------------------

    /// Plays `mv`, a person's or a computer player's decision (or a draw
    /// the caller makes itself), if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let drawer = self.game().draw_due().map(|due| due.seat.index());
        self.game.play(mv)?;
        if let (Move::Draw(draw), Some(seat)) = (mv, drawer) {
            // A kept draw played again is used up; any other draw means
            // the kept ones no longer follow on from this seat's draws.
            let kept = &mut self.kept[seat];
            if kept.front() == Some(&draw) {
                kept.pop_front();
            } else {
                kept.clear();
            }
        }
        self.follow_redo(mv);
        Ok(())
    }

    /// Plays the draws that are due, so that the game stands at a decision
    /// or at its end, and returns them: the draws an undo took back first,
    /// then new ones from the session's source.
    pub fn draw_while_due(&mut self) -> Vec<Move> {
        let mut drawn = Vec::new();
        while let Some(due) = self.game().draw_due() {
            let kept = self.kept[due.seat.index()]
                .front()
                .copied()
                .filter(|draw| draw.len() == due.size);
            let Some(draw) = kept.or_else(|| self.draws.draw(self.game.game())) else {
                break;
            };
            let mv = Move::Draw(draw);
            if self.play(mv).is_err() {
                break;
            }
            drawn.push(mv);
        }
        drawn
    }

    /// Keeps the moves to redo while play follows them, and forgets them
    /// once it leaves them: they would not fit the new line of play.
    fn follow_redo(&mut self, mv: Move) {
        if self.redo.first() == Some(&mv) {
            self.redo.remove(0);
        } else {
            self.redo.clear();
            self.redo_estimates.clear();
        }
    }

    /// Adds a computer player's estimate of the present position (every
    /// seat's share of the win) to the trail.
    pub fn record_estimate(&mut self, win: Vec<f64>) {
        self.trail.record(self.record().moves.len(), win);
        self.stamp();
    }

    /// Adds `value` under `key` to the record's `meta`, unless the record
    /// has an entry there already (such as the seed of a loaded game).
    pub fn add_meta(&mut self, key: &str, value: Value) {
        self.game
            .record_mut()
            .meta
            .get_or_insert_with(Map::new)
            .entry(key)
            .or_insert(value);
    }

    // ----- Undo and redo ----------------------------------------------------

    /// Takes back everything since the last decision a person made.
    pub fn undo(&mut self) -> Result<Undone, UndoError> {
        let index = last_decision_by(self.record(), |seat| self.is_human(seat))
            .ok_or(UndoError::NoDecision)?;
        let mut record = self.record().clone();
        let mut taken = record.moves.split_off(index);
        record.result = None;
        let game = RecordedGame::from_record(record)?;
        self.keep_draws(game.game().clone(), &taken);
        let count = taken.len();
        taken.append(&mut self.redo);
        self.redo = taken;
        let mut later = self.trail.split_off(index);
        later.append(&mut self.redo_estimates);
        self.redo_estimates = later;
        self.game = game;
        self.stamp();
        Ok(Undone {
            index,
            taken: count,
        })
    }

    /// Keeps the draws among `taken`, the moves an undo takes back from
    /// `position`, to be drawn again before the ones kept already.
    fn keep_draws(&mut self, mut position: Game, taken: &[Move]) {
        let mut again: [VecDeque<carolus_rules::Draw>; MAX_SEATS] = Default::default();
        for &mv in taken {
            if let (Move::Draw(draw), Some(due)) = (mv, position.draw_due()) {
                again[due.seat.index()].push_back(draw);
            }
            // The moves come from the record, which replays.
            if position.play(mv).is_err() {
                break;
            }
        }
        for (kept, mut again) in self.kept.iter_mut().zip(again) {
            again.append(kept);
            *kept = again;
        }
    }

    /// Plays again what undo took back: the person's decision and every
    /// move after it, up to the next decision a person makes or the end.
    pub fn redo(&mut self) -> Result<Redone, RedoError> {
        if self.redo.is_empty() {
            return Err(RedoError::Nothing);
        }
        let index = self.record().moves.len();
        let mut moves = Vec::new();
        let mut stopped = None;
        while let Some(&mv) = self.redo.first() {
            // `play` takes the move off the list.
            if let Err(error) = self.play(mv) {
                self.redo.clear();
                stopped = Some((mv, error));
                break;
            }
            moves.push(mv);
            if self.game().is_over() || self.person_to_act().is_some() {
                break;
            }
        }
        let reached = self.record().moves.len();
        let back = self
            .redo_estimates
            .iter()
            .take_while(|reading| reading.moves <= reached)
            .count();
        for reading in self.redo_estimates.drain(..back) {
            self.trail.record(reading.moves, reading.win);
        }
        self.stamp();
        Ok(Redone {
            index,
            moves,
            stopped,
        })
    }

    /// Writes the names, who plays each seat and the estimates into the
    /// record, as saved files carry them.
    fn stamp(&mut self) {
        let names = self.seats.iter().map(|seat| seat.name.clone()).collect();
        let levels: Vec<Value> = self
            .seats
            .iter()
            .map(|seat| match seat.kind {
                SeatKind::Human => Value::Null,
                SeatKind::Ai { level } => Value::from(level.number()),
            })
            .collect();
        let estimates = (!self.trail.readings().is_empty()).then(|| self.trail.to_json());
        let record = self.game.record_mut();
        record.names = Some(names);
        let meta = record.meta.get_or_insert_with(Map::new);
        meta.insert(LEVELS_KEY.to_owned(), Value::Array(levels));
        match estimates {
            Some(estimates) => meta.insert(META_KEY.to_owned(), estimates),
            None => meta.remove(META_KEY),
        };
    }
}

#[cfg(test)]
mod tests {
    use carolus_rules::{GameRng, SeatDraws, Setup, Variant};

    use super::*;

    fn level(number: u8) -> Level {
        Level::new(number).unwrap()
    }

    /// A new game of `players` with people at every seat but `ai`, draws
    /// from seed `seed`'s streams.
    fn session(players: usize, seed: u64, ai: &[(usize, Level)]) -> Session<SeatDraws> {
        let setup = Setup::random(
            players,
            Variant::for_players(players),
            &mut GameRng::seed_from_u64(seed),
        );
        let game = RecordedGame::new(setup).unwrap();
        let mut session = Session::new(
            game,
            SeatDraws::from_seed(seed),
            seats(players, None, ai).unwrap(),
        )
        .unwrap();
        session.draw_while_due();
        session
    }

    /// Plays the first legal move of every decision, drawing as needed,
    /// for `steps` decisions or to the end.
    fn play_first_moves(session: &mut Session<impl DrawSource>, steps: usize) {
        for _ in 0..steps {
            session.draw_while_due();
            let Some(&mv) = session.game().legal_moves().first() else {
                return;
            };
            session.play(mv).unwrap();
        }
        session.draw_while_due();
    }

    /// Each seat's draws in `record`, in order.
    fn draws_by_seat(record: &Record) -> Vec<Vec<Move>> {
        let mut game = record.start().unwrap();
        let mut draws = vec![Vec::new(); game.players()];
        for &mv in &record.moves {
            if let (Move::Draw(_), Some(due)) = (mv, game.draw_due()) {
                draws[due.seat.index()].push(mv);
            }
            game.play(mv).unwrap();
        }
        draws
    }

    #[test]
    fn seats_take_names_and_levels() {
        let names = vec!["Ann".to_owned(), " Bo\t".to_owned()];
        let seats = seats(2, Some(&names), &[(1, level(3))]).unwrap();
        assert_eq!(seats[0].name, "Ann");
        assert_eq!(seats[0].kind, SeatKind::Human);
        assert_eq!(seats[1].name, "Bo", "control characters and spaces go");
        assert_eq!(seats[1].kind, SeatKind::Ai { level: level(3) });
        let defaults = super::seats(3, None, &[]).unwrap();
        let names: Vec<&str> = defaults.iter().map(|seat| seat.name.as_str()).collect();
        assert_eq!(names, ["Anna", "Bruno", "Clara"]);
    }

    #[test]
    fn seat_mistakes_are_explained() {
        assert_eq!(
            seats(2, None, &[(2, Level::MIN)]).unwrap_err().to_string(),
            "there is no seat 2 in a game of 2: seats are 0 to 1"
        );
        let one = vec!["Ann".to_owned()];
        assert_eq!(
            seats(3, Some(&one), &[]).unwrap_err().to_string(),
            "1 name is given for 3 players; give exactly one per seat"
        );
        let blank = vec!["Ann".to_owned(), " ".to_owned()];
        assert_eq!(
            seats(2, Some(&blank), &[]).unwrap_err().to_string(),
            "the name of seat 1 is empty"
        );
        let game = RecordedGame::from_seed(3, Variant::STANDARD, 1).unwrap();
        let two = seats(2, None, &[]).unwrap();
        assert_eq!(
            Session::new(game, GameRng::seed_from_u64(1), two).err(),
            Some(SeatError::Count {
                given: 2,
                players: 3
            })
        );
    }

    #[test]
    fn the_last_decision_of_a_seat_is_found_in_the_record() {
        let mut rng = GameRng::seed_from_u64(2);
        let mut game = RecordedGame::from_seed(2, Variant::STANDARD, 2).unwrap();
        for _ in 0..60 {
            game.play_random(&mut rng);
        }
        let zero = Seat::new(0).unwrap();
        let index = last_decision_by(game.record(), |seat| seat == zero).unwrap();
        assert!(game.record().moves[index].is_decision());
        let mut before = game.record().clone();
        before.moves.truncate(index);
        assert_eq!(before.replay().unwrap().to_act(), Some(zero));
        // No later decision is seat 0's.
        let mut position = before.replay().unwrap();
        for (i, &mv) in game.record().moves[index..].iter().enumerate() {
            if i > 0 && mv.is_decision() {
                assert_ne!(position.to_act(), Some(zero), "move {}", index + i);
            }
            position.play(mv).unwrap();
        }
        assert_eq!(last_decision_by(game.record(), |_| false), None);
    }

    #[test]
    fn the_session_names_the_computer_to_ask_and_its_level() {
        let mut session = session(2, 3, &[(1, level(2))]);
        // Play until the computer's seat is to decide.
        while session.computer_to_act().is_none() {
            assert_eq!(session.person_to_act(), session.game().to_act());
            let mv = session.game().legal_moves()[0];
            session.play(mv).unwrap();
            session.draw_while_due();
        }
        let seat = Seat::new(1).unwrap();
        assert_eq!(session.computer_to_act(), Some((seat, level(2))));
        assert_eq!(session.person_to_act(), None);
    }

    #[test]
    fn hints_come_from_level_four_or_the_strongest_computer_at_the_table() {
        assert_eq!(session(2, 1, &[]).hint_level(), Level::HINT);
        assert_eq!(session(2, 1, &[(1, level(2))]).hint_level(), Level::HINT);
        assert_eq!(session(3, 1, &[(2, Level::MAX)]).hint_level(), Level::MAX);
    }

    #[test]
    fn undo_after_a_draw_restores_the_position_before_the_decision() {
        let mut session = session(2, 5, &[]);
        // Play on until a decision has been followed by a draw.
        play_first_moves(&mut session, 3);
        while session.record().moves.last().is_some_and(Move::is_decision) {
            play_first_moves(&mut session, 1);
        }
        let decision = last_decision_by(session.record(), |_| true).unwrap();
        let played = session.record().moves.len();
        let mut before = session.record().clone();
        before.moves.truncate(decision);

        let undone = session.undo().unwrap();
        assert_eq!(
            undone,
            Undone {
                index: decision,
                taken: played - decision
            }
        );
        assert!(undone.taken >= 2, "the decision and the draw after it");
        assert_eq!(session.record().moves, before.moves);
        assert_eq!(session.game(), &before.replay().unwrap());
        assert!(session.can_redo());
    }

    #[test]
    fn undo_does_not_change_the_knights_still_to_come() {
        // One stream for every seat, as the operating system's generator
        // would be: a seat's next knights depend on what others drew, so
        // only the kept draws can make undo honest here.
        let setup = Setup::random(2, Variant::STANDARD, &mut GameRng::seed_from_u64(9));
        let game = RecordedGame::new(setup).unwrap();
        let seats = seats(2, None, &[]).unwrap();
        let mut session = Session::new(game, GameRng::seed_from_u64(7), seats).unwrap();
        play_first_moves(&mut session, 30);
        let first = draws_by_seat(session.record());
        for _ in 0..6 {
            session.undo().unwrap();
        }
        // Play on differently: the last legal move instead of the first.
        for _ in 0..30 {
            session.draw_while_due();
            let Some(&mv) = session.game().legal_moves().last() else {
                break;
            };
            session.play(mv).unwrap();
        }
        session.draw_while_due();
        let second = draws_by_seat(session.record());
        assert_ne!(first, second, "the game went another way");
        for seat in 0..2 {
            let common = first[seat].len().min(second[seat].len());
            assert!(common >= 3, "seat {seat} drew too little to compare");
            assert_eq!(first[seat][..common], second[seat][..common], "seat {seat}");
        }
    }

    #[test]
    fn with_seeded_streams_undo_and_redo_draw_as_a_game_never_taken_back() {
        let mut taken_back = session(3, 11, &[]);
        play_first_moves(&mut taken_back, 25);
        taken_back.undo().unwrap();
        taken_back.undo().unwrap();
        while taken_back.can_redo() {
            let redone = taken_back.redo().unwrap();
            assert_eq!(redone.stopped, None);
            taken_back.draw_while_due();
        }
        play_first_moves(&mut taken_back, 20);
        let mut straight = session(3, 11, &[]);
        play_first_moves(&mut straight, 45);
        assert_eq!(taken_back.record().moves, straight.record().moves);
    }

    #[test]
    fn redo_plays_again_up_to_the_next_decision_of_a_person() {
        let mut session = session(2, 6, &[(1, level(3))]);
        // People decide at seat 0, a computer at seat 1: play the first
        // legal move for both for a while.
        play_first_moves(&mut session, 16);
        let played = session.record().moves.clone();
        let undone = session.undo().unwrap();
        assert_eq!(session.person_to_act(), session.game().to_act());
        let redone = session.redo().unwrap();
        assert_eq!(redone.index, undone.index);
        assert_eq!(redone.moves, played[undone.index..]);
        assert_eq!(session.record().moves, played);
        assert_eq!(session.redo(), Err(RedoError::Nothing));
    }

    #[test]
    fn a_new_move_forgets_what_undo_took_back() {
        let mut session = session(2, 8, &[]);
        play_first_moves(&mut session, 10);
        session.undo().unwrap();
        let other = *session.game().legal_moves().last().unwrap();
        let taken = session.record().moves.len();
        session.play(other).unwrap();
        assert!(!session.can_redo());
        assert_eq!(session.record().moves.len(), taken + 1);
    }

    #[test]
    fn undo_without_a_decision_of_a_person_is_refused() {
        let mut people = session(2, 4, &[]);
        assert_eq!(people.undo(), Err(UndoError::NoDecision));
        let mut computers = session(2, 4, &[(0, level(1)), (1, level(1))]);
        play_first_moves(&mut computers, 10);
        assert_eq!(computers.undo(), Err(UndoError::NoDecision));
    }

    #[test]
    fn estimates_are_trimmed_on_undo_and_brought_back_by_redo() {
        let mut session = session(2, 12, &[(1, level(3))]);
        for _ in 0..8 {
            session.record_estimate(vec![0.4, 0.6]);
            play_first_moves(&mut session, 1);
        }
        let all = session.trail().readings().to_vec();
        assert_eq!(all.len(), 8);
        let undone = session.undo().unwrap();
        assert!(
            session
                .trail()
                .readings()
                .iter()
                .all(|reading| reading.moves <= undone.index)
        );
        assert!(session.trail().readings().len() < all.len());
        while session.can_redo() {
            session.redo().unwrap();
        }
        assert_eq!(session.trail().readings(), all);
    }

    #[test]
    fn estimates_survive_a_save_and_load_in_meta() {
        let mut session = session(2, 13, &[]);
        for _ in 0..5 {
            session.record_estimate(vec![0.25, 0.75]);
            play_first_moves(&mut session, 2);
        }
        let saved = Record::from_json(&session.record().to_json()).unwrap();
        assert_eq!(
            saved.names.as_deref(),
            Some(&["Anna".to_owned(), "Bruno".to_owned()][..])
        );
        let players = saved.setup.players;
        let game = RecordedGame::from_record(saved).unwrap();
        let loaded = Session::new(
            game,
            SeatDraws::from_seed(1),
            seats(players, None, &[]).unwrap(),
        )
        .unwrap();
        assert_eq!(loaded.unread_estimates(), None);
        assert_eq!(loaded.trail(), session.trail());
    }

    #[test]
    fn estimates_that_do_not_fit_the_record_are_left_out_with_the_reason() {
        let mut record = session(2, 14, &[]).record().clone();
        let meta = record.meta.get_or_insert_with(Map::new);
        meta.insert(
            META_KEY.to_owned(),
            serde_json::json!([{"moves": 999, "win": [0.5, 0.5]}]),
        );
        let moves = record.moves.len();
        let loaded = Session::new(
            RecordedGame::from_record(record).unwrap(),
            SeatDraws::from_seed(1),
            seats(2, None, &[]).unwrap(),
        )
        .unwrap();
        assert_eq!(
            loaded.unread_estimates(),
            Some(format!("`estimates[0]`: move 999 is past the record's {moves} moves").as_str())
        );
        assert!(loaded.trail().readings().is_empty());
        let meta = loaded.record().meta.as_ref().unwrap();
        assert!(
            !meta.contains_key(META_KEY),
            "the bad estimates are not kept"
        );
    }

    #[test]
    fn a_saved_record_says_which_seats_the_computer_played_and_at_what_level() {
        let session = session(3, 1, &[(1, level(2)), (2, level(5))]);
        let record = session.record();
        assert_eq!(
            record.meta.as_ref().unwrap()[LEVELS_KEY],
            serde_json::json!([null, 2, 5])
        );
        assert_eq!(
            saved_levels(record),
            Ok(Some(vec![(1, level(2)), (2, level(5))]))
        );
    }

    #[test]
    fn records_without_levels_say_nothing_and_bad_levels_are_named() {
        let mut record = session(2, 1, &[]).record().clone();
        let meta = record.meta.as_mut().unwrap();
        meta.remove(LEVELS_KEY);
        assert_eq!(saved_levels(&record), Ok(None));
        for (bad, says) in [
            (serde_json::json!([null]), "expected an array of 2 entries"),
            (
                serde_json::json!({"1": 3}),
                "expected an array of 2 entries",
            ),
            (
                serde_json::json!([null, 6]),
                "meta.levels[1]: 6 is not null or a level 1 to 5",
            ),
            (
                serde_json::json!(["3", null]),
                "meta.levels[0]: \"3\" is not null",
            ),
        ] {
            record
                .meta
                .as_mut()
                .unwrap()
                .insert(LEVELS_KEY.to_owned(), bad);
            let message = saved_levels(&record).unwrap_err();
            assert!(message.contains(says), "{message}");
        }
    }

    #[test]
    fn a_seat_given_two_computer_players_is_refused() {
        assert_eq!(
            seats(2, None, &[(1, level(2)), (1, level(3))]),
            Err(SeatError::Twice { seat: 1 })
        );
    }

    #[test]
    fn meta_entries_added_keep_what_the_record_has() {
        let mut session = session(2, 15, &[]);
        session.add_meta("seed", Value::String("15".to_owned()));
        session.add_meta("seed", Value::String("99".to_owned()));
        let meta = session.record().meta.as_ref().unwrap();
        assert_eq!(meta["seed"], "15");
    }
}
