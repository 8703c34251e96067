#!/usr/bin/env python3
"""A real chat-completions server on 127.0.0.1 for the AI engine's tests.

The request's "model" picks the behaviour:
  good, good-slow-1s  answer with the invoice JSON given by --answer (after 1 s for the slow one)
  malformed           content that is not JSON
  refusal             a refusal message
  empty               empty content
  schema-violation    JSON missing required fields
  429-then-ok         HTTP 429 (Retry-After: 1) on the first request, then a good answer
  429                 always HTTP 429 with Retry-After: 0
  500                 always HTTP 500
  slow                sleeps 5 s before answering (to test timeouts)
  bad-key             HTTP 401
Any other model: HTTP 404. Every request is appended to --log as one JSON line
({"path", "headers", "body"}). Prints the port on stdout once listening."""
import argparse
import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

p = argparse.ArgumentParser()
p.add_argument("--log", required=True)
p.add_argument("--answer", required=True, help="JSON object the model 'reads'")
args = p.parse_args()
lock = threading.Lock()
seen = {}


def completion(content, refusal=None):
    return {"id": "chatcmpl-test", "object": "chat.completion", "model": "test",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content, "refusal": refusal}}]}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def reply(self, status, obj, headers=()):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with lock:
            with open(args.log, "a") as f:
                f.write(json.dumps({"path": self.path, "headers": dict(self.headers), "body": raw.decode()}) + "\n")
        try:
            model = json.loads(raw)["model"]
        except Exception:
            return self.reply(400, {"error": {"message": "bad request"}})
        with lock:
            seen[model] = seen.get(model, 0) + 1
            count = seen[model]
        if model in ("good", "good-slow-1s"):
            if model == "good-slow-1s":
                time.sleep(1)
            return self.reply(200, completion(args.answer))
        if model == "malformed":
            return self.reply(200, completion("Sure! The total is {amount: 15.99"))
        if model == "refusal":
            return self.reply(200, completion(None, refusal="I can't help with that."))
        if model == "empty":
            return self.reply(200, completion(""))
        if model == "schema-violation":
            return self.reply(200, completion(json.dumps({"name": "X", "amount": "1.00"})))
        if model == "429-then-ok":
            if count == 1:
                return self.reply(429, {"error": {"message": "rate limited"}}, [("Retry-After", "1")])
            return self.reply(200, completion(args.answer))
        if model == "429":
            return self.reply(429, {"error": {"message": "rate limited"}}, [("Retry-After", "0")])
        if model == "500":
            return self.reply(500, {"error": {"message": "boom"}})
        if model == "slow":
            time.sleep(5)
            return self.reply(200, completion(args.answer))
        if model == "bad-key":
            return self.reply(401, {"error": {"message": "Incorrect API key provided"}})
        return self.reply(404, {"error": {"message": f"The model `{model}` does not exist"}})


# A test runner may start us with signals blocked (libdispatch does): let SIGTERM stop us.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
