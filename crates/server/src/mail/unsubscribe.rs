//! `GET /unsubscribe?token=…` and `POST /unsubscribe?token=…`: the link at
//! the foot of every mail, which works without signing in.
//!
//! `GET` only shows a page that asks (mail scanners open links on their
//! own, and must not unsubscribe anyone); its button, or a mail program's
//! one-click unsubscribe (RFC 8058: a `POST` to the same address with the
//! body `List-Unsubscribe=One-Click`), does it. The token is the address
//! signed with the server's key (`token.rs`), so nobody can stop another
//! address's mails. The pages are plain HTML in the language of the link
//! (`lang`), their words from the catalogs, the address escaped.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use carolus_l10n::{Arg, Language, catalog};
use serde::Deserialize;
use serde::de::Deserializer;
use utoipa::IntoParams;

use crate::api::ErrorBody;
use crate::error::ApiError;
use crate::extract::{ClientAddr, QueryOf, limited, query_value};
use crate::responses::{StoreUnreachable, TooManyRequests};
use crate::state::AppState;

/// The query of the unsubscribe page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The token of the mail's link: the address, signed.
    pub token: String,
    /// The page's language: en, de or fr (English by default).
    #[param(value_type = Option<String>, pattern = "^(en|de|fr)$")]
    #[serde(default, deserialize_with = "language")]
    pub lang: Option<Language>,
}

fn language<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Language>, D::Error> {
    query_value(deserializer, |text| {
        text.parse::<Language>()
            .map_err(|_| format!("must be en, de or fr, not {text:?}"))
    })
}

/// The page that asks whether to stop the mails to the token's address.
#[utoipa::path(
    get, path = "/unsubscribe",
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "A page asking to confirm, with a button that sends the POST", content_type = "text/html", body = String),
        (status = 400, description = "A malformed query: no token, an unknown parameter or language", body = ErrorBody),
        (status = 403, description = "A token this server did not sign (a link cut or made up): a page saying so", content_type = "text/html", body = String),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn unsubscribe_page(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    QueryOf(query): QueryOf<UnsubscribeQuery>,
) -> Result<Response, ApiError> {
    limited(&state, client)?;
    let language = query.lang.unwrap_or(Language::English);
    let Some((address, token)) = checked(&state, &query.token).await? else {
        return Ok(not_valid(language));
    };
    let words = catalog(language);
    let action = format!(
        "/unsubscribe?token={}&amp;lang={}",
        escape(&token),
        language.code()
    );
    let body = format!(
        "<p>{}</p>\n<form method=\"post\" action=\"{action}\">\
         <input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\
         <button type=\"submit\">{}</button></form>",
        escape(&words.format("unsubscribe-ask", &[("address", Arg::from(&address))])),
        escape(&words.text("unsubscribe-button")),
    );
    Ok(page(StatusCode::OK, language, &body))
}

/// Stops the mails to the token's address (all but password resets,
/// which the person asks for). Also the one-click unsubscribe of RFC
/// 8058; whatever body is sent is not read.
#[utoipa::path(
    post, path = "/unsubscribe",
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "Done (also when the address had unsubscribed before): a page saying so", content_type = "text/html", body = String),
        (status = 400, description = "A malformed query: no token, an unknown parameter or language", body = ErrorBody),
        (status = 403, description = "A token this server did not sign (a link cut or made up): a page saying so", content_type = "text/html", body = String),
        (status = 429, response = inline(TooManyRequests)),
        (status = 503, description = "The store cannot be reached; nothing was changed", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds after which to try again"))),
    )
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    QueryOf(query): QueryOf<UnsubscribeQuery>,
) -> Result<Response, ApiError> {
    limited(&state, client)?;
    let language = query.lang.unwrap_or(Language::English);
    let Some((address, _)) = checked(&state, &query.token).await? else {
        return Ok(not_valid(language));
    };
    super::queue::opt_out(state.store(), &address, state.clock().now_ms())
        .await
        .map_err(|_| ApiError::unavailable("the store cannot be reached; try again"))?;
    tracing::info!("an address unsubscribed from mails");
    let words = catalog(language);
    let body = format!(
        "<p>{}</p>",
        escape(&words.format("unsubscribe-done", &[("address", Arg::from(&address))]))
    );
    Ok(page(StatusCode::OK, language, &body))
}

/// The address `token` unsubscribes, and the token, if the server's key
/// signed it.
async fn checked(state: &AppState, token: &str) -> Result<Option<(String, String)>, ApiError> {
    let key = state
        .post()
        .key(state.store())
        .await
        .map_err(|_| ApiError::unavailable("the store cannot be reached; try again"))?;
    Ok(key.verify(token).map(|address| (address, token.to_owned())))
}

fn not_valid(language: Language) -> Response {
    let words = catalog(language);
    let body = format!("<p>{}</p>", escape(&words.text("unsubscribe-bad")));
    page(StatusCode::FORBIDDEN, language, &body)
}

/// A whole page around `body` (already escaped HTML).
fn page(status: StatusCode, language: Language, body: &str) -> Response {
    let words = catalog(language);
    let html = format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{title}</title>\
         <style>body{{font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}}\
         button{{font-size:1rem;padding:.5rem 1rem}}</style></head>\
         <body><h1>{title}</h1>\n{body}\n</body></html>\n",
        language.code(),
        title = escape(&words.text("unsubscribe-title")),
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        html,
    )
        .into_response()
}

/// `text` safe inside HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_escaped() {
        assert_eq!(
            escape(r#"<script>alert("x")</script>&'"#),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"
        );
    }
}
