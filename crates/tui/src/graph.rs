//! The win-chance graph drawn as a line of block characters.
//!
//! The estimates themselves, and the chances people read from them, are
//! carolus-core's ([`carolus_core::estimates`]); this module only draws
//! them. `carolus analyse` draws its graph with [`sparkline`] too, so that
//! both graphs look alike.

/// The eight heights of a graph's column, from 0% to 100%.
const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// `values` (each from 0 to 1) as block characters, one for every
/// `per_column` values, each the mean of its values: ▁ for 0 up to █ for 1.
pub fn sparkline(values: &[f64], per_column: usize) -> String {
    values
        .chunks(per_column.max(1))
        .map(|chunk| {
            let mean = chunk.iter().sum::<f64>() / chunk.len() as f64;
            // Eight equal bands; a chance of exactly 1 belongs to the top.
            let band = (mean.clamp(0.0, 1.0) * 8.0) as usize;
            BLOCKS[band.min(7)]
        })
        .collect()
}

/// How many values share a column when `count` values must fit in
/// `columns` (at least one a column).
pub fn values_per_column(count: usize, columns: usize) -> usize {
    count.div_ceil(columns.max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sparkline_has_a_block_per_column_from_low_to_high() {
        assert_eq!(sparkline(&[0.0, 0.2, 0.5, 0.8, 1.0], 1), "▁▂▅▇█");
        // Two values a column, each the mean of its values.
        assert_eq!(sparkline(&[0.0, 1.0, 0.5, 0.5, 0.9], 2), "▅▅█");
        assert_eq!(sparkline(&[], 3), "");
        // Values outside 0–1 are drawn at the nearest end.
        assert_eq!(sparkline(&[-0.5, 1.5], 0), "▁█");
    }

    #[test]
    fn long_series_share_columns() {
        assert_eq!(values_per_column(60, 60), 1);
        assert_eq!(values_per_column(61, 60), 2);
        assert_eq!(values_per_column(0, 60), 1);
        assert_eq!(values_per_column(5, 0), 5);
    }
}
