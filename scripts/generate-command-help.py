#!/usr/bin/env python3
"""Generates the help of guidec's commands from docs/commands.md.

docs/commands.md holds one section per command (`## build`), and `## guidec` for the overview:
a list with the command's `usage` line and its `summary`, then what it does, in plain paragraphs.
The script writes:

    Sources/guidec/CommandLine/CommandHelp+Table.swift   one `CommandHelp` per section, and `all`

Usage (from anywhere):
    scripts/generate-command-help.py            # regenerate the Swift file
    scripts/generate-command-help.py --check    # exit 1 if it is out of date
    --root DIR                                  # the repository to read and write (default: the
                                                # one this script is in)

Every problem with the input stops the script with `error: FILE:LINE: what`, before anything is
written.
"""

import os
import re
import sys

from generated_file import swift_multiline_string, swift_string, write_or_check

SCRIPT = os.path.basename(__file__)
SOURCE = os.path.join("docs", "commands.md")
OUTPUT = os.path.join("Sources", "guidec", "CommandLine", "CommandHelp+Table.swift")
SECTION = re.compile(r"## (\S+)\Z")
# A command's name is also its Swift name in the generated table (in backticks, so that a
# keyword such as `if` or `in` is a name too).
NAME = re.compile(r"[a-z][a-z0-9]*\Z")
# Names the generated table uses for itself.
RESERVED = {"all", "init", "self"}
# Inline Markdown that help, printed as plain text, would show as it is: code spans, emphasis, links.
INLINE_MARKUP = re.compile(r"`|\*[^\s*'][^*]*\*|(?<!\w)_[^\s_][^_]*_(?!\w)|\]\(")
USAGE = re.compile(r"- usage: `([^`]+)`\Z")
SUMMARY = re.compile(r"- summary: (\S.*)\Z")
# Lines that would start a Markdown block inside a paragraph (a heading, list, quote, fence,
# HTML, table or setext underline): help paragraphs are plain text, wrapped by guidec.
BLOCK_START = re.compile(r"(#{1,6}(\s|\Z)|[-*+](\s|\Z)|>|\d{1,9}[.)](\s|\Z)|```|~~~|<|\||=+\s*\Z|-+\s*\Z)")
OVERVIEW = "guidec"


class InputError(Exception):
    """A problem with docs/commands.md, with the line it is on."""

    def __init__(self, line, message):
        super().__init__("%s:%d: %s" % (SOURCE, line, message))


class Section:
    """One command's help: its name, usage line, summary and paragraphs."""

    def __init__(self, name, line):
        self.name = name
        self.line = line
        self.usage = None
        self.summary = None
        self.paragraphs = []


def read_sections(text):
    """The sections of docs/commands.md, checked, in their order."""
    sections = []
    section = None
    paragraph = None
    for number, line in enumerate(text.split("\n"), start=1):
        if line != line.rstrip():
            raise InputError(number, "a line ends in white space")
        heading = SECTION.match(line)
        if heading:
            name = heading.group(1)
            if not NAME.match(name) or name in RESERVED:
                raise InputError(number, "'%s' is not a command's name (lowercase letters and digits)" % name)
            if any(other.name == name for other in sections):
                raise InputError(number, "a second section for '%s'" % name)
            section = Section(name, number)
            sections.append(section)
            paragraph = None
            continue
        if section is None:
            continue  # the introduction
        if line.startswith("#"):
            raise InputError(number, "a heading inside the section of '%s': sections are '## NAME'" % section.name)
        if not line:
            paragraph = None
            continue
        if section.usage is None:
            usage = USAGE.match(line)
            if not usage:
                raise InputError(number, "the section of '%s' must start with '- usage: `...`'" % section.name)
            expected = "guidec" if section.name == OVERVIEW else "guidec " + section.name
            if usage.group(1) != expected and not usage.group(1).startswith(expected + " "):
                raise InputError(number, "the usage of '%s' must start with '%s'" % (section.name, expected))
            section.usage = usage.group(1)
            continue
        if section.summary is None:
            summary = SUMMARY.match(line)
            if not summary:
                raise InputError(number, "the usage line of '%s' must be followed by '- summary: ...'" % section.name)
            text = summary.group(1)
            if text[0] != text[0].lower() or text.endswith("."):
                raise InputError(number, "a summary is in lowercase without a final period")
            if INLINE_MARKUP.search(text):
                raise InputError(number, "help is plain text: no Markdown code, emphasis or links")
            section.summary = text
            continue
        if BLOCK_START.match(line):
            raise InputError(number, "help is plain paragraphs: this line starts a Markdown block")
        if INLINE_MARKUP.search(line):
            raise InputError(number, "help is plain text: no Markdown code, emphasis or links")
        if paragraph is None:
            paragraph = []
            section.paragraphs.append(paragraph)
        paragraph.append(line)
    if not any(section.name == OVERVIEW for section in sections):
        raise InputError(1, "no '## %s' section, the overview" % OVERVIEW)
    for section in sections:
        if section.summary is None or not section.paragraphs:
            raise InputError(section.line, "the section of '%s' needs a usage line, a summary and a paragraph" % section.name)
    return sections


def swift_table(sections):
    """CommandHelp+Table.swift."""
    out = [
        "// GENERATED FILE - DO NOT EDIT.",
        "// Generated by scripts/generate-command-help.py from docs/commands.md. To change a command's",
        "// help, edit that file and rerun the script; the test suite fails while this file is out of date.",
        "",
        "extension CommandHelp {",
    ]
    for section in sections:
        if section.name == OVERVIEW:
            out.append("    /// guidec's own help: the overview.")
        else:
            out.append("    /// The help of `guidec %s`." % section.name)
        out.append("    static let `%s` = CommandHelp(" % section.name)
        out.append("        name: %s," % swift_string(section.name))
        out.append("        usage: %s," % swift_string(section.usage))
        out.append("        summary: %s," % swift_string(section.summary))
        out.append("        paragraphs: [")
        for paragraph in section.paragraphs:
            out.append("            " + swift_multiline_string(paragraph, 12, joined=True) + ",")
        out.append("        ])")
        out.append("")
    out.append("    /// Every section of docs/commands.md, in its order.")
    out.append("    static let all: [CommandHelp] = [%s]" % ", ".join("`%s`" % section.name for section in sections))
    out.append("}")
    return "\n".join(out) + "\n"


def main(arguments):
    check = False
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    index = 0
    while index < len(arguments):
        if arguments[index] == "--check":
            check = True
        elif arguments[index] == "--root" and index + 1 < len(arguments):
            index += 1
            root = os.path.abspath(arguments[index])
        else:
            sys.exit(__doc__)
        index += 1
    try:
        with open(os.path.join(root, SOURCE), encoding="utf-8", newline="") as file:
            text = file.read()
    except OSError as error:
        sys.exit("error: %s: %s" % (SOURCE, error.strerror))
    try:
        sections = read_sections(text)
    except InputError as error:
        sys.exit("error: %s" % error)
    write_or_check(os.path.join(root, OUTPUT), swift_table(sections), root, SCRIPT, check,
                   " (%d sections)" % len(sections))


if __name__ == "__main__":
    main(sys.argv[1:])
