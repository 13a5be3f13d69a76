//! Running the binary and making the records the tests feed it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use carolus_rules::{GameRng, Record, RecordedGame, Variant};
use serde_json::Value;

/// What one run of the program left behind.
#[derive(Debug)]
pub struct Run {
    /// The exit status; `None` if a signal ended the process.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The lines of stdout.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Stdout as one JSON value, failing the test if it is not exactly
    /// one line of valid JSON.
    pub fn json(&self) -> Value {
        assert_eq!(self.lines().len(), 1, "expected one line: {self:?}");
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("{e}: {self:?}"))
    }

    /// Checks a successful run with nothing on stderr.
    pub fn assert_success(&self) -> &Run {
        assert_eq!(self.code, Some(0), "{self:?}");
        assert_eq!(self.stderr, "", "{self:?}");
        self
    }

    /// Checks a run that refused its input: status 2 and exactly one line
    /// on stderr, which is returned.
    pub fn assert_bad_input(&self) -> &str {
        assert_eq!(self.code, Some(2), "{self:?}");
        assert!(self.stderr.ends_with('\n'), "{self:?}");
        let message = self.stderr.trim_end_matches('\n');
        assert!(!message.contains('\n'), "more than one line: {self:?}");
        assert!(!message.contains("panicked"), "{self:?}");
        message
    }
}

/// Runs `carolus` with `args`, feeding it `stdin` (or nothing).
pub fn carolus(args: &[&str], stdin: Option<&str>) -> Run {
    run_carolus(
        &mut Command::new(env!("CARGO_BIN_EXE_carolus")),
        args,
        stdin,
    )
}

/// Runs `carolus` with `args` in the directory `dir`, for paths written as
/// a user would type them.
pub fn carolus_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carolus"));
    command.current_dir(dir);
    run_carolus(&mut command, args, stdin)
}

/// Starts `carolus` with `args`, without input and with its output piped,
/// for tests that watch it while it runs (interrupt it, read it early).
pub fn spawn_carolus(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_carolus"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the carolus binary starts")
}

/// Runs `command` (the `carolus` binary, set up with an environment or a
/// directory of the caller's) with `args`, feeding it `stdin`.
pub fn run_carolus(command: &mut Command, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the carolus binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    if let Some(text) = stdin {
        // A program that refuses its input early may close its stdin first,
        // so a failed write is not the test's concern.
        let _ = input.write_all(text.as_bytes());
    }
    drop(input);
    let output = child.wait_with_output().expect("the carolus binary runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// The example Python bot shipped with the project.
pub fn example_bot() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bots/random_bot.py")
}

/// Whether `python3` runs here, for the tests of the example bot (`.ci/run`
/// installs it; a developer's machine may lack it).
pub fn has_python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Writes `contents` to a file of its own for this test and returns its path.
pub fn file(name: &str, contents: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("carolus-cli-{name}"));
    std::fs::write(&path, contents).expect("the temporary file is written");
    path
}

/// Lets the script at `path` be run as a program.
#[cfg(unix)]
pub fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .expect("the script's permissions are set");
}

#[cfg(not(unix))]
pub fn make_executable(_: &Path) {}

/// Runs `carolus replay [--trace] FILE` on `record`.
///
/// A refusal must lead with the file's name; this checks that and takes
/// the name off `stderr`, so that the tests compare what is said about the
/// record itself.
pub fn replay(name: &str, record: &str, trace: bool) -> Run {
    let path = file(name, record);
    let path = path.to_str().expect("temporary paths are UTF-8");
    let mut run = if trace {
        carolus(&["replay", "--trace", path], None)
    } else {
        carolus(&["replay", path], None)
    };
    if run.code == Some(2) {
        let about = run
            .stderr
            .strip_prefix(&format!("{path}: "))
            .unwrap_or_else(|| panic!("the refusal does not name {path}: {run:?}"));
        run.stderr = about.to_owned();
    }
    run
}

/// A real game of `players` from `seed`, played at random for exactly
/// `moves` moves (draws included) or to its end, whichever comes first.
pub fn game_record(players: usize, seed: u64, moves: usize) -> Record {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
        .expect("a valid player count");
    while game.record().moves.len() < moves && game.play_random(&mut rng).is_some() {}
    let mut record = game.into_record();
    record.moves.truncate(moves);
    record
}

/// `record` as a JSON value, for the tests to change.
pub fn record_value(record: &Record) -> Value {
    serde_json::from_str(&record.to_json()).expect("records are JSON")
}

/// The record `value` with `token` appended to its moves, as JSON text.
pub fn with_token(mut value: Value, token: &str) -> String {
    value["moves"]
        .as_array_mut()
        .expect("records have moves")
        .push(Value::String(token.to_owned()));
    value.to_string()
}

/// A running `carolus` with a conversation on its stdin and stdout, for the
/// bot protocol: one line written, one line read.
pub struct Session {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Session {
    /// Starts `carolus` with `args`.
    pub fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carolus"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the carolus binary starts");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout is piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// Writes `line` and a line break, and returns the answer line (without
    /// its line break) and how long it took to arrive.
    pub fn ask(&mut self, line: &str) -> (String, std::time::Duration) {
        use std::io::BufRead;
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(line.as_bytes())
            .expect("the request is written");
        stdin.write_all(b"\n").expect("the request is written");
        let start = std::time::Instant::now();
        stdin.flush().expect("the request is sent");
        let mut answer = String::new();
        self.stdout
            .read_line(&mut answer)
            .expect("an answer line is read");
        let elapsed = start.elapsed();
        assert!(answer.ends_with('\n'), "no full answer line: {answer:?}");
        answer.pop();
        assert!(!answer.contains('\n'));
        (answer, elapsed)
    }

    /// Writes `line` and a line break and returns the answer as JSON.
    pub fn ask_json(&mut self, line: &str) -> Value {
        let (answer, _) = self.ask(line);
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{e}: {answer:?}"))
    }

    /// Reads one answer line as JSON.
    pub fn read_json(&mut self) -> Value {
        use std::io::BufRead;
        let mut answer = String::new();
        self.stdout
            .read_line(&mut answer)
            .expect("an answer line is read");
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{e}: {answer:?}"))
    }

    /// Writes `bytes` as they are, with no line break added.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the bytes are written");
        stdin.flush().expect("the bytes are sent");
    }

    /// Closes stdin and returns what the program did: its exit status, the
    /// rest of its stdout and its stderr.
    pub fn finish(mut self) -> Run {
        use std::io::Read;
        drop(self.stdin.take());
        let mut stdout = String::new();
        self.stdout
            .read_to_string(&mut stdout)
            .expect("stdout is read");
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("stderr is read");
        }
        let status = self.child.wait().expect("the program ends");
        Run {
            code: status.code(),
            stdout,
            stderr,
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game of `players` from `seed`, played at random to a position where
/// a decision is due after at least `moves` moves.
pub fn decision_record(players: usize, seed: u64, moves: usize) -> Record {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = RecordedGame::from_rng(players, Variant::for_players(players), &mut rng)
        .expect("a valid player count");
    while game.record().moves.len() < moves || game.game().draw_due().is_some() {
        if game.play_random(&mut rng).is_none() {
            panic!("the game ended before move {moves}; pick another seed");
        }
    }
    assert!(!game.game().is_over());
    game.into_record()
}

/// The request line for the end of `record` with `time_ms`.
pub fn request(record: &Record, time_ms: u64) -> String {
    format!(
        "{{\"record\": {}, \"time_ms\": {time_ms}}}",
        record.to_json()
    )
}

/// Tests that load the machine heavily (a browser, several servers) and
/// the one that times the bot's answers take turns: the bot's promise of
/// an answer within `time_ms` + 100 ms is about the bot, not about a
/// machine whose cores a browser is using.
pub fn heavy_or_timed() -> std::sync::MutexGuard<'static, ()> {
    static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A test that failed while holding its turn poisons the lock; the
    // lock guards nothing but the turn itself.
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `carolus ARGS` on a pseudo-terminal (from Python's `pty` module),
/// as a person at a terminal would, and returns what Python prints: the
/// exit status on the first line, then everything the program wrote. When
/// the program's output shows `end_input_after`, its input is ended
/// (Ctrl-D); a program still running after 20 s is killed and "waiting"
/// printed instead. `None` without `python3`.
pub fn on_a_terminal(args: &[&str], end_input_after: Option<&str>) -> Option<String> {
    Terminal {
        args,
        marker: end_input_after,
        ..Terminal::default()
    }
    .run()
}

/// A run of `carolus` on an 80×24 pseudo-terminal: see [`on_a_terminal`].
#[derive(Default)]
pub struct Terminal<'a> {
    pub args: &'a [&'a str],
    /// What the program must show before `key` is pressed.
    pub marker: Option<&'a str>,
    /// The key pressed then: Ctrl-D (the input ended) unless given.
    pub key: Option<&'a str>,
    /// The locale variables the program sees; the machine's own are removed
    /// when `Some`.
    pub locale: Option<&'a [(&'a str, &'a str)]>,
    /// The working directory and XDG data directory of the program.
    pub home: Option<&'a Path>,
}

impl Terminal<'_> {
    pub fn run(&self) -> Option<String> {
        const SCRIPT: &str = r#"
import fcntl, json, os, pty, select, struct, sys, termios, time
command, marker, key, home = json.loads(sys.argv[1]), sys.argv[2].encode(), sys.argv[3].encode(), sys.argv[4]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    if home:
        os.chdir(home)
    os.execv(command[0], command)
seen, pressed = b"", False
deadline = time.time() + 20
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            seen += os.read(fd, 65536)
        except OSError:
            pass
    if marker and marker in seen and not pressed:
        os.write(fd, key)
        pressed = True
    if done:
        print(os.waitstatus_to_exitcode(status)); print(seen.decode(errors="replace")); sys.exit(0)
os.kill(pid, 9)
print("waiting")
"#;
        if !has_python() {
            return None;
        }
        let mut command = vec![env!("CARGO_BIN_EXE_carolus")];
        command.extend_from_slice(self.args);
        let home = self.home.map(|home| home.to_str().expect("a UTF-8 path"));
        let mut python = Command::new("python3");
        if let Some(locale) = self.locale {
            for variable in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
                python.env_remove(variable);
            }
            python.envs(locale.iter().copied());
        }
        if let Some(home) = self.home {
            python
                .env("XDG_DATA_HOME", home.join("data"))
                .env("TERM", "xterm-256color");
        }
        let output = python
            .args([
                "-c",
                SCRIPT,
                &serde_json::to_string(&command).expect("words are JSON"),
                self.marker.unwrap_or(""),
                self.key.unwrap_or("\x04"),
                home.unwrap_or(""),
            ])
            .output()
            .expect("python3 runs");
        Some(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

/// The address `carolus serve` prints on its first line (`listening on
/// http://ADDR`), or the line it printed instead.
pub fn served_address(server: &mut std::process::Child) -> Result<String, String> {
    use std::io::{BufRead, BufReader};
    let mut line = String::new();
    BufReader::new(server.stdout.take().expect("stdout is piped"))
        .read_line(&mut line)
        .map_err(|error| error.to_string())?;
    line.trim()
        .strip_prefix("listening on http://")
        .map(str::to_owned)
        .ok_or(line)
}
