#!/usr/bin/env python3
"""How many source files name one of each scene's options, at a git revision.

  scripts/scene_option_files.py [REV] [--list]     (default: the working tree)

A file names an option when a code line (comments aside) holds its quoted key ("page",
"close-on-tap"), the key path of its field (\\.closeOnTap) or, for the notch waves' render
parameters, the declaration (Parameters.period, NotchWaves.period). A key that is also a
common word ("size", "colors") counts wherever it is quoted, for every scene that has it:
`--list` shows each file and what it matched. The option lists are read from the
declarations in the working tree.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENES = os.path.join(ROOT, "Sources", "NotchwaveScene", "Scenes")


def declared(folder):
    """(key, field) of each `Option(\\.field, "key"` in a scene folder."""
    pairs = []
    for name in sorted(os.listdir(os.path.join(SCENES, folder))):
        if name.endswith(".swift"):
            with open(os.path.join(SCENES, folder, name), encoding="utf-8") as f:
                pairs += [(k, fld) for fld, k in re.findall(r'Option\(\\\.(\w+), "([\w-]+)"', f.read())]
    return pairs


def notch_parameters():
    with open(os.path.join(SCENES, "NotchWaves", "NotchWavesParameters.swift"), encoding="utf-8") as f:
        return re.findall(r'public static let (\w+) = Parameter<', f.read())


def patterns():
    waves = [re.compile(r'"%s"|\b(?:Parameters|NotchWaves)\.%s\b' % (n, n)) for n in notch_parameters()]
    result = {"notch-waves": waves}
    for folder, scene in (("LiquidSwipe", "liquid-swipe"), ("Popup", "popup")):
        result[scene] = [re.compile(r'"%s"|\\\.%s\b' % (re.escape(k), fld)) for k, fld in declared(folder)]
    return result


def files(rev):
    if rev is None:
        listed = subprocess.run(["git", "ls-files", "Sources"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        return {p: open(os.path.join(ROOT, p), encoding="utf-8").read() for p in listed if p.endswith(".swift")}
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "Sources"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return {p: subprocess.run(["git", "show", f"{rev}:{p}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
            for p in listed if p.endswith(".swift")}


def code(text):
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def main():
    arguments = [a for a in sys.argv[1:] if a != "--list"]
    sources = {p: code(text) for p, text in files(arguments[0] if arguments else None).items()}
    for scene, pats in patterns().items():
        naming = sorted(p for p, text in sources.items() if any(pat.search(text) for pat in pats))
        modules = sorted({p.split("/")[1] for p in naming})
        print(f"{scene}: {len(naming)} files in {len(modules)} modules ({', '.join(modules)})")
        if "--list" in sys.argv:
            for p in naming:
                found = sorted({m.group(0) for pat in pats for m in pat.finditer(sources[p])})
                print(f"    {p}: {' '.join(found)}")


if __name__ == "__main__":
    main()
