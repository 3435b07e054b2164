import DesktopEntry

/// The documented guess of which applications that handle a type can edit or mark it up, from
/// what their desktop entries really carry (`docs/roles.md` gives the survey behind it): the
/// Desktop Menu specification's `Categories` ("Registered Categories", "Additional Categories")
/// and `Keywords` (Desktop Entry specification, "Recognized desktop entry keys").
public enum RoleInference {
    /// How an entry is classified for a role, best first.
    public enum Rank: Int, Sendable, Comparable {
        /// Its `Keywords` name annotation: first for markup.
        case annotator
        /// It carries an editing category (`2DGraphics`, `TextEditor`…) and not `Viewer`.
        case editor
        /// It carries only the broad main category `Graphics` or `Office`, and not `Viewer`.
        case broad

        /// Whether one rank comes before another.
        public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The additional categories that say an application makes or changes documents of its kind.
    public static let editingCategories: [String] = [
        "TextEditor", "WordProcessor", "Spreadsheet", "Presentation", "2DGraphics", "3DGraphics", "RasterGraphics",
        "VectorGraphics", "Publishing", "FlowChart", "IDE", "AudioVideoEditing",
    ]
    /// The main categories that include editors among others.
    public static let broadCategories: [String] = ["Graphics", "Office"]
    /// The category that rules an entry out of `edit`.
    public static let viewerCategory = "Viewer"

    /// How `entry` ranks for `role`, with the reason in words; nil when it is not proposed, with
    /// the reason too. `view` proposes nothing: its answer is the view default.
    public static func classify(_ entry: DesktopEntry, for role: Role) -> (rank: Rank?, reason: String) {
        if role == .markup, let keyword = annotationKeyword(entry) {
            return (.annotator, "its Keywords say '\(keyword)'")
        }
        guard role != .view else { return (nil, "the view role is not inferred") }
        let categories = entry.categories
        if categories.contains(viewerCategory) { return (nil, "its Categories say Viewer") }
        if let category = editingCategories.first(where: categories.contains) {
            return (.editor, "its Categories say \(category), an editing category, and not Viewer")
        }
        if let category = broadCategories.first(where: categories.contains) {
            return (.broad, "its Categories say only \(category), and not Viewer")
        }
        return (nil, categories.isEmpty ? "it has no Categories" : "no editing category in its Categories")
    }

    /// The keyword of `entry` that names annotation: an item containing `annotat`, or `Markup`.
    public static func annotationKeyword(_ entry: DesktopEntry) -> String? {
        entry.keywords.first { keyword in
            let lowered = keyword.lowercased()
            return lowered.contains("annotat") || lowered == "markup" || lowered == "mark up"
        }
    }
}
