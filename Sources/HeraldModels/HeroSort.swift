import Foundation
import HeraldCore

/// The catalog's order (`sort:` in `herald.yml`): a field or fact, ascending or descending.
/// Heroes without a value come last either way; ties go by name, then slug.
public struct HeroSort: Sendable, Hashable {
    public var key: HeroValueKey
    public var descending: Bool

    public init(key: HeroValueKey, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// By name, the default.
    public static let name = HeroSort(key: .field(.name))

    /// One hero's value for the sort: numbers by value, before texts in collation order.
    public enum Value: Sendable, Comparable {
        case number(Double)
        case text([UInt8])

        public static func < (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)): a < b
            case (.number, .text): true
            case (.text, .number): false
            case (.text(let a), .text(let b)): Collation.less(a, b)
            }
        }

        /// A record's value as the sort reads it: the first item of a list; nil when missing.
        public static func of(_ value: DataValue) -> Value? {
            switch value {
            case .int(let number): .number(Double(number))
            case .double(let number): number.isFinite ? .number(number) : nil
            case .bool(let flag): .number(flag ? 1 : 0)
            case .string(let text):
                if let number = Double(text.trimmed()), number.isFinite {
                    .number(number)
                } else if text.hasVisibleText {
                    .text(Collation.key(text))
                } else {
                    nil
                }
            case .list(let items): items.lazy.compactMap { of($0.value) }.first
            case .null, .map: nil
            }
        }
    }

    /// This sort's value for `hero`.
    public func value(of hero: Hero) -> Value? {
        switch key {
        case .field(.name): .text(Collation.key(hero.name))
        case .field(.slug): .text(Collation.key(hero.slug))
        case .field(.id): .text(Collation.key(hero.id))
        case .field(let field): hero.groupValues(for: field).first.map { .text(Collation.key($0)) }
        case .fact(let index): hero.facts.indices.contains(index) ? Value.of(hero.facts[index]) : nil
        }
    }
}
