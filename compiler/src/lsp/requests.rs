//! One handler per request: find the document and the byte offset, ask the capability's
//! module, turn byte spans back into LSP ranges. A request on a document that is not open
//! gets an empty answer.

use lsp_types::{
    CodeAction, CodeActionOrCommand, CodeActionParams, CompletionParams, CompletionResponse,
    DocumentFormattingParams, DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverParams, Location, ReferenceParams,
    TextDocumentPositionParams, TextEdit, Url, WorkspaceEdit,
};

use super::document::Document;
use super::{actions, complete, convert, hover as hover_mod, outline, Server};

/// The open document and the byte offset of a position in it.
fn at<'s>(server: &'s Server, p: &TextDocumentPositionParams) -> Option<(&'s Document, usize)> {
    let doc = server.doc(&p.text_document.uri)?;
    Some((doc, doc.lines.offset(&doc.text, p.position)))
}

fn location(doc: &Document, uri: &Url, span: xqreg_grammar::Span) -> Location {
    Location::new(uri.clone(), doc.lines.range(&doc.text, span))
}

pub fn hover(server: &Server, p: HoverParams) -> Option<Hover> {
    let (doc, offset) = at(server, &p.text_document_position_params)?;
    hover_mod::hover(doc, offset, server.lang)
}

pub fn definition(server: &Server, p: GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
    let tdp = &p.text_document_position_params;
    let (doc, offset) = at(server, tdp)?;
    let occ = doc.index.at(offset)?;
    let decl = doc.index.decl(occ.kind, &occ.key)?;
    Some(GotoDefinitionResponse::Scalar(location(
        doc,
        &tdp.text_document.uri,
        decl.name_span,
    )))
}

pub fn references(server: &Server, p: ReferenceParams) -> Option<Vec<Location>> {
    let tdp = &p.text_document_position;
    let (doc, offset) = at(server, tdp)?;
    let occ = doc.index.at(offset)?;
    let spans = doc
        .index
        .occurrences(occ.kind, &occ.key, p.context.include_declaration);
    Some(
        spans
            .into_iter()
            .map(|s| location(doc, &tdp.text_document.uri, s))
            .collect(),
    )
}

pub fn completion(server: &Server, p: CompletionParams) -> Option<CompletionResponse> {
    let (doc, offset) = at(server, &p.text_document_position)?;
    Some(CompletionResponse::Array(complete::complete(
        doc,
        offset,
        server.lang,
    )))
}

pub fn document_symbols(
    server: &Server,
    p: DocumentSymbolParams,
) -> Option<DocumentSymbolResponse> {
    let doc = server.doc(&p.text_document.uri)?;
    Some(DocumentSymbolResponse::Nested(outline::symbols(doc)))
}

/// Quick fixes of the diagnostics whose range meets the requested one.
// `WorkspaceEdit::changes` is a HashMap in lsp-types; each edit here has exactly one entry, so
// its order cannot show. (`changes` is what every client supports; `documentChanges` is not.)
#[allow(clippy::disallowed_types)]
pub fn code_actions(server: &Server, p: CodeActionParams) -> Option<Vec<CodeActionOrCommand>> {
    let uri = &p.text_document.uri;
    let doc = server.doc(uri)?;
    let wanted = doc.lines.span(&doc.text, p.range);
    let mut out = Vec::new();
    for fix in actions::fixes(&doc.text, &doc.report.diagnostics) {
        let Some(d) = doc.report.diagnostics.get(fix.diagnostic) else {
            continue;
        };
        let sp = d.span();
        if sp.end < wanted.start || wanted.end < sp.start {
            continue;
        }
        let edit = TextEdit::new(doc.lines.range(&doc.text, fix.span), fix.new_text);
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: fix.title,
            kind: Some(lsp_types::CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![convert::diagnostic(doc, uri, d, server.lang)]),
            edit: Some(WorkspaceEdit {
                changes: Some(std::collections::HashMap::from([(uri.clone(), vec![edit])])),
                ..Default::default()
            }),
            is_preferred: Some(true),
            ..Default::default()
        }));
    }
    Some(out)
}

/// The whole document in the canonical layout of `xqreg fmt`, as one edit; a document with
/// syntax errors, or past what a regulation holds (E016), is left alone (no edit), as `xqreg
/// fmt` refuses it.
pub fn formatting(server: &Server, p: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
    let doc = server.doc(&p.text_document.uri)?;
    if crate::driver::too_large(doc.text.as_bytes()) {
        return None;
    }
    let formatted = crate::fmt::format_source(&doc.text).ok()?;
    if formatted == doc.text {
        return Some(Vec::new());
    }
    let whole = doc
        .lines
        .range(&doc.text, xqreg_grammar::Span::new(0, doc.text.len()));
    Some(vec![TextEdit::new(whole, formatted)])
}
