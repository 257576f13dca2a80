//! Pairing systems: round robin (Berger tables), knockout brackets, Swiss (FIDE Dutch, CXA).

pub mod swiss;
