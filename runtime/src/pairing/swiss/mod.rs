//! Swiss pairing systems: the FIDE Dutch system and the CXA 积分编排 system.
