// Starts `widgetc lsp` for widget YAML files (docs/editors.md).
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('widgetc');
  const command = config.get('path', 'widgetc');
  const pattern = config.get('files', '**/widgets/**/*.{yaml,yml}');
  client = new LanguageClient(
    'widgetc',
    'widgetc',
    { command, args: ['lsp'], transport: TransportKind.stdio },
    { documentSelector: [{ scheme: 'file', language: 'yaml', pattern }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
