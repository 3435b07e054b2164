/// The introspection data of the backend's main object (D-Bus Specification, "Introspection Data
/// Format"), for tools such as `gdbus introspect`; the frontend itself does not ask.
enum PortalIntrospection {
    /// The XML.
    static let xml = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.impl.portal.FileChooser">
          \(method("OpenFile", "osssa{sv}"))
          \(method("SaveFile", "osssa{sv}"))
          \(method("SaveFiles", "osssa{sv}"))
         </interface>
         <interface name="org.freedesktop.impl.portal.AppChooser">
          \(method("ChooseApplication", "ossasa{sv}"))
          <method name="UpdateChoices"><arg type="o" direction="in"/><arg type="as" direction="in"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg type="s" direction="out"/></method>
         </interface>
        </node>
        """

    /// A method taking arguments of the complete types in `signature` (split on the known shapes)
    /// and returning `(u response, a{sv} results)`.
    private static func method(_ name: String, _ signature: String) -> String {
        let types = signature == "osssa{sv}" ? ["o", "s", "s", "s", "a{sv}"] : ["o", "s", "s", "as", "a{sv}"]
        let inputs = types.map { "<arg type=\"\($0)\" direction=\"in\"/>" }.joined()
        return
            "<method name=\"\(name)\">\(inputs)<arg type=\"u\" direction=\"out\"/><arg type=\"a{sv}\" direction=\"out\"/></method>"
    }
}
