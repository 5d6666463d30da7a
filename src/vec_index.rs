//! Indexing per-seat and per-type tables (`Vec`s) by the vocabulary types.

/// Implements `Index` and `IndexMut` on `Vec<T>` for a type with an
/// `index(self) -> usize` method.
macro_rules! index_vec_by {
    ($ty:ty) => {
        impl<T> std::ops::Index<$ty> for Vec<T> {
            type Output = T;

            #[inline]
            fn index(&self, at: $ty) -> &T {
                &self[at.index()]
            }
        }

        impl<T> std::ops::IndexMut<$ty> for Vec<T> {
            #[inline]
            fn index_mut(&mut self, at: $ty) -> &mut T {
                &mut self[at.index()]
            }
        }
    };
}

pub(crate) use index_vec_by;
