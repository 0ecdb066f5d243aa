/// Sizes as `herald.yml` writes them: a number of bytes, or one with a unit, `KB`, `MB` or `GB`
/// (powers of 1,024, as file managers count), such as `512MB`.
enum ByteSizes {
    private static let units: [String: Int] = ["B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30]

    static func bytes(in text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let unit = text.dropFirst(digits.count).trimmingBlanks().uppercased()
        guard let scale = unit.isEmpty ? 1 : units[unit] else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: scale)
        return overflow ? nil : bytes
    }
}
