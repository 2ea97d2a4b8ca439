//! `sokolab convert IN OUT [--format F]`: rewrites a level file in XSB, SOK or RLE.

use std::path::PathBuf;
use std::process::ExitCode;

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

/// Runs `convert`: exit status 0 on success, 2 when reading or writing fails or the output
/// format cannot be told.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let Some(format) = args.format.or_else(|| Format::from_extension(&args.output)) else {
        eprintln!(
            "{}: cannot tell the format from the extension; name the file .xsb, .sok or .rle, \
             or pass --format xsb|sok|rle",
            args.output.display()
        );
        return ExitCode::from(2);
    };
    let collection = match load_file(&args.input) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = save_file(&args.output, &collection, format) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    println!("wrote {} level(s) to {} ({format})", collection.levels.len(), args.output.display());
    ExitCode::SUCCESS
}
