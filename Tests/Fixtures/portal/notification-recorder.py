#!/usr/bin/python3
"""A notification server for the tests: owns org.freedesktop.Notifications on the session bus of
DBUS_SESSION_BUS_ADDRESS (Desktop Notifications Specification) and appends each Notify it gets to
OUTPUT as one JSON line: {"app_name", "replaces_id", "app_icon", "summary", "body", "actions",
"hints", "expire_timeout"}. It creates READY_FILE once it owns the name, and exits after
--timeout seconds (default 120), or when the bus goes away.

    notification-recorder.py OUTPUT READY_FILE [--timeout SECONDS]
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

output, ready_file = sys.argv[1], sys.argv[2]
timeout = int(sys.argv[sys.argv.index("--timeout") + 1]) if "--timeout" in sys.argv else 120
NAME = "org.freedesktop.Notifications"


def plain(value):
    if isinstance(value, (dbus.Array, list, dbus.Struct, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Byte, dbus.Int32, dbus.UInt32, dbus.Int64, dbus.UInt64, dbus.Int16, dbus.UInt16)):
        return int(value)
    return str(value)


class Recorder(dbus.service.Object):
    last_id = 0

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        Recorder.last_id += 1
        record = {"app_name": str(app_name), "replaces_id": int(replaces_id), "app_icon": str(app_icon),
                  "summary": str(summary), "body": str(body), "actions": plain(actions), "hints": plain(hints),
                  "expire_timeout": int(expire_timeout)}
        with open(output, "a") as file:
            file.write(json.dumps(record) + "\n")
        return Recorder.last_id

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body"]

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, identifier):
        pass

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ["notification-recorder", "assoc tests", "1", "1.2"]


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName(NAME, bus, do_not_queue=True)
Recorder(bus, "/org/freedesktop/Notifications")
open(ready_file, "w").close()
loop = GLib.MainLoop()
GLib.timeout_add_seconds(timeout, loop.quit)
loop.run()
