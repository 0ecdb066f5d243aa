"""A real HTTP server on 127.0.0.1 for Herald's remote-data tests.

Serves the files of a folder with ETag and Last-Modified (answering conditional requests with
304), plus routes that misbehave the ways APIs do: errors that pass, rate limits, stalls, huge
bodies, redirect loops, paged answers, empty answers, next pages and redirects that lead wherever
the query's `to=` says; and under /links/ the answers outside links give a link
checker (HEAD refused, 403, 429 then 200, a stall, slow pages that count how many run at once). Every request is appended to requests.log in the state
folder as one JSON line, so a test can count what reached the server; the same handler also listens
on the Unix socket STATE/herald.sock, whose requests are logged with "socket": true.

Usage: server.py ROOT STATE; prints "PORT n" once it listens.
"""
import gzip
import hashlib
import json
import os
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ROOT, STATE = sys.argv[1], sys.argv[2]
LOCK = threading.Lock()
HITS = {}
SLOW = {"running": 0, "most": 0}
LAST_MODIFIED = "Sat, 21 Nov 2026 09:00:00 GMT"


def hit(path):
    with LOCK:
        HITS[path] = HITS.get(path, 0) + 1
        return HITS[path]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status):
        line = {"method": self.command, "path": self.path, "status": status, "headers": {k.lower(): v for k, v in self.headers.items()},
                "socket": isinstance(self.server, socketserver.UnixStreamServer)}
        with LOCK, open(os.path.join(STATE, "requests.log"), "a") as log:
            log.write(json.dumps(line) + "\n")

    def answer(self, status, body=b"", headers=()):
        self.record(status)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def target(self):
        """The URL a route leads to: its `to=` query."""
        return parse_qs(urlsplit(self.path).query).get("to", [""])[0]

    def do_HEAD(self):
        path = self.path.split("?")[0]
        if path.startswith("/links/"):
            return self.link(path)
        return self.answer(405)

    def link(self, path):
        count = hit(path)
        if path == "/links/ok":
            return self.answer(200)
        if path == "/links/forbidden":
            return self.answer(403)
        if path == "/links/no-head":
            return self.answer(405 if self.command == "HEAD" else 200)
        if path == "/links/limited":
            if count == 1:
                return self.answer(429, b"", [("Retry-After", "1")])
            return self.answer(200)
        if path == "/links/stall":
            time.sleep(30)
            return self.answer(200)
        if path.startswith("/links/slow/"):
            with LOCK:
                SLOW["running"] += 1
                SLOW["most"] = max(SLOW["most"], SLOW["running"])
            time.sleep(0.3)
            with LOCK:
                SLOW["running"] -= 1
            return self.answer(200)
        if path == "/links/elsewhere":
            return self.answer(302, b"", [("Location", self.target())])
        if path == "/links/not-modified":
            return self.answer(304)
        if path == "/links/most-at-once":
            return self.answer(200, str(SLOW["most"]).encode())
        return self.answer(404)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.startswith("/links/"):
            return self.link(path)
        count = hit(path)
        json_type = ("Content-Type", "application/json")
        if path == "/flaky.json":
            if count <= 2:
                return self.answer(500, b"oops")
            return self.answer(200, b'[{"name": "Flaky"}]', [json_type])
        if path == "/limited.json":
            if count == 1:
                return self.answer(429, b"slow down", [("Retry-After", "1")])
            return self.answer(200, b'[{"name": "Patient"}]', [json_type])
        if path == "/stall.json":
            time.sleep(300)
            return self.answer(200, b"[]", [json_type])
        if path == "/truncated.json":
            return self.answer(200, b'[\n  {"name": "Cut', [json_type])
        if path == "/page.html":
            return self.answer(200, b"<!doctype html><title>Not data</title>", [("Content-Type", "text/html")])
        if path == "/gzip.json":
            return self.answer(200, gzip.compress(b'[{"name": "Zipped"}]'), [json_type, ("Content-Encoding", "gzip")])
        if path == "/huge.json":
            self.record(200)
            size = 300 * 1024 * 1024
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b" " * (1024 * 1024)
            try:
                for _ in range(300):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if path == "/empty.json":
            return self.answer(200, b"", [json_type])
        if path == "/moved.json":
            return self.answer(302, b"", [("Location", self.target())])
        if path == "/link-next.json":
            return self.answer(200, b'[{"name": "First"}]', [json_type, ("Link", '<%s>; rel="next"' % self.target())])
        if path == "/body-next.json":
            body = json.dumps({"next": self.target(), "items": [{"name": "First"}]}).encode()
            return self.answer(200, body, [json_type])
        if path == "/last-items.json":
            return self.answer(200, b'{"items": [{"name": "Last"}]}', [json_type])
        if path == "/last.json":
            return self.answer(200, b'[{"name": "Last"}]', [json_type])
        if path.startswith("/redirect/"):
            target = "/redirect/b" if path.endswith("/a") else "/redirect/a"
            return self.answer(302, b"", [("Location", target)])
        if path.startswith("/paged/"):
            number = int(path.rsplit("/", 1)[1])
            body = json.dumps([{"name": "Page %d hero %d" % (number, i)} for i in (1, 2)]).encode()
            links = [("Link", '<http://127.0.0.1:%d/paged/%d>; rel="next"' % (self.server.server_port, number + 1))] if number < 3 else []
            return self.answer(200, body, [json_type] + links)
        if path.startswith("/looping/"):
            number = int(path.rsplit("/", 1)[1])
            body = json.dumps({"next": "/looping/%d" % (2 if number == 1 else 1), "items": [{"name": "Loop %d" % number}]}).encode()
            return self.answer(200, body, [json_type])
        return self.serve_file(path)

    def serve_file(self, path):
        file = os.path.join(ROOT, path.lstrip("/"))
        if not os.path.isfile(file):
            return self.answer(404, b"not found")
        with open(file, "rb") as handle:
            body = handle.read()
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        if self.headers.get("If-None-Match") == etag:
            return self.answer(304, b"", [("ETag", etag)])
        kind = "application/json" if file.endswith(".json") else "text/plain"
        return self.answer(200, body, [("Content-Type", kind), ("ETag", etag), ("Last-Modified", LAST_MODIFIED)])


class SocketServer(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


class SocketHandler(Handler):
    def address_string(self):
        return "socket"

    def setup(self):
        # A Unix socket has no peer address; BaseHTTPRequestHandler wants a pair.
        self.client_address = ("socket", 0)
        super().setup()


local = SocketServer(os.path.join(STATE, "herald.sock"), SocketHandler)
local.server_port = 0
threading.Thread(target=local.serve_forever, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("PORT %d" % server.server_port, flush=True)
server.serve_forever()
