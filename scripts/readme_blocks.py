#!/usr/bin/env python3
"""Writes (or, with --check, verifies) the README's generated blocks:

  <!-- generated: parameters ... -->   notchwave parameters --markdown
  <!-- generated: modules ... -->      scripts/module_graph.py markdown

usage: scripts/readme_blocks.py BIN [--check]
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(binary):
    return {
        "parameters": subprocess.run([binary, "parameters", "--markdown"], check=True, capture_output=True, text=True).stdout.strip(),
        "modules": subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "module_graph.py"), "markdown"],
                                  check=True, capture_output=True, text=True).stdout.strip(),
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    check = "--check" in sys.argv[2:]
    path = os.path.join(ROOT, "README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    updated = text
    for name, content in blocks(sys.argv[1]).items():
        pattern = re.compile(r"(<!-- generated: %s[^\n]*-->\n).*?(<!-- end generated: %s -->)" % (name, name), re.S)
        if not pattern.search(updated):
            sys.exit(f"README.md has no generated block '{name}'")
        updated = pattern.sub(lambda m: m.group(1) + content + "\n" + m.group(2), updated)
    if check:
        if updated != text:
            sys.exit("README.md: the generated blocks (parameters, modules) are out of date; run `make readme`")
        print("README.md: generated blocks (parameters, modules) up to date")
        return
    if updated != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(updated)
        print("README.md: generated blocks rewritten")


if __name__ == "__main__":
    main()
