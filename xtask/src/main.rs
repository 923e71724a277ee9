//! `cargo xtask …`: chores of several steps.
//!
//! - `cargo xtask web [--out DIR]`: builds the web page into one folder (default `dist/web`)
//!   that any static server can serve: the WebAssembly adapter, its JavaScript glue, and the
//!   page from `web/`.
//! - `cargo xtask web --serve [--port N]`: builds it, then serves it on 127.0.0.1.
//! - `cargo xtask test`: every test: `cargo test --workspace`, then the Python package's
//!   (`crates/npuzzle-py/run-tests`, in a virtual environment of its own).

mod serve;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

/// The wasm-bindgen version the adapter is pinned to (`=0.2.130` in the workspace Cargo.toml);
/// the command-line tool must be exactly the same.
const WASM_BINDGEN: &str = "0.2.130";

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("web") => web(&args[1..]),
        Some("test") => test(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask web [--out DIR] [--serve] [--port N]");
            eprintln!("       cargo xtask test [--locked]");
            return std::process::ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            // What went wrong and what to do, never a backtrace.
            eprintln!("xtask: error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Installs what the build needs when it is missing: the wasm32 target (with rustup) and the
/// wasm-bindgen command-line tool at the pinned version (with cargo install).
fn tools(cargo: &str) -> anyhow::Result<()> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    match installed {
        Ok(output) if String::from_utf8_lossy(&output.stdout).contains(TARGET) => {}
        Ok(_) => {
            eprintln!("xtask: installing the {TARGET} target (rustup target add {TARGET})");
            run(Command::new("rustup").args(["target", "add", TARGET]))?;
        }
        // Without rustup the toolchain's owner adds the target; the build says if it is missing.
        Err(_) => {}
    }
    let version = Command::new("wasm-bindgen").arg("--version").output();
    let found = match &version {
        Ok(output) if String::from_utf8_lossy(&output.stdout).contains(WASM_BINDGEN) => {
            return Ok(());
        }
        Ok(output) => String::from_utf8_lossy(&output.stdout).trim().to_string(),
        Err(_) => "not installed".to_string(),
    };
    eprintln!(
        "xtask: wasm-bindgen-cli is {found}; installing {WASM_BINDGEN}, the version the adapter is \
         pinned to (cargo install wasm-bindgen-cli --version {WASM_BINDGEN}; a few minutes, once)"
    );
    run(Command::new(cargo).args(["install", "wasm-bindgen-cli", "--version", WASM_BINDGEN]))
        .with_context(|| {
            format!("installing wasm-bindgen-cli: run cargo install wasm-bindgen-cli --version {WASM_BINDGEN}")
        })
}

/// The WebAssembly target the page is built for.
const TARGET: &str = "wasm32-unknown-unknown";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn web(args: &[String]) -> anyhow::Result<()> {
    let root = root();
    let mut out = root.join("dist/web");
    let mut serve = false;
    let mut port = 8080u16;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--serve" => serve = true,
            "--out" => out = PathBuf::from(rest.next().context("--out needs a folder")?),
            "--port" => {
                port = rest
                    .next()
                    .context("--port needs a number")?
                    .parse()
                    .context("--port needs a number from 0 to 65535")?;
            }
            other => bail!("unknown option '{other}'"),
        }
    }
    build(&root, &out)?;
    println!("built the web page in {}", out.display());
    if serve {
        serve::serve(&out, port)?;
    }
    Ok(())
}

/// Every test: the workspace's, then the Python package's (which makes its own virtual
/// environment and installs its pinned tools from PyPI).
fn test(args: &[String]) -> anyhow::Result<()> {
    let root = root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    run(Command::new(&cargo)
        .args(["test", "--workspace"])
        .args(args)
        .current_dir(&root))?;
    run(Command::new(root.join("crates/npuzzle-py/run-tests")).current_dir(&root))
}

fn run(command: &mut Command) -> anyhow::Result<()> {
    let status = command
        .status()
        .with_context(|| format!("running {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}

fn build(root: &Path, out: &Path) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    tools(&cargo)?;
    run(Command::new(&cargo)
        .current_dir(root)
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .args(["build", "--release", "--locked", "-p", "npuzzle-web"])
        .args(["--target", TARGET]))?;
    // Only what this build writes is replaced: the glue folder and the page's files; anything
    // else in the folder is left alone.
    let pkg = out.join("pkg");
    if pkg.exists() {
        std::fs::remove_dir_all(&pkg).with_context(|| format!("clearing {}", pkg.display()))?;
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let wasm = root.join("target/wasm32-unknown-unknown/release/npuzzle_web.wasm");
    run(Command::new("wasm-bindgen")
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out.join("pkg"))
        .arg(&wasm))?;
    for entry in std::fs::read_dir(root.join("web"))? {
        let path = entry?.path();
        let keep = path
            .extension()
            .is_some_and(|e| ["html", "css", "js", "svg"].contains(&e.to_string_lossy().as_ref()));
        if keep && let Some(name) = path.file_name() {
            std::fs::copy(&path, out.join(name))
                .with_context(|| format!("copying {}", path.display()))?;
        }
    }
    Ok(())
}
