//! One game on the server, without I/O: who sits where, the recorded game,
//! the clock, and the rules for changing them.
//!
//! Every change is computed here as a [`Change`] (the moves it adds and the
//! table after it) without touching the table, so that the game's task can
//! commit the change to the store first and only then make it the table's
//! state: a change the store refused leaves nothing behind.

use carolus_ai::Level;
use carolus_core::lessons;
use carolus_rules::{
    DrawSource, Game, Move, RandomSource, Record, RecordedGame, Seat, Setup, Variant,
};
use serde_json::{Value, json};
use thiserror::Error;

use crate::api::{SeatInfo, Status};
use crate::secret;

/// The longest seat name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The level at which the computer plays a seat whose time ran out: a
/// solid player that answers at once, so that the others can finish.
pub const TIMEOUT_LEVEL: u8 = 3;

/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 3600 * 1000;
/// How long a person must have been away from a game without a clock
/// before the others may end it as abandoned, unless its host chose
/// otherwise.
pub const DEFAULT_ABANDON_AFTER_MS: i64 = 3 * DAY_MS;

/// Why the table refuses a change or a new game: the game's own refusals,
/// which the API answers with a status of its choosing (`ApiError`'s
/// `From<TableError>`). The messages are the API's `error` texts.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// A new game or a claim names something the table cannot have.
    #[error("field `{field}`: {reason}")]
    Field { field: String, reason: String },
    /// The game is over; its record holds `length` moves.
    #[error("the game is over")]
    Over { length: usize },
    /// The game still waits for its open seats.
    #[error("the game waits for its open seats to be claimed")]
    Open,
    /// A running game with no decision due (draws are played at once, so
    /// this does not happen in a sound game).
    #[error("no decision is due")]
    NoDecisionDue,
    /// The token is no seat's of this game.
    #[error("the token is not one of this game's seats")]
    NotASeat,
    /// A change made at `at` moves when the record holds `length`.
    #[error("the move was made at {at} moves, but the record holds {length}")]
    Stale { at: usize, length: usize },
    /// The seat offering a move is not the one to act.
    #[error("it is seat {to_act}'s turn, not seat {seat}'s")]
    NotYourTurn { to_act: usize, seat: usize },
    /// The seat's time ran out before; the computer plays it.
    #[error("seat {seat}'s time ran out; the computer plays it now")]
    TimedOut { seat: usize },
    /// The seat's time has run out by the time of its move.
    #[error("seat {seat}'s time has run out")]
    OutOfTime { seat: usize },
    /// Text that is no move, with the moves that are legal.
    #[error("{text:?} is not a move: {reason}")]
    NotAMove {
        text: String,
        reason: String,
        legal: Vec<String>,
    },
    /// A move the rules do not allow here, with the moves that are legal.
    #[error("{text:?}: {reason}")]
    Illegal {
        text: String,
        reason: String,
        legal: Vec<String>,
    },
    /// A seat number past the table's seats.
    #[error("game {game} has no seat {seat} (its seats are 0 to {last})")]
    NoSuchSeat {
        game: String,
        seat: usize,
        last: usize,
    },
    /// The seat to claim is not free.
    #[error("seat {seat} is already taken")]
    SeatTaken { seat: usize },
    /// A take back in a game with a clock.
    #[error("a game with a clock does not allow taking back")]
    TakeBackWithClock,
    /// A take back in a game between people.
    #[error("only a game against the computer allows taking back; a game between people does not")]
    TakeBackBetweenPeople,
    /// A take back before the seat's first decision.
    #[error("seat {seat} has made no decision to take back")]
    NothingToTakeBack { seat: usize },
    /// A rematch of a game still going.
    #[error("a rematch is offered once the game is over")]
    RematchNotOver,
    /// A hint in a game created without them.
    #[error("this game was created without hints")]
    NoHints,
    /// A hint in a game that is not running.
    #[error("the game is {}; hints are for a running game", .status.as_str())]
    HintNotRunning { status: Status },
    /// A hint for a seat that is not to act.
    #[error("no decision of seat {seat} is due")]
    NotToAct { seat: usize },
    /// Ending as abandoned a game that has a clock, whose running out
    /// already deals with people who left.
    #[error(
        "a game with a clock is not abandoned: a seat whose time runs out is played by the computer"
    )]
    AbandonWithClock,
    /// Ending as abandoned a game that waits for the one asking.
    #[error("the game waits for your own decision; it is not abandoned")]
    AbandonOwnTurn,
    /// Ending as abandoned a game whose seat to act is the computer's.
    #[error("the game waits for the computer, not for a person who left")]
    AbandonComputer,
    /// Ending as abandoned a game whose person to act has not been away
    /// long enough (or is here).
    #[error("seat {seat} has not been away for {after_s} s; the game can be ended as abandoned {} s from now", (.wait_ms + 999) / 1000)]
    NotAwayLongEnough {
        seat: usize,
        after_s: i64,
        wait_ms: i64,
    },
    /// The table's own record does not replay: a bug or a damaged store.
    #[error("game {game}: {reason}")]
    Damaged { game: String, reason: String },
}

impl TableError {
    /// The refusal as one word, the same in every language, for programs
    /// (and the page, which says it in the reader's words).
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Field { .. } => "field",
            TableError::Over { .. } => "over",
            TableError::Open => "open",
            TableError::NoDecisionDue => "no_decision_due",
            TableError::NotASeat => "not_a_seat",
            TableError::Stale { .. } => "stale",
            TableError::NotYourTurn { .. } => "not_your_turn",
            TableError::TimedOut { .. } => "timed_out",
            TableError::OutOfTime { .. } => "out_of_time",
            TableError::NotAMove { .. } => "not_a_move",
            TableError::Illegal { .. } => "illegal",
            TableError::NoSuchSeat { .. } => "no_such_seat",
            TableError::SeatTaken { .. } => "seat_taken",
            TableError::TakeBackWithClock => "take_back_with_clock",
            TableError::TakeBackBetweenPeople => "take_back_between_people",
            TableError::NothingToTakeBack { .. } => "nothing_to_take_back",
            TableError::RematchNotOver => "rematch_not_over",
            TableError::NoHints => "no_hints",
            TableError::HintNotRunning { .. } => "hint_not_running",
            TableError::NotToAct { .. } => "not_to_act",
            TableError::AbandonWithClock => "abandon_with_clock",
            TableError::AbandonOwnTurn => "abandon_own_turn",
            TableError::AbandonComputer => "abandon_computer",
            TableError::NotAwayLongEnough { .. } => "not_away_long_enough",
            TableError::Damaged { .. } => "damaged",
        }
    }
}

/// A game's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Each seat has `initial_ms` for the game, and `increment_ms` more
    /// whenever its turn passes to another seat.
    RealTime { initial_ms: i64, increment_ms: i64 },
    /// Each seat has `per_turn_ms` for each of its turns.
    Correspondence { per_turn_ms: i64 },
}

/// Who sits at a seat of a new table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewSeat {
    /// A person named `name`, holding the token whose hash this is.
    Person { name: String, token_hash: Vec<u8> },
    /// The computer at `level`, named `name` or after its level.
    Computer { level: Level, name: Option<String> },
    /// A seat for anyone who claims it.
    Open,
}

/// What a new table is: its players, seats, clock and hints, and who
/// hosts it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewTable {
    pub players: usize,
    /// The four-player team game.
    pub teams: bool,
    pub seats: Vec<NewSeat>,
    pub clock: Option<Clock>,
    pub hints: bool,
    /// The position the game starts from, as the record of the moves that
    /// lead to it (a game tried again from a review's position); a new
    /// deal when none.
    pub start: Option<Record>,
    /// The guided first game (carolus-core's `lessons`): its fixed deal
    /// instead of a random one.
    pub lesson: bool,
    /// Who the invitations are for and who may read them again.
    pub hosting: Hosting,
}

/// Who hosts a game and whom they invited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosting {
    /// The creator's own seat, whose token proves them the host.
    pub host: Option<usize>,
    /// Whether the lobby lists the game: not when it has invited seats.
    pub listed: bool,
    /// How long a person must have been away, in a game without a clock,
    /// before the others may end the game as abandoned.
    pub abandon_after_ms: i64,
    /// Each invited seat's token sealed with the host's (`invite.rs`),
    /// written with the new game; the store drops a seal when the seat is
    /// claimed, and the host reads them from the store.
    pub invites: Vec<(usize, Vec<u8>)>,
    /// A rated game (issue 67): its end updates the ratings of the
    /// accounts that own its seats, once (`rating.rs`).
    pub rated: bool,
}

impl Default for Hosting {
    fn default() -> Hosting {
        Hosting {
            host: None,
            listed: true,
            abandon_after_ms: DEFAULT_ABANDON_AFTER_MS,
            invites: Vec::new(),
            rated: false,
        }
    }
}

/// The rematch offered after a game: the new game and who offered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub game: String,
    pub by: usize,
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, holding the token whose hash this is; `None` for an open
    /// seat nobody has claimed yet.
    Person { token_hash: Option<Vec<u8>> },
    /// The computer at a level.
    Computer { level: Level },
}

/// One seat of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub name: Option<String>,
    /// Whether the seat was created open for anyone to claim.
    pub open: bool,
    pub player: Player,
    /// Milliseconds left on a real-time clock, as of the turn's start.
    pub clock_ms: Option<i64>,
    /// Whether the seat's time ran out; the computer plays it since.
    pub timed_out: bool,
}

impl SeatState {
    /// Whether the seat is open and nobody has claimed it.
    pub fn is_free(&self) -> bool {
        matches!(self.player, Player::Person { token_hash: None })
    }
}

/// One game: its seats, its record and its clock.
#[derive(Clone, Debug)]
pub struct Table {
    pub id: String,
    pub created_ms: i64,
    pub hints: bool,
    pub clock: Option<Clock>,
    pub seats: Vec<SeatState>,
    pub game: RecordedGame,
    /// When the seat to act began its turn (for clocks), in milliseconds
    /// since 1970; `None` while the game is open or over.
    pub turn_started_ms: Option<i64>,
    /// How many times a decision was taken back. A take back can bring the
    /// record back to a length it had before with other moves, so the
    /// length alone no longer names a position: the length and this count
    /// together do.
    pub takebacks: u32,
    /// The host, the listing, the time after which a game may be ended as
    /// abandoned, and (for a new table only) the sealed invitations.
    pub hosting: Hosting,
    /// When each seat's person left (see the store's `away_since_ms`), as
    /// the store last held it; `None` for computers and people present.
    /// Kept beside the seats, not in them, so that presence is no change
    /// of the game.
    pub away_since_ms: Vec<Option<i64>>,
    /// The rematch offered after the game, if any.
    pub rematch: Option<Rematch>,
}

/// A change to a table: the moves it takes back from the end of the record
/// (only a take back does), the moves it then adds (none for a claimed
/// seat, a timeout or a take back), and the table after it.
#[derive(Clone, Debug)]
pub struct Change {
    /// Where the change's moves start: the record's length before the
    /// change, less the moves taken back.
    pub from: usize,
    /// How many moves were taken back from the end of the record.
    pub taken_back: usize,
    pub moves: Vec<Move>,
    pub next: Table,
}

/// Who offers a move.
#[derive(Clone, Copy, Debug)]
pub enum Mover<'a> {
    /// A client holding a seat's token.
    Token(&'a str),
    /// The computer, for the seat it plays.
    Computer(Seat),
}

impl Table {
    /// Whether a game of `players` (the team game if `teams`) can be had
    /// with `seats` seats.
    pub fn check_players(players: usize, teams: bool, seats: usize) -> Result<(), TableError> {
        let field = |field: &str, reason: String| TableError::Field {
            field: field.to_owned(),
            reason,
        };
        match (players, teams) {
            (2 | 3, false) | (4, true) => {}
            (4, false) => {
                return Err(field(
                    "variant",
                    "four players play the team game; give {\"teams\": true}".to_owned(),
                ));
            }
            (2 | 3, true) => {
                return Err(field(
                    "variant",
                    "the team game is for four players".to_owned(),
                ));
            }
            (players, _) => {
                return Err(field(
                    "players",
                    format!("a game has 2, 3 or 4 players, not {players}"),
                ));
            }
        }
        if seats != players {
            return Err(field(
                "seats",
                format!("{players} players need {players} seats, not {seats}"),
            ));
        }
        Ok(())
    }

    /// A new table `new`, with its set-up and initial draws from
    /// `random`. The people's tokens are made by the caller, which passes
    /// their hashes in, so that the table itself draws nothing but the
    /// game's chance.
    pub fn create(
        id: String,
        new: NewTable,
        now_ms: i64,
        random: &mut impl RandomSource,
    ) -> Result<Table, TableError> {
        Table::check_players(new.players, new.teams, new.seats.len())?;
        let clock_ms = match new.clock {
            Some(Clock::RealTime { initial_ms, .. }) => Some(initial_ms),
            _ => None,
        };
        let mut seats = Vec::with_capacity(new.players);
        let mut away_since_ms = Vec::with_capacity(new.players);
        for (index, seat) in new.seats.into_iter().enumerate() {
            let field = format!("seats[{index}].name");
            // A person is away until their first connection.
            away_since_ms.push(matches!(seat, NewSeat::Person { .. }).then_some(now_ms));
            seats.push(match seat {
                NewSeat::Person { name, token_hash } => SeatState {
                    name: Some(checked_name(&name, &field)?),
                    open: false,
                    player: Player::Person {
                        token_hash: Some(token_hash),
                    },
                    clock_ms,
                    timed_out: false,
                },
                NewSeat::Computer { level, name } => SeatState {
                    name: Some(match name {
                        Some(name) => checked_name(&name, &field)?,
                        None => computer_name(level),
                    }),
                    open: false,
                    player: Player::Computer { level },
                    clock_ms: None,
                    timed_out: false,
                },
                NewSeat::Open => SeatState {
                    name: None,
                    open: true,
                    player: Player::Person { token_hash: None },
                    clock_ms,
                    timed_out: false,
                },
            });
        }
        let variant = if new.teams {
            Variant { teams: true }
        } else {
            Variant::STANDARD
        };
        let mut game = match (new.lesson, new.start) {
            // The guided game's deal is fixed, so that its lessons come
            // when they matter (the exception to the server's draws from
            // the operating system: nothing is at stake in a lesson).
            (true, None) => lessons::deal(),
            (true, Some(_)) => {
                return Err(TableError::Field {
                    field: "record".to_owned(),
                    reason: "the guided game starts from its own deal".to_owned(),
                });
            }
            (false, Some(mut record)) => {
                // Only the position is taken: its result, if the record
                // was a finished game's, and its notes are not this game's.
                record.result = None;
                record.meta = None;
                let game =
                    RecordedGame::from_record(record).map_err(|error| TableError::Field {
                        field: "record".to_owned(),
                        reason: error.to_string(),
                    })?;
                let (players, teams) = (game.game().players(), game.game().variant().teams);
                if (players, teams) != (new.players, new.teams) {
                    return Err(TableError::Field {
                        field: "record".to_owned(),
                        reason: format!("a game of {players} players, not of {}", new.players),
                    });
                }
                game
            }
            (false, None) => RecordedGame::new(Setup::random(new.players, variant, random))
                .map_err(|error| TableError::Field {
                    field: "players".to_owned(),
                    reason: error.to_string(),
                })?,
        };
        if !new.lesson {
            game.draw_while_due(random);
        }
        let mut table = Table {
            id,
            created_ms: now_ms,
            hints: new.hints,
            clock: new.clock,
            seats,
            game,
            turn_started_ms: None,
            takebacks: 0,
            hosting: new.hosting,
            away_since_ms,
            rematch: None,
        };
        table.write_names();
        if table.status() == Status::Running {
            table.turn_started_ms = Some(now_ms);
        }
        Ok(table)
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        if self.game.game().is_over() || self.is_abandoned() {
            Status::Over
        } else if self.seats.iter().any(SeatState::is_free) {
            Status::Open
        } else {
            Status::Running
        }
    }

    /// Whether the game was ended as abandoned (its record's result says
    /// so).
    pub fn is_abandoned(&self) -> bool {
        self.record()
            .result
            .as_ref()
            .is_some_and(|result| result.get("abandoned").is_some())
    }

    /// The change that ends the game as abandoned, asked for by the seat
    /// holding `token`: allowed in a running game without a clock that
    /// waits for a person who has been away (`away_since_ms`, per seat, as
    /// the store holds it now) for at least the host's time.
    pub fn abandon(
        &self,
        token: &str,
        away_since_ms: &[Option<i64>],
        now_ms: i64,
    ) -> Result<Change, TableError> {
        let seat = self.seat_of_token(token).ok_or(TableError::NotASeat)?;
        if self.clock.is_some() {
            return Err(TableError::AbandonWithClock);
        }
        self.check_running()?;
        let to_act = self.position().to_act().ok_or(TableError::NoDecisionDue)?;
        if to_act == seat {
            return Err(TableError::AbandonOwnTurn);
        }
        if matches!(self.seats[to_act.index()].player, Player::Computer { .. }) {
            return Err(TableError::AbandonComputer);
        }
        let after = self.hosting.abandon_after_ms;
        let away_for = away_since_ms
            .get(to_act.index())
            .copied()
            .flatten()
            .map(|since| now_ms - since);
        if away_for.is_none_or(|away| away < after) {
            return Err(TableError::NotAwayLongEnough {
                seat: to_act.index(),
                after_s: after / 1000,
                wait_ms: after - away_for.unwrap_or(0),
            });
        }
        let mut next = self.clone();
        let result = carolus_rules::abandoned_result(self.position(), &[to_act]);
        next.game.record_mut().result = Some(result);
        next.turn_started_ms = None;
        Ok(Change {
            from: self.length(),
            taken_back: 0,
            moves: Vec::new(),
            next,
        })
    }

    /// The seat that a rematch gives the person at `seat`: every seat
    /// moves one round, so that the order of play changes.
    pub fn rematch_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.seats.len()
    }

    /// The rematch's new table as the seat holding `token` offers it: the
    /// same people (with the same tokens, so that each joins with the one
    /// they hold) and computer levels, each a seat further round, and the
    /// same clock, hints, host and listing. Answers the offering seat.
    pub fn rematch_table(&self, token: &str) -> Result<(NewTable, usize), TableError> {
        let seat = self.seat_of_token(token).ok_or(TableError::NotASeat)?;
        if self.status() != Status::Over {
            return Err(TableError::RematchNotOver);
        }
        let mut seats = vec![NewSeat::Open; self.seats.len()];
        for (index, state) in self.seats.iter().enumerate() {
            seats[self.rematch_seat(index)] = match &state.player {
                Player::Computer { level } => NewSeat::Computer {
                    level: *level,
                    name: state.name.clone(),
                },
                Player::Person {
                    token_hash: Some(hash),
                } => NewSeat::Person {
                    name: state.name.clone().unwrap_or_default(),
                    token_hash: hash.clone(),
                },
                Player::Person { token_hash: None } => NewSeat::Open,
            };
        }
        let new = NewTable {
            players: self.seats.len(),
            teams: self.position().variant().teams,
            seats,
            clock: self.clock,
            hints: self.hints,
            // A rematch is a new deal, also after a game tried again from
            // a position or the guided game.
            start: None,
            lesson: false,
            hosting: Hosting {
                host: self.hosting.host.map(|host| self.rematch_seat(host)),
                listed: self.hosting.listed,
                abandon_after_ms: self.hosting.abandon_after_ms,
                // Everyone joins with the token they hold; the caller
                // carries the seals of the invitations nobody claimed
                // (`invite::carry`), which the store holds, not the table.
                invites: Vec::new(),
                // Rated only when the game's task finds every person's
                // seat owned by an account, whose owners it then writes
                // for the rematch (`live.rs`): the table does not know
                // the owners.
                rated: false,
            },
        };
        Ok((new, seat.index()))
    }

    /// The number of moves in the record.
    pub fn length(&self) -> usize {
        self.game.record().moves.len()
    }

    /// The position.
    pub fn position(&self) -> &Game {
        self.game.game()
    }

    /// The seat whose token `token` is, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        // Every seat is compared, so that the time taken does not tell
        // which seat (if any) came close.
        let mut found = None;
        for (index, seat) in self.seats.iter().enumerate() {
            if let Player::Person {
                token_hash: Some(hash),
            } = &seat.player
                && secret::token_matches(token, hash)
            {
                found = Seat::new(index);
            }
        }
        found
    }

    /// The seat to act and the level the computer plays it at, when the
    /// computer must move: a computer seat, or a seat whose time ran out.
    pub fn computer_to_act(&self) -> Option<(Seat, Level)> {
        if self.status() != Status::Running {
            return None;
        }
        let seat = self.position().to_act()?;
        let state = &self.seats[seat.index()];
        match state.player {
            Player::Computer { level } => Some((seat, level)),
            Player::Person { .. } if state.timed_out => {
                Level::new(TIMEOUT_LEVEL).ok().map(|level| (seat, level))
            }
            Player::Person { .. } => None,
        }
    }

    /// The seat of `token`, if it may ask for a hint now, and the level
    /// that gives it: never weaker than a computer at the table.
    pub fn hint_for(&self, token: &str) -> Result<(Seat, Level), TableError> {
        if !self.hints {
            return Err(TableError::NoHints);
        }
        let seat = self.seat_of_token(token).ok_or(TableError::NotASeat)?;
        if self.status() != Status::Running {
            return Err(TableError::HintNotRunning {
                status: self.status(),
            });
        }
        if self.position().to_act() != Some(seat) {
            return Err(TableError::NotToAct { seat: seat.index() });
        }
        let seated = self.seats.iter().filter_map(|seat| match seat.player {
            Player::Computer { level } => Some(level),
            Player::Person { .. } => None,
        });
        Ok((seat, Level::for_hints(seated)))
    }

    /// When the time of the person to act runs out, if a clock runs.
    pub fn deadline_ms(&self) -> Option<i64> {
        let clock = self.clock?;
        let started = self.turn_started_ms?;
        if self.status() != Status::Running {
            return None;
        }
        let seat = &self.seats[self.position().to_act()?.index()];
        if seat.timed_out || !matches!(seat.player, Player::Person { .. }) {
            return None;
        }
        Some(match clock {
            Clock::RealTime { .. } => started + seat.clock_ms.unwrap_or(0),
            Clock::Correspondence { per_turn_ms } => started + per_turn_ms,
        })
    }

    /// Whether the table is the guided first game, whose draws and
    /// computer replies are the lesson's (carolus-core's `lessons`).
    pub fn is_lesson(&self) -> bool {
        lessons::is_lesson(self.game.record())
    }

    /// Plays the move `text` for `mover` at `at` moves, and the draws it
    /// makes due from `random`; or says why not.
    pub fn play(
        &self,
        mover: Mover<'_>,
        text: &str,
        at: usize,
        now_ms: i64,
        random: &mut impl DrawSource,
    ) -> Result<Change, TableError> {
        let length = self.length();
        self.check_running()?;
        let Some(to_act) = self.position().to_act() else {
            // Draws are played as soon as they are due, so a running game
            // always waits for a decision.
            return Err(TableError::NoDecisionDue);
        };
        // A stale `at` is answered before whose turn it is, so that of two
        // devices of one seat offering moves at the same position, the
        // second always learns that the record moved on (409), even when
        // the first move passed the turn to another seat.
        let seat = match mover {
            Mover::Token(token) => self.seat_of_token(token).ok_or(TableError::NotASeat)?,
            Mover::Computer(seat) => seat,
        };
        if at != length {
            return Err(TableError::Stale { at, length });
        }
        if let Mover::Token(_) = mover {
            if seat != to_act {
                return Err(TableError::NotYourTurn {
                    to_act: to_act.index(),
                    seat: seat.index(),
                });
            }
            if self.seats[seat.index()].timed_out {
                return Err(TableError::TimedOut { seat: seat.index() });
            }
            if self
                .deadline_ms()
                .is_some_and(|deadline| deadline <= now_ms)
            {
                return Err(TableError::OutOfTime { seat: seat.index() });
            }
        }
        let legal = || {
            self.position()
                .legal_moves()
                .iter()
                .map(|mv| mv.to_string())
                .collect()
        };
        let mv: Move = text.parse().map_err(|error| TableError::NotAMove {
            text: text.to_owned(),
            reason: format!("{error}"),
            legal: legal(),
        })?;
        let mut next = self.clone();
        next.game.play(mv).map_err(|error| TableError::Illegal {
            text: text.to_owned(),
            reason: error.to_string(),
            legal: legal(),
        })?;
        next.game.draw_while_due(random);
        next.run_clock(seat, now_ms);
        if next.game.game().is_over() {
            next.write_result();
        }
        let moves = next.game.record().moves[length..].to_vec();
        Ok(Change {
            from: length,
            taken_back: 0,
            moves,
            next,
        })
    }

    /// Charges the time `seat` took to its clock and starts the next turn.
    fn run_clock(&mut self, seat: Seat, now_ms: i64) {
        let Some(started) = self.turn_started_ms else {
            return;
        };
        if self.game.game().is_over() {
            self.turn_started_ms = None;
            return;
        }
        let turn_passed = self.game.game().to_act() != Some(seat);
        match self.clock {
            Some(Clock::RealTime { increment_ms, .. }) => {
                let state = &mut self.seats[seat.index()];
                if let Some(left) = state.clock_ms.as_mut() {
                    *left -= now_ms - started;
                    if turn_passed {
                        *left += increment_ms;
                    }
                }
                self.turn_started_ms = Some(now_ms);
            }
            Some(Clock::Correspondence { .. }) if turn_passed => {
                self.turn_started_ms = Some(now_ms);
            }
            _ => {}
        }
    }

    /// The table after a change that another server committed from this
    /// table's position: `moves` played, and the changed seats' clocks
    /// (seat, time left, timed out) and the turn's start as it stored
    /// them. `None` if that cannot be the change of this position (a move
    /// illegal here, a seat that does not exist): the caller then reads
    /// the game back from the store.
    pub fn followed(
        &self,
        moves: &[Move],
        clocks: &[(usize, Option<i64>, bool)],
        turn_started_ms: Option<i64>,
    ) -> Option<Table> {
        let mut next = self.clone();
        for &mv in moves {
            next.game.play(mv).ok()?;
        }
        for &(seat, clock_ms, timed_out) in clocks {
            let state = next.seats.get_mut(seat)?;
            state.clock_ms = clock_ms;
            state.timed_out = timed_out;
        }
        next.turn_started_ms = turn_started_ms;
        if !moves.is_empty() && next.game.game().is_over() {
            next.write_result();
        }
        Some(next)
    }

    /// The change that ends the time of the seat to act, if it has run out
    /// by `now_ms`.
    pub fn time_out(&self, now_ms: i64) -> Option<Change> {
        let deadline = self.deadline_ms()?;
        if deadline > now_ms {
            return None;
        }
        let seat = self.position().to_act()?;
        let mut next = self.clone();
        let state = &mut next.seats[seat.index()];
        state.timed_out = true;
        if state.clock_ms.is_some() {
            state.clock_ms = Some(0);
        }
        next.turn_started_ms = Some(now_ms);
        Some(Change {
            from: self.length(),
            taken_back: 0,
            moves: Vec::new(),
            next,
        })
    }

    /// The change that gives the open seat `seat` to `name`, holding the
    /// token whose hash is `token_hash`.
    pub fn claim(
        &self,
        seat: usize,
        name: &str,
        token_hash: Vec<u8>,
        now_ms: i64,
    ) -> Result<Change, TableError> {
        let name = checked_name(name, "name")?;
        let Some(state) = self.seats.get(seat) else {
            return Err(TableError::NoSuchSeat {
                game: self.id.clone(),
                seat,
                last: self.seats.len() - 1,
            });
        };
        if !state.is_free() {
            return Err(TableError::SeatTaken { seat });
        }
        let mut next = self.clone();
        next.seats[seat].name = Some(name);
        next.seats[seat].player = Player::Person {
            token_hash: Some(token_hash),
        };
        next.write_names();
        if next.status() == Status::Running {
            next.turn_started_ms = Some(now_ms);
        }
        Ok(Change {
            from: self.length(),
            taken_back: 0,
            moves: Vec::new(),
            next,
        })
    }

    /// Whether a person may take back decisions in this game: only against
    /// the computer (one person, every other seat the computer's), and only
    /// without a clock, whose time could not be given back fairly.
    pub fn allows_take_back(&self) -> bool {
        let people = self
            .seats
            .iter()
            .filter(|seat| matches!(seat.player, Player::Person { .. }))
            .count();
        self.clock.is_none() && people == 1
    }

    /// The change that takes back the last decision of the seat holding
    /// `token`, seen at `at` moves: the record ends before that decision,
    /// so that the seat decides again; the computer's moves and the draws
    /// that came after it are gone, and the draws after the new decision
    /// are made anew.
    pub fn take_back(&self, token: &str, at: usize, now_ms: i64) -> Result<Change, TableError> {
        let seat = self.seat_of_token(token).ok_or(TableError::NotASeat)?;
        if !self.allows_take_back() {
            return Err(if self.clock.is_some() {
                TableError::TakeBackWithClock
            } else {
                TableError::TakeBackBetweenPeople
            });
        }
        self.check_running()?;
        let length = self.length();
        if at != length {
            return Err(TableError::Stale { at, length });
        }
        let damaged = |error: &dyn std::fmt::Display| TableError::Damaged {
            game: self.id.clone(),
            reason: error.to_string(),
        };
        let record = self.record();
        let mut position = record.start().map_err(|error| damaged(&error))?;
        let mut last_decision = None;
        for (ply, &mv) in record.moves.iter().enumerate() {
            if mv.is_decision() && position.to_act() == Some(seat) {
                last_decision = Some(ply);
            }
            position.play(mv).map_err(|error| damaged(&error))?;
        }
        let Some(ply) = last_decision else {
            return Err(TableError::NothingToTakeBack { seat: seat.index() });
        };
        let mut shortened = record.clone();
        shortened.moves.truncate(ply);
        shortened.result = None;
        let game = RecordedGame::from_record(shortened).map_err(|error| damaged(&error))?;
        let mut next = self.clone();
        next.game = game;
        next.takebacks = self.takebacks.saturating_add(1);
        next.turn_started_ms = Some(now_ms);
        Ok(Change {
            from: ply,
            taken_back: length - ply,
            moves: Vec::new(),
            next,
        })
    }

    /// Whether the game is running; or the refusal of a change to a game
    /// that is over or still open.
    fn check_running(&self) -> Result<(), TableError> {
        match self.status() {
            Status::Over => Err(TableError::Over {
                length: self.length(),
            }),
            Status::Open => Err(TableError::Open),
            Status::Running => Ok(()),
        }
    }

    /// The seat names in the record: `""` for a free open seat.
    fn write_names(&mut self) {
        let names = self
            .seats
            .iter()
            .map(|seat| seat.name.clone().unwrap_or_default())
            .collect();
        self.game.record_mut().names = Some(names);
    }

    /// The result of a finished game, with the seats whose time ran out.
    fn write_result(&mut self) {
        let timed_out: Vec<usize> = (0..self.seats.len())
            .filter(|&seat| self.seats[seat].timed_out)
            .collect();
        if timed_out.is_empty() {
            return;
        }
        if let Some(Value::Object(result)) = self.game.record_mut().result.as_mut() {
            result.insert("timed_out".to_owned(), json!(timed_out));
        }
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        self.game.record()
    }

    /// The seats as everyone may see them, with the clock of the seat to
    /// act running down to `now_ms`.
    pub fn seat_infos(&self, connected: &[bool], now_ms: i64) -> Vec<SeatInfo> {
        let to_act = self.position().to_act().map(Seat::index);
        self.seats
            .iter()
            .enumerate()
            .map(|(index, seat)| {
                let mut clock_ms = seat.clock_ms;
                if let (Some(left), Some(started), true) = (
                    clock_ms.as_mut(),
                    self.turn_started_ms,
                    to_act == Some(index),
                ) && !seat.timed_out
                {
                    *left = (*left - (now_ms - started)).max(0);
                }
                SeatInfo {
                    seat: index,
                    name: seat.name.clone(),
                    ai: match seat.player {
                        Player::Computer { level } => Some(level.number()),
                        Player::Person { .. } => None,
                    },
                    open: seat.open,
                    free: seat.is_free(),
                    connected: connected.get(index).copied().unwrap_or(false),
                    away_ms: match (connected.get(index), &seat.player) {
                        (Some(true), _) | (_, Player::Computer { .. }) => None,
                        _ => self
                            .away_since_ms
                            .get(index)
                            .copied()
                            .flatten()
                            .map(|since| (now_ms - since).max(0)),
                    },
                    clock_ms,
                    timed_out: seat.timed_out,
                }
            })
            .collect()
    }
}

/// The name of a computer seat created without one.
pub fn computer_name(level: carolus_ai::Level) -> String {
    format!("Computer (level {level})")
}

/// `name` trimmed, if it is a name people can read; `field` names it in
/// the refusal.
pub fn checked_name(name: &str, field: &str) -> Result<String, TableError> {
    let refuse = |reason: String| TableError::Field {
        field: field.to_owned(),
        reason,
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(refuse("a name cannot be empty".to_owned()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(refuse(format!(
            "a name has at most {MAX_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(refuse("a name cannot hold control characters".to_owned()));
    }
    Ok(name.to_owned())
}

/// The token of the person named `name` at a test's table: made up, since
/// the table only ever sees its hash.
#[cfg(test)]
pub(crate) fn test_token(name: &str) -> String {
    format!("token of {name}")
}

/// The seat of the person named `name`, for tests.
#[cfg(test)]
fn person(name: &str) -> NewSeat {
    NewSeat::Person {
        name: name.to_owned(),
        token_hash: secret::token_hash(&test_token(name)),
    }
}

/// A new table of two people named A and B, and their tokens, for tests.
#[cfg(test)]
pub(crate) fn two_people(id: String, clock: Option<Clock>) -> (Table, Vec<String>) {
    let new = NewTable {
        players: 2,
        teams: false,
        seats: vec![person("A"), person("B")],
        clock,
        hints: false,
        start: None,
        lesson: false,
        hosting: Hosting::default(),
    };
    let table = Table::create(id, new, 0, &mut test_draws(0)).unwrap();
    (table, vec![test_token("A"), test_token("B")])
}

/// A new table of a person named Anna (seat 0, whose token this is)
/// against the computer, for tests.
#[cfg(test)]
pub(crate) fn against_the_computer(clock: Option<Clock>) -> (Table, String) {
    let new = NewTable {
        players: 2,
        teams: false,
        seats: vec![
            person("Anna"),
            NewSeat::Computer {
                level: Level::new(2).unwrap(),
                name: None,
            },
        ],
        clock,
        hints: false,
        start: None,
        lesson: false,
        hosting: Hosting::default(),
    };
    let table = Table::create(crate::secret::new_game_id(), new, 0, &mut test_draws(0)).unwrap();
    (table, test_token("Anna"))
}

/// Draws for a test's table whose record holds `length` moves: the same at the same
/// position, so that a test replays alike every time.
#[cfg(test)]
pub(crate) fn test_draws(length: usize) -> carolus_rules::GameRng {
    carolus_rules::GameRng::seed_from_u64(length as u64)
}

/// `table` after `n` decisions, seat 0's made with `token` and the others'
/// by the computer, for tests. The moves are spread over the legal ones
/// (always the first could go round in circles for ever).
#[cfg(test)]
pub(crate) fn decide(mut table: Table, token: &str, n: usize) -> Table {
    for _ in 0..n {
        let seat = table.position().to_act().unwrap();
        let mover = if seat.index() == 0 {
            Mover::Token(token)
        } else {
            Mover::Computer(seat)
        };
        let legal = table.position().legal_moves();
        let mv = legal[table.length().wrapping_mul(2_654_435_761) % legal.len()].to_string();
        table = table
            .play(
                mover,
                &mv,
                table.length(),
                0,
                &mut test_draws(table.length()),
            )
            .unwrap()
            .next;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people(clock: Option<Clock>) -> (Table, Vec<String>) {
        two_people(crate::secret::new_game_id(), clock)
    }

    /// Plays the first legal move for the seat to act at `now`.
    fn play_first(table: &Table, tokens: &[String], now: i64) -> Table {
        let seat = table.position().to_act().unwrap().index();
        let mv = table.position().legal_moves()[0].to_string();
        table
            .play(
                Mover::Token(&tokens[seat]),
                &mv,
                table.length(),
                now,
                &mut test_draws(table.length()),
            )
            .unwrap()
            .next
    }

    /// What another server would hear of `change`: its moves and the
    /// seats whose clocks changed.
    fn followed(before: &Table, change: &Change) -> Option<Table> {
        let clocks: Vec<_> = before
            .seats
            .iter()
            .zip(&change.next.seats)
            .enumerate()
            .filter(|(_, (old, new))| old != new)
            .map(|(seat, (_, new))| (seat, new.clock_ms, new.timed_out))
            .collect();
        before.followed(&change.moves, &clocks, change.next.turn_started_ms)
    }

    #[test]
    fn a_game_followed_from_its_changes_is_the_game_played() {
        let spec = Clock::RealTime {
            initial_ms: 600_000,
            increment_ms: 2_000,
        };
        let (mut table, tokens) = people(Some(spec));
        let mut follower = table.clone();
        let mut now = 0;
        let mut n = 0;
        while table.status() == Status::Running {
            now += 700;
            n += 1;
            let seat = table.position().to_act().unwrap().index();
            let legal = table.position().legal_moves();
            let mv = legal[n % legal.len()].to_string();
            let change = if n == 40 {
                // A time-out half-way: no moves, a seat's clock.
                table.time_out(table.deadline_ms().unwrap()).unwrap()
            } else if table.seats[seat].timed_out {
                table
                    .play(
                        Mover::Computer(Seat::new(seat).unwrap()),
                        &mv,
                        table.length(),
                        now,
                        &mut test_draws(table.length()),
                    )
                    .unwrap()
            } else {
                table
                    .play(
                        Mover::Token(&tokens[seat]),
                        &mv,
                        table.length(),
                        now,
                        &mut test_draws(table.length()),
                    )
                    .unwrap()
            };
            follower = followed(&follower, &change).expect("a change of this position");
            table = change.next;
            assert_eq!(follower.record(), table.record());
            assert_eq!(follower.seats, table.seats);
            assert_eq!(follower.turn_started_ms, table.turn_started_ms);
        }
        assert_eq!(follower.status(), Status::Over);
        assert!(table.record().result.as_ref().unwrap()["timed_out"].is_array());

        // A change naming a seat the table does not have is not followed.
        let (other, _) = people(None);
        assert!(other.followed(&[], &[(9, None, true)], None).is_none());
    }

    #[test]
    fn a_real_time_clock_charges_each_move_and_adds_the_increment_when_the_turn_passes() {
        let spec = Clock::RealTime {
            initial_ms: 60_000,
            increment_ms: 5_000,
        };
        let (mut table, tokens) = people(Some(spec));
        assert_eq!(
            table.deadline_ms(),
            Some(60_000),
            "the clock starts at creation"
        );
        let mut now = 0;
        loop {
            let seat = table.position().to_act().unwrap();
            now += 1_000;
            let next = play_first(&table, &tokens, now);
            let passed = next.position().to_act() != Some(seat);
            let expected = table.seats[seat.index()].clock_ms.unwrap() - 1_000
                + if passed { 5_000 } else { 0 };
            assert_eq!(next.seats[seat.index()].clock_ms, Some(expected));
            assert_eq!(next.turn_started_ms, Some(now));
            table = next;
            if passed {
                break;
            }
        }
    }

    #[test]
    fn a_seat_whose_time_ran_out_can_no_longer_move_and_the_computer_plays_it() {
        let spec = Clock::RealTime {
            initial_ms: 1_000,
            increment_ms: 0,
        };
        let (table, tokens) = people(Some(spec));
        let seat = table.position().to_act().unwrap();
        assert!(table.time_out(999).is_none(), "not yet");
        let mv = table.position().legal_moves()[0].to_string();
        let late = table.play(
            Mover::Token(&tokens[seat.index()]),
            &mv,
            table.length(),
            1_000,
            &mut test_draws(table.length()),
        );
        assert_eq!(
            late.unwrap_err(),
            TableError::OutOfTime { seat: seat.index() }
        );
        let timed_out = table.time_out(1_000).unwrap().next;
        assert!(timed_out.seats[seat.index()].timed_out);
        assert_eq!(
            timed_out.computer_to_act(),
            Some((seat, Level::new(TIMEOUT_LEVEL).unwrap()))
        );
        assert_eq!(
            timed_out.deadline_ms(),
            None,
            "no clock runs for the computer"
        );
    }

    #[test]
    fn the_result_of_a_finished_game_names_the_seats_that_timed_out() {
        let (mut table, _) = people(None);
        table.seats[1].timed_out = true;
        let mut turn = 0usize;
        while table.status() != Status::Over {
            let seat = table.position().to_act().unwrap();
            let legal = table.position().legal_moves();
            let mv = legal[turn.wrapping_mul(2_654_435_761) % legal.len()].to_string();
            table = table
                .play(
                    Mover::Computer(seat),
                    &mv,
                    table.length(),
                    0,
                    &mut test_draws(table.length()),
                )
                .unwrap()
                .next;
            turn += 1;
        }
        let result = table.record().result.as_ref().unwrap();
        assert_eq!(result["timed_out"], serde_json::json!([1]), "{result}");
    }

    #[test]
    fn a_correspondence_clock_gives_each_turn_its_days() {
        let spec = Clock::Correspondence {
            per_turn_ms: 2 * DAY_MS,
        };
        let (table, tokens) = people(Some(spec));
        assert_eq!(table.deadline_ms(), Some(2 * DAY_MS));
        let seat = table.position().to_act().unwrap();
        let mut next = play_first(&table, &tokens, 5_000);
        while next.position().to_act() == Some(seat) {
            assert_eq!(
                next.deadline_ms(),
                Some(2 * DAY_MS),
                "the same turn keeps its deadline"
            );
            next = play_first(&next, &tokens, 6_000);
        }
        assert!(
            next.deadline_ms().unwrap() > 2 * DAY_MS,
            "a new turn has days of its own"
        );
    }

    /// The plies of seat 0's decisions in the record.
    fn decisions_of_seat_0(table: &Table) -> Vec<usize> {
        let mut position = table.record().start().unwrap();
        let mut plies = Vec::new();
        for (ply, &mv) in table.record().moves.iter().enumerate() {
            if mv.is_decision() && position.to_act().map(Seat::index) == Some(0) {
                plies.push(ply);
            }
            position.play(mv).unwrap();
        }
        plies
    }

    #[test]
    fn a_take_back_ends_the_record_before_the_persons_last_decision() {
        let (table, token) = against_the_computer(None);
        assert!(table.allows_take_back());
        let table = decide(table, &token, 30);
        let decisions = decisions_of_seat_0(&table);
        assert!(decisions.len() >= 2, "both seats decided: {decisions:?}");
        let last = *decisions.last().unwrap();

        let change = table.take_back(&token, table.length(), 5).unwrap();
        assert_eq!(change.from, last);
        assert_eq!(change.taken_back, table.length() - last);
        assert!(change.moves.is_empty());
        let next = change.next;
        assert_eq!(next.record().moves[..], table.record().moves[..last]);
        assert_eq!(
            next.position().to_act().map(Seat::index),
            Some(0),
            "the person decides again"
        );
        assert_eq!(next.takebacks, 1);
        assert_eq!(next.record().names, table.record().names);

        // Again: the decision before that one.
        let again = next.take_back(&token, next.length(), 6).unwrap().next;
        assert_eq!(again.length(), decisions[decisions.len() - 2]);
        assert_eq!(again.takebacks, 2);
    }

    #[test]
    fn a_take_back_seen_at_another_length_or_before_any_decision_is_refused() {
        let (table, token) = against_the_computer(None);
        // Before the person's first decision there is nothing to take back.
        let error = table.take_back(&token, table.length(), 0).unwrap_err();
        assert_eq!(error, TableError::NothingToTakeBack { seat: 0 });
        let table = decide(table, &token, 12);
        let stale = table.take_back(&token, table.length() - 1, 0).unwrap_err();
        assert_eq!(
            stale,
            TableError::Stale {
                at: table.length() - 1,
                length: table.length()
            }
        );
        let stranger = table.take_back(&test_token("Bert"), table.length(), 0);
        assert_eq!(stranger.unwrap_err(), TableError::NotASeat);
    }

    #[test]
    fn games_between_people_or_with_a_clock_or_over_allow_no_take_back() {
        let (people, tokens) = people(None);
        assert!(!people.allows_take_back());
        let people = play_first(&people, &tokens, 0);
        for token in &tokens {
            let error = people.take_back(token, people.length(), 0).unwrap_err();
            assert_eq!(error, TableError::TakeBackBetweenPeople);
        }

        let clock = Clock::RealTime {
            initial_ms: 600_000,
            increment_ms: 0,
        };
        let (timed, token) = against_the_computer(Some(clock));
        assert!(!timed.allows_take_back());
        let timed = decide(timed, &token, 6);
        let error = timed.take_back(&token, timed.length(), 0).unwrap_err();
        assert_eq!(error, TableError::TakeBackWithClock);

        let (mut over, token) = against_the_computer(None);
        for _ in 0..10_000 {
            if over.status() == Status::Over {
                break;
            }
            over = decide(over, &token, 1);
        }
        assert_eq!(over.status(), Status::Over, "the game ends");
        let error = over.take_back(&token, over.length(), 0).unwrap_err();
        assert_eq!(
            error,
            TableError::Over {
                length: over.length()
            }
        );
    }

    #[test]
    fn a_move_is_refused_for_what_the_game_says() {
        let (table, tokens) = people(None);
        let to_act = table.position().to_act().unwrap().index();
        let other = 1 - to_act;
        let legal: Vec<String> = table
            .position()
            .legal_moves()
            .iter()
            .map(|mv| mv.to_string())
            .collect();
        let at = table.length();
        let play = |token: &str, text: &str, at: usize| {
            table
                .play(Mover::Token(token), text, at, 0, &mut test_draws(at))
                .unwrap_err()
        };
        assert_eq!(
            play(&tokens[other], &legal[0], at),
            TableError::NotYourTurn {
                to_act,
                seat: other
            }
        );
        assert_eq!(
            play(&tokens[to_act], &legal[0], at + 1),
            TableError::Stale {
                at: at + 1,
                length: at
            },
            "a stale `at` is told before whose turn it is"
        );
        assert_eq!(
            play(&tokens[other], &legal[0], at + 1),
            TableError::Stale {
                at: at + 1,
                length: at
            }
        );
        assert_eq!(
            play(&test_token("Bert"), &legal[0], at),
            TableError::NotASeat
        );
        assert!(matches!(
            play(&tokens[to_act], "dance", at),
            TableError::NotAMove { legal: ref given, .. } if *given == legal
        ));
        let illegal = ["move 15", "disc 9", "place R court"]
            .into_iter()
            .find(|mv| !legal.iter().any(|legal| legal == mv))
            .unwrap();
        assert!(matches!(
            play(&tokens[to_act], illegal, at),
            TableError::Illegal { legal: ref given, .. } if *given == legal
        ));
    }

    #[test]
    fn a_seat_is_claimed_once_and_only_a_seat_the_table_has() {
        let new = NewTable {
            players: 2,
            teams: false,
            seats: vec![person("A"), NewSeat::Open],
            clock: None,
            hints: true,
            start: None,
            lesson: false,
            hosting: Hosting::default(),
        };
        let table = Table::create("g".to_owned(), new, 0, &mut test_draws(0)).unwrap();
        assert_eq!(table.status(), Status::Open);
        assert_eq!(
            table.hint_for(&test_token("A")).unwrap_err(),
            TableError::HintNotRunning {
                status: Status::Open
            }
        );
        let legal = table.position().legal_moves()[0].to_string();
        assert_eq!(
            table
                .play(
                    Mover::Token(&test_token("A")),
                    &legal,
                    0,
                    0,
                    &mut test_draws(0)
                )
                .unwrap_err(),
            TableError::Open
        );
        assert_eq!(
            table.claim(2, "C", vec![], 0).unwrap_err(),
            TableError::NoSuchSeat {
                game: "g".to_owned(),
                seat: 2,
                last: 1
            }
        );
        assert_eq!(
            table.claim(0, "C", vec![], 0).unwrap_err(),
            TableError::SeatTaken { seat: 0 }
        );
        assert_eq!(
            table.claim(1, " ", vec![], 0).unwrap_err(),
            TableError::Field {
                field: "name".to_owned(),
                reason: "a name cannot be empty".to_owned()
            }
        );
        let claimed = table
            .claim(1, " Bert ", secret::token_hash(&test_token("Bert")), 5)
            .unwrap()
            .next;
        assert_eq!(claimed.status(), Status::Running);
        assert_eq!(claimed.seats[1].name.as_deref(), Some("Bert"));
        assert_eq!(claimed.turn_started_ms, Some(5));
        let to_act = claimed.position().to_act().unwrap();
        let waiting = if to_act.index() == 0 { "Bert" } else { "A" };
        assert_eq!(
            claimed.hint_for(&test_token(waiting)).unwrap_err(),
            TableError::NotToAct {
                seat: 1 - to_act.index()
            }
        );
    }

    #[test]
    fn a_table_is_made_only_for_the_players_the_game_has() {
        let refused = |players: usize, teams: bool, seats: usize| {
            Table::check_players(players, teams, seats)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(4, false, 4),
            "field `variant`: four players play the team game; give {\"teams\": true}"
        );
        assert_eq!(
            refused(3, true, 3),
            "field `variant`: the team game is for four players"
        );
        assert_eq!(
            refused(5, false, 5),
            "field `players`: a game has 2, 3 or 4 players, not 5"
        );
        assert_eq!(
            refused(2, false, 3),
            "field `seats`: 2 players need 2 seats, not 3"
        );
        assert_eq!(Table::check_players(4, true, 4), Ok(()));
    }

    #[test]
    fn a_game_is_abandoned_only_by_another_seat_after_the_person_to_act_was_away_long_enough() {
        let (table, tokens) = people(None);
        let away = table.position().to_act().unwrap().index();
        let other = 1 - away;
        let after = table.hosting.abandon_after_ms;
        let mut since = vec![None, None];
        since[away] = Some(1_000);
        assert_eq!(
            table.abandon(&tokens[away], &since, i64::MAX).unwrap_err(),
            TableError::AbandonOwnTurn
        );
        assert_eq!(
            table
                .abandon(&tokens[other], &since, 1_000 + after - 1)
                .unwrap_err(),
            TableError::NotAwayLongEnough {
                seat: away,
                after_s: after / 1000,
                wait_ms: 1
            }
        );
        let here = vec![None, None];
        assert!(matches!(
            table.abandon(&tokens[other], &here, i64::MAX).unwrap_err(),
            TableError::NotAwayLongEnough { .. }
        ));
        let change = table
            .abandon(&tokens[other], &since, 1_000 + after)
            .unwrap();
        assert!(change.moves.is_empty());
        let next = change.next;
        assert_eq!(next.status(), Status::Over);
        assert!(next.is_abandoned());
        assert_eq!(
            next.record().abandoned(),
            Some(vec![Seat::new(away).unwrap()])
        );
        assert_eq!(next.computer_to_act(), None);
        assert_eq!(
            next.abandon(&tokens[other], &since, i64::MAX).unwrap_err(),
            TableError::Over {
                length: next.length()
            }
        );

        // The computer's turn is never abandoned.
        let (mut against, token) = against_the_computer(None);
        while against.position().to_act().map(Seat::index) != Some(1) {
            against = decide(against, &token, 1);
        }
        assert_eq!(
            against
                .abandon(&token, &[None, Some(0)], i64::MAX)
                .unwrap_err(),
            TableError::AbandonComputer
        );
    }

    #[test]
    fn a_rematch_moves_every_seat_one_round_with_its_token_and_level() {
        let (table, token) = against_the_computer(None);
        assert_eq!(
            table.rematch_table(&token).unwrap_err(),
            TableError::RematchNotOver
        );
        let mut over = table.clone();
        let left = [over.position().to_act().unwrap()];
        over.game.record_mut().result =
            Some(carolus_rules::abandoned_result(over.position(), &left));
        let (new, by) = over.rematch_table(&token).unwrap();
        assert_eq!(by, 0);
        assert_eq!(
            new.seats[0],
            NewSeat::Computer {
                level: Level::new(2).unwrap(),
                name: Some("Computer (level 2)".to_owned())
            }
        );
        assert_eq!(
            new.seats[1],
            NewSeat::Person {
                name: "Anna".to_owned(),
                token_hash: secret::token_hash(&token)
            }
        );
        assert_eq!(new.hosting.listed, over.hosting.listed);
        assert_eq!(
            over.rematch_table(&test_token("Bert")).unwrap_err(),
            TableError::NotASeat
        );
    }

    #[test]
    fn a_game_without_a_clock_has_no_deadline() {
        let (table, _) = people(None);
        assert_eq!(table.deadline_ms(), None);
        assert!(table.time_out(i64::MAX).is_none());
    }
}
