/// One more field of each record that the site shows (`facts:` in `herald.yml`): its name, the
/// key path it is read from, its label, and display names for its raw values.
public struct RecordFact: Sendable, Hashable {
    public var name: String
    public var path: String
    /// nil: the presenters make one from the name (`move_speed` → "Move speed").
    public var label: String?
    /// Raw value → what the pages show (`agi` → "Agility").
    public var values: [String: String]
    /// The text is Markdown: the pages show it rendered (a biography joined from another file).
    public var markdown = false

    public init(name: String, path: String? = nil, label: String? = nil, values: [String: String] = [:]) {
        self.name = name
        self.path = path ?? name
        self.label = label
        self.values = values
    }
}
