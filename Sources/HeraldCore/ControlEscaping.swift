extension String {
    /// The text with every control character but tab written as `\u{1B}`: text from data put in
    /// a message can then neither steer the terminal (an escape sequence) nor split the line.
    public var escapingControls: String {
        guard unicodeScalars.contains(where: Self.isEscaped) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if Self.isEscaped(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 controls but tab, DEL, and the C1 controls a terminal also obeys.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
