#!/usr/bin/env python3
"""Checks that the scale-out and image files agree with each other and with the project.

Usage: check_deploy.py KUBERNETES_YAML WORKFLOW_YAML REPOSITORY_ROOT [IMAGE_WORKFLOW_YAML [DOCKERFILE]]
  (the last two default to .github/workflows/image.yml and Dockerfile under the root)
Prints one line per problem and exits 1 if there is any; prints "ok" and exits 0 otherwise.

The image: the image workflow builds IMAGE with Buildx for linux/amd64 and linux/arm64,
runs scripts/image-smoke.sh in it, pushes IMAGE:VERSION only on tags, where VERSION is
the Dockerfile's ARG VERSION, which equals the version notchwave prints
(Sources/NotchwaveModel/Version.swift); the render workflow and the Kubernetes Job run
IMAGE:VERSION.
"""
import os
import re
import sys

import yaml


def main() -> int:
    job_path, workflow_path, root = sys.argv[1:4]
    image_workflow_path = sys.argv[4] if len(sys.argv) > 4 else os.path.join(root, ".github/workflows/image.yml")
    dockerfile_path = sys.argv[5] if len(sys.argv) > 5 else os.path.join(root, "Dockerfile")
    problems = []
    with open(job_path) as f:
        job = yaml.safe_load(f)
    with open(workflow_path) as f:
        workflow = yaml.safe_load(f)

    # --- Kubernetes Indexed Job ---
    if job.get("apiVersion") != "batch/v1" or job.get("kind") != "Job":
        problems.append("kubernetes: not a batch/v1 Job")
    spec = job.get("spec", {})
    if spec.get("completionMode") != "Indexed":
        problems.append("kubernetes: completionMode is not Indexed")
    completions, parallelism = spec.get("completions"), spec.get("parallelism")
    pod = spec.get("template", {}).get("spec", {})
    containers = pod.get("containers", [])
    if len(containers) != 1:
        problems.append("kubernetes: expected one container")
        container = {}
    else:
        container = containers[0]
    env = {e["name"]: e.get("value") for e in container.get("env", [])}
    count = env.get("JOB_COMPLETION_COUNT")
    if count is None or not str(count).isdigit():
        problems.append("kubernetes: JOB_COMPLETION_COUNT is not set to a number")
    elif not (int(count) == completions == parallelism):
        problems.append(f"kubernetes: completions ({completions}), parallelism ({parallelism}) and JOB_COMPLETION_COUNT ({count}) disagree")
    args = container.get("args", [])
    if not args or args[0] != "batch":
        problems.append("kubernetes: the container does not run `batch`")
    if "--shard" not in args or args[args.index("--shard") + 1] != "env":
        problems.append("kubernetes: the container does not pass `--shard env`")
    if not pod.get("securityContext", {}).get("runAsNonRoot"):
        problems.append("kubernetes: the pod does not require a non-root user")
    mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    job_file = args[1] if len(args) > 1 else ""
    out_dir = args[args.index("--output") + 1] if "--output" in args else ""
    for path, what in ((job_file, "job file"), (out_dir, "output directory")):
        mount = next((m for m in mounts if path.startswith(m + "/")), None)
        if mount is None:
            problems.append(f"kubernetes: the {what} {path} is not on a mounted volume")
        elif mounts[mount] not in volumes:
            problems.append(f"kubernetes: volume {mounts[mount]} is mounted but not defined")
    if job_file and not os.path.exists(os.path.join(root, "examples", os.path.basename(job_file))):
        problems.append(f"kubernetes: examples/{os.path.basename(job_file)} does not exist")
    k8s_image = container.get("image", "")

    # --- GitHub Actions workflow ---
    wenv = workflow.get("env", {})
    image, shards = wenv.get("IMAGE"), wenv.get("SHARDS")
    if image != k8s_image:
        problems.append(f"workflow: IMAGE {image} differs from the Kubernetes image {k8s_image}")
    jobs = workflow.get("jobs", {})
    render, merge = jobs.get("render", {}), jobs.get("merge", {})
    matrix = render.get("strategy", {}).get("matrix", {}).get("shard", [])
    if shards is None or not str(shards).isdigit() or matrix != list(range(int(shards))):
        problems.append(f"workflow: the matrix {matrix} is not 0..SHARDS-1 (SHARDS={shards})")
    run_lines = " ".join(step.get("run", "") for step in render.get("steps", []))
    if not re.search(r'batch examples/[\w-]+\.json .*--shard "\$\{\{ matrix\.shard \}\}/\$SHARDS"', run_lines.replace("\\\n", " ")):
        problems.append("workflow: the render step does not run `batch examples/JOB.json ... --shard \"${{ matrix.shard }}/$SHARDS\"`")
    m = re.search(r"batch (examples/[\w-]+\.json)", run_lines)
    if m and not os.path.exists(os.path.join(root, m.group(1))):
        problems.append(f"workflow: {m.group(1)} does not exist")
    uploads = [s.get("with", {}).get("name", "") for s in render.get("steps", []) if "upload-artifact" in s.get("uses", "")]
    downloads = [s.get("with", {}).get("pattern", "") for s in merge.get("steps", []) if "download-artifact" in s.get("uses", "")]
    if not uploads or not downloads or not all(re.fullmatch(downloads[0].replace("*", ".*"), u.replace("${{ matrix.shard }}", "0")) for u in uploads):
        problems.append(f"workflow: uploaded artifacts {uploads} do not match the merge job's download pattern {downloads}")
    if merge.get("needs") != "render":
        problems.append("workflow: the merge job does not wait for the render job")
    if "batch merge" not in " ".join(step.get("run", "") for step in merge.get("steps", [])):
        problems.append("workflow: the merge job does not run `batch merge`")

    problems += check_image(image_workflow_path, dockerfile_path, root, image, k8s_image)

    for p in problems:
        print(p)
    if not problems:
        print("ok")
    return 1 if problems else 0


def check_image(workflow_path, dockerfile_path, root, render_image, k8s_image):
    problems = []
    with open(workflow_path) as f:
        workflow = yaml.safe_load(f)
    dockerfile = open(dockerfile_path).read()
    m = re.search(r"^ARG VERSION=(\S+)$", dockerfile, re.M)
    version = m.group(1) if m else None
    if version is None:
        problems.append("Dockerfile: no ARG VERSION=... line")
    m = re.search(r'current = "([^"]+)"', open(os.path.join(root, "Sources/NotchwaveModel/Version.swift")).read())
    if not m or m.group(1) != version:
        problems.append(f"Dockerfile: VERSION {version} differs from notchwave's version {m.group(1) if m else '?'}")
    for name, base in re.findall(r"^ARG (\w+)_BASE=(\S+)$", dockerfile, re.M):
        if not re.search(rf"^ARG {name}_DIGEST=sha256:[0-9a-f]{{64}}$", dockerfile, re.M):
            problems.append(f"Dockerfile: the base {base} is not pinned by an ARG {name}_DIGEST=sha256:... line")
        if f"${{{name}_BASE}}@${{{name}_DIGEST}}" not in dockerfile:
            problems.append(f"Dockerfile: no FROM uses ${{{name}_BASE}}@${{{name}_DIGEST}}")
    if re.search(r"^FROM (?!\$\{\w+_BASE\}@\$\{\w+_DIGEST\})", dockerfile, re.M):
        problems.append("Dockerfile: a FROM line is not pinned by digest")

    name = workflow.get("env", {}).get("IMAGE", "")
    expected = f"{name}:{version}"
    for what, ref in (("render-presets workflow IMAGE", render_image), ("Kubernetes image", k8s_image)):
        if ref != expected:
            problems.append(f"image: the {what} {ref} is not the image workflow's {expected}")
    triggers = workflow.get("on", workflow.get(True, {})) or {}
    if "v*" not in (triggers.get("push", {}) or {}).get("tags", []):
        problems.append("image workflow: it does not run on version tags v*")
    steps = [s for job in workflow.get("jobs", {}).values() for s in job.get("steps", [])]
    builds = [s for s in steps if "docker/build-push-action" in s.get("uses", "")]
    platforms = {p.strip() for s in builds for p in str(s.get("with", {}).get("platforms", "")).split(",")}
    if not {"linux/amd64", "linux/arm64"} <= platforms:
        problems.append(f"image workflow: Buildx does not build linux/amd64 and linux/arm64 ({sorted(platforms)})")
    pushes = [s for s in builds if s.get("with", {}).get("push")]
    if len(pushes) != 1 or str(pushes[0]["with"]["push"]) != "${{ github.ref_type == 'tag' }}":
        problems.append("image workflow: exactly one build must push, and only on tags")
    else:
        push = pushes[0]["with"]
        tags = [t.strip() for t in str(push.get("tags", "")).splitlines() if t.strip()]
        if "${{ env.IMAGE }}:${{ steps.version.outputs.version }}" not in tags:
            problems.append(f"image workflow: the pushed tags {tags} miss IMAGE:VERSION")
        if "org.opencontainers.image.version=${{ steps.version.outputs.version }}" not in str(push.get("labels", "")):
            problems.append("image workflow: the pushed image has no version label")
        if not any(s.get("uses", "").startswith("docker/login-action") and steps.index(s) < steps.index(pushes[0]) for s in steps):
            problems.append("image workflow: no registry login before the push")
    smoke = " ".join(s.get("run", "") for s in steps)
    if "scripts/image-smoke.sh --docker" not in smoke:
        problems.append("image workflow: the smoke renders (scripts/image-smoke.sh --docker) do not run")
    elif not any(s.get("with", {}).get("load") for s in builds if steps.index(s) < steps.index(next(x for x in steps if "image-smoke" in x.get("run", "")))):
        problems.append("image workflow: no image is loaded before the smoke renders")
    for script in ("scripts/image-smoke.sh", "scripts/pin-base-images.sh"):
        if script in smoke and not os.access(os.path.join(root, script), os.X_OK):
            problems.append(f"image workflow: {script} is not an executable file")
    return problems


if __name__ == "__main__":
    sys.exit(main())
