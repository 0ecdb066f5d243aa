import HeraldCore

/// A text that may be absent, kept as the UTF-8 bytes an archive holds until it is read: a build
/// that takes 10,000 heroes from the last build's archive renders the pages of the few that
/// changed, so most biographies are never read, and making each a `String` (a copy and a check
/// of its UTF-8) was most of the cost of reading the archive.
struct DeferredText: Sendable, CustomDebugStringConvertible {
    private enum Storage: Sendable {
        case text(String?)
        /// A slice of the archive's bytes, which it keeps alive; nothing is copied.
        case utf8(ArraySlice<UInt8>)
    }

    private var storage: Storage

    init(_ text: String?) {
        storage = .text(text)
    }

    /// What `archive(into:)` wrote; nil when the bytes are not such a text.
    init?(from reader: inout ArchiveReader) {
        guard let present = reader.flag() else { return nil }
        guard present else {
            storage = .text(nil)
            return
        }
        guard let utf8 = reader.textBytes() else { return nil }
        storage = .utf8(utf8)
    }

    /// Made anew on each read of bytes from an archive: a hero's page reads it once.
    var text: String? {
        switch storage {
        case .text(let text): text
        case .utf8(let utf8): String(decoding: utf8, as: UTF8.self)
        }
    }

    /// Whether there is a text, without reading it.
    var isPresent: Bool {
        switch storage {
        case .text(let text): text != nil
        case .utf8: true
        }
    }

    /// The text's, however it is kept: a hero printed whole reads the same before and after an archive.
    var debugDescription: String {
        text.debugDescription
    }

    /// Writes it as `ArchiveWriter.write(_: String?)` would, its bytes as they are.
    func archive(into writer: inout ArchiveWriter) {
        switch storage {
        case .text(let text): writer.write(text)
        case .utf8(let utf8):
            writer.write(true)
            writer.write(utf8: utf8)
        }
    }
}
