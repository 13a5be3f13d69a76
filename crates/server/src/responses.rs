//! The OpenAPI document's responses that many operations give alike,
//! written once: a handler's annotation names one with
//! `(status = 429, response = inline(TooManyRequests))`, and the document
//! holds the same response in every operation that does.

use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{PartialSchema, ToResponse};

/// An error answer (`ErrorBody`) with `description`, and a `Retry-After`
/// header described as `retry_after` if there is one.
fn error_response(description: &str, retry_after: Option<&str>) -> RefOr<Response> {
    let body = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("ErrorBody")))
        .build();
    let mut response = ResponseBuilder::new()
        .description(description)
        .content("application/json", body);
    if let Some(retry_after) = retry_after {
        response = response.header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(u64::schema())
                .description(Some(retry_after))
                .build(),
        );
    }
    RefOr::T(response.build())
}

/// 429: the address's allowance of requests is spent for now.
pub struct TooManyRequests;

impl<'r> ToResponse<'r> for TooManyRequests {
    fn response() -> (&'r str, RefOr<Response>) {
        (
            "TooManyRequests",
            error_response(
                "Too many requests from this address",
                Some("Seconds until this address may send the request again"),
            ),
        )
    }
}

/// 503: the store did not answer; the request changed nothing.
pub struct StoreUnreachable;

impl<'r> ToResponse<'r> for StoreUnreachable {
    fn response() -> (&'r str, RefOr<Response>) {
        (
            "StoreUnreachable",
            error_response(
                "The store cannot be reached",
                Some("Seconds after which to try again"),
            ),
        )
    }
}

/// 413: the body is larger than the server reads.
pub struct BodyTooLarge;

impl<'r> ToResponse<'r> for BodyTooLarge {
    fn response() -> (&'r str, RefOr<Response>) {
        (
            "BodyTooLarge",
            error_response("The body is too large", None),
        )
    }
}
