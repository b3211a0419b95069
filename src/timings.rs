//! Stage timings on standard error, when `PFACTS_TIMINGS` is set: how long
//! each stage of a run took (`pfacts check`, `query`), in wall-clock time
//! and in the process's CPU time over that span, so that speed claims name
//! their stage and a stage that leaves cores idle shows it (CPU / wall).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| std::env::var_os("PFACTS_TIMINGS").is_some())
}

/// The CPU time (user and system) of every thread of the process so far.
fn process_cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `getrusage` writes the struct it is given and nothing else.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return Duration::ZERO;
        }
        usage.assume_init()
    };
    let duration =
        |time: libc::timeval| Duration::new(time.tv_sec as u64, time.tv_usec as u32 * 1_000);
    duration(usage.ru_utime) + duration(usage.ru_stime)
}

/// Runs `work`, printing its wall-clock and CPU time as `stage` when
/// timings are on. A stage run beside another (the analysis's parallel
/// programs) counts the other's CPU time too.
pub fn time<T>(stage: &str, work: impl FnOnce() -> T) -> T {
    if !enabled() {
        return work();
    }
    let started = Instant::now();
    let cpu_started = process_cpu_time();
    let result = work();
    let wall = started.elapsed().as_secs_f64() * 1e3;
    let cpu = process_cpu_time().saturating_sub(cpu_started).as_secs_f64() * 1e3;
    eprintln!("pfacts: timing: {stage:<28} {wall:>9.3} ms wall {cpu:>9.3} ms CPU");
    result
}
