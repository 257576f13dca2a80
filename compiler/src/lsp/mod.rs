//! `xqreg lsp`: a language server over stdio (JSON-RPC, lsp-server + lsp-types, synchronous).
//!
//! Every open document is checked on open and on each change with the same front end as `xqreg
//! check` ([`crate::driver::check_bytes`]), and its diagnostics are published in the client's
//! language (the `initialize` locale; `zh*` is Chinese). Requests are answered from the
//! document's last analysis: hover, definition, references, completion, document symbols and
//! code actions. Positions are UTF-16 columns ([`position`]).
//!
//! Request dispatch is one table ([`dispatch`]): a capability is one `respond::<Request>` line
//! there, one handler function `fn(&Server, Params) -> Result` and one field in
//! [`capabilities`].

mod actions;
mod complete;
mod context;
mod convert;
mod document;
mod hover;
mod index;
mod keywords;
mod outline;
pub mod position;
mod requests;
mod transport;

use std::collections::BTreeMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationTrait, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    References, Request as RequestTrait,
};
use lsp_types::{
    CodeActionProviderCapability, InitializeParams, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Url,
};

use crate::diagnostics::render::lang_from_locale;
use crate::diagnostics::Lang;
use document::Document;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The server's state: the client's language and every open document by URI.
pub struct Server {
    pub lang: Lang,
    docs: BTreeMap<Url, Document>,
}

/// What the server offers, announced in the `initialize` response.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(lsp_types::CompletionOptions::default()),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// Serve on stdin/stdout until the client says `exit`.
pub fn serve_stdio() -> Result<(), Error> {
    let (connection, io) = transport::stdio();
    let served = serve(&connection);
    drop(connection);
    // A broken input is the cause of the server's own error (a closed channel), so it is the
    // one said.
    io.join()?;
    served
}

/// The whole session on one connection: the `initialize` handshake, then messages until
/// `shutdown` and `exit`.
pub fn serve(connection: &Connection) -> Result<(), Error> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let result = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": { "name": "xqreg", "version": env!("CARGO_PKG_VERSION") },
    });
    connection.initialize_finish(id, result)?;
    let mut server = Server {
        lang: lang_from_locale(params.locale),
        docs: BTreeMap::new(),
    };
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                connection
                    .sender
                    .send(Message::Response(dispatch(&server, req)))?;
            }
            Message::Notification(n) => {
                if let Some(publish) = server.notify(n) {
                    connection.sender.send(Message::Notification(publish))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// The request table: one line per capability.
fn dispatch(server: &Server, req: Request) -> Response {
    match req.method.as_str() {
        HoverRequest::METHOD => respond::<HoverRequest>(server, req, requests::hover),
        GotoDefinition::METHOD => respond::<GotoDefinition>(server, req, requests::definition),
        References::METHOD => respond::<References>(server, req, requests::references),
        Completion::METHOD => respond::<Completion>(server, req, requests::completion),
        DocumentSymbolRequest::METHOD => {
            respond::<DocumentSymbolRequest>(server, req, requests::document_symbols)
        }
        CodeActionRequest::METHOD => {
            respond::<CodeActionRequest>(server, req, requests::code_actions)
        }
        Formatting::METHOD => respond::<Formatting>(server, req, requests::formatting),
        _ => Response::new_err(
            req.id,
            ErrorCode::MethodNotFound as i32,
            format!("unknown method {}", req.method),
        ),
    }
}

/// Decode a request's parameters, run its handler, encode the result.
fn respond<R: RequestTrait>(
    server: &Server,
    req: Request,
    handler: fn(&Server, R::Params) -> R::Result,
) -> Response {
    match serde_json::from_value::<R::Params>(req.params) {
        Ok(params) => Response::new_ok(req.id, handler(server, params)),
        Err(e) => Response::new_err(req.id, ErrorCode::InvalidParams as i32, e.to_string()),
    }
}

impl Server {
    /// The document a request names, if it is open.
    pub(crate) fn doc(&self, uri: &Url) -> Option<&Document> {
        self.docs.get(uri)
    }

    /// Apply a notification; a changed document's diagnostics are returned for publishing.
    fn notify(&mut self, n: Notification) -> Option<Notification> {
        let (uri, version, text) = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                (
                    p.text_document.uri,
                    p.text_document.version,
                    p.text_document.text,
                )
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                // Full sync: the last change holds the whole text.
                let text = p.content_changes.into_iter().last()?.text;
                (p.text_document.uri, p.text_document.version, text)
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params).ok()?;
                self.docs.remove(&p.text_document.uri);
                // Clear what the editor shows for a closed file.
                return Some(publish(p.text_document.uri, Vec::new(), None));
            }
            _ => return None,
        };
        let doc = Document::new(&uri, text);
        let diagnostics = convert::diagnostics(&doc, &uri, self.lang);
        self.docs.insert(uri.clone(), doc);
        Some(publish(uri, diagnostics, Some(version)))
    }
}

fn publish(
    uri: Url,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Notification {
    Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}

#[cfg(test)]
mod tests;
