"""Random message streams into the language server (`xqreg lsp`, Content-Length framing).

A session: `initialize`, `initialized`, then 5-40 messages drawn from didOpen/didChange (of an
example regulation, damaged as regulation.py damages it), hover, definition, references,
completion, documentSymbol, formatting, codeAction, didClose at random positions (past the end
too, negative, huge), incremental changes with bad ranges, request ids that are strings, null,
floats or objects, requests before `initialize`, unknown methods, params of the wrong type,
bodies that are not JSON, bursts of 50-400 incremental changes with ranges past the end, a
document of 3.9 MiB or past the 4 MiB a regulation holds (5 MB: E016); then, in most sessions, `shutdown` and `exit`. A damaged stream (in
some sessions) replaces one frame by broken framing: a header line that is not `Name: value`,
no Content-Length, a length that is negative, too long, too short or over 64 MiB, a cut frame.

Oracle: no panic, no signal, the session ends within the time limit (the stream is closed at
its end); `shutdown` + `exit` ends with 0; a stream with no `exit` ends with 0 or 1 at end of
input; broken framing ends with exit 2 and its reason on stderr (docs/lsp.md); every frame the
server writes is `Content-Length: N` + that many bytes of JSON; every request of a well-framed
stream gets one response with its id.
"""

from __future__ import annotations

import json
import random
import re

import common
import regulation

METHODS = ["textDocument/hover", "textDocument/definition", "textDocument/references",
           "textDocument/completion", "textDocument/documentSymbol", "textDocument/formatting",
           "textDocument/codeAction", "textDocument/semanticTokens/full", "workspace/symbol",
           "textDocument/rename", "frobnicate", "$/cancelRequest", "textDocument/foldingRange"]
URI = "file:///tmp/fuzz.xqr"


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def msg(obj) -> bytes:
    return frame(json.dumps(obj, ensure_ascii=False).encode())


def position(r: random.Random):
    return {"line": r.choice([0, 1, 5, 40, 200, 10**9, -1, r.randrange(300)]),
            "character": r.choice([0, 3, 10, 80, 10**9, -5, r.randrange(100)])}


def params(r: random.Random, method: str):
    if r.random() < 0.1:
        return r.choice([None, [], "x", 5, {"textDocument": "x"}, {"position": {}}])
    p = {"textDocument": {"uri": r.choice([URI, URI, "file:///other.xqr", "not a uri", ""])},
         "position": position(r)}
    if method == "textDocument/references":
        p["context"] = {"includeDeclaration": r.random() < 0.5}
    if method == "textDocument/formatting":
        p["options"] = {"tabSize": 2, "insertSpaces": True}
    if method == "textDocument/codeAction":
        p["range"] = {"start": position(r), "end": position(r)}
        p["context"] = {"diagnostics": []}
    if method == "textDocument/rename":
        p["newName"] = "x"
    if method == "workspace/symbol":
        p = {"query": "main"}
    return p


def broken(r: random.Random) -> tuple[bytes, str]:
    body = json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode()
    return r.choice([
        (b"Content-Length 10\r\n\r\n" + body, "header not Name: value"),
        (b"Content-Type: x\r\n\r\n" + body, "no Content-Length"),
        (b"Content-Length: -5\r\n\r\n" + body, "negative length"),
        (b"Content-Length: 99999999999\r\n\r\n" + body, "length over 64 MiB"),
        (b"Content-Length: abc\r\n\r\n" + body, "length not a number"),
        (b"Content-Length: %d\r\n\r\n" % (len(body) + 1000) + body, "length too long (cut)"),
        (b"\r\n\r\n", "empty header"),
    ])


def session(r: random.Random, sources: list[bytes]) -> tuple[bytes, list[int], str, bool]:
    """The bytes of a session, the ids of its requests, what it is, whether framing breaks."""
    out = bytearray()
    ids: list[int] = []
    n = 0

    def request(method, p):
        nonlocal n
        n += 1
        ids.append(n)
        out.extend(msg({"jsonrpc": "2.0", "id": n, "method": method, "params": p}))

    if r.random() < 0.1:
        request("textDocument/hover", params(r, "textDocument/hover"))
    request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                           "locale": r.choice(["en", "zh-CN", None])})
    out.extend(msg({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    version = 1
    what = []
    huge = False
    for _ in range(r.randint(5, 40)):
        k = r.random()
        if k < 0.3:
            data, label = regulation.mutate(r, r.choice(sources))
            text = data.decode("utf-8", "replace")
            version += 1
            if version == 2 or r.random() < 0.3:
                out.extend(msg({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                    "textDocument": {"uri": URI, "languageId": "xqreg", "version": version,
                                     "text": text}}}))
            elif r.random() < 0.7:
                out.extend(msg({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": URI, "version": version},
                    "contentChanges": [{"text": text}]}}))
            else:
                # An incremental change (the server asks for full sync; a client may still send
                # ranges): a range past the end, reversed, negative, inside an astral character.
                change = {"range": {"start": position(r), "end": position(r)},
                          "text": r.choice(["", "x", "\U0001f600", "stage", "}\n{"])}
                out.extend(msg({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": URI, "version": r.choice([version, 0, -1, 2**40])},
                    "contentChanges": r.choice([[change], [change, {"text": text}], []])}}))
                label = "incremental change"
            what.append(label)
        elif k < 0.8:
            m = r.choice(METHODS)
            request(m, params(r, m))
        elif k < 0.85:
            # A request whose id is not an integer: a string, null, a float, an object.
            m = r.choice(METHODS)
            rid = r.choice(["abc", None, 1.5, {"x": 1}, [], 2**70, -1])
            out.extend(msg({"jsonrpc": "2.0", "id": rid, "method": m, "params": params(r, m)}))
            what.append(f"request id {rid!r}")
        elif k < 0.9:
            out.extend(frame(r.choice([b"{", b"not json", b"[]", b"null", b'{"id": 1}',
                                       b'{"jsonrpc":"2.0","id":"x","method":5}'])))
            what.append("body not JSON-RPC")
        elif k < 0.92:
            # A burst of incremental changes (a client typing fast), each with a range past the
            # end, reversed or inside a line, its version going up or not.
            for _ in range(r.randint(50, 400)):
                version += 1
                change = {"range": {"start": position(r), "end": position(r)},
                          "text": r.choice(["x", "\n", "", "}", "许", "\r"])}
                out.extend(msg({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": URI, "version": r.choice([version, 1])},
                    "contentChanges": [change]}}))
            what.append("a burst of incremental changes")
        elif k < 0.93 and not huge:
            # A document of 3.9 MiB (under the 4 MiB a regulation holds: checked) or past it
            # (5 MB, or 4 MiB + 1 of three-byte characters: E016), opened or changed to.
            huge = True
            pad = r.choice([b"x" * 5_000_000, "许".encode() * 1_398_102,
                            b"\n" * (4 << 20), b"/" * 3_900_000])
            text = (r.choice(sources) + b"\n//" + pad).decode("utf-8", "replace")
            version += 1
            method = r.choice(["textDocument/didOpen", "textDocument/didChange"])
            p = ({"textDocument": {"uri": URI, "languageId": "xqreg", "version": version,
                                   "text": text}} if method.endswith("didOpen") else
                 {"textDocument": {"uri": URI, "version": version},
                  "contentChanges": [{"text": text}]})
            out.extend(msg({"jsonrpc": "2.0", "method": method, "params": p}))
            what.append(f"a document of {len(text.encode())} bytes")
        elif k < 0.95:
            out.extend(msg({"jsonrpc": "2.0", "method": "textDocument/didClose",
                            "params": {"textDocument": {"uri": URI}}}))
        else:
            out.extend(msg({"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": 3}}))
    breaks = r.random() < 0.15
    if breaks:
        b, label = broken(r)
        out.extend(b)
        what.append(label)
    ends = r.random() < 0.8
    if ends:
        request("shutdown", None)
        out.extend(msg({"jsonrpc": "2.0", "method": "exit"}))
    return bytes(out), ids, "; ".join(what[-3:]), breaks


def responses(stdout: bytes) -> tuple[list[dict], str | None]:
    """The frames the server wrote; what is wrong with them."""
    out = []
    i = 0
    while i < len(stdout):
        m = re.match(rb"Content-Length: (\d+)\r\n(?:[^\r\n]+\r\n)*\r\n", stdout[i:])
        if not m:
            return out, f"output not framed at byte {i}"
        n = int(m.group(1))
        body = stdout[i + m.end():i + m.end() + n]
        if len(body) != n:
            return out, "output frame cut"
        try:
            out.append(json.loads(body))
        except ValueError:
            return out, "output frame not JSON"
        i += m.end() + n
    return out, None


def main() -> int:
    args = common.cli("lsp", 400, __doc__)
    r = common.rng(args.seed)
    tally = common.Tally("lsp", args.out)
    sources = [p.read_bytes() for p in sorted(common.EXAMPLES.glob("*/regulation.xqr"))]
    for _ in range(args.cases):
        data, ids, label, breaks = session(r, sources)
        ran = common.run(["lsp"], stdin=data, timeout=30)
        problems = []
        if ran.rc is None:
            problems.append("hang: the session did not end at the end of its input")
        elif ran.rc < 0:
            problems.append(f"killed by signal {-ran.rc}")
        elif ran.rc == 101 or "panicked" in ran.err:
            problems.append("panic: " + common.first_line_with(ran.err, "panicked"))
        elif breaks:
            if ran.rc != 2 or not ran.err.strip():
                problems.append(f"broken framing: exit {ran.rc}, stderr {ran.err.strip()[:100]!r}")
        elif ran.rc not in (0, 1):
            problems.append(f"exit {ran.rc}: {ran.err.strip()[:200]}")
        got, wrong = responses(ran.stdout)
        if wrong:
            problems.append(wrong)
        elif not breaks and ran.rc == 0:
            answered = {g.get("id") for g in got if "id" in g and "method" not in g}
            missing = [i for i in ids if i not in answered]
            if missing:
                problems.append(f"requests without a response: {missing[:5]}")
        tally.record(label or "session", ran, problems, {"stdin.bin": data})
    return tally.summary()


if __name__ == "__main__":
    raise SystemExit(main())
