import HeraldCore
import HeraldLoaders

/// A JSON file of records, edited in place (see `RecordDocument`): an edit rewrites one value,
/// member or element and leaves every other byte as it was.
struct JSONDocument: RecordDocument {
    let file: String
    let root: String?
    private(set) var records: [Record]
    /// A UTF-8 byte order mark, kept aside: the reader's lines and columns start after it.
    private let bom: [UInt8]
    private var text: [UInt8]

    var bytes: [UInt8] { bom + text }

    init(bytes: [UInt8], file: String, root: String?) throws(DiagnosticError) {
        self.file = file
        self.root = root
        (bom, text) = splittingBOM(bytes)
        records = try JSONRecordReader(root: root).records(inText: bytes, file: file)
    }

    mutating func set(_ key: String, to value: FieldValue, inRecord index: Int) throws(DiagnosticError) {
        let object = try recordObject(index)
        let style = JSONStyle(members: object.members, open: object.open, close: object.close, text: text)
        let spelled = JSONSpelling.value(value, compact: style?.isCompact ?? false)
        if let member = object.members.first(where: { $0.key == key }) {
            try commit(
                text.replacing(member.valueStart..<member.valueEnd, with: spelled),
                after: .set(key, value, index), at: index)
            return
        }
        let items = self.items(
            object.members.map(\.span), open: object.open, close: object.close,
            spaced: !(style?.isCompact ?? false))
        let insertion = items.insertion { _ in (style ?? .inline).member(key, spelled) }
        try commit(
            text.replacing(insertion.offset..<insertion.offset, with: insertion.bytes),
            after: .set(key, value, index), at: index)
    }

    mutating func removeField(_ key: String, inRecord index: Int) throws(DiagnosticError) {
        let object = try recordObject(index)
        guard let position = object.members.firstIndex(where: { $0.key == key }) else { return }
        let items = self.items(object.members.map(\.span), open: object.open, close: object.close, spaced: true)
        let keyed = try container().shape == .keyed
        try commit(
            text.replacing(items.removal(of: position), with: []),
            after: .removeField(key, index, keyIsID: keyed && key == "id"), at: index)
    }

    mutating func removeRecord(_ index: Int) throws(DiagnosticError) {
        let container = try container()
        guard container.shape != .single else { throw singleRecord(container) }
        guard container.items.indices.contains(index) else { throw noRecord(index) }
        let items = self.items(container.items, open: container.open, close: container.close, spaced: true)
        try commit(text.replacing(items.removal(of: index), with: []), after: .removeRecord, at: index)
    }

    mutating func appendRecord(_ fields: [(key: String, value: FieldValue)]) throws(DiagnosticError) {
        let container = try container()
        guard container.shape != .single else { throw singleRecord(container) }
        // The last record is the model for the new one, and its container for the new member's colon.
        var lastStyle: JSONStyle?
        var writesID = true
        if let last = container.items.last, let object = container.extents.object(at: container.recordStart(of: last)) {
            lastStyle = JSONStyle(
                members: object.members, open: container.recordStart(of: last), close: object.close, text: text)
            writesID = object.members.contains { $0.key == "id" }
        }
        var inside = fields
        var key: String?
        if container.shape == .keyed {
            guard let id = fields.first(where: { $0.key == "id" })?.value, let name = Self.memberKey(id) else {
                throw DiagnosticError(
                    .error(
                        at: container.location,
                        "the records here are keyed by id: a new record needs an 'id' that is a text or a number"))
            }
            key = name
            if !writesID || container.items.isEmpty { inside.removeAll { $0.key == "id" } }
        }
        let keyedStyle =
            container.shape == .keyed
            ? container.extents.object(at: container.open).flatMap {
                JSONStyle(members: $0.members, open: container.open, close: $0.close, text: text)
            }
            : nil
        let spaced = !((container.shape == .keyed ? keyedStyle : lastStyle)?.isCompact ?? false)
        let items = self.items(container.items, open: container.open, close: container.close, spaced: spaced)
        let insertion = items.insertion { indent in
            let style =
                indent.map { JSONStyle.pretty(indent: $0, lineEnding: LineIndex(text).lineEnding) } ?? lastStyle
                ?? .inline
            let object = style.object(inside)
            return key.map { (keyedStyle ?? .inline).member($0, object) } ?? object
        }
        try commit(
            text.replacing(insertion.offset..<insertion.offset, with: insertion.bytes),
            after: .appendRecord(inside), at: max(records.count - 1, 0))
    }

    // MARK: Finding records

    /// How the records are held, as `DocumentRecords` reads them.
    enum Shape { case list, keyed, single }

    /// The array or object holding the records, with the extent of each record in it (a keyed
    /// record's extent starts at its key).
    struct Container {
        var shape: Shape
        var open: Int
        var close: Int
        var items: [Range<Int>]
        var location: SourceLocation
        /// Where every array and object of the text stands, as the parser read it.
        var extents: JSONExtents
        /// Where each keyed record's object starts, by the offset of its key.
        var valueStarts: [Int: Int] = [:]

        /// Where the object of a record starts, given the record's extent.
        func recordStart(of extent: Range<Int>) -> Int { valueStarts[extent.lowerBound] ?? extent.lowerBound }
    }

    private func container() throws(DiagnosticError) -> Container {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let (parsed, extents) = try JSONParser.parseWithExtents(text, file: file)
        guard let document = parsed else {
            throw DiagnosticError(.error(at: start, "the file holds no JSON array or object to add records to"))
        }
        guard let node = root.map({ document.lookup($0) }) ?? document,
            let open = LineIndex(text).offset(line: node.line, column: node.column)
        else {
            throw DiagnosticError(.error(at: start, "no records at '\(root ?? "")'"))
        }
        let location = node.location(in: file)
        switch node.value {
        case .list:
            if let array = extents.array(at: open) {
                return Container(
                    shape: .list, open: open, close: array.close, items: array.elements, location: location,
                    extents: extents)
            }
        case .map(let map):
            if let object = extents.object(at: open) {
                let keyed = map.entries.allSatisfy { if case .map = $0.node.value { true } else { false } }
                let valueStarts = Dictionary(uniqueKeysWithValues: object.members.map { ($0.keyStart, $0.valueStart) })
                return Container(
                    shape: keyed ? .keyed : .single, open: open, close: object.close,
                    items: keyed ? object.members.map(\.span) : [open..<(object.close + 1)],
                    location: location, extents: extents, valueStarts: valueStarts)
            }
        default:
            break
        }
        throw DiagnosticError(.error(at: location, "expected an array or object of records here"))
    }

    /// The object of record `index`: its members and the offsets of its braces.
    private func recordObject(_ index: Int) throws(DiagnosticError) -> (
        members: [JSONExtents.Member], open: Int, close: Int
    ) {
        let container = try container()
        guard container.items.indices.contains(index), index < records.count else { throw noRecord(index) }
        let open = container.recordStart(of: container.items[index])
        guard let object = container.extents.object(at: open) else {
            throw DiagnosticError(.error(at: records[index].location, "record \(index + 1) is not an object"))
        }
        return (object.members, open, object.close)
    }

    /// The items of a container; `spaced` tells whether a comma is followed by a space when
    /// nothing in the container shows it.
    private func items(_ items: [Range<Int>], open: Int, close: Int, spaced: Bool) -> JSONItems {
        JSONItems(
            text: text, items: items, open: open, close: close, lineEnding: LineIndex(text).lineEnding,
            gap: spaced ? [UInt8(ascii: " ")] : [])
    }

    /// A keyed record's member key: the id's text, or its number written out.
    private static func memberKey(_ id: FieldValue) -> String? {
        switch id {
        case .text(let text): text
        case .number(let number): String(number)
        default: nil
        }
    }

    // MARK: Keeping an edit

    /// Adopts `edited` once its records read back as `edit` intends; errors point at record `index`.
    private mutating func commit(_ edited: [UInt8], after edit: ReadBack.Edit, at index: Int) throws(DiagnosticError) {
        let location =
            records.indices.contains(index) ? records[index].location : SourceLocation(file: file, line: 1, column: 1)
        records = try ReadBack.records(
            of: bom + edited, reader: JSONRecordReader(root: root), file: file,
            after: edit, old: records, at: location)
        text = edited
    }

    private func noRecord(_ index: Int) -> DiagnosticError {
        DiagnosticError(
            .error(
                at: SourceLocation(file: file, line: 1, column: 1),
                "there is no record \(index + 1): \(file) has \(records.count)"))
    }

    private func singleRecord(_ container: Container) -> DiagnosticError {
        DiagnosticError(
            .error(
                at: container.location,
                "this object is a single record, not an array or an object of records: records cannot be added or removed here"
            ))
    }
}
