#!/usr/bin/env python3
"""bench/lsp_drive.py WIDGETC FILE N A B: drive `widgetc lsp` over stdio: open a document, send N full-text didChange messages that
flip one parameter default between a valid and an out-of-range value, wait for each
publishDiagnostics. Prints the child's CPU seconds (getrusage)."""
import json, os, resource, subprocess, sys
binary, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(path).read()
uri = "file://" + os.path.abspath(path)
p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
def send(obj):
    b = json.dumps(obj).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def read():
    length = 0
    while True:
        line = p.stdout.readline()
        if not line: raise SystemExit("lsp closed")
        line = line.strip()
        if not line: break
        if line.lower().startswith(b"content-length:"): length = int(line.split(b":")[1])
    return json.loads(p.stdout.read(length))
def until(pred):
    while True:
        m = read()
        if pred(m): return m
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
until(lambda m: m.get("id") == 1)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
a, b = sys.argv[4], sys.argv[5]   # two variants of a line: a valid one and one with an error
assert a in text, a
for i in range(n):
    t = text if i % 2 else text.replace(a, b, 1)
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{"text": t}]}})
    until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
until(lambda m: m.get("id") == 2)
send({"jsonrpc": "2.0", "method": "exit"})
p.wait()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{r.ru_utime + r.ru_stime:.3f}")
