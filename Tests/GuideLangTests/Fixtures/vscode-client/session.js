// Runs editors/vscode/extension.js under Node against a stand-in of VS Code's API (only what the
// extension calls), with the real `guidec lsp`: the providers it registers for what the server
// advertises, an inlay hint, a code lens and signature help through them, the guidec.preview
// command the lens names, which must show a sheet holding the guide's pictures, and a change of
// the settings, which restarts the server as they now say.
//
// Usage: node session.js EXTENSION GUIDEC FILE REPORT. Writes REPORT, a JSON summary the Swift test checks.
"use strict";
const fs = require("fs");
const Module = require("module");
const childProcess = require("child_process");
const [extensionPath, guidec, file, reportPath] = process.argv.slice(2);

const registered = {};
const commands = {};
const panels = [];
const errors = [];
const disposable = { dispose() {} };
// The settings the extension reads, the listeners of their changes, and the servers it spawned.
const settings = { "server.path": guidec };
const configurationListeners = [];
const spawned = [];
const spawn = childProcess.spawn;
childProcess.spawn = (command, args, options) => {
  spawned.push([command].concat(args));
  return spawn(command, args, options);
};
const changeSettings = (sections) => {
  const event = { affectsConfiguration: (section) => sections.some((changed) => changed === section || changed.startsWith(section + ".")) };
  for (const listener of configurationListeners) listener(event);
};
class Value { constructor(...args) { this.args = args; } }
const position = (line, character) => ({ line, character });
const uri = (text) => ({ toString: () => text, fsPath: decodeURIComponent(text.replace(/^file:\/\//, "")) });
const vscode = {
  Position: class { constructor(line, character) { this.line = line; this.character = character; } },
  Range: class { constructor(start, end) { this.start = start; this.end = end; } },
  Location: Value, TextEdit: Value, Diagnostic: Value, DiagnosticRelatedInformation: Value, DocumentSymbol: Value,
  SelectionRange: Value, CodeAction: Value, CompletionItem: Value, Hover: Value, DocumentHighlight: Value, SymbolInformation: Value,
  FoldingRange: Value, DocumentLink: Value, SemanticTokens: Value, SemanticTokensLegend: Value, WorkspaceEdit: Value,
  SignatureHelp: class {}, SignatureInformation: class { constructor(label) { this.label = label; } },
  ParameterInformation: class { constructor(label) { this.label = label; } },
  InlayHint: class { constructor(where, label) { this.position = where; this.label = label; } },
  CodeLens: class { constructor(range, command) { this.range = range; this.command = command; } },
  MarkdownString: class { constructor(value) { this.value = value || ""; } appendText(text) { this.value += text; return this; } appendCodeblock(text) { this.value += text; return this; } },
  CodeActionKind: { QuickFix: "quickfix" }, DiagnosticSeverity: {}, DiagnosticTag: {}, FoldingRangeKind: {}, ViewColumn: { Beside: -2 },
  Uri: { parse: uri },
  window: {
    createOutputChannel: () => ({ append() {}, appendLine() {}, dispose() {} }),
    showErrorMessage: (message) => errors.push(message),
    createWebviewPanel: (type, title) => { const panel = { type, title, webview: { html: "" } }; panels.push(panel); return panel; },
  },
  workspace: {
    getConfiguration: (section) => ({ get: (key, fallback) => (section === "guide" && key in settings ? settings[key] : fallback) }),
    onDidChangeConfiguration: (listener) => { configurationListeners.push(listener); return disposable; },
    workspaceFolders: undefined,
    textDocuments: [],
    getWorkspaceFolder: () => undefined,
    onDidOpenTextDocument: () => disposable, onDidChangeTextDocument: () => disposable,
    onDidSaveTextDocument: () => disposable, onDidCloseTextDocument: () => disposable,
  },
  languages: new Proxy({}, {
    get: (target, name) => name === "createDiagnosticCollection" ? () => ({ set() {}, delete() {}, clear() {}, dispose() {} })
      : (...args) => { registered[name] = args[1] || args[0]; return disposable; },
  }),
  commands: { registerCommand: (name, body) => { commands[name] = body; return disposable; } },
};
const load = Module._load;
Module._load = function (request, ...rest) { return request === "vscode" ? vscode : load.call(this, request, ...rest); };

const text = fs.readFileSync(file, "utf8");
const document = { uri: uri("file://" + file), languageId: "guide", version: 1, isDirty: false, getText: () => text };
vscode.workspace.textDocuments.push(document);
const extension = require(extensionPath);
extension.activate({ subscriptions: [] });

const token = { onCancellationRequested() {} };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  for (let waited = 0; !registered.registerInlayHintsProvider && waited < 30000; waited += 50) await sleep(50);
  const report = { providers: Object.keys(registered).sort(), commands: Object.keys(commands).sort() };
  const lines = text.split("\n").length;
  const hints = await registered.registerInlayHintsProvider.provideInlayHints(
    document, { start: position(0, 0), end: position(lines, 0) }, token);
  report.inlayHints = hints.map((hint) => [hint.position.line, hint.position.character, hint.label]);
  const lenses = await registered.registerCodeLensProvider.provideCodeLenses(document, token);
  report.codeLenses = lenses.map((lens) => [lens.range.start.line, lens.command.title, lens.command.command]);
  const call = text.split("\n").findIndex((line) => line.includes("times("));
  const help = await registered.registerSignatureHelpProvider.provideSignatureHelp(
    document, position(call, text.split("\n")[call].indexOf("times(") + 6), token);
  report.signatureHelp = [help.signatures[0].label, help.activeParameter];
  // A space typed after 'tour t on' opens the screens; one typed in the indentation opens nothing.
  const typedSpace = { triggerKind: 1, triggerCharacter: " " };
  const tourLine = text.split("\n").findIndex((line) => line.includes("tour t on"));
  const afterOn = await registered.registerCompletionItemProvider.provideCompletionItems(
    document, position(tourLine, text.split("\n")[tourLine].indexOf(" on ") + 4), token, typedSpace);
  const inIndentation = await registered.registerCompletionItemProvider.provideCompletionItems(
    document, position(tourLine + 1, 2), token, typedSpace);
  report.completion = [afterOn.map((item) => item.args[0]), inIndentation.map((item) => item.args[0])];
  const panel = await commands["guidec.preview"](...lenses[0].command.arguments);
  report.preview = panel ? [panel.title, (panel.webview.html.match(/<svg /g) || []).length > 0] : errors;
  // Settings: one the server cannot start with (an error that names the setting), a change
  // elsewhere (nothing restarts), then a working one again, whose server answers as the first did.
  const missing = file + ".missing-guidec";
  settings["server.path"] = missing;
  changeSettings(["guide.server.path"]);
  for (let waited = 0; errors.length === 0 && waited < 10000; waited += 50) await sleep(50);
  report.startError = errors.slice();
  changeSettings(["editor.fontSize"]);
  settings["server.path"] = guidec;
  settings.lint = false;
  changeSettings(["guide.server.path", "guide.lint"]);
  const again = await registered.registerInlayHintsProvider.provideInlayHints(
    document, { start: position(0, 0), end: position(lines, 0) }, token);
  report.inlayHintsAfterRestart = again.map((hint) => [hint.position.line, hint.position.character, hint.label]);
  report.spawned = spawned.filter((command) => command[1] === "lsp").map((command) => command[0] === guidec ? "guidec" : command[0] === missing ? "missing" : command[0]);
  await extension.deactivate();
  fs.writeFileSync(reportPath, JSON.stringify(report));
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });
