#!/usr/bin/env python3
"""Writes (or, with --check, verifies) the generated blocks of the docs and of each
scene's page (Sources/NotchwaveScene/Scenes/*/README.md):

  <!-- generated: parameters ... -->      notchwave parameters --markdown      (docs/usage.md)
  <!-- generated: modules ... -->         scripts/module_graph.py markdown    (docs/architecture.md)
  <!-- generated: preview-rules ... -->   notchwave check-preview --rules --markdown
                                                                               (docs/app-store-previews.md)
  <!-- generated: scene NAME ... -->      notchwave scenes NAME --markdown

A block ends at `<!-- end generated: KIND -->`. Every scene folder must have its page,
and the page its `scene` block.

usage: scripts/readme_blocks.py BIN [--check]
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK = re.compile(r"(<!-- generated: ([\w-]+)(?: ([\w-]+))?[^\n]*-->\n).*?(<!-- end generated: \2 -->)", re.S)


def content(binary, kind, argument):
    if kind == "parameters":
        command = [binary, "parameters", "--markdown"]
    elif kind == "modules":
        command = [sys.executable, os.path.join(ROOT, "scripts", "module_graph.py"), "markdown"]
    elif kind == "preview-rules":
        command = [binary, "check-preview", "--rules", "--markdown"]
    elif kind == "scene" and argument:
        command = [binary, "scenes", argument, "--markdown"]
    else:
        sys.exit(f"unknown generated block '{kind}'")
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip()


def pages():
    """The pages with generated blocks, with the blocks each must hold."""
    yield os.path.join(ROOT, "docs", "usage.md"), {"parameters"}
    yield os.path.join(ROOT, "docs", "architecture.md"), {"modules"}
    yield os.path.join(ROOT, "docs", "app-store-previews.md"), {"preview-rules"}
    for folder in sorted(glob.glob(os.path.join(ROOT, "Sources", "NotchwaveScene", "Scenes", "*", ""))):
        yield os.path.join(folder, "README.md"), {"scene"}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary, check = sys.argv[1], "--check" in sys.argv[2:]
    stale = []
    for path, required in pages():
        name = os.path.relpath(path, ROOT)
        if not os.path.exists(path):
            sys.exit(f"{name}: missing (every scene folder has its page)")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found = {m.group(2) for m in BLOCK.finditer(text)}
        if not required <= found:
            sys.exit(f"{name}: no generated block {', '.join(sorted(required - found))}")
        updated = BLOCK.sub(lambda m: m.group(1) + content(binary, m.group(2), m.group(3)) + "\n" + m.group(4), text)
        if updated == text:
            continue
        stale.append(name)
        if not check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(updated)
            print(f"{name}: generated blocks rewritten")
    if check:
        if stale:
            sys.exit(f"{', '.join(stale)}: the generated blocks are out of date; run `make readme`")
        print("docs/ and the scenes' pages: generated blocks up to date")


if __name__ == "__main__":
    main()
