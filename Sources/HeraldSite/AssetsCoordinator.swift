import Foundation
import HeraldBuilder
import HeraldCore

/// Decides the asset files: every file under the theme's `assets/`, written under a name that
/// carries a hash of its bytes so browsers and CDNs may cache it forever.
struct AssetsCoordinator: Sendable {
    /// The files to write, and for templates each asset's key (`herald_css`) → its route.
    let items: [OutputItem]
    let routes: [String: String]

    /// `assets` maps each asset's path in the theme (`assets/herald.css`) to its bytes.
    init(assets: [String: [UInt8]]) {
        var items: [OutputItem] = []
        var routes: [String: String] = [:]
        for (relative, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            let name = (relative as NSString).lastPathComponent
            let folder = (relative as NSString).deletingLastPathComponent
            let stem = (name as NSString).deletingPathExtension
            let ext = (name as NSString).pathExtension
            let route = "\(folder)/\(stem).\(Self.fingerprint(bytes))" + (ext.isEmpty ? "" : ".\(ext)")
            guard let path = OutputPath(route) else { continue }
            items.append(.file(path, bytes))
            routes[Self.key(for: String(relative.dropFirst("assets/".count)))] = route
        }
        self.items = items
        self.routes = routes
    }

    /// `herald.css` → `herald_css`, `icons/star.svg` → `icons_star_svg`: a name templates can use.
    static func key(for relative: String) -> String {
        String(relative.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Eight hex digits of FNV-1a: enough to change the name whenever the bytes change.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        let hex = String(FNV1a.hash32(bytes), radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
