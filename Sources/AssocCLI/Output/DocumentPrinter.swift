import DocumentProvider
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Renders document listings: a table for people, JSON Lines for programs.
struct DocumentPrinter {
    let output: OutputSink

    /// The JSON object of one entry, in the contract's field names.
    func json(_ document: Document) -> JSONValue {
        .object(
            JSONValue.path("path", document.path) + [
                ("type", .string(document.type)), ("directory", .bool(document.isDirectory)),
                ("size", document.size.map { .int(Int($0)) } ?? .null), ("modified", .string(document.modifiedISO8601)),
                ("location", .string(document.location.rawValue)), ("available", .bool(document.available)),
                ("reason", .optional(document.reason)), ("origin", .optional(document.origin)),
            ] + JSONValue.path("thumbnail", document.thumbnail))
    }

    /// A table with a header: size in binary units, local time, location, type, name; unavailable
    /// documents say why after their name. Nothing at all when there are no documents.
    func table(_ documents: [Document]) {
        guard !documents.isEmpty else { return }
        let rows = documents.map { document -> [String] in
            [
                document.size.map(ByteCount.human) ?? "-", Self.localTime(document.modifiedSeconds),
                document.location.rawValue, document.type,
                document.path + (document.isDirectory ? "/" : "")
                    + (document.reason.map { "  (unavailable: \($0))" } ?? ""),
            ]
        }
        let header = ["SIZE", "MODIFIED", "LOCATION", "TYPE", "NAME"]
        var widths = header.map(\.count)
        for row in rows {
            for column in 0..<4 { widths[column] = max(widths[column], row[column].count) }
        }
        for row in [header] + rows {
            let size = String(repeating: " ", count: widths[0] - row[0].count) + row[0]
            let middle = (1..<4).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            output.untrustedLine(([size] + middle + [row[4]]).joined(separator: "  "))
        }
    }

    /// `2024-05-01 12:34` in the local time zone.
    static func localTime(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return String(seconds) }
        func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday)) \(pad(parts.tm_hour)):\(pad(parts.tm_min))"
    }
}
