use std::process::ExitCode;

fn main() -> ExitCode {
    restore_sigpipe();
    use_small_pages();
    pfacts::cli::run()
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
