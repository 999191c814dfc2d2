#!/usr/bin/env python3
"""Generates the table of diagnostic codes, their explanations and docs/diagnostics.md from
docs/diagnostics/GLnnnn-rule-name.md, one Markdown file per code.

docs/diagnostics/README.md describes a code's file (front matter, heading, explanation, the
failing example that is the code's test fixture, the fixed example) and holds the ranges of
codes and the introduction of docs/diagnostics.md. The script writes:

    Sources/GuideLang/Diagnostics/DiagnosticCode+Table.swift         every code and `all`
    Sources/GuideLang/Diagnostics/DiagnosticExplanation+Table.swift  what `guidec explain`,
                                                                     SARIF and the server show
    docs/diagnostics.md                                              the introduction, then every entry
    docs/language.md                                                 section 13's table of codes, between
                                                                     its `codes` markers

Usage (from anywhere):
    scripts/generate-diagnostics.py                  # regenerate the four files
    scripts/generate-diagnostics.py --check          # exit 1 if one of them is out of date
    scripts/generate-diagnostics.py --examples DIR   # write each example's files, as bytes, under
                                                     # DIR/GLnnnn-rule-name/{example,fixed}/
    --root DIR                                       # the repository to read and write (default:
                                                     # the one this script is in)

Every problem with the input stops the script with `error: FILE:LINE: what`, before anything is
written.
"""

import os
import re
import sys

from generated_file import swift_multiline_string, swift_string, write_or_check

SCRIPT = os.path.basename(__file__)
SEVERITIES = ("error", "warning", "note")
FRONT_MATTER_KEYS = ("severity", "rule", "summary", "swift-name")
REQUIRED_KEYS = ("severity", "rule", "summary")
DOCUMENT_NAME = re.compile(r"GL(\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md\Z")
CODE = re.compile(r"GL\d{4}\Z")
KEBAB_CASE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
SWIFT_NAME = re.compile(r"[a-z][A-Za-z0-9]*\Z")
HEADING = re.compile(r"# (GL\d{4}): (\S.*)\Z")
ATX_HEADING = re.compile(r"#{1,6}(\s|\Z)")
# A block of an example: a guide, or (for a scenario of `guidec simulate`) JSON.
FENCE = re.compile(r"(`{3,})(guide|json)\Z")
FILE_MARKER = re.compile(r"<!-- file: (.*) -->\Z")
BYTE_CLAUSE = re.compile(r'with "(.+)" as byte 0x([0-9A-F]{2})\Z')
# A README table row `| `GL00xx` | lexical |`: a range of codes and what they are about.
RANGE_ROW = re.compile(r"\| `GL(\d{2})xx` \| (.+?) \|\Z")
# Where docs/diagnostics.md gets the table of codes: a line of its own in the README.
TABLE_MARKER = "<!-- table of codes -->"
# Lines that would start a Markdown block inside a paragraph (a heading, list, quote, fence,
# HTML, table or setext underline): explanations are plain paragraphs.
BLOCK_START = re.compile(r"(#{1,6}(\s|\Z)|[-*+](\s|\Z)|>|\d{1,9}[.)](\s|\Z)|```|~~~|<|\||=+\s*\Z|-+\s*\Z)")
SECTIONS = ("## Example", "## Fixed")
# Where docs/language.md holds its table of codes, a copy that drifted while it was kept by hand.
LANGUAGE_REFERENCE = os.path.join("docs", "language.md")
LANGUAGE_TABLE_BEGIN = "<!-- codes: generated from docs/diagnostics/ by scripts/generate-diagnostics.py -->\n"
LANGUAGE_TABLE_END = "<!-- /codes -->"


class InputError(Exception):
    """A problem with a Markdown file, with where it is."""

    def __init__(self, path, line, message):
        super().__init__("%s:%d: %s" % (path, line, message) if line else "%s: %s" % (path, message))


class ExampleFile:
    """One file of an example: its name, its text as the Markdown shows it, and its bytes."""

    def __init__(self, name, text, data):
        self.name = name
        self.text = text
        self.data = data


class Document:
    """One code's Markdown file, parsed and checked."""

    def __init__(self, path, stem):
        self.path = path
        self.stem = stem
        self.code = None
        self.number = None
        self.title = None
        self.severity = None
        self.rule = None
        self.summary = None
        self.swift_name = None
        self.paragraphs = None
        self.explanation = None
        self.example = []
        self.fixed = []


def camel_case(rule):
    """The Swift name a rule name gives: `unknown-property` is `unknownProperty`."""
    words = rule.split("-")
    return words[0] + "".join(word.capitalize() for word in words[1:])


def parse_front_matter(document, lines):
    """Reads the `key: value` lines between the first two `---` lines; returns where it ends."""
    path = document.path
    if not lines or lines[0] != "---":
        raise InputError(path, 1, "a code's file starts with front matter: a line '---', 'key: value' lines, '---'")
    values = {}
    index = 1
    while index < len(lines) and lines[index] != "---":
        match = re.match(r"([a-z-]+): (\S.*)\Z", lines[index])
        if not match:
            raise InputError(path, index + 1, "expected 'key: value' in the front matter, found %r" % lines[index])
        key, value = match.groups()
        if key not in FRONT_MATTER_KEYS:
            raise InputError(path, index + 1, "unknown key '%s'; the front matter has %s" % (key, ", ".join(FRONT_MATTER_KEYS)))
        if key in values:
            raise InputError(path, index + 1, "'%s' is given twice" % key)
        values[key] = (value, index + 1)
        index += 1
    if index == len(lines):
        raise InputError(path, 1, "the front matter is never closed with '---'")
    for key in REQUIRED_KEYS:
        if key not in values:
            raise InputError(path, index + 1, "the front matter has no '%s'" % key)
    severity, line = values["severity"]
    if severity not in SEVERITIES:
        raise InputError(path, line, "severity must be %s, not '%s'" % (", ".join(SEVERITIES), severity))
    rule, line = values["rule"]
    if not KEBAB_CASE.match(rule):
        raise InputError(path, line, "the rule name '%s' is not kebab-case (lowercase words joined by '-')" % rule)
    summary, line = values["summary"]
    if not summary[0].isupper() and summary[0] not in "`'\"" or not summary.endswith("."):
        raise InputError(path, line, "the summary is one sentence, from a capital letter to a final period")
    swift_name, line = values.get("swift-name", (camel_case(rule), 0))
    if not SWIFT_NAME.match(swift_name):
        raise InputError(path, line, "the Swift name '%s' is not a lowerCamelCase identifier" % swift_name)
    document.severity, document.rule, document.summary, document.swift_name = severity, rule, summary, swift_name
    return index + 1


def parse_explanation(document, lines, start, end):
    """The paragraphs between the heading and `## Example`, each a list of its lines."""
    paragraphs = [[]]
    for index in range(start, end):
        line = lines[index]
        if not line.strip():
            if paragraphs[-1]:
                paragraphs.append([])
            continue
        if line != line.strip():
            raise InputError(document.path, index + 1, "an explanation line has no leading or trailing spaces")
        if BLOCK_START.match(line):
            raise InputError(document.path, index + 1,
                             "the explanation is plain paragraphs, and this line would start a Markdown block; rewrap it")
        paragraphs[-1].append(line)
    paragraphs = [paragraph for paragraph in paragraphs if paragraph]
    if not paragraphs:
        raise InputError(document.path, start + 1, "there is no explanation between the heading and '## Example'")
    return paragraphs


def parse_marker(document, line, number):
    """The file name and byte substitutions of a `<!-- file: NAME; with "é" as byte 0xE9 -->` line."""
    match = FILE_MARKER.match(line)
    if not match:
        return None
    clauses = [clause.strip() for clause in match.group(1).split(";")]
    name = clauses[0]
    parts = name.split("/")
    if not (name.endswith(".guide") or name.endswith(".json")) or name.startswith("/") or any(part in ("", ".", "..") for part in parts):
        raise InputError(document.path, number,
                         "a file name is a path to a '.guide' or '.json' file below the first file's folder, not '%s'" % name)
    substitutions = []
    for clause in clauses[1:]:
        byte = BYTE_CLAUSE.match(clause)
        if not byte:
            raise InputError(document.path, number, "unknown clause '%s'; the one clause is: with \"TEXT\" as byte 0xHH" % clause)
        substitutions.append((byte.group(1).encode("utf-8"), bytes([int(byte.group(2), 16)])))
    return name, substitutions


def parse_example(document, lines, start, end, section):
    """The files of an example section: ```guide blocks, each named by a marker above it."""
    files = []
    marker = None
    index = start
    while index < end:
        line = lines[index]
        number = index + 1
        index += 1
        if not line.strip():
            continue
        parsed = parse_marker(document, line, number)
        if parsed:
            if marker:
                raise InputError(document.path, number, "two file markers without a ```guide block between them")
            marker = parsed + (number,)
            continue
        fence = FENCE.match(line)
        if not fence:
            raise InputError(document.path, number,
                             "under '%s' stand only ```guide blocks, each with an optional <!-- file: NAME --> line above it" % section)
        closing = fence.group(1)
        language = fence.group(2)
        body_start = index
        while index < end and lines[index] != closing:
            index += 1
        if index == end:
            raise InputError(document.path, number, "the ```guide block is never closed")
        text = "".join(line + "\n" for line in lines[body_start:index])
        index += 1
        name, substitutions, _ = marker or (None, [], number)
        if (language == "json") != (name is not None and name.endswith(".json")):
            raise InputError(document.path, number, "a ```json block is a file named NAME.json, and a ```guide block a '.guide' file")
        data = text.encode("utf-8")
        for old, new in substitutions:
            if old not in data:
                raise InputError(document.path, marker[2], "the block has no '%s' to write as a byte" % old.decode("utf-8"))
            data = data.replace(old, new)
        files.append(ExampleFile(name, text, data))
        marker = None
    if marker:
        raise InputError(document.path, marker[2], "a file marker with no ```guide block after it")
    if not files:
        raise InputError(document.path, start, "'%s' has no ```guide block" % section)
    first = document.stem + ".guide"
    if files[0].name is None:
        files[0].name = first
    elif files[0].name != first:
        raise InputError(document.path, start, "the first file of '%s' is %s, not %s" % (section, first, files[0].name))
    names = set()
    for file in files:
        if file.name is None:
            raise InputError(document.path, start, "'%s' has several files, so each needs a <!-- file: NAME --> line" % section)
        if file.name in names:
            raise InputError(document.path, start, "'%s' has two files named %s" % (section, file.name))
        names.add(file.name)
    return files


def parse_document(path, stem, text):
    """Parses one code's file; raises InputError for anything off the documented layout."""
    document = Document(path, stem)
    if "\r" in text:
        raise InputError(path, 0, "the file has carriage returns; write it with LF line breaks")
    if not text.endswith("\n"):
        raise InputError(path, 0, "the file does not end with a line break")
    lines = text[:-1].split("\n")
    index = parse_front_matter(document, lines)
    while index < len(lines) and not lines[index].strip():
        index += 1
    heading = HEADING.match(lines[index]) if index < len(lines) else None
    if not heading:
        raise InputError(path, index + 1, "expected the heading '# GLnnnn: title' after the front matter")
    document.code, document.title = heading.group(1), heading.group(2)
    document.number = int(document.code[2:])
    heading_line = index
    positions = {}
    closing = None
    for number in range(heading_line + 1, len(lines)):
        line = lines[number]
        if closing:
            # Inside a block a line starting with '#' is the example's, not a heading.
            closing = None if line == closing else closing
        elif FENCE.match(line):
            closing = FENCE.match(line).group(1)
        elif ATX_HEADING.match(line):
            if line in SECTIONS and line not in positions:
                positions[line] = number
            else:
                raise InputError(path, number + 1, "unexpected heading %r; after the explanation come '## Example' and '## Fixed'" % line)
    for section in SECTIONS:
        if section not in positions:
            raise InputError(path, 0, "missing section '%s'" % section)
    example, fixed = positions["## Example"], positions["## Fixed"]
    if fixed < example:
        raise InputError(path, fixed + 1, "'## Fixed' comes after '## Example'")
    document.paragraphs = parse_explanation(document, lines, heading_line + 1, example)
    # A paragraph is one line of text: its lines joined with spaces, as Markdown reads them.
    document.explanation = "\n\n".join(" ".join(paragraph) for paragraph in document.paragraphs)
    document.example = parse_example(document, lines, example + 1, fixed, "## Example")
    document.fixed = parse_example(document, lines, fixed + 1, len(lines), "## Fixed")
    return document


def read_ranges(path, lines):
    """The ranges table of the README: {first two digits: what the codes are about}."""
    ranges = {}
    for line in lines:
        match = RANGE_ROW.match(line)
        if match:
            ranges[int(match.group(1))] = match.group(2)
    if not ranges:
        raise InputError(path, 0, "has no table of code ranges (rows such as | `GL00xx` | lexical |)")
    return ranges


def read_input(path, relative, why):
    """The text of a file the script needs, or an InputError saying why it needs it."""
    try:
        with open(path, encoding="utf-8", newline="") as file:
            return file.read()
    except FileNotFoundError:
        raise InputError(relative, 0, "is missing: %s" % why)


def read_documents(root):
    """Every code's file, parsed, checked against each other, in code order; and the README."""
    folder = os.path.join(root, "docs", "diagnostics")
    readme_path = os.path.join(folder, "README.md")
    relative_readme = os.path.relpath(readme_path, root)
    readme = read_input(readme_path, relative_readme, "it holds the ranges of codes and the introduction of docs/diagnostics.md")
    readme_lines = readme.split("\n")
    if readme_lines.count(TABLE_MARKER) != 1:
        raise InputError(relative_readme, 0, "needs the line %s once, where docs/diagnostics.md gets the table of codes" % TABLE_MARKER)
    ranges = read_ranges(relative_readme, readme_lines)
    documents = []
    for name in sorted(os.listdir(folder)):
        if name == "README.md" or not name.endswith(".md"):
            continue
        path = os.path.join("docs", "diagnostics", name)
        match = DOCUMENT_NAME.match(name)
        if not match:
            raise InputError(path, 0, "a code's file is named GLnnnn-rule-name.md")
        with open(os.path.join(folder, name), encoding="utf-8", newline="") as file:
            document = parse_document(path, name[:-3], file.read())
        if document.code != "GL" + match.group(1):
            raise InputError(path, 0, "the file is named after %s but its heading is %s" % ("GL" + match.group(1), document.code))
        if document.rule != match.group(2):
            raise InputError(path, 0, "the file is named after the rule '%s' but its front matter says '%s'" % (match.group(2), document.rule))
        if document.number // 100 not in ranges or document.number % 100 == 0:
            raise InputError(path, 0, "%s is in no range of codes: README.md has %s, each from nn01" % (
                document.code, ", ".join("GL%02dxx" % prefix for prefix in sorted(ranges))))
        documents.append(document)
    if not documents:
        raise InputError(os.path.relpath(folder, root), 0, "has no code's file")
    for key, what in (("code", "code"), ("rule", "rule name"), ("swift_name", "Swift name")):
        seen = {}
        for document in documents:
            value = getattr(document, key)
            if value in seen:
                raise InputError(document.path, 0, "the %s %s is also %s's" % (what, value, seen[value]))
            seen[value] = document.path
    return documents, readme, ranges


def swift_code_table(documents, ranges):
    lines = [
        "// GENERATED FILE - DO NOT EDIT.",
        "// Generated by scripts/generate-diagnostics.py from docs/diagnostics/GLnnnn-rule-name.md, one",
        "// file per code. To add or change a code, edit its file and rerun the script; the test suite",
        "// fails while this file is out of date.",
        "",
        "extension DiagnosticCode {",
    ]
    current = None
    for document in documents:
        prefix = document.number // 100
        if prefix != current:
            if current is not None:
                lines.append("")
            lines += ["    // MARK: GL%02dxx, %s" % (prefix, ranges[prefix]), ""]
            current = prefix
        lines += [
            "    /// %s" % document.summary,
            "    public static let %s = DiagnosticCode(%s, .%s, %s)" % (
                document.swift_name, swift_string(document.code), document.severity, swift_string(document.rule)),
        ]
    lines += ["", "    /// Every code, in numeric order.", "    public static let all: [DiagnosticCode] = ["]
    row = ""
    for document in documents:
        item = document.swift_name + ","
        if row and len(row) + 1 + len(item) > 104:
            lines.append("        " + row)
            row = item
        else:
            row = row + " " + item if row else item
    lines += ["        " + row, "    ]", "}", ""]
    return "\n".join(lines)


def swift_files(files):
    lines = ["["]
    for file in files:
        lines.append("                File(name: %s, text: %s)," % (
            swift_string(file.name), swift_multiline_string(file.text.split("\n"), 20)))
    return "\n".join(lines) + "\n            ]"


def swift_explanation_table(documents):
    lines = [
        "// GENERATED FILE - DO NOT EDIT.",
        "// Generated by scripts/generate-diagnostics.py from docs/diagnostics/GLnnnn-rule-name.md, one",
        "// file per code. To change an explanation or an example, edit that file and rerun the script;",
        "// the test suite fails while this file is out of date.",
        "",
        "extension DiagnosticExplanation {",
        "    /// Every explanation, in code order.",
        "    static let catalog: [DiagnosticExplanation] = [",
    ]
    for document in documents:
        explanation_lines = []
        for paragraph in document.paragraphs:
            explanation_lines += ([""] if explanation_lines else []) + paragraph
        lines += [
            "        DiagnosticExplanation(",
            "            code: .%s," % document.swift_name,
            "            title: %s," % swift_string(document.title),
            "            explanation: %s," % swift_multiline_string(explanation_lines, 16, joined=True),
            "            example: %s," % swift_files(document.example),
            "            fixed: %s)," % swift_files(document.fixed),
        ]
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def anchor(title):
    """GitHub's anchor of a heading."""
    out = []
    for character in title.lower():
        if character == " ":
            out.append("-")
        elif character in "-_" or character.isalpha() or character.isdigit():
            out.append(character)
    return "".join(out)


def markdown_files(files):
    """An example's blocks, each file named when there are several (as DiagnosticExplanation.markdown)."""
    blocks = []
    for file in files:
        caption = "`%s`:\n\n" % file.name if len(files) > 1 else ""
        # A JSON block says what it is beyond JSON: an input, not output to compare (a lint
        # code's is a frames file of `--frames`, any other a scenario).
        language = "guide" if not file.name.endswith(".json") else "json frames" if file.name.startswith("GL10") else "json scenario"
        blocks.append("%s```%s\n%s```\n" % (caption, language, file.text))
    return "\n".join(blocks)


def markdown_entry(document):
    """A code's entry, exactly as `DiagnosticExplanation.markdown` writes it."""
    return "## %s: %s\n\nSeverity: %s. Rule name: `%s`.\n\n%s\n\nExample that reports %s:\n\n%s\nFixed:\n\n%s" % (
        document.code, document.title, document.severity, document.rule, document.explanation, document.code,
        markdown_files(document.example), markdown_files(document.fixed))


def diagnostics_document(documents, readme):
    table = ["| code | severity | rule |", "| --- | --- | --- |"]
    for document in documents:
        table.append("| [%s](#%s-%s) | %s | %s |" % (
            document.code, document.code.lower(), anchor(document.title), document.severity, document.title))
    introduction = readme.rstrip("\n").replace(TABLE_MARKER, "\n".join(table))
    # A comment, so the rendered page is unchanged, but whoever opens the file to edit it is told where its text lives.
    banner = ("<!-- GENERATED FILE - DO NOT EDIT. scripts/generate-diagnostics.py writes it from docs/diagnostics/README.md "
              "and docs/diagnostics/GL*.md: edit those and rerun the script. -->\n")
    return banner + introduction + "\n\n" + "\n".join(markdown_entry(document) for document in documents)


def language_table(documents):
    """Section 13's table: each code, linked to its entry, its severity and its summary as a phrase."""
    lines = ["| code | severity | meaning |", "|---|---|---|"]
    for document in documents:
        # The summary is a sentence; in a table cell it reads as a phrase, as the messages do.
        meaning = document.summary[0].lower() + document.summary[1:-1]
        lines.append("| [%s](diagnostics.md#%s-%s) | %s | %s |" % (
            document.code, document.code.lower(), anchor(document.title), document.severity, meaning))
    return "\n".join(lines) + "\n"


def language_reference(root, documents):
    """docs/language.md with the table between its `codes` markers made from `documents`."""
    text = read_input(os.path.join(root, LANGUAGE_REFERENCE), LANGUAGE_REFERENCE, "section 13 holds the table of codes")
    if text.count(LANGUAGE_TABLE_BEGIN) != 1 or text.count(LANGUAGE_TABLE_END) != 1:
        raise InputError(LANGUAGE_REFERENCE, 0, "needs the lines %s and %s once each, around the table of codes" % (
            LANGUAGE_TABLE_BEGIN.strip(), LANGUAGE_TABLE_END))
    start = text.index(LANGUAGE_TABLE_BEGIN) + len(LANGUAGE_TABLE_BEGIN)
    end = text.index(LANGUAGE_TABLE_END)
    if end < start:
        raise InputError(LANGUAGE_REFERENCE, 0, "the marker %s comes before %s" % (LANGUAGE_TABLE_END, LANGUAGE_TABLE_BEGIN.strip()))
    return text[:start] + language_table(documents) + text[end:]


def write_examples(documents, folder):
    for document in documents:
        for side, files in (("example", document.example), ("fixed", document.fixed)):
            for file in files:
                path = os.path.join(folder, document.stem, side, *file.name.split("/"))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as output:
                    output.write(file.data)
    print("wrote the examples of %d codes under %s" % (len(documents), folder))


def main(arguments):
    check = False
    examples = None
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--check":
            check = True
        elif argument in ("--root", "--examples") and index + 1 < len(arguments):
            index += 1
            if argument == "--root":
                root = os.path.abspath(arguments[index])
            else:
                examples = os.path.abspath(arguments[index])
        else:
            sys.exit(__doc__)
        index += 1
    try:
        documents, readme, ranges = read_documents(root)
        reference = language_reference(root, documents)
    except InputError as error:
        sys.exit("error: %s" % error)
    if examples:
        write_examples(documents, examples)
        return
    sources = os.path.join(root, "Sources", "GuideLang", "Diagnostics")
    summary = " (%d codes)" % len(documents)
    write_or_check(os.path.join(sources, "DiagnosticCode+Table.swift"), swift_code_table(documents, ranges),
                   root, SCRIPT, check, summary)
    write_or_check(os.path.join(sources, "DiagnosticExplanation+Table.swift"), swift_explanation_table(documents),
                   root, SCRIPT, check, summary)
    write_or_check(os.path.join(root, "docs", "diagnostics.md"), diagnostics_document(documents, readme),
                   root, SCRIPT, check, summary)
    write_or_check(os.path.join(root, LANGUAGE_REFERENCE), reference, root, SCRIPT, check, summary)


if __name__ == "__main__":
    main(sys.argv[1:])
