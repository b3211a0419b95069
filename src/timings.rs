//! Stage timings on standard error, when `PFACTS_TIMINGS` is set: how long
//! each stage of a run took (`pfacts check`, `query`), so that speed claims
//! name their stage.

use std::sync::OnceLock;
use std::time::Instant;

fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| std::env::var_os("PFACTS_TIMINGS").is_some())
}

/// Runs `work`, printing its wall-clock time as `stage` when timings are on.
pub fn time<T>(stage: &str, work: impl FnOnce() -> T) -> T {
    if !enabled() {
        return work();
    }
    let started = Instant::now();
    let result = work();
    eprintln!(
        "pfacts: timing: {stage:<28} {:>9.3} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    result
}
