/// Error pages as servers in the wild send them, for tests of how Bulletin words them.
public enum ErrorPages {
    /// Python's `http.server` page for a 501 (an unsupported `PATCH`), as a test server, and many
    /// a real one built on it, sends it.
    public static let python501 = """
        <!DOCTYPE HTML>
        <html lang="en">
            <head>
                <meta charset="utf-8">
                <title>Error response</title>
            </head>
            <body>
                <h1>Error response</h1>
                <p>Error code: 501</p>
                <p>Message: Unsupported method (&#39;PATCH&#39;).</p>
            </body>
        </html>
        """
}
