//! Exporting a solution as an animated GIF or as PNG frames, on a worker thread with
//! progress and cancel.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame};

use crate::app::palette::Palette;
use crate::app::timeline::render::render;
use crate::app::worker::{Job, Waker};
use crate::level::{IllegalMove, Level, Move};

/// Pixels per square in exported images.
const CELL: u32 = 24;

/// What to export to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// One animated GIF file.
    Gif(PathBuf),
    /// One PNG per position in this folder.
    Frames(PathBuf),
}

/// What an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exported {
    /// An animated GIF.
    Gif {
        /// The file.
        path: PathBuf,
        /// Its frames.
        frames: usize,
    },
    /// PNG frames.
    Frames {
        /// The folder they are in.
        dir: PathBuf,
        /// How many.
        frames: usize,
    },
}

impl std::fmt::Display for Exported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exported::Gif { path, frames } => {
                write!(f, "Wrote {} ({frames} frames).", path.display())
            }
            Exported::Frames { dir, frames } => {
                write!(f, "Wrote {frames} PNG frames into {}.", dir.display())
            }
        }
    }
}

/// Why an export stopped.
#[derive(Debug)]
pub enum ExportError {
    /// The user cancelled it.
    Cancelled,
    /// A move of the solution is illegal on the position before it.
    Illegal(IllegalMove),
    /// The folder for the frames could not be created.
    Folder {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: image::ImageError,
    },
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let elsewhere = "choose a folder you can write to";
        match self {
            ExportError::Cancelled => write!(f, "export cancelled"),
            ExportError::Illegal(e) => write!(f, "{e}"),
            ExportError::Folder { dir, source } => {
                write!(f, "cannot create {}: {source}; {elsewhere}", dir.display())
            }
            ExportError::Write { path, source } => {
                write!(f, "cannot write {}: {source}; {elsewhere}", path.display())
            }
        }
    }
}

impl std::error::Error for ExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExportError::Cancelled => None,
            ExportError::Illegal(e) => Some(e),
            ExportError::Folder { source, .. } => Some(source),
            ExportError::Write { source, .. } => Some(source),
        }
    }
}

/// An export running in the background.
pub struct ExportRun {
    job: Job<(usize, usize), Result<Exported, ExportError>>,
}

impl ExportRun {
    /// Starts exporting the positions of `moves` from `start`, `per_second` moves a second
    /// (for the GIF's timing); `repaint` wakes the window.
    pub fn start(
        kind: ExportKind,
        start: &Level,
        moves: &[Move],
        per_second: f32,
        pal: Palette,
        repaint: Waker,
    ) -> Self {
        let (start, moves) = (start.clone(), moves.to_vec());
        let job = Job::spawn(repaint, move |r| {
            let total = moves.len() + 1;
            let mut board = start.clone();
            let mut frames = Vec::with_capacity(total);
            for i in 0..total {
                if r.cancel.load(Ordering::Relaxed) {
                    return Err(ExportError::Cancelled);
                }
                if i > 0 {
                    board.try_move(moves[i - 1].dir).map_err(ExportError::Illegal)?;
                }
                frames.push(render(&board, CELL, &pal));
                r.progress((i + 1, total));
            }
            let delay = (1000.0 / per_second.max(0.1)) as u32;
            match kind {
                ExportKind::Gif(path) => write_gif(&path, frames, delay),
                ExportKind::Frames(dir) => write_frames(&dir, &frames),
            }
        });
        ExportRun { job }
    }

    /// Asks the export to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The result, once it has finished.
    pub fn poll(&mut self) -> Option<Result<Exported, ExportError>> {
        self.job.poll()
    }

    /// Frames rendered and to render.
    pub fn progress(&self) -> (usize, usize) {
        self.job.latest().copied().unwrap_or((0, 1))
    }
}

fn write_gif(
    path: &Path,
    frames: Vec<image::RgbaImage>,
    delay_ms: u32,
) -> Result<Exported, ExportError> {
    let err = |source| ExportError::Write { path: path.to_path_buf(), source };
    let file = std::fs::File::create(path).map_err(|e| err(image::ImageError::IoError(e)))?;
    let mut encoder = GifEncoder::new(std::io::BufWriter::new(file));
    encoder.set_repeat(Repeat::Infinite).map_err(err)?;
    let n = frames.len();
    for img in frames {
        let frame = Frame::from_parts(img, 0, 0, Delay::from_numer_denom_ms(delay_ms, 1));
        encoder.encode_frame(frame).map_err(err)?;
    }
    Ok(Exported::Gif { path: path.to_path_buf(), frames: n })
}

fn write_frames(dir: &Path, frames: &[image::RgbaImage]) -> Result<Exported, ExportError> {
    std::fs::create_dir_all(dir)
        .map_err(|source| ExportError::Folder { dir: dir.to_path_buf(), source })?;
    for (i, img) in frames.iter().enumerate() {
        let path = dir.join(format!("frame-{i:05}.png"));
        img.save(&path).map_err(|source| ExportError::Write { path, source })?;
    }
    Ok(Exported::Frames { dir: dir.to_path_buf(), frames: frames.len() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::moves::parse_lurd;

    fn finish(kind: ExportKind) -> Result<Exported, ExportError> {
        let level = Level::from_rows(&["######", "#@$ .#", "######"]).unwrap();
        let moves = parse_lurd("RR").unwrap();
        let mut run = ExportRun::start(
            kind,
            &level,
            &moves,
            4.0,
            Palette::for_dark_mode(true),
            Waker::new(&egui::Context::default()),
        );
        loop {
            if let Some(r) = run.poll() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn a_gif_has_a_frame_per_position() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.gif");
        let wrote = finish(ExportKind::Gif(path.clone())).unwrap();
        assert_eq!(wrote, Exported::Gif { path: path.clone(), frames: 3 });
        assert_eq!(wrote.to_string(), format!("Wrote {} (3 frames).", path.display()));
        let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
        let decoder = image::codecs::gif::GifDecoder::new(file).unwrap();
        use image::AnimationDecoder;
        let frames = decoder.into_frames().collect_frames().unwrap();
        assert_eq!(frames.len(), 3, "the start and one frame per move");
        assert_eq!(frames[0].buffer().dimensions(), (6 * CELL, 3 * CELL));
    }

    #[test]
    fn png_frames_are_written_and_a_bad_folder_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        finish(ExportKind::Frames(dir.path().join("frames"))).unwrap();
        assert!(dir.path().join("frames/frame-00002.png").exists());
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let err = finish(ExportKind::Frames(blocker.join("sub"))).unwrap_err();
        assert!(matches!(&err, ExportError::Folder { dir, .. } if *dir == blocker.join("sub")));
        assert!(err.to_string().contains("cannot create"), "{err}");
    }
}
