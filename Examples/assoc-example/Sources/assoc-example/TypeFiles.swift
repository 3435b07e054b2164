import MIMEDatabase

/// Prints the type of each file, as `assoc type` finds it: the extended attribute, the name's
/// globs, the content's magic, an XML document's root, the text test.
func typeFiles(_ paths: [String], database: MIMEDatabase) -> Int32 {
    let detector = TypeDetector(database: database)
    // No trace of the steps: only the answer is wanted.
    let options = DetectionOptions(recordsTrace: false)
    var status: Int32 = 0
    for path in paths {
        do {
            let detection = try detector.detect(path: path, options: options)
            let guess = detection.uncertain ? " (a guess)" : ""
            print("\(path): \(detection.type), from its \(detection.source.rawValue)\(guess)")
        } catch {
            // A typed error (DetectionError) with a message for people.
            print("\(path): \(error)")
            status = 1
        }
    }
    // Names and bytes alone can be typed too, without a file.
    _ = detector.detect(name: "report.pdf")
    _ = detector.detect(data: Array("%PDF-1.7\n".utf8))
    return status
}
