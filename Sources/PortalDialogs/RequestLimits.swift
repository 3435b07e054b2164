import XDGSupport

/// The most one portal request may hold, as `assoc portal` reads it: what it takes from the
/// frontend is bounded so that a huge request is refused at once instead of freezing the service,
/// and so that what is taken fits the request file a dialog reads
/// (`PortalDialogs.maximumMessageSize`, 1 MiB).
///
/// - at most 256 filters, of at most 256 patterns each;
/// - at most 64 choices, of at most 256 options each;
/// - at most 1024 files to save (SaveFiles), at most 4096 applications (ChooseApplication,
///   UpdateChoices);
/// - at most 4096 bytes in any one string or path;
/// - at most 65,536 values and 1 MiB of text in the whole request.
///
/// A larger request is answered with the D-Bus error `org.freedesktop.DBus.Error.LimitsExceeded`
/// (the application sees response 2), and so is one whose request file would still be larger than
/// a dialog reads.
public enum RequestLimits {
    /// The most filters (`filters`, with `current_filter`).
    public static let filters = 256
    /// The most patterns of one filter.
    public static let patternsPerFilter = 256
    /// The most choices (`choices`).
    public static let choices = 64
    /// The most options of one choice.
    public static let optionsPerChoice = 256
    /// The most files of a SaveFiles (`files`).
    public static let files = 1024
    /// The most applications offered (ChooseApplication's `choices`, UpdateChoices).
    public static let applications = 4096
    /// The most bytes of one string or path.
    public static let bytesPerString = 4096
    /// The most values of one request.
    public static let values = 65_536
    /// The most bytes of text of one request.
    public static let textBytes = PortalDialogs.maximumMessageSize

    /// The longest list of any kind.
    public static var longestList: Int { max(filters, patternsPerFilter, choices, optionsPerChoice, files, applications) }

    /// The limits in a sentence, for the manual.
    public static var summary: String {
        "A request may hold at most \(filters) filters of at most \(patternsPerFilter) patterns each, \(choices) "
            + "choices of at most \(optionsPerChoice) options each, \(files) files to save, \(applications) applications, "
            + "\(bytesPerString) bytes in any string or path, and \(values) values and "
            + "\(FileBytes.describeSize(textBytes)) of text in all"
    }
}
