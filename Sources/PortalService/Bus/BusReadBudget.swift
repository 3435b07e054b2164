import XDGSupport

/// How much reading one message may take, so that a huge message is refused after a bounded
/// amount of work and memory instead of being made into values whole: the most elements of one
/// array or structure, the most bytes of one string or byte array, and, over the whole message,
/// the most values and the most bytes of text.
///
/// A reader spends from it as it goes (`BusMessage.readAll(budget:)`) and stops with
/// `BusError.tooLarge` at the first limit passed.
final class BusReadBudget {
    /// The most elements of one container.
    let elementsPerContainer: Int
    /// The most bytes of one string or byte array.
    let bytesPerValue: Int
    /// The most values of the message.
    let valueLimit: Int
    /// The most bytes of text of the message.
    let byteLimit: Int
    /// The values still allowed.
    private(set) var values: Int
    /// The bytes of text still allowed.
    private(set) var bytes: Int

    /// A budget with these limits.
    init(elementsPerContainer: Int, bytesPerValue: Int, values: Int, bytes: Int) {
        self.elementsPerContainer = elementsPerContainer
        self.bytesPerValue = bytesPerValue
        valueLimit = values
        byteLimit = bytes
        self.values = values
        self.bytes = bytes
    }

    private let step = "read the request"

    /// Spends one value.
    func spendValue() throws(BusError) {
        guard values > 0 else { throw .tooLarge(step, "more than \(valueLimit) values in all") }
        values -= 1
    }

    /// Spends `count` bytes of one string or byte array.
    func spend(bytes count: Int) throws(BusError) {
        guard count <= bytesPerValue else {
            throw .tooLarge(step, "a string or path of \(count) bytes, more than \(bytesPerValue)")
        }
        guard count <= bytes else { throw .tooLarge(step, "more than \(FileBytes.describeSize(byteLimit)) of text in all") }
        bytes -= count
    }

    /// Admits the `count`-th element of a container.
    func admit(element count: Int) throws(BusError) {
        guard count <= elementsPerContainer else {
            throw .tooLarge(step, "a list of more than \(elementsPerContainer) elements")
        }
    }
}
