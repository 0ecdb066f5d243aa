import HeraldCore
@testable import HeraldEditor
import Testing

/// The bytes of a test text: Swift string literals write `\r\n` and non-ASCII as they are.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Expects that `new` is `old` with the first `target` (some context included, so it is found
/// at the intended place) replaced by `replacement`, every other byte unchanged.
func expectEdit(
    _ old: [UInt8], _ new: [UInt8], replacing target: String, with replacement: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let expected = old.replacingFirst(utf8(target), with: utf8(replacement))
    #expect(expected != nil, "\(target.debugDescription) is not in the text", sourceLocation: sourceLocation)
    if let expected { expectBytes(new, expected, sourceLocation: sourceLocation) }
}

/// Expects two texts to be equal, showing them as text rather than as thousands of numbers.
func expectBytes(_ actual: [UInt8], _ expected: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    var first = 0
    while first < actual.count, first < expected.count, actual[first] == expected[first] { first += 1 }
    let from = Swift.max(0, first - 40)
    let got = String(decoding: actual[from..<Swift.min(actual.count, first + 60)], as: UTF8.self)
    let wanted = String(decoding: expected[from..<Swift.min(expected.count, first + 60)], as: UTF8.self)
    Issue.record(
        "texts differ at byte \(first): got \(got.debugDescription), expected \(wanted.debugDescription)",
        sourceLocation: sourceLocation)
}

extension Array where Element == UInt8 {
    /// These bytes with the first occurrence of `target` replaced; nil when it does not occur.
    func replacingFirst(_ target: [UInt8], with replacement: [UInt8]) -> [UInt8]? {
        guard !target.isEmpty, target.count <= count else { return nil }
        for start in 0...(count - target.count) where self[start..<(start + target.count)].elementsEqual(target) {
            return replacing(start..<(start + target.count), with: replacement)
        }
        return nil
    }
}

/// The value of `key` in record `index`, for expectations.
func field(_ document: some RecordDocument, _ index: Int, _ key: String) -> DataValue? {
    guard case .map(let map) = document.records[index].fields.value else { return nil }
    return map[key]?.value
}

/// The text of a string field, nil for anything else.
func text(_ document: some RecordDocument, _ index: Int, _ key: String) -> String? {
    if case .string(let value)? = field(document, index, key) { value } else { nil }
}

/// The first diagnostic of an error an edit threw, or nil when it threw none.
func editError(_ edit: () throws -> Void) -> Diagnostic? {
    do {
        try edit()
        return nil
    } catch {
        return (error as? DiagnosticError)?.diagnostics.first
    }
}
