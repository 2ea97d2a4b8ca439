//! Dead sets the user added to the inspected search's deadlock patterns (the oracle's
//! smallest dead sets, "Add to the search's patterns"). They belong to the level's board:
//! each is kept with the key of the level and board it was proved on, and every search the
//! inspector builds of that board starts with them.

use crate::app::document::LevelKey;
use crate::app::inspector::session::Session;
use crate::level::{Level, Pos};
use crate::solver::Adopted;

/// One dead set added: its boxes, and the player's square (his area is the pattern's).
#[derive(Clone, Debug, PartialEq, Eq)]
struct DeadSet {
    key: LevelKey,
    boxes: Vec<Pos>,
    player: Pos,
}

/// The dead sets added, for every level and board.
#[derive(Clone, Debug, Default)]
pub struct AdoptedSets(Vec<DeadSet>);

impl AdoptedSets {
    /// Adds `boxes`, dead in `position` (a position of the board `session` searches, the
    /// player on his square), to the search's patterns and keeps it for the board's later
    /// searches: what to tell the user.
    pub fn adopt(&mut self, session: &Session, position: &Level, boxes: &[Pos]) -> String {
        if !session.level.same_layout(position) {
            return "Not added: the oracle's position is not on the board the inspector \
                    searches (open the Inspector on its level and ask again)."
                .into();
        }
        let Some(player) = position.player() else {
            return "Not added: the oracle's position has no player.".into();
        };
        let answer = session.search().add_pattern(boxes, player);
        match answer {
            Ok(Adopted::Added(id)) => {
                let set = DeadSet { key: session.key, boxes: boxes.to_vec(), player };
                self.0.push(set);
                format!(
                    "Added the dead set as deadlock pattern #{id}, in this search and every \
                     later one of this board."
                )
            }
            Ok(Adopted::Known(id)) => format!("Pattern #{id} already covers this dead set."),
            Err(why) => format!("Not added: {why}."),
        }
    }

    /// Whether dead sets were added on the board `key` names (a search of it that goes
    /// back is then re-run from its start, where they all apply).
    pub fn any_on(&self, key: LevelKey) -> bool {
        self.0.iter().any(|s| s.key == key)
    }

    /// Gives a newly built search the dead sets added on its board; when it refuses them
    /// (a method without a pattern database, or the pattern rule off), why, to show.
    pub fn apply(&self, session: &Session) -> Option<String> {
        let mut search = session.search();
        let sets = self.0.iter().filter(|s| s.key == session.key);
        let refused: Vec<String> =
            sets.filter_map(|set| search.add_pattern(&set.boxes, set.player).err()).collect();
        let why = refused.first()?;
        Some(format!(
            "{} dead set(s) added from the oracle on this board are not in this search: {why}.",
            refused.len()
        ))
    }
}
