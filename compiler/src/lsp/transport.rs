//! The stdio transport of `xqreg lsp`: `Content-Length` frames read from stdin with a bound on
//! their size, written to stdout. lsp-server's own stdio transport allocates whatever length a
//! header announces (`Content-Length: 99999999999999` aborted the process on a failed
//! allocation) and ends the session on one frame that is not JSON; here an oversized or
//! headerless frame ends the session with a message, and a frame that is not a message is
//! answered as JSON-RPC says (a parse error, id null) and skipped.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;

use lsp_server::{Connection, Message};

/// The largest frame read: a regulation is a few hundred kilobytes at most.
pub const MAX_FRAME: usize = 64 * 1024 * 1024;

/// The longest header line read before the frame is taken as garbage.
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// The server's end of a connection whose client end is stdin/stdout, and the threads that
/// move the frames; `join` them after the server is done.
pub fn stdio() -> (Connection, Threads) {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    // Why the reader stopped, set before it drops its sender: whoever sees the channel closed
    // finds the reason here.
    let stop: Arc<Mutex<Option<String>>> = Arc::default();
    let stopped = Arc::clone(&stop);
    thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            match read_frame(&mut input) {
                Ok(Some(body)) => match serde_json::from_slice::<Message>(&body) {
                    Ok(msg) => {
                        let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                        if sender.send(msg).is_err() || exit {
                            return;
                        }
                    }
                    Err(e) => {
                        // JSON-RPC 2.0: a request that is not JSON gets a parse error with id
                        // null; the frame was whole, so the next one can still be read.
                        write_raw(&parse_error(&e.to_string()));
                    }
                },
                Ok(None) => return,
                Err(why) => {
                    if let Ok(mut slot) = stopped.lock() {
                        *slot = Some(why);
                    }
                    return;
                }
            }
        }
    });
    let writer = thread::spawn(move || -> io::Result<()> {
        // Locked per message: the reader writes its parse errors to stdout too.
        for msg in receiver {
            msg.write(&mut io::stdout().lock())?;
        }
        Ok(())
    });
    (server, Threads { stop, writer })
}

/// The transport's writer thread, and why its reader stopped if the input broke. The reader is
/// never waited for: after `exit` it may be blocked on stdin.
pub struct Threads {
    stop: Arc<Mutex<Option<String>>>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Wait for the writer (every answer sent); the reason the input broke, if it did.
    pub fn join(self) -> Result<(), String> {
        let written = self
            .writer
            .join()
            .map_err(|_| "the writer failed".to_string())?;
        written.map_err(|e| e.to_string())?;
        match self.stop.lock().ok().and_then(|mut s| s.take()) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}

/// One frame's body; None at the end of the input before a header.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, String> {
    let mut length: Option<usize> = None;
    let mut first = true;
    loop {
        let mut line = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        if n == 0 {
            return if first {
                Ok(None)
            } else {
                Err("the input ended inside a header".into())
            };
        }
        first = false;
        if !line.ends_with(b"\n") {
            return Err(format!("a header line longer than {MAX_HEADER_LINE} bytes"));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            break;
        }
        let (name, value) = text
            .split_once(':')
            .ok_or_else(|| format!("`{}` is not a header", shorten(text)))?;
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            let len: usize = value
                .parse()
                .map_err(|_| format!("Content-Length `{}` is not a length", shorten(value)))?;
            if len > MAX_FRAME {
                return Err(format!(
                    "a message of {len} bytes, beyond the {} MiB a regulation needs",
                    MAX_FRAME / (1024 * 1024)
                ));
            }
            length = Some(len);
        }
    }
    let len = length.ok_or("a frame without Content-Length")?;
    let mut body = vec![0; len];
    input
        .read_exact(&mut body)
        .map_err(|_| format!("the input ended inside a message of {len} bytes"))?;
    Ok(Some(body))
}

fn shorten(text: &str) -> String {
    crate::diagnostics::shortened(text, 40)
}

/// The JSON-RPC answer to a frame that is not a message.
fn parse_error(why: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": format!("not a JSON-RPC message: {why}") },
    })
    .to_string()
}

/// A frame written straight to stdout (lsp-server's `Message` cannot carry id null).
fn write_raw(body: &str) {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let _ = write!(out, "Content-Length: {}\r\n\r\n{body}", body.len());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Result<Option<Vec<u8>>, String>> {
        let mut r = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            let f = read_frame(&mut r);
            let end = !matches!(f, Ok(Some(_)));
            out.push(f);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn frames_are_read_and_an_oversized_length_is_refused_before_any_allocation() {
        let two =
            frames(b"Content-Length: 2\r\n\r\n{}Content-Length: 3\r\nContent-Type: x\r\n\r\n[1]");
        assert_eq!(
            two,
            vec![
                Ok(Some(b"{}".to_vec())),
                Ok(Some(b"[1]".to_vec())),
                Ok(None)
            ]
        );
        let broken: [(&[u8], &str); 4] = [
            (
                b"Content-Length: 99999999999999\r\n\r\n{}",
                "99999999999999 bytes",
            ),
            (b"garbage\r\n\r\n", "not a header"),
            (b"Content-Length: 10\r\n\r\n{}", "ended inside"),
            (b"Content-Type: x\r\n\r\n{}", "without Content-Length"),
        ];
        for (input, why) in broken {
            let read = frames(input);
            assert!(matches!(&read[..], [Err(e)] if e.contains(why)), "{read:?}");
        }
    }
}
