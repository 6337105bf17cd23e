#!/usr/bin/env python3
"""The studio's HTTP API checked with plain HTTP against `notchwave frame` and its rules.

  Tests/Studio/studio_api_check.py BINARY

- /api/frame.png?t= and ?frame= give exactly the bytes `notchwave frame` writes; the raw
  RGBA the page draws is the PNG's pixels;
- bad queries get 400 with one line (bad numbers, NaN, 1e308, frames past the end, bad
  UTF-8, unknown outputs); the job lists outputs with their marks and declarations;
- DNS rebinding (a foreign Host), cross-origin and non-JSON state changes, path
  traversal, directory listings and symlinks out of the job's folder are refused;
- huge headers, slow clients and 1,000 connections at once leave it serving with its
  memory bounded;
- an edit through /api/set changes the frame and the command line; the job file edited
  on disk reloads (an event within a second), broken shows its error with line and
  column, fixed reloads again; Render writes the file once (a second start is refused);
- Ctrl-C ends it with exit 130.
Exit 0 when every check passes; one line per failure otherwise."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_common import check, failures, Studio, Events, job_text, png_pixels  # noqa: E402

def main(binary):
    studio = Studio(binary)
    try:
        run(studio)
    finally:
        code = studio.stop()
        check(code == 130, "Ctrl-C (SIGINT) ends the studio with exit 130, got %s" % code)
    wildcard(binary)
    if failures:
        print("%d studio API checks failed" % len(failures), file=sys.stderr)
        return 1
    print("studio API: every check passed")
    return 0


def wildcard(binary):
    """--host 0.0.0.0: it says others can reach it; an address literal is its name, a DNS name is not."""
    import http.client
    process = subprocess.Popen([os.path.abspath(binary), "studio", "--host", "0.0.0.0", "--port", "0", "--preset", "iphone-se-3"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = process.stdout.readline().decode().strip()
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        for host, expected in (("127.0.0.1:%d" % port, 200), ("192.0.2.7:%d" % port, 200), ("evil.example:%d" % port, 403)):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/api/job", headers={"Host": host})
            status = connection.getresponse().status
            connection.close()
            check(status == expected, "--host 0.0.0.0 answers Host %s with %d, got %d" % (host, expected, status))
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=15)
    check(b"not only this machine's loopback" in err, "--host 0.0.0.0 says so: %r" % err[:300])
    check(process.returncode == 143, "SIGTERM ends it with 143, got %s" % process.returncode)


def run(studio):
    job = studio.job_json()
    names = [o["name"] for o in job["outputs"]]
    check(names == ["iphone-se-3.mp4", "iphone-x.mp4"], "the job's outputs, got %s" % names)
    se = job["outputs"][0]
    check(se["fps"] == 30 and se["frames"] == 45 and se["width"] == 750 and se["height"] == 1334,
          "the output's rate, frames and size: %s" % {k: se.get(k) for k in ("fps", "frames", "width", "height")})
    labels = [(round(m["time"], 3), m["label"]) for m in se["marks"]]
    check((0.4, "tap left") in labels and (1.1, "tap right") in labels, "the script's taps are marks: %s" % labels)
    check(any(l.startswith("caption") and t == 0.2 for t, l in labels) and any(t == 1.0 for t, l in labels),
          "the caption's start and end are marks: %s" % labels)
    declared = {p["key"]: p for p in job["declarations"]["parameters"]}
    check(declared["fps"]["minimum"] is not None and declared["fps"]["maximum"] is not None, "fps is declared with its range")
    check("dark" in declared["appearance"]["choices"], "appearance's choices are declared")
    check(any(p["key"] == "page" for p in job["declarations"]["scenes"]["liquid-swipe"]), "the scene's options are declared")

    # Frames: the exact bytes of `notchwave frame`, by time and by frame number.
    for preset, t in (("iphone-se-3", "0"), ("iphone-se-3", "0.5"), ("iphone-x", "1.2")):
        status, headers, data = studio.get("/api/frame.png?t=%s&output=%s.mp4" % (t, preset))
        check(status == 200 and headers.get("content-type") == "image/png", "frame.png %s t=%s: %s" % (preset, t, status))
        check(data == studio.frame_cli(preset, t), "frame.png %s t=%s is the bytes notchwave frame writes" % (preset, t))
    status, _, by_frame = studio.get("/api/frame.png?frame=15&output=iphone-se-3.mp4")
    check(status == 200 and by_frame == studio.frame_cli("iphone-se-3", "0.5"), "frame=15 at 30 fps is t=0.5")
    status, headers, raw = studio.get("/api/frame.rgba?frame=15&output=iphone-se-3.mp4")
    width, height, pixels = png_pixels(by_frame)
    check(status == 200 and raw == pixels and headers.get("x-width") == str(width), "frame.rgba is the PNG's pixels")

    # Bad queries: 400 and one line, as the CLI says it.
    for query, words in (("t=abc", "expected a number"), ("t=NaN", "expected a number"), ("t=1e308", "within 0...3600"),
                         ("t=-1", "within"), ("frame=45", "past the clip"), ("frame=-1", "past the clip"),
                         ("frame=1.5", "whole number"), ("t=%ff%fe", "expected a number"), ("", "missing"),
                         ("t=1&frame=2", "not both"), ("t=1&output=nope.mp4", "no such output")):
        status, _, data = studio.get("/api/frame.png?" + query)
        text = data.decode(errors="replace")
        check(status == 400 and words in text and text.count("\n") == 1, "?%s: 400 with '%s', got %s %r" % (query, words, status, text))

    # DNS rebinding, cross-origin changes, traversal, listings, symlinks.
    status, _, _ = studio.get("/api/job", headers={"Host": "evil.example:%d" % studio.port})
    check(status == 403, "a foreign Host header is refused (403), got %s" % status)
    status, _, _ = studio.get("/", headers={"Host": "localhost:%d" % studio.port})
    check(status == 200, "localhost:PORT is this server")
    status, _, _ = studio.request("POST", "/api/set", body={"key": "fps", "value": "24"}, headers={"Origin": "http://evil.example"})
    check(status == 403, "a cross-origin POST is refused (403), got %s" % status)
    status, _, _ = studio.request("POST", "/api/set", body="key=fps", headers={"Content-Type": "text/plain"})
    check(status == 415, "a POST that is not JSON is refused (415), got %s" % status)
    for path in ("/files/../../../../etc/passwd", "/files/%2e%2e/%2e%2e/etc/passwd", "/files/", "/files/" + studio.folder,
                 "/files/job.json/..", "/../../etc/passwd", "/api/../../etc/passwd"):
        status, _, data = studio.get(path)
        check(status == 404 and b"root:" not in data, "%s is refused (404), got %s" % (path, status))
    status, _, data = studio.get("/files/tap.json")
    check(status == 200 and b"tap" in data, "a file the job names is served, got %s" % status)
    os.symlink("/etc/passwd", os.path.join(studio.folder, "outside.json"))
    with open(studio.job, "w") as f:
        f.write(job_text().replace('"script": "tap.json"', '"script": "outside.json"'))
    time.sleep(1.0)
    status, _, data = studio.get("/files/outside.json")
    check(status == 404 and b"root:" not in data, "a symlink out of the job's folder is refused, got %s" % status)
    with open(studio.job, "w") as f:
        f.write(job_text())
    time.sleep(0.6)

    # Hostile clients: huge headers, slow ones, a thousand at once.
    before = studio.rss_kib()
    status, _, _ = studio.get("/api/job", headers={"X-Huge": "a" * 200_000})
    check(status in (413, 431), "a 200 kB header is refused (431), got %s" % status)
    slow = []
    for _ in range(40):
        s = socket.create_connection(("127.0.0.1", studio.port))
        s.sendall(b"GET /api/job HTTP/1.1\r\nHost: ")
        slow.append(s)
    started = time.time()
    status, _, _ = studio.get("/api/job")
    check(status == 200 and time.time() - started < 2, "serves while 40 clients send their headers slowly")
    for s in slow:
        s.close()
    crowd = []
    for _ in range(1000):
        try:
            s = socket.create_connection(("127.0.0.1", studio.port), timeout=5)
            s.sendall(("GET /api/frame.png?t=0.3 HTTP/1.1\r\nHost: %s\r\n\r\n" % studio.host).encode())
            crowd.append(s)
        except OSError:
            pass
    time.sleep(1)
    for s in crowd:
        s.close()
    time.sleep(1)
    check(studio.alive(), "alive after 1,000 connections at once")
    status, _, _ = studio.get("/api/job")
    check(status == 200, "serves after 1,000 connections at once, got %s" % status)
    after = studio.rss_kib()
    check(after - before < 400_000, "memory stays bounded: %d kB before, %d kB after the crowd" % (before, after))
    print("memory: %.1f MB before the hostile clients, %.1f MB after" % (before / 1024, after / 1024))

    # Edits, reloads, errors.
    events = Events(studio)
    check(events.next("hello") is not None, "the event stream says hello")
    status, _, before_edit = studio.get("/api/frame.png?t=0.2&output=iphone-se-3.mp4")
    status, _, data = studio.request("POST", "/api/set", body={"key": "sceneOptions.page", "value": "2"})
    check(status == 200, "an edit of a scene option is taken, got %s %s" % (status, data[:200]))
    edited = json.loads(data)["outputs"][0]
    check("page=2" in edited["commandLine"], "the command line shows the edit: %s" % edited["commandLine"])
    status, _, after_edit = studio.get("/api/frame.png?t=0.2&output=iphone-se-3.mp4")
    check(after_edit != before_edit, "the edit changes the frame")
    status, _, data = studio.request("POST", "/api/set", body={"key": "fps", "value": "1000"})
    check(status == 400 and b"fps" in data, "a value out of range is refused with its message: %s %r" % (status, data))
    status, _, data = studio.request("POST", "/api/reset", body={})
    check(status == 200 and json.loads(data)["edits"] == [], "reset removes the edits")
    started = time.time()
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0))
    reload = events.next("reload", timeout=3, where=lambda m: m["reason"] == "file")
    took = time.time() - started
    check(reload is not None and took < 1.0, "an edited job file reloads within 1 s (%.2f s)" % took)
    check(studio.job_json()["outputs"][0]["frames"] == 30, "the reload shows the new duration")
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0).replace('"fps": 30', '"fps": 30,,'))
    problem = events.next("problem", timeout=3)
    check(problem is not None and "job.json" in problem["message"] and "line 5" in problem["message"],
          "a broken job file shows its error with file and line: %s" % problem)
    status, _, _ = studio.get("/api/frame.png?t=0.2&output=iphone-se-3.mp4")
    check(status == 200, "the last good frame is still served while the file is broken")
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0))
    check(events.next("reload", timeout=3, where=lambda m: m["reason"] == "file") is not None and studio.job_json()["error"] is None, "fixed, it reloads")

    # A script the job names but lacks: the outputs say so; once it appears they load.
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0).replace('"script": "tap.json"', '"script": "later.json"'))
    missing = events.next("reload", timeout=3, where=lambda m: m["reason"] == "file")
    check(missing is not None and any("later.json" in p for p in missing["problems"]), "a missing script is each output's problem: %s" % missing)
    with open(os.path.join(studio.folder, "later.json"), "w") as f:
        f.write('{"events": [{"tap": "left", "at": 0.4}, {"tap": "right", "at": 1.1}]}')
    appeared = events.next("reload", timeout=3, where=lambda m: m["reason"] == "file" and not m["problems"])
    check(appeared is not None, "the script appearing reloads the job")
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0))
    events.next("reload", timeout=3, where=lambda m: m["reason"] == "file")

    # Render: once at a time, into out/job, checked.
    status, _, _ = studio.request("POST", "/api/render", body={"output": "iphone-se-3.mp4"})
    check(status == 202, "render starts (202), got %s" % status)
    status, _, _ = studio.request("POST", "/api/render", body={"all": True})
    check(status == 409, "a second render while one runs is refused (409), got %s" % status)
    done = None
    for _ in range(200):
        message = events.next("render", timeout=60)
        if message is None or message["state"] in ("done", "failed"):
            done = message
            break
    check(done is not None and done["state"] == "done", "the render finishes: %s" % done)
    if done and done["state"] == "done":
        name = done["files"][0]["name"]
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                "stream=nb_read_frames,width,height", "-of", "json", os.path.join(studio.folder, name)],
                               capture_output=True, text=True)
        stream = json.loads(probe.stdout)["streams"][0] if probe.returncode == 0 else {}
        check(stream.get("nb_read_frames") == "30" and stream.get("width") == 750, "the rendered file: %s" % stream)
        status, headers, data = studio.get(done["files"][0]["url"])
        check(status == 200 and headers.get("content-type") == "video/mp4" and len(data) > 1000, "the finished file is linked")
        # The command line the page shows renders the same frames.
        command = next(o for o in studio.job_json()["outputs"] if o["name"] == "iphone-se-3.mp4")["commandLine"]
        assert command.startswith("notchwave ")
        run = subprocess.run("'%s' %s -q" % (studio.binary, command[len("notchwave "):]), shell=True, cwd=studio.folder, capture_output=True, text=True)
        check(run.returncode == 0, "the shown command line runs: %s" % run.stderr)

        def framemd5(path):
            out = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "framemd5", "-"], capture_output=True, text=True).stdout
            return [line.split(",")[-1].strip() for line in out.splitlines() if not line.startswith("#")]
        studio_frames = framemd5(os.path.join(studio.folder, name))
        check(len(studio_frames) == 30 and framemd5(os.path.join(studio.folder, "iphone-se-3.mp4")) == studio_frames,
              "the shown command line renders the frames the Render button rendered")
    events.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
