//! The browser client of Carolus: plain HTML, CSS and JavaScript modules
//! that draw the board in SVG, embedded in the binary so that running the
//! server needs nothing but cargo.
//!
//! The client decides no rule. It shows the server's `carolus-state/1` and
//! offers exactly the moves in its `legal` list; the game server
//! (`carolus-server`) merges [`pages`] into its routes.
//!
//! Every page of the client is the same document, `index.html`, whose
//! script reads the address and draws the lobby, a game's table, the
//! replay of a record or the rules. The paths that lead to it are listed in
//! [`PAGE_PATHS`], so that a reload or a shared link lands on the page it
//! names.

use std::borrow::Cow;

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::Embed;

/// The files of the client, under `crates/web/assets`.
#[derive(Embed)]
#[folder = "assets/"]
struct Assets;

/// The message catalogs, served as `/assets/locales/{en,de,fr}.ftl`. Their
/// one copy belongs to carolus-l10n, which the terminal game reads them
/// with; they are embedded from its folder rather than through that crate
/// so that the server does not link a Fluent implementation it never uses
/// (the page has its own reader).
#[derive(Embed)]
#[folder = "../l10n/locales/"]
#[prefix = "locales/"]
struct Locales;

/// An embedded file of the client or the catalogs.
fn embedded(name: &str) -> Option<rust_embed::EmbeddedFile> {
    Assets::get(name).or_else(|| Locales::get(name))
}

/// The paths of the client's pages: the lobby, a game's table, the replay
/// of an uploaded record, the rules, the way into the guided first game,
/// signing up or in, one's settings, a player's profile, a password
/// reset and the leaderboard.
pub const PAGE_PATHS: [&str; 10] = [
    "/",
    "/games/{id}",
    "/replay",
    "/rules",
    "/learn",
    "/account",
    "/settings",
    "/players/{name}",
    "/reset",
    "/leaderboard",
];

/// What the browser may do with the pages: scripts, styles and connections
/// only from this server (the WebSocket included), no frames, no plug-ins.
/// A seat's token lives in the page's fragment and the browser's storage;
/// this keeps any injected markup from sending it elsewhere.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
     form-action 'self'";

/// The routes of the client's pages and files, to be merged into the game
/// server's router (they use no state of their own).
pub fn pages<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    for path in PAGE_PATHS {
        router = router.route(path, get(page));
    }
    router
        .route("/assets/{*file}", get(asset))
        .route("/favicon.ico", get(favicon))
}

/// The document of every page.
async fn page(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

/// Browsers ask for `/favicon.ico` by themselves; the icon is SVG.
async fn favicon(headers: HeaderMap) -> Response {
    serve("icon.svg", &headers)
}

/// A file under `/assets/`.
async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    // The page itself is only served at its paths, so that it has one
    // address of each kind.
    if file == "index.html" {
        return not_found();
    }
    serve(&file, &headers)
}

/// Answers the file `name`, or 304 when the browser's copy (named by its
/// entity tag) is still current. The files change only with the binary,
/// but browsers must ask again after an upgrade, hence `no-cache` (keep,
/// but check) rather than a lifetime.
fn serve(name: &str, headers: &HeaderMap) -> Response {
    let Some(file) = embedded(name) else {
        return not_found();
    };
    let tag = entity_tag(&file.metadata.sha256_hash());
    let current = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|candidate| candidate.trim() == tag));
    let mut response = if current {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let body: Cow<'static, [u8]> = file.data;
        body.into_response()
    };
    let response_headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(file.metadata.mimetype()) {
        response_headers.insert(header::CONTENT_TYPE, value);
    }
    if let Ok(value) = HeaderValue::from_str(&tag) {
        response_headers.insert(header::ETAG, value);
    }
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response_headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response_headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if name.ends_with(".html") {
        response_headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    response
}

/// A strong entity tag from the file's SHA-256 (its first 16 bytes are
/// plenty to tell versions apart).
fn entity_tag(hash: &[u8; 32]) -> String {
    let hex: String = hash[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("\"{hex}\"")
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "no such file\n",
    )
        .into_response()
}

/// The names of every embedded file, for tests and tools: the client's
/// and the catalogs (`locales/en.ftl`, …).
pub fn files() -> impl Iterator<Item = Cow<'static, str>> {
    Assets::iter().chain(Locales::iter())
}

/// The contents of the embedded file `name`.
pub fn file(name: &str) -> Option<Cow<'static, [u8]>> {
    embedded(name).map(|file| file.data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    async fn get_path(path: &str, if_none_match: Option<&str>) -> Response {
        let mut request = Request::get(path);
        if let Some(tag) = if_none_match {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        pages::<()>()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn every_page_path_serves_the_document_with_its_policy() {
        for path in [
            "/",
            "/games/abcdefghijkm",
            "/replay",
            "/rules",
            "/learn",
            "/account",
            "/settings",
            "/players/Karl",
            "/leaderboard",
        ] {
            let response = get_path(path, None).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(
                response.headers()[header::CONTENT_TYPE],
                "text/html",
                "{path}"
            );
            assert!(
                response
                    .headers()
                    .contains_key(header::CONTENT_SECURITY_POLICY)
            );
            let body = response.into_body().collect().await.unwrap().to_bytes();
            assert!(body.starts_with(b"<!doctype html>"), "{path}");
        }
    }

    #[tokio::test]
    async fn scripts_are_javascript_and_a_current_copy_is_not_sent_again() {
        let response = get_path("/assets/js/app.js", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript");
        let tag = response.headers()[header::ETAG]
            .to_str()
            .unwrap()
            .to_owned();
        let again = get_path("/assets/js/app.js", Some(&tag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        let other = get_path("/assets/js/app.js", Some("\"stale\"")).await;
        assert_eq!(other.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn the_catalogs_are_served_where_the_page_asks_for_them() {
        for language in ["en", "de", "fr"] {
            let response = get_path(&format!("/assets/locales/{language}.ftl"), None).await;
            assert_eq!(response.status(), StatusCode::OK, "{language}");
            let body = response.into_body().collect().await.unwrap().to_bytes();
            assert!(
                std::str::from_utf8(&body)
                    .unwrap()
                    .contains("\nlog-disc = "),
                "{language}"
            );
        }
        let missing = get_path("/assets/locales/es.ftl", None).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn unknown_files_and_paths_outside_the_assets_are_not_found() {
        for path in [
            "/assets/nothing.js",
            "/assets/../Cargo.toml",
            "/assets/%2e%2e/Cargo.toml",
            "/assets/index.html",
        ] {
            let response = get_path(path, None).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        }
    }
}
