//! `xqreg lsp` spoken to as an editor does: the built binary on stdin/stdout, JSON-RPC frames,
//! one request at a time. Every wait has a timeout so that a broken server fails the test
//! instead of hanging it. The document is a Chinese example; every position is checked in
//! UTF-16 columns computed here independently of the server.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::{assert_phrases, root};

/// How long any one answer may take before the test fails.
const TIMEOUT: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    next_id: i64,
    /// Notifications that arrived while waiting for something else.
    notes: Vec<Value>,
}

/// Read `Content-Length` frames from the server until its stdout closes.
fn read_frames(out: impl Read, tx: mpsc::Sender<Value>) {
    let mut r = BufReader::new(out);
    loop {
        let mut len = None;
        loop {
            let mut line = String::new();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                len = v.parse::<usize>().ok();
            }
        }
        let Some(len) = len else { return };
        let mut body = vec![0; len];
        if r.read_exact(&mut body).is_err() {
            return;
        }
        match serde_json::from_slice(&body) {
            Ok(v) => {
                if tx.send(v).is_err() {
                    return;
                }
            }
            Err(_) => return,
        }
    }
}

/// `xqreg lsp` with piped stdin and stdout, its stderr as given.
fn spawn(stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("xqreg lsp starts")
}

impl Client {
    fn start() -> Client {
        let mut child = spawn(Stdio::inherit());
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || read_frames(stdout, tx));
        Client {
            child,
            stdin,
            rx,
            next_id: 1,
            notes: Vec::new(),
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn recv(&mut self, what: &str) -> Value {
        self.rx
            .recv_timeout(TIMEOUT)
            .unwrap_or_else(|e| panic!("no {what} from the server: {e}"))
    }

    /// Send a request and wait for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.recv(method);
            if msg.get("id") == Some(&json!(id)) {
                assert!(msg.get("error").is_none(), "{method}: {msg}");
                return msg.get("result").cloned().unwrap_or(Value::Null);
            }
            self.notes.push(msg);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The diagnostics published for `version` of the document (null: for a closed one).
    fn diagnostics(&mut self, version: Value) -> Vec<Value> {
        let is_it = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        };
        if let Some(i) = self.notes.iter().position(is_it) {
            let m = self.notes.remove(i);
            return m["params"]["diagnostics"]
                .as_array()
                .cloned()
                .unwrap_or_default();
        }
        loop {
            let m = self.recv("publishDiagnostics");
            if is_it(&m) {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            self.notes.push(m);
        }
    }

    /// `shutdown`, `exit`, and the process ends with status 0.
    fn finish(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        // Polled in steps, not timed: the test only needs the process to end eventually.
        let step = Duration::from_millis(20);
        for _ in 0..TIMEOUT.as_millis() / step.as_millis() {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "xqreg lsp exited with {status}");
                return;
            }
            std::thread::sleep(step);
        }
        let _ = self.child.kill();
        panic!("xqreg lsp did not exit after `exit`");
    }
}

/// The LSP position (line, UTF-16 column) of a byte offset, computed here on its own.
fn pos(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[start..offset].encode_utf16().count();
    json!({"line": line, "character": col})
}

/// The byte offset of the `n`-th (0-based) occurrence of `needle`, plus `shift` bytes.
fn nth(text: &str, needle: &str, n: usize, shift: usize) -> usize {
    text.match_indices(needle)
        .nth(n)
        .map(|(i, _)| i + shift)
        .unwrap_or_else(|| panic!("`{needle}` #{n} is in the text"))
}

/// Byte offsets of `word` where it stands as a whole word.
/// The places of `word` as a name of the file: whole words, not inside a string or a comment
/// (an English text may say "standard games").
fn words(text: &str, word: &str) -> Vec<usize> {
    let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let in_text = |i: usize| {
        let line = &text[text[..i].rfind('\n').map_or(0, |n| n + 1)..i];
        line.matches('"').count() % 2 == 1 || line.contains("//")
    };
    text.match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            boundary(text[..i].chars().next_back())
                && boundary(text[i + word.len()..].chars().next())
                && !in_text(i)
        })
        .collect()
}

fn start(client: &mut Client, locale: &str) -> Value {
    let caps = client.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}, "locale": locale}),
    );
    client.notify("initialized", json!({}));
    caps
}

fn labels(items: &Value) -> Vec<String> {
    let list = items.get("items").unwrap_or(items);
    list.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|i| i["label"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn at(uri: &str, text: &str, offset: usize) -> Value {
    json!({"textDocument": {"uri": uri}, "position": pos(text, offset)})
}

#[test]
fn lsp_session_on_a_chinese_example() {
    let path = root().join("examples/004_zhouzhuang/regulation.xqr");
    let text = std::fs::read_to_string(&path).expect("example");
    let uri = format!("file://{}", path.display());
    let mut c = Client::start();
    let init = start(&mut c, "zh-CN");
    let caps = &init["capabilities"];
    for cap in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "completionProvider",
        "documentSymbolProvider",
        "codeActionProvider",
        "documentFormattingProvider",
    ] {
        assert!(!caps[cap].is_null(), "{cap} missing: {caps}");
    }

    // didOpen: the same diagnostics as `xqreg check` gives the file.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "xqr", "version": 1, "text": text}}),
    );
    let opened = c.diagnostics(json!(1));
    let expected = xqreg::driver::check_bytes("x", text.as_bytes());
    let codes: Vec<&str> = opened.iter().filter_map(|d| d["code"].as_str()).collect();
    let want: Vec<&str> = expected.diagnostics.iter().map(|d| d.code.code).collect();
    assert_eq!(codes, want);

    hovers(&mut c, &uri, &text);
    navigation(&mut c, &uri, &text);
    completions(&mut c, &uri, &text);
    outline(&mut c, &uri, &text);
    changes_and_fixes(&mut c, &uri, &text);
    formatting(&mut c, &uri, &text);

    // didClose clears what the editor shows.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(c.diagnostics(Value::Null), Vec::<Value>::new());
    c.finish();
}

/// Hover on a keyword and on a name.
fn hovers(c: &mut Client, uri: &str, text: &str) {
    // Hover on a keyword after Chinese text on its line: the contract's words for `increment`.
    let inc = nth(text, "increment 20s", 0, 2);
    let h = c.request("textDocument/hover", at(uri, text, inc));
    let value = h["contents"]["value"].as_str().unwrap_or("");
    assert!(
        value.contains("`increment`") && value.contains("executed"),
        "{h}"
    );
    assert_eq!(h["range"]["start"], pos(text, inc - 2), "{h}");

    // Hover on a name: the time control's declaration with its values, in Chinese.
    let use_at = nth(text, "  time standard", 0, "  time ".len());
    let h = c.request("textDocument/hover", at(uri, text, use_at));
    let value = h["contents"]["value"].as_str().unwrap_or("");
    assert!(
        value.contains("用时") && value.contains("base 20min") && value.contains("increment 20s"),
        "{h}"
    );
}

/// Definition and references.
fn navigation(c: &mut Client, uri: &str, text: &str) {
    // Definition of `ladder` from a stage: the `playoff ladder "加赛"` declaration.
    let ladder_use = nth(text, "playoff ladder\n", 0, "playoff ".len());
    let d = c.request("textDocument/definition", at(uri, text, ladder_use));
    let decl = nth(text, "playoff ladder \"加赛\"", 0, "playoff ".len());
    assert_eq!(d["range"]["start"], pos(text, decl), "{d}");
    assert_eq!(d["uri"], json!(uri));

    // Definition of a test's `roster field`: the roster declared once at the top level.
    let roster_use = nth(text, "  roster field\n", 1, "  roster ".len());
    let d = c.request("textDocument/definition", at(uri, text, roster_use));
    let decl = nth(text, "roster field {", 0, "roster ".len());
    assert_eq!(d["range"]["start"], pos(text, decl), "{d}");

    // References of `standard` (with its declaration): every word `standard` of the file, the
    // supplement's stages and the conduct scope `in standard` included.
    let use_at = nth(text, "  time standard", 0, "  time ".len());
    let mut params = at(uri, text, use_at);
    params["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", params);
    let mut got: Vec<String> = refs
        .as_array()
        .expect("locations")
        .iter()
        .map(|l| l["range"]["start"].to_string())
        .collect();
    let mut want: Vec<String> = words(text, "standard")
        .into_iter()
        .map(|i| pos(text, i).to_string())
        .collect();
    got.sort();
    want.sort();
    assert!(want.len() >= 5, "{want:?}");
    assert_eq!(got, want);
}

fn completions(c: &mut Client, uri: &str, text: &str) {
    let use_at = nth(text, "  time standard", 0, "  time ".len());
    // Completion: clauses of the block at the cursor, names of the kind after `time`, the
    // top-level keywords between blocks.
    let in_stage = nth(text, "  entrants roster\n", 0, 0);
    completes(
        c,
        uri,
        text,
        in_stage,
        &["swiss", "tiebreak"],
        &["increment"],
    );
    let names = ["standard", "rapid", "armageddon"];
    completes(c, uri, text, use_at, &names, &["swiss", "ladder"]);
    let between = nth(text, "\nentry {", 0, 1);
    completes(c, uri, text, between, &["stage", "prizes"], &["standard"]);
}

/// The completion at `offset` of `text` offers every label of `offered` and none of `not`.
fn completes(c: &mut Client, uri: &str, text: &str, offset: usize, offered: &[&str], not: &[&str]) {
    let items = labels(&c.request("textDocument/completion", at(uri, text, offset)));
    for label in offered {
        assert!(items.iter().any(|l| l == label), "{label} in {items:?}");
    }
    for label in not {
        assert!(!items.iter().any(|l| l == label), "no {label} in {items:?}");
    }
}

fn outline(c: &mut Client, uri: &str, text: &str) {
    // Document symbols: the outline names the blocks, a stage's groups are its children.
    let syms = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let syms = syms.as_array().expect("symbols");
    let names: Vec<&str> = syms.iter().filter_map(|s| s["name"].as_str()).collect();
    for want in [
        "regulation",
        "time standard",
        "stage groups",
        "playoff ladder",
        "prizes",
    ] {
        assert!(names.contains(&want), "{want} in {names:?}");
    }
    let groups = syms
        .iter()
        .find(|s| s["name"] == "stage groups")
        .expect("stage");
    let kids: Vec<&str> = groups["children"]
        .as_array()
        .map(|a| a.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(kids, ["group A", "group B", "group C", "group D"]);
    let time = syms
        .iter()
        .find(|s| s["name"] == "time standard")
        .expect("time");
    assert_eq!(
        time["selectionRange"]["start"],
        pos(text, nth(text, "time standard", 0, 5))
    );
}

/// A change that introduces errors, and the quick fixes for them.
fn changes_and_fixes(c: &mut Client, uri: &str, text: &str) {
    // didChange: a misspelt time control after Chinese and an astral character on its line, and
    // a total that does not add up. Both are published, in Chinese, at UTF-16 columns.
    let changed = text
        .replacen(
            "    time standard\n",
            "    note \"小组赛𝄞\" time standrad\n",
            1,
        )
        .replacen("total 204000", "total 204001", 1);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": changed}]}),
    );
    let diags = c.diagnostics(json!(2));
    let e102 = diags
        .iter()
        .find(|d| d["code"] == "E102")
        .expect("E102 published");
    let bad = nth(&changed, "standrad", 0, 0);
    assert_eq!(e102["range"]["start"], pos(&changed, bad), "{e102}");
    assert_eq!(
        e102["range"]["end"],
        pos(&changed, bad + "standrad".len()),
        "{e102}"
    );
    let msg = e102["message"].as_str().unwrap_or("");
    assert!(
        msg.contains("未声明的用时 `standrad`") && msg.contains("是否应为 `standard`"),
        "{msg}"
    );
    // Hover on the diagnostic's place: the code's explanation, as `xqreg explain` gives it.
    let h = c.request("textDocument/hover", at(uri, &changed, bad));
    let value = h["contents"]["value"].as_str().unwrap_or("");
    let meaning = xqreg::check::unknown::E102.explain.meaning.zh;
    assert!(value.contains("E102") && value.contains(meaning), "{h}");
    let e503 = diags
        .iter()
        .find(|d| d["code"] == "E503")
        .expect("E503 published");

    // Code actions: the did-you-mean replacement and the total that adds up.
    let action = |c: &mut Client, d: &Value| {
        let r = c.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"],
                   "context": {"diagnostics": [d]}}),
        );
        let edits = &r[0]["edit"]["changes"][uri];
        (
            edits[0]["range"].clone(),
            edits[0]["newText"].as_str().unwrap_or("").to_string(),
        )
    };
    let (range, new_text) = action(c, e102);
    assert_eq!(
        (range, new_text.as_str()),
        (e102["range"].clone(), "standard")
    );
    let (range, new_text) = action(c, e503);
    let amount = nth(&changed, "204001", 0, 0);
    assert_eq!(range["start"], pos(&changed, amount));
    assert_eq!(range["end"], pos(&changed, amount + 6));
    assert_eq!(new_text, "204000");
}

/// Formatting: a badly laid out document gets one edit that gives the layout of `xqreg fmt`
/// (the example is stored formatted, so the result is the example itself).
fn formatting(c: &mut Client, uri: &str, text: &str) {
    let messy = text.replacen("    time standard\n", "        time standard   \n", 1);
    assert_ne!(
        messy, text,
        "the example no longer has the line the test moves"
    );
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": messy}]}),
    );
    c.diagnostics(json!(3));
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = edits
        .as_array()
        .expect("formatting answers a list of edits");
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"], pos(&messy, 0));
    assert_eq!(edits[0]["range"]["end"], pos(&messy, messy.len()));
    assert_eq!(edits[0]["newText"].as_str(), Some(text));
}

#[test]
fn lsp_speaks_the_clients_language() {
    let mut c = Client::start();
    start(&mut c, "en-US");
    let uri = "untitled:r.xqr";
    let text = "time standard { base 20min }\nstage main { swiss cxa rounds 7  time standrad }\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "xqr", "version": 1, "text": text}}),
    );
    let diags = c.diagnostics(json!(1));
    let e102 = diags.iter().find(|d| d["code"] == "E102").expect("E102");
    let msg = e102["message"].as_str().unwrap_or("");
    assert_phrases(
        msg,
        &[
            "unknown time control `standrad`",
            "help: did you mean `standard`?",
        ],
        &[],
    );
    c.finish();
}

/// A frame that is not JSON gets JSON-RPC's parse error (id null) and the session goes on (the
/// server ended on it); a header announcing more bytes than any regulation ends the session
/// with a message and exit 2 (the process aborted on the allocation).
#[test]
fn damaged_frames_are_answered_or_refused_never_a_crash() {
    let mut c = Client::start();
    start(&mut c, "en-US");
    write!(c.stdin, "Content-Length: 9\r\n\r\n{{not json").expect("write");
    c.stdin.flush().expect("flush");
    let answer = c.recv("a parse error");
    assert_eq!(answer["error"]["code"], json!(-32700), "{answer}");
    assert_eq!(answer["id"], Value::Null, "{answer}");
    c.finish();

    let mut huge = spawn(Stdio::piped());
    let mut stdin = huge.stdin.take().expect("stdin");
    write!(stdin, "Content-Length: 99999999999999\r\n\r\n{{}}").expect("write");
    drop(stdin);
    let out = huge.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a message of 99999999999999 bytes, beyond the 64 MiB"),
        "{err}"
    );
}
