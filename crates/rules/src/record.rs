//! Game records (`carolus-record/1`): reading, writing and replaying them.
//!
//! A record holds the set-up and every move, chance draws included, so it
//! replays to exactly one game with no random numbers. Reading checks every
//! field and names the one that is wrong; replaying checks every move and
//! names the first that cannot be played, keeping everything before it.

use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

use crate::deal::DrawSource;
use crate::game::{Game, IllegalMove};
use crate::moves::{Move, ParseMoveError};
use crate::rng::{GameRng, RandomSource};
use crate::setup::{Setup, SetupError, Variant};
use crate::types::{Family, Seat, TERRITORY_COUNT};

/// The value of a record's `format` field.
pub const RECORD_FORMAT: &str = "carolus-record/1";

/// A game record: set-up, moves, and the optional fields of the notation.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Players, variant, territories and initial order.
    pub setup: Setup,
    /// Every move from the first initial draw on.
    pub moves: Vec<Move>,
    /// One name per seat, if the record gives them.
    pub names: Option<Vec<String>>,
    /// The result as the writer saw it; informational, never trusted.
    pub result: Option<Value>,
    /// Free-form data about the game.
    pub meta: Option<Map<String, Value>>,
}

/// Why a text is not a readable record.
#[derive(Clone, Debug, Error)]
pub enum RecordError {
    /// The text holds nothing but white space.
    #[error("the record is empty: expected a JSON object such as `carolus new` prints")]
    Empty,
    #[error("the record is not valid JSON: {message} at line {line}, column {column}")]
    Json {
        message: String,
        line: usize,
        column: usize,
    },
    /// The JSON value is not an object, so it has no fields to read.
    #[error("a record is a JSON object, not {found}")]
    NotAnObject { found: &'static str },
    #[error("field `{field}`: {message}")]
    Field { field: String, message: String },
    #[error("field `{}`: {error}", .error.record_field())]
    Setup { error: SetupError },
    /// A move token is malformed. `accepted` is the record up to the move
    /// before it, so nothing already read is lost.
    #[error("move {index} {token:?}: {error}")]
    Move {
        index: usize,
        token: String,
        error: ParseMoveError,
        accepted: Box<Record>,
    },
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("field `{}`: {error}", .error.record_field())]
    Setup { error: SetupError },
    /// Move `index` (counted from 1) cannot be played in the position
    /// before it.
    #[error("move {index} {token:?}: {error}")]
    Move {
        index: usize,
        token: String,
        error: IllegalMove,
    },
}

fn field_error(field: impl Into<String>, message: impl Into<String>) -> RecordError {
    RecordError::Field {
        field: field.into(),
        message: message.into(),
    }
}

/// A short description of a JSON value's kind ("a string", "null"), as the
/// project's error messages name what they found instead of what they
/// expected.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl Record {
    /// An empty record for `setup`: no moves yet.
    pub fn new(setup: Setup) -> Record {
        Record {
            setup,
            moves: Vec::new(),
            names: None,
            result: None,
            meta: None,
        }
    }

    /// Reads a record from JSON text, checking every field and every
    /// token's syntax (not yet its legality: see [`Record::replay`]).
    ///
    /// A byte-order mark at the start, which some editors write into UTF-8
    /// files, is skipped, as RFC 8259 allows a reader to.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(RecordError::Empty);
        }
        let value: Value = serde_json::from_str(text).map_err(|e| RecordError::Json {
            message: json_message(&e),
            line: e.line(),
            column: e.column(),
        })?;
        Record::from_value(&value)
    }

    /// Reads a record from an already parsed JSON value.
    pub fn from_value(value: &Value) -> Result<Record, RecordError> {
        let object = value.as_object().ok_or(RecordError::NotAnObject {
            found: kind_of(value),
        })?;

        match object.get("format") {
            None => {
                return Err(field_error(
                    "format",
                    format!("missing; expected \"{RECORD_FORMAT}\""),
                ));
            }
            Some(Value::String(format)) if format == RECORD_FORMAT => {}
            Some(Value::String(format)) => {
                return Err(field_error(
                    "format",
                    format!(
                        "{format:?} is not a format this program reads; expected \"{RECORD_FORMAT}\""
                    ),
                ));
            }
            Some(other) => {
                return Err(field_error(
                    "format",
                    format!(
                        "expected the string \"{RECORD_FORMAT}\", found {}",
                        kind_of(other)
                    ),
                ));
            }
        }

        let players = match object.get("players") {
            None => return Err(field_error("players", "missing; expected 2, 3 or 4")),
            Some(value) => match value.as_u64() {
                Some(n @ 2..=4) => n as usize,
                _ => {
                    return Err(field_error(
                        "players",
                        format!("expected 2, 3 or 4, found {value}"),
                    ));
                }
            },
        };

        let variant = read_variant(object.get("variant"))?;
        let setup_value = object.get("setup").ok_or_else(|| {
            field_error(
                "setup",
                "missing; expected an object with `territories` and `order`",
            )
        })?;
        let setup = read_setup(setup_value, players, variant)?;
        setup
            .validate()
            .map_err(|error| RecordError::Setup { error })?;

        let names = match object.get("names") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => {
                if items.len() != players {
                    return Err(field_error(
                        "names",
                        format!(
                            "expected one name per seat ({players}), found {}",
                            items.len()
                        ),
                    ));
                }
                let mut names = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::String(name) => names.push(name.clone()),
                        other => {
                            return Err(field_error(
                                format!("names[{i}]"),
                                format!("expected a string, found {}", kind_of(other)),
                            ));
                        }
                    }
                }
                Some(names)
            }
            Some(other) => {
                return Err(field_error(
                    "names",
                    format!("expected an array of strings, found {}", kind_of(other)),
                ));
            }
        };

        let meta = match object.get("meta") {
            None | Some(Value::Null) => None,
            Some(Value::Object(map)) => Some(map.clone()),
            Some(other) => {
                return Err(field_error(
                    "meta",
                    format!("expected an object, found {}", kind_of(other)),
                ));
            }
        };
        let result = object.get("result").filter(|v| !v.is_null()).cloned();
        if let Some(Value::Object(fields)) = &result
            && let Some(abandoned) = fields.get("abandoned")
        {
            abandoned_seats(abandoned, setup.players)
                .map_err(|message| field_error("result.abandoned", message))?;
        }

        let tokens = match object.get("moves") {
            None => {
                return Err(field_error(
                    "moves",
                    "missing; expected an array of move tokens",
                ));
            }
            Some(Value::Array(tokens)) => tokens,
            Some(other) => {
                return Err(field_error(
                    "moves",
                    format!("expected an array of move tokens, found {}", kind_of(other)),
                ));
            }
        };

        let mut record = Record {
            setup,
            moves: Vec::with_capacity(tokens.len()),
            names,
            result,
            meta,
        };
        for (i, token) in tokens.iter().enumerate() {
            let Value::String(token) = token else {
                return Err(field_error(
                    format!("moves[{i}]"),
                    format!(
                        "move {}: expected a move token (a string), found {}",
                        i + 1,
                        kind_of(token)
                    ),
                ));
            };
            match token.parse::<Move>() {
                Ok(mv) => record.moves.push(mv),
                Err(error) => {
                    return Err(RecordError::Move {
                        index: i + 1,
                        token: token.clone(),
                        error,
                        accepted: Box::new(record),
                    });
                }
            }
        }
        Ok(record)
    }

    /// The seats whose players left the game unfinished, when the result
    /// says that the game ended so (`"abandoned": [seats]`, NOTATION.md):
    /// the moves then stop before the game's end, and the game was decided
    /// by nobody. `None` for a game played to its end or still going.
    pub fn abandoned(&self) -> Option<Vec<Seat>> {
        let seats = self.result.as_ref()?.get("abandoned")?;
        abandoned_seats(seats, self.setup.players).ok()
    }

    /// The position before the first move.
    pub fn start(&self) -> Result<Game, ReplayError> {
        Game::from_setup(&self.setup).map_err(|error| ReplayError::Setup { error })
    }

    /// Plays every move and returns the final position.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(|_| {})
    }

    /// Plays every move, showing `visit` the start and the position after
    /// each move, and returns the final position. On an illegal move it
    /// stops, having shown every position before it.
    pub fn replay_with(&self, mut visit: impl FnMut(&Game)) -> Result<Game, ReplayError> {
        let mut game = self.start()?;
        visit(&game);
        for (i, mv) in self.moves.iter().enumerate() {
            game.play(*mv).map_err(|error| ReplayError::Move {
                index: i + 1,
                token: mv.to_string(),
                error,
            })?;
            visit(&game);
        }
        Ok(game)
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.wire()).unwrap_or_default()
    }

    /// The record as indented JSON, for people.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.wire()).unwrap_or_default()
    }

    fn wire(&self) -> WireRecord<'_> {
        WireRecord {
            format: RECORD_FORMAT,
            players: self.setup.players,
            variant: self
                .setup
                .variant
                .teams
                .then_some(WireVariant { teams: true }),
            names: self.names.as_deref(),
            setup: WireSetup {
                territories: self.setup.territories_string(),
                order: &self.setup.order,
            },
            moves: self.moves.iter().map(Move::to_string).collect(),
            result: self.result.as_ref(),
            meta: self.meta.as_ref(),
        }
    }
}

/// The written shape of a record, in the field order of the notation.
#[derive(Serialize)]
struct WireRecord<'a> {
    format: &'static str,
    players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<WireVariant>,
    #[serde(skip_serializing_if = "Option::is_none")]
    names: Option<&'a [String]>,
    setup: WireSetup<'a>,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meta: Option<&'a Map<String, Value>>,
}

#[derive(Serialize)]
struct WireVariant {
    teams: bool,
}

#[derive(Serialize)]
struct WireSetup<'a> {
    territories: String,
    order: &'a [usize],
}

/// serde_json's message without its trailing position, which the error
/// reports separately.
fn json_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_owned(),
        None => message,
    }
}

fn read_variant(value: Option<&Value>) -> Result<Variant, RecordError> {
    let object = match value {
        None | Some(Value::Null) => return Ok(Variant::STANDARD),
        Some(Value::Object(object)) => object,
        Some(other) => {
            return Err(field_error(
                "variant",
                format!(
                    "expected an object such as {{\"teams\": true}}, found {}",
                    kind_of(other)
                ),
            ));
        }
    };
    let mut variant = Variant::STANDARD;
    for (key, value) in object {
        match (key.as_str(), value) {
            ("teams", Value::Bool(teams)) => variant.teams = *teams,
            ("teams", other) => {
                return Err(field_error(
                    "variant.teams",
                    format!("expected true or false, found {}", kind_of(other)),
                ));
            }
            // A rule this program does not know would silently change the
            // game, so it is refused rather than ignored.
            (other, _) => {
                return Err(field_error(
                    format!("variant.{other}"),
                    "this program knows no such variant rule (it knows `teams`)",
                ));
            }
        }
    }
    Ok(variant)
}

fn read_setup(value: &Value, players: usize, variant: Variant) -> Result<Setup, RecordError> {
    let object = value.as_object().ok_or_else(|| {
        field_error(
            "setup",
            format!(
                "expected an object with `territories` and `order`, found {}",
                kind_of(value)
            ),
        )
    })?;
    let territories = match object.get("territories") {
        None => {
            return Err(field_error(
                "setup.territories",
                "missing; expected 15 letters over RGBYP",
            ));
        }
        Some(Value::String(text)) => {
            let letters: Vec<char> = text.chars().collect();
            if letters.len() != TERRITORY_COUNT {
                return Err(field_error(
                    "setup.territories",
                    format!("expected 15 letters over RGBYP, found {}", letters.len()),
                ));
            }
            let mut territories = [Family::Red; TERRITORY_COUNT];
            for (i, letter) in letters.into_iter().enumerate() {
                territories[i] = Family::from_letter(letter).ok_or_else(|| {
                    field_error(
                        "setup.territories",
                        format!(
                            "{letter:?} on territory {} is not a family (expected R, G, B, Y or P)",
                            i + 1
                        ),
                    )
                })?;
            }
            territories
        }
        Some(other) => {
            return Err(field_error(
                "setup.territories",
                format!("expected a string of 15 letters, found {}", kind_of(other)),
            ));
        }
    };
    let order = match object.get("order") {
        None => {
            return Err(field_error(
                "setup.order",
                "missing; expected an array of seat numbers",
            ));
        }
        Some(Value::Array(items)) => {
            let mut order = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                match item.as_u64() {
                    Some(seat) => order.push(usize::try_from(seat).unwrap_or(usize::MAX)),
                    None => {
                        return Err(field_error(
                            format!("setup.order[{i}]"),
                            format!("expected a seat number, found {item}"),
                        ));
                    }
                }
            }
            order
        }
        Some(other) => {
            return Err(field_error(
                "setup.order",
                format!(
                    "expected an array of seat numbers, found {}",
                    kind_of(other)
                ),
            ));
        }
    };
    Ok(Setup {
        players,
        variant,
        territories,
        order,
    })
}

/// A game and its record, kept in step: every move played is written down.
///
/// This is what programs that *make* games use (the command line, the
/// terminal game, servers): play through it and the record is always the
/// exact history of the position.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    record: Record,
    game: Game,
}

impl RecordedGame {
    /// A game at its start, with an empty record.
    pub fn new(setup: Setup) -> Result<RecordedGame, SetupError> {
        let game = Game::from_setup(&setup)?;
        Ok(RecordedGame {
            record: Record::new(setup),
            game,
        })
    }

    /// A new game from `seed`, advanced through its chance draws to the first
    /// decision. Everything comes from one [`GameRng`] seeded with `seed`:
    /// first the set-up ([`Setup::random`]), then the draws
    /// ([`Game::sample_draw`]).
    pub fn from_seed(
        players: usize,
        variant: Variant,
        seed: u64,
    ) -> Result<RecordedGame, SetupError> {
        let mut rng = GameRng::seed_from_u64(seed);
        RecordedGame::from_rng(players, variant, &mut rng)
    }

    /// As [`RecordedGame::from_seed`], drawing from `rng`, which is left
    /// ready for the game's later draws.
    pub fn from_rng<R: RandomSource>(
        players: usize,
        variant: Variant,
        rng: &mut R,
    ) -> Result<RecordedGame, SetupError> {
        let setup = Setup::random(players, variant, rng);
        let mut game = RecordedGame::new(setup)?;
        game.draw_while_due(rng);
        Ok(game)
    }

    /// A recorded game continuing `record`, which must replay.
    pub fn from_record(record: Record) -> Result<RecordedGame, ReplayError> {
        let game = record.replay()?;
        Ok(RecordedGame { record, game })
    }

    /// The current position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The record, for changing its names or meta data.
    pub fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    /// Gives up the pair and keeps the record.
    pub fn into_record(self) -> Record {
        self.record
    }

    /// Plays `mv` (in canonical form in the record) if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let canonical = self.game.canonical(mv);
        self.game.play(mv)?;
        self.record.moves.push(canonical);
        if self.game.is_over() {
            self.record.result = Some(result_of(&self.game));
        }
        Ok(())
    }

    /// Plays one uniformly random step (see [`Game::play_random`]) and
    /// records it. Returns what it played, or `None` when the game is over.
    pub fn play_random<R: RandomSource>(&mut self, rng: &mut R) -> Option<Move> {
        let mv = self.game.play_random(rng)?;
        self.record.moves.push(mv);
        if self.game.is_over() {
            self.record.result = Some(result_of(&self.game));
        }
        Some(mv)
    }

    /// Plays draws from `source` while a draw is due, so that the game
    /// stands at a decision or at its end. `source` is any random source, or
    /// [`SeatDraws`](crate::SeatDraws) for one stream per seat. Returns how
    /// many draws it played.
    pub fn draw_while_due<D: DrawSource>(&mut self, source: &mut D) -> usize {
        let mut draws = 0;
        while let Some(draw) = source.draw(&self.game) {
            // A draw source always gives the size that is due.
            if self.play(Move::Draw(draw)).is_err() {
                break;
            }
            draws += 1;
        }
        draws
    }
}

/// The seats of a result's `abandoned` field: a non-empty array of seat
/// numbers of a game of `players`, each once; or what is wrong with it.
fn abandoned_seats(value: &Value, players: usize) -> Result<Vec<Seat>, String> {
    let Value::Array(items) = value else {
        return Err(format!(
            "expected an array of seat numbers, found {}",
            kind_of(value)
        ));
    };
    if items.is_empty() {
        return Err("names no seat; an abandoned game was left by someone".to_owned());
    }
    let mut seats: Vec<Seat> = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let seat = item
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n < players)
            .and_then(Seat::new)
            .ok_or_else(|| {
                format!(
                    "[{index}]: expected a seat from 0 to {}, found {item}",
                    players - 1
                )
            })?;
        if seats.contains(&seat) {
            return Err(format!("[{index}]: seat {} is named twice", seat.index()));
        }
        seats.push(seat);
    }
    Ok(seats)
}

/// The `result` field written for a game that the seats `left` abandoned:
/// it ended before its end, won by nobody; readers replaying its moves
/// stop at a position that is not over.
pub fn abandoned_result(game: &Game, left: &[Seat]) -> Value {
    let left: Vec<usize> = left.iter().map(|seat| seat.index()).collect();
    let castles: Vec<usize> = Seat::all(game.players()).map(|s| game.castles(s)).collect();
    serde_json::json!({
        "winners": [],
        "abandoned": left,
        "castles": castles,
        "rounds": game.round(),
    })
}

/// The `result` field written for a finished game: the winning seats and
/// every seat's castle total.
pub fn result_of(game: &Game) -> Value {
    let winners: Vec<usize> = game.winners().map(Seat::index).collect();
    let castles: Vec<usize> = Seat::all(game.players()).map(|s| game.castles(s)).collect();
    serde_json::json!({
        "winners": winners,
        "castles": castles,
        "rounds": game.round(),
    })
}
