//! `sokolab convert IN OUT [--format F]`: rewrites a level file in XSB, SOK or RLE.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::error::CliError;
use crate::level::format::{Format, load_file, save_file};

/// Options of `sokolab convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// The file to read (any supported format).
    pub input: PathBuf,
    /// The file to write.
    pub output: PathBuf,
    /// Output format: xsb, sok or rle (default: from OUTPUT's extension).
    #[arg(long)]
    pub format: Option<Format>,
}

/// Runs `convert`; an error when reading or writing fails or the output format cannot be
/// told.
pub fn run(args: &ConvertArgs) -> Result<ExitCode, CliError> {
    let format = args
        .format
        .or_else(|| Format::from_extension(&args.output))
        .ok_or_else(|| CliError::UnknownFormat(args.output.clone()))?;
    let collection = load_file(&args.input)?;
    save_file(&args.output, &collection, format)?;
    println!("wrote {} level(s) to {} ({format})", collection.levels.len(), args.output.display());
    Ok(ExitCode::SUCCESS)
}
