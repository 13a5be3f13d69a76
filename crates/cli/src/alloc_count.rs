//! A global allocator that counts heap allocations.
//!
//! `carolus bench` reads the count before and after its timed playout loop
//! to show that playing random games allocates nothing per move. The
//! allocator forwards everything to [`System`]; the only addition is one
//! relaxed atomic increment per allocation. Relaxed ordering is enough
//! because the counter synchronises nothing: the benchmark reads it on the
//! same thread that did the allocating.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// Allocations made since the process started, reallocations included.
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// The system allocator with a counter in front of it.
pub struct CountingAllocator;

// SAFETY: every method forwards its arguments unchanged to `System`, so this
// allocator keeps exactly the contract that `System` keeps; counting touches
// no memory that is handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's guarantees about `layout` are passed on as they are.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A reallocation may move the block, which costs as much as a fresh
        // allocation, so it counts as one.
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`,
        // with `layout`; the caller's guarantees are passed on as they are.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// How many allocations the process has made so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_boxed_value_is_counted() {
        // Test threads run in parallel and allocate too, so the count can
        // only be checked for growth, not for an exact difference.
        let before = allocations();
        let boxed = std::hint::black_box(Box::new(17u64));
        assert!(allocations() > before);
        assert_eq!(*boxed, 17);
    }
}
