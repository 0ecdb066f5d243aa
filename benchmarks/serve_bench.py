#!/usr/bin/env python3
"""`herald serve` latency, run by bench.py (or alone: python3 benchmarks/serve_bench.py DIR [BINARY],
BINARY a herald other than the release build's, to compare two of them run after run).

On a generated 10,000-hero site: the time from saving one hero's file to the reload event on the
server's event stream (median of 20 edits), from saving a template every hero page uses to the
event, and the server's resident memory. On a copy of the default site: the time from a "done"
posted through the board to the served board showing the task done. Nothing here is timed inside
Herald: the clock is this script's, around the file write and the event it waits for.
"""
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BINARY = os.path.join(REPO, ".build", "release", "herald")


class Server:
    """A running `herald serve --port 0`, its address, and the events of its stream."""

    def __init__(self, site, binary=BINARY):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--source", site],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://([0-9.]+):([0-9]+)(/\S*)", line)
        if not match:
            raise RuntimeError(f"herald serve printed no address: {line!r} {self.process.stderr.read()}")
        self.host, self.port, self.base = match.group(1), int(match.group(2)), match.group(3)
        self.events = []
        self.condition = threading.Condition()
        threading.Thread(target=self._drain, daemon=True).start()
        self._wait_until_served()
        threading.Thread(target=self._listen, daemon=True).start()
        self._wait_for(lambda: self.connected, 10)

    connected = False

    def _drain(self):
        for _ in self.process.stdout:
            pass

    def _wait_until_served(self):
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                status, _ = self.get(self.base)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the first build was not served within 120 s")

    def _listen(self):
        connection = http.client.HTTPConnection(self.host, self.port)
        connection.request("GET", "/_herald/events", headers={"Accept": "text/event-stream"})
        response = connection.getresponse()
        with self.condition:
            self.connected = True
            self.condition.notify_all()
        kind = None
        while True:
            line = response.readline()
            if not line:
                return
            line = line.decode().rstrip("\r\n")
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                with self.condition:
                    self.events.append((time.perf_counter(), kind or "message", line[5:].strip()))
                    self.condition.notify_all()
            elif line == "":
                kind = None

    def _wait_for(self, predicate, timeout):
        deadline = time.time() + timeout
        with self.condition:
            while not predicate():
                left = deadline - time.time()
                if left <= 0:
                    raise RuntimeError("timed out waiting for the server")
                self.condition.wait(left)

    def next_event(self, after, timeout=30):
        """The time of the first event after `after` events were seen."""
        self._wait_for(lambda: len(self.events) > after, timeout)
        with self.condition:
            return self.events[after]

    def get(self, path, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()

    def post(self, path, body, headers):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return None

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


def edit_latencies(server, site, edits=20):
    """Seconds from saving a hero's file to the reload event, one edit after another."""
    folder = os.path.join(site, "Content", "heroes")
    names = sorted(os.listdir(folder))
    latencies = []
    for number in range(edits):
        path = os.path.join(folder, names[(number * 487) % len(names)])
        with open(path) as file:
            text = file.read()
        seen = len(server.events)
        started = time.perf_counter()
        with open(path, "w") as file:
            file.write(text + f"\nEdited for the benchmark, round {number}.\n")
        when, kind, _ = server.next_event(seen)
        latencies.append(when - started)
        time.sleep(0.2)  # the edits of a person, not a burst the debounce would merge
    return latencies


def template_latency(server, site):
    """Seconds from saving a template every hero page uses to the reload event."""
    theme = os.path.join(REPO, "Sources", "HeraldSite", "Theme", "hero.html.mustache")
    own = os.path.join(site, "Templates", "hero.html.mustache")
    os.makedirs(os.path.dirname(own), exist_ok=True)
    with open(theme) as file:
        text = file.read()
    seen = len(server.events)
    started = time.perf_counter()
    with open(own, "w") as file:
        file.write(text.replace("</article>", "<!-- edited --></article>", 1))
    when, _, _ = server.next_event(seen, timeout=120)
    return when - started


def board_done_latency(work, binary=BINARY):
    """Seconds from posting "done" for an open task through the board to the served board showing it done."""
    site = os.path.join(work, "default-site")
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(site)
    shutil.copy(os.path.join(REPO, "herald.yml"), site)
    shutil.copytree(os.path.join(REPO, "Content"), os.path.join(site, "Content"))
    server = Server(site, binary)
    try:
        samples = []
        for _ in range(5):
            status, page = server.get(server.base + "tasks/")
            html = page.decode()
            token = re.search(r'"token"\s*:\s*"([0-9a-f]+)"', html).group(1)
            # A card's attributes after its id (data-tags, data-due, …) are the board's filters'.
            open_card = re.search(r'<li class="card" id="task-([^"]+)"[ >]', html)
            task = open_card.group(1)
            origin = f"http://{server.host}:{server.port}"
            started = time.perf_counter()
            status, answer = server.post("/_herald/tasks", json.dumps({"action": "done", "id": task}),
                                         {"Content-Type": "application/json", "X-Herald-Token": token,
                                          "Origin": origin, "Host": f"{server.host}:{server.port}"})
            if status != 200:
                raise RuntimeError(f"done was refused: {status} {answer!r}")
            while True:
                _, page = server.get(server.base + "tasks/")
                if re.search(f'<li class="card completed" id="task-{re.escape(task)}"[ >]', page.decode()):
                    break
                if time.perf_counter() - started > 10:
                    raise RuntimeError("the board did not show the task done within 10 s")
            samples.append(time.perf_counter() - started)
        return samples
    finally:
        server.stop()


def run(work, generate_count=10000, binary=BINARY):
    """Measures everything; returns the results as a dict (seconds, megabytes)."""
    site_root = os.path.join(work, "serve-10k")
    shutil.rmtree(site_root, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "site", "generate.py"), str(generate_count), site_root],
                   check=True, stdout=subprocess.DEVNULL)
    site = os.path.join(site_root, "herald")
    started = time.perf_counter()
    server = Server(site, binary)
    first = time.perf_counter() - started
    try:
        latencies = edit_latencies(server, site)
        template = template_latency(server, site)
        memory = server.rss_mb()
    finally:
        status = server.stop()
    board = board_done_latency(work, binary)
    shutil.rmtree(site_root, ignore_errors=True)
    return {
        "heroes": generate_count,
        "first_build_served_seconds": round(first, 3),
        "hero_edit_to_event_seconds": [round(x, 4) for x in latencies],
        "hero_edit_to_event_median_seconds": round(statistics.median(latencies), 4),
        "template_edit_to_event_seconds": round(template, 3),
        "rss_mb_at_10k": round(memory, 1) if memory else None,
        "board_done_to_served_seconds": [round(x, 4) for x in board],
        "board_done_to_served_median_seconds": round(statistics.median(board), 4),
        "sigterm_exit_status": status,
    }


if __name__ == "__main__":
    work = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, ".work")
    os.makedirs(work, exist_ok=True)
    print(json.dumps(run(work, binary=sys.argv[2] if len(sys.argv) > 2 else BINARY), indent=2))
