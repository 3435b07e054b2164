import Associations

extension SettingsModel {
    /// The widths of the columns of the types' rows for a terminal width.
    struct TypeColumns: Equatable {
        /// The group column.
        var group: Int
        /// The type column.
        var type: Int
        /// The comment column; 0 when it is not shown.
        var comment: Int
        /// Each of the view, edit and markup columns.
        var application: Int

        /// The columns a row takes: the highlight mark and the pin mark, each with a space, then
        /// every column with the space after it, but the last.
        var total: Int {
            4 + group + 1 + type + 1 + (comment > 0 ? comment + 1 : 0) + 3 * application + 2
        }
    }

    /// The widths for `columns`: each column as wide as it likes, then narrowed until the row
    /// fits, in this order: the comment (dropped below 8 columns), the applications to 16, the
    /// type to 24, the group to 9, the applications to 12, the type to 18, the applications to 8.
    static func typeColumns(_ columns: Int) -> TypeColumns {
        var widths = TypeColumns(group: 11, type: 35, comment: 26, application: 24)
        let steps: [(WritableKeyPath<TypeColumns, Int>, Int)] = [
            (\.comment, 8), (\.application, 16), (\.type, 24), (\.group, 9), (\.application, 12), (\.type, 18),
            (\.application, 8),
        ]
        for (column, least) in steps {
            while widths.total > columns && widths[keyPath: column] > least { widths[keyPath: column] -= 1 }
            if column == \.comment && widths.comment <= least { widths.comment = 0 }
        }
        return widths
    }

    /// The column heading of a role; the role Enter edits in brackets.
    private func heading(_ role: Role) -> String {
        let word = role.rawValue.uppercased()
        return role == self.role ? "[" + word + "]" : word
    }

    /// A role's answer in its column: its mark, then the application's name (or ID).
    private static func cell(_ answer: SettingsRoleAnswer, _ width: Int) -> String {
        let name = answer.name ?? answer.application
        return TextLayout.fit(name.map { answer.mark + TextLayout.safe($0) } ?? "(none)", width)
    }

    /// The highlighted row in full: for the view role, the default's desktop file ID (and its
    /// pin), the file and line it comes from and the type's extensions; for edit and markup, the
    /// role's application and why.
    private var detail: String {
        guard let row = list.current else { return "" }
        if byApplication { return TextLayout.safe(applications[row].id) }
        let entry = types[row]
        guard role == .view else {
            let answer = entry.answer(role)
            return role.rawValue + ": " + (answer.application.map { TextLayout.safe($0) + "  ·  " } ?? "")
                + TextLayout.safe(answer.reason)
        }
        let pin = entry.pinnedTo.map { $0 == entry.defaultApplication ? " (pinned)" : " (pinned to \(TextLayout.safe($0)))" }
        let application = (entry.defaultApplication.map(TextLayout.safe) ?? "") + (pin ?? "")
        let origin =
            entry.origin.isEmpty
            ? (application.isEmpty ? "" : application + "  ·  ") + "no default"
            : (application.isEmpty ? "" : application + "  ·  ") + "default from " + TextLayout.safe(entry.origin)
        let extensions = TextLayout.safe(entry.extensions.prefix(6).joined(separator: " "))
        return origin + (entry.extensions.isEmpty ? "" : "  ·  " + extensions)
    }

    /// The title line: the view's name, and the rows' marks on the right when they fit.
    private func title(_ columns: Int) -> String {
        let title = "assoc settings: " + (byApplication ? "Default apps by application" : "Default apps by file type")
        let legend = Self.marks.map { $0.mark + " " + $0.word }.joined(separator: "  ")
        guard !byApplication, TextLayout.width(title) + 2 + TextLayout.width(legend) <= columns else {
            return TextLayout.fit(title, columns)
        }
        return title + TextLayout.right(legend, columns - TextLayout.width(title))
    }

    /// The status line's keys.
    private var keyLine: String {
        let role = self.role.rawValue
        return byApplication
            ? "Enter set for all its types (\(role))  Tab role  a by type  / search  q quit"
            : "Enter choose the \(role) app  Tab role  p pin  u undo  / search  ? keys  q quit"
    }

    /// The screen: the chooser when one is open, the keys with `?`, else the grouped rows.
    public func render(lines: Int, columns: Int) -> [StyledLine] {
        if let chooser { return chooser.model.render(lines: lines, columns: columns) }
        if showsHelp {
            return KeyHelp.render(
                title: "assoc settings", keys: Self.keys + Self.marks.map { ($0.mark, $0.meaning) }, lines: lines,
                columns: columns)
        }
        var result = [StyledLine(title(columns), style: .title)]
        let widths = Self.typeColumns(columns)
        let header =
            byApplication
            ? "  APPLICATION                   DESKTOP ID"
            : "    " + TextLayout.fit("GROUP", widths.group) + " " + TextLayout.fit("TYPE", widths.type) + " "
                + (widths.comment > 0 ? TextLayout.fit("COMMENT", widths.comment) + " " : "")
                + Role.allCases.map { TextLayout.fit(heading($0), widths.application) }.joined(separator: " ")
        result.append(StyledLine(TextLayout.fit(header, columns), style: .title))
        for (position, row) in list.window {
            let mark = position == list.cursor ? "> " : "  "
            let text: String
            if byApplication {
                text =
                    mark + TextLayout.fit(TextLayout.safe(applications[row].name), 29) + " "
                    + TextLayout.safe(applications[row].id)
            } else {
                let entry = types[row]
                text =
                    mark + (entry.pinnedTo == nil ? "  " : "P ") + TextLayout.fit(entry.group, widths.group) + " "
                    + TextLayout.fit(TextLayout.safe(entry.type), widths.type) + " "
                    + (widths.comment > 0 ? TextLayout.fit(TextLayout.safe(entry.comment), widths.comment) + " " : "")
                    + Role.allCases.map { Self.cell(entry.answer($0), widths.application) }.joined(separator: " ")
            }
            result.append(StyledLine(TextLayout.fit(text, columns), style: position == list.cursor ? .highlighted : .normal))
        }
        result = Array(result.prefix(max(lines - 2, 0)))
        while result.count < lines - 2 { result.append(StyledLine(TextLayout.fit("", columns))) }
        result.append(StyledLine(TextLayout.fit(detail, columns)))
        let status = list.isSearching ? "/" + TextLayout.safe(list.query) + "▏" : message.map(TextLayout.safe) ?? keyLine
        result.append(StyledLine(TextLayout.fit(status, columns), style: .status))
        return Array(result.suffix(lines))
    }
}
