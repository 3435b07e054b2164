/// Two facts of the hierarchy about the type magic gives when no glob matches the name.
struct MagicTypeFacts {
    /// Whether it is a desktop entry or below one, which a name must confirm.
    var isDesktopEntry: Bool
    /// Whether an XML root may refine it (`TypeDetector.isXML`).
    var isXML: Bool

    /// The facts of `type`, asked of the hierarchy.
    init(of type: String, for detector: TypeDetector) {
        isDesktopEntry = detector.database.isA(type, TypeDetector.desktopEntry)
        isXML = detector.isXML(type)
    }
}
