//! What is known about a level before any search starts: push distances and dead squares,
//! tunnels, rooms and goal areas, the packing order, Talking Stones' goal order by walls,
//! hotspots, and the [`problem::Problem`]
//! that bundles them.

pub(crate) mod distances;
pub(crate) mod hotspots;
pub(crate) mod packing;
pub(crate) mod parking;
pub(crate) mod problem;
pub(crate) mod rooms;
pub(crate) mod schedule;
pub(crate) mod tunnels;
pub(crate) mod wall_order;
