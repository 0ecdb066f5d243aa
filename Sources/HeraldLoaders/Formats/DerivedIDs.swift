import HeraldCore
import HeraldModels

extension [Record] {
    /// The records, each without an `id` field given an ID derived from its title and how many
    /// records before it share that title.
    func derivingIDs() -> [Record] {
        var seen: [String: Int] = [:]
        return map { record in
            guard record.fields.lookup("id") == nil, let title = record.fields.lookup("title"),
                  case .string(let text) = title.value else { return record }
            seen[text, default: 0] += 1
            var record = record
            record.derivedID = TaskID.derived(fromTitle: text, occurrence: seen[text] ?? 1)
            return record
        }
    }
}
