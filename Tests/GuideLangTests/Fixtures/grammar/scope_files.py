"""Tokenises .guide files with the TextMate grammar through textmate-grammar-python.

Usage: scope_files.py GRAMMAR REPORT [--golden FILE]... FILE...

Writes REPORT, a JSON object: "uncovered" maps each file with untokenised text to its first
few uncovered characters as [line, column, character] (1-based line, 0-based column); a
character is covered when one of its scopes is neither the root scope nor a meta.* scope, so
a region such as a call does not cover the bytes inside it. Whitespace needs no scope.
"scopes" maps each --golden FILE (one of the FILEs) to its tokens, one line each:
"LINE:COLUMN TEXT<TAB>SCOPES" (1-based line, 0-based column in Unicode scalars).
"""
import json
import logging
import sys
import time

from textmate_grammar.parsers.base import LanguageParser


def tokens(parser, text):
    if not text.strip():
        return []  # the port fails on an empty text; there is nothing to tokenise
    element = parser.parse_string(text)
    if element is None:
        return []
    return element.flatten()


def main():
    grammar_path, report_path = sys.argv[1:3]
    files = sys.argv[3:]
    golden_paths = []
    while files[:1] == ["--golden"]:
        golden_paths.append(files[1])
        files = files[2:]
    with open(grammar_path, encoding="utf-8") as handle:
        grammar = json.load(handle)
    parser = LanguageParser(grammar)
    # The port warns about every character a region holds without a pattern of its own (a
    # string's text); that is not a gap, since the region's scope covers it.
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    root = grammar["scopeName"]
    uncovered = {}
    golden_lines = {}
    seconds = {}
    errors = {}
    for path in files:
        with open(path, "rb") as handle:
            # Invalid UTF-8 (fixtures of GL0001) becomes U+FFFD, a stray character the grammar must still scope.
            text = handle.read().decode("utf-8", errors="replace")
        # An editor hands a grammar one line at a time, split at LF, CR LF and CR alike (the
        # language's line breaks); the port splits at LF only, so the others become LF first.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        covered = set()
        started = time.monotonic()
        try:
            flat = tokens(parser, text)
        except Exception as error:  # the port's own failure, reported per file rather than ending the run
            errors[path] = f"{type(error).__name__}: {error}"
            continue
        seconds[path] = round(time.monotonic() - started, 2)
        for (line, column), content, scopes in flat:
            if any(scope != root and not scope.startswith("meta.") for scope in scopes):
                for offset in range(len(content)):
                    covered.add((line, column + offset))
        misses = []
        for line_number, line in enumerate(lines):
            for column, character in enumerate(line):
                if not character.isspace() and (line_number, column) not in covered:
                    misses.append([line_number + 1, column, character])
        if misses:
            uncovered[path] = misses[:20] + ([["...", len(misses), "in all"]] if len(misses) > 20 else [])
        if path in golden_paths:
            golden_lines[path] = [
                f"{line + 1}:{column} {content}\t{' '.join(scopes)}" for (line, column), content, scopes in flat if content.strip()]
    with open(report_path, "w", encoding="utf-8") as handle:
        json.dump({"files": len(files), "uncovered": uncovered, "scopes": golden_lines, "seconds": seconds, "errors": errors}, handle, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    # The port recurses once per nested region and per token of a line; the fixtures of deep
    # nesting (GL0108) need more than Python's default depth, and a thread with a large stack.
    import threading
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
