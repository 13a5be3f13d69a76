//! The cost of a login: hashing a password and verifying one with Argon2id
//! at OWASP's parameters (m = 19,456 KiB, t = 2, p = 1), and the dummy
//! verification of an unknown name, which must cost the same as a wrong
//! password.
//!
//! Run with `cargo bench -p carolus-accounts` (optionally followed by
//! `-- N`, the number of rounds, default 20). It prints the median and the
//! slowest time of each; hashing runs on one thread and waits for nothing,
//! so its time is its CPU time. It asserts nothing, because speed depends
//! on the machine; the target is at most 100 ms a login.

use std::time::{Duration, Instant};

use carolus_accounts::PasswordHasher;

/// One measured operation.
type Work<'a> = Box<dyn FnMut() + 'a>;

/// The median and slowest time of each operation over `rounds` rounds.
/// Each round runs every operation once, in turn, so that a change in the
/// machine's load during the run falls on all of them alike.
fn timed(rounds: usize, work: &mut [(&str, Work)]) -> Vec<(Duration, Duration)> {
    let mut times = vec![Vec::with_capacity(rounds); work.len()];
    for _ in 0..rounds {
        for ((_, operation), times) in work.iter_mut().zip(&mut times) {
            let start = Instant::now();
            operation();
            times.push(start.elapsed());
        }
    }
    times
        .into_iter()
        .map(|mut times| {
            times.sort();
            (times[times.len() / 2], times[times.len() - 1])
        })
        .collect()
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20)
        .max(1);
    let hasher = match PasswordHasher::owasp() {
        Ok(hasher) => hasher,
        Err(error) => {
            eprintln!("cannot make the hasher: {error}");
            std::process::exit(1);
        }
    };
    let password = "correct horse battery staple";
    let stored = hasher.hash(password).unwrap_or_default();
    let (m, t, p) = hasher.cost();
    println!("Argon2id m={m} KiB t={t} p={p}; {rounds} rounds");
    println!(
        "{:<28} {:>12} {:>12}",
        "operation", "median ms", "slowest ms"
    );
    let mut rows: [(&str, Work); 4] = [
        ("hash (sign-up)", Box::new(|| drop(hasher.hash(password)))),
        (
            "verify, right password",
            Box::new(|| drop(hasher.verify(password, &stored))),
        ),
        (
            "verify, wrong password",
            Box::new(|| drop(hasher.verify("wrong horse", &stored))),
        ),
        (
            "dummy verify (unknown name)",
            Box::new(|| hasher.dummy_verify(password)),
        ),
    ];
    let times = timed(rounds, &mut rows);
    for ((name, _), (median, slowest)) in rows.iter().zip(times) {
        println!(
            "{:<28} {:>12.1} {:>12.1}",
            name,
            median.as_secs_f64() * 1000.0,
            slowest.as_secs_f64() * 1000.0
        );
    }
}
