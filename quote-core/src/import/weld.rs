//! Exact-coordinate vertex welding with a hand-written open-addressing hash table.
//!
//! Keys are the coordinates' bit patterns with `-0.0` folded onto `0.0`, so two corners share
//! an index exactly when their positions are equal. The table stores vertex indices only; the
//! keys live in a dense vector, which is also the welded vertex list.

/// A coordinate key: `[f32; 3]` bits for binary STL, `[f64; 3]` bits for text formats.
pub(crate) trait WeldKey: Copy + Eq {
    /// A well-mixed 64-bit hash; the table uses its high bits.
    fn hash(&self) -> u64;
    /// The position in f64.
    fn to_f64(&self) -> [f64; 3];
}

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// Key of a binary STL corner: f32 bit patterns.
#[derive(Clone, Copy, Eq, Default)]
pub(crate) struct Key32(pub [u32; 3]);

// Compared field by field: a derived comparison of the array may become a `memcmp` call in
// WebAssembly, a byte loop that made welding there several times slower.
impl PartialEq for Key32 {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (self.0[0] ^ other.0[0]) | (self.0[1] ^ other.0[1]) | (self.0[2] ^ other.0[2]) == 0
    }
}

impl Key32 {
    /// Builds the key from raw little-endian f32 bits, folding `-0.0` onto `0.0`.
    #[inline]
    pub fn from_bits(mut b: [u32; 3]) -> Self {
        for x in &mut b {
            if *x == 0x8000_0000 {
                *x = 0;
            }
        }
        Key32(b)
    }
}

impl WeldKey for Key32 {
    #[inline]
    fn hash(&self) -> u64 {
        let [x, y, z] = self.0;
        let h = ((x as u64) | ((y as u64) << 32)).wrapping_mul(K1);
        let h = (h ^ (h >> 32) ^ (z as u64)).wrapping_mul(K2);
        h ^ (h >> 29)
    }
    #[inline]
    fn to_f64(&self) -> [f64; 3] {
        self.0.map(|b| f32::from_bits(b) as f64)
    }
}

/// Key of a text-format corner: f64 bit patterns.
#[derive(Clone, Copy, Eq, Default)]
pub(crate) struct Key64(pub [u64; 3]);

impl PartialEq for Key64 {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (self.0[0] ^ other.0[0]) | (self.0[1] ^ other.0[1]) | (self.0[2] ^ other.0[2]) == 0
    }
}

impl Key64 {
    /// Builds the key from a position, folding `-0.0` onto `0.0`.
    #[inline]
    pub fn new(p: [f64; 3]) -> Self {
        Key64(p.map(|c| (c + 0.0).to_bits()))
    }
}

impl WeldKey for Key64 {
    #[inline]
    fn hash(&self) -> u64 {
        let [x, y, z] = self.0;
        let h = x.wrapping_mul(K1) ^ y.rotate_left(21);
        let h = (h ^ z.rotate_left(43)).wrapping_mul(K2);
        h ^ (h >> 31)
    }
    #[inline]
    fn to_f64(&self) -> [f64; 3] {
        self.0.map(f64::from_bits)
    }
}

const EMPTY: u32 = u32::MAX;
/// A free table slot (a zeroed table is empty). A used one holds the vertex index plus one in
/// its low [`IDX_BITS`] bits and six bits of the key's hash above them, a tag that spares most
/// comparisons with the key itself: 4 bytes a slot, so that the table is half the size of
/// 8-byte slots with a 32-bit tag and misses the caches less (measured in WebAssembly: 1 to
/// 5 ms less on a million triangles).
const FREE: u32 = 0;
const IDX_BITS: u32 = 26;
const IDX_MASK: u32 = (1 << IDX_BITS) - 1;
/// The most unique vertices a welder takes (the slots' index bits). The triangle limit keeps
/// STL and OBJ below it (a triangle inserts three corners); the 3MF assembler checks it.
pub(crate) const MAX_VERTICES: usize = IDX_MASK as usize - 1;
const _: () = assert!(3 * super::MAX_TRIANGLES <= MAX_VERTICES);

/// Welds positions into unique vertices, returning their indices in insertion order.
/// Slots hold a hash tag beside the index (see [`FREE`]); the keys live in `keys`.
pub(crate) struct Welder<K: WeldKey> {
    keys: Vec<K>,
    slots: Vec<u32>,
    shift: u32,
    /// A small direct-mapped cache of recent vertices (indexed by the hash's low bits), which
    /// stays in L2: files list neighbouring triangles together, so most repeats hit it and
    /// skip the large table's cache miss. A fixed-size array: indices masked to its size need
    /// no bounds check.
    recent: Box<[(K, u32); RECENT]>,
}

const RECENT: usize = 1 << 14;
/// Keys welded per prefetch batch.
pub(crate) const BATCH: usize = 96;

impl<K: WeldKey + Default> Welder<K> {
    /// A welder sized for about `expected_vertices` unique vertices (a hint, already bounded by
    /// the caller from the input's byte length, never from a header count).
    pub fn with_capacity(expected_vertices: usize) -> Self {
        let bits = (expected_vertices.max(8) * 2)
            .next_power_of_two()
            .trailing_zeros();
        Welder {
            keys: Vec::with_capacity(expected_vertices),
            slots: vec![FREE; 1 << bits],
            shift: 64 - bits,
            recent: vec![(K::default(), EMPTY); RECENT]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the vector has RECENT entries")),
        }
    }

    /// The index of `key`, inserting it when new.
    #[inline]
    pub fn insert(&mut self, key: K) -> u32 {
        self.resolve(key, key.hash())
    }

    /// The index of `key` whose hash is `h`: from the small cache, else from the table.
    #[inline]
    fn resolve(&mut self, key: K, h: u64) -> u32 {
        let r = h as usize & (RECENT - 1);
        let (k, s) = self.recent[r];
        if s != EMPTY && k == key {
            return s;
        }
        let idx = self.lookup(key, h);
        self.recent[r] = (key, idx);
        idx
    }

    /// Welds a batch of keys, writing their indices to `out`. The table slots of the batch's
    /// keys are loaded ahead first, so their cache misses overlap instead of queueing: with a
    /// million vertices the table is far larger than the caches and a lone lookup waits on
    /// memory. The loads have a loop of their own, after the hashes: a few instructions per
    /// key, so that the processor's window holds many of them at once (with the hash in the
    /// same loop it held a few keys, rarely more than one miss, and the full analysis of a
    /// million triangles took about 20 ms longer in WebAssembly).
    pub fn insert_batch(&mut self, keys: &[K], out: &mut [u32]) {
        let mut hashes = [0u64; BATCH];
        let mut sink = 0u32;
        for (chunk, outs) in keys.chunks(BATCH).zip(out.chunks_mut(BATCH)) {
            for (h, k) in hashes.iter_mut().zip(chunk) {
                *h = k.hash();
            }
            for h in &hashes[..chunk.len()] {
                sink ^= self.prefetch((*h >> self.shift) as usize);
            }
            for ((k, h), o) in chunk.iter().zip(&hashes).zip(outs) {
                *o = self.resolve(*k, *h);
            }
        }
        std::hint::black_box(sink);
    }

    /// Starts loading a table slot: a prefetch hint on x86-64.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn prefetch(&self, slot: usize) -> u32 {
        // SAFETY: prefetching is a hint with no memory effect; the pointer is in bounds.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(slot) as *const i8);
        }
        0
    }

    /// Starts loading a table slot. WebAssembly has no prefetch: a plain load whose value the
    /// caller folds into a sink, so that the loads of a batch are independent of each other and
    /// the processor overlaps their cache misses.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline]
    fn prefetch(&self, slot: usize) -> u32 {
        // A volatile read, so that the compiler keeps a load whose value matters to no one.
        debug_assert!(slot < self.slots.len());
        // SAFETY: `slot` is a hash shifted right by `shift`, below `1 << (64 - shift)`, which is
        // the table's length (see `with_capacity` and `grow`): the pointer is in bounds and
        // aligned.
        unsafe { std::ptr::read_volatile(self.slots.as_ptr().add(slot)) }
    }

    #[inline]
    fn lookup(&mut self, key: K, h: u64) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = (h >> self.shift) as usize;
        let tag = (h as u32) & !IDX_MASK;
        loop {
            let e = self.slots[i];
            if e == FREE {
                let idx = self.keys.len() as u32;
                assert!(
                    (idx as usize) < MAX_VERTICES,
                    "callers keep below MAX_VERTICES"
                );
                self.slots[i] = tag | (idx + 1);
                self.keys.push(key);
                if self.keys.len() * 2 > self.slots.len() {
                    self.grow();
                }
                return idx;
            }
            let idx = (e & IDX_MASK).wrapping_sub(1);
            if e & !IDX_MASK == tag && self.keys[idx as usize] == key {
                return idx;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let bits = 64 - self.shift + 1;
        self.shift = 64 - bits;
        self.slots = vec![FREE; 1 << bits];
        let mask = self.slots.len() - 1;
        for (idx, key) in self.keys.iter().enumerate() {
            let h = key.hash();
            let mut i = (h >> self.shift) as usize;
            while self.slots[i] != FREE {
                i = (i + 1) & mask;
            }
            self.slots[i] = ((h as u32) & !IDX_MASK) | (idx as u32 + 1);
        }
    }

    /// Number of unique vertices so far.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The unique keys, in order of their indices.
    #[cfg_attr(not(feature = "threads"), allow(dead_code))]
    pub fn keys(&self) -> &[K] {
        &self.keys
    }

    /// The welded positions, in f64.
    pub fn into_vertices(self) -> Vec<[f64; 3]> {
        self.keys.iter().map(WeldKey::to_f64).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_positions_share_an_index_and_negative_zero_is_zero() {
        let mut w = Welder::with_capacity(1);
        let a = w.insert(Key64::new([0.0, 1.0, 2.0]));
        let b = w.insert(Key64::new([-0.0, 1.0, 2.0]));
        let c = w.insert(Key64::new([0.0, 1.0, 2.000_000_000_000_001]));
        assert_eq!(a, b);
        assert_ne!(a, c);
        for i in 0..1000 {
            w.insert(Key64::new([i as f64, 0.0, 0.0]));
        }
        assert_eq!(w.len(), 1001 + 1);
        assert_eq!(w.insert(Key64::new([999.0, 0.0, 0.0])), 1001);
    }

    #[test]
    fn batches_give_the_same_indices_as_single_inserts() {
        let keys: Vec<Key64> = (0..1000)
            .map(|i| Key64::new([(i % 37) as f64, (i % 11) as f64, 0.0]))
            .collect();
        let mut one = Welder::with_capacity(4);
        let single: Vec<u32> = keys.iter().map(|&k| one.insert(k)).collect();
        let mut many = Welder::with_capacity(4);
        let mut batch = vec![0; keys.len()];
        many.insert_batch(&keys, &mut batch);
        assert_eq!(single, batch);
        assert_eq!(one.into_vertices(), many.into_vertices());
    }

    #[test]
    fn f32_keys_fold_negative_zero() {
        let mut w = Welder::with_capacity(4);
        let a = w.insert(Key32::from_bits([0x8000_0000, 0, 0x3f80_0000]));
        let b = w.insert(Key32::from_bits([0, 0, 0x3f80_0000]));
        assert_eq!(a, b);
        assert_eq!(w.into_vertices(), vec![[0.0, 0.0, 1.0]]);
    }
}
