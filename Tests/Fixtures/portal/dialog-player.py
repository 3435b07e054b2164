#!/usr/bin/python3
"""Plays a portal dialog for the tests of the service alone: waits for a new request file under
RUNTIME/assoc/portal/*/request.json, connects to its answer socket as a dialog does, prints the
request on standard output as one JSON line, then answers.

    dialog-player.py RUNTIME ANSWER_JSON [--count N] [--expect-close] [--silent-exit] [--connected-file FILE]

ANSWER_JSON may hold "@FOLDER@", replaced by the request's current_folder. With --expect-close the
player does not answer but waits for the service's {"close":true} line and prints it. With
--silent-exit it connects and closes without answering (a dialog that died). With --connected-file
it creates FILE once it is connected to every request it plays (a client's --close-when can wait
for that).
"""
import glob
import json
import os
import signal
import socket
import sys
import time

# A test runner may start us with SIGTERM blocked (Foundation's Process does); a dialog has it.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])

runtime, answer = sys.argv[1], sys.argv[2]
count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 1
seen = set()
connections = []
deadline = time.time() + 90
while len(connections) < count and time.time() < deadline:
    for request_file in sorted(glob.glob(os.path.join(runtime, "assoc/portal/*/request.json"))):
        if request_file in seen:
            continue
        try:
            request = json.load(open(request_file))
        except (OSError, ValueError):
            continue
        seen.add(request_file)
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(request["answer_socket"])
        print(json.dumps(request), flush=True)
        connections.append((connection, request))
    time.sleep(0.05)
if "--connected-file" in sys.argv:
    open(sys.argv[sys.argv.index("--connected-file") + 1], "w").close()
for connection, request in connections:
    if "--expect-close" in sys.argv:
        connection.settimeout(10)
        print(connection.recv(1 << 16).decode().strip(), flush=True)
        time.sleep(float(os.environ.get("DIALOG_LINGER", "0")))
    elif "--silent-exit" not in sys.argv:
        folder = request.get("current_folder") or ""
        connection.sendall((answer.replace("@FOLDER@", folder) + "\n").encode())
    connection.close()
