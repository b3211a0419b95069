use std::process::ExitCode;

fn main() -> ExitCode {
    restore_sigpipe();
    pfacts::cli::run()
}

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
