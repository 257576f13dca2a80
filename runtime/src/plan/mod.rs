//! The plan: what the compiler hands the runtime.
