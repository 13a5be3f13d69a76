//! The client's files are embedded into the binary when this crate is
//! compiled. The embedding notices changes to the files it embedded, but
//! not a file added or removed, so the folders themselves are watched:
//! a new script is served without touching the crate's source.

fn main() {
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=../l10n/locales");
}
