/// A source whose server searches itself (TheMealDB's `search.php?s=`), so that Search asks it
/// for each query instead of loading every post and comment and searching them here.
///
/// The smallest hook Search needs: the source answers a query with the posts it finds (whole
/// records, so a result opens without another request), in the server's order; comments are
/// not searched.
public protocol SearchingSource: DataSource {
    /// The posts the source's own search finds for `text` (as typed, not folded); empty when
    /// nothing matches.
    /// - Throws: ``DataError`` naming the URL, as any fetch.
    func searchPosts(_ text: String) async throws(DataError) -> [Post]
}
