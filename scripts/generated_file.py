"""Writing a generated Swift file, or checking that it is up to date (shared by the generators)."""

import os
import sys


def write_or_check(output, text, root, script, check, summary=""):
    """Writes `text` to `output`; with `check`, exits 1 instead if `output` differs from it."""
    relative = os.path.relpath(output, root)
    if check:
        try:
            with open(output, encoding="utf-8") as file:
                current = file.read()
        except FileNotFoundError:
            current = None
        if current != text:
            sys.exit("error: %s is out of date; run scripts/%s" % (relative, script))
        return
    with open(output, "w", encoding="utf-8") as file:
        file.write(text)
    print("wrote %s%s" % (relative, summary))
