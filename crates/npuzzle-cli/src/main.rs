//! `npuzzle`: the sliding-tile puzzle on the command line.

mod cli;
mod commands;
mod databases;
mod datasets;
mod files;
mod input;
mod interrupt;
mod lines;
mod play;
mod progress;
mod search;
mod status;
mod streams;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Task};
use status::Status;

fn main() -> ExitCode {
    if streams::stdout_was_closed() {
        let _ = writeln!(
            io::stderr(),
            "npuzzle: standard output is closed: nothing could be written (redirect it to a file \
             or /dev/null)"
        );
        return Status::BadInput.into();
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors quote the value given: a long one is quoted in short.
        Err(error) if error.use_stderr() => {
            let _ = write!(
                io::stderr(),
                "{}",
                status::shown(&status::shorten_quotes(&error.render().to_string()))
            );
            return Status::BadInput.into();
        }
        // Help and the version: written like any output, so a failed write is an error.
        Err(error) => {
            let mut out = io::stdout().lock();
            let text = match out.is_terminal() {
                true => error.render().ansi().to_string(),
                false => error.render().to_string(),
            };
            return match write!(out, "{text}").and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    status::report("error", &anyhow::Error::from(e).context("writing the help"));
                    Status::BadInput.into()
                }
            };
        }
    };
    // A wait on a FIFO or a terminal the user named ends with the first signal.
    npuzzle_files::stop_when(interrupt::interrupted);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|status| {
        out.flush()?;
        Ok(status)
    });
    match result {
        Ok(status) => status.into(),
        Err(error) if status::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) if interrupt::interrupted() => {
            status::report("interrupted", &error);
            Status::Interrupted.into()
        }
        Err(error) => {
            status::report("error", &error);
            Status::BadInput.into()
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<Status> {
    match cli.task {
        Some(Task::Generate(args)) => commands::generate::run(&args, out),
        Some(Task::Check(args)) => commands::check::run(&args, out),
        Some(Task::Apply(args)) => commands::apply::run(&args, out),
        Some(Task::Verify(args)) => commands::verify::run(&args, out),
        Some(Task::Analyse(args)) => commands::analyse::run(&args, out),
        Some(Task::Daily(args)) => commands::daily::run(&args, out),
        Some(Task::Trainer(args)) => commands::trainer::run(&args, out),
        Some(Task::Lab(args)) => commands::lab::run(&args, out),
        Some(Task::Convert(args)) => commands::convert::run(&args, out),
        Some(Task::Solve(args)) => match &args.trace {
            Some(path) => commands::trace::run(&args, path, out),
            None => commands::solve::run(&args, out),
        },
        Some(Task::Bench(args)) => commands::bench::run(&args, out),
        Some(Task::Label(args)) => commands::label::run(&args, out),
        Some(Task::Play(args)) => play::run(&args),
        Some(Task::Stats(args)) => play::stats::run(&args, out),
        Some(Task::Replay(args)) => play::replay::run(&args, out),
        Some(Task::Pdb(args)) => commands::pdb::run(&args, out),
        // Without a subcommand: the game, with its defaults.
        None => match Cli::parse_from(["npuzzle", "play"]).task {
            Some(Task::Play(args)) => play::run(&args),
            _ => unreachable!("`npuzzle play` parses as the play command"),
        },
    }
}
