//! Real Ruby, opt-in (`pfacts catalog --ruby`): modules' Ruby functions
//! and ERB templates run by the system's `ruby` through a shim of
//! Puppet's function API (`shim.rb`), one process for the whole
//! compilation, values passed as JSON (`json`). pfacts keeps the
//! compilation: the shim asks it for variables, functions and blocks
//! through a [`Host`], and pfacts may ask the shim again meanwhile (a Ruby
//! function calling another).
//!
//! It runs the repository's code, so it is never on by default, and
//! `check` and `query` never use it.

pub mod json;

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::rc::Rc;

use serde_json::{json, Value as Json};

/// The shim, run with `ruby -e`.
const SHIM: &str = include_str!("shim.rb");

/// What the compilation gives the Ruby it runs.
pub trait Host {
    /// A Puppet function called from Ruby.
    fn call_function(&mut self, name: &str, args: Vec<Json>, block: bool) -> Result<Json, Refusal>;
    /// A variable as the calling scope sees it (`null` when unknown).
    fn variable(&mut self, name: &str) -> Json;
    /// Sets a variable of the calling scope (`scope.setvar`).
    fn set_variable(&mut self, name: &str, value: &Json) -> Result<Json, Refusal>;
    /// The block the Ruby function was given, called with `args`.
    fn call_block(&mut self, args: Vec<Json>) -> Result<Json, Refusal>;
    /// A message Ruby logs (`Puppet.warning`).
    fn log(&mut self, level: &str, message: &str);
}

/// Why pfacts gives Ruby no value.
#[derive(Debug)]
pub enum Refusal {
    /// Puppet's error, which Ruby raises.
    Error(String),
    /// A value pfacts did not compute: the Ruby that asked stops, its own
    /// value is not computed either.
    Unevaluated(String),
}

/// Why a request gave no value.
#[derive(Debug)]
pub enum Failure {
    /// What Puppet would report too: the function or template failed
    /// (`Puppet::ParseError`, `ArgumentError`, ...).
    Puppet(String),
    /// What only the shim fails on: an API of Puppet's it lacks, a Ruby
    /// error outside the module's code, a process that died.
    Shim(String),
}

/// The running shim.
pub struct Ruby {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// The shim shared by the compilation's calls, which may nest.
pub type Shared = Rc<RefCell<Ruby>>;

impl Ruby {
    /// Starts the shim with the modules' `lib` directories on Ruby's load
    /// path; why not, when `ruby` cannot be run.
    pub fn start(libs: &[PathBuf]) -> Result<Shared, String> {
        let mut child = Command::new("ruby")
            .arg("-e")
            .arg(SHIM)
            .args(libs)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot run `ruby`: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input to ruby")?;
        let output = BufReader::new(child.stdout.take().ok_or("no standard output from ruby")?);
        Ok(Rc::new(RefCell::new(Ruby {
            child,
            input,
            output,
        })))
    }

    fn send(&mut self, message: &Json) -> Result<(), Failure> {
        let mut line = serde_json::to_string(message).map_err(|e| Failure::Shim(e.to_string()))?;
        line.push('\n');
        self.input
            .write_all(line.as_bytes())
            .and_then(|_| self.input.flush())
            .map_err(|e| Failure::Shim(format!("ruby: {e}")))
    }

    fn receive(&mut self) -> Result<Json, Failure> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(Failure::Shim("ruby ended".to_string())),
            Ok(_) => serde_json::from_str(&line)
                .map_err(|e| Failure::Shim(format!("ruby wrote no JSON ({e}): {line}"))),
            Err(e) => Err(Failure::Shim(format!("ruby: {e}"))),
        }
    }
}

impl Drop for Ruby {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `request` and serves the shim's callbacks until its answer.
pub fn request(ruby: &Shared, request: Json, host: &mut dyn Host) -> Result<Json, Failure> {
    ruby.borrow_mut().send(&request)?;
    loop {
        let message = ruby.borrow_mut().receive()?;
        if let Some(result) = message.get("ok") {
            return Ok(result.clone());
        }
        if let Some(error) = message.get("error") {
            let text = error.as_str().unwrap_or_default().to_string();
            return Err(match message["kind"].as_str() {
                Some("puppet") => Failure::Puppet(text),
                _ => Failure::Shim(text),
            });
        }
        let answer = match message["callback"].as_str() {
            Some("call_function") => answer(host.call_function(
                message["name"].as_str().unwrap_or_default(),
                arguments(&message),
                message["block"].as_bool().unwrap_or(false),
            )),
            Some("lookupvar") => {
                json!({ "ok": host.variable(message["name"].as_str().unwrap_or_default()) })
            }
            Some("yield") => answer(host.call_block(arguments(&message))),
            Some("setvar") => answer(host.set_variable(
                message["name"].as_str().unwrap_or_default(),
                &message["value"],
            )),
            Some("log") => {
                host.log(
                    message["level"].as_str().unwrap_or("notice"),
                    message["message"].as_str().unwrap_or_default(),
                );
                json!({ "ok": null })
            }
            _ => return Err(Failure::Shim(format!("ruby sent {message}"))),
        };
        ruby.borrow_mut().send(&answer)?;
    }
}

fn arguments(message: &Json) -> Vec<Json> {
    message["args"].as_array().cloned().unwrap_or_default()
}

fn answer(result: Result<Json, Refusal>) -> Json {
    match result {
        Ok(value) => json!({ "ok": value }),
        Err(Refusal::Error(error)) => json!({ "error": error }),
        Err(Refusal::Unevaluated(reason)) => json!({ "unevaluated": reason }),
    }
}
