//! A slow, obviously-correct Go board used to check moyo's fast board.
//!
//! The position is a plain grid of `size * size` points (index `row * size + col`, 0-based
//! from the lower-left corner) with no incremental state: every string and liberty set is
//! recomputed by a breadth-first flood fill when it is needed. Positional superko compares
//! whole grids with every earlier grid of the game (no hashing).
//!
//! The reasons for refusing a move are checked in a fixed order, the same order moyo
//! documents: occupied (or off the board), then simple ko, then suicide, then superko.

#![allow(dead_code)]

use moyo::board::{Color, Illegal};

/// The colours of all points, index `row * size + col`.
pub type Grid = Vec<Option<Color>>;

/// A maximal 4-connected group of stones of one colour and its liberties (both sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefString {
    pub color: Color,
    pub stones: Vec<usize>,
    pub libs: Vec<usize>,
}

/// A move for the reference: a pass or a point given by (col, row); a point outside the
/// board is refused as `Illegal::Occupied`, as moyo does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefMove {
    Pass,
    At(usize, usize),
}

/// An earlier position for positional superko: its number of stones and its grid.
pub type Past = (usize, Grid);

/// The number of stones on a grid.
pub fn stone_count(grid: &[Option<Color>]) -> usize {
    grid.iter().filter(|s| s.is_some()).count()
}

/// The on-board 4-neighbours of point `i` on a board of `size`: below, left, right, above.
pub fn neighbours(size: usize, i: usize) -> impl Iterator<Item = usize> {
    let (col, row) = (i % size, i / size);
    [
        (row > 0).then(|| i - size),
        (col > 0).then(|| i - 1),
        (col + 1 < size).then(|| i + 1),
        (row + 1 < size).then(|| i + size),
    ]
    .into_iter()
    .flatten()
}

/// The string through the stone on `start` of `grid` and its liberties, by BFS.
pub fn flood(size: usize, grid: &[Option<Color>], start: usize) -> RefString {
    let color = grid[start].expect("flood starts on a stone");
    let mut seen = vec![false; grid.len()];
    let mut stones = vec![start];
    let mut libs = Vec::new();
    seen[start] = true;
    let mut next = 0;
    while next < stones.len() {
        let p = stones[next];
        next += 1;
        for q in neighbours(size, p) {
            if seen[q] {
                continue;
            }
            match grid[q] {
                None => {
                    seen[q] = true;
                    libs.push(q);
                }
                Some(c) if c == color => {
                    seen[q] = true;
                    stones.push(q);
                }
                Some(_) => {}
            }
        }
    }
    stones.sort_unstable();
    libs.sort_unstable();
    RefString {
        color,
        stones,
        libs,
    }
}

/// A position: stones, the simple-ko ban and the prisoners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub size: usize,
    pub grid: Grid,
    /// The point where the last move captured a single stone in a ko shape, and the colour
    /// (the captured one) that may not retake there on the very next move.
    pub ko: Option<(usize, Color)>,
    /// Stones captured by Black (`[0]`) and by White (`[1]`).
    pub captures: [u32; 2],
}

impl RefBoard {
    pub fn new(size: usize) -> RefBoard {
        RefBoard {
            size,
            grid: vec![None; size * size],
            ko: None,
            captures: [0, 0],
        }
    }

    pub fn idx(&self, col: usize, row: usize) -> usize {
        row * self.size + col
    }

    pub fn col_row(&self, i: usize) -> (usize, usize) {
        (i % self.size, i / self.size)
    }

    pub fn get(&self, col: usize, row: usize) -> Option<Color> {
        self.grid[self.idx(col, row)]
    }

    pub fn neighbours(&self, i: usize) -> Vec<usize> {
        neighbours(self.size, i).collect()
    }

    /// The string through the stone on point `i`.
    pub fn string_at(&self, i: usize) -> RefString {
        flood(self.size, &self.grid, i)
    }

    /// Every string of the board, ordered by its lowest point.
    pub fn strings(&self) -> Vec<RefString> {
        let mut done = vec![false; self.grid.len()];
        let mut out = Vec::new();
        for i in 0..self.grid.len() {
            if self.grid[i].is_some() && !done[i] {
                let s = self.string_at(i);
                for &p in &s.stones {
                    done[p] = true;
                }
                out.push(s);
            }
        }
        out
    }

    /// The empty points in increasing order.
    pub fn empties(&self) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| self.grid[i].is_none())
            .collect()
    }

    /// The points holding a stone, in increasing order.
    pub fn occupied(&self) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| self.grid[i].is_some())
            .collect()
    }

    /// The position after `c` plays on (col, row) and the number of stones it captured, or
    /// why the move is illegal. `history` holds every earlier grid of the game with its
    /// number of stones (superko); pass an empty slice for simple-ko rules only.
    pub fn after(
        &self,
        c: Color,
        col: usize,
        row: usize,
        history: &[Past],
    ) -> Result<(RefBoard, u32), Illegal> {
        if col >= self.size || row >= self.size {
            return Err(Illegal::Occupied);
        }
        let p = self.idx(col, row);
        if self.grid[p].is_some() {
            return Err(Illegal::Occupied);
        }
        if self.ko == Some((p, c)) {
            return Err(Illegal::Ko);
        }
        let opp = c.opp();
        let mut grid = self.grid.clone();
        grid[p] = Some(c);
        // Remove every opponent string left without a liberty.
        let mut captured = Vec::new();
        for q in neighbours(self.size, p) {
            if grid[q] == Some(opp) {
                let s = flood(self.size, &grid, q);
                if s.libs.is_empty() {
                    for &x in &s.stones {
                        grid[x] = None;
                        captured.push(x);
                    }
                }
            }
        }
        let own = flood(self.size, &grid, p);
        if own.libs.is_empty() {
            return Err(Illegal::Suicide);
        }
        // Grids with different numbers of stones differ: skip those before comparing.
        let stones = stone_count(&grid);
        if history.iter().any(|(n, h)| *n == stones && *h == grid) {
            return Err(Illegal::Superko);
        }
        let ko = if captured.len() == 1 && own.stones.len() == 1 && own.libs.len() == 1 {
            Some((captured[0], opp))
        } else {
            None
        };
        let mut captures = self.captures;
        captures[c.index()] += captured.len() as u32;
        let n = captured.len() as u32;
        Ok((
            RefBoard {
                size: self.size,
                grid,
                ko,
                captures,
            },
            n,
        ))
    }

    /// Whether `c` may play on (col, row) given the earlier grids `history`.
    pub fn legality(
        &self,
        c: Color,
        col: usize,
        row: usize,
        history: &[Past],
    ) -> Result<(), Illegal> {
        self.after(c, col, row, history).map(|_| ())
    }

    /// Plays under simple-ko rules only (no history); returns the stones captured.
    pub fn play(&mut self, c: Color, col: usize, row: usize) -> Result<u32, Illegal> {
        let (next, n) = self.after(c, col, row, &[])?;
        *self = next;
        Ok(n)
    }

    /// A pass lifts the ko ban.
    pub fn pass(&mut self) {
        self.ko = None;
    }
}

/// A game: the position plus every grid it has gone through (for positional superko).
#[derive(Clone, Debug)]
pub struct RefGame {
    pub board: RefBoard,
    /// Every grid of the game so far with its number of stones, the starting one first and
    /// the current one last.
    pub history: Vec<Past>,
}

impl RefGame {
    pub fn new(size: usize) -> RefGame {
        let board = RefBoard::new(size);
        RefGame {
            history: vec![(0, board.grid.clone())],
            board,
        }
    }

    /// Whether `c` may play `m` now, positional superko included.
    pub fn legality(&self, c: Color, m: RefMove) -> Result<(), Illegal> {
        match m {
            RefMove::Pass => Ok(()),
            RefMove::At(col, row) => self.board.legality(c, col, row, &self.history),
        }
    }

    /// Plays `m` if legal and returns the stones it captured; an illegal move changes nothing.
    pub fn play(&mut self, c: Color, m: RefMove) -> Result<u32, Illegal> {
        let n = match m {
            RefMove::Pass => {
                self.board.pass();
                0
            }
            RefMove::At(col, row) => {
                let (next, n) = self.board.after(c, col, row, &self.history)?;
                self.board = next;
                n
            }
        };
        self.history
            .push((stone_count(&self.board.grid), self.board.grid.clone()));
        Ok(n)
    }
}
