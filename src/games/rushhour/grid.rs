//! Rush Hour on a square board of 4 to 6 cells a side, as bitboards, in the model of Michael
//! Fogleman's enumeration (github fogleman/rush, `cpp/`): cars and trucks (2 or 3 cells) slide
//! any number of cells along their line in one move, walls (1 cell) never move, the primary car
//! `A` is piece 0, horizontal, on row 2, and the puzzle is solved when it touches the right edge.
//!
//! A [`Layout`] is what never changes inside a cluster (each piece's length and direction); a
//! [`State`] is where the pieces are. Cells are numbered in reading order, `row * size + col`,
//! bit `cell` of a mask.

/// The largest board side.
pub const MAX_SIZE: usize = 6;
/// The most pieces a board may have (6 x 6: two cars per row, two per column, two walls).
pub const MAX_PIECES: usize = 20;
/// The row of the primary car: Fogleman's `PrimaryRow`, 2 (the third row) on 5x5 and 6x6; his
/// 4x4 universe (`MaxID = 1348`, 1,349 boards) has it on row 1.
pub fn primary_row(size: usize) -> usize {
    (size - 1) / 2
}

/// One piece of a board: its first (top or left) cell, its length and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The top or left cell.
    pub cell: u8,
    /// Cells covered: 1 for a wall, 2 for a car, 3 for a truck.
    pub len: u8,
    /// Slides along its row (walls count as horizontal, as in Fogleman's program).
    pub horizontal: bool,
}

impl Piece {
    /// A wall never moves.
    pub fn is_wall(&self) -> bool {
        self.len == 1
    }

    /// The cells it covers on a board of side `size`.
    pub fn mask(&self, size: usize) -> u64 {
        shape_mask(self.len, self.horizontal, size) << self.cell
    }
}

/// The cells of a piece whose first cell is 0.
fn shape_mask(len: u8, horizontal: bool, size: usize) -> u64 {
    let stride = if horizontal { 1 } else { size };
    (0..len as usize).fold(0, |m, k| m | 1 << (k * stride))
}

/// The lengths and directions of a board's pieces, and the board's side.
#[derive(Clone, Debug)]
pub struct Layout {
    size: usize,
    count: usize,
    len: [u8; MAX_PIECES],
    horizontal: [bool; MAX_PIECES],
    shape: [u64; MAX_PIECES],
    /// Each piece's weight in a state's [`State::code`]: the product of the earlier pieces'
    /// numbers of places along their lines.
    weight: [u64; MAX_PIECES],
    /// Each cell's column and row (no division in the move generator).
    column_of: [u8; MAX_SIZE * MAX_SIZE],
    row_of: [u8; MAX_SIZE * MAX_SIZE],
}

/// Where a layout's pieces are: their first cells, and the cells covered by horizontal pieces
/// (walls included) and by vertical ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// First cell of each piece, in the layout's order.
    pub cells: [u8; MAX_PIECES],
    /// Cells covered by horizontal pieces and walls.
    pub horz: u64,
    /// Cells covered by vertical pieces.
    pub vert: u64,
    /// The state as one number in its layout: each piece's offset along its line (column or
    /// row of its first cell) in mixed radix, kept up to date by the move generator. Two states
    /// of one layout are equal exactly when their codes are (a smaller key than the masks'
    /// 128 bits for hash tables).
    pub code: u64,
}

/// One slide of a piece: the piece, its new first cell, and the masks and code of the state
/// it leads to (enough to compare and look the state up before building it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slide {
    /// The piece that moves.
    pub piece: u8,
    /// Its new first cell.
    pub to: u8,
    /// The new state's horizontal mask.
    pub horz: u64,
    /// The new state's vertical mask.
    pub vert: u64,
    /// The new state's [`State::code`].
    pub code: u64,
}

impl Slide {
    /// The new state's [`State::key`].
    pub fn key(&self) -> u128 {
        (self.horz as u128) << 64 | self.vert as u128
    }
}

impl State {
    /// Fogleman's order of boards: horizontal mask first, then vertical mask (smaller first).
    pub fn key(&self) -> u128 {
        (self.horz as u128) << 64 | self.vert as u128
    }
}

impl Layout {
    /// The layout and state of `pieces` on a board of side `size` (piece 0 is the primary car);
    /// an error if a piece is off the board or pieces overlap.
    pub fn new(size: usize, pieces: &[Piece]) -> Result<(Layout, State), String> {
        if !(4..=MAX_SIZE).contains(&size) {
            return Err(format!("board side {size} is not 4, 5 or 6"));
        }
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            return Err(format!("{} pieces (1 to {MAX_PIECES})", pieces.len()));
        }
        let mut layout = Layout {
            size,
            count: pieces.len(),
            len: [0; MAX_PIECES],
            horizontal: [false; MAX_PIECES],
            shape: [0; MAX_PIECES],
            weight: [0; MAX_PIECES],
            column_of: [0; MAX_SIZE * MAX_SIZE],
            row_of: [0; MAX_SIZE * MAX_SIZE],
        };
        for cell in 0..size * size {
            layout.column_of[cell] = (cell % size) as u8;
            layout.row_of[cell] = (cell / size) as u8;
        }
        let mut state = State {
            cells: [0; MAX_PIECES],
            horz: 0,
            vert: 0,
            code: 0,
        };
        for (i, p) in pieces.iter().enumerate() {
            let (row, col) = (p.cell as usize / size, p.cell as usize % size);
            let end = if p.horizontal { col } else { row } + p.len as usize;
            if !(1..=3).contains(&p.len) || row >= size || end > size {
                return Err(format!("piece {i} ({p:?}) is off a {size}x{size} board"));
            }
            let mask = p.mask(size);
            if mask & (state.horz | state.vert) != 0 {
                return Err(format!("piece {i} overlaps another"));
            }
            layout.len[i] = p.len;
            layout.horizontal[i] = p.horizontal;
            layout.shape[i] = shape_mask(p.len, p.horizontal, size);
            state.cells[i] = p.cell;
            if i > 0 {
                layout.weight[i] = layout.weight[i - 1] * layout.places(i - 1);
            } else {
                layout.weight[i] = 1;
            }
            state.code += layout.offset(i, p.cell) * layout.weight[i];
            if p.horizontal {
                state.horz |= mask;
            } else {
                state.vert |= mask;
            }
        }
        Ok((layout, state))
    }

    /// The places piece `i` can take along its line (1 for a wall).
    fn places(&self, i: usize) -> u64 {
        if self.len[i] == 1 {
            1
        } else {
            (self.size + 1 - self.len[i] as usize) as u64
        }
    }

    /// How far along its line piece `i` is when its first cell is `cell` (0 for a wall).
    fn offset(&self, i: usize, cell: u8) -> u64 {
        if self.len[i] == 1 {
            0
        } else if self.horizontal[i] {
            u64::from(self.column_of[cell as usize])
        } else {
            u64::from(self.row_of[cell as usize])
        }
    }

    /// The lengths of the vertical pieces in layout order (bit k set when the k-th is a truck)
    /// and, from bit 24, their number: with a board's masks, it tells apart boards whose rows
    /// hold the same pieces (five cells of a column are a car and a truck, in either order).
    pub fn vertical_lengths(&self) -> u32 {
        let mut lengths = 0;
        let mut n = 0;
        for i in 0..self.count {
            if !self.horizontal[i] {
                lengths |= u32::from(self.len[i] == 3) << n;
                n += 1;
            }
        }
        lengths | n << 24
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of pieces.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Piece `i` of `state`.
    pub fn piece(&self, state: &State, i: usize) -> Piece {
        Piece {
            cell: state.cells[i],
            len: self.len[i],
            horizontal: self.horizontal[i],
        }
    }

    /// The cell where the primary car starts when the puzzle is solved.
    pub fn target(&self) -> u8 {
        (primary_row(self.size) * self.size + self.size - 2) as u8
    }

    /// The primary car touches the right edge.
    pub fn solved(&self, state: &State) -> bool {
        state.cells[0] == self.target()
    }

    /// Calls `f(piece, next)` for every slide of every piece, in Fogleman's order: pieces in
    /// layout order, each first towards the top or left (1 cell, 2 cells...), then towards the
    /// bottom or right.
    #[inline]
    pub fn for_each_move(&self, state: &State, mut f: impl FnMut(usize, &State)) {
        self.for_each_slide(state, |slide| {
            f(slide.piece as usize, &self.apply(state, &slide))
        });
    }

    /// Every slide of `state` into `out` (cleared first), in [`Layout::for_each_move`]'s order.
    #[inline]
    pub fn slides(&self, state: &State, out: &mut Vec<Slide>) {
        out.clear();
        self.for_each_slide(state, |slide| out.push(slide));
    }

    /// The state after `slide` (one of `state`'s slides).
    #[inline]
    pub fn apply(&self, state: &State, slide: &Slide) -> State {
        let mut next = *state;
        next.cells[slide.piece as usize] = slide.to;
        next.horz = slide.horz;
        next.vert = slide.vert;
        next.code = slide.code;
        next
    }

    #[inline]
    fn for_each_slide(&self, state: &State, mut f: impl FnMut(Slide)) {
        let size = self.size;
        let occupied = state.horz | state.vert;
        for i in 0..self.count {
            let len = self.len[i] as usize;
            if len == 1 {
                continue;
            }
            let cell = state.cells[i] as usize;
            let horizontal = self.horizontal[i];
            let (stride, line_pos) = if horizontal {
                (1, self.column_of[cell] as usize)
            } else {
                (size, self.row_of[cell] as usize)
            };
            let (shape, weight) = (self.shape[i], self.weight[i]);
            let old = shape << cell;
            let mut slide = |to: usize, code: u64| {
                let new = shape << to;
                let (horz, vert) = if horizontal {
                    (state.horz ^ old | new, state.vert)
                } else {
                    (state.horz, state.vert ^ old | new)
                };
                f(Slide {
                    piece: i as u8,
                    to: to as u8,
                    horz,
                    vert,
                    code,
                });
            };
            for k in 1..=line_pos {
                let to = cell - k * stride;
                if occupied >> to & 1 != 0 {
                    break;
                }
                slide(to, state.code - k as u64 * weight);
            }
            for k in 1..size - (line_pos + len - 1) {
                let ahead = cell + (len - 1 + k) * stride;
                if occupied >> ahead & 1 != 0 {
                    break;
                }
                slide(cell + k * stride, state.code + k as u64 * weight);
            }
        }
    }

    /// The layout and state without piece `i`.
    pub fn without(&self, state: &State, i: usize) -> (Layout, State) {
        let mut layout = self.clone();
        let mut next = *state;
        let mask = self.shape[i] << state.cells[i];
        if self.horizontal[i] {
            next.horz &= !mask;
        } else {
            next.vert &= !mask;
        }
        for j in i..self.count - 1 {
            layout.len[j] = self.len[j + 1];
            layout.horizontal[j] = self.horizontal[j + 1];
            layout.shape[j] = self.shape[j + 1];
            next.cells[j] = state.cells[j + 1];
        }
        layout.count -= 1;
        layout.len[layout.count] = 0;
        layout.shape[layout.count] = 0;
        next.cells[layout.count] = 0;
        next.code = 0;
        for j in 0..layout.count {
            layout.weight[j] = if j > 0 {
                layout.weight[j - 1] * layout.places(j - 1)
            } else {
                1
            };
            next.code += layout.offset(j, next.cells[j]) * layout.weight[j];
        }
        layout.weight[layout.count] = 0;
        (layout, next)
    }

    /// The board as a line in reading order: `.` empty, `x` a wall, `A` the primary car, then
    /// `B`, `C`... for the other pieces in the reading order of their first cells (the labels of
    /// Fogleman's database, whatever the layout's order).
    pub fn board_string(&self, state: &State) -> String {
        let size = self.size;
        let mut others: Vec<(u8, usize)> = (1..self.count)
            .filter(|&i| self.len[i] > 1)
            .map(|i| (state.cells[i], i))
            .collect();
        others.sort_unstable();
        let mut label = [b'x'; MAX_PIECES];
        label[0] = b'A';
        for (n, &(_, i)) in others.iter().enumerate() {
            label[i] = b'B' + n as u8;
        }
        let mut line = vec![b'.'; size * size];
        for (i, &l) in label.iter().enumerate().take(self.count) {
            let p = self.piece(state, i);
            let mask = p.mask(size);
            for (cell, c) in line.iter_mut().enumerate() {
                if mask >> cell & 1 != 0 {
                    *c = l;
                }
            }
        }
        String::from_utf8_lossy(&line).into_owned()
    }
}

/// Reads a board line (`.` or `o` empty, `x` a wall, letters pieces; `A` is the primary car) on
/// a board of side `size`: the pieces, `A` first, then the others by label.
pub fn parse_board(size: usize, line: &str) -> Result<Vec<Piece>, String> {
    let bytes = line.as_bytes();
    if bytes.len() != size * size {
        return Err(format!(
            "board {line:?} has {} cells, not {}",
            bytes.len(),
            size * size
        ));
    }
    let mut pieces = Vec::new();
    let mut labels: Vec<u8> = bytes
        .iter()
        .copied()
        .filter(|c| c.is_ascii_uppercase())
        .collect();
    labels.sort_unstable();
    labels.dedup();
    if labels.first() != Some(&b'A') {
        return Err(format!("board {line:?} has no primary car A"));
    }
    for &l in &labels {
        let cells: Vec<usize> = (0..bytes.len()).filter(|&c| bytes[c] == l).collect();
        let stride = if cells.len() > 1 {
            cells[1] - cells[0]
        } else {
            0
        };
        let straight = cells.windows(2).all(|w| w[1] - w[0] == stride);
        let horizontal = stride == 1 && cells[0] / size == cells[cells.len() - 1] / size;
        if !(2..=3).contains(&cells.len()) || !straight || !(horizontal || stride == size) {
            return Err(format!(
                "piece {} of {line:?} is not a car or truck",
                l as char
            ));
        }
        pieces.push(Piece {
            cell: cells[0] as u8,
            len: cells.len() as u8,
            horizontal,
        });
    }
    for (cell, &c) in bytes.iter().enumerate() {
        match c {
            b'x' => pieces.push(Piece {
                cell: cell as u8,
                len: 1,
                horizontal: true,
            }),
            b'.' | b'o' => {}
            c if c.is_ascii_uppercase() => {}
            c => {
                return Err(format!(
                    "board {line:?} has an unknown cell {:?}",
                    c as char
                ));
            }
        }
    }
    if !pieces[0].horizontal
        || pieces[0].len != 2
        || pieces[0].cell as usize / size != primary_row(size)
    {
        return Err(format!(
            "the primary car of {line:?} is not a horizontal car on row {}",
            primary_row(size) + 1
        ));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(size: usize, line: &str) -> (Layout, State) {
        let pieces = parse_board(size, line).expect("a valid board");
        Layout::new(size, &pieces).expect("a valid layout")
    }

    #[test]
    fn slides_of_any_length_in_fogleman_order() {
        let (layout, state) = board(5, "...BB.....AA.............");
        let mut moves = Vec::new();
        layout.for_each_move(&state, |i, next| moves.push((i, next.cells[i])));
        assert_eq!(moves, [(0, 11), (0, 12), (0, 13), (1, 2), (1, 1), (1, 0)]);
        let (layout, state) = board(5, "B....B....AA.............");
        let mut moves = Vec::new();
        layout.for_each_move(&state, |i, next| moves.push((i, next.cells[i])));
        assert_eq!(moves, [(0, 11), (0, 12), (0, 13)]);
        let (layout, state) = board(5, "..........AA..B....B....B");
        let mut moves = Vec::new();
        layout.for_each_move(&state, |i, next| moves.push((i, next.cells[i])));
        assert_eq!(moves, [(0, 11), (0, 12), (1, 9), (1, 4)]);
    }

    #[test]
    fn board_strings_relabel_in_reading_order_and_round_trip() {
        let line = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.";
        let (layout, state) = board(6, line);
        assert_eq!(layout.board_string(&state), line);
        let (layout, state) = board(5, "..C....C.xAA..B....B.....");
        assert_eq!(layout.board_string(&state), "..B....B.xAA..C....C.....");
        let (less, state) = layout.without(&state, 1);
        assert_eq!(less.board_string(&state), "..B....B.xAA.............");
    }

    #[test]
    fn bad_boards_are_errors() {
        assert!(parse_board(4, "AA..").is_err());
        assert!(parse_board(4, "........AA.B....").is_err());
        assert!(parse_board(4, "AA..............").is_err());
        assert!(parse_board(4, "....AA..........").is_ok());
        assert!(parse_board(4, "B.......AA..B...").is_err());
        assert!(Layout::new(4, &[]).is_err());
    }
}
