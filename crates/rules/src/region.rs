//! Regions: maximal runs of territories joined by mergers, with the knights
//! and castles they hold.
//!
//! A region is stored as its first territory clockwise and its length, which
//! is all a run on a ring needs; the territories it covers follow from them,
//! across the seam too (territory 15 is followed by territory 1).

use crate::types::{Family, FamilyCounts, TERRITORY_COUNT, Territory};

/// One region of the board.
///
/// Its owner is kept as a side index (a seat, or a team in the team game);
/// [`crate::Game::region_owner`] turns it into an [`crate::Owner`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub(crate) knights: FamilyCounts,
    /// The region's first territory clockwise, as an index 0–14.
    pub(crate) first: u8,
    pub(crate) len: u8,
    /// The owning side, or `u8::MAX` for nobody.
    pub(crate) owner: u8,
    pub(crate) castles: u8,
}

impl Region {
    pub(crate) const EMPTY: Region = Region {
        knights: FamilyCounts::ZERO,
        first: 0,
        len: 0,
        owner: u8::MAX,
        castles: 0,
    };

    /// A single territory holding one knight, as at the set-up.
    pub(crate) fn single(territory_index: u8, family: Family) -> Region {
        let mut region = Region {
            first: territory_index,
            len: 1,
            ..Region::EMPTY
        };
        region.knights[family] = 1;
        region
    }

    /// Adds the contents of the clockwise neighbour `other` to this region.
    pub(crate) fn absorb(&mut self, other: &Region) {
        for (mine, theirs) in self.knights.0.iter_mut().zip(other.knights.0) {
            *mine += theirs;
        }
        self.len += other.len;
        self.castles += other.castles;
    }

    /// The knights of each family in the region.
    #[inline]
    pub fn knights(&self) -> &FamilyCounts {
        &self.knights
    }

    /// How many castles stand in the region.
    #[inline]
    pub fn castles(&self) -> usize {
        self.castles as usize
    }

    /// The owning side's index (seat, or team in the team game), if any.
    #[inline]
    pub fn owner_index(&self) -> Option<usize> {
        (self.owner != u8::MAX).then_some(self.owner as usize)
    }

    /// How many territories the region covers.
    #[inline]
    #[allow(clippy::len_without_is_empty)] // A region always covers a territory.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The region's first territory clockwise.
    #[inline]
    pub fn first(&self) -> Territory {
        Territory::from_index(self.first as usize).unwrap_or(FIRST_TERRITORY)
    }

    /// The region's name: its smallest territory number.
    #[inline]
    pub fn name(&self) -> Territory {
        if self.first as usize + self.len as usize > TERRITORY_COUNT {
            FIRST_TERRITORY
        } else {
            self.first()
        }
    }

    /// The region's territories clockwise from its first.
    pub fn territories(&self) -> impl ExactSizeIterator<Item = Territory> + use<> {
        let first = self.first as usize;
        (0..self.len as usize).map(move |i| {
            Territory::from_index((first + i) % TERRITORY_COUNT).unwrap_or(FIRST_TERRITORY)
        })
    }

    /// Whether the region covers `territory`.
    pub fn contains(&self, territory: Territory) -> bool {
        let offset = (territory.index() + TERRITORY_COUNT - self.first as usize) % TERRITORY_COUNT;
        offset < self.len as usize
    }
}

const FIRST_TERRITORY: Territory = match Territory::new(1) {
    Some(t) => t,
    None => unreachable!(),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_across_the_seam_is_named_by_territory_one() {
        let region = Region {
            first: 13,
            len: 4,
            ..Region::EMPTY
        };
        let numbers: Vec<u8> = region.territories().map(Territory::number).collect();
        assert_eq!(numbers, [14, 15, 1, 2]);
        assert_eq!(region.name().number(), 1);
        assert!(region.contains(Territory::new(15).unwrap()));
        assert!(region.contains(Territory::new(2).unwrap()));
        assert!(!region.contains(Territory::new(3).unwrap()));
    }
}
