extension RecordSpans {
    /// Moves every offset at or after `range`'s end by `delta` (the splice replacing `range`
    /// changes the length by that much); offsets before `range` stay. The caller fixes the
    /// element inside `range`.
    mutating func shift(_ range: Range<Int>, by delta: Int) {
        guard delta != 0 else { return }
        let upper = range.upperBound
        func moved(_ offset: Int) -> Int { offset >= upper ? offset + delta : offset }
        /// An exclusive end moves with its last byte.
        func movedEnd(_ end: Int) -> Int { end - 1 >= upper ? end + delta : end }
        rootOpen = moved(rootOpen)
        rootClose = moved(rootClose)
        for index in rootMembers.indices {
            rootMembers[index].keyStart = moved(rootMembers[index].keyStart)
            rootMembers[index].valueEnd = movedEnd(rootMembers[index].valueEnd)
        }
        for kind in Array(collections.keys) {
            guard var collection = collections.removeValue(forKey: kind) else { continue }
            let reachesSplice = collection.close >= upper
            collection.open = moved(collection.open)
            collection.close = moved(collection.close)
            if reachesSplice {
                let first = (collection.elements.lastIndex { $0.end - 1 < upper } ?? -1) + 1
                for index in first..<collection.elements.count {
                    collection.elements[index].start = moved(collection.elements[index].start)
                    collection.elements[index].end = movedEnd(collection.elements[index].end)
                }
            }
            collections[kind] = collection
        }
        size += delta
    }
}
