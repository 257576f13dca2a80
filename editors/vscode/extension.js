// The VS Code client: starts `xqreg lsp` over stdio for .xqr files. Everything a regulation
// needs (diagnostics, hover, definitions, completion, formatting, code actions) comes from the
// server; highlighting comes from syntaxes/xqr.tmLanguage.json.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("xqreg");
  const command = config.get("path", "xqreg");
  const args = ["lsp", ...config.get("extraArgs", [])];
  const serverOptions = {
    run: { command, args, transport: TransportKind.stdio },
    debug: { command, args, transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "xqr" },
      { scheme: "untitled", language: "xqr" },
    ],
  };
  client = new LanguageClient("xqreg", "xqreg language server", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("xqreg")) {
        vscode.window.showInformationMessage("xqreg: reload the window to use the new settings.");
      }
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
