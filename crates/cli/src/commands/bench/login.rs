//! `carolus bench --login`: the processor time a login costs the server.
//!
//! Nearly all of a sign-in's work is the check of its password: Argon2id
//! at the cost the server really uses ([`PasswordHasher::owasp`], the
//! hasher `carolus serve` makes), which is meant to be slow; the rest (a
//! few rows read and written) is small beside it. So a login's cost is
//! measured here as that check, the right password against a stored hash,
//! in the processor time of the thread that does it, as the server's
//! blocking pool does. Beside it, for comparison: a wrong password, the
//! dummy check of an unknown name (which must cost the same, so that the
//! answer's time does not tell which names exist) and the hash that a
//! sign-up or a change of password makes.
//!
//! Each round runs every operation once, in turn, so that a change in the
//! machine's load during the run falls on all of them alike. Nothing is
//! asserted: speed depends on the machine; the target is at most 100 ms of
//! processor time a login.

use std::io::Write;
use std::time::Instant;

use anyhow::Context;
use carolus_accounts::PasswordHasher;
use serde::Serialize;

use super::timing::{Percentiles, millis, thread_time};

/// What the login benchmark measured, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Argon2id's memory (KiB), passes and lanes.
    memory_kib: u32,
    iterations: u32,
    parallelism: u32,
    rounds: usize,
    operations: Vec<Operation>,
}

/// One operation's times: processor time of the thread, and the clock.
#[derive(Debug, Serialize)]
struct Operation {
    name: &'static str,
    cpu_ms: Percentiles,
    clock_ms: Percentiles,
}

/// Runs `rounds` rounds of every operation.
pub fn run(rounds: usize) -> anyhow::Result<Report> {
    let hasher = PasswordHasher::owasp().context("cannot make the password hasher")?;
    let password = "correct horse battery staple";
    let stored = hasher
        .hash(password)
        .context("cannot hash the benchmark's password")?;
    // Each operation, and whether it came out as it must: a benchmark of
    // a check that fails for another reason would measure nothing.
    type Work<'a> = Box<dyn Fn() -> bool + 'a>;
    let work: [(&'static str, Work); 4] = [
        (
            "login (right password)",
            Box::new(|| {
                matches!(
                    hasher.verify(password, &stored),
                    Ok(carolus_accounts::password::Verified::Yes { .. })
                )
            }),
        ),
        (
            "wrong password",
            Box::new(|| {
                matches!(
                    hasher.verify("wrong horse battery staple", &stored),
                    Ok(carolus_accounts::password::Verified::No)
                )
            }),
        ),
        (
            "unknown name (dummy check)",
            Box::new(|| {
                hasher.dummy_verify(password);
                true
            }),
        ),
        ("hash (sign-up)", Box::new(|| hasher.hash(password).is_ok())),
    ];
    let mut cpu = vec![Vec::with_capacity(rounds); work.len()];
    let mut clock = vec![Vec::with_capacity(rounds); work.len()];
    for _ in 0..rounds {
        for (index, (name, operation)) in work.iter().enumerate() {
            let (start, processor) = (Instant::now(), thread_time());
            let right = operation();
            cpu[index].push(millis(thread_time() - processor));
            clock[index].push(millis(start.elapsed()));
            anyhow::ensure!(right, "{name}: the check did not come out as it must");
        }
    }
    let (memory_kib, iterations, parallelism) = hasher.cost();
    Ok(Report {
        memory_kib,
        iterations,
        parallelism,
        rounds,
        operations: work
            .iter()
            .zip(cpu.into_iter().zip(clock))
            .map(|((name, _), (cpu, clock))| Operation {
                name,
                cpu_ms: Percentiles::of(cpu),
                clock_ms: Percentiles::of(clock),
            })
            .collect(),
    })
}

/// The report in words.
pub fn write_text(out: &mut impl Write, report: &Report) -> std::io::Result<()> {
    writeln!(
        out,
        "Argon2id m={} KiB t={} p={}, {} rounds, one thread:",
        report.memory_kib, report.iterations, report.parallelism, report.rounds
    )?;
    writeln!(
        out,
        "  {:<28} {:>30} {:>12}",
        "", "processor ms p50 / p95 / max", "clock ms p50"
    )?;
    for operation in &report.operations {
        let c = operation.cpu_ms;
        writeln!(
            out,
            "  {:<28} {:>30} {:>12.1}",
            operation.name,
            format!("{:.1} / {:.1} / {:.1}", c.p50, c.p95, c.max),
            operation.clock_ms.p50
        )?;
    }
    Ok(())
}
