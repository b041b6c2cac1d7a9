//! The boards a universe run starts from, exactly as Fogleman's `Enumerator` generates them:
//! every row holds horizontal pieces (cars, trucks and, with walls, 1-cell walls) covering fewer
//! cells than the side, the primary row holds the primary car and nothing but walls to its
//! left, every column holds vertical cars and trucks covering fewer cells than the side, at most
//! `walls` walls in all, and every movable piece is pushed as far left or up as it goes (the
//! cell before it is taken). The smallest board of every cluster is among them (a board from
//! which a piece can slide left or up is not the smallest of its cluster).
//!
//! The enumeration is a product: a choice of an entry per row (a "row choice"), then,
//! independently per column, an entry compatible with the rows. Row choices come in units: a
//! unit fixes each row's group (the lengths of its pieces, and its walls' cells) and holds every
//! row choice with those groups. Sliding never changes a row's group, so every board of a
//! cluster lies in one unit: units are what shards and threads share out, and a unit's
//! clusters are found with no other unit's help.

use crate::games::rushhour::grid::{MAX_SIZE, Piece, primary_row};

/// A walk over units: where prefixes are cut, which are kept, what is done with a unit.
struct Walk<'a, K, F> {
    split: usize,
    prefix: &'a mut u64,
    keep: &'a mut K,
    f: &'a mut F,
}

/// A choice of a group per row (in `row_order`): the row choices whose entries have these
/// groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// The group of each row, in `row_order`.
    pub groups: [usize; MAX_SIZE],
}

/// The pieces of one row or one column, with the cells they cover and the cells that must be
/// taken by the other direction's pieces (the cell before each movable piece, when empty).
#[derive(Clone, Debug)]
pub struct Entry {
    /// Left to right or top to bottom; in the primary row, the primary car first.
    pub pieces: Vec<Piece>,
    /// Cells covered.
    pub mask: u64,
    /// Cells that pieces of the other direction must cover.
    pub require: u64,
    /// Walls among the pieces.
    pub walls: usize,
    /// The pieces' lengths and walls' cells, which no slide changes.
    group: Vec<(u8, u8)>,
}

impl Entry {
    fn new(size: usize, pieces: Vec<Piece>, horizontal: bool) -> Entry {
        let mask = pieces.iter().fold(0, |m, p| m | p.mask(size));
        let movable = pieces
            .iter()
            .filter(|p| !p.is_wall())
            .fold(0, |m, p| m | p.mask(size));
        let require = if horizontal {
            let right_column = (0..size).fold(0u64, |m, y| m | 1 << (y * size + size - 1));
            (movable >> 1) & !mask & !right_column
        } else {
            (movable >> size) & !mask
        };
        let walls = pieces.iter().filter(|p| p.is_wall()).count();
        let group = pieces
            .iter()
            .map(|p| (p.len, if p.is_wall() { p.cell } else { u8::MAX }))
            .collect();
        Entry {
            pieces,
            mask,
            require,
            walls,
            group,
        }
    }
}

/// Every row and column entry of an N x N board with at most `walls` walls.
#[derive(Clone, Debug)]
pub struct Enumerator {
    size: usize,
    max_walls: usize,
    /// The rows in the order they are chosen: the primary row, then the others top to bottom.
    row_order: Vec<usize>,
    /// Each row's entries, a group's entries next to each other.
    rows: Vec<Vec<Entry>>,
    /// Each row's groups: the range of their entries in `rows`, and their walls.
    groups: Vec<Vec<(std::ops::Range<usize>, usize)>>,
    columns: Vec<Vec<Entry>>,
}

/// One choice of an entry per row: its cells, the cells the columns must cover, its walls.
#[derive(Clone, Copy, Debug, Default)]
pub struct RowChoice {
    /// The chosen entry of each row, in `row_order`.
    pub entries: [usize; MAX_SIZE],
    /// Cells covered by the rows' pieces.
    pub mask: u64,
    /// Cells the columns' pieces must cover.
    pub require: u64,
}

impl Enumerator {
    /// The entries of an N x N board (N = 4, 5, 6) with up to `max_walls` walls (0, 1 or 2).
    pub fn new(size: usize, max_walls: usize) -> Result<Enumerator, String> {
        if !(4..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "--size {size}: the universe is enumerated for 4, 5 or 6"
            ));
        }
        if max_walls > 2 {
            return Err(format!("--walls {max_walls}: at most 2 walls"));
        }
        let primary = primary_row(size);
        let mut row_order = vec![primary];
        row_order.extend((0..size).filter(|&y| y != primary));
        let min_len = if max_walls > 0 { 1 } else { 2 };
        let mut rows: Vec<Vec<Entry>> = (0..size)
            .map(|y| row_entries(size, y, min_len, max_walls))
            .collect();
        let mut groups = Vec::with_capacity(size);
        for entries in &mut rows {
            // A stable sort: the entries of a group keep their order.
            entries.sort_by(|a, b| a.group.cmp(&b.group));
            let mut ranges: Vec<(std::ops::Range<usize>, usize)> = Vec::new();
            for (i, e) in entries.iter().enumerate() {
                match ranges.last_mut() {
                    Some((r, _)) if entries[r.start].group == e.group => r.end = i + 1,
                    _ => ranges.push((i..i + 1, e.walls)),
                }
            }
            groups.push(ranges);
        }
        let columns = (0..size).map(|x| column_entries(size, x)).collect();
        Ok(Enumerator {
            size,
            max_walls,
            row_order,
            rows,
            groups,
            columns,
        })
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Calls `f` on every row choice, unit by unit, in a fixed order.
    pub fn for_each_row_choice(&self, mut f: impl FnMut(&RowChoice)) {
        self.for_each_unit_under(
            0,
            |_| true,
            |unit| self.for_each_row_choice_in(unit, &mut f),
        );
    }

    /// Calls `f` on the units under the prefixes (groups of the first `split` rows in
    /// `row_order`, numbered 0, 1... in enumeration order) that `keep` accepts; the others'
    /// units are not enumerated at all. This is how shards split the work.
    pub fn for_each_unit_under(
        &self,
        split: usize,
        mut keep: impl FnMut(u64) -> bool,
        mut f: impl FnMut(&Unit),
    ) {
        let mut unit = Unit::default();
        let mut prefix = 0;
        let mut walk = Walk {
            split,
            prefix: &mut prefix,
            keep: &mut keep,
            f: &mut f,
        };
        self.units_from(0, 0, &mut unit, &mut walk);
    }

    /// How many prefixes of `split` rows there are.
    pub fn prefixes(&self, split: usize) -> u64 {
        let mut count = 0;
        self.for_each_unit_under(
            split,
            |_| {
                count += 1;
                false
            },
            |_| {},
        );
        count
    }

    /// The fewest rows whose prefixes number at least `wanted` (all the rows if none do).
    pub fn split_for(&self, wanted: u64) -> usize {
        (0..self.size)
            .find(|&split| self.prefixes(split) >= wanted)
            .unwrap_or(self.size)
    }

    fn units_from<K: FnMut(u64) -> bool, F: FnMut(&Unit)>(
        &self,
        depth: usize,
        walls: usize,
        unit: &mut Unit,
        walk: &mut Walk<'_, K, F>,
    ) {
        if depth == walk.split {
            let prefix = *walk.prefix;
            *walk.prefix += 1;
            if !(walk.keep)(prefix) {
                return;
            }
        }
        if depth == self.size {
            (walk.f)(unit);
            return;
        }
        for (g, (_, group_walls)) in self.groups[self.row_order[depth]].iter().enumerate() {
            if walls + group_walls > self.max_walls {
                continue;
            }
            unit.groups[depth] = g;
            self.units_from(depth + 1, walls + group_walls, unit, walk);
        }
    }

    /// Calls `f` on every row choice of `unit`: each row takes each entry of its group.
    pub fn for_each_row_choice_in(&self, unit: &Unit, f: &mut impl FnMut(&RowChoice)) {
        self.choices_from(0, unit, &mut RowChoice::default(), f);
    }

    fn choices_from(
        &self,
        depth: usize,
        unit: &Unit,
        choice: &mut RowChoice,
        f: &mut impl FnMut(&RowChoice),
    ) {
        if depth == self.size {
            f(choice);
            return;
        }
        let y = self.row_order[depth];
        let (mask, require) = (choice.mask, choice.require);
        let (range, _) = &self.groups[y][unit.groups[depth]];
        for i in range.clone() {
            let entry = &self.rows[y][i];
            choice.entries[depth] = i;
            choice.mask = mask | entry.mask;
            choice.require = require | entry.require;
            self.choices_from(depth + 1, unit, choice, f);
        }
        choice.mask = mask;
        choice.require = require;
    }

    /// For each column, the entries compatible with `choice` (written into `out`); returns how
    /// many boards the choice makes (the product of their numbers).
    pub fn columns_for(&self, choice: &RowChoice, out: &mut [Vec<usize>]) -> u64 {
        let mut boards = 1u64;
        for (x, column) in self.columns.iter().enumerate() {
            let column_mask = (0..self.size).fold(0u64, |m, y| m | 1 << (y * self.size + x));
            let needed = choice.require & column_mask;
            out[x].clear();
            for (i, e) in column.iter().enumerate() {
                if e.mask & choice.mask == 0
                    && e.require & choice.mask == e.require
                    && e.mask & needed == needed
                {
                    out[x].push(i);
                }
            }
            boards *= out[x].len() as u64;
        }
        boards
    }

    /// Calls `f` with the pieces of every board of `choice` (primary car first, then the
    /// rows' pieces in row order, then the columns' left to right), given its compatible
    /// column entries from [`Enumerator::columns_for`].
    pub fn for_each_board(
        &self,
        choice: &RowChoice,
        columns: &[Vec<usize>],
        mut f: impl FnMut(&[Piece]),
    ) {
        let mut pieces = Vec::with_capacity(crate::games::rushhour::grid::MAX_PIECES);
        for (depth, &y) in self.row_order.iter().enumerate() {
            pieces.extend_from_slice(&self.rows[y][choice.entries[depth]].pieces);
        }
        self.columns_from(0, columns, &mut pieces, &mut f);
    }

    fn columns_from(
        &self,
        x: usize,
        columns: &[Vec<usize>],
        pieces: &mut Vec<Piece>,
        f: &mut impl FnMut(&[Piece]),
    ) {
        if x == self.size {
            f(pieces);
            return;
        }
        let before = pieces.len();
        for &i in &columns[x] {
            pieces.extend_from_slice(&self.columns[x][i].pieces);
            self.columns_from(x + 1, columns, pieces, f);
            pieces.truncate(before);
        }
    }
}

/// The entries of row `y`: pieces of `min_len` to 3 cells (1 is a wall) placed left to right
/// with any gaps, fewer cells than the side in all, at most `max_walls` walls; in the primary
/// row, one car of 2 cells and only walls, all to its left.
fn row_entries(size: usize, y: usize, min_len: u8, max_walls: usize) -> Vec<Entry> {
    let mut all = Vec::new();
    place(size, 0, min_len, &mut Vec::new(), &mut all);
    let mut entries = Vec::new();
    for lens in all {
        let cells: usize = lens.iter().map(|&(_, l)| l as usize).sum();
        let walls = lens.iter().filter(|&&(_, l)| l == 1).count();
        if cells >= size || walls > max_walls {
            continue;
        }
        let mut pieces: Vec<Piece> = lens
            .iter()
            .map(|&(x, len)| Piece {
                cell: (y * size + x) as u8,
                len,
                horizontal: true,
            })
            .collect();
        if y == primary_row(size) {
            let movable: Vec<usize> = (0..pieces.len())
                .filter(|&i| !pieces[i].is_wall())
                .collect();
            let [car] = movable[..] else { continue };
            if pieces[car].len != 2 || car != pieces.len() - 1 {
                continue;
            }
            let primary = pieces.remove(car);
            pieces.insert(0, primary);
        }
        entries.push(Entry::new(size, pieces, true));
    }
    entries
}

/// The entries of column `x`: vertical cars and trucks with any gaps, fewer cells than the side.
fn column_entries(size: usize, x: usize) -> Vec<Entry> {
    let mut all = Vec::new();
    place(size, 0, 2, &mut Vec::new(), &mut all);
    all.into_iter()
        .filter(|lens| lens.iter().map(|&(_, l)| l as usize).sum::<usize>() < size)
        .map(|lens| {
            let pieces = lens
                .iter()
                .map(|&(y, len)| Piece {
                    cell: (y * size + x) as u8,
                    len,
                    horizontal: false,
                })
                .collect();
            Entry::new(size, pieces, false)
        })
        .collect()
}

/// Every way to place pieces of `min_len` to 3 cells along a line from `at` on: (offset, len).
fn place(
    size: usize,
    at: usize,
    min_len: u8,
    current: &mut Vec<(usize, u8)>,
    all: &mut Vec<Vec<(usize, u8)>>,
) {
    if at >= size {
        all.push(current.clone());
        return;
    }
    for len in min_len..=3 {
        if at + len as usize <= size {
            current.push((at, len));
            place(size, at + len as usize, min_len, current, all);
            current.pop();
        }
    }
    place(size, at + 1, min_len, current, all);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(size: usize, walls: usize) -> u64 {
        let e = Enumerator::new(size, walls).expect("a valid size");
        let mut scratch = vec![Vec::new(); size];
        let mut total = 0;
        e.for_each_row_choice(|c| total += e.columns_for(c, &mut scratch));
        total
    }

    /// Fogleman's `MaxID` comments in `cpp/src/config.h` are the last board number (from 0).
    #[test]
    fn board_counts_are_foglemans() {
        assert_eq!(count(4, 0), 1348 + 1);
        assert_eq!(count(4, 1), 9803 + 1);
        assert_eq!(count(4, 2), 33952 + 1);
        assert_eq!(count(5, 0), 268108 + 1);
        assert_eq!(count(5, 1), 2988669 + 1);
        assert_eq!(count(5, 2), 16330429 + 1);
    }

    #[test]
    fn boards_listed_match_their_count() {
        let e = Enumerator::new(5, 1).expect("a valid size");
        let mut columns = vec![Vec::new(); 5];
        let (mut counted, mut listed) = (0, 0);
        e.for_each_row_choice(|c| {
            counted += e.columns_for(c, &mut columns);
            e.for_each_board(c, &columns, |pieces| {
                assert!(pieces[0].len == 2 && pieces[0].horizontal && pieces[0].cell / 5 == 2);
                listed += 1;
            });
        });
        assert_eq!(counted, listed);
    }

    #[test]
    fn prefixes_split_the_choices() {
        let e = Enumerator::new(5, 1).expect("a valid size");
        let mut all = 0;
        e.for_each_row_choice(|_| all += 1);
        let mut units = 0;
        e.for_each_unit_under(0, |_| true, |_| units += 1);
        for split in 0..=5 {
            let prefixes = e.prefixes(split);
            let (mut even, mut odd) = (0, 0);
            let count = |keep_even: bool| {
                let mut n = 0;
                e.for_each_unit_under(
                    split,
                    |p| (p % 2 == 0) == keep_even,
                    |u| e.for_each_row_choice_in(u, &mut |_| n += 1),
                );
                n
            };
            even += count(true);
            odd += count(false);
            assert_eq!(even + odd, all, "split {split}");
            assert!(prefixes >= 1 && (split == 0 || odd > 0));
        }
        assert_eq!(e.prefixes(5), units);
        assert!(e.prefixes(e.split_for(100)) >= 100);
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert!(Enumerator::new(3, 0).is_err());
        assert!(Enumerator::new(7, 0).is_err());
        assert!(Enumerator::new(6, 3).is_err());
    }
}
