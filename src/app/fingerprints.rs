//! The fingerprint of every level of the collection (the same puzzle turned, mirrored or
//! shifted has the same one), kept by level key so that an edit recomputes only the board
//! it changed. A few boards are fingerprinted at once; many (a collection just opened) on a
//! worker, the window drawing meanwhile.

use std::collections::{HashMap, HashSet};

use crate::app::document::{DocumentState, LevelKey};
use crate::app::worker::{Job, Waker};
use crate::level::Level;
use crate::level::duplicates::{Fingerprint, fingerprint};

/// Boards fingerprinted on the window's thread at most; more go to a worker.
const AT_ONCE: usize = 16;

/// What a worker hands back: each board's key and fingerprint (`None`: an empty board).
type Found = Vec<(LevelKey, Option<Fingerprint>)>;

/// The fingerprints known, and the worker finding more.
#[derive(Default)]
pub struct Fingerprints {
    known: HashMap<LevelKey, Option<Fingerprint>>,
    /// The collection's keys when it was last followed (nothing to do while they stand).
    followed: Vec<LevelKey>,
    job: Option<Job<(), Found>>,
    /// Counts the fingerprints that came in from a worker (what was computed from them
    /// must be computed again).
    pub revision: u64,
}

impl std::fmt::Debug for Fingerprints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fingerprints").field("known", &self.known.len()).finish()
    }
}

impl Fingerprints {
    /// Follows the collection `document` holds: takes in what the worker found and, when
    /// the collection's keys changed, forgets the boards gone, fingerprints a few new ones
    /// at once and sends many to a worker (`repaint` wakes the window when it is done).
    pub fn follow(&mut self, document: &DocumentState, repaint: Waker) {
        if let Some(found) = self.job.as_mut().and_then(Job::poll) {
            self.known.extend(found);
            self.job = None;
            self.revision += 1;
            // Boards changed while it worked may still miss theirs.
            self.followed.clear();
        }
        if self.job.is_some() || self.followed.iter().copied().eq(document.levels().map(|(k, _)| k))
        {
            return;
        }
        self.followed = document.levels().map(|(k, _)| k).collect();
        let live: HashSet<LevelKey> = self.followed.iter().copied().collect();
        self.known.retain(|k, _| live.contains(k));
        let missing: Vec<(LevelKey, &Level)> =
            document.levels().filter(|(k, _)| !self.known.contains_key(k)).collect();
        if missing.len() <= AT_ONCE {
            for (key, level) in missing {
                self.known.insert(key, fingerprint(level));
            }
        } else {
            let work: Vec<(LevelKey, Level)> =
                missing.into_iter().map(|(k, l)| (k, l.clone())).collect();
            self.job = Some(Job::spawn(repaint, move |r| {
                let mut found = Vec::with_capacity(work.len());
                for (key, level) in &work {
                    if r.cancel.load(std::sync::atomic::Ordering::Relaxed) {
                        break;
                    }
                    found.push((*key, fingerprint(level)));
                }
                found
            }));
        }
    }

    /// Whether a worker is fingerprinting boards.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// The fingerprint of the board `key` names: `None` while it is not known yet, or for
    /// an empty board.
    pub fn get(&self, key: LevelKey) -> Option<&Fingerprint> {
        self.known.get(&key)?.as_ref()
    }

    /// The fingerprint of `level`, whose key is `key`, computed now if it is not known.
    pub fn of(&mut self, key: LevelKey, level: &Level) -> Option<&Fingerprint> {
        self.known.entry(key).or_insert_with(|| fingerprint(level)).as_ref()
    }
}
