//! Writes `web/src/lib/api-types.generated.ts` from the server's view types (see `server::routes::api_types`).
//!
//!     cargo run --features server/ts --example api-types
//!
//! (from the workspace root, without `-p server`: the workspace's feature resolution, shared with
//! every other build, rather than the server's own, which would rebuild ~80 crates)

use std::path::Path;

fn main() -> std::io::Result<()> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/lib/api-types.generated.ts");
    std::fs::write(&path, server::routes::api_types::declarations())?;
    println!("{} écrit", path.display());
    Ok(())
}
