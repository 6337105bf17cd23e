#!/usr/bin/env python3
"""Reads the Dockerfile for scripts/check-image.sh, which assembles its runtime stage
without a Docker engine.

  dockerfile_stage.py stage DOCKERFILE   prints the last stage as bash assignments
  dockerfile_stage.py packages DOCKERFILE
                                         prints the Debian packages the last stage's
                                         apt-get install line installs, one per line: the
                                         runtime packages, which `make deb` also depends on
  dockerfile_stage.py size ROOT          prints a root file system's size and its
                                         largest contributors (Debian packages, by the
                                         bytes of their files that are present; files of
                                         no package, by path)

The parser covers what the project's Dockerfile uses: line continuations, comments,
global and stage ARGs with defaults (`${NAME}` substituted in FROM, LABEL and ENV),
shell-form RUN, ENV KEY=VALUE, COPY [--from=STAGE] SRC... DEST, USER, WORKDIR, and the
JSON forms of ENTRYPOINT and CMD. Anything else it does not know is an error, so that a
new instruction cannot be skipped silently.
"""
import json
import os
import re
import shlex
import sys


def instructions(text):
    """(keyword, arguments) pairs, continuation lines joined, comments dropped."""
    out, pending = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        keyword, _, rest = line.partition(" ")
        out.append((keyword.upper(), rest.strip()))
    if pending:
        raise SystemExit("dockerfile_stage: the Dockerfile ends in a line continuation")
    return out


def substitute(value, args):
    def repl(m):
        name = m.group(1) or m.group(2)
        if name not in args:
            raise SystemExit(f"dockerfile_stage: ${{{name}}} has no ARG value")
        return args[name]
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", repl, value)


def unquote(value):
    return shlex.split(value)[0] if value else value


def read_stages(path):
    """The global ARGs and the stages, as parsed."""
    global_args, stages = {}, []
    for keyword, rest in instructions(open(path, encoding="utf-8").read()):
        if keyword == "FROM":
            words = rest.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append({"from": substitute(words[0], global_args), "name": name, "args": {},
                           "runs": [], "env": [], "copies": [], "labels": {},
                           "user": "root", "workdir": "/", "entrypoint": [], "cmd": []})
            continue
        if not stages:
            if keyword != "ARG":
                raise SystemExit(f"dockerfile_stage: {keyword} before the first FROM")
            name, _, default = rest.partition("=")
            global_args[name] = unquote(default)
            continue
        s = stages[-1]
        scope = {**global_args, **s["args"]}
        if keyword == "ARG":
            name, eq, default = rest.partition("=")
            s["args"][name] = unquote(default) if eq else global_args.get(name, "")
        elif keyword == "RUN":
            if rest.startswith("[") or rest.startswith("<<"):
                raise SystemExit("dockerfile_stage: only shell-form RUN is supported")
            s["runs"].append(rest)
            s["run_as"] = s.get("run_as", set()) | {(s["user"], s["workdir"])}
        elif keyword == "ENV":
            for item in shlex.split(rest):
                key, eq, value = item.partition("=")
                if not eq:
                    raise SystemExit("dockerfile_stage: ENV needs KEY=VALUE")
                s["env"].append(f"{key}={substitute(value, scope)}")
        elif keyword == "LABEL":
            for item in shlex.split(rest):
                key, _, value = item.partition("=")
                s["labels"][key] = substitute(value, scope)
        elif keyword == "COPY":
            words = rest.split()
            source = "."
            while words and words[0].startswith("--"):
                flag = words.pop(0)
                if flag.startswith("--from="):
                    source = flag[len("--from="):]
                else:
                    raise SystemExit(f"dockerfile_stage: COPY {flag} is not supported")
            for src in words[:-1]:
                s["copies"].append(f"{source}|{src}|{words[-1]}")
        elif keyword == "USER":
            s["user"] = substitute(rest, scope)
        elif keyword == "WORKDIR":
            s["workdir"] = os.path.join(s["workdir"], substitute(rest, scope))
        elif keyword in ("ENTRYPOINT", "CMD"):
            s[keyword.lower()] = json.loads(rest)
        else:
            raise SystemExit(f"dockerfile_stage: {keyword} is not supported by check-image")
    if not stages:
        raise SystemExit("dockerfile_stage: no FROM")
    return global_args, stages


def packages(path):
    """The packages of the runtime stage's first `apt-get install` (up to its `&&`)."""
    _, stages = read_stages(path)
    for run in stages[-1]["runs"]:
        m = re.search(r"apt-get install([^&]*)", run)
        if m:
            names = [w for w in m.group(1).split() if re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", w)]
            if names:
                print("\n".join(names))
                return
    raise SystemExit("dockerfile_stage: the runtime stage has no apt-get install line")


def stage(path):
    global_args, stages = read_stages(path)
    final = stages[-1]
    if final.get("run_as", {("root", "/")}) != {("root", "/")}:
        raise SystemExit("dockerfile_stage: check-image runs the runtime stage's RUN lines as root in /; keep them before USER and WORKDIR")
    # What each earlier stage installs with scripts/stage-install.sh DEST (the files the
    # runtime stage's COPY --from lines take).
    outputs = []
    # What the build context gives those stages (`COPY SRC... DEST` from the context,
    # DEST relative to the stage's WORKDIR): the only files their RUN lines may use.
    context = []
    for s in stages[:-1]:
        for run in s["runs"]:
            m = re.search(r"scripts/stage-install\.sh\s+(\S+)", run)
            if m and s["name"]:
                outputs.append(f"{s['name']}|{m.group(1)}")
                context += [f"{s['name']}|{c.split('|', 1)[1]}" for c in s["copies"] if c.startswith(".|")]
    q = shlex.quote
    arr = lambda xs: "(" + " ".join(q(x) for x in xs) + ")"
    scope = {**global_args, **final["args"]}
    print(f"stage_from={q(final['from'])}")
    print(f"stage_args={arr(f'{k}={v}' for k, v in final['args'].items())}")
    print(f"stage_runs={arr(final['runs'])}")
    print(f"stage_env={arr(final['env'])}")
    print(f"stage_copies={arr(final['copies'])}")
    print(f"stage_user={q(final['user'])}")
    print(f"stage_workdir={q(final['workdir'])}")
    print(f"stage_entrypoint={arr(final['entrypoint'])}")
    print(f"stage_cmd={arr(final['cmd'])}")
    print(f"stage_labels={arr(f'{k}={v}' for k, v in final['labels'].items())}")
    print(f"build_outputs={arr(outputs)}")
    print(f"build_context={arr(context)}")


def size(root):
    admin = os.path.join(root, "var/lib/dpkg/info")
    owner = {}
    for name in os.listdir(admin):
        if name.endswith(".list"):
            package = name[:-5].split(":")[0]
            for line in open(os.path.join(admin, name), encoding="utf-8", errors="replace"):
                path = line.rstrip("\n")
                owner.setdefault(path, package)
                # Merged /usr: /lib, /bin and /sbin are links into /usr.
                if path.split("/")[1:2] in (["lib"], ["lib64"], ["bin"], ["sbin"]):
                    owner.setdefault("/usr" + path, package)
    by_package, loose, total = {}, {}, 0
    for directory, dirs, files in os.walk(root):
        for f in files:
            full = os.path.join(directory, f)
            st = os.lstat(full)
            total += st.st_size
            rel = "/" + os.path.relpath(full, root)
            package = owner.get(rel)
            if package:
                by_package[package] = by_package.get(package, 0) + st.st_size
            else:
                top = "/".join(rel.split("/")[:4])
                loose[top] = loose.get(top, 0) + st.st_size
    mib = lambda b: b / 1048576
    print(f"total {mib(total):.1f} MiB ({total} bytes) in {len(by_package)} packages and other files")
    rows = sorted([(b, p) for p, b in by_package.items()] + [(b, p + " (no package)") for p, b in loose.items()], reverse=True)
    for b, name in rows[:12]:
        print(f"  {mib(b):7.1f} MiB  {name}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "stage":
        stage(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "packages":
        packages(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "size":
        size(sys.argv[2])
    else:
        raise SystemExit(__doc__)
