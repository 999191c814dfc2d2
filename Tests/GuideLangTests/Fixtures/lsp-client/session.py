"""Drives `guidec lsp` from pygls's language client, which reads every reply into lsprotocol's
typed classes (the LSP specification's types), so a reply of the wrong shape fails here.

Usage: python3 session.py GUIDEC FOLDER REPORT
FOLDER holds welcome.guide (a misspelt property, badly spaced) and shared/look.guide, which it
imports, and tour.guide (a guide with a tour, for the layout's inlay hints, code lens, signature
help and a step's picture in its hover). Writes REPORT, a JSON summary the Swift test checks.
"""
import asyncio
import base64
import json
import sys
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import BaseLanguageClient


async def session(guidec, folder):
    folder = Path(folder).resolve()
    uri = (folder / "welcome.guide").as_uri()
    text = (folder / "welcome.guide").read_text()
    report = {}
    published = asyncio.Queue()
    client = BaseLanguageClient("guidec-test-client", "1.0")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.put_nowait(params)

    await client.start_io(guidec, "lsp", "--stdio")
    result = await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=folder.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name="project")]))
    report["server"] = [result.server_info.name, result.server_info.version]
    report["positionEncoding"] = result.capabilities.position_encoding
    report["sync"] = int(result.capabilities.text_document_sync.change)
    report["formatting"] = result.capabilities.document_formatting_provider
    client.initialized(types.InitializedParams())

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="guide", version=1, text=text)))
    opened = await asyncio.wait_for(published.get(), 30)
    report["opened"] = {
        "uri": opened.uri == uri, "version": opened.version,
        "diagnostics": [[d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character,
                         int(d.severity), d.source] for d in opened.diagnostics],
    }

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=opened.diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=opened.diagnostics)))
    report["actions"] = [[a.title, a.kind, [[e.new_text, e.range.start.line, e.range.start.character]
                                             for e in a.edit.changes[uri]]] for a in actions]

    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    report["formattingEdits"] = [[e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.new_text]
                                 for e in edits]

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    report["symbols"] = [[s.name, int(s.kind), [c.name for c in s.children]] for s in symbols]

    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=4)))
    report["completion"] = [item.label for item in completion.items]

    fixed = text.replace("titel", "title")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeEvent_Type2(text=fixed)]))
    changed = await asyncio.wait_for(published.get(), 30)
    report["changed"] = {"version": changed.version, "diagnostics": [d.code for d in changed.diagnostics]}

    # Navigation, hover and rename on `note` in `      style: note` (line 5, 0-based), a style
    # declared in the imported file.
    at = types.TextDocumentPositionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                          position=types.Position(line=5, character=14))
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=at.text_document, position=at.position))
    report["definition"] = [[d.uri.rsplit("/", 2)[-2:], d.range.start.line, d.range.start.character] for d in definition]
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=at.text_document, position=at.position, context=types.ReferenceContext(include_declaration=True)))
    report["references"] = sorted([r.uri.rsplit("/", 1)[-1], r.range.start.line, r.range.start.character] for r in references)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=at.text_document, position=at.position))
    report["hover"] = [hover.contents.kind, hover.contents.value.splitlines()[0]]
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=at.text_document, position=at.position))
    report["prepareRename"] = prepared.placeholder
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=at.text_document, position=at.position, new_name="remark"))
    report["rename"] = sorted([uri_.rsplit("/", 1)[-1], [e.new_text for e in edits]] for uri_, edits in edit.changes.items())
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="hel"))
    report["workspaceSymbols"] = [s.name for s in found]

    # The layout a tour's steps get: inlay hints, the guide's code lens, signature help inside
    # `times(3, version: 2)` and the step's hover with its picture, on tour.guide.
    tour_uri = (folder / "tour.guide").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=tour_uri, language_id="guide", version=1, text=(folder / "tour.guide").read_text())))
    tour = types.TextDocumentIdentifier(uri=tour_uri)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=tour, range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=99, character=0))))
    report["inlayHints"] = [[h.position.line, h.position.character, h.label, h.padding_left] for h in hints]
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=tour))
    report["codeLenses"] = [[l.range.start.line, l.command.title, l.command.command, [a.rsplit("/", 1)[-1] for a in l.command.arguments]]
                            for l in lenses]
    help_ = await client.text_document_signature_help_async(types.SignatureHelpParams(
        text_document=tour, position=types.Position(line=4, character=18)))
    signature = help_.signatures[help_.active_signature]
    report["signatureHelp"] = [signature.label, [list(p.label) for p in signature.parameters], help_.active_parameter]
    step_hover = await client.text_document_hover_async(types.HoverParams(text_document=tour, position=types.Position(line=7, character=10)))
    picture = step_hover.contents.value.split("](data:image/svg+xml;base64,", 1)
    report["stepHover"] = [step_hover.contents.value.splitlines()[0], len(picture) == 2
                           and base64.b64decode(picture[1].rstrip(")")).decode("utf-8").startswith("<svg ")]

    try:
        await client.text_document_type_definition_async(types.TypeDefinitionParams(
            text_document=at.text_document, position=at.position))
        report["unsupported"] = "answered"
    except Exception as error:  # pygls raises the JSON-RPC error it received
        report["unsupported"] = type(error).__name__

    await client.shutdown_async(None)
    client.exit(None)
    await asyncio.sleep(0.2)
    report["exitCode"] = client._server.returncode if client._server else None
    await client.stop()
    return report


def main():
    guidec, folder, output = sys.argv[1:4]
    report = asyncio.run(session(guidec, folder))
    Path(output).write_text(json.dumps(report, indent=1))


main()
