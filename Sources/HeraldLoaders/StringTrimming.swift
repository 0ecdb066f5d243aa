extension String {
    /// The string without leading and trailing spaces and tabs (Foundation's trimming would also
    /// eat line breaks and other Unicode spaces, which these formats treat as text).
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
