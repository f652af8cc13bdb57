//! The `server` binary (filled by the server-platform issue).

fn main() {
    println!("Forme Additive");
}
