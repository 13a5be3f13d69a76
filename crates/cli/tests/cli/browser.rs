//! The browser client's end-to-end tests (crates/web/tests/e2e): a real
//! headless Chromium, driven by playwright-core under Node.js, plays games
//! on this binary's `carolus serve`.
//!
//! They need Node.js, the packages of crates/web/package.json (`npm ci
//! --prefix crates/web`) and Debian's `chromium`; `.ci/run` installs all
//! three. On a machine without them the test says what is missing and
//! passes as skipped, unless `CAROLUS_REQUIRE_BROWSER` is set, as CI sets
//! it: there a missing browser is a failure.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn web_crate() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../web")
}

/// What the browser tests need and this machine lacks.
fn missing() -> Vec<String> {
    let mut missing = Vec::new();
    if Command::new("node").arg("--version").output().is_err() {
        missing.push("Node.js (`node`)".to_owned());
    }
    if !web_crate().join("node_modules/playwright-core").is_dir() {
        missing.push("playwright-core (`npm ci --prefix crates/web`)".to_owned());
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    if !Path::new(&chromium).exists() {
        missing.push(format!(
            "Chromium ({chromium}; Debian's package `chromium`)"
        ));
    }
    missing
}

#[test]
fn the_browser_client_passes_its_end_to_end_tests() {
    let missing = missing();
    if !missing.is_empty() {
        let what = missing.join(", ");
        assert!(
            std::env::var_os("CAROLUS_REQUIRE_BROWSER").is_none(),
            "the browser tests cannot run: this machine lacks {what}"
        );
        eprintln!("skipped the browser tests: this machine lacks {what}");
        return;
    }
    let _turn = crate::support::heavy_or_timed();
    let mut child = Command::new("node")
        .args(["--test", "--test-concurrency=1", "tests/"])
        .current_dir(web_crate())
        .env("CAROLUS_BIN", env!("CARGO_BIN_EXE_carolus"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // The output is read as it comes, so that a full pipe never stalls
    // node while this test waits for it.
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = read_all(Box::new(child.stderr.take().expect("stderr is piped")));
    // A test stuck in a browser must not hold CI: the whole suite takes
    // about a minute and a half on two cores.
    let deadline = Instant::now() + Duration::from_secs(15 * 60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("node can be waited for") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let report = stdout.join().unwrap_or_default();
    let errors = stderr.join().unwrap_or_default();
    assert!(
        status.is_some_and(|status| status.success()),
        "the browser tests failed{}:\n{report}\n{errors}",
        if status.is_none() {
            " (stopped after 15 minutes)"
        } else {
            ""
        }
    );
}
