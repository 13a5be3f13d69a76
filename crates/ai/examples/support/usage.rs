//! The experiment examples' answer to `--help` or `-h`: their usage is the
//! module documentation at the top of their own source, so the text a
//! reader sees in the file and the one printed are the same, with no copy
//! to fall out of date. Shared by every example through `#[path]`.

/// When `--help` or `-h` is among the arguments, prints the `//!` lines of
/// `source` (the example's own file, through `include_str!`) and exits.
pub fn answer_help(source: &str) {
    if std::env::args()
        .skip(1)
        .any(|argument| argument == "--help" || argument == "-h")
    {
        print!("{}", module_docs(source));
        std::process::exit(0);
    }
}

/// The module documentation of a Rust source, without its `//!` markers.
fn module_docs(source: &str) -> String {
    source
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line)))
        .collect()
}
