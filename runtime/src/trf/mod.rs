//! FIDE Tournament Report File (TRF-16 and TRF-2026): read and write.
