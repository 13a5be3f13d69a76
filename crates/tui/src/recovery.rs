//! Recovery files: the unsaved moves of a game whose terminal went away
//! (the window closed, `kill`), kept where the person's data belongs and
//! offered again at the next start.
//!
//! They go into the user's data directory (`$XDG_DATA_HOME/carolus`, by
//! default `~/.local/share/carolus`, on Linux; the platform's own place
//! elsewhere), not the working directory, which may be anywhere and is
//! no place for a file nobody asked for. Without a home directory the
//! working directory is the last resort, so that the moves are kept
//! somewhere.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use carolus_l10n::Catalog;

/// The start of every recovery file's name; the game's seed follows.
const PREFIX: &str = "interrupted-";

/// The directory recovery files go into, if the user has one.
pub fn directory() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "carolus").map(|dirs| dirs.data_dir().to_owned())
}

/// Writes `text`, the game of `seed`, into a new file in `directory`
/// (created if need be) and returns its path: `interrupted-SEED.json`, or
/// with `-2`, `-3`, … before `.json` when a game of the same seed was kept
/// before, since that one may not have been continued yet.
pub fn write(directory: &Path, seed: u64, text: &str) -> io::Result<PathBuf> {
    fs::create_dir_all(directory)?;
    for number in 1u32.. {
        let name = match number {
            1 => format!("{PREFIX}{seed}.json"),
            n => format!("{PREFIX}{seed}-{n}.json"),
        };
        let path = directory.join(name);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                io::Write::write_all(&mut file, text.as_bytes())?;
                return Ok(path);
            }
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other("no free name for a recovery file"))
}

/// The recovery files waiting in `directory`, the newest first.
pub fn waiting(directory: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(directory) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with(PREFIX) && name.ends_with(".json")
        })
        .map(|entry| {
            let modified = entry
                .metadata()
                .and_then(|meta| meta.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (modified, entry.path())
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, path)| path).collect()
}

/// What the game says at its start about the recovery files `waiting`.
pub fn notice(tr: &Catalog, waiting: &[PathBuf]) -> Option<String> {
    let newest = waiting.first()?;
    Some(tr!(
        tr,
        "tui-recovery-offer",
        path = newest.display().to_string(),
        more = waiting.len() - 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_game_is_found_again_and_announced() {
        let dir = std::env::temp_dir().join(format!("carolus-recovery-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        assert!(waiting(&dir).is_empty());
        let english = carolus_l10n::catalog(carolus_l10n::Language::English);
        assert_eq!(notice(english, &[]), None);
        let path = write(&dir.join("carolus"), 42, "{}\n").unwrap();
        assert_eq!(path, dir.join("carolus").join("interrupted-42.json"));
        fs::write(dir.join("carolus").join("notes.txt"), "not a game").unwrap();
        let found = waiting(&dir.join("carolus"));
        assert_eq!(found, std::slice::from_ref(&path));
        // A second game of the same seed never replaces the first.
        let second = write(&dir.join("carolus"), 42, "{\"second\": 1}\n").unwrap();
        assert_eq!(second, dir.join("carolus").join("interrupted-42-2.json"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "{}\n");
        assert_eq!(waiting(&dir.join("carolus")).len(), 2);
        assert!(
            notice(english, &waiting(&dir.join("carolus")))
                .unwrap()
                .contains("(1 more beside it)")
        );
        fs::remove_file(&second).unwrap();
        assert_eq!(
            notice(english, &found),
            Some(format!(
                "An interrupted game was kept in {}: o and Enter continue it.",
                path.display()
            ))
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
