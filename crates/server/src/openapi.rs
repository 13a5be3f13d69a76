//! The OpenAPI document served at `GET /api/openapi.json`, generated from
//! the handlers' annotations and the types of `api.rs`, so that it cannot
//! drift from what the server does.
//!
//! The request bodies whose rules a derived schema cannot state (a game's
//! seats as many as its players, a seat that is a person's, the
//! computer's or open, a name as the server trims and checks it) have
//! their schemas written here: a body the schema allows is one the server
//! accepts, and one it forbids is refused. `.ci/run` holds the server to
//! that with Schemathesis, which sends both kinds.

use carolus_ai::Level;
use serde_json::json;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ArrayItems, ObjectBuilder, OneOfBuilder, Schema,
    SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{OpenApi, PartialSchema, ToSchema};

use crate::accounts;
use crate::api::{self, MAX_DAYS_PER_MOVE, MAX_INCREMENT_S, MAX_INITIAL_S};
use crate::lesson;
use crate::pool;
use crate::routes;
use crate::table::MAX_NAME_CHARS;
use crate::{explain, rating, replay};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Carolus",
        description = "Carolus Magnus over HTTP: create games, claim seats, play moves, \
                       download records. Every move is checked by the rules engine. \
                       Live updates come over the WebSocket at /api/games/{id}/ws (see API.md): \
                       a client sends the messages of the schema ClientMessage as text, the \
                       server those of ServerMessage: `update`, `seats`, `thinking`, `auth`, \
                       `error`, and `rematch` when a seat offers a rematch after the game \
                       (the new game and each seat's place in it)."
    ),
    paths(
        routes::create_game,
        routes::practice,
        routes::list_games,
        routes::get_game,
        routes::claim_seat,
        routes::play_move,
        routes::take_back,
        routes::get_record,
        routes::get_analysis,
        routes::get_chances,
        routes::hint,
        routes::get_invitations,
        routes::abandon,
        routes::rematch,
        routes::health,
        crate::mail::unsubscribe::unsubscribe_page,
        crate::mail::unsubscribe::unsubscribe,
        replay::replay,
        replay::outcomes,
        accounts::sign_up,
        accounts::sign_in,
        accounts::sign_out,
        accounts::sign_out_everywhere,
        accounts::me,
        accounts::change_settings,
        accounts::change_password,
        accounts::delete_account,
        accounts::profile,
        accounts::my_games,
        accounts::my_seats,
        accounts::reset_password,
        accounts::request_reset,
        explain::explain,
        lesson::start_lesson,
        lesson::lesson_step,
        rating::leaderboard,
        pool::join_pool,
        pool::pool_state,
        pool::leave_pool,
    ),
    components(schemas(
        api::CreateGame,
        api::SeatSpec,
        api::ClockSpec,
        api::CreatedGame,
        api::SeatToken,
        api::ClaimSeat,
        api::MoveRequest,
        api::TakeBackRequest,
        api::MoveAccepted,
        api::Status,
        api::GameView,
        api::SeatInfo,
        api::GameList,
        api::GameSummary,
        api::ErrorBody,
        api::Health,
        api::Hint,
        api::Lang,
        api::ExplainRequest,
        api::PracticeRequest,
        api::Explanation,
        api::Alternative,
        api::Fact,
        api::FactKind,
        api::StatePointer,
        routes::Analysing,
        routes::ChancesNow,
        replay::Replay,
        replay::Outcome,
        replay::Problem,
        replay::Outcomes,
        lesson::StartLesson,
        lesson::LessonProgress,
        lesson::Skip,
        lesson::Lang,
        lesson::LessonRequest,
        lesson::LessonStep,
        lesson::LessonAnswer,
        api::ClientMessage,
        api::ServerMessage,
        api::Update,
        api::Seats,
        api::ErrorMessage,
        accounts::SignUp,
        accounts::Credentials,
        accounts::AccountName,
        accounts::Me,
        accounts::SettingsChange,
        accounts::PasswordChange,
        accounts::Confirm,
        accounts::Profile,
        rating::LevelResults,
        accounts::PlayerGame,
        accounts::MyGames,
        accounts::MyGame,
        accounts::MySeats,
        accounts::ResetRequest,
        accounts::ResetAsk,
        accounts::ResetAsked,
        api::RematchOffer,
        api::RematchCreated,
        api::Invitations,
        api::Invitation,
        rating::ModeName,
        pool::JoinPool,
        pool::PoolStatus,
        pool::PoolAnswer,
        rating::RatingView,
        rating::ModeRating,
        rating::RatingPoint,
        rating::SeatRatingChange,
        rating::Leaderboard,
        rating::LeaderboardEntry,
    )),
    modifiers(&BearerToken)
)]
pub struct ApiDoc;

/// Declares the seat token as the API's bearer scheme.
struct BearerToken;

impl utoipa::Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme,
        };
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The seat's token from creating the game or claiming the seat.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::accounts::COOKIE,
                "The session from signing up or in (`POST /api/accounts`, `POST /api/session`). \
                 A request that changes something and carries it must come from this site \
                 (its `Origin`), or it is refused with 403.",
            ))),
        );
    }
}

/// The document as JSON.
pub fn document() -> String {
    let mut document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    camel_case_links(&mut document);
    document.to_string()
}

/// utoipa 5 writes the fields of a response's links in snake case
/// (`operation_id`), which OpenAPI tools do not read (utoipa 6 writes
/// `operationId`); this renames them as the specification spells them.
fn camel_case_links(document: &mut serde_json::Value) {
    let operations = document
        .get_mut("paths")
        .and_then(serde_json::Value::as_object_mut)
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(serde_json::Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for operation in operations {
        let links = operation
            .get_mut("responses")
            .and_then(serde_json::Value::as_object_mut)
            .into_iter()
            .flat_map(|responses| responses.values_mut())
            .filter_map(|response| response.get_mut("links")?.as_object_mut())
            .flat_map(|links| links.values_mut())
            .filter_map(serde_json::Value::as_object_mut);
        for link in links {
            for (snake, camel) in [
                ("operation_id", "operationId"),
                ("operation_ref", "operationRef"),
                ("request_body", "requestBody"),
            ] {
                if let Some(value) = link.remove(snake) {
                    link.insert(camel.to_owned(), value);
                }
            }
        }
    }
}

/// The characters `str::trim` removes around a name (`char::is_whitespace`),
/// as the body of a regular expression's class.
const SPACE: &str = r"\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
/// The characters no name may hold (`char::is_control`).
const CONTROL: &str = r"\u0000-\u001f\u007f-\u009f";

/// A name as the server takes it: trimmed, then 1 to 40 characters
/// without control characters.
fn name() -> ObjectBuilder {
    let inner = format!("[^{CONTROL}{SPACE}]");
    let pattern = format!(
        "^[{SPACE}]*{inner}([^{CONTROL}]{{0,{}}}{inner})?[{SPACE}]*$",
        MAX_NAME_CHARS - 2
    );
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(pattern))
        .description(Some(format!(
            "1 to {MAX_NAME_CHARS} characters without control characters, \
             once the spaces around them are trimmed"
        )))
}

/// `null`, which every optional field of a request also takes.
fn null() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::Null)
}

/// An integer from `min` to `max`, or `null` too if `nullable`.
fn integer(min: u64, max: u64, nullable: bool) -> ObjectBuilder {
    let kind = if nullable {
        SchemaType::Array(vec![Type::Integer, Type::Null])
    } else {
        SchemaType::Type(Type::Integer)
    };
    ObjectBuilder::new()
        .schema_type(kind)
        .minimum(Some(min as usize))
        .maximum(Some(max as usize))
}

/// Exactly one of `values`.
fn one_of_values(values: &[serde_json::Value]) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::AnyValue)
        .enum_values(Some(values.iter().cloned()))
}

/// An object with these properties only, of which `required` must be
/// there.
fn object(
    description: &str,
    required: &[&str],
    properties: Vec<(&str, RefOr<Schema>)>,
) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(description))
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for (name, schema) in properties {
        object = object.property(name, schema);
    }
    for name in required {
        object = object.required(*name);
    }
    object
}

/// One of `schemas`, with a description.
fn one_of(description: &str, schemas: Vec<RefOr<Schema>>) -> RefOr<Schema> {
    schemas
        .into_iter()
        .fold(OneOfBuilder::new(), OneOfBuilder::item)
        .description(Some(description))
        .into()
}

fn reference<T: ToSchema>() -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(T::name()))
}

/// A game of `players` seats: the team game for four, else the standard
/// game; `rated`: a rated game (API.md, "Ratings"), which needs a clock,
/// names at most one person's seat and invites nobody, else a game that
/// is not rated.
fn game_of(players: usize, rated: bool) -> RefOr<Schema> {
    let teams = players == 4;
    let variant = if teams {
        object(
            "The team game: seats 0 and 2 against seats 1 and 3",
            &["teams"],
            vec![("teams", one_of_values(&[json!(true)]).into())],
        )
        .into()
    } else {
        one_of(
            "The standard game (no teams)",
            vec![
                null().into(),
                object(
                    "The standard game",
                    &[],
                    vec![("teams", one_of_values(&[json!(false)]).into())],
                )
                .into(),
            ],
        )
    };
    let mut required = vec!["players", "seats"];
    if teams {
        required.push("variant");
    }
    if rated {
        required.extend(["rated", "clock"]);
    }
    let description = match (teams, rated) {
        (true, false) => "A team game of four players".to_owned(),
        (true, true) => "A rated team game of four players".to_owned(),
        (false, false) => format!("A game of {players} players"),
        (false, true) => format!("A rated game of {players} players"),
    };
    let seats = if rated {
        rated_seats(players)
    } else {
        ArrayBuilder::new()
            .items(reference::<api::SeatSpec>())
            .min_items(Some(players))
            .max_items(Some(players))
            .description(Some("One entry per seat, seat 0 first"))
            .into()
    };
    let clock = if rated {
        reference::<api::ClockSpec>()
    } else {
        one_of(
            "An optional clock; without one, nobody's time runs out",
            vec![null().into(), reference::<api::ClockSpec>()],
        )
    };
    let rated_field = if rated {
        one_of_values(&[json!(true)]).description(Some(
            "A rated game: needs a session (403 without one), a clock, at most one named \
             person's seat (the creator's) and no invited seats",
        ))
    } else {
        one_of_values(&[json!(false)]).description(Some("Not a rated game (the default)"))
    };
    object(
        &description,
        &required,
        vec![
            ("players", one_of_values(&[json!(players)]).into()),
            ("variant", variant),
            ("seats", seats),
            ("clock", clock),
            (
                "hints",
                ObjectBuilder::new()
                    .schema_type(Type::Boolean)
                    .description(Some("Whether the seats may ask the computer for hints"))
                    .into(),
            ),
            ("rated", rated_field.into()),
            (
                "abandon_after_s",
                integer(api::MIN_ABANDON_AFTER_S, api::MAX_ABANDON_AFTER_S, true)
                    .description(Some(
                        "In a game without a clock, the seconds the person to act must have \
                         been away before the others may end the game as abandoned \
                         (3 days if not given)",
                    ))
                    .into(),
            ),
        ],
    )
    .into()
}

impl PartialSchema for api::CreateGame {
    fn schema() -> RefOr<Schema> {
        one_of(
            "`POST /api/games`: a new game of 2 or 3 players, or the team game of 4; \
             each not rated or rated",
            vec![
                game_of(2, false),
                game_of(2, true),
                game_of(3, false),
                game_of(3, true),
                game_of(4, false),
                game_of(4, true),
            ],
        )
    }
}

impl ToSchema for api::CreateGame {}

impl PartialSchema for api::SeatSpec {
    fn schema() -> RefOr<Schema> {
        one_of(
            "Who sits at a seat: a person (who gets a token), the computer, or anyone \
             who claims the open seat",
            vec![
                person_seat(true).into(),
                computer_seat().into(),
                open_seat().into(),
            ],
        )
    }
}

/// `false` or `null`: a seat's `open` when it is not open.
fn not_open() -> RefOr<Schema> {
    one_of_values(&[json!(false), json!(null)]).into()
}

/// A person's seat; `invitable`: it may be invited (not in a rated game).
fn person_seat(invitable: bool) -> ObjectBuilder {
    let invited: &[serde_json::Value] = if invitable {
        &[json!(true), json!(false), json!(null)]
    } else {
        &[json!(false), json!(null)]
    };
    object(
        "A person",
        &["name"],
        vec![
            ("name", name().into()),
            ("ai", null().into()),
            ("open", not_open()),
            (
                "invited",
                one_of_values(invited)
                    .description(Some(
                        "A person invited by a link of their own: the game is then not \
                         listed in the lobby (never in a rated game)",
                    ))
                    .into(),
            ),
        ],
    )
}

fn computer_seat() -> ObjectBuilder {
    let level = integer(
        Level::MIN.number().into(),
        Level::MAX.number().into(),
        false,
    )
    .description(Some("The computer's level"));
    object(
        "The computer, named \"Computer (level N)\" unless given a name",
        &["ai"],
        vec![
            ("ai", level.into()),
            (
                "name",
                one_of("The seat's name", vec![null().into(), name().into()]),
            ),
            ("open", not_open()),
        ],
    )
}

fn open_seat() -> ObjectBuilder {
    object(
        "A seat for anyone who claims it; it takes the name given then",
        &["open"],
        vec![
            ("open", one_of_values(&[json!(true)]).into()),
            ("name", null().into()),
            ("ai", null().into()),
        ],
    )
}

/// A rated game's `players` seats: every person's seat must end up an
/// account's, so at most one is named (the creator's, not invited), at
/// any place; the others are the computer's or open. Said as one of: no
/// person's seat, or the person at seat 0, 1, … and the others not.
fn rated_seats(players: usize) -> RefOr<Schema> {
    let other = || -> Schema {
        OneOfBuilder::new()
            .item(computer_seat())
            .item(open_seat())
            .description(Some("The computer's seat, or an open one"))
            .build()
            .into()
    };
    let mut choices: Vec<RefOr<Schema>> = vec![
        ArrayBuilder::new()
            .items(ArrayItems::RefOrSchema(Box::new(other().into())))
            .min_items(Some(players))
            .max_items(Some(players))
            .description(Some("No person's seat: the computer's and open seats"))
            .into(),
    ];
    for person in 0..players {
        choices.push(
            ArrayBuilder::new()
                .prefix_items((0..players).map(|seat| {
                    if seat == person {
                        person_seat(false).build().into()
                    } else {
                        other()
                    }
                }))
                .items(ArrayItems::False)
                .min_items(Some(players))
                .description(Some(format!(
                    "The creator's seat {person}; the others the computer's or open"
                )))
                .into(),
        );
    }
    one_of(
        "One entry per seat, seat 0 first; at most one person's seat, named, not invited",
        choices,
    )
}

impl ToSchema for api::SeatSpec {}

impl PartialSchema for api::ClockSpec {
    fn schema() -> RefOr<Schema> {
        one_of(
            "A clock: real-time or correspondence",
            vec![
                object(
                    "Real time: initial_s seconds for the game, increment_s more whenever \
                     the seat's turn passes on",
                    &["initial_s"],
                    vec![
                        ("initial_s", integer(1, MAX_INITIAL_S, false).into()),
                        ("increment_s", integer(0, MAX_INCREMENT_S, true).into()),
                        ("days_per_move", null().into()),
                    ],
                )
                .into(),
                object(
                    "Correspondence: days_per_move days for each turn",
                    &["days_per_move"],
                    vec![
                        ("days_per_move", integer(1, MAX_DAYS_PER_MOVE, false).into()),
                        ("initial_s", null().into()),
                        ("increment_s", null().into()),
                    ],
                )
                .into(),
            ],
        )
    }
}

impl ToSchema for api::ClockSpec {}

impl PartialSchema for api::ClaimSeat {
    fn schema() -> RefOr<Schema> {
        object(
            "`POST /api/games/{id}/seats/{seat}`: claiming an open seat",
            &["name"],
            vec![("name", name().into())],
        )
        .into()
    }
}

impl ToSchema for api::ClaimSeat {}

/// A string with at most `max` and at least `min` characters.
fn string(min: usize, max: usize) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(min))
        .max_length(Some(max))
}

/// An e-mail address as the server takes it (`accounts::checked_email`):
/// no spaces, control characters, `<`, `>`, `"` or `,`; one `@` after
/// something; a domain with a dot, not at its ends.
fn email() -> ObjectBuilder {
    let char = format!("[^@<>\",{CONTROL}{SPACE}]");
    let edge = format!("[^@<>\",.{CONTROL}{SPACE}]");
    string(5, accounts::MAX_EMAIL_CHARS)
        .pattern(Some(format!("^{char}+@{edge}{char}*\\.{char}*{edge}$")))
        .description(Some("An e-mail address"))
}

/// A new password: 10 to 256 characters (the server also refuses the
/// commonest passwords and the name, with 422).
fn new_password() -> ObjectBuilder {
    use carolus_accounts::password::{MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};
    string(MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS).description(Some(
        "10 to 256 characters, not one of the commonest passwords, not the name",
    ))
}

impl PartialSchema for accounts::SignUp {
    fn schema() -> RefOr<Schema> {
        use carolus_accounts::name::{MAX_NAME_CHARS, MIN_NAME_CHARS};
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(format!(
                "^[A-Za-z0-9][A-Za-z0-9_-]{{{},{}}}$",
                MIN_NAME_CHARS - 1,
                MAX_NAME_CHARS - 1
            )))
            .description(Some(
                "2 to 20 letters (A-Z, a-z), digits, _ and -, beginning with a letter or \
                 a digit; unique, ignoring case and look-alike letters",
            ));
        object(
            "`POST /api/accounts`: a new account",
            &["name", "password"],
            vec![
                ("name", name.into()),
                ("password", new_password().into()),
                (
                    "email",
                    one_of(
                        "An address for password resets and mails about games",
                        vec![null().into(), email().into()],
                    ),
                ),
            ],
        )
        .into()
    }
}

impl ToSchema for accounts::SignUp {}

impl PartialSchema for accounts::SettingsChange {
    fn schema() -> RefOr<Schema> {
        let languages: Vec<serde_json::Value> =
            accounts::LANGUAGES.iter().map(|code| json!(code)).collect();
        object(
            "`PATCH /api/me`: the settings to change; absent fields stay",
            &[],
            vec![
                (
                    "email",
                    one_of(
                        "A new address, or null to remove it",
                        vec![null().into(), email().into()],
                    ),
                ),
                (
                    "mail_on",
                    ObjectBuilder::new()
                        .schema_type(SchemaType::Array(vec![Type::Boolean, Type::Null]))
                        .description(Some("Whether mails about games are wanted"))
                        .into(),
                ),
                (
                    "language",
                    one_of(
                        "The language of mails and pages",
                        vec![null().into(), one_of_values(&languages).into()],
                    ),
                ),
            ],
        )
        .into()
    }
}

impl ToSchema for accounts::SettingsChange {}

impl PartialSchema for accounts::PasswordChange {
    fn schema() -> RefOr<Schema> {
        object(
            "`POST /api/me/password`: the present password and the new one",
            &["password", "new_password"],
            vec![
                (
                    "password",
                    ObjectBuilder::new().schema_type(Type::String).into(),
                ),
                ("new_password", new_password().into()),
            ],
        )
        .into()
    }
}

impl ToSchema for accounts::PasswordChange {}

impl PartialSchema for accounts::ResetRequest {
    fn schema() -> RefOr<Schema> {
        object(
            "`POST /api/password-reset`: a reset link's token and the new password",
            &["token", "new_password"],
            vec![
                (
                    "token",
                    ObjectBuilder::new().schema_type(Type::String).into(),
                ),
                ("new_password", new_password().into()),
            ],
        )
        .into()
    }
}

impl ToSchema for accounts::ResetRequest {}

impl PartialSchema for accounts::ResetAsk {
    fn schema() -> RefOr<Schema> {
        let target = || string(1, accounts::MAX_EMAIL_CHARS);
        one_of(
            "`POST /api/password-reset/request`: the account's name or its e-mail address",
            vec![
                object(
                    "By the account's name",
                    &["name"],
                    vec![("name", target().into())],
                )
                .into(),
                object(
                    "By the account's e-mail address",
                    &["email"],
                    vec![("email", target().into())],
                )
                .into(),
            ],
        )
    }
}

impl ToSchema for accounts::ResetAsk {}

/// A request that is explained: a new game's record up to its first
/// decision (`carolus new --seed 1`) and a legal move there. Schemathesis
/// sends it, so the document's answer of 200 is checked too.
fn explain_example() -> serde_json::Value {
    json!({
        "record": {
            "format": "carolus-record/1",
            "players": 2,
            "setup": {"territories": "GPYPBBRGYGRBRYP", "order": [1, 0]},
            "moves": ["draw RYBJYGP"],
        },
        "move": "joker R",
        "lang": "de",
    })
}

impl PartialSchema for api::ExplainRequest {
    fn schema() -> RefOr<Schema> {
        object(
            "`POST /api/explain`: a position, as the record of the moves that lead to it, \
             and a move there",
            &["record", "move"],
            vec![
                (
                    "record",
                    ObjectBuilder::new()
                        .schema_type(Type::Object)
                        .description(Some(
                            "A carolus-record/1 (NOTATION.md) whose moves lead to the position",
                        ))
                        .into(),
                ),
                (
                    "move",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .description(Some("The move to explain, a token in the notation"))
                        .into(),
                ),
                (
                    "lang",
                    one_of(
                        "The language of the words (English when not given)",
                        vec![null().into(), reference::<api::Lang>()],
                    ),
                ),
            ],
        )
        .examples([explain_example()])
        .into()
    }
}

impl ToSchema for api::ExplainRequest {}

impl PartialSchema for api::PracticeRequest {
    fn schema() -> RefOr<Schema> {
        let mut example = explain_example();
        example["name"] = json!("Anna");
        example["level"] = json!(2);
        if let Some(fields) = example.as_object_mut() {
            fields.remove("move");
            fields.remove("lang");
        }
        object(
            "`POST /api/games/practice`: a game against the computer from a position, \
             as the record of the moves that lead to it",
            &["record", "name"],
            vec![
                (
                    "record",
                    ObjectBuilder::new()
                        .schema_type(Type::Object)
                        .description(Some(
                            "A carolus-record/1 (NOTATION.md) whose moves lead to the position; \
                             the seat that decides there is the person's",
                        ))
                        .into(),
                ),
                ("name", name().into()),
                (
                    "level",
                    one_of(
                        "The computer's level at the other seats (3 when not given)",
                        vec![
                            null().into(),
                            integer(
                                Level::MIN.number().into(),
                                Level::MAX.number().into(),
                                false,
                            )
                            .into(),
                        ],
                    ),
                ),
            ],
        )
        .examples([example])
        .into()
    }
}

impl ToSchema for api::PracticeRequest {}

impl PartialSchema for lesson::StartLesson {
    fn schema() -> RefOr<Schema> {
        object(
            "`POST /api/lessons`: the learner's name",
            &["name"],
            vec![("name", name().into())],
        )
        .into()
    }
}

impl ToSchema for lesson::StartLesson {}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    /// Walks what a client may send: the places of integers in `value`
    /// that state no maximum, following references into the components.
    struct Inputs<'a> {
        document: &'a Value,
        seen: BTreeSet<String>,
        unbounded: Vec<String>,
    }

    impl Inputs<'_> {
        fn walk(&mut self, value: &Value, at: &str) {
            match value {
                Value::Object(fields) => {
                    if let Some(Value::String(target)) = fields.get("$ref")
                        && self.seen.insert(target.clone())
                    {
                        let pointer = target.trim_start_matches('#');
                        let component = self.document.pointer(pointer).unwrap_or(&Value::Null);
                        self.walk(component, target);
                    }
                    let integer = match fields.get("type") {
                        Some(Value::String(kind)) => kind == "integer",
                        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "integer"),
                        _ => false,
                    };
                    if integer && !fields.contains_key("maximum") {
                        self.unbounded.push(at.to_owned());
                    }
                    for (name, field) in fields {
                        self.walk(field, &format!("{at}/{name}"));
                    }
                }
                Value::Array(items) => {
                    for (index, item) in items.iter().enumerate() {
                        self.walk(item, &format!("{at}/{index}"));
                    }
                }
                _ => {}
            }
        }
    }

    /// A rated game's rules are the schema's (so that Schemathesis's valid
    /// bodies are ones the server takes): each size of game is offered not
    /// rated and rated, the rated one requiring a clock that is no `null`
    /// and offering its seats as no person's or one person's at each place,
    /// never invited.
    #[test]
    fn a_rated_game_needs_a_clock_and_names_one_seat_at_most_in_the_schema() {
        let document: Value =
            serde_json::from_str(&super::document()).expect("the document is JSON");
        let games = document["components"]["schemas"]["CreateGame"]["oneOf"]
            .as_array()
            .expect("a new game is one of several shapes");
        assert_eq!(games.len(), 6);
        for (game, players) in games.iter().zip([2, 2, 3, 3, 4, 4]) {
            let rated = game["properties"]["rated"]["enum"] == serde_json::json!([true]);
            let required: Vec<&str> = game["required"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            assert_eq!(required.contains(&"clock"), rated, "{game}");
            assert_eq!(required.contains(&"rated"), rated, "{game}");
            assert_eq!(game["properties"]["players"]["enum"][0], players);
            if !rated {
                assert_eq!(
                    game["properties"]["rated"]["enum"],
                    serde_json::json!([false])
                );
                continue;
            }
            assert_eq!(
                game["properties"]["clock"]["$ref"],
                "#/components/schemas/ClockSpec"
            );
            let seatings = game["properties"]["seats"]["oneOf"].as_array().unwrap();
            assert_eq!(seatings.len(), players + 1, "none, or one at each place");
            for (place, seating) in seatings.iter().skip(1).enumerate() {
                let seats = seating["prefixItems"].as_array().unwrap();
                assert_eq!(seats.len(), players);
                assert_eq!(seating["items"], false);
                for (seat, schema) in seats.iter().enumerate() {
                    let person = schema["required"] == serde_json::json!(["name"]);
                    assert_eq!(person, seat == place, "{seating}");
                    if person {
                        assert_eq!(
                            schema["properties"]["invited"]["enum"],
                            serde_json::json!([false, null])
                        );
                    }
                }
            }
        }
    }

    /// The server reads every number a client sends into a fixed-width
    /// integer and refuses a larger one, so a request the document called
    /// valid would be refused.
    #[test]
    fn every_integer_a_client_sends_states_its_maximum() {
        let document: Value =
            serde_json::from_str(&super::document()).expect("the document is JSON");
        let mut inputs = Inputs {
            document: &document,
            seen: BTreeSet::new(),
            unbounded: Vec::new(),
        };
        let paths = document["paths"]
            .as_object()
            .expect("the document has paths");
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().into_iter().flatten() {
                for part in ["parameters", "requestBody"] {
                    if let Some(input) = operation.get(part) {
                        inputs.walk(input, &format!("{method} {path} {part}"));
                    }
                }
            }
        }
        // What a client sends on a WebSocket, too.
        let messages = &document["components"]["schemas"]["ClientMessage"];
        inputs.walk(messages, "ClientMessage");
        assert!(
            !inputs.seen.is_empty(),
            "request bodies refer to components"
        );
        assert!(
            inputs.unbounded.is_empty(),
            "integers without a maximum: {:#?}",
            inputs.unbounded
        );
    }

    /// The values of `type` that the message schema `name` allows.
    fn message_types(document: &Value, name: &str) -> BTreeSet<String> {
        let schema = &document["components"]["schemas"][name];
        let variants = schema["oneOf"]
            .as_array()
            .expect("messages are one of several");
        variants
            .iter()
            .map(|variant| {
                let variant = match variant["$ref"].as_str() {
                    Some(target) => document.pointer(target.trim_start_matches('#')).unwrap(),
                    None => variant,
                };
                // A variant holding a struct is that struct and its tag.
                let tagged = variant["allOf"].as_array().map_or(variant, |parts| {
                    parts
                        .iter()
                        .find(|part| part["properties"]["type"].is_object())
                        .unwrap()
                });
                let kinds = tagged["properties"]["type"]["enum"].as_array().unwrap();
                kinds[0].as_str().unwrap().to_owned()
            })
            .collect()
    }

    #[test]
    fn the_document_describes_every_websocket_message() {
        let document: Value =
            serde_json::from_str(&super::document()).expect("the document is JSON");
        let set = |words: &[&str]| words.iter().map(|word| (*word).to_owned()).collect();
        assert_eq!(
            message_types(&document, "ClientMessage"),
            set(&["auth", "move", "takeback"])
        );
        assert_eq!(
            message_types(&document, "ServerMessage"),
            set(&["auth", "error", "rematch", "seats", "thinking", "update"])
        );
    }

    #[test]
    fn the_example_of_an_explanation_is_a_legal_move_at_its_records_end() {
        let example = super::explain_example();
        let request: crate::api::ExplainRequest =
            serde_json::from_value(example.clone()).expect("the example is a request");
        let record = carolus_rules::Record::from_value(&Value::Object(request.record)).unwrap();
        let game = record.replay().unwrap();
        assert!(game.is_legal(&request.mv.parse().unwrap()));
        let document: Value =
            serde_json::from_str(&super::document()).expect("the document is JSON");
        assert_eq!(
            document["components"]["schemas"]["ExplainRequest"]["examples"][0],
            example
        );
    }

    #[test]
    fn every_429_and_503_says_when_to_come_back() {
        let document: Value =
            serde_json::from_str(&super::document()).expect("the document is JSON");
        let mut answers = 0;
        for (path, operations) in document["paths"].as_object().unwrap() {
            for (method, operation) in operations.as_object().into_iter().flatten() {
                for status in ["429", "503"] {
                    if let Some(response) = operation["responses"].get(status) {
                        answers += 1;
                        assert!(
                            response["headers"]["Retry-After"].is_object(),
                            "{method} {path} {status}"
                        );
                    }
                }
            }
        }
        assert!(answers > 10, "{answers} answers with 429 or 503");
    }
}
