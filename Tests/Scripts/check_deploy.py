#!/usr/bin/env python3
"""Checks that the scale-out files agree with each other and with the project.

Usage: check_deploy.py KUBERNETES_YAML WORKFLOW_YAML REPOSITORY_ROOT
Prints one line per problem and exits 1 if there is any; prints "ok" and exits 0 otherwise.
"""
import os
import re
import sys

import yaml


def main() -> int:
    job_path, workflow_path, root = sys.argv[1:4]
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

    for p in problems:
        print(p)
    if not problems:
        print("ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
