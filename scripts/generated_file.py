"""Writing a generated file, or checking that it is up to date, and Swift string literals
(shared by the generators)."""

import os
import sys


def write_or_check(output, text, root, script, check, summary=""):
    """Writes `text` to `output`; with `check`, exits 1 instead if `output` differs from it."""
    relative = os.path.relpath(output, root)
    if check:
        try:
            with open(output, encoding="utf-8", newline="") as file:
                current = file.read()
        except FileNotFoundError:
            current = None
        if current != text:
            sys.exit("error: %s is out of date; run scripts/%s" % (relative, script))
        return
    with open(output, "w", encoding="utf-8", newline="") as file:
        file.write(text)
    print("wrote %s%s" % (relative, summary))


def swift_escape(character):
    """The escape for a character that a Swift string literal cannot hold as it is, or None."""
    code = ord(character)
    if character == "\\":
        return "\\\\"
    if character == "\t":
        return "\\t"
    if character == "\r":
        return "\\r"
    if code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or code in (0x2028, 0x2029):
        return "\\u{%X}" % code
    return None


def swift_string(text):
    """A Swift string literal for `text`, on one line."""
    out = []
    for character in text:
        if character == '"':
            out.append('\\"')
        elif character == "\n":
            out.append("\\n")
        else:
            out.append(swift_escape(character) or character)
    return '"' + "".join(out) + '"'


def swift_multiline_line(line):
    """One line of a Swift multi-line string literal: escaped, with no three quotes in a row, and
    its trailing spaces written as escapes so that no editor or linter strips them."""
    body = line.rstrip(" ")
    out = []
    quotes = 0
    for character in body:
        if character == '"':
            quotes += 1
            if quotes == 3:
                out.append('\\"')
                quotes = 0
                continue
        else:
            quotes = 0
        out.append(swift_escape(character) or character)
    out.append("\\u{20}" * (len(line) - len(body)))
    return "".join(out)


def swift_multiline_string(lines, indent, joined=False):
    """A Swift multi-line string literal of `lines`, indented by `indent` spaces, so that the
    generated file reads like the text. With `joined`, the lines are one line of text, joined with
    spaces by line continuations (an empty line between two runs of lines stays a line break)."""
    margin = " " * indent
    out = ['"""']
    for index, line in enumerate(lines):
        text = swift_multiline_line(line)
        if joined and line and index + 1 < len(lines) and lines[index + 1]:
            text += " \\"
        out.append(margin + text if text else "")
    out.append(margin + '"""')
    return "\n".join(out)
