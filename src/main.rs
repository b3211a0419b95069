use std::process::ExitCode;

fn main() -> ExitCode {
    pfacts::cli::run()
}
