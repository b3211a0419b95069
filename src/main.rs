use std::process::ExitCode;

fn main() -> ExitCode {
    restore_sigpipe();
    purge_freed_memory_at_once();
    use_small_pages();
    pfacts::cli::run()
}

/// mimalloc's `mi_option_purge_delay` (its place in `mi_option_e`, which
/// libmimalloc-sys does not name).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc returns freed pages to the system 10 ms after they are freed,
/// by default; extraction frees each chunk's facts as it merges them and
/// the rules free their relations, so that at once keeps the peak lower
/// (the Debian corpus x30: 0.79 GB instead of about 1 GB, in the same
/// time; README, "Speed").
fn purge_freed_memory_at_once() {
    // SAFETY: sets an option; called before any other thread exists.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}

/// Transparent huge pages, which mimalloc asks for, cost more than they
/// save here: the kernel zeroes 2 MB at each first touch, and again after
/// every purge (a fifth of `pfacts check`'s time on the Debian corpus x10).
#[cfg(target_os = "linux")]
fn use_small_pages() {
    // SAFETY: sets a flag of this process; no memory is touched.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
}

#[cfg(not(target_os = "linux"))]
fn use_small_pages() {}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`pfacts rules |
/// head`) would panic; the default action ends the process quietly, as
/// other command-line tools do.
#[cfg(unix)]
fn restore_sigpipe() {
    // SAFETY: called first in main, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}
