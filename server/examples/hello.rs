//! axum's hello-world, the yardstick of the load benchmark (bench/load.sh): the same runtime and
//! HTTP stack as the server with no work behind the route. `cargo run --release -p server
//! --example hello -- 127.0.0.1:0` prints `listening on http://...` like the server.

use std::io::Write;

use axum::routing::get;
use axum::Router;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3000".to_owned());
    let app = Router::new().route("/", get(|| async { "Hello, World!" }));
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    std::io::stdout().flush()?;
    axum::serve(listener, app).await
}
