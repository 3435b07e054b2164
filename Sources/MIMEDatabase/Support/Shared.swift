/// An immutable value behind one reference, so that copying whatever holds it (an enum case, a
/// detector handed to every thread) retains one object rather than every array inside the value.
final class Shared<Value: Sendable>: Sendable {
    /// The value.
    let value: Value

    /// Shares `value`.
    init(_ value: Value) {
        self.value = value
    }
}
