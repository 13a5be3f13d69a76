//! The JSON bodies of the API: what clients send and what the server
//! answers. API.md describes them for people; the OpenAPI document
//! (`GET /api/openapi.json`) is generated from these definitions.
//!
//! Requests deny unknown fields, so that a misspelt field ("hint" for
//! "hints") is an error instead of a silently ignored wish. Their whole
//! numbers are read with [`whole`], which takes `3.0` as `3`, and the
//! objects inside them with [`object`], which takes nothing else.

use std::borrow::Cow;

use carolus_ai::Level;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::invite;
use crate::secret;
use crate::table::{
    Clock, DAY_MS, DEFAULT_ABANDON_AFTER_MS, Hosting, NewSeat, NewTable, Table, checked_name,
};

/// The longest real-time clock a new game may have, in seconds: a day.
pub const MAX_INITIAL_S: u64 = 24 * 3600;
/// The largest increment a new game may have, in seconds: an hour.
pub const MAX_INCREMENT_S: u64 = 3600;
/// The most days per move a new game may give.
pub const MAX_DAYS_PER_MOVE: u64 = 30;

/// `POST /api/games`: a new game.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// 2 or 3, or 4 for the team game.
    #[serde(deserialize_with = "whole::number")]
    pub players: usize,
    /// `{"teams": true}` for the 4-player team game.
    #[serde(
        default,
        deserialize_with = "object::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub variant: Option<VariantSpec>,
    /// One entry per seat, seat 0 first.
    #[serde(deserialize_with = "object::list")]
    pub seats: Vec<SeatSpec>,
    /// An optional clock; without one, nobody's time runs out.
    #[serde(
        default,
        deserialize_with = "object::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub clock: Option<ClockSpec>,
    /// Whether the seats may ask the computer for hints.
    #[serde(default)]
    pub hints: bool,
    /// In a game without a clock, how long (in seconds) a person must have
    /// been away before the others may end the game as abandoned: 1 s
    /// to 30 days, 3 days by default.
    #[serde(
        default,
        deserialize_with = "whole::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub abandon_after_s: Option<u64>,
    /// A rated game (issue 67): its end changes the ratings of the
    /// accounts that play it. Needs the creator signed in, a clock, at
    /// most one named person's seat (the creator's) and no invited seats;
    /// its open seats are claimed only by people signed in.
    #[serde(default)]
    pub rated: bool,
}

/// The shortest time a host may give before a game may be abandoned, in
/// seconds.
pub const MIN_ABANDON_AFTER_S: u64 = 1;
/// The longest, in seconds: 30 days.
pub const MAX_ABANDON_AFTER_S: u64 = 30 * 24 * 3600;

/// The variant of a new game.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    /// The 4-player team game: seats 0 and 2 against seats 1 and 3.
    #[serde(default)]
    pub teams: bool,
}

/// Who sits at a seat: `{"name": "Anna"}` (a person, who gets a token),
/// `{"ai": 3, "name": "…"}` (the computer at a level from 1 to 5) or
/// `{"open": true}` (anyone with the game's link may claim it).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// The seat's name as others see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The computer's level, 1 to 5.
    #[serde(
        default,
        deserialize_with = "whole::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub ai: Option<u8>,
    /// A seat for anyone who claims it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<bool>,
    /// A person invited by a link of their own (with `name`): the game is
    /// then private, not listed in the lobby.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invited: Option<bool>,
}

/// A clock: real-time (`initial_s` and `increment_s`) or correspondence
/// (`days_per_move`). A game's view shows its clock in the same shape.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Seconds each seat has for the whole game.
    #[serde(
        default,
        deserialize_with = "whole::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub initial_s: Option<u64>,
    /// Seconds added to a seat's time whenever its turn ends.
    #[serde(
        default,
        deserialize_with = "whole::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub increment_s: Option<u64>,
    /// Days a seat has for each turn.
    #[serde(
        default,
        deserialize_with = "whole::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub days_per_move: Option<u64>,
}

impl ClockSpec {
    /// The clock a new game asks for, or why it cannot have it. The limits
    /// are what a new game may ask for; a stored game keeps the clock it
    /// was created with whatever they are later.
    pub fn to_clock(&self) -> Result<Clock, ApiError> {
        let bad = |message: String| ApiError::bad_request(format!("field `clock`: {message}"));
        match (self.initial_s, self.increment_s, self.days_per_move) {
            (Some(initial), increment, None) => {
                if !(1..=MAX_INITIAL_S).contains(&initial) {
                    return Err(bad(format!(
                        "initial_s must be 1 to {MAX_INITIAL_S} seconds, not {initial}"
                    )));
                }
                let increment = increment.unwrap_or(0);
                if increment > MAX_INCREMENT_S {
                    return Err(bad(format!(
                        "increment_s must be 0 to {MAX_INCREMENT_S} seconds, not {increment}"
                    )));
                }
                Ok(Clock::RealTime {
                    initial_ms: initial as i64 * 1000,
                    increment_ms: increment as i64 * 1000,
                })
            }
            (None, None, Some(days)) => {
                if !(1..=MAX_DAYS_PER_MOVE).contains(&days) {
                    return Err(bad(format!(
                        "days_per_move must be 1 to {MAX_DAYS_PER_MOVE}, not {days}"
                    )));
                }
                Ok(Clock::Correspondence {
                    per_turn_ms: days as i64 * DAY_MS,
                })
            }
            (None, Some(_), None) => Err(bad("increment_s needs initial_s".to_owned())),
            (None, None, None) => Err(bad(
                "give initial_s (and increment_s) for a real-time clock, or days_per_move".to_owned(),
            )),
            _ => Err(bad(
                "a clock is real-time (initial_s, increment_s) or correspondence (days_per_move), not both"
                    .to_owned(),
            )),
        }
    }

    /// `clock` as the API shows it: in the shape it was asked for in.
    pub fn of(clock: Clock) -> ClockSpec {
        match clock {
            Clock::RealTime {
                initial_ms,
                increment_ms,
            } => ClockSpec {
                initial_s: Some((initial_ms / 1000) as u64),
                increment_s: Some((increment_ms / 1000) as u64),
                days_per_move: None,
            },
            Clock::Correspondence { per_turn_ms } => ClockSpec {
                days_per_move: Some((per_turn_ms / DAY_MS) as u64),
                ..ClockSpec::default()
            },
        }
    }
}

impl CreateGame {
    /// A game of `players` people named `names` (the team game for four).
    pub fn of_people(names: impl IntoIterator<Item = String>) -> CreateGame {
        let seats: Vec<SeatSpec> = names
            .into_iter()
            .map(|name| SeatSpec {
                name: Some(name),
                ..SeatSpec::default()
            })
            .collect();
        CreateGame {
            players: seats.len(),
            variant: (seats.len() == 4).then_some(VariantSpec { teams: true }),
            seats,
            clock: None,
            hints: false,
            abandon_after_s: None,
            rated: false,
        }
    }

    /// The table of game `id` this asks for, with a new token for each
    /// person's seat (the table is given only their hashes); or what is
    /// wrong with it, the first fault in the order of the fields.
    pub fn to_new_table(&self, id: &str) -> Result<(NewTable, Vec<SeatToken>), ApiError> {
        let teams = self.variant.unwrap_or_default().teams;
        Table::check_players(self.players, teams, self.seats.len())?;
        let clock = self.clock.as_ref().map(ClockSpec::to_clock).transpose()?;
        let mut seats = Vec::with_capacity(self.seats.len());
        let mut tokens = Vec::new();
        let mut invited_seats = Vec::new();
        for (index, spec) in self.seats.iter().enumerate() {
            let field = format!("seats[{index}]");
            let bad = |message: &str| ApiError::bad_request(format!("field `{field}`: {message}"));
            let name = spec
                .name
                .as_deref()
                .map(|name| checked_name(name, &format!("{field}.name")))
                .transpose()?;
            let invited = spec.invited == Some(true);
            if invited && (spec.ai.is_some() || spec.open == Some(true)) {
                return Err(bad("only a person's seat is invited"));
            }
            seats.push(match (spec.ai, spec.open, name) {
                (Some(level), None | Some(false), name) => NewSeat::Computer {
                    level: Level::new(level).map_err(|error| {
                        ApiError::bad_request(format!("field `{field}.ai`: {error}"))
                    })?,
                    name,
                },
                (None, Some(true), Some(_)) => {
                    return Err(bad("an open seat takes its name when it is claimed"));
                }
                (None, Some(true), None) => NewSeat::Open,
                (None, None | Some(false), Some(name)) => {
                    let token = secret::new_token();
                    let token_hash = secret::token_hash(&token);
                    tokens.push(SeatToken { seat: index, token });
                    if invited {
                        invited_seats.push(index);
                    }
                    NewSeat::Person { name, token_hash }
                }
                (None, None | Some(false), None) => {
                    return Err(bad(
                        "a seat is {\"name\": …} (a person), {\"ai\": 1-5} (the computer) or {\"open\": true}",
                    ));
                }
                (Some(_), Some(true), _) => {
                    return Err(bad("a seat is the computer's or open, not both"));
                }
            });
        }
        let mut hosting = self.hosting(id, &tokens, &invited_seats)?;
        hosting.rated = self.rated;
        if self.rated {
            self.check_rated(&tokens, &invited_seats)?;
        }
        let new = NewTable {
            players: self.players,
            teams,
            seats,
            clock,
            hints: self.hints,
            start: None,
            lesson: false,
            hosting,
        };
        Ok((new, tokens))
    }

    /// Why a rated game cannot be as asked, if it cannot: every person's
    /// seat must end up an account's, which a named seat other than the
    /// creator's or an invited seat cannot promise (their tokens go to
    /// whoever the link reaches); and the clock keeps both a rated game's
    /// pace and its take backs off (see `Table::may_take_back`).
    fn check_rated(&self, tokens: &[SeatToken], invited: &[usize]) -> Result<(), ApiError> {
        let bad = |message: &str| ApiError::bad_request(format!("field `rated`: {message}"));
        if self.clock.is_none() {
            return Err(bad("a rated game needs a clock"));
        }
        if !invited.is_empty() {
            return Err(bad(
                "a rated game has no invited seats; leave them open for people signed in",
            ));
        }
        if tokens.len() > 1 {
            return Err(bad(
                "a rated game has one named person's seat, the creator's; the others are open or the computer's",
            ));
        }
        Ok(())
    }

    /// The host (the creator's own seat: the first person's seat that is
    /// not invited), the listing and the invitations sealed with the
    /// host's token, given every person's token and the invited seats.
    fn hosting(
        &self,
        id: &str,
        tokens: &[SeatToken],
        invited: &[usize],
    ) -> Result<Hosting, ApiError> {
        let host = tokens
            .iter()
            .map(|token| token.seat)
            .find(|seat| !invited.contains(seat));
        let abandon_after_ms = match self.abandon_after_s {
            None => DEFAULT_ABANDON_AFTER_MS,
            Some(seconds) if (MIN_ABANDON_AFTER_S..=MAX_ABANDON_AFTER_S).contains(&seconds) => {
                seconds as i64 * 1000
            }
            Some(seconds) => {
                return Err(ApiError::bad_request(format!(
                    "field `abandon_after_s`: must be {MIN_ABANDON_AFTER_S} to {MAX_ABANDON_AFTER_S} seconds, not {seconds}"
                )));
            }
        };
        let host_token = host.and_then(|host| tokens.iter().find(|token| token.seat == host));
        let invites = match host_token {
            Some(host_token) => tokens
                .iter()
                .filter(|token| invited.contains(&token.seat))
                .map(|token| {
                    let sealed = invite::seal(&token.token, &host_token.token, id, token.seat);
                    (token.seat, sealed)
                })
                .collect(),
            None => Vec::new(),
        };
        Ok(Hosting {
            host,
            listed: invited.is_empty(),
            abandon_after_ms,
            invites,
            rated: false,
        })
    }
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct CreatedGame {
    pub id: String,
    /// A token for each person's seat; none for computer or open seats.
    pub seats: Vec<SeatToken>,
}

/// A seat's secret token: whoever holds it plays the seat.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SeatToken {
    pub seat: usize,
    pub token: String,
}

/// `POST /api/games/{id}/seats/{seat}`: claiming an open seat.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimSeat {
    pub name: String,
}

/// `POST /api/games/{id}/moves`: a move for the seat whose token comes in
/// the `Authorization` header.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// A move token in the notation, such as `place R 3`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The number of moves in the record the client has seen.
    #[schema(maximum = 18446744073709551615_u64)]
    #[serde(deserialize_with = "whole::number")]
    pub at: usize,
}

/// `POST /api/games/{id}/takeback`: takes back the last decision of the
/// seat whose token comes in the `Authorization` header, in a game against
/// the computer.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeBackRequest {
    /// The number of moves in the record the client has seen, so that a
    /// request sent twice takes back one decision, not two.
    #[schema(maximum = 18446744073709551615_u64)]
    #[serde(deserialize_with = "whole::number")]
    pub at: usize,
}

/// The answer to an accepted move or take back.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MoveAccepted {
    /// The record's length after the move and any draws it made due (or
    /// after the take back).
    pub at: usize,
    /// The `carolus-state/1` view after them.
    #[schema(value_type = Object)]
    pub state: Box<RawValue>,
}

/// `POST /api/games/{id}/hint`: the computer's advice to the seat to act.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Hint {
    /// The move the computer suggests, a token in the notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Every seat's estimated chance of winning, summing to 1 (partners
    /// in the team game share their team's).
    pub win: Vec<f64>,
    /// The level of the computer that gave the advice.
    pub level: u8,
    /// The line of play the computer expects, the move first, up to the
    /// next draw or the end of the game, as in an explanation
    /// (`POST /api/explain`).
    pub line: Vec<String>,
    /// What holds along that line.
    #[schema(value_type = Vec<Fact>)]
    pub facts: Vec<Value>,
    /// Why the move, in one to three sentences in the language asked for.
    pub text: String,
}

/// The query of `POST /api/games/{id}/hint`.
#[derive(Clone, Copy, Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct HintQuery {
    /// The language of the hint's `text` (English when not given).
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// A language of the words in an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
}

/// `POST /api/explain`: a position, as the record of the moves that lead
/// to it, and a move there. (Its schema is written in `openapi.rs`.)
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// A `carolus-record/1` whose moves lead to the position.
    pub record: serde_json::Map<String, Value>,
    /// The move to explain, a token in the notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The language of the words (English when not given).
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// `POST /api/games/practice`: a game against the computer from a
/// position, as the record of the moves that lead to it: the seat that
/// decides there is the person's, every other seat the computer's. (Its
/// schema is written in `openapi.rs`.)
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeRequest {
    /// A `carolus-record/1` whose moves lead to the position.
    pub record: serde_json::Map<String, Value>,
    /// The person's name.
    pub name: String,
    /// The computer's level at the other seats (3 when not given).
    #[serde(default, deserialize_with = "whole::optional")]
    pub level: Option<u8>,
}

/// The answer of `POST /api/explain`: why a move is good or bad against
/// the computer's best (ANALYSIS.md, "Why? Explanations").
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Explanation {
    /// The move explained, in canonical form.
    #[serde(rename = "move")]
    pub mv: String,
    /// The computer's choice.
    pub best: String,
    /// The change in the mover's chance to win against the computer's
    /// choice (0 for the choice itself; in the team game the team's), or
    /// null when the computer did not weigh the move.
    pub value: Option<f64>,
    /// The line of play the computer expects, the move first, up to the
    /// next draw or the end of the game.
    pub line: Vec<String>,
    /// What holds along the line.
    #[schema(value_type = Vec<Fact>)]
    pub facts: Vec<Value>,
    /// One to three sentences, each stating one of the facts (or naming
    /// the better move whose fact follows).
    pub text: String,
    /// Up to three other moves the computer weighed: its choice first when
    /// it is not the move explained, then by its preference.
    pub alternatives: Vec<Alternative>,
}

/// Another move of an [`Explanation`].
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Alternative {
    #[serde(rename = "move")]
    pub mv: String,
    /// Its change in the mover's chance to win against the computer's choice.
    pub value: Option<f64>,
    pub line: Vec<String>,
    #[schema(value_type = Vec<Fact>)]
    pub facts: Vec<Value>,
    /// Up to two sentences: what it brings that the move explained does not, first.
    pub text: String,
}

/// One fact of a line: what holds after its first `at` moves were played
/// from the position. Each kind adds its own fields (ANALYSIS.md lists
/// them: seats, families, regions, counts).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Fact {
    pub kind: FactKind,
    /// After how many moves of the line it holds, the move itself being the first.
    pub at: usize,
    /// Places in the `carolus-state/1` view after `at` moves, with the values there.
    pub holds: Vec<StatePointer>,
    /// The same kind of places in the position before the move, for what
    /// changed; left out when nothing before matters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub was: Vec<StatePointer>,
}

/// What a fact says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FactKind {
    Control,
    Court,
    Lead,
    Reserve,
    Reach,
    Castle,
    Stop,
    Merge,
    End,
    Near,
    Regions,
    Quiet,
}

/// A JSON pointer (RFC 6901) into the `carolus-state/1` view and the
/// value found there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StatePointer {
    pub pointer: String,
    pub value: Value,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Waiting for open seats to be claimed.
    Open,
    Running,
    Over,
}

impl Status {
    /// The word used in the API and the store.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Over => "over",
        }
    }

    /// The status named `word`, if any.
    pub fn from_word(word: &str) -> Option<Status> {
        match word {
            "open" => Some(Status::Open),
            "running" => Some(Status::Running),
            "over" => Some(Status::Over),
            _ => None,
        }
    }
}

/// `GET /api/games/{id}`: a game as everyone may see it. Tokens never
/// appear here.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameView {
    pub id: String,
    pub status: Status,
    pub players: usize,
    pub teams: bool,
    pub hints: bool,
    /// The clock, if the game has one, in the shape a new game asks for it.
    #[schema(value_type = Option<Object>)]
    pub clock: Option<ClockSpec>,
    pub seats: Vec<SeatInfo>,
    /// The seat whose computer player is thinking, if any.
    pub thinking: Option<usize>,
    /// Whether the person in this game may take back decisions: a game
    /// against the computer without a clock.
    pub take_back: bool,
    /// How many times a decision was taken back (with the record's length,
    /// what a client reconnecting gives as `takebacks=`).
    pub takebacks: u32,
    /// The `carolus-record/1` of the game so far.
    #[schema(value_type = Object)]
    pub record: Value,
    /// The `carolus-state/1` view of the position.
    #[schema(value_type = Object)]
    pub state: Value,
    /// The creator's seat, whose token reads the invitations again.
    pub host: Option<usize>,
    /// In a game without a clock, how long (in seconds) the person to act
    /// must have been away before the others may end the game as
    /// abandoned (`POST /api/games/{id}/abandon`); `null` with a clock.
    pub abandon_after_s: Option<u64>,
    /// The rematch offered after the game, if any.
    pub rematch: Option<RematchOffer>,
    /// A rated game (its end changes the players' ratings).
    #[serde(default)]
    pub rated: bool,
    /// Once a rated game is over and its update applied: each rated seat's
    /// change, by seat (computer seats have none).
    #[serde(default)]
    pub rating_changes: Vec<crate::rating::SeatRatingChange>,
}

/// A rematch offered after a game: the new game, who offered it, and
/// where each seat of this game sits in it (the same token plays it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RematchOffer {
    /// The new game's id.
    pub game: String,
    /// The seat (of this game) that offered it.
    pub by: usize,
    /// For each seat of this game, its seat in the new one.
    pub seats: Vec<usize>,
}

/// The answer to `POST /api/games/{id}/rematch`: the new game and the
/// seat the token holds there.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct RematchCreated {
    pub id: String,
    pub seat: usize,
}

/// `GET /api/games/{id}/invitations`: the invited seats that nobody has
/// claimed yet, with their tokens, for the host.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Invitations {
    pub invitations: Vec<Invitation>,
}

/// An invited seat's link, as the host reads it again.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Invitation {
    pub seat: usize,
    pub name: Option<String>,
    /// The seat's token: the link is the table's address with
    /// `#token=` and this.
    pub token: String,
}

/// One seat as everyone may see it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    pub seat: usize,
    pub name: Option<String>,
    /// The computer's level for a computer seat, else `null`.
    pub ai: Option<u8>,
    /// Whether the seat was created open for anyone to claim.
    pub open: bool,
    /// Whether an open seat is still free.
    pub free: bool,
    /// Whether a client holding the seat's token is connected.
    pub connected: bool,
    /// How long the seat's person has been away, in milliseconds at the
    /// time of the answer: since the last connection holding the seat's
    /// token closed, or since the game was created if none ever opened.
    /// `null` while connected, and for computers.
    pub away_ms: Option<i64>,
    /// Milliseconds left on a real-time clock, at the time of the answer.
    pub clock_ms: Option<i64>,
    /// Whether the seat's time ran out (the computer plays it since).
    pub timed_out: bool,
}

/// `GET /api/games`: one page of games, newest first.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameList {
    pub games: Vec<GameSummary>,
    /// Pass as `before` for the next page; absent on the last page.
    pub next: Option<String>,
}

/// A game in a list.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    pub status: Status,
    pub players: usize,
    pub teams: bool,
    /// Seat names (`null` for a free open seat).
    pub names: Vec<Option<String>>,
    /// The computer's level per seat, `null` for people.
    pub ai: Vec<Option<u8>>,
    /// Moves in the record.
    pub length: usize,
    /// When the game was created, in milliseconds since 1970.
    pub created_ms: i64,
}

/// Every error answer: what went wrong, and where it helps, what would be
/// right.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
    /// The record's length, when a move named another (409).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The legal moves, when a move was illegal (422).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// Which of the game's refusals this is, as one word for programs
    /// (`error` says it for people who read English): `not_your_turn`,
    /// `stale`, `no_hints`, … (API.md lists them all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "not_your_turn")]
    pub code: Option<String>,
}

/// `GET /healthz`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Health {
    pub status: String,
}

/// What a client sends on a game's WebSocket, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Claims the seat whose token this is, for later moves.
    Auth { token: String },
    /// A move at `at` moves.
    Move {
        #[serde(rename = "move")]
        mv: String,
        #[schema(maximum = 18446744073709551615_u64)]
        #[serde(deserialize_with = "whole::number")]
        at: usize,
    },
    /// Takes back the seat's last decision, seen at `at` moves.
    #[serde(rename = "takeback")]
    TakeBack {
        #[schema(maximum = 18446744073709551615_u64)]
        #[serde(deserialize_with = "whole::number")]
        at: usize,
    },
}

impl ClientMessage {
    /// Reads a client's message, or says what is wrong with it.
    pub fn read(text: &str) -> Result<ClientMessage, ApiError> {
        let refuse = |error: &dyn std::fmt::Display| {
            ApiError::bad_request(format!(
                "a message is {{\"type\": \"auth\", \"token\": …}}, {{\"type\": \"move\", \"move\": …, \"at\": N}} or {{\"type\": \"takeback\", \"at\": N}}: {error}"
            ))
        };
        // serde would also read a message from an array of its fields.
        if !object::opens_an_object(text.as_bytes()) {
            return Err(refuse(&"this is not a JSON object"));
        }
        serde_json::from_str(text).map_err(|error| refuse(&error))
    }

    /// The message as the WebSocket's text.
    pub fn to_text(&self) -> String {
        // Strings and numbers always serialise.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Everything the server sends on a game's WebSocket, tagged by `type`.
// It borrows what it carries, so that the server writes a message without
// copying the game's state, and a client reads one (`ServerMessage::read`)
// without copying it either.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage<'a> {
    /// Moves from `from` on and the game as it stands after them: the
    /// first message of every connection, and one after every change of
    /// the record.
    Update(Update<'a>),
    /// The seats changed (claimed, connected, left, a clock ran out).
    Seats(Seats),
    /// The computer started thinking for `seat`.
    Thinking { seat: usize },
    /// The answer to `auth`: the seat the token holds.
    Auth { seat: usize },
    /// A refusal of the client's last message, with the status an HTTP
    /// request would have had.
    Error(ErrorMessage),
    /// A seat offered a rematch after the game: the new game, and where
    /// each seat of this one sits in it. Sent when it is offered; a
    /// client connecting later reads it in the game's view (`rematch`).
    Rematch(RematchOffer),
}

/// An update: the moves from `from` on and the game after them.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Update<'a> {
    /// The record's length before the first of `moves`.
    pub from: usize,
    /// Move tokens, the record's from `from` on.
    #[schema(value_type = Vec<String>)]
    pub moves: Cow<'a, [String]>,
    pub status: Status,
    pub seats: Vec<SeatInfo>,
    /// The seat whose computer player is thinking, if any.
    pub thinking: Option<usize>,
    /// How many times a decision was taken back; when it differs from
    /// what the client saw, `from` is where the record was shortened to.
    pub takebacks: u32,
    /// The record's result once the game is over.
    #[schema(value_type = Option<Object>)]
    pub result: Option<Cow<'a, Value>>,
    /// The `carolus-state/1` view after the moves.
    #[schema(value_type = Object)]
    #[serde(borrow)]
    pub state: &'a RawValue,
}

/// The seats as they are now.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Seats {
    pub status: Status,
    pub seats: Vec<SeatInfo>,
}

/// A refusal on the WebSocket: the HTTP status and the error's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorMessage {
    pub status: u16,
    #[serde(flatten)]
    pub body: ErrorBody,
    /// For a 429 or 503: the seconds after which to send the message
    /// again, as an HTTP answer's `Retry-After` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_s: Option<u64>,
}

impl<'a> ServerMessage<'a> {
    /// The message as the WebSocket's text.
    pub fn to_text(&self) -> String {
        // Numbers, strings and JSON already made always serialise.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a message the server sent, borrowing from `text` what it can.
    /// (serde's tagged enums cannot hold the state's raw JSON, so the tag
    /// is read first and then the message of that type.)
    pub fn read(text: &'a str) -> Result<ServerMessage<'a>, serde_json::Error> {
        #[derive(Deserialize)]
        struct Tag<'a> {
            #[serde(rename = "type", borrow)]
            kind: Cow<'a, str>,
        }
        #[derive(Deserialize)]
        struct SeatOnly {
            seat: usize,
        }
        let tag: Tag<'_> = serde_json::from_str(text)?;
        Ok(match tag.kind.as_ref() {
            "update" => ServerMessage::Update(serde_json::from_str(text)?),
            "seats" => ServerMessage::Seats(serde_json::from_str(text)?),
            "thinking" => ServerMessage::Thinking {
                seat: serde_json::from_str::<SeatOnly>(text)?.seat,
            },
            "auth" => ServerMessage::Auth {
                seat: serde_json::from_str::<SeatOnly>(text)?.seat,
            },
            "error" => ServerMessage::Error(serde_json::from_str(text)?),
            "rematch" => ServerMessage::Rematch(serde_json::from_str(text)?),
            other => {
                return Err(serde::de::Error::unknown_variant(
                    other,
                    &["update", "seats", "thinking", "auth", "error", "rematch"],
                ));
            }
        })
    }
}

/// Whole numbers in requests. JSON has one kind of number, and JSON
/// Schema (so the OpenAPI document) counts `3.0` and `3e0` as the integer
/// 3; serde would refuse them for an integer field, so such fields read
/// any number without a fractional part that fits their type.
pub mod whole {
    use serde::Deserialize;
    use serde::de::{Deserializer, Error, Unexpected};
    use serde_json::Number;

    /// The integer types read this way.
    pub trait Whole: TryFrom<u64> {
        /// The largest value of the type.
        const MAX: u64;
    }

    impl Whole for u8 {
        const MAX: u64 = u8::MAX as u64;
    }

    impl Whole for u64 {
        const MAX: u64 = u64::MAX;
    }

    impl Whole for usize {
        const MAX: u64 = usize::MAX as u64;
    }

    /// 2^64, the first whole number past `u64`, exactly as an `f64`.
    const PAST_U64: f64 = 18_446_744_073_709_551_616.0;

    fn convert<T: Whole, E: Error>(number: &Number) -> Result<T, E> {
        let whole = number.as_u64().or_else(|| {
            number
                .as_f64()
                .filter(|x| x.fract() == 0.0 && (0.0..PAST_U64).contains(x))
                .map(|x| x as u64)
        });
        whole
            .and_then(|value| T::try_from(value).ok())
            .ok_or_else(|| {
                E::invalid_value(
                    Unexpected::Other(&format!("number {number}")),
                    &format!("a whole number from 0 to {}", T::MAX).as_str(),
                )
            })
    }

    /// A whole number.
    pub fn number<'de, D: Deserializer<'de>, T: Whole>(deserializer: D) -> Result<T, D::Error> {
        convert(&Number::deserialize(deserializer)?)
    }

    /// A whole number or `null`.
    pub fn optional<'de, D: Deserializer<'de>, T: Whole>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<Number>::deserialize(deserializer)?
            .map(|number| convert(&number))
            .transpose()
    }
}

/// Reading the objects inside a request as objects only.
///
/// serde's derived structs also take an array of their fields in order
/// (`[true]` for `{"teams": true}`), which no client means and the OpenAPI
/// document does not allow; these read a JSON object first, so that
/// anything else is refused. A body itself is checked to be an object
/// before it is read, with [`opens_an_object`](object::opens_an_object).
pub mod object {
    use serde::Deserialize;
    use serde::de::{DeserializeOwned, Deserializer, Error};
    use serde_json::{Map, Value};

    /// Whether JSON text `bytes` is an object, judged by its first
    /// character (whether it is valid JSON is left to the reading).
    pub fn opens_an_object(bytes: &[u8]) -> bool {
        bytes.iter().find(|byte| !byte.is_ascii_whitespace()) == Some(&b'{')
    }

    fn from_map<T: DeserializeOwned, E: Error>(fields: Map<String, Value>) -> Result<T, E> {
        T::deserialize(Value::Object(fields)).map_err(E::custom)
    }

    /// An object or `null`.
    pub fn optional<'de, D: Deserializer<'de>, T: DeserializeOwned>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<Map<String, Value>>::deserialize(deserializer)?
            .map(from_map)
            .transpose()
    }

    /// An object.
    pub fn required<'de, D: Deserializer<'de>, T: DeserializeOwned>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        from_map(Map::<String, Value>::deserialize(deserializer)?)
    }

    /// An array of objects.
    pub fn list<'de, D: Deserializer<'de>, T: DeserializeOwned>(
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        Vec::<Map<String, Value>>::deserialize(deserializer)?
            .into_iter()
            .enumerate()
            .map(|(index, fields)| {
                from_map(fields)
                    .map_err(|error: D::Error| D::Error::custom(format!("[{index}]: {error}")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_are_read_strictly() {
        assert_eq!(
            ClientMessage::read(r#"{"type":"move","move":"disc 3","at":4}"#),
            Ok(ClientMessage::Move {
                mv: "disc 3".to_owned(),
                at: 4
            })
        );
        assert_eq!(
            ClientMessage::read(r#"{"at":4.0,"move":"disc 3","type":"move"}"#),
            ClientMessage::read(r#"{"type":"move","move":"disc 3","at":4}"#),
            "a whole number may be written 4.0"
        );
        assert!(ClientMessage::read(r#"{"type":"auth","token":"x"}"#).is_ok());
        for bad in [
            "",
            "{",
            "[]",
            r#"["move","disc 3",4]"#,
            r#"{"type":"auth","token":["x"]}"#,
            r#"{"type":"dance"}"#,
            r#"{"type":"move","move":"disc 3"}"#,
            r#"{"type":"move","move":"disc 3","at":-1}"#,
            r#"{"type":"move","move":"disc 3","at":1.5}"#,
            r#"{"type":"move","move":"disc 3","at":18446744073709551616}"#,
            r#"{"type":"move","move":3,"at":1}"#,
            r#"{"type":"auth","token":"x","extra":1}"#,
        ] {
            let error = ClientMessage::read(bad).unwrap_err();
            assert_eq!(error.status, axum::http::StatusCode::BAD_REQUEST, "{bad}");
        }
    }

    #[test]
    fn a_message_written_back_reads_the_same() {
        for message in [
            ClientMessage::Auth {
                token: "x\"y".to_owned(),
            },
            ClientMessage::Move {
                mv: "place R 3".to_owned(),
                at: usize::MAX,
            },
            ClientMessage::TakeBack { at: 7 },
        ] {
            let text = serde_json::to_string(&message).unwrap();
            assert_eq!(ClientMessage::read(&text), Ok(message), "{text}");
        }
    }

    #[test]
    fn the_servers_messages_are_written_as_clients_read_them() {
        let seat = SeatInfo {
            seat: 0,
            name: Some("Anna".to_owned()),
            ai: None,
            open: false,
            free: false,
            connected: true,
            away_ms: None,
            clock_ms: None,
            timed_out: false,
        };
        let state = RawValue::from_string(r#"{"to_act":0}"#.to_owned()).unwrap();
        let moves = ["disc 3".to_owned()];
        let update = ServerMessage::Update(Update {
            from: 4,
            moves: Cow::Borrowed(&moves),
            status: Status::Running,
            seats: vec![seat.clone()],
            thinking: None,
            takebacks: 1,
            result: None,
            state: &state,
        });
        let seats = r#"[{"seat":0,"name":"Anna","ai":null,"open":false,"free":false,"connected":true,"away_ms":null,"clock_ms":null,"timed_out":false}]"#;
        let expected = [
            format!(
                r#"{{"type":"update","from":4,"moves":["disc 3"],"status":"running","seats":{seats},"thinking":null,"takebacks":1,"result":null,"state":{{"to_act":0}}}}"#
            ),
            format!(r#"{{"type":"seats","status":"open","seats":{seats}}}"#),
            r#"{"type":"thinking","seat":1}"#.to_owned(),
            r#"{"type":"auth","seat":0}"#.to_owned(),
            r#"{"type":"error","status":409,"error":"the game is over","length":90,"code":"over"}"#
                .to_owned(),
            r#"{"type":"error","status":429,"error":"too many messages; slow down","retry_after_s":1}"#
                .to_owned(),
            r#"{"type":"rematch","game":"abcdefghijkm","by":1,"seats":[1,0]}"#.to_owned(),
        ];
        let messages = [
            update,
            ServerMessage::Seats(Seats {
                status: Status::Open,
                seats: vec![seat],
            }),
            ServerMessage::Thinking { seat: 1 },
            ServerMessage::Auth { seat: 0 },
            ServerMessage::Error(ErrorMessage {
                status: 409,
                body: ErrorBody {
                    error: "the game is over".to_owned(),
                    length: Some(90),
                    legal: None,
                    code: Some("over".to_owned()),
                },
                retry_after_s: None,
            }),
            ServerMessage::Error(ErrorMessage {
                status: 429,
                body: ErrorBody {
                    error: "too many messages; slow down".to_owned(),
                    ..ErrorBody::default()
                },
                retry_after_s: Some(1),
            }),
            ServerMessage::Rematch(RematchOffer {
                game: "abcdefghijkm".to_owned(),
                by: 1,
                seats: vec![1, 0],
            }),
        ];
        for (message, expected) in messages.iter().zip(&expected) {
            let text = message.to_text();
            assert_eq!(&text, expected);
            let read = ServerMessage::read(&text).unwrap();
            assert_eq!(read.to_text(), text, "read back alike");
        }
        assert!(ServerMessage::read(r#"{"type":"dance"}"#).is_err());
        assert!(ServerMessage::read(r#"{"type":"auth"}"#).is_err());
    }
}
