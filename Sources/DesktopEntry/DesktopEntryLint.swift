import XDGSupport

/// The checks `desktop-file-validate` makes that do not stop an entry from working: each finding
/// is a warning naming the file and line, and the entry still loads (SPECS rules 61–73).
enum DesktopEntryLint {
    /// Keys of `[Desktop Entry]` in version 1.5 of the specification, with the version that added them.
    static let knownKeys: [String: Double] = [
        "Type": 0, "Version": 0, "Name": 0, "GenericName": 0, "NoDisplay": 0, "Comment": 0, "Icon": 0,
        "Hidden": 0, "OnlyShowIn": 0, "NotShowIn": 0, "DBusActivatable": 1.1, "TryExec": 0, "Exec": 0,
        "Path": 0, "Terminal": 0, "Actions": 1.1, "MimeType": 0, "Categories": 0, "Implements": 1.2,
        "Keywords": 1.1, "StartupNotify": 0, "StartupWMClass": 0, "URL": 0, "PrefersNonDefaultGPU": 1.4,
        "SingleMainWindow": 1.5,
    ]

    /// Keys read tolerantly although deprecated or desktop-specific (SPECS rule 73).
    static let toleratedKeys: Set<String> = [
        "Encoding", "MiniIcon", "TerminalOptions", "Protocols", "Extensions", "BinaryPattern", "MapNotify",
        "SwallowTitle", "SwallowExec", "SortOrder", "FilePattern", "Patterns", "DefaultApp", "Dev", "FSType",
        "MountPoint", "ReadOnly", "UnmountIcon", "InitialPreference", "ServiceTypes", "DocPath",
        "AutostartCondition", "AllowDefault",
    ]

    /// Keys that only an application may have.
    static let applicationKeys: Set<String> = [
        "DBusActivatable", "TryExec", "Exec", "Path", "Terminal", "Actions", "MimeType", "Categories",
        "Implements", "Keywords", "StartupNotify", "StartupWMClass", "PrefersNonDefaultGPU", "SingleMainWindow",
    ]

    /// Categories registered by the Desktop Menu Specification (main, additional and reserved).
    static let registeredCategories: Set<String> = Set(
        """
        AudioVideo Audio Video Development Education Game Graphics Network Office Science Settings System \
        Utility Building Debugger IDE GUIDesigner Profiling RevisionControl Translation Calendar \
        ContactManagement Database Dictionary Chart Email Finance FlowChart PDA ProjectManagement Presentation \
        Spreadsheet WordProcessor 2DGraphics VectorGraphics RasterGraphics 3DGraphics Scanning OCR Photography \
        Publishing Viewer TextTools DesktopSettings HardwareSettings Printing PackageManager Dialup \
        InstantMessaging Chat IRCClient Feed FileTransfer HamRadio News P2P RemoteAccess Telephony \
        TelephonyTools VideoConference WebBrowser WebDevelopment Midi Mixer Sequencer Tuner TV \
        AudioVideoEditing Player Recorder DiscBurning ActionGame AdventureGame ArcadeGame BoardGame BlocksGame \
        CardGame KidsGame LogicGame RolePlaying Shooter Simulation SportsGame StrategyGame Art Construction \
        Music Languages ArtificialIntelligence Astronomy Biology Chemistry ComputerScience DataVisualization \
        Economy Electricity Geography Geology Geoscience History Humanities ImageProcessing Literature Maps \
        Math NumericalAnalysis MedicalSoftware Physics Robotics Spirituality Sports ParallelComputing \
        Amusement Archiving Compression Electronics Emulator Engineering FileTools FileManager \
        TerminalEmulator Filesystem Monitor Security Accessibility Calculator Clock TextEditor Documentation \
        Adult Core KDE GNOME XFCE DDE GTK Qt Motif Java ConsoleOnly Screensaver TrayIcon Applet Shell
        """.split(separator: " ").map(String.init))

    static func check(_ file: KeyFile, type: String, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let main = file.entries(in: DesktopEntry.mainGroup)
        let version = main.first { $0.key == "Version" && $0.locale == nil }.flatMap { Double($0.value.trimmingSpaces()) } ?? 1.0
        for entry in main where entry.locale == nil || knownKeys[entry.key] != nil {
            if entry.key.hasPrefix("X-") || toleratedKeys.contains(entry.key) { continue }
            guard let since = knownKeys[entry.key] else {
                found.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message:
                            "key '\(entry.key)' is not in the specification; keys extending the format should start with 'X-'"))
                continue
            }
            if since > version {
                found.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message:
                            "key '\(entry.key)' is from version \(since) of the specification, but the file declares version \(version)"
                    ))
            }
            if !type.isEmpty && type != "Application" && applicationKeys.contains(entry.key) {
                found.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message: "key '\(entry.key)' is only valid for Type=Application, not Type=\(type)"))
            }
            if entry.key == "Categories" {
                for category in KeyFileValue.list(entry.value)
                where !category.isEmpty
                    && !category.hasPrefix("X-") && !registeredCategories.contains(category)
                {
                    found.append(
                        Diagnostic(
                            path: path, line: entry.line,
                            message: "category '\(category)' is not registered; extensions should start with 'X-'"))
                }
            }
            if entry.key == "Icon", !entry.value.hasPrefix("/"),
                [".png", ".svg", ".xpm"].contains(where: { entry.value.lowercased().hasSuffix($0) })
            {
                found.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message:
                            "icon '\(entry.value)' is a name with an extension; icon names have none unless they are absolute paths"
                    ))
            }
        }
        let showIn = main.filter { $0.key == "OnlyShowIn" || $0.key == "NotShowIn" }
        if Set(showIn.map(\.key)).count == 2, let second = showIn.last {
            found.append(
                Diagnostic(
                    path: path, line: second.line,
                    message: "both OnlyShowIn and NotShowIn are set; use one of them"))
        }
        var number = 0
        for line in file.lines {
            number += 1
            guard case .group(let name, _) = line else { continue }
            if name != DesktopEntry.mainGroup && !name.hasPrefix("Desktop Action ") && !name.hasPrefix("X-") {
                found.append(
                    Diagnostic(
                        path: path, line: number,
                        message: "group [\(name)] is not in the specification; groups extending the format should start with 'X-'"
                    ))
            }
        }
        return found
    }
}
