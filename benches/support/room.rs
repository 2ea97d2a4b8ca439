//! The room the inspector's benches search: 14 by 9 with eight boxes, millions of
//! positions, none solved within them.

use sokolab::level::Level;

/// The room, parsed.
pub fn room() -> Level {
    let rows = [
        "##############",
        "#            #",
        "# $  $  $  $ #",
        "#  ..    ..  #",
        "#            #",
        "# $  $  $  $ #",
        "#  ..    ..  #",
        "#     @      #",
        "##############",
    ];
    Level::from_rows(&rows).expect("the bench room parses")
}
