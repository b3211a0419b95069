//! Stage timings on standard error, when `PFACTS_TIMINGS` is set: how long
//! each stage of a run took (`pfacts check`, `query`), in wall-clock time
//! and in the process's CPU time over that span, so that speed claims name
//! their stage and a stage that leaves cores idle shows it (CPU / wall);
//! with the page faults taken over the span and the peak resident memory
//! at its end, so that a stage's memory shows too; and, when it is set to
//! `parts`, the CPU time of the parts of a stage that interleave on its
//! threads ([`Part`]). Parts are timed only on request: a thread's CPU
//! clock is a system call (no vDSO serves it), two per file, and on the
//! Debian corpus ×1 their 20,000 calls made the stage that reads the files
//! take 229 ms instead of 160 ms.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What `PFACTS_TIMINGS` asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Timings {
    Off,
    /// Set to anything but `parts`.
    Stages,
    /// Set to `parts`.
    StagesAndParts,
}

fn timings() -> Timings {
    static TIMINGS: OnceLock<Timings> = OnceLock::new();
    *TIMINGS.get_or_init(|| match std::env::var_os("PFACTS_TIMINGS") {
        None => Timings::Off,
        Some(value) if value == "parts" => Timings::StagesAndParts,
        Some(_) => Timings::Stages,
    })
}

fn enabled() -> bool {
    timings() != Timings::Off
}

fn parts_enabled() -> bool {
    timings() == Timings::StagesAndParts
}

/// What the kernel counts for the whole process: its threads' CPU time
/// (user and system), the page faults it took, and its peak resident
/// memory.
#[derive(Default)]
struct Usage {
    cpu: Duration,
    faults: i64,
    peak_kb: i64,
}

fn process_usage() -> Usage {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `getrusage` writes the struct it is given and nothing else.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return Usage::default();
        }
        usage.assume_init()
    };
    let duration =
        |time: libc::timeval| Duration::new(time.tv_sec as u64, time.tv_usec as u32 * 1_000);
    Usage {
        cpu: duration(usage.ru_utime) + duration(usage.ru_stime),
        faults: usage.ru_minflt + usage.ru_majflt,
        peak_kb: usage.ru_maxrss,
    }
}

/// Runs `work`, printing its wall-clock and CPU time as `stage` when
/// timings are on. A stage run beside another (the analysis's parallel
/// programs) counts the other's CPU time too.
pub fn time<T>(stage: &str, work: impl FnOnce() -> T) -> T {
    if !enabled() {
        return work();
    }
    let started = Instant::now();
    let before = process_usage();
    let result = work();
    let wall = started.elapsed().as_secs_f64() * 1e3;
    let after = process_usage();
    let cpu = after.cpu.saturating_sub(before.cpu).as_secs_f64() * 1e3;
    let faults = after.faults - before.faults;
    let peak = after.peak_kb / 1024;
    eprintln!(
        "pfacts: timing: {stage:<28} {wall:>9.3} ms wall {cpu:>9.3} ms CPU \
         {faults:>7} faults {peak:>6} MB peak"
    );
    result
}

/// One kind of work done many times on many threads within a stage (a
/// file parsed, its facts extracted), whose CPU time is summed when
/// timings are on: a stage whose parts interleave on each thread shows
/// its cost part by part. Each run asks the kernel for the thread's CPU
/// time twice (about half a microsecond each here).
pub struct Part {
    name: &'static str,
    nanos: AtomicU64,
    runs: AtomicU64,
}

impl Part {
    pub const fn new(name: &'static str) -> Part {
        Part {
            name,
            nanos: AtomicU64::new(0),
            runs: AtomicU64::new(0),
        }
    }

    /// Runs `work`, adding the CPU time its thread spent in it when
    /// parts are timed.
    pub fn time<T>(&self, work: impl FnOnce() -> T) -> T {
        if !parts_enabled() {
            return work();
        }
        let started = thread_cpu();
        let result = work();
        let spent = thread_cpu().saturating_sub(started);
        self.nanos
            .fetch_add(u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX), Relaxed);
        self.runs.fetch_add(1, Relaxed);
        result
    }

    /// Prints the CPU time summed so far, and how many runs it took.
    pub fn print(&self) {
        if !parts_enabled() {
            return;
        }
        let cpu = self.nanos.load(Relaxed) as f64 / 1e6;
        let runs = self.runs.load(Relaxed);
        eprintln!(
            "pfacts: timing:   {:<26} {cpu:>9.3} ms CPU in {runs} runs",
            self.name
        );
    }
}

/// The CPU time the calling thread has used.
fn thread_cpu() -> Duration {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes the struct it is given and nothing else.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}
