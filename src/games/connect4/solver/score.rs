//! The solver's score, the literature's convention (Pons, Steininger): a win is worth more the
//! sooner it comes, a loss its negative, a draw 0.

/// The score of a win completed by the stone played when `stones` stones are on a board of
/// `cells` cells (`(cells + 1 - stones) / 2`); a loss is its negative.
pub fn win_score(cells: u32, stones: u32) -> i32 {
    (cells as i32 + 1 - stones as i32) / 2
}
