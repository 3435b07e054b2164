extension Collection where Element == UInt8 {
    /// Calls `body` with these bytes in one buffer: their own storage when they have one, else a
    /// copy.
    ///
    /// A public generic function of this module runs unspecialised when another module calls it:
    /// a witness call for each byte, and, on its first call, the standard library's generic code
    /// looking its types up at run time. One that hands its bytes to a body compiled for buffers
    /// alone pays that once, here.
    func withBytesInOneBuffer<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let value = withContiguousStorageIfAvailable(body) { return value }
        return Array(self).withUnsafeBufferPointer(body)
    }
}
