/// The glob candidates `TypeDetector.decide` weighs, best first: their names, and two facts the
/// hierarchy gives of each, which a caller typing many files remembers from one file to the next.
protocol DecisionCandidates: RandomAccessCollection<String> where Index == Int {
    /// Whether candidate `position` is `text/plain` or below it.
    func isText(_ position: Int, for detector: TypeDetector) -> Bool
    /// Whether an XML root may refine candidate `position` (`TypeDetector.isXML`).
    func isXML(_ position: Int, for detector: TypeDetector) -> Bool
    /// Whether candidate `position` is `type`, the type magic gives, or below it.
    func inherits(_ position: Int, _ type: String, for detector: TypeDetector) -> Bool
    /// What the hierarchy says of `type`, the type magic gives a name no glob matches.
    func facts(ofMagicType type: String, for detector: TypeDetector) -> MagicTypeFacts
}

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

extension Array: DecisionCandidates where Element == String {
    func isText(_ position: Int, for detector: TypeDetector) -> Bool {
        detector.database.isA(self[position], "text/plain")
    }

    func isXML(_ position: Int, for detector: TypeDetector) -> Bool { detector.isXML(self[position]) }

    func inherits(_ position: Int, _ type: String, for detector: TypeDetector) -> Bool {
        detector.database.isA(self[position], type)
    }

    func facts(ofMagicType type: String, for detector: TypeDetector) -> MagicTypeFacts {
        MagicTypeFacts(of: type, for: detector)
    }
}
