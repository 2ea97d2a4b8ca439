//! `sokolab man` and `sokolab completions SHELL`: the manual page and the shell
//! completions, generated from the parser itself so they cannot fall behind it.

use crate::cli::error::CliError;
use clap::CommandFactory as _;
use std::process::ExitCode;

/// Options of `sokolab completions`.
#[derive(clap::Args, Clone, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the completion script for `args.shell` on standard output.
pub fn completions(args: &CompletionsArgs) -> Result<ExitCode, CliError> {
    let mut command = crate::cli::Cli::command();
    clap_complete::generate(args.shell, &mut command, "sokolab", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}

/// Options of `sokolab man`.
#[derive(clap::Args, Clone, Debug)]
pub struct ManArgs {
    /// Write every page into this folder instead: sokolab.1, and sokolab-SUBCOMMAND.1 for
    /// each subcommand (the pages the first one refers to).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// Writes the manual page (roff, section 1) on standard output, or every page into a
/// folder.
pub fn man(args: &ManArgs) -> Result<ExitCode, CliError> {
    let command = crate::cli::Cli::command();
    if let Some(dir) = &args.dir {
        let failed = |e: std::io::Error| CliError::Report(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(failed)?;
        clap_mangen::generate_to(command, dir).map_err(failed)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = Vec::new();
    clap_mangen::Man::new(command).render(&mut out).map_err(CliError::Output)?;
    std::io::Write::write_all(&mut std::io::stdout(), &out).map_err(CliError::Output)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pages: the program's, naming every subcommand, and one per subcommand with its
    /// options and its example.
    #[test]
    fn a_page_for_the_program_and_one_for_each_subcommand() {
        let dir = tempfile::tempdir().unwrap();
        man(&ManArgs { dir: Some(dir.path().to_path_buf()) }).unwrap();
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
        let main = read("sokolab.1");
        assert!(main.contains(".TH sokolab 1"), "{main}");
        for sub in crate::cli::Cli::command().get_subcommands() {
            let name = format!("sokolab-{}", sub.get_name());
            assert!(main.contains(&format!("{}(1)", name.replace('-', "\\-"))), "{name}");
            let page = read(&format!("{name}.1"));
            assert!(page.contains("Example"), "{name}: {page}");
        }
        assert!(read("sokolab-bench.1").contains("\\-\\-time\\-limit"), "options listed");
    }

    /// Every subcommand's help ends with an example of its use.
    #[test]
    fn every_subcommand_has_an_example() {
        for sub in crate::cli::Cli::command().get_subcommands() {
            let after = sub.get_after_help().map(|s| s.to_string()).unwrap_or_default();
            let example = format!("  sokolab {}", sub.get_name());
            assert!(after.starts_with("Example") && after.contains(&example), "{after:?}");
        }
    }

    /// A completion script for each shell names the subcommands.
    #[test]
    fn completions_name_the_subcommands() {
        use clap::ValueEnum as _;
        for &shell in clap_complete::Shell::value_variants() {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut crate::cli::Cli::command(), "sokolab", &mut out);
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains("optimize") && text.contains("generate"), "{shell}");
        }
    }
}
