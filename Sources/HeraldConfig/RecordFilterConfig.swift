import HeraldCore
import HeraldModels

/// `where:` of `tasks:` and `heroes:`: a key path per entry and the value it must hold, a list of
/// values it may hold, or `not:` either (`where: {pull_request.html_url: null, state: {not: draft}}`).
enum RecordFilterConfig {
    static func read(
        _ reader: inout ConfigReader, in section: DataMap, sectionName: String, mapped: inout [MappedPath]
    ) -> RecordFilter {
        guard let node = reader.value("where", in: section), let map = reader.map("where", in: section) else {
            return RecordFilter()
        }
        var filter = RecordFilter(setting: "\(sectionName).where", location: node.location(in: reader.file))
        for (path, entry) in map.entries {
            let setting = "\(sectionName).where.\(path)"
            guard DataPath(path) != nil else {
                reader.error(
                    "'\(sectionName).where' takes key paths such as 'labels.*.name', found '\(path)'", atKey: path,
                    in: map)
                continue
            }
            var wanted = entry
            var negated = false
            if case .map(let inner) = entry.value {
                guard inner.keys == ["not"], let value = inner["not"] else {
                    reader.error(
                        "'\(setting)' takes a value, a list of values or 'not:' one of those, found \(entry.value.quotedForMessage)",
                        at: entry)
                    continue
                }
                (wanted, negated) = (value, true)
            }
            guard let values = values(&reader, wanted, setting: setting) else { continue }
            let condition = RecordFilter.Condition(path: path, values: values, negated: negated, setting: setting)
            if condition.needsTheKey {
                mapped.append(MappedPath(path: path, setting: setting, location: entry.location(in: reader.file)))
            }
            filter.conditions.append(condition)
        }
        return filter
    }

    /// A value to match (a text, number, boolean or null) or a list of them; nil after an error.
    private static func values(_ reader: inout ConfigReader, _ node: DataNode, setting: String) -> [DataValue]? {
        let items: [DataNode]
        if case .list(let list) = node.value { items = list } else { items = [node] }
        var values: [DataValue] = []
        for item in items {
            switch item.value {
            case .null, .bool, .int, .double, .string: values.append(item.value)
            case .list, .map:
                reader.error(
                    "'\(setting)' matches a text, a number, true, false or null (or a list of them), "
                        + "found \(item.value.quotedForMessage)", at: item)
                return nil
            }
        }
        if values.isEmpty {
            reader.error("'\(setting)' needs at least one value to match, found an empty list", at: node)
            return nil
        }
        return values
    }
}
