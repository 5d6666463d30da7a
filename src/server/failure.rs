//! Error answers: a status and `{"error": "…"}` with a sentence, for every
//! status the server answers with — its own refusals and the framework's
//! (a body too large, JSON that does not parse, a route that does not
//! exist) alike.

use axum::Json;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// An error answer: a status and a sentence.
#[derive(Debug)]
pub(super) struct Failure(pub(super) StatusCode, pub(super) String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

/// 400, with why.
pub(super) fn bad(why: impl Into<String>) -> Failure {
    Failure(StatusCode::BAD_REQUEST, why.into())
}

/// 404, with what.
pub(super) fn not_found(what: impl Into<String>) -> Failure {
    Failure(StatusCode::NOT_FOUND, what.into())
}

/// 503: the database failed.
pub(super) fn storage(e: super::StoreError) -> Failure {
    Failure(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
}

/// The largest error text the framework writes that is carried over into
/// the JSON answer.
const MAX_REJECTION: usize = 4096;

/// Rewrites the framework's plain-text error answers (axum's rejections:
/// 400, 404, 405, 413, 415, 422) as `{"error": …}`, keeping their status
/// and their sentence.
pub(super) async fn json_errors(request: Request<Body>, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    // The framework's answers are plain text, or empty (405).
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_none_or(|v| v.to_str().is_ok_and(|v| v.starts_with("text/plain")));
    if !(status.is_client_error() || status.is_server_error()) || !plain {
        return response;
    }
    let response_allow = response.headers().get(header::ALLOW).cloned();
    let text = match axum::body::to_bytes(response.into_body(), MAX_REJECTION).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let sentence = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_string()
    } else {
        text
    };
    let mut answer = Failure(status, sentence).into_response();
    // An `Allow` header (405) stays.
    if let Some(allow) = response_allow {
        answer.headers_mut().insert(header::ALLOW, allow);
    }
    answer
}
