//! The web pages and their scripts and styles, embedded in the binary (no
//! build step: plain HTML, CSS and JavaScript modules in `web/`).

/// Each asset: its name, its text and its media type.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "index.html",
        include_str!("../../web/index.html"),
        "text/html; charset=utf-8",
    ),
    (
        "room.html",
        include_str!("../../web/room.html"),
        "text/html; charset=utf-8",
    ),
    (
        "style.css",
        include_str!("../../web/style.css"),
        "text/css; charset=utf-8",
    ),
    (
        "board.js",
        include_str!("../../web/board.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "author.js",
        include_str!("../../web/author.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "room.js",
        include_str!("../../web/room.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "common.js",
        include_str!("../../web/common.js"),
        "text/javascript; charset=utf-8",
    ),
];

/// An asset's text and media type, by name.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, body, mime)| (*body, *mime))
}
