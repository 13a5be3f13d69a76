//! The HTTP handlers of games: each reads and checks its request (with
//! `extract.rs`), asks the game's task or the store, and answers JSON.
//! Every failure is an [`ApiError`] with a JSON body that says what was
//! wrong. `lib.rs` assembles them, with `replay.rs`'s, into the router.

use std::net::IpAddr;

use axum::Json;
use axum::body::Body;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{FromRequest, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer};
use tokio::sync::oneshot;
use utoipa::IntoParams;

use crate::accounts::{self, MaybeSignedIn};
use crate::api::{
    self, ClaimSeat, CreateGame, CreatedGame, ErrorBody, GameList, GameView, Health, Hint,
    HintQuery, Invitation, Invitations, MoveAccepted, MoveRequest, RematchCreated, SeatToken,
    Status, TakeBackRequest,
};
use crate::error::ApiError;
use crate::extract::{ClientAddr, JsonBody, PathOf, QueryOf, bearer_token, limited, query_value};
use crate::invite;
use crate::live::{Accepted, Command, HintPosition};
use crate::responses::{BodyTooLarge, StoreUnreachable, TooManyRequests};
use crate::secret::{self, OsRandom};
use crate::state::AppState;
use crate::store::{Cursor, OwnedSeat};
use crate::table::{Hosting, NewSeat, NewTable, Table};
use crate::{explain, openapi, ws};
use carolus_ai::Level;

/// The read buffer of a WebSocket, in bytes.
const READ_BUFFER: usize = 4096;
/// The most games one page of the list holds.
const MAX_PAGE: usize = 100;
/// Games on a page when the client does not say.
const DEFAULT_PAGE: usize = 20;

/// The path of a game's routes.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct GamePath {
    /// The game's id: 12 characters of a-z and 2-9 without look-alikes.
    #[param(pattern = "^[a-kmnp-z2-9]{12}$")]
    pub id: String,
}

/// The path of a seat of a game.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct SeatPath {
    /// The game's id: 12 characters of a-z and 2-9 without look-alikes.
    #[param(pattern = "^[a-kmnp-z2-9]{12}$")]
    pub id: String,
    /// The seat, from 0.
    #[param(value_type = u8, minimum = 0, maximum = 3)]
    pub seat: String,
}

/// The query of `GET /api/games`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only games with this status.
    #[serde(default, deserialize_with = "status_word")]
    pub status: Option<Status>,
    /// The `next` of the previous page.
    #[param(value_type = Option<String>, pattern = "^[0-9]{1,18}-[a-kmnp-z2-9]{12}$")]
    #[serde(default, deserialize_with = "page_of_the_list")]
    pub before: Option<Cursor>,
    /// Games per page, 1 to 100 (20 by default).
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "page_size")]
    pub limit: Option<usize>,
    /// Instead of the lobby's list, the games with these ids (up to 100,
    /// separated by commas), listed or not: a browser's own games, whose
    /// ids it knows; `status`, `before` and `limit` apply to them alike.
    #[param(value_type = Option<String>, pattern = "^[a-kmnp-z2-9]{12}(,[a-kmnp-z2-9]{12}){0,99}$")]
    #[serde(default, deserialize_with = "game_ids")]
    pub ids: Option<Vec<String>>,
}

fn game_ids<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<String>>, D::Error> {
    query_value(deserializer, |text| {
        let ids: Vec<String> = text.split(',').map(str::to_owned).collect();
        if ids.len() > MAX_PAGE {
            return Err(format!("names {} games; at most {MAX_PAGE}", ids.len()));
        }
        match ids.iter().find(|id| !secret::is_game_id_syntax(id)) {
            Some(bad) => Err(format!("{bad:?} is not a game's id")),
            None => Ok(ids),
        }
    })
}

fn status_word<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Status>, D::Error> {
    query_value(deserializer, |text| {
        Status::from_word(text)
            .ok_or_else(|| format!("must be open, running or over, not {text:?}"))
    })
}

fn page_of_the_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Cursor>, D::Error> {
    query_value(deserializer, |text| {
        page_cursor(text).ok_or_else(|| format!("{text:?} is not a page of this list"))
    })
}

fn page_size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
    query_value(deserializer, |text| {
        text.parse()
            .ok()
            .filter(|n| (1..=MAX_PAGE).contains(n))
            .ok_or_else(|| format!("must be 1 to {MAX_PAGE}, not {text:?}"))
    })
}

/// The longest count of milliseconds a cursor holds: 18 digits always fit
/// in an `i64`.
const CURSOR_DIGITS: usize = 18;

/// A page's cursor as [`Cursor::to_text`] hands it out (`MILLIS-ID`),
/// the form the document's pattern states; anything else is refused.
fn page_cursor(text: &str) -> Option<Cursor> {
    let (millis, id) = text.split_once('-')?;
    let well_formed = (1..=CURSOR_DIGITS).contains(&millis.len())
        && millis.bytes().all(|b| b.is_ascii_digit())
        && secret::is_game_id_syntax(id);
    well_formed.then(|| Cursor::from_text(text)).flatten()
}

/// Creates a game.
#[utoipa::path(
    post, path = "/api/games", request_body = CreateGame,
    responses(
        (status = 201, description = "The game, with a token for each person's seat", body = CreatedGame,
            links(
                ("GetGame" = (operation_id = "get_game", parameters(("id" = "$response.body#/id")))),
                ("GetRecord" = (operation_id = "get_record", parameters(("id" = "$response.body#/id")))),
                ("ClaimSeat" = (operation_id = "claim_seat", parameters(("id" = "$response.body#/id")),
                    description = "Claim one of the game's open seats")),
                ("PlayMove" = (operation_id = "play_move", parameters(("id" = "$response.body#/id")),
                    description = "Play a move, with the token of a seat in `seats`")),
                ("Hint" = (operation_id = "hint", parameters(("id" = "$response.body#/id")),
                    description = "Ask for advice, with the token of a seat in `seats`")),
            )),
        (status = 400, description = "The body is not JSON or does not describe a game", body = ErrorBody),
        (status = 403, description = "A rated game asked for without signing in", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, description = "Too many games created from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 503, description = "The game could not be stored; nothing was created", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn create_game(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    MaybeSignedIn(session): MaybeSignedIn,
    JsonBody(request): JsonBody<CreateGame>,
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    let id = secret::new_game_id();
    let (new, seats) = request.to_new_table(&id)?;
    if request.rated && session.is_none() {
        return Err(ApiError::forbidden(
            "field `rated`: sign in to create a rated game",
        ));
    }
    let owners = session
        .as_ref()
        .map(|session| accounts::created_owners(session, &request, &seats))
        .unwrap_or_default();
    start_game(&state, client, id, new, seats, &owners).await
}

/// Creates and stores the game `new` as `id`, whose people hold `seats`
/// (those of them that accounts own, `owners`, stored with it), counted
/// against `client`'s games a minute: a game of `POST /api/games`, a
/// guided game of `POST /api/lessons` or a practice game.
pub(crate) async fn start_game(
    state: &AppState,
    client: IpAddr,
    id: String,
    new: NewTable,
    seats: Vec<SeatToken>,
    owners: &[OwnedSeat],
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    state.creates().take(client).map_err(|wait| {
        ApiError::too_many(
            "too many games created from this address; wait a minute",
            wait,
        )
    })?;
    let players = new.players;
    let table = Table::create(id.clone(), new, state.clock().now_ms(), &mut OsRandom)?;
    state.start_owned(table, owners).await.map_err(|error| {
        tracing::error!(%error, "a new game could not be stored");
        ApiError::unavailable("the game could not be stored; try again")
    })?;
    tracing::info!(game = %id, players, "game created");
    Ok((StatusCode::CREATED, Json(CreatedGame { id, seats })))
}

/// Starts a game against the computer from a position: the review's "try
/// again from here".
#[utoipa::path(
    post, path = "/api/games/practice", request_body = api::PracticeRequest,
    responses(
        (status = 201, description = "The game, with the token of the person's seat: the seat that decides at the record's end", body = CreatedGame,
            links(
                ("GetGame" = (operation_id = "get_game", parameters(("id" = "$response.body#/id")))),
            )),
        (status = 400, description = "The body is not `{\"record\", \"name\", \"level\"}`, the name or level is not one, or the record does not read or replay (the error says which move and why)", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "Nobody decides at the record's end: the game is over, or a draw is due", body = ErrorBody),
        (status = 429, description = "Too many games created from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 503, description = "The game could not be stored; nothing was created", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn practice(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<api::PracticeRequest>,
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    let name = crate::table::checked_name(&request.name, "name")?;
    let level = Level::new(request.level.unwrap_or(3))
        .map_err(|error| ApiError::bad_request(format!("field `level`: {error}")))?;
    let record = carolus_rules::Record::from_value(&serde_json::Value::Object(request.record))
        .map_err(|error| ApiError::bad_request(format!("the record: {error}")))?;
    let game = record
        .replay()
        .map_err(|error| ApiError::bad_request(format!("the record: {error}")))?;
    explain::decision_due(&game, record.moves.len())?;
    let person = game.to_act().map_or(0, |seat| seat.index());
    let token = secret::new_token();
    let seats = (0..game.players())
        .map(|seat| {
            if seat == person {
                NewSeat::Person {
                    name: name.clone(),
                    token_hash: secret::token_hash(&token),
                }
            } else {
                NewSeat::Computer { level, name: None }
            }
        })
        .collect();
    let new = NewTable {
        players: game.players(),
        teams: game.variant().teams,
        seats,
        clock: None,
        hints: true,
        start: Some(record),
        lesson: false,
        hosting: Hosting::default(),
    };
    let id = secret::new_game_id();
    start_game(
        &state,
        client,
        id,
        new,
        vec![SeatToken {
            seat: person,
            token,
        }],
        &[],
    )
    .await
}

/// Lists games, newest first.
#[utoipa::path(
    get, path = "/api/games",
    params(ListQuery),
    responses(
        (status = 200, description = "One page of games", body = GameList),
        (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn list_games(
    State(state): State<AppState>,
    QueryOf(ListQuery {
        status,
        before,
        limit,
        ids,
    }): QueryOf<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    let limit = limit.unwrap_or(DEFAULT_PAGE);
    let (games, next) = state
        .store()
        .list(status, before.as_ref(), limit, ids.as_deref())
        .await
        .map_err(|_| ApiError::unavailable("the store cannot be reached; try again"))?;
    Ok(Json(GameList {
        games,
        next: next.map(|cursor| cursor.to_text()),
    }))
}

/// A game as everyone may see it.
#[utoipa::path(
    get, path = "/api/games/{id}",
    params(GamePath),
    responses(
        (status = 200, description = "The game", body = GameView),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn get_game(
    State(state): State<AppState>,
    PathOf(GamePath { id }): PathOf<GamePath>,
) -> Result<Json<GameView>, ApiError> {
    let game = state.game(&id).await?;
    let mut view = game.ask(|answer| Command::View { answer }).await?;
    if view.rated && view.status == Status::Over {
        view.rating_changes = crate::rating::game_changes(state.store(), &id).await?;
    }
    Ok(Json(view))
}

/// Claims an open seat.
#[utoipa::path(
    post, path = "/api/games/{id}/seats/{seat}", request_body = ClaimSeat,
    params(SeatPath),
    responses(
        (status = 200, description = "The seat's token", body = SeatToken,
            links(
                ("PlayMove" = (operation_id = "play_move", parameters(("id" = "$request.path.id")),
                    description = "Play a move, with the token just given")),
            )),
        (status = 400, description = "A malformed body, name or seat", body = ErrorBody),
        (status = 403, description = "A rated game's seat, claimed without signing in", body = ErrorBody),
        (status = 404, description = "No such game, or the game has no such seat", body = ErrorBody),
        (status = 409, description = "The seat is taken, or was never open", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, description = "The claim could not be stored; nothing was changed", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn claim_seat(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    MaybeSignedIn(session): MaybeSignedIn,
    PathOf(SeatPath { id, seat }): PathOf<SeatPath>,
    JsonBody(request): JsonBody<ClaimSeat>,
) -> Result<Json<SeatToken>, ApiError> {
    limited(&state, client)?;
    let seat: usize = seat
        .parse()
        .map_err(|_| ApiError::bad_request(format!("a seat is a number from 0, not {seat:?}")))?;
    let game = state.game(&id).await?;
    let token = game
        .ask(|answer| Command::Claim {
            seat,
            name: request.name,
            signed_in: session.is_some(),
            answer,
        })
        .await??;
    if let Some(session) = &session {
        accounts::own(&state, session, &id, &token).await;
    }
    Ok(Json(token))
}

/// Plays a move.
#[utoipa::path(
    post, path = "/api/games/{id}/moves", request_body = MoveRequest,
    params(GamePath),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The move and the draws it made due were played", body = MoveAccepted),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "The token is not this game's seat to act, or its time ran out", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "`at` is not the record's length (which the answer holds), or the game is over or still open", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 422, description = "An illegal move (the answer holds the legal ones)", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, description = "The move could not be stored; nothing was changed", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn play_move(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    headers: HeaderMap,
    request: Request<Body>,
) -> Result<Json<MoveAccepted>, ApiError> {
    as_seat(
        state,
        client,
        &id,
        &headers,
        request,
        |token, body: MoveRequest, answer| Command::Move {
            token,
            text: body.mv,
            at: body.at,
            with_state: true,
            answer,
        },
    )
    .await
}

/// A change a seat asks for with its token and a JSON body, made by the
/// game's task from the `command` built of them.
async fn as_seat<T: DeserializeOwned + Send>(
    state: AppState,
    client: IpAddr,
    id: &str,
    headers: &HeaderMap,
    request: Request<Body>,
    command: impl FnOnce(String, T, oneshot::Sender<Result<Accepted, ApiError>>) -> Command,
) -> Result<Json<MoveAccepted>, ApiError> {
    let token = bearer_token(headers)?;
    let JsonBody(body) = JsonBody::<T>::from_request(request, &state).await?;
    limited(&state, client)?;
    let game = state.game(id).await?;
    let accepted = game.ask(|answer| command(token, body, answer)).await??;
    Ok(Json(accepted.into_answer()))
}

/// Takes back the last decision of the seat holding the token, in a game
/// against the computer: the record ends before it, and the seat decides
/// again.
#[utoipa::path(
    post, path = "/api/games/{id}/takeback", request_body = TakeBackRequest,
    params(GamePath),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The decision and everything after it were taken back", body = MoveAccepted),
        (status = 400, description = "A malformed body", body = ErrorBody),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "The token is not this game's, or the game is not one against the computer without a clock", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "`at` is not the record's length (which the answer holds), the game is over or open, or the seat has made no decision yet", body = ErrorBody),
        (status = 413, response = inline(BodyTooLarge)),
        (status = 429, response = inline(TooManyRequests)),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, description = "The take back could not be stored; nothing was changed", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn take_back(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    headers: HeaderMap,
    request: Request<Body>,
) -> Result<Json<MoveAccepted>, ApiError> {
    as_seat(
        state,
        client,
        &id,
        &headers,
        request,
        |token, body: TakeBackRequest, answer| Command::TakeBack {
            token,
            at: body.at,
            with_state: true,
            answer,
        },
    )
    .await
}

/// The computer's advice to the seat to act: a move, every seat's chance
/// of winning, and why the move, in facts and words.
#[utoipa::path(
    post, path = "/api/games/{id}/hint",
    params(GamePath, HintQuery),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The suggested move, the win chances, and the move's facts and words", body = Hint),
        (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "Hints are off, or the token is not this game's", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "No decision of this seat is due", body = ErrorBody),
        (status = 429, description = "Too many hints asked for", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 500, description = "The game cannot be read back, or the computer failed", body = ErrorBody),
        (status = 503, description = "The store cannot be reached, or the server is stopping", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn hint(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    QueryOf(HintQuery { lang }): QueryOf<HintQuery>,
    headers: HeaderMap,
) -> Result<Json<Hint>, ApiError> {
    let token = bearer_token(&headers)?;
    state
        .hints()
        .take(client)
        .map_err(|wait| ApiError::too_many("too many hints asked for; wait a minute", wait))?;
    let game = state.game(&id).await?;
    let HintPosition {
        game: position,
        level,
        names,
    } = game
        .ask(|answer| Command::HintPosition { token, answer })
        .await??;
    let explained = state
        .thinkers()
        .explain(&position, None, level, state.limits().hint_time)
        .await
        .map_err(|_| ApiError::unavailable("the server is shutting down"))?
        .map_err(|error| {
            tracing::error!(game = %id, %error, "a hint failed");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the computer could not give a hint",
            )
        })?;
    let report = explain::report(
        &position,
        &explained.explanation,
        names.as_deref(),
        lang.unwrap_or_default(),
    );
    Ok(Json(Hint {
        mv: explained.analysis.best.to_string(),
        win: explained.analysis.win,
        level: level.number(),
        line: report.line,
        facts: report
            .facts
            .iter()
            .map(|fact| serde_json::to_value(fact).unwrap_or_default())
            .collect(),
        text: report.text,
    }))
}

/// The invited seats' links again, for the host: every invited seat that
/// nobody has claimed yet, with its token.
#[utoipa::path(
    get, path = "/api/games/{id}/invitations",
    params(GamePath),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The invited seats not yet claimed, with their tokens", body = Invitations),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "The token is not the host's (the creator's own seat)", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn get_invitations(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    headers: HeaderMap,
) -> Result<Json<Invitations>, ApiError> {
    let token = bearer_token(&headers)?;
    limited(&state, client)?;
    let hosted = state
        .store()
        .invitations(&id)
        .await
        .map_err(|_| ApiError::unavailable("the store cannot be reached; try again"))?
        .ok_or_else(|| ApiError::not_found(format!("there is no game {id}")))?;
    let Some((host, _)) = hosted
        .host
        .as_ref()
        .filter(|(_, hash)| secret::token_matches(&token, hash))
    else {
        return Err(ApiError::forbidden(
            "only the host (the seat of the game's creator) reads the invitations again",
        ));
    };
    let invitations = hosted
        .invites
        .into_iter()
        .filter(|(seat, _, _)| seat != host)
        .filter_map(|(seat, name, sealed)| {
            invite::open(&sealed, &token, &id, seat).map(|token| Invitation { seat, name, token })
        })
        .collect();
    Ok(Json(Invitations { invitations }))
}

/// Ends a game between people as abandoned: in a game without a clock
/// whose person to act has been away for the time the host set.
#[utoipa::path(
    post, path = "/api/games/{id}/abandon",
    params(GamePath),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The game is over; its record's result names the seat that left", body = MoveAccepted),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "The token is not this game's, the game has a clock, \
            or it waits for the one asking or for the computer", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "The game is over or open, or the person to act has not been away long enough", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, description = "The change could not be stored; nothing was changed", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn abandon(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    headers: HeaderMap,
) -> Result<Json<MoveAccepted>, ApiError> {
    let token = bearer_token(&headers)?;
    limited(&state, client)?;
    let game = state.game(&id).await?;
    let accepted = game
        .ask(|answer| Command::Abandon { token, answer })
        .await??;
    Ok(Json(accepted.into_answer()))
}

/// Offers a rematch of a finished game: a new game with the same people
/// and computer levels, each a seat further round. Everyone plays it with
/// the token they hold; the others hear of it on the WebSocket
/// (`rematch`). Asked again, by any seat, it answers the same game.
#[utoipa::path(
    post, path = "/api/games/{id}/rematch",
    params(GamePath),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The rematch and the token's seat in it", body = RematchCreated),
        (status = 401, description = "No seat token, or text that is not one", body = ErrorBody,
            headers(("WWW-Authenticate" = String, description = "`Bearer`"))),
        (status = 403, description = "The token is not this game's", body = ErrorBody),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "The game is not over", body = ErrorBody),
        (status = 429, description = "Too many games created from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until this address may send the request again"))),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, description = "The rematch could not be stored", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn rematch(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    headers: HeaderMap,
) -> Result<Json<RematchCreated>, ApiError> {
    let token = bearer_token(&headers)?;
    limited(&state, client)?;
    let game = state.game(&id).await?;
    let created = game
        .ask(|answer| Command::Rematch { token, answer })
        .await??;
    Ok(Json(created))
}

/// The computer's analysis of a finished game: made at the first request,
/// kept, and answered from the store from then on.
#[utoipa::path(
    get, path = "/api/games/{id}/analysis",
    params(GamePath),
    responses(
        (status = 200, description = "The analysis: every decision with the win chances before it, \
            the computer's preferred move, what the move played cost and its mark (`?`, `??` or null)", content_type = "application/json"),
        (status = 202, description = "The analysis is being made; ask again in a few seconds", body = Analysing),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "The game is not over", body = ErrorBody),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn get_analysis(
    State(state): State<AppState>,
    PathOf(GamePath { id }): PathOf<GamePath>,
) -> Result<Response, ApiError> {
    let unreachable = |_| ApiError::unavailable("the store cannot be reached; try again");
    if let Some(body) = state.store().analysis(&id).await.map_err(unreachable)? {
        return Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response());
    }
    let game = state.game(&id).await?;
    let view = game.ask(|answer| Command::View { answer }).await?;
    if view.status != Status::Over {
        return Err(ApiError::conflict(
            "the game is not over: its analysis is made when it ends",
        ));
    }
    if state.analyst().begin(&id) {
        let record = match stored_record(&view.record) {
            Ok(record) => record,
            Err(error) => {
                state.analyst().end(&id);
                return Err(error);
            }
        };
        let state = state.clone();
        tokio::spawn(async move {
            match state.analyst().analyse(record).await {
                Ok(analysis) => {
                    if let Err(error) = state
                        .store()
                        .keep_analysis(&id, &analysis.to_string())
                        .await
                    {
                        tracing::warn!(game = %id, %error, "an analysis could not be kept");
                    }
                }
                Err(error) => tracing::warn!(game = %id, %error, "a game could not be analysed"),
            }
            state.analyst().end(&id);
        });
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(Analysing {
            status: "analysing",
        }),
    )
        .into_response())
}

/// Every seat's chance of winning now, as the computer estimates it.
#[utoipa::path(
    get, path = "/api/games/{id}/chances",
    params(GamePath),
    responses(
        (status = 200, description = "The estimate at the game's present position", body = ChancesNow),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 409, description = "The game is over (its analysis has the chances), or no decision is due", body = ErrorBody),
        (status = 429, response = inline(TooManyRequests)),
        (status = 500, description = "The game cannot be read back, or the computer failed", body = ErrorBody),
        (status = 503, description = "The store cannot be reached, or the server is stopping", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn get_chances(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
) -> Result<Json<ChancesNow>, ApiError> {
    limited(&state, client)?;
    let game = state.game(&id).await?;
    let view = game.ask(|answer| Command::View { answer }).await?;
    if view.status == Status::Over {
        return Err(ApiError::conflict(
            "the game is over: its analysis has the chances of every move",
        ));
    }
    let record = stored_record(&view.record)?;
    let position = record.replay().map_err(|error| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the stored record does not replay: {error}"),
        )
    })?;
    if position.legal_moves().is_empty() {
        return Err(ApiError::conflict("no decision is due at this moment"));
    }
    let at = record.moves.len();
    let win = state
        .chances()
        .of(
            &id,
            at,
            view.takebacks,
            &position,
            state.thinkers(),
            state.limits().hint_time,
        )
        .await
        .map_err(|error| {
            tracing::error!(game = %id, %error, "an estimate failed");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the computer could not estimate the chances",
            )
        })?;
    Ok(Json(ChancesNow {
        at,
        win,
        level: carolus_ai::Level::HINT.number(),
    }))
}

/// `GET /api/games/{id}/chances`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ChancesNow {
    /// The number of moves of the position estimated.
    pub at: usize,
    /// Every seat's chance of winning (in the team game partners share
    /// their team's).
    pub win: Vec<f64>,
    /// The computer level whose estimate it is.
    pub level: u8,
}

/// A game's record as the store keeps it, read back.
fn stored_record(record: &serde_json::Value) -> Result<carolus_rules::Record, ApiError> {
    carolus_rules::Record::from_value(record).map_err(|error| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the stored record does not read: {error}"),
        )
    })
}

/// The answer while an analysis is being made.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Analysing {
    /// Always `"analysing"`.
    pub status: &'static str,
}

/// The game's record as a file.
#[utoipa::path(
    get, path = "/api/games/{id}/record",
    params(GamePath),
    responses(
        (status = 200, description = "The carolus-record/1 of the game so far", content_type = "application/json",
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"carolus-ID.json\"`"))),
        (status = 404, description = "No such game", body = ErrorBody),
        (status = 500, description = "The game cannot be read back from the store", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn get_record(
    State(state): State<AppState>,
    PathOf(GamePath { id }): PathOf<GamePath>,
) -> Result<Response, ApiError> {
    let game = state.game(&id).await?;
    let view = game.ask(|answer| Command::View { answer }).await?;
    let text = serde_json::to_string_pretty(&view.record).unwrap_or_default() + "\n";
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"carolus-{id}.json\""),
            ),
        ],
        text,
    )
        .into_response())
}

pub(crate) async fn websocket(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PathOf(GamePath { id }): PathOf<GamePath>,
    QueryOf(since): QueryOf<ws::Since>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // A request that is no WebSocket handshake gets axum's status (400,
    // 405 or 426) with the API's JSON body rather than axum's text.
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::new(
            rejection.status(),
            format!("this is a WebSocket: {}", rejection.body_text()),
        )
    })?;
    let game = state.game(&id).await?;
    let limit = state.limits().message_bytes;
    Ok(upgrade
        .max_message_size(limit)
        .max_frame_size(limit)
        // Clients send a few small messages, and the buffers are allocated
        // per connection: small ones keep ten thousand spectators cheap.
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| ws::serve(socket, state, game, since, client)))
}

pub(crate) async fn openapi_document() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi::document(),
    )
        .into_response()
}

/// Whether the server can reach its store.
#[utoipa::path(
    get, path = "/healthz",
    responses(
        (status = 200, description = "The store answers", body = Health),
        (status = 503, description = "The store does not answer", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state
        .store()
        .ping()
        .await
        .map_err(|error| ApiError::unavailable(format!("the store does not answer: {error}")))?;
    Ok(Json(Health {
        status: "ok".to_owned(),
    }))
}

pub(crate) async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics().render(state.thinkers().queued()),
    )
        .into_response()
}
