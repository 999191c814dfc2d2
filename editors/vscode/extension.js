// The Guide extension: starts `guidec lsp` and connects it to VS Code.
//
// The language client is written here, on VS Code's API and Node's child_process only, rather
// than taken from the vscode-languageclient package: a .vsix is then built by
// scripts/package-vsix from this folder alone (no npm, no node_modules to bundle), and what
// the client does is what guidec's server offers, nothing more. It speaks LSP over the
// process's standard input and output and asks only for what the server's initialize answer
// advertises.
"use strict";

const vscode = require("vscode");
const childProcess = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

/** One running `guidec lsp` and the requests waiting for its answers. */
class Connection {
  constructor(command, args, output) {
    this.output = output;
    this.nextID = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.onNotification = () => {};
    this.process = childProcess.spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    this.process.stderr.on("data", (chunk) => output.append(chunk.toString()));
    // A write to a server that failed to start or has exited (EPIPE) fails its requests, never
    // the extension host.
    this.process.stdin.on("error", (error) => this.fail(error));
    this.process.on("error", (error) => {
      output.appendLine(`cannot start ${command}: ${error.message}`);
      vscode.window.showErrorMessage(`Guide: cannot start '${command} lsp' (${error.message}); set guide.server.path.`);
      this.fail(error);
    });
    this.process.on("exit", (code) => {
      output.appendLine(`guidec lsp exited with status ${code}`);
      this.fail(new Error("the server exited"));
    });
  }

  fail(error) {
    this.failure = this.failure || error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  send(message) {
    if (!this.process.stdin.writable) return;
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: "2.0" }, message)), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  request(method, params, token) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextID++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (token) token.onCancellationRequested(() => this.notify("$/cancelRequest", { id }));
    this.send({ id, method, params });
    return answer;
  }

  notify(method, params) {
    this.send({ method, params });
  }

  /** Frames the bytes that arrived into messages (Content-Length headers, then the body). */
  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString("ascii");
      const length = /Content-Length:\s*(\d+)/i.exec(header);
      if (!length) {
        this.output.appendLine(`unreadable header from the server: ${header}`);
        this.buffer = Buffer.alloc(0);
        return;
      }
      const start = headerEnd + 4;
      const end = start + Number(length[1]);
      if (this.buffer.length < end) return;
      const body = this.buffer.subarray(start, end).toString("utf8");
      this.buffer = this.buffer.subarray(end);
      this.dispatch(JSON.parse(body));
    }
  }

  dispatch(message) {
    if (message.method === undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    } else if (message.id !== undefined) {
      // guidec sends no requests today; answer any so that it never waits.
      this.send({ id: message.id, error: { code: -32601, message: `unsupported method '${message.method}'` } });
    } else {
      this.onNotification(message.method, message.params);
    }
  }
}

// MARK: Conversions between the protocol's values and VS Code's

const position = (value) => new vscode.Position(value.line, value.character);
const range = (value) => new vscode.Range(position(value.start), position(value.end));
const lspPosition = (value) => ({ line: value.line, character: value.character });
const lspRange = (value) => ({ start: lspPosition(value.start), end: lspPosition(value.end) });
const uri = (text) => vscode.Uri.parse(text);
const location = (value) => new vscode.Location(uri(value.uri), range(value.range));
const textEdit = (value) => new vscode.TextEdit(range(value.range), value.newText);

function markdown(value) {
  if (value === null || value === undefined) return new vscode.MarkdownString("");
  if (typeof value === "string") return new vscode.MarkdownString(value);
  if (Array.isArray(value)) return value.map(markdown);
  if (value.kind === "plaintext") return new vscode.MarkdownString().appendText(value.value);
  if (value.language !== undefined) return new vscode.MarkdownString().appendCodeblock(value.value, value.language);
  return new vscode.MarkdownString(value.value);
}

function workspaceEdit(value) {
  const edit = new vscode.WorkspaceEdit();
  if (!value) return edit;
  for (const [target, edits] of Object.entries(value.changes || {})) {
    edit.set(uri(target), edits.map(textEdit));
  }
  for (const change of value.documentChanges || []) {
    if (change.textDocument) edit.set(uri(change.textDocument.uri), change.edits.map(textEdit));
  }
  return edit;
}

function diagnostic(value) {
  const severities = [null, vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint];
  const result = new vscode.Diagnostic(range(value.range), value.message, severities[value.severity || 1]);
  result.source = value.source;
  result.code = value.code;
  result.tags = (value.tags || []).map((tag) => (tag === 1 ? vscode.DiagnosticTag.Unnecessary : vscode.DiagnosticTag.Deprecated));
  result.relatedInformation = (value.relatedInformation || []).map(
    (related) => new vscode.DiagnosticRelatedInformation(location(related.location), related.message));
  result.lspValue = value;
  return result;
}

function documentSymbol(value) {
  const symbol = new vscode.DocumentSymbol(value.name, value.detail || "", value.kind - 1, range(value.range), range(value.selectionRange));
  symbol.children = (value.children || []).map(documentSymbol);
  return symbol;
}

function signatureHelp(value) {
  if (!value) return undefined;
  const help = new vscode.SignatureHelp();
  help.signatures = (value.signatures || []).map((item) => {
    const signature = new vscode.SignatureInformation(item.label, item.documentation && markdown(item.documentation));
    signature.parameters = (item.parameters || []).map((parameter) => new vscode.ParameterInformation(
      parameter.label, parameter.documentation && markdown(parameter.documentation)));
    if (item.activeParameter !== undefined) signature.activeParameter = item.activeParameter;
    return signature;
  });
  help.activeSignature = value.activeSignature || 0;
  help.activeParameter = value.activeParameter || 0;
  return help;
}

function inlayHint(value) {
  const label = typeof value.label === "string" ? value.label : value.label.map((part) => part.value).join("");
  const hint = new vscode.InlayHint(position(value.position), label, value.kind);
  hint.tooltip = value.tooltip && (typeof value.tooltip === "string" ? value.tooltip : markdown(value.tooltip));
  hint.paddingLeft = value.paddingLeft;
  hint.paddingRight = value.paddingRight;
  return hint;
}

/**
 * The `guidec.preview` command of a guide's code lens: `guidec preview FILE --guide NAME` into
 * a contact sheet in a temporary folder, shown in a webview beside the editor (the sheet needs
 * no scripts and no network). An unsaved document is saved first: the preview reads the file.
 */
async function previewGuide(command, output, documentURI, guide) {
  const file = uri(documentURI);
  const document = vscode.workspace.textDocuments.find((item) => item.uri.toString() === file.toString());
  if (document && document.isDirty) await document.save();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "guide-preview-"));
  const sheet = path.join(folder, "preview.html");
  const args = ["preview", file.fsPath, "--guide", guide, "-o", sheet];
  // Imports may read the workspace folder holding the file, as the server's do.
  const workspace = vscode.workspace.getWorkspaceFolder(file);
  if (workspace) args.push("--import-root", workspace.uri.fsPath);
  const run = await new Promise((resolve) => childProcess.execFile(command, args, { maxBuffer: 16 << 20 },
    (error, stdout, stderr) => resolve({ error, stderr })));
  output.append(run.stderr || "");
  // A sheet is written even when lint's errors are drawn on it (status 1): show it then too.
  if (!fs.existsSync(sheet)) {
    const reason = run.error ? run.error.message : "no sheet was written";
    vscode.window.showErrorMessage(`Guide: 'guidec preview' failed for '${guide}': ${(run.stderr || reason).trim().split("\n")[0]}`);
    return undefined;
  }
  const panel = vscode.window.createWebviewPanel("guidePreview", `Preview: ${guide}`, vscode.ViewColumn.Beside, {});
  panel.webview.html = fs.readFileSync(sheet, "utf8");
  fs.rmSync(folder, { recursive: true, force: true });
  return panel;
}

function selectionRange(value) {
  return new vscode.SelectionRange(range(value.range), value.parent ? selectionRange(value.parent) : undefined);
}

// MARK: The extension

let connection;

/** Asks a server to shut down and exit; one that does not answer within two seconds is killed. */
function stop(running) {
  running.onNotification = () => {};
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(true), 2000); });
  const done = running.request("shutdown", null).catch(() => null).then(() => running.notify("exit", null)).then(() => false);
  return Promise.race([done, late]).then((isLate) => {
    clearTimeout(timer);
    if (isLate) running.process.kill();
  });
}

function activate(context) {
  const output = vscode.window.createOutputChannel("Guide");
  // Settings are read when they are used: a change restarts the server (below).
  const setting = (key, fallback) => vscode.workspace.getConfiguration("guide").get(key, fallback);
  const diagnostics = vscode.languages.createDiagnosticCollection("guidec");
  context.subscriptions.push(output, diagnostics);
  const selector = { language: "guide" };
  const textDocument = (document) => ({ uri: document.uri.toString() });
  const at = (document, where) => ({ textDocument: textDocument(document), position: lspPosition(where) });
  const isGuide = (document) => document.languageId === "guide";
  // The command a guide's code lens runs (the server names it; the client implements it).
  context.subscriptions.push(vscode.commands.registerCommand("guidec.preview", (documentURI, guide) =>
    previewGuide(setting("server.path", "guidec"), output, documentURI, guide)));

  let started;
  let registered = false;
  /** Starts `guidec lsp` as the settings say, opens the open guides in it and, the first time, registers the providers. */
  function start() {
    // This start's own server: an answer that comes after a newer start (settings changed
    // twice quickly) must not send 'initialized' and the open guides to the newer server.
    const current = new Connection(setting("server.path", "guidec"), ["lsp"], output);
    connection = current;
    current.onNotification = (method, params) => {
      if (current !== connection) return;
      if (method === "textDocument/publishDiagnostics") {
        diagnostics.set(uri(params.uri), params.diagnostics.map(diagnostic));
      } else if (method === "window/logMessage" || method === "window/showMessage") {
        output.appendLine(params.message);
      }
    };
    started = current.request("initialize", initializeParams()).then((answer) => {
      // A replaced server's late answer: whoever waits on it waits on the newest server instead.
      if (current !== connection) return started;
      current.notify("initialized", {});
      for (const document of vscode.workspace.textDocuments) if (isGuide(document)) open(document);
      if (!registered) register(answer.capabilities || {});
      registered = true;
    }, (error) => {
      if (current !== connection) return started;
      output.appendLine(`initialize failed: ${error.message}`);
    });
  }

  // `guide.server.path` and `guide.lint` take effect when changed, without reloading the window.
  // Typing a path in the Settings editor changes it at every keystroke: the restart waits until
  // the changes have stopped for half a second, so one server starts, not one per keystroke.
  // Requests made meanwhile wait for the new server (`started` stands for it until it starts).
  let restart;
  let startsAgain;
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration("guide")) return;
    clearTimeout(restart);
    if (!startsAgain) started = new Promise((resolve) => { startsAgain = resolve; });
    restart = setTimeout(() => {
      output.appendLine("the Guide settings changed: restarting guidec lsp");
      const running = connection;
      diagnostics.clear();
      stop(running);
      const waiting = startsAgain;
      startsAgain = undefined;
      start();
      waiting(started);
    }, 500);
  }), {
    // Stopped during the wait: what waits for the restart fails instead of waiting forever.
    dispose: () => {
      clearTimeout(restart);
      if (startsAgain) startsAgain(Promise.reject(new Error("the Guide extension stopped")));
      startsAgain = undefined;
    },
  });

  const initializeParams = () => ({
    processId: process.pid,
    clientInfo: { name: "vscode-guide" },
    rootUri: vscode.workspace.workspaceFolders ? vscode.workspace.workspaceFolders[0].uri.toString() : null,
    workspaceFolders: (vscode.workspace.workspaceFolders || []).map((folder) => ({ uri: folder.uri.toString(), name: folder.name })),
    initializationOptions: { lint: setting("lint", true) },
    capabilities: {
      general: { positionEncodings: ["utf-16"] },
      textDocument: {
        publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
        hover: { contentFormat: ["markdown", "plaintext"] },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        rename: { prepareSupport: true },
        inlayHint: {},
        codeLens: {},
        signatureHelp: { signatureInformation: { parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true } },
      },
    },
  });
  start();

  function open(document) {
    connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "guide", version: document.version, text: document.getText() },
    });
  }

  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => isGuide(document) && started.then(() => open(document))),
    vscode.workspace.onDidChangeTextDocument((event) => isGuide(event.document) && started.then(() =>
      connection.notify("textDocument/didChange", {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: [{ text: event.document.getText() }],
      }))),
    vscode.workspace.onDidSaveTextDocument((document) => isGuide(document) && started.then(() =>
      connection.notify("textDocument/didSave", { textDocument: textDocument(document) }))),
    vscode.workspace.onDidCloseTextDocument((document) => isGuide(document) && started.then(() => {
      connection.notify("textDocument/didClose", { textDocument: textDocument(document) });
      diagnostics.delete(document.uri);
    })),
  );

  /** Registers a provider for each feature the server advertises. */
  function register(capabilities) {
    const languages = vscode.languages;
    // The server running now (a restarted one once it has answered initialize).
    const request = (method, params, token) => started.then(() => connection.request(method, params, token));
    const add = (disposable) => context.subscriptions.push(disposable);
    if (capabilities.documentFormattingProvider) {
      add(languages.registerDocumentFormattingEditProvider(selector, {
        provideDocumentFormattingEdits: (document, options, token) => request("textDocument/formatting",
          { textDocument: textDocument(document), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }, token)
          .then((edits) => (edits || []).map(textEdit)),
      }));
    }
    if (capabilities.codeActionProvider) {
      add(languages.registerCodeActionsProvider(selector, {
        provideCodeActions: (document, where, context, token) => request("textDocument/codeAction", {
          textDocument: textDocument(document), range: lspRange(where),
          context: { diagnostics: context.diagnostics.map((item) => item.lspValue).filter(Boolean) },
        }, token).then((actions) => (actions || []).map((value) => {
          const action = new vscode.CodeAction(value.title, vscode.CodeActionKind.QuickFix);
          action.edit = workspaceEdit(value.edit);
          action.isPreferred = value.isPreferred;
          return action;
        })),
      }));
    }
    if (capabilities.documentSymbolProvider) {
      add(languages.registerDocumentSymbolProvider(selector, {
        provideDocumentSymbols: (document, token) => request("textDocument/documentSymbol", { textDocument: textDocument(document) }, token)
          .then((symbols) => (symbols || []).map(documentSymbol)),
      }));
    }
    if (capabilities.completionProvider) {
      const triggers = capabilities.completionProvider.triggerCharacters || [];
      add(languages.registerCompletionItemProvider(selector, {
        // The context says which character opened the list: the server answers a space only
        // after 'tour NAME on'. VS Code counts trigger kinds from 0, LSP from 1.
        provideCompletionItems: (document, where, token, context) => request("textDocument/completion", Object.assign(at(document, where), {
          context: { triggerKind: context.triggerKind + 1, triggerCharacter: context.triggerCharacter },
        }), token)
          .then((answer) => ((answer && answer.items) || answer || []).map((value) => {
            const item = new vscode.CompletionItem(value.label, (value.kind || 1) - 1);
            item.detail = value.detail;
            item.insertText = value.insertText;
            return item;
          })),
      }, ...triggers));
    }
    if (capabilities.hoverProvider) {
      add(languages.registerHoverProvider(selector, {
        provideHover: (document, where, token) => request("textDocument/hover", at(document, where), token)
          .then((value) => value && new vscode.Hover(markdown(value.contents), value.range && range(value.range))),
      }));
    }
    if (capabilities.definitionProvider) {
      add(languages.registerDefinitionProvider(selector, {
        provideDefinition: (document, where, token) => request("textDocument/definition", at(document, where), token)
          .then((value) => (value ? [].concat(value).map((item) => (item.targetUri
            ? new vscode.Location(uri(item.targetUri), range(item.targetSelectionRange)) : location(item))) : [])),
      }));
    }
    if (capabilities.referencesProvider) {
      add(languages.registerReferenceProvider(selector, {
        provideReferences: (document, where, context, token) => request("textDocument/references",
          Object.assign(at(document, where), { context: { includeDeclaration: context.includeDeclaration } }), token)
          .then((value) => (value || []).map(location)),
      }));
    }
    if (capabilities.documentHighlightProvider) {
      add(languages.registerDocumentHighlightProvider(selector, {
        provideDocumentHighlights: (document, where, token) => request("textDocument/documentHighlight", at(document, where), token)
          .then((value) => (value || []).map((item) => new vscode.DocumentHighlight(range(item.range), (item.kind || 1) - 1))),
      }));
    }
    if (capabilities.renameProvider) {
      const prepares = typeof capabilities.renameProvider === "object" && capabilities.renameProvider.prepareProvider;
      add(languages.registerRenameProvider(selector, {
        provideRenameEdits: (document, where, newName, token) => request("textDocument/rename",
          Object.assign(at(document, where), { newName }), token).then(workspaceEdit),
        prepareRename: prepares ? (document, where, token) => request("textDocument/prepareRename", at(document, where), token)
          .then((value) => {
            if (!value) throw new Error("this cannot be renamed");
            return value.range ? { range: range(value.range), placeholder: value.placeholder } : range(value);
          }) : undefined,
      }));
    }
    if (capabilities.workspaceSymbolProvider) {
      add(languages.registerWorkspaceSymbolProvider({
        provideWorkspaceSymbols: (query, token) => request("workspace/symbol", { query }, token)
          .then((value) => (value || []).map((item) => new vscode.SymbolInformation(
            item.name, item.kind - 1, item.containerName || "", location(item.location)))),
      }));
    }
    if (capabilities.foldingRangeProvider) {
      add(languages.registerFoldingRangeProvider(selector, {
        provideFoldingRanges: (document, context, token) => request("textDocument/foldingRange", { textDocument: textDocument(document) }, token)
          .then((value) => (value || []).map((item) => new vscode.FoldingRange(item.startLine, item.endLine,
            item.kind === "comment" ? vscode.FoldingRangeKind.Comment : item.kind === "imports" ? vscode.FoldingRangeKind.Imports : undefined))),
      }));
    }
    if (capabilities.documentLinkProvider) {
      add(languages.registerDocumentLinkProvider(selector, {
        provideDocumentLinks: (document, token) => request("textDocument/documentLink", { textDocument: textDocument(document) }, token)
          .then((value) => (value || []).map((item) => new vscode.DocumentLink(range(item.range), item.target && uri(item.target)))),
      }));
    }
    if (capabilities.selectionRangeProvider) {
      add(languages.registerSelectionRangeProvider(selector, {
        provideSelectionRanges: (document, positions, token) => request("textDocument/selectionRange",
          { textDocument: textDocument(document), positions: positions.map(lspPosition) }, token)
          .then((value) => (value || []).map(selectionRange)),
      }));
    }
    if (capabilities.inlayHintProvider) {
      add(languages.registerInlayHintsProvider(selector, {
        provideInlayHints: (document, where, token) => request("textDocument/inlayHint",
          { textDocument: textDocument(document), range: lspRange(where) }, token)
          .then((value) => (value || []).map(inlayHint)),
      }));
    }
    if (capabilities.codeLensProvider) {
      add(languages.registerCodeLensProvider(selector, {
        provideCodeLenses: (document, token) => request("textDocument/codeLens", { textDocument: textDocument(document) }, token)
          .then((value) => (value || []).map((item) => new vscode.CodeLens(range(item.range), item.command && {
            title: item.command.title, command: item.command.command, arguments: item.command.arguments,
          }))),
      }));
    }
    if (capabilities.signatureHelpProvider) {
      const provider = capabilities.signatureHelpProvider;
      add(languages.registerSignatureHelpProvider(selector, {
        provideSignatureHelp: (document, where, token) => request("textDocument/signatureHelp", at(document, where), token)
          .then(signatureHelp),
      }, { triggerCharacters: provider.triggerCharacters || [], retriggerCharacters: provider.retriggerCharacters || [] }));
    }
    const semanticTokens = capabilities.semanticTokensProvider;
    if (semanticTokens && semanticTokens.full) {
      const legend = new vscode.SemanticTokensLegend(semanticTokens.legend.tokenTypes, semanticTokens.legend.tokenModifiers);
      add(languages.registerDocumentSemanticTokensProvider(selector, {
        provideDocumentSemanticTokens: (document, token) => request("textDocument/semanticTokens/full", { textDocument: textDocument(document) }, token)
          .then((value) => new vscode.SemanticTokens(new Uint32Array((value && value.data) || []))),
      }, legend));
    }
  }
}

function deactivate() {
  if (!connection) return undefined;
  const running = connection;
  connection = undefined;
  return running.request("shutdown", null).catch(() => null).then(() => running.notify("exit", null));
}

module.exports = { activate, deactivate };
