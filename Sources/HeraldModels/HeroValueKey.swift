import HeraldCore

/// A hero field or one of the rules' facts, as `group_by:`, `sort:` and `card:` name them.
public enum HeroValueKey: Sendable, Hashable {
    case field(HeroField)
    /// An index into `HeroRules.facts` and `Hero.facts`.
    case fact(Int)
}

extension Hero {
    /// The texts this hero has for `key`: one for a text field or fact, any number for a list,
    /// none when missing. Numbers and booleans count as their text, so they group too.
    @inlinable  // callers read one field; called opaquely, a whole hero is copied per call
    public func texts(for key: HeroValueKey) -> [String] {
        switch key {
        case .field(let field): groupValues(for: field)
        case .fact(let index): facts.indices.contains(index) ? Self.texts(of: facts[index]) : []
        }
    }

    /// The texts of a fact's value: a scalar as one text, a list as its scalars.
    public static func texts(of value: DataValue) -> [String] {
        switch value {
        case .list(let items): items.compactMap { scalarText($0.value) }
        default: scalarText(value).map { [$0] } ?? []
        }
    }

    /// A scalar as text; nil for null, blank text, lists and maps.
    public static func scalarText(_ value: DataValue) -> String? {
        switch value {
        case .string(let text): text.hasVisibleText ? text : nil
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .list, .map: nil
        }
    }
}
