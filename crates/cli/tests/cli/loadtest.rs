//! `carolus loadtest` against servers that cannot be played on: it ends
//! with a message saying what failed and where, instead of waiting for
//! games that can never start. (Runs against a real server are the server
//! crate's `tests/load.rs`.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::support::{Run, spawn_carolus};

/// Runs `carolus loadtest` with `args`, killing it if it has not ended
/// after a long while: a watchdog against a hang, not a measure of speed.
fn loadtest(args: &[&str]) -> Run {
    let mut child = spawn_carolus(&[&["loadtest"], args].concat());
    let start = Instant::now();
    while child
        .try_wait()
        .expect("the child can be waited for")
        .is_none()
    {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("carolus loadtest {args:?} did not end within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("the carolus binary runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// The message of a run that failed: status 1 and one line on stderr.
fn failure(run: &Run) -> &str {
    assert_eq!(run.code, Some(1), "{run:?}");
    let message = run.stderr.trim_end_matches('\n');
    assert!(!message.contains('\n'), "more than one line: {run:?}");
    assert!(!message.contains("panicked"), "{run:?}");
    message
}

#[test]
fn a_server_that_does_not_listen_stops_the_run_with_a_message() {
    // A port that was free a moment ago and that nothing listens on.
    let address = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().to_string()
    };
    let url = format!("http://{address}");
    let run = loadtest(&[&url, "--games", "20", "--concurrency", "10"]);
    let message = failure(&run);
    assert!(
        message.starts_with("carolus: the run stopped: creating a game: "),
        "{message}"
    );
    assert!(
        message.contains(&format!("cannot reach {address}")),
        "{message}"
    );
    assert!(message.ends_with("(tried 4 times)"), "{message}");
}

/// A stand-in for a proxy whose servers are all marked down: games are
/// created, but every WebSocket upgrade is answered 502 Bad Gateway, as
/// nginx answered them. Counts the upgrades it refused.
fn bad_gateway() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let upgrades = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&upgrades);
    std::thread::spawn(move || {
        for (number, stream) in listener.incoming().enumerate() {
            let Ok(stream) = stream else { continue };
            let counted = Arc::clone(&counted);
            std::thread::spawn(move || answer(stream, number, &counted));
        }
    });
    (address, upgrades)
}

/// Answers one request on `stream`: 201 and a new game for a game's
/// creation, 502 for anything else.
fn answer(stream: TcpStream, number: usize, upgrades: &AtomicUsize) {
    let mut reader = BufReader::new(&stream);
    let mut head = Vec::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
        head.push(line);
    }
    // The body is read, so that closing the connection does not reset it
    // before the client has the answer.
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let request = head.first().cloned().unwrap_or_default();
    let (status, body) = if request.starts_with("POST /api/games ") {
        let id = format!("stub{number:08}");
        let game = serde_json::json!({
            "id": id,
            "seats": [{"seat": 0, "token": "t0"}, {"seat": 1, "token": "t1"}],
        });
        ("201 Created", game.to_string())
    } else {
        if request.contains("/ws") {
            upgrades.fetch_add(1, Ordering::Relaxed);
        }
        ("502 Bad Gateway", "<html>502 Bad Gateway</html>".to_owned())
    };
    let _ = (&stream).write_all(
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
}

#[test]
fn websockets_answered_502_are_tried_again_then_stop_the_run_naming_the_game() {
    let (address, upgrades) = bad_gateway();
    let url = format!("http://{address}");
    let run = loadtest(&[
        &url,
        "--games",
        "50",
        "--concurrency",
        "50",
        "--rate",
        "5000",
    ]);
    let message = failure(&run);
    assert!(
        message.starts_with("carolus: the run stopped: game stub"),
        "{message}"
    );
    assert!(
        message.contains(&format!(
            "cannot open its WebSocket: the WebSocket to {address} failed: HTTP error: 502 Bad Gateway"
        )),
        "{message}"
    );
    assert!(message.ends_with("(tried 4 times)"), "{message}");
    assert!(
        upgrades.load(Ordering::Relaxed) >= 4,
        "each seat tries a few times"
    );
    // The report of what was done is printed all the same.
    assert!(run.stdout.contains("failures:"), "{run:?}");
}
