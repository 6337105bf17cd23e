#!/usr/bin/env python3
"""The package's module graph, read from Package.swift (`swift package dump-package`).

  scripts/module_graph.py check      every target imports only package modules it declares
                                     as dependencies (exit 1 and one line per leak)
  scripts/module_graph.py markdown   the module graph as the README's architecture block

SwiftPM's own --explicit-target-dependency-import-check only flags modules outside a
target's transitive dependencies; this check is stricter: a direct import needs a direct
declaration (the CLI may not import NotchwaveVideo because the pipeline does).

The check also keeps the model free of scenes: no code line of NotchwaveModel (comments
aside) names a scene (a folder of Sources/NotchwaveScene/Scenes, in kebab case as
`--scene` names it) or a type declared in a scene's folder.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)', re.M)


def package():
    swift = os.environ.get("SWIFT", "swift")
    out = subprocess.run([swift, "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def dependencies(target):
    names = []
    for dep in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.append(dep[kind][0])
    return names


def source_dir(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    base = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(ROOT, base, target["name"])


def check(pkg):
    modules = {t["name"] for t in pkg["targets"]}
    problems = []
    for target in pkg["targets"]:
        if target["type"] == "system":
            continue
        declared = set(dependencies(target))
        for folder, _, files in os.walk(source_dir(target)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for module in IMPORT.findall(text):
                    if module in modules and module != target["name"] and module not in declared:
                        problems.append(f"{os.path.relpath(path, ROOT)}: {target['name']} imports {module} "
                                        f"without declaring it in Package.swift")
    problems += scene_leaks()
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"imports: every target imports only what Package.swift declares ({len(modules)} targets); the model names no scene")
    return 1 if problems else 0


def scene_leaks():
    """Code lines of the model that name a scene or one of a scene folder's types."""
    scenes_dir = os.path.join(ROOT, "Sources", "NotchwaveScene", "Scenes")
    words = set()
    for scene in sorted(os.listdir(scenes_dir)):
        words.add(re.sub(r"(?<!^)([A-Z])", r"-\1", scene).lower())
        for folder, _, files in os.walk(os.path.join(scenes_dir, scene)):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        words.update(re.findall(r"^(?:public\s+|final\s+)*(?:struct|enum|class|protocol)\s+(\w+)", f.read(), re.M))
    # `none` names the scene that draws nothing (Scenes/None), and is also the model's own
    # word for an absence (a cutout of kind none, a default of none): not a leak.
    words.discard("none")
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in sorted(words)) + r")(?![\w-])")
    leaks = []
    model = os.path.join(ROOT, "Sources", "NotchwaveModel")
    for folder, _, files in os.walk(model):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    code = line.split("//", 1)[0]
                    match = pattern.search(code)
                    if match:
                        leaks.append(f"{os.path.relpath(path, ROOT)}:{number}: the model names the scene code '{match.group(1)}'")
    return leaks


def markdown(pkg):
    lines = ["```text"]
    targets = [t for t in pkg["targets"] if t["type"] in ("regular", "executable", "system") and not (t.get("path") or "").startswith("Tests")]
    width = max(len(t["name"]) for t in targets)
    for target in targets:
        deps = dependencies(target)
        kind = {"system": "system library", "executable": "executable"}.get(target["type"], "")
        right = " ← " + ", ".join(deps) if deps else ""
        lines.append((f"{target['name']:<{width}}{right}" + (f"   ({kind})" if kind else "")).rstrip())
    lines.append("```")
    return "\n".join(lines)


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    pkg = package()
    if mode == "check":
        sys.exit(check(pkg))
    elif mode == "markdown":
        print(markdown(pkg))
    else:
        sys.exit(f"usage: {sys.argv[0]} check|markdown")
