//! `carolus play` when its terminal goes away: the game must end on its own
//! (never spin at full speed as an orphan) and keep the moves already made
//! in a recovery file in the user's data directory, which the next game
//! announces. A pseudo-terminal from Python's `pty` module plays the
//! window; closing its master side is the window closing.

use std::process::Command;

/// Starts `carolus play` on a pseudo-terminal, plays one key, closes the
/// terminal and reports how the process ended, as Python prints it.
/// `shield` runs the game under a shell that ignores SIGHUP, as after
/// `ssh -t host 'trap "" HUP; …'`: no signal reaches the game then, and it
/// must notice the hang-up by itself.
const DRIVER: &str = r#"
import fcntl, os, pty, select, struct, sys, termios, time
carolus, workdir, shield = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
# English whatever the machine's locale: the markers below are English.
command = [carolus, "play", "--lang", "en", "--seed", "5", "--ai", "1=3"]
if shield:
    command = ["sh", "-c", 'trap "" HUP; "$@"; :', "sh"] + command
pid, fd = pty.fork()
if pid == 0:
    # A new pseudo-terminal has no size; give it 80 x 24.
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.chdir(workdir)
    os.execvp(command[0], command)
seen = b""
deadline = time.time() + 20
while b"joker" not in seen and time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.5)
    if ready:
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
if b"joker" not in seen:
    print("never drawn"); sys.exit(0)
# Assign the first joker (a move the game has not saved), then hang up.
os.write(fd, b"r\r")
time.sleep(1.0)
os.close(fd)
deadline = time.time() + 15
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        print("exited"); sys.exit(0)
    time.sleep(0.1)
os.killpg(pid, 9)
print("still running")
"#;

fn run_driver(shield: bool) -> Option<(String, std::path::PathBuf)> {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("python3 is missing: skipped");
        return None;
    }
    let workdir = std::env::temp_dir().join(format!(
        "carolus-hangup-{}-{}",
        std::process::id(),
        u8::from(shield)
    ));
    let _ = std::fs::remove_dir_all(&workdir);
    std::fs::create_dir_all(&workdir).unwrap();
    let output = Command::new("python3")
        .env("XDG_DATA_HOME", workdir.join("data"))
        .args(["-c", DRIVER, env!("CARGO_BIN_EXE_carolus")])
        .arg(&workdir)
        .arg(if shield { "1" } else { "0" })
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    assert!(
        output.status.success(),
        "{printed} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some((printed, workdir))
}

fn assert_ends_and_keeps_the_game(shield: bool) {
    let Some((printed, workdir)) = run_driver(shield) else {
        return;
    };
    assert_eq!(printed, "exited");
    // Nothing lands in the working directory, which may be anywhere.
    assert!(!workdir.join("carolus-interrupted-5.json").exists());
    let kept = workdir
        .join("data")
        .join("carolus")
        .join("interrupted-5.json");
    let saved = std::fs::read_to_string(&kept).expect("a recovery file in the data directory");
    let record = carolus_rules::Record::from_json(&saved).unwrap();
    assert!(
        record
            .moves
            .iter()
            .any(|mv| mv.to_string().starts_with("joker")),
        "{saved}"
    );
    // The next game says that the kept one can be continued.
    let output = Command::new("python3")
        .env("XDG_DATA_HOME", workdir.join("data"))
        .args(["-c", ANNOUNCED, env!("CARGO_BIN_EXE_carolus")])
        .arg(&workdir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "announced");
    let _ = std::fs::remove_dir_all(&workdir);
}

/// Starts `carolus play` on a pseudo-terminal and prints whether its
/// screen offers an interrupted game, then ends it.
const ANNOUNCED: &str = r#"
import fcntl, os, pty, select, struct, sys, termios, time
carolus, workdir = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.chdir(workdir)
    os.execvp(carolus, [carolus, "play", "--lang", "en", "--seed", "6"])
seen = b""
deadline = time.time() + 20
while b"An interrupted game was kept" not in seen and time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.5)
    if ready:
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
print("announced" if b"An interrupted game was kept" in seen else "silent")
os.kill(pid, 9)
os.waitpid(pid, 0)
"#;

#[test]
fn closing_the_window_ends_the_game_and_keeps_its_moves() {
    assert_ends_and_keeps_the_game(false);
}

#[test]
fn a_hang_up_without_sighup_is_noticed_too() {
    assert_ends_and_keeps_the_game(true);
}
