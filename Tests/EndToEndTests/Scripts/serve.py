#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 for the tests, on a free port written to PORTFILE.

  serve.py files DIR PORTFILE    serve DIR (python's http.server)
  serve.py silent PORTFILE       accept connections and never answer (for timeouts)
"""
import functools
import http.server
import os
import socket
import sys
import time


def write_port(path, port):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(port))
    os.rename(tmp, path)


if sys.argv[1] == "files":
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[2])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    write_port(sys.argv[3], server.server_address[1])
    server.serve_forever()
else:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    write_port(sys.argv[2], s.getsockname()[1])
    held = []
    while True:
        conn, _ = s.accept()
        held.append(conn)  # keep it open, say nothing
        time.sleep(0.01)
