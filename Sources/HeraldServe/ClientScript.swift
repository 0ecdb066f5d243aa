import Foundation

/// The script and style `herald serve` puts into the pages it serves (never into a build):
/// live reload over Server-Sent Events keeping the scroll position, stylesheets swapped in place
/// when only CSS changed, the build-error overlay, and the board's card actions (done, move by
/// select or by dragging: the card with a mouse, its handle with a finger, or the handle with
/// the keys; into another lane too, which changes a priority lane's value; edit in place, remove;
/// the last change undoable for a few seconds, across the reload that follows it, a removal
/// too), errors on the card, and the add form.
/// They are `Client/herald-serve.js` and `Client/herald-serve.css`, which the EmbedFiles plugin
/// writes into the binary. The script reads its settings from the JSON element `PageInjection`
/// writes before it.
enum ClientScript {
    static let script = text(of: "herald-serve.js")
    static let style = text(of: "herald-serve.css")

    /// A file of `Client/` as text, without the line break that ends the file: the page puts the
    /// closing tag right after the last line.
    private static func text(of name: String) -> String {
        // The plugin wrote the text with base64 itself, and a test reads both files back.
        guard let file = EmbeddedClient.files.first(where: { $0.name == name }),
            let bytes = Data(base64Encoded: file.base64)
        else { return "" }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
