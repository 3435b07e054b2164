import XDGSupport

/// A parsed `.desktop` file: the keys of `[Desktop Entry]` that matter for associations and
/// launching, typed, with every localised value kept (Desktop Entry Specification, SPECS 61–73).
public struct DesktopEntry: Sendable, Equatable {
    /// The desktop file ID, such as `org.gnome.Evince.desktop` or `kde4-okular.desktop`.
    public var id: String
    /// The file it was read from.
    public var path: String
    /// `Type=`: `Application`, `Link` or `Directory` (others are kept as written).
    public var type: String
    /// `Name=` and its translations.
    public var name: LocalizedValue
    /// `GenericName=` and its translations.
    public var genericName: LocalizedValue?
    /// `Comment=` and its translations.
    public var comment: LocalizedValue?
    /// `Icon=`.
    public var icon: String?
    /// `Exec=`, with the key-file escapes undone (field codes and quoting still in place).
    public var exec: String?
    /// The line `Exec=` is on, for messages.
    public var execLine: Int?
    /// `TryExec=`.
    public var tryExec: String?
    /// `Path=`, the working directory.
    public var workingDirectory: String?
    /// `Terminal=`.
    public var terminal: Bool
    /// `NoDisplay=`: not shown in menus, still a handler.
    public var noDisplay: Bool
    /// `Hidden=`: deleted for this user; masks the same ID in less important directories.
    public var hidden: Bool
    /// `OnlyShowIn=`.
    public var onlyShowIn: [String]
    /// `NotShowIn=`.
    public var notShowIn: [String]
    /// `MimeType=`, as written (not yet unaliased).
    public var mimeTypes: [String]
    /// `Categories=`.
    public var categories: [String]
    /// `Implements=`.
    public var implements: [String]
    /// `Keywords=` (unlocalised).
    public var keywords: [String]
    /// `DBusActivatable=`.
    public var dbusActivatable: Bool
    /// `StartupWMClass=`.
    public var startupWMClass: String?
    /// `[Desktop Action …]` groups listed in `Actions=` that have their required keys.
    public var actions: [DesktopAction]

    /// Whether this entry can be a handler at all: `Type=Application` (SPECS rule 65).
    public var isApplication: Bool { type == "Application" }

    /// Whether menus should show the entry on `desktops` (SPECS rule 68).
    public func isShown(on desktops: [String]) -> Bool {
        if noDisplay || hidden { return false }
        for desktop in desktops {
            if onlyShowIn.contains(where: { $0.lowercased() == desktop }) { return true }
            if notShowIn.contains(where: { $0.lowercased() == desktop }) { return false }
        }
        return onlyShowIn.isEmpty
    }
}

/// A `[Desktop Action NAME]` group.
public struct DesktopAction: Sendable, Equatable {
    /// The action's identifier from `Actions=`.
    public var identifier: String
    /// `Name=` and its translations.
    public var name: LocalizedValue
    /// `Icon=`.
    public var icon: String?
    /// `Exec=`.
    public var exec: String?
}

/// A `localestring` value: the unlocalised text and its translations by locale.
public struct LocalizedValue: Sendable, Equatable {
    /// The value of the key without a locale.
    public var base: String
    /// Translations keyed by the locale in brackets.
    public var translations: [String: String]

    /// Creates a value.
    public init(base: String, translations: [String: String] = [:]) {
        self.base = base
        self.translations = translations
    }

    /// The best value for `locale` (SPECS rule 63).
    public func value(for locale: LocalePreferences) -> String {
        locale.choose(from: translations, fallback: base) ?? base
    }
}
