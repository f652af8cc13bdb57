//! Browser bindings of quote-core: analyse a file's bytes and price it, from a Web Worker.

use wasm_bindgen::prelude::*;

/// The engine's version, so the page can tell which build it runs.
#[wasm_bindgen]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
