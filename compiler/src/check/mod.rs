//! Name resolution and the checks of LANGUAGE.md, one module per domain. Each module owns its
//! diagnostic codes (`CODES`) and messages.
