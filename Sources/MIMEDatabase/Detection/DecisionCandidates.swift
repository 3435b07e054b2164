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
