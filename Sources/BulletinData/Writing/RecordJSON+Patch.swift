/// What a REST edit sends and how the record read back afterwards is compared (issue 12):
/// the `PATCH` body holds only the members the person changed, values keep the JSON type the
/// server uses, and numbers compare by value.
extension RecordJSON {
    // MARK: - Bodies

    /// The members of a `PATCH` for an edit from `old` to `new` of the record the server holds
    /// as `raw`: only the top-level members that differ between `old` and `new`, in `new`'s
    /// order. A member now `null` is sent as `null` (the person cleared it). A changed object
    /// (`address`, `company`) is sent whole, as `raw` holds it with only the changed members
    /// replaced, because json-server merges a `PATCH` one level deep (`Object.assign`): a
    /// partial `address` would replace the whole one. Values take `raw`'s types (``typed(_:like:)``).
    static func patch(from old: JSONValue, to new: JSONValue, onto raw: JSONValue) -> [JSONValue.Member] {
        guard case let .object(newMembers) = new else { return [] }
        return newMembers.compactMap { member -> JSONValue.Member? in
            let before = old[member.key] ?? .null
            guard before != member.value else { return nil }
            guard member.value != .null else { return .init(key: member.key, value: .null) }
            let stored = raw[member.key] ?? .null
            return .init(key: member.key, value: applying(from: before, to: member.value, onto: stored, keepingTypes: true))
        }
    }

    /// `value` in the JSON type of `reference` where nothing is lost: a number becomes a string
    /// when `reference` is a string (`"userId": "1"` stays a string); an object's members are
    /// typed like `reference`'s members of the same name. Anything else is `value` unchanged.
    static func typed(_ value: JSONValue, like reference: JSONValue) -> JSONValue {
        switch (value, reference) {
        case let (.number(text), .string): return .string(text)
        case let (.object(members), .object):
            return .object(members.map { member in
                .init(key: member.key, value: reference[member.key].map { typed(member.value, like: $0) } ?? member.value)
            })
        default: return value
        }
    }

    // MARK: - Comparing

    /// Whether two values are the same data: numbers by value (`1.0` equals `1`, `1e2` equals
    /// `100`), objects member by member whatever their order, arrays element by element; a
    /// string never equals a number.
    static func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(left), .number(right)):
            guard let l = Double(left), let r = Double(right) else { return left == right }
            return l == r
        case let (.array(left), .array(right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameValue($0, $1) }
        case let (.object(left), .object(right)):
            let keys = Set(left.map(\.key))
            return keys == Set(right.map(\.key)) && keys.allSatisfy { sameValue(lhs[$0] ?? .null, rhs[$0] ?? .null) }
        default:
            return lhs == rhs
        }
    }

    /// How `actual` (the record as read back) differs from `expected` (what the write should
    /// have left): members of `expected` missing from `actual` are `dropped`, members with
    /// another value (``sameValue(_:_:)``) are `changed`; nested objects give paths such as
    /// `address.city`. Members only `actual` has (a server's `updatedAt`) are not differences;
    /// nor is an `id` of another JSON type with the same text (the server's choice of type).
    static func differences(expected: JSONValue, actual: JSONValue, path: String = "") -> (dropped: [String], changed: [String]) {
        guard case let .object(members) = expected, case .object = actual else {
            return sameValue(expected, actual) ? ([], []) : ([], [path])
        }
        var dropped: [String] = []
        var changed: [String] = []
        for member in members {
            let name = path.isEmpty ? member.key : "\(path).\(member.key)"
            guard let value = actual[member.key] else {
                if member.value != .null { dropped.append(name) }
                continue
            }
            if path.isEmpty, member.key == "id", member.value.idText != nil, member.value.idText == value.idText { continue }
            if case .object = member.value, case .object = value {
                let inner = differences(expected: member.value, actual: value, path: name)
                dropped += inner.dropped
                changed += inner.changed
            } else if !sameValue(member.value, value) {
                changed.append(name)
            }
        }
        return (dropped, changed)
    }
}
