import AssocTestSupport
import DocumentProvider
import Foundation
import MIMEDatabase
import Testing

/// Whether the system's shared-mime-info database is installed; tests that type files need it.
let hasSystemMIME = FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")

/// The system's database, loaded once, and a detector over it.
let systemDatabase = MIMEDatabase(mimeDirectories: ["/usr/share/mime"])
let systemDetector = TypeDetector(database: systemDatabase)

/// The reason printed when a test that needs a mount is skipped.
let noTmpfs: Comment = "mounting a tmpfs is not possible here (needs root and mount(2))"
