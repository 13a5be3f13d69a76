//! Differential test of the engine against the independent Python reference
//! implementation `tools/reference/carolus_ref.py`.
//!
//! The reference was written from RULES.md and NOTATION.md alone, without reading this
//! crate, so agreement over hundreds of random games is evidence that both
//! read the rules the same way, and a disagreement points at a misreading in
//! one of them. The test generates games with the engine's public API (2 and
//! 3 players, and the 4-player team game; some cut off mid-game so that
//! records end in every phase; some rewritten to name regions by a
//! non-canonical territory; plus the rare-event records of
//! `tests/data/rare-games.txt`), has the reference replay them with
//! `--trace` (several records per Python process: start-up dominates), and
//! compares every state view field by field with `StateView::of` over the
//! engine's replay. It then corrupts single moves of real records (illegal
//! but well-formed, and malformed) and checks that both refuse at the same
//! move index, and that both accept and refuse the same record headers.
//!
//! `python3` is required: without it the test fails rather than skips, since
//! CI installs it and a silent skip would hide a broken check.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use carolus_rules::{
    Destination, Family, FamilyMap, Game, GameRng, Move, RandomSource, Record, RecordError,
    RecordedGame, ReplayError, StateView, Territory, Variant,
};
use serde_json::Value;

/// The fields of `carolus-state/1` that the reference prints and the
/// comparison checks: the notation's fixed ones (with `teams` for the team
/// game) and the facts this project adds for clients (`castles_to_win`,
/// `decider`, `landings`), which the reference works out from the rulings
/// on its own.
const FIELDS: [&str; 15] = [
    "players",
    "round",
    "phase",
    "to_act",
    "order",
    "emperor",
    "regions",
    "control",
    "seats",
    "winners",
    "legal",
    "teams",
    "castles_to_win",
    "decider",
    "landings",
];

/// The fields the engine writes that the reference does not: each is
/// checked elsewhere (`to_place` by the rulings' tests), and every other
/// field of a view must be in [`FIELDS`], so that a new field is never
/// left out of the comparison unnoticed.
const ENGINE_ONLY: [&str; 1] = ["to_place"];

/// Random games per player count; every fourth one is cut off mid-game.
const GAMES_PER_COUNT: u64 = 120;
/// Besides every view whose canonical text differs, every this-many-th view
/// (and the last of each game) is compared as parsed JSON.
const SAMPLE_EVERY: usize = 16;
/// Ways of misspelling a real token (see the refusal test).
const MISSPELLINGS: usize = 7;
/// Records per player count used as the base of corrupted records.
const CORRUPTED_PER_COUNT: u64 = 16;

/// Tokens that are not well-formed moves (NOTATION.md's "Move tokens"), each put in
/// place of one real move; both implementations must refuse at that index.
/// Leading zeros are malformed too: the notation gives every token one
/// spelling.
const MALFORMED: [&str; 31] = [
    "",
    "disc 3\n",
    "move 1\r\n",
    "place R \u{ff11}",
    "joker R\u{a0}",
    "disc",
    "disc 6",
    "disc 0",
    "disc  3",
    " disc 3",
    "disc 3 ",
    "disc\t3",
    "Disc 3",
    "move 0",
    "move 16",
    "move x",
    "move -1",
    "place X 3",
    "place R 16",
    "place R 0",
    "place R",
    "place r court",
    "place R Court",
    "joker J",
    "joker",
    "draw",
    "draw RXB",
    "fly 3",
    "disc 03",
    "move 01",
    "place R 004",
];

fn reference_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/reference/carolus_ref.py")
}

/// Fails with a clear message when `python3` cannot run: CI installs it, so
/// its absence is a broken environment, not a reason to skip.
fn require_python() {
    match Command::new("python3").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        Ok(out) => panic!(
            "python3 --version failed ({}): the reference comparison needs Python 3.11+ on PATH",
            out.status
        ),
        Err(e) => panic!(
            "cannot run python3 ({e}): the reference comparison needs Python 3.11+ on PATH \
             (install it, e.g. `apt-get install python3`)"
        ),
    }
    assert!(
        reference_script().is_file(),
        "the reference implementation is missing: {}",
        reference_script().display()
    );
}

/// A fresh scratch directory for this test run. It is removed when the test
/// passes and kept on failure, so the records that disagree can be replayed
/// by hand.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carolus-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

fn run_reference(args: &[&str], files: &[PathBuf]) -> Output {
    Command::new("python3")
        .arg(reference_script())
        .args(args)
        .args(files)
        .output()
        .expect("run python3 tools/reference/carolus_ref.py")
}

/// A random game from `seed`, played to its end or cut off after `cut` moves.
fn random_record(players: usize, seed: u64, cut: Option<usize>) -> Record {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
        .expect("a valid player count");
    while cut.is_none_or(|c| game.record().moves.len() < c) {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    game.into_record()
}

/// The record as JSON with every `place F T` naming its region by a random
/// territory of it instead of the canonical smallest one (input may use any
/// territory of a region: NOTATION.md).
fn with_noncanonical_places(record: &Record, rng: &mut GameRng) -> String {
    let mut value: Value = serde_json::from_str(&record.to_json()).expect("record JSON");
    let mut game = record.start().expect("record starts");
    let mut tokens = Vec::new();
    for mv in &record.moves {
        let token = match mv {
            Move::Place {
                family,
                to: Destination::Region(t),
            } => {
                let region = &game.regions()[game.region_index(*t)];
                let territories: Vec<Territory> = region.territories().collect();
                let pick = territories[rng.below(territories.len() as u32) as usize];
                format!("place {family} {pick}")
            }
            other => other.to_string(),
        };
        tokens.push(Value::String(token));
        game.play(*mv).expect("record replays");
    }
    value["moves"] = Value::Array(tokens);
    value.to_string()
}

/// The engine's views after each move of the record in `json` (the start
/// position is left out: the reference prints views after moves only).
fn rust_views(json: &str) -> Vec<StateView> {
    let record = Record::from_json(json).expect("engine reads its own record");
    let mut views = Vec::new();
    record
        .replay_with(|game| views.push(StateView::of(game)))
        .expect("engine replays its own record");
    views.remove(0);
    views
}

/// The notation's fields of a view as canonical JSON text: keys sorted,
/// `legal` sorted, no spaces, the engine's extra fields left out. The
/// reference prints exactly this form, so most views compare as strings;
/// parsing ~70,000 views with serde_json in a debug build would take most of
/// a minute. Field names and the serde form are still checked by comparing a
/// sample of views as parsed JSON (see [`SAMPLE_EVERY`]).
fn canonical(view: &StateView) -> String {
    use std::fmt::Write;
    fn families<T: Copy>(m: &FamilyMap<T>, show: impl Fn(T) -> String) -> String {
        format!(
            "{{\"B\":{},\"G\":{},\"P\":{},\"R\":{},\"Y\":{}}}",
            show(m.blue),
            show(m.green),
            show(m.pink),
            show(m.red),
            show(m.yellow)
        )
    }
    fn list<T: ToString>(items: &[T]) -> String {
        let items: Vec<String> = items.iter().map(T::to_string).collect();
        format!("[{}]", items.join(","))
    }
    fn opt<T: ToString>(value: Option<T>) -> String {
        value.map_or_else(|| "null".to_owned(), |v| v.to_string())
    }
    let count = |n: u32| n.to_string();
    let mut legal = view.legal.clone();
    legal.sort();
    let legal: Vec<String> = legal.iter().map(|t| format!("\"{t}\"")).collect();
    let regions: Vec<String> = view
        .regions
        .iter()
        .map(|r| {
            format!(
                "{{\"castles\":{},\"knights\":{},\"owner\":{},\"territories\":{}}}",
                r.castles,
                families(&r.knights, count),
                opt(r.owner),
                list(&r.territories)
            )
        })
        .collect();
    let seats: Vec<String> = view
        .seats
        .iter()
        .map(|s| {
            format!(
                "{{\"castles\":{},\"court\":{},\"disc\":{},\"discs\":{},\"jokers\":{},\"reserve\":{}}}",
                s.castles,
                families(&s.court, count),
                opt(s.disc),
                list(&s.discs),
                s.jokers,
                families(&s.reserve, count)
            )
        })
        .collect();
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "{{\"castles_to_win\":{},\"control\":{},\"decider\":{},\"emperor\":{},\"landings\":{},\"legal\":[{}],\"order\":{},\"phase\":\"{}\",\"players\":{},\"regions\":[{}],\"round\":{},\"seats\":[{}],",
        view.castles_to_win,
        families(&view.control, opt),
        opt(view.decider),
        view.emperor,
        list(&view.landings),
        legal.join(","),
        list(&view.order),
        view.phase.name(),
        view.players,
        regions.join(","),
        view.round,
        seats.join(",")
    );
    if let Some(teams) = &view.teams {
        let teams: Vec<String> = teams.iter().map(|t| list(t)).collect();
        let _ = write!(out, "\"teams\":[{}],", teams.join(","));
    }
    let _ = write!(
        out,
        "\"to_act\":{},\"winners\":{}}}",
        opt(view.to_act),
        list(&view.winners)
    );
    out
}

/// Where two JSON values first differ, as a path, or None if equal.
fn first_difference(path: &str, a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, va) in x {
                let sub = format!("{path}.{key}");
                match y.get(key) {
                    Some(vb) => {
                        if let Some(d) = first_difference(&sub, va, vb) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{sub}: rust {va}, python has no such field")),
                }
            }
            y.keys()
                .find(|k| !x.contains_key(*k))
                .map(|k| format!("{path}.{k}: python {}, rust has no such field", y[k]))
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (va, vb))| first_difference(&format!("{path}[{i}]"), va, vb)),
        _ if a == b => None,
        _ => Some(format!("{path}: rust {a}, python {b}")),
    }
}

fn sorted_tokens(value: Option<&Value>) -> Vec<String> {
    let mut tokens: Vec<String> = value
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|t| t.as_str().unwrap_or("?").to_owned())
                .collect()
        })
        .unwrap_or_default();
    tokens.sort();
    tokens
}

/// Compares the notation's fields of two views; `legal` as a set.
fn compare_views(rust: &Value, python: &Value) -> Option<String> {
    if let Some(object) = rust.as_object()
        && let Some(unchecked) = object
            .keys()
            .find(|key| !FIELDS.contains(&key.as_str()) && !ENGINE_ONLY.contains(&key.as_str()))
    {
        return Some(format!(
            "{unchecked}: a field of the engine's view that the comparison neither checks nor \
             names as engine-only"
        ));
    }
    for field in FIELDS {
        let (r, p) = (rust.get(field), python.get(field));
        if field == "legal" {
            let (rs, ps) = (sorted_tokens(r), sorted_tokens(p));
            if rs != ps {
                let only_rust: Vec<_> = rs.iter().filter(|t| !ps.contains(t)).collect();
                let only_python: Vec<_> = ps.iter().filter(|t| !rs.contains(t)).collect();
                return Some(format!(
                    "legal: only rust {only_rust:?}, only python {only_python:?} \
                     (counts {} vs {})",
                    rs.len(),
                    ps.len()
                ));
            }
            continue;
        }
        match (r, p) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                if let Some(d) = first_difference(field, a, b) {
                    return Some(d);
                }
            }
            (a, b) => return Some(format!("{field}: rust {a:?}, python {b:?}")),
        }
    }
    None
}

/// One record to compare: where it is written and its JSON.
struct Case {
    name: String,
    json: String,
}

/// The reference's output for several files in one process, split per file:
/// the views (as printed, one line each), and the refusal message if any.
fn parse_batch(stdout: &[u8]) -> Vec<(String, Vec<String>, Option<String>)> {
    let text = std::str::from_utf8(stdout).expect("reference prints UTF-8");
    let mut out = Vec::new();
    let mut views = Vec::new();
    for line in text.lines() {
        // Status lines are the only ones that start with this key.
        if line.starts_with("{\"file\":") {
            let value: Value = serde_json::from_str(line).expect("status line is JSON");
            let file = value["file"].as_str().unwrap_or_default().to_owned();
            let refused = value["refused"].as_str().map(str::to_owned);
            out.push((file, std::mem::take(&mut views), refused));
        } else {
            views.push(line.to_owned());
        }
    }
    assert!(
        views.is_empty(),
        "reference output ends without a status line"
    );
    out
}

/// The 1-based move index in a refusal message `move N "token": …`.
fn refused_index(message: &str) -> Option<usize> {
    let rest = &message[message.find("move ")? + 5..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Runs the reference over `files` in two processes at once (the machines
/// have two cores), returning per file its views and refusal.
fn reference_batch(files: &[PathBuf]) -> Vec<(String, Vec<String>, Option<String>)> {
    let half = files.len().div_ceil(2);
    let outputs: Vec<Output> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(half.max(1))
            .map(|chunk| scope.spawn(move || run_reference(&["replay", "--trace"], chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("reference thread"))
            .collect()
    });
    let mut all = Vec::new();
    for out in outputs {
        assert!(
            out.status.code() == Some(0) || out.status.code() == Some(2),
            "reference crashed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        all.extend(parse_batch(&out.stdout));
    }
    assert_eq!(all.len(), files.len(), "reference skipped files");
    all
}

/// Records of events that uniform random play seldom reaches (shared
/// victories, complete circuits), picked once from many random games: see
/// the header of `tests/data/rare-games.txt`.
fn rare_event_games() -> Vec<Case> {
    include_str!("data/rare-games.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let (name, record) = line.split_once(' ').expect("NAME RECORD");
            Case {
                name: format!("rare-{i:02}-{name}.json"),
                json: record.to_owned(),
            }
        })
        .collect()
}

#[test]
fn engine_agrees_with_the_python_reference_on_random_games() {
    require_python();
    let start = Instant::now();
    let dir = scratch_dir("reference");
    let mut cases = Vec::new();
    let mut rewrite_rng = GameRng::seed_from_u64(0x5eed);
    for players in [2usize, 3, 4] {
        for i in 0..GAMES_PER_COUNT {
            let seed = ((players as u64) << 32) | i;
            // Every fourth game stops at a random move, so that records end
            // in every phase, including mid-setup.
            let cut = (i % 4 == 3).then(|| (seed.wrapping_mul(0x9e37_79b9) % 240) as usize);
            let record = random_record(players, seed, cut);
            // Every fifth game names its regions by non-canonical territories.
            let json = if i % 5 == 1 {
                with_noncanonical_places(&record, &mut rewrite_rng)
            } else {
                record.to_json()
            };
            cases.push(Case {
                name: format!("p{players}-{i:03}.json"),
                json,
            });
        }
    }
    cases.extend(rare_event_games());
    let files: Vec<PathBuf> = cases
        .iter()
        .map(|c| {
            let path = dir.join(&c.name);
            fs::write(&path, &c.json).expect("write record");
            path
        })
        .collect();

    // The reference runs while the engine replays the same records.
    let (results, rust) = std::thread::scope(|scope| {
        let python = scope.spawn(|| reference_batch(&files));
        let rust: Vec<Vec<StateView>> = cases.iter().map(|c| rust_views(&c.json)).collect();
        (python.join().expect("reference thread"), rust)
    });
    let mut failures = Vec::new();
    let mut views_compared = 0usize;
    for ((case, rust), (file, python, refused)) in cases.iter().zip(&rust).zip(&results) {
        assert!(file.ends_with(&case.name), "reference output out of order");
        if let Some(message) = refused {
            failures.push(format!(
                "{file}: reference refused a record the engine played: {message}"
            ));
            continue;
        }
        if rust.len() != python.len() {
            failures.push(format!(
                "{file}: {} views from the engine, {} from the reference",
                rust.len(),
                python.len()
            ));
            continue;
        }
        for (i, (r, p)) in rust.iter().zip(python).enumerate() {
            views_compared += 1;
            let fast_equal = canonical(r) == *p;
            // On a mismatch, and for a sample of matches, compare the parsed
            // JSON of the real serialization field by field.
            if fast_equal && i % SAMPLE_EVERY != 0 && i + 1 != rust.len() {
                continue;
            }
            let r = serde_json::to_value(r).expect("view serializes");
            let p: Value = serde_json::from_str(p).expect("reference prints JSON");
            if let Some(d) = compare_views(&r, &p) {
                failures.push(format!("{file}: after move {}: {d}", i + 1));
                break;
            }
            if !fast_equal {
                failures.push(format!(
                    "{file}: after move {}: the views agree but this test's canonical \
                     form does not match the reference's text; fix `canonical`",
                    i + 1
                ));
                break;
            }
        }
    }
    eprintln!(
        "compared {} games, {views_compared} state views in {:.1?}",
        cases.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} of {} games disagree (records kept in {}):\n{}",
        failures.len(),
        cases.len(),
        dir.display(),
        failures.join("\n")
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Every token the grammar can express (draws only of the sizes that occur,
/// plus some that never do), legal or not.
fn token_space(rng: &mut GameRng) -> Vec<Move> {
    let mut tokens = Vec::new();
    for n in 1..=5 {
        tokens.push(format!("disc {n}"));
    }
    for f in Family::ALL {
        tokens.push(format!("place {f} court"));
        for t in 1..=15 {
            tokens.push(format!("place {f} {t}"));
        }
        tokens.push(format!("joker {f}"));
    }
    for k in 1..=15 {
        tokens.push(format!("move {k}"));
    }
    for size in [1, 2, 3, 4, 5, 7, 8, 9] {
        let draw: String = (0..size)
            .map(|_| ['R', 'G', 'B', 'Y', 'P', 'J'][rng.below(6) as usize])
            .collect();
        tokens.push(format!("draw {draw}"));
    }
    tokens
        .iter()
        .map(|t| t.parse().expect("token space parses"))
        .collect()
}

/// The engine's verdict on a record: the 1-based index of the move it
/// refuses, or None if the record replays. Any other error fails the test.
fn engine_refusal(json: &str) -> Option<usize> {
    match Record::from_json(json) {
        Err(RecordError::Move { index, .. }) => Some(index),
        // A non-string token is reported as field `moves[i]` (0-based).
        Err(RecordError::Field { field, .. }) if field.starts_with("moves[") => field
            [6..field.len() - 1]
            .parse::<usize>()
            .ok()
            .map(|i| i + 1),
        Err(e) => panic!("engine refused the record as a whole: {e}"),
        Ok(record) => match record.replay() {
            Ok(_) => None,
            Err(ReplayError::Move { index, .. }) => Some(index),
            Err(e) => panic!("engine refused the set-up: {e}"),
        },
    }
}

#[test]
fn engine_and_reference_refuse_the_same_corrupted_move() {
    require_python();
    let dir = scratch_dir("reference-refusals");
    let mut rng = GameRng::seed_from_u64(0xbad_c0de);
    let mut cases: Vec<(String, String, usize, String)> = Vec::new(); // name, json, index, what
    for players in [2usize, 3, 4] {
        for i in 0..CORRUPTED_PER_COUNT {
            let seed = 0xc0_0000 | ((players as u64) << 16) | i;
            let cut = (i % 2 == 1).then(|| 20 + rng.below(150) as usize);
            let record = random_record(players, seed, cut);
            let base: Value = serde_json::from_str(&record.to_json()).expect("record JSON");
            let moves = record.moves.len();

            // Illegal but well-formed: a token from the whole token space
            // that the engine refuses in the position before move k (k may
            // be one past the end: a move appended to the record).
            let k = rng.below(moves as u32 + 1) as usize;
            let mut game: Game = record.start().expect("record starts");
            for mv in &record.moves[..k] {
                game.play(*mv).expect("record replays");
            }
            let illegal: Vec<Move> = token_space(&mut rng)
                .into_iter()
                .filter(|m| !game.is_legal(m))
                .collect();
            let bad = illegal[rng.below(illegal.len() as u32) as usize];
            let mut json = base.clone();
            let list = json["moves"].as_array_mut().expect("moves");
            if k == moves {
                list.push(Value::String(bad.to_string()));
            } else {
                list[k] = Value::String(bad.to_string());
            }
            cases.push((
                format!("illegal-p{players}-{i:02}.json"),
                json.to_string(),
                k + 1,
                format!("illegal {bad:?}"),
            ));

            // Malformed: a token that breaks the grammar, or not a string.
            let k = rng.below(moves as u32) as usize;
            let mut json = base.clone();
            // In turn, so that every malformed token is tried at least once.
            let pick = cases.len() / 3 % (MALFORMED.len() + 1);
            json["moves"][k] = match MALFORMED.get(pick) {
                Some(token) => Value::String((*token).to_owned()),
                None => Value::from(3),
            };
            let what = format!("malformed {}", json["moves"][k]);
            cases.push((
                format!("malformed-p{players}-{i:02}.json"),
                json.to_string(),
                k + 1,
                what,
            ));

            // A misspelling of the real move itself, so that a lax reader
            // would accept it and play on instead of refusing.
            let k = rng.below(moves as u32) as usize;
            let token = record.moves[k].to_string();
            let misspelt = match cases.len() / 3 % MISSPELLINGS {
                0 => format!("{token}\n"),
                1 => format!("{token} "),
                2 => format!(" {token}"),
                3 => token.replacen(' ', "  ", 1),
                4 => token.replacen(' ', "\t", 1),
                5 => token.to_uppercase(),
                // Lower-case family letters, or a capital verb where the
                // token has no family (`Disc 3`).
                _ if token.contains(char::is_uppercase) => token.to_lowercase(),
                _ => format!("{}{}", token[..1].to_uppercase(), &token[1..]),
            };
            let mut json = base.clone();
            json["moves"][k] = Value::String(misspelt.clone());
            cases.push((
                format!("misspelt-p{players}-{i:02}.json"),
                json.to_string(),
                k + 1,
                format!("misspelt {misspelt:?}"),
            ));
        }
    }
    let files: Vec<PathBuf> = cases
        .iter()
        .map(|(name, json, ..)| {
            let path = dir.join(name);
            fs::write(&path, json).expect("write record");
            path
        })
        .collect();

    let mut failures = Vec::new();
    let results = reference_batch(&files);
    for ((name, json, index, what), (_, views, refused)) in cases.iter().zip(&results) {
        let engine = engine_refusal(json);
        let python = refused.as_deref().and_then(refused_index);
        if engine != Some(*index) || python != Some(*index) {
            failures.push(format!(
                "{name} ({what} at move {index}): engine refuses at {engine:?}, \
                 reference at {python:?} ({refused:?})"
            ));
        } else if views.len() != index - 1 {
            failures.push(format!(
                "{name}: reference printed {} views before refusing move {index}",
                views.len()
            ));
        }
    }

    // The single-file command line: refusal is exit status 2 with a message
    // on stderr naming the move index and the token.
    for (file, (_, _, index, _)) in files.iter().zip(&cases).step_by(8) {
        let out = run_reference(&["replay"], std::slice::from_ref(file));
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(2) || refused_index(&stderr) != Some(*index) {
            failures.push(format!(
                "{}: `replay` exited {} with {stderr:?}, expected 2 and move {index}",
                file.display(),
                out.status
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corrupted records refused differently (kept in {}):\n{}",
        failures.len(),
        cases.len(),
        dir.display(),
        failures.join("\n")
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn engine_and_reference_agree_on_which_records_are_readable() {
    require_python();
    let dir = scratch_dir("reference-records");
    let base: Value =
        serde_json::from_str(&random_record(2, 77, Some(30)).to_json()).expect("JSON");
    let team: Value =
        serde_json::from_str(&random_record(4, 78, Some(30)).to_json()).expect("JSON");
    // (what, edited record, whether the notation allows it)
    let edit = |base: &Value, f: &dyn Fn(&mut Value)| {
        let mut v = base.clone();
        f(&mut v);
        v
    };
    let cases: Vec<(&str, Value, bool)> = vec![
        ("as written", base.clone(), true),
        ("team game as written", team.clone(), true),
        (
            "names and meta",
            edit(&base, &|v| {
                v["names"] = serde_json::json!(["Ada", "Bo"]);
                v["meta"] = serde_json::json!({"event": "test"});
            }),
            true,
        ),
        (
            "unknown field",
            edit(&base, &|v| v["comment"] = Value::from("hi")),
            true,
        ),
        (
            "variant null",
            edit(&base, &|v| v["variant"] = Value::Null),
            true,
        ),
        (
            "variant teams false",
            edit(&base, &|v| {
                v["variant"] = serde_json::json!({"teams": false})
            }),
            true,
        ),
        (
            "result present",
            edit(&base, &|v| {
                v["result"] = serde_json::json!({"winners": [0]})
            }),
            true,
        ),
        (
            "result abandoned by a seat",
            edit(&base, &|v| {
                v["result"] = serde_json::json!({"winners": [], "abandoned": [1]})
            }),
            true,
        ),
        (
            "result abandoned by a seat the game lacks",
            edit(&base, &|v| {
                v["result"] = serde_json::json!({"winners": [], "abandoned": [7]})
            }),
            false,
        ),
        (
            "result abandoned by nobody",
            edit(&base, &|v| {
                v["result"] = serde_json::json!({"abandoned": []})
            }),
            false,
        ),
        ("not an object", Value::from(3), false),
        (
            "no format",
            edit(&base, &|v| {
                v.as_object_mut().map(|o| o.remove("format"));
            }),
            false,
        ),
        (
            "wrong format",
            edit(&base, &|v| v["format"] = Value::from("carolus-record/2")),
            false,
        ),
        (
            "five players",
            edit(&base, &|v| v["players"] = Value::from(5)),
            false,
        ),
        (
            "players a string",
            edit(&base, &|v| v["players"] = Value::from("2")),
            false,
        ),
        (
            "four without teams",
            edit(&team, &|v| {
                v.as_object_mut().map(|o| o.remove("variant"));
            }),
            false,
        ),
        (
            "two in teams",
            edit(&base, &|v| {
                v["variant"] = serde_json::json!({"teams": true})
            }),
            false,
        ),
        (
            "unknown variant rule",
            edit(&base, &|v| {
                v["variant"] = serde_json::json!({"supply": 200})
            }),
            false,
        ),
        (
            "teams not a bool",
            edit(&base, &|v| v["variant"] = serde_json::json!({"teams": 1})),
            false,
        ),
        (
            "14 territories",
            edit(&base, &|v| {
                v["setup"]["territories"] = Value::from("RGBYPRGBYPRGBYP"[1..].to_owned())
            }),
            false,
        ),
        (
            "four reds",
            edit(&base, &|v| {
                v["setup"]["territories"] = Value::from("RRRRGGGBBBYYYPP")
            }),
            false,
        ),
        (
            "lower-case family",
            edit(&base, &|v| {
                v["setup"]["territories"] = Value::from("rGBYPRGBYPRGBYP")
            }),
            false,
        ),
        (
            "order repeats a seat",
            edit(&base, &|v| v["setup"]["order"] = serde_json::json!([0, 0])),
            false,
        ),
        (
            "order too short",
            edit(&base, &|v| v["setup"]["order"] = serde_json::json!([0])),
            false,
        ),
        (
            "order names seat 2",
            edit(&base, &|v| v["setup"]["order"] = serde_json::json!([1, 2])),
            false,
        ),
        (
            "no setup",
            edit(&base, &|v| {
                v.as_object_mut().map(|o| o.remove("setup"));
            }),
            false,
        ),
        (
            "no moves",
            edit(&base, &|v| {
                v.as_object_mut().map(|o| o.remove("moves"));
            }),
            false,
        ),
        (
            "moves not a list",
            edit(&base, &|v| v["moves"] = Value::from("disc 1")),
            false,
        ),
        (
            "one name for two",
            edit(&base, &|v| v["names"] = serde_json::json!(["Ada"])),
            false,
        ),
        (
            "meta not an object",
            edit(&base, &|v| v["meta"] = Value::from(1)),
            false,
        ),
    ];
    let files: Vec<PathBuf> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, v, _))| {
            let path = dir.join(format!("record-{i:02}.json"));
            fs::write(&path, v.to_string()).expect("write record");
            path
        })
        .collect();
    let results = reference_batch(&files);
    let mut failures = Vec::new();
    for ((what, value, allowed), (_, _, refused)) in cases.iter().zip(&results) {
        let engine_ok = Record::from_json(&value.to_string()).is_ok_and(|r| r.replay().is_ok());
        let python_ok = refused.is_none();
        if engine_ok != *allowed || python_ok != *allowed {
            failures.push(format!(
                "{what}: expected {}, engine {}, reference {} ({refused:?})",
                if *allowed { "accepted" } else { "refused" },
                if engine_ok { "accepts" } else { "refuses" },
                if python_ok { "accepts" } else { "refuses" },
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = fs::remove_dir_all(&dir);
}
