/// Sizes as people read them, in binary units.
public enum ByteCount {
    /// `512 B`, `1.5 KiB`, `23 MiB`: one decimal below ten units.
    public static func human(_ bytes: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB"]
        guard bytes >= 1024 else { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if value < 10 {
            let tenths = Int((value * 10).rounded())
            return tenths >= 100 ? "10 \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
        }
        return "\(Int(value.rounded())) \(units[unit])"
    }
}
