//! External bots' processes: a bot the match runner stops takes everything
//! it started with it, whether it lost its game for silence or the match
//! itself was interrupted, so that no forgotten engine keeps a core busy
//! for the rest of the match or after it.

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::matches::two_quick_games_against_random;
use crate::support::{file, make_executable, spawn_carolus};

/// A bot as wrappers often are: a shell script that starts a helper
/// process and then never answers. Both process ids are appended to
/// `pids`. Returns the script's path.
fn spawning_bot(name: &str, pids: &Path) -> PathBuf {
    let script = file(
        name,
        &format!(
            "#!/bin/sh\necho $$ >> '{pids}'\nsleep 1000 &\necho $! >> '{pids}'\n\
             while true; do sleep 1; done\n",
            pids = pids.display()
        ),
    );
    make_executable(&script);
    script
}

/// The process ids written to `pids`, once there are `count` of them.
fn wait_for_pids(pids: &Path, count: usize) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(pids).unwrap_or_default();
        let found: Vec<u32> = text.lines().filter_map(|line| line.parse().ok()).collect();
        if found.len() >= count {
            return found;
        }
        assert!(Instant::now() < deadline, "the bot never started: {text:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the process `pid` has ended: it is gone, or dead and waiting to
/// be reaped (a zombie, as in containers whose first process reaps none).
/// Linux tells through `/proc`, which needs no tool that a minimal system
/// may lack; elsewhere `ps` does.
fn has_ended(pid: u32) -> bool {
    let proc_stat = Path::new("/proc").join(pid.to_string()).join("stat");
    let state = if Path::new("/proc/self/stat").exists() {
        // The state follows the command name, which is in parentheses.
        std::fs::read_to_string(proc_stat)
            .ok()
            .and_then(|stat| {
                stat.rsplit_once(')')
                    .map(|(_, rest)| rest.trim_start().to_owned())
            })
            .unwrap_or_default()
    } else {
        let output = Command::new("ps")
            .args(["-o", "stat=", "-p", &pid.to_string()])
            .output()
            .expect("ps runs");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    };
    state.is_empty() || state.starts_with('Z')
}

/// Checks that every process in `pids` ends within a few seconds.
fn assert_all_end(pids: &[u32]) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !pids.iter().all(|&pid| has_ended(pid)) {
        assert!(
            Instant::now() < deadline,
            "still running: {:?}",
            pids.iter()
                .filter(|&&pid| !has_ended(pid))
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_bot_that_loses_for_silence_is_stopped_with_what_it_started() {
    let pids = file("silent-spawner-pids", "");
    let bot = spawning_bot("silent-spawner.sh", &pids);
    let summary = two_quick_games_against_random(&bot, "0");
    assert_eq!(summary["forfeits"].as_array().map(Vec::len), Some(2));
    // Two games, each with its own shell and its helper.
    assert_all_end(&wait_for_pids(&pids, 4));
}

#[test]
fn an_interrupted_match_stops_its_bots_and_what_they_started() {
    let pids = file("interrupted-spawner-pids", "");
    let bot = format!(
        "cmd:{}",
        spawning_bot("interrupted-spawner.sh", &pids).display()
    );
    // A long start-up allowance keeps the match waiting on the silent bot.
    let mut runner = Command::new(env!("CARGO_BIN_EXE_carolus"))
        .args([
            "match",
            "--bot",
            &bot,
            "--bot",
            "random",
            "--games",
            "2",
            "--startup-ms",
            "60000",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the carolus binary starts");
    let bot_pids = wait_for_pids(&pids, 2);

    // Ctrl-C, as the terminal would send it to the runner's group.
    let runner_pid = i32::try_from(runner.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .expect("a child's process id");
    rustix::process::kill_process(runner_pid, rustix::process::Signal::INT)
        .expect("the signal is sent");
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = runner.try_wait().expect("the runner can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = runner.kill();
            panic!("the match did not end on SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        status.signal(),
        Some(2),
        "it ends as interrupted: {status:?}"
    );
    assert_all_end(&bot_pids);
    // The other game's bot may have been starting as the signal came: it
    // and what it started end too, however far it got.
    let every_pid = wait_for_pids(&pids, bot_pids.len());
    assert_all_end(&every_pid);
}

#[test]
fn an_interrupted_match_shows_its_summary_and_how_to_go_on() {
    let records = file("interrupted-match.jsonl", "");
    let records_arg = records.to_str().unwrap().to_owned();
    let args = [
        "match",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--games",
        "100000",
        "--seed",
        "4",
        "--records",
        &records_arg,
    ];
    let runner = spawn_carolus(&args);
    // Some games are played before the interruption.
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(&records)
        .unwrap_or_default()
        .lines()
        .count()
        < 4
    {
        assert!(Instant::now() < deadline, "no games were played");
        std::thread::sleep(Duration::from_millis(20));
    }
    let runner_pid = i32::try_from(runner.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .expect("a child's process id");
    rustix::process::kill_process(runner_pid, rustix::process::Signal::TERM)
        .expect("the signal is sent");
    let output = runner.wait_with_output().expect("the runner ends");
    assert_eq!(output.status.signal(), Some(15), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The summary of the games so far, as at the end of a match.
    assert!(stdout.contains("95% CI"), "{stdout}");
    assert!(stdout.contains("greedy"), "{stdout}");
    // The command that goes on is this one with --resume.
    let (_, command) = stderr
        .split_once("go on with: ")
        .unwrap_or_else(|| panic!("no resume command: {stderr}"));
    let words = shell_words::split(command.trim()).unwrap();
    assert_eq!(words[0], env!("CARGO_BIN_EXE_carolus"));
    let mut expected: Vec<&str> = args.to_vec();
    expected.push("--resume");
    assert_eq!(&words[1..], &expected[..]);
    // What it counted is what the records hold: scoring them agrees.
    let played = std::fs::read_to_string(&records).unwrap().lines().count();
    assert!(
        stderr.contains(&format!("interrupted after {played} games")),
        "{stderr} ({played} records)"
    );
}

#[test]
fn a_match_without_records_says_it_cannot_be_resumed() {
    let runner = spawn_carolus(&[
        "match", "--bot", "greedy", "--bot", "random", "--games", "100000",
    ]);
    std::thread::sleep(Duration::from_millis(500));
    let runner_pid = i32::try_from(runner.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .expect("a child's process id");
    rustix::process::kill_process(runner_pid, rustix::process::Signal::INT)
        .expect("the signal is sent");
    let output = runner.wait_with_output().expect("the runner ends");
    assert_eq!(output.status.signal(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("without --records the games were not kept"),
        "{stderr}"
    );
}
