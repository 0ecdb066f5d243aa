/// A count in words, the noun in the singular for exactly one: `1 task`, `3 tasks`, `0 heroes`.
enum Plural {
    static func count(_ number: Int, one: String, many: String) -> String {
        number == 1 ? "1 \(one)" : "\(number) \(many)"
    }
}
