//! Fixture tests: every `tests/fixtures/check/{E,W}[1-4]*.xqr` parses without syntax errors and
//! raises exactly the codes its `// expect:` header lists.
