"""What the studio's checks share: a job in a temporary folder, the studio started on it
(a free port, its address read from its first line of output), plain HTTP requests, and
`notchwave frame` run for the same frame, as the independent side of each comparison."""
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib

failures = []


def check(condition, message):
    """Records a failed check (and says it on stderr); the script exits 1 if any failed."""
    if not condition:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)


SCRIPT = """// two taps: the previous page, then the next
{"events": [{"tap": "left", "at": 0.4}, {"tap": "right", "at": 1.1}]}
"""


def job_text(duration=1.5, extra=""):
    return """// the studio's test job
{
  "presets": ["iphone-se-3", "iphone-x"],
  "formats": ["mp4"],
  "defaults": {"scene": "liquid-swipe", "sceneOptions": {"script": "tap.json"}, "duration": %s, "fps": 30%s,
               "captions": [{"text": "Hello", "start": 0.2, "end": 1.0}]},
  "output": "{preset}.{ext}"
}
""" % (duration, extra)


class Studio:
    """`notchwave studio JOB --port 0` in a temporary folder, stopped (SIGINT) at the end."""

    def __init__(self, binary, job=None):
        self.binary = os.path.abspath(binary)
        self.folder = tempfile.mkdtemp(prefix="notchwave-studio-")
        self.job = os.path.join(self.folder, "job.json")
        with open(os.path.join(self.folder, "tap.json"), "w") as f:
            f.write(SCRIPT)
        with open(self.job, "w") as f:
            f.write(job or job_text())
        # Its stderr goes to a file (a pipe nobody reads could fill and stop it), shown
        # when it does not end as it should.
        self.log = os.path.join(self.folder, "studio.err")
        with open(self.log, "w") as log:
            self.process = subprocess.Popen([self.binary, "studio", self.job, "--port", "0", "-q"], cwd=self.folder,
                                            stdout=subprocess.PIPE, stderr=log)
        line = self.process.stdout.readline().decode().strip()
        if not line.startswith("http://"):
            raise RuntimeError("the studio printed no address: %r %s" % (line, self.stderr()))
        self.url = line
        self.host = line.split("//")[1].rstrip("/")
        self.port = int(self.host.rsplit(":", 1)[1])

    def request(self, method, path, body=None, headers=None, timeout=30):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        all_headers = {"Host": self.host}
        if body is not None:
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        connection.request(method, path, body=json.dumps(body) if isinstance(body, (dict, list)) else body, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        result = (response.status, dict((k.lower(), v) for k, v in response.getheaders()), data)
        connection.close()
        return result

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def job_json(self):
        status, _, data = self.get("/api/job")
        assert status == 200, data
        return json.loads(data)

    def frame_cli(self, output_preset, time_text, extension="png", job=None):
        """The bytes `notchwave frame` writes for the job's output on `output_preset` at `time_text`."""
        target = os.path.join(self.folder, "cli-frame." + extension)
        arguments = [self.binary, "frame", "-t", time_text, "--preset", output_preset, "--scene", "liquid-swipe",
                     "--scene-option", "script=tap.json",
                     "--captions", json.dumps([{"text": "Hello", "start": 0.2, "end": 1.0}]), "-q", "-o", target]
        subprocess.run(arguments, cwd=self.folder, check=True, capture_output=True)
        with open(target, "rb") as f:
            return f.read()

    def rss_kib(self):
        with open("/proc/%d/status" % self.process.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        if code != 130:
            print("the studio's stderr:\n" + self.stderr()[-20000:], file=sys.stderr)
        shutil.rmtree(self.folder, ignore_errors=True)
        return code

    def stderr(self):
        with open(self.log, errors="replace") as f:
            return f.read()


class Events:
    """The studio's server-sent events, read on a socket of their own."""

    def __init__(self, studio):
        import socket
        self.socket = socket.create_connection(("127.0.0.1", studio.port), timeout=10)
        self.socket.sendall(("GET /api/events HTTP/1.0\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n" % studio.host).encode())
        self.buffer = b""

    def next(self, name, timeout=5.0, where=lambda data: True):
        """The data of the next event called `name` (JSON) that `where` takes, or None after
        `timeout` seconds."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\n\n" in self.buffer:
                block, self.buffer = self.buffer.split(b"\n\n", 1)
                lines = block.decode(errors="replace").splitlines()
                event = next((l[7:] for l in lines if l.startswith("event: ")), None)
                data = next((l[6:] for l in lines if l.startswith("data: ")), None)
                if event == name and where(json.loads(data)):
                    return json.loads(data)
            self.socket.settimeout(max(0.05, deadline - time.time()))
            try:
                chunk = self.socket.recv(65536)
            except OSError:
                continue
            if not chunk:
                return None
            self.buffer += chunk
        return None

    def close(self):
        self.socket.close()


def png_pixels(data):
    """The RGBA8 pixels of a PNG (8-bit RGB or RGBA, no interlace), decoded here with zlib;
    RGB gets alpha 255."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat, width, height = 8, b"", 0, 0
    while offset < len(data):
        length = int.from_bytes(data[offset:offset + 4], "big")
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            assert body[8] == 8 and body[9] in (2, 6) and body[12] == 0, "8-bit RGB or RGBA, not interlaced"
            channels = 4 if body[9] == 6 else 3
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(stride * height)
    previous = bytearray(stride)
    position = 0
    for y in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y * stride:(y + 1) * stride] = line
        previous = line
    if channels == 3:
        rgba = bytearray(width * height * 4)
        rgba[0::4], rgba[1::4], rgba[2::4] = out[0::3], out[1::3], out[2::3]
        rgba[3::4] = b"\xff" * (width * height)
        out = rgba
    return width, height, bytes(out)
