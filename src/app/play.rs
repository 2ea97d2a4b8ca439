//! The play group: the game in play mode (the level as played, the moves made, and their
//! undo and redo), where a click or drag on the board began, a replayed solution playing
//! itself, and the check of each new position (on a worker): a deadlock, and at least how
//! many pushes are left. In pull mode the game is played backwards from the solved position
//! ([`crate::level::reverse`]) until it reaches the start, when it turns into the forward
//! game its pulls stand for.

use crate::app::document::LevelKey;
use crate::app::inspector::text::plural;
use crate::app::worker::{Job, Waker};
use crate::level::edit::{Tool, set_square};
use crate::level::paths::{push_path, walk_path};
use crate::level::reverse::{forward_solution, pull_step, solved_position};
use crate::level::{Dir, Level, Move, Pos};
use crate::solver::inspect::{Analyser, Deadlock};

/// A game in progress on one level.
#[derive(Clone, Debug)]
pub struct Game {
    start: Level,
    /// The board after the moves made.
    pub level: Level,
    /// The moves made; in pull mode, the forward move each reverse step undid.
    moves: Vec<Move>,
    undone: Vec<Move>,
    /// Pull mode: `level` is played backwards from the solved position.
    pub pulling: bool,
}

impl Game {
    /// A game on `level` with no moves made.
    pub fn new(level: &Level) -> Self {
        Game {
            start: level.clone(),
            level: level.clone(),
            moves: Vec::new(),
            undone: Vec::new(),
            pulling: false,
        }
    }

    /// Pull mode on `level`: play starts from its solved position; or why it cannot.
    pub fn pulling(level: &Level) -> Result<Self, String> {
        let solved = solved_position(level)?;
        Ok(Game { level: solved, pulling: true, ..Game::new(level) })
    }

    /// In pull mode, once the boxes stand where the level starts them: the forward game
    /// the pulls stand for, its moves made (replayed: it solves the level).
    pub fn turned(&self) -> Option<Game> {
        if !self.pulling {
            return None;
        }
        let (moves, end) = forward_solution(&self.start, &self.level, &self.moves)?;
        Some(Game { level: end, moves, ..Game::new(&self.start) })
    }

    /// A game on `level` with `plan` ready to be played move by move with [`Game::redo`].
    pub fn with_plan(level: &Level, plan: &[Move]) -> Self {
        let mut game = Game::new(level);
        game.undone = plan.iter().rev().copied().collect();
        game
    }

    /// The board the game started from (the level's).
    pub fn start(&self) -> &Level {
        &self.start
    }

    /// Moves waiting to be redone (the rest of a replayed solution).
    pub fn redo_count(&self) -> usize {
        self.undone.len()
    }

    /// Steps (pushing a box if there is one; in pull mode, pulling the box behind) in
    /// `dir`; false if the move is illegal.
    pub fn step(&mut self, dir: Dir) -> bool {
        if self.pulling {
            return self.pull(dir, true);
        }
        match self.level.try_move(dir) {
            Ok(m) => {
                self.moves.push(m);
                self.undone.clear();
                true
            }
            Err(_) => false,
        }
    }

    /// Makes the steps in `dirs` until one is illegal; returns how many were made.
    pub fn steps(&mut self, dirs: &[Dir]) -> usize {
        dirs.iter().take_while(|&&d| self.step(d)).count()
    }

    /// Pull mode: steps in `dir`, pulling the box behind if `pull` says so.
    fn pull(&mut self, dir: Dir, pull: bool) -> bool {
        match pull_step(&mut self.level, dir, pull) {
            Some(m) => {
                self.moves.push(m);
                self.undone.clear();
                true
            }
            None => false,
        }
    }

    /// Walks the player to `to` along a shortest path; false if there is none. In pull
    /// mode nothing is pulled on the way, and before the first move the player may be put
    /// on any free square (the solved position does not say where he stands).
    pub fn walk_to(&mut self, to: Pos) -> bool {
        if self.pulling && self.moves.is_empty() {
            let sq = self.level.square(to);
            if sq.terrain.is_walkable() && !sq.has_box && self.level.player() != Some(to) {
                return set_square(&mut self.level, to, Tool::Player);
            }
        }
        let Some(path) = walk_path(&self.level, to) else { return false };
        if self.pulling {
            return path.iter().take_while(|&&d| self.pull(d, false)).count() == path.len();
        }
        self.steps(&path) == path.len()
    }

    /// Pushes the box at `from` to `to` with the fewest pushes; false if it cannot be done.
    pub fn push_box(&mut self, from: Pos, to: Pos) -> bool {
        if self.pulling {
            return false;
        }
        match push_path(&self.level, from, to) {
            Some(path) => self.steps(&path) == path.len(),
            None => false,
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.moves.pop() else { return false };
        // In pull mode a step undid `m`: making `m` takes the step back.
        let taken_back = if self.pulling { self.level.apply(m) } else { self.level.undo(m) };
        if taken_back.is_err() {
            self.moves.push(m);
            return false;
        }
        self.undone.push(m);
        true
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.undone.pop() else { return false };
        let made = if self.pulling {
            self.level.undo(m).is_ok()
        } else {
            self.level.try_move(m.dir).is_ok()
        };
        if !made {
            self.undone.clear();
            return false;
        }
        self.moves.push(m);
        true
    }

    /// Back to the start (in pull mode, the solved position), forgetting the moves.
    pub fn restart(&mut self) {
        let restarted = if self.pulling { Game::pulling(&self.start).ok() } else { None };
        *self = restarted.unwrap_or_else(|| Game::new(&self.start));
    }

    /// The moves made.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many of the moves pushed a box.
    pub fn pushes(&self) -> usize {
        self.moves.iter().filter(|m| m.push).count()
    }

    /// Whether every box is on a goal (never in pull mode, which starts there).
    pub fn is_solved(&self) -> bool {
        !self.pulling && self.level.is_solved()
    }
}

/// Games kept at most (the latest played; older ones are forgotten).
const GAMES: usize = 16;

/// Play mode's state.
#[derive(Default)]
pub struct PlayState {
    /// The games in progress, each with the key of the level and board it is played on,
    /// the latest played last: a game survives a trip to another mode or level, and one
    /// whose board was edited comes back when the edit is undone.
    games: Vec<(LevelKey, Game)>,
    /// The square where the primary button went down on the board.
    pub press: Option<Pos>,
    /// While a replayed solution plays itself: its level, and when its last move was made.
    pub autoplay: Option<(LevelKey, std::time::Instant)>,
    /// The position last sent to be checked, and what the check found once it is done.
    checked: Option<(Level, Option<Verdict>)>,
    /// The check of that position, while it runs on a worker.
    check: Option<Job<(), Verdict>>,
}

/// What the check of a position found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verdict {
    /// The first deadlock rule that proves the position dead, if one does.
    pub dead: Option<Deadlock>,
    /// At least this many pushes are left ([`Analyser::pushes_left`]); `None` when the
    /// level cannot be analysed or no box-to-goal matching is left.
    pub pushes_left: Option<u32>,
}

impl Verdict {
    /// Checks `position`.
    fn of(position: &Level) -> Verdict {
        let Ok(mut analyser) = Analyser::new(position) else { return Verdict::default() };
        Verdict { dead: analyser.explain(position), pushes_left: analyser.pushes_left(position) }
    }
}

impl PlayState {
    /// The game on the level and board `key` names, if one is going.
    pub fn game(&self, key: LevelKey) -> Option<&Game> {
        self.games.iter().find(|(k, _)| *k == key).map(|(_, g)| g)
    }

    /// The game on `key`'s level, started on `level` (its board) when none is going; it
    /// becomes the latest played.
    pub fn game_mut(&mut self, key: LevelKey, level: &Level) -> &mut Game {
        let game = match self.games.iter().position(|(k, _)| *k == key) {
            Some(i) => self.games.remove(i).1,
            None => Game::new(level),
        };
        self.set_game(key, game)
    }

    /// Puts `game` in place of the game on `key`'s level.
    pub fn set_game(&mut self, key: LevelKey, game: Game) -> &mut Game {
        self.games.retain(|(k, _)| *k != key);
        if self.games.len() == GAMES {
            self.games.remove(0);
        }
        self.games.push((key, game));
        &mut self.games.last_mut().expect("just pushed").1
    }

    /// Forgets every game (another document was opened).
    pub fn forget(&mut self) {
        self.games.clear();
        self.autoplay = None;
    }

    /// The position shown in play on `key`'s level: the game's, or `level` (the level's
    /// board) before the first move.
    pub fn position<'a>(&'a self, key: LevelKey, level: &'a Level) -> &'a Level {
        self.game(key).map_or(level, |g| &g.level)
    }

    /// What the check found about `position`, once it is done (never about another).
    pub fn verdict(&self, position: &Level) -> Option<&Verdict> {
        match &self.checked {
            Some((of, Some(verdict))) if of == position => Some(verdict),
            _ => None,
        }
    }

    /// Once a frame: takes the check's answer when it is done, and checks the position
    /// shown on `key`'s level (`level` before the first move) if it is new (`repaint` wakes
    /// the window when that is done). Returns the deadlock just found in that position,
    /// once, for the status bar. Pull mode is not checked: the rules are about pushes.
    pub fn watch(&mut self, key: LevelKey, level: &Level, repaint: Waker) -> Option<Deadlock> {
        if self.game(key).is_some_and(|g| g.pulling) {
            return None;
        }
        let mut found = None;
        if let Some(job) = &mut self.check
            && let Some(verdict) = job.poll()
        {
            self.check = None;
            let shown = self.position(key, level);
            if self.checked.as_ref().is_some_and(|(of, _)| of == shown) {
                found = verdict.dead.clone();
            }
            if let Some((_, answer)) = &mut self.checked {
                *answer = Some(verdict);
            }
        }
        let position = self.position(key, level);
        if self.check.is_none() && self.checked.as_ref().map(|(l, _)| l) != Some(position) {
            let work = position.clone();
            self.checked = Some((work.clone(), None));
            self.check = Some(Job::spawn(repaint, move |_| Verdict::of(&work)));
        }
        found
    }

    /// Applies `f` to the game on `key`'s level (started on `level` if none is going); when
    /// `f` makes a move that solves the level, the line the status bar shows.
    pub fn with_game(
        &mut self,
        key: LevelKey,
        level: &Level,
        f: impl FnOnce(&mut Game) -> bool,
    ) -> Option<String> {
        let game = self.game_mut(key, level);
        let was_solved = game.is_solved();
        let moved = f(game);
        if moved && let Some(turned) = game.turned() {
            *game = turned;
            return Some(format!(
                "Pull mode reached the start: the pulls, turned round, solve the level in {} \
                 and {}. (Save the solution from the play panel.)",
                plural(game.moves().len(), "move", "moves"),
                plural(game.pushes(), "push", "pushes")
            ));
        }
        (moved && game.is_solved() && !was_solved).then(|| {
            format!(
                "Solved in {} and {}! (Save the solution from the play panel.)",
                plural(game.moves().len(), "move", "moves"),
                plural(game.pushes(), "push", "pushes")
            )
        })
    }
}
