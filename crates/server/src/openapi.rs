//! The OpenAPI document served at `GET /api/openapi.json`, generated from
//! the handlers' annotations and the types of `api.rs`, so that it cannot
//! drift from what the server does.

use utoipa::OpenApi;

use crate::api;
use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Carolus",
        description = "Carolus Magnus over HTTP: create games, claim seats, play moves, \
                       download records. Every move is checked by the rules engine. \
                       Live updates come over the WebSocket at /api/games/{id}/ws (see API.md)."
    ),
    paths(
        routes::create_game,
        routes::list_games,
        routes::get_game,
        routes::claim_seat,
        routes::play_move,
        routes::get_record,
        routes::hint,
        routes::health,
    ),
    components(schemas(
        api::CreateGame,
        api::VariantSpec,
        api::SeatSpec,
        api::ClockSpec,
        api::CreatedGame,
        api::SeatToken,
        api::ClaimSeat,
        api::MoveRequest,
        api::MoveAccepted,
        api::Status,
        api::GameView,
        api::SeatInfo,
        api::GameList,
        api::GameSummary,
        api::ErrorBody,
        api::Health,
        api::Hint,
    )),
    modifiers(&BearerToken)
)]
pub struct ApiDoc;

/// Declares the seat token as the API's bearer scheme.
struct BearerToken;

impl utoipa::Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
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
    }
}

/// The document as JSON.
pub fn document() -> String {
    ApiDoc::openapi().to_json().unwrap_or_default()
}
