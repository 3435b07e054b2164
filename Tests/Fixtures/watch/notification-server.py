#!/usr/bin/python3
"""A recording notification server for the tests (Desktop Notifications Specification): owns
org.freedesktop.Notifications on the session bus of DBUS_SESSION_BUS_ADDRESS and appends one JSON
line to OUTPUT for each Notify: {"id": N, "summary": ..., "body": ..., "actions": [...]}.

    notification-server.py OUTPUT [--capabilities actions,body]

GetCapabilities answers the given list (default "actions,body"). The test's own method
org.assoc.Test.Invoke(u id, s action) emits ActionInvoked(id, action), as a click on a
notification's button does. OUTPUT is created (empty) once the name is owned.
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"

output = sys.argv[1]
capabilities = ["actions", "body"]
if "--capabilities" in sys.argv:
    capabilities = [c for c in sys.argv[sys.argv.index("--capabilities") + 1].split(",") if c]


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.next_id = 0

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return dbus.Array(capabilities, signature="s")

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        self.next_id += 1
        record = {"id": self.next_id, "app": str(app_name), "summary": str(summary), "body": str(body),
                  "actions": [str(a) for a in actions]}
        with open(output, "a") as file:
            file.write(json.dumps(record) + "\n")
        return dbus.UInt32(self.next_id)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        self.NotificationClosed(notification_id, dbus.UInt32(3))

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("assoc-test", "assoc", "1", "1.2")

    @dbus.service.signal(INTERFACE, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.signal(INTERFACE, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass

    @dbus.service.method("org.assoc.Test", in_signature="us", out_signature="")
    def Invoke(self, notification_id, action_key):
        self.ActionInvoked(notification_id, action_key)


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName(INTERFACE, bus)
server = Server(bus)
open(output, "a").close()
GLib.MainLoop().run()
