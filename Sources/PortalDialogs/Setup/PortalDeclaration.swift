import XDGSupport

/// A backend's `NAME.portal` file, as xdg-desktop-portal reads it: the bus name, the interfaces
/// it implements and the desktops it is meant for.
public struct PortalDeclaration: Sendable, Equatable {
    /// The file's name without `.portal`: what `portals.conf` calls the backend.
    public var name: String
    /// The file.
    public var path: String
    /// `DBusName=`.
    public var busName: String
    /// `Interfaces=`, such as `org.freedesktop.impl.portal.FileChooser`.
    public var interfaces: [String]
    /// `UseIn=`, lower-cased desktop names.
    public var useIn: [String]

    /// A declaration.
    public init(name: String, path: String, busName: String, interfaces: [String], useIn: [String]) {
        self.name = name
        self.path = path
        self.busName = busName
        self.interfaces = interfaces
        self.useIn = useIn
    }

    /// Every `*.portal` file of `directory` that has a `[portal]` group with `DBusName=` and
    /// `Interfaces=`, sorted by file name as the frontend sorts them.
    public static func all(in directory: String) -> [PortalDeclaration] {
        let names = (try? FileBytes.directoryEntries(directory)) ?? []
        return names.filter { $0.hasSuffix(".portal") }.sorted().compactMap { file in
            read(directory + "/" + file)
        }
    }

    /// The declaration at `path`, or nil when it is not one the frontend would load.
    public static func read(_ path: String) -> PortalDeclaration? {
        guard let bytes = try? FileBytes.read(path, limit: 1 << 16) else { return nil }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        guard let busName = file.rawValue("DBusName", in: "portal"), let interfaces = file.rawValue("Interfaces", in: "portal")
        else { return nil }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return PortalDeclaration(
            name: String(base.dropLast(".portal".count)), path: path, busName: busName,
            interfaces: KeyFileValue.list(interfaces),
            useIn: KeyFileValue.list(file.rawValue("UseIn", in: "portal") ?? "").map { $0.lowercased() })
    }
}
