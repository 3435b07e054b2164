#!/usr/bin/python3
"""A portal client for the tests: calls org.freedesktop.portal.* on org.freedesktop.portal.Desktop
(the real xdg-desktop-portal frontend) on the session bus of DBUS_SESSION_BUS_ADDRESS and prints
one JSON line per request: {"response": N, "results": {...}}.

    portal-client.py CALLS_JSON [--close-when FILE] [--exit-when FILE]

CALLS_JSON is a list of calls made at once: [{"method": "OpenFile", "title": "...", "options": {...}}, ...]
with options in JSON (filters as [[name, [[kind, pattern], ...]], ...], paths for current_folder,
current_file and files as strings, sent NUL-terminated as the portal expects). The option
"generated_filters": N sends N filters ("F0" with the glob "*.f0", ...) as "filters", for requests
too large to pass as an argument.
With --close-when, the client calls Request.Close on every open request once FILE exists and prints
{"closed": true}; with --exit-when it disconnects from the bus (exits) once FILE exists.
"""
import json
import os
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
portal = bus.get_object("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop")
loop = GLib.MainLoop()
calls = json.loads(sys.argv[1])
close_when = sys.argv[sys.argv.index("--close-when") + 1] if "--close-when" in sys.argv else None
exit_when = sys.argv[sys.argv.index("--exit-when") + 1] if "--exit-when" in sys.argv else None
sender = bus.get_unique_name()[1:].replace(".", "_")
pending = {}


def path_bytes(text):
    return dbus.ByteArray(os.fsencode(text) + b"\0")


def bus_options(options):
    result = {}
    for key, value in options.items():
        if key == "generated_filters":
            key, value = "filters", [["F%d" % i, [[0, "*.f%d" % i]]] for i in range(value)]
        if key in ("filters",):
            result[key] = dbus.Array(
                [dbus.Struct((name, dbus.Array([dbus.Struct((dbus.UInt32(k), p)) for k, p in patterns],
                                               signature="(us)"))) for name, patterns in value], signature="(sa(us))")
        elif key == "current_filter":
            name, patterns = value
            result[key] = dbus.Struct((name, dbus.Array([dbus.Struct((dbus.UInt32(k), p)) for k, p in patterns],
                                                        signature="(us)")))
        elif key == "choices":
            result[key] = dbus.Array(
                [dbus.Struct((i, label, dbus.Array([dbus.Struct(o) for o in opts], signature="(ss)"), initial))
                 for i, label, opts, initial in value], signature="(ssa(ss)s)")
        elif key in ("current_folder", "current_file"):
            result[key] = path_bytes(value)
        elif key == "files":
            result[key] = dbus.Array([path_bytes(f) for f in value], signature="ay")
        elif isinstance(value, bool):
            result[key] = dbus.Boolean(value)
        else:
            result[key] = value
    return result


def plain(value):
    if isinstance(value, (dbus.Array, list)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Struct, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.UInt32, dbus.Int32, dbus.Byte)):
        return int(value)
    return str(value)


def on_response(response, results, path=None):
    if path not in pending:
        return
    print(json.dumps({"token": pending.pop(path), "response": int(response), "results": plain(results)}), flush=True)
    if not pending:
        loop.quit()


bus.add_signal_receiver(on_response, signal_name="Response", dbus_interface="org.freedesktop.portal.Request",
                        path_keyword="path")

for number, call in enumerate(calls):
    token = "t%d_%d" % (os.getpid(), number)
    handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender, token)
    pending[handle] = call.get("name", token)
    options = bus_options(call.get("options", {}))
    options["handle_token"] = token
    method = call["method"]
    if method == "OpenURI":
        interface = dbus.Interface(portal, "org.freedesktop.portal.OpenURI")
        returned = interface.OpenURI("", call["uri"], options)
    else:
        interface = dbus.Interface(portal, "org.freedesktop.portal.FileChooser")
        returned = getattr(interface, method)("", call.get("title", method), options)
    if str(returned) != handle:
        pending[str(returned)] = pending.pop(handle)


def watch():
    if close_when and os.path.exists(close_when):
        for handle in list(pending):
            bus.get_object("org.freedesktop.portal.Desktop", handle).Close(
                dbus_interface="org.freedesktop.portal.Request")
        print(json.dumps({"closed": len(pending)}), flush=True)
        pending.clear()
        loop.quit()
        return False
    if exit_when and os.path.exists(exit_when):
        print(json.dumps({"exited": len(pending)}), flush=True)
        os._exit(0)
    return True


GLib.timeout_add(50, watch)
GLib.timeout_add_seconds(int(os.environ.get("PORTAL_CLIENT_TIMEOUT", "60")), lambda: (print('{"timeout": true}'), loop.quit()))
loop.run()
