//! Writes `web/src/wasm/types.ts` from the engine's Rust types (see `quote_wasm::ts`).
//!
//!     cargo run -p quote-wasm --features ts --example ts-types

use std::path::Path;

fn main() -> std::io::Result<()> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/wasm/types.ts");
    std::fs::write(&path, quote_wasm::ts::declarations())?;
    println!("{} écrit", path.display());
    Ok(())
}
