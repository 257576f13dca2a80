//! The engine that runs a plan.
