import Foundation
import HeraldCore

/// Parsed templates by name, with every partial and parent reference resolved once; immutable, so
/// one library serves any number of renders running in parallel.
public struct TemplateLibrary: Sendable {
    let templates: [Template]
    let indexByName: [String: Int]
    let indexByOrigin: [ObjectIdentifier: Int]
    /// Per template, the library index each static partial slot refers to (-1: no such template).
    let links: [[Int]]

    /// A library of `templates`; of two with the same name, the later one wins.
    public init(_ templates: [Template]) {
        var byName: [String: Int] = [:]
        var kept: [Template] = []
        for template in templates {
            if let index = byName[template.name] {
                kept[index] = template
            } else {
                byName[template.name] = kept.count
                kept.append(template)
            }
        }
        self.templates = kept
        self.indexByName = byName
        self.indexByOrigin = Dictionary(
            uniqueKeysWithValues: kept.enumerated().map { (ObjectIdentifier($1.origin), $0) })
        self.links = kept.map { template in template.partialNames.map { byName[$0] ?? -1 } }
    }

    /// The template called `name`, if any.
    public subscript(name: String) -> Template? {
        indexByName[name].map { templates[$0] }
    }

    /// Every template name, sorted.
    public var names: [String] {
        indexByName.keys.sorted()
    }

    /// Renders the template called `name` with `value` as its context.
    ///
    /// In strict mode a key missing from the view data, or a partial missing from the library, is
    /// an error; otherwise it renders as nothing, as the Mustache spec says. Every error of the
    /// render is collected before throwing.
    public func render(_ name: String, _ value: TemplateValue, strict: Bool = false) throws(DiagnosticError) -> String {
        String(decoding: try renderBytes(name, value, strict: strict), as: UTF8.self)
    }

    /// Renders the template called `name` into UTF-8 bytes: what a page writer needs, without
    /// the validation and copy of a round trip through `String`.
    public func renderBytes(_ name: String, _ value: TemplateValue, strict: Bool = false) throws(DiagnosticError)
        -> [UInt8]
    {
        guard let template = self[name] else {
            var message = "no template named '\(name)'"
            if let near = Suggestion.nearest(to: name, in: names) { message += "; did you mean '\(near)'?" }
            throw DiagnosticError(.error(at: SourceLocation(file: name), message))
        }
        return try renderBytes(template, value, strict: strict)
    }

    /// Renders `template`, which need not belong to the library, resolving its partials here.
    public func render(_ template: Template, _ value: TemplateValue, strict: Bool = false) throws(DiagnosticError)
        -> String
    {
        String(decoding: try renderBytes(template, value, strict: strict), as: UTF8.self)
    }

    /// Renders `template` into UTF-8 bytes.
    public func renderBytes(_ template: Template, _ value: TemplateValue, strict: Bool = false) throws(DiagnosticError)
        -> [UInt8]
    {
        var renderer = Renderer(library: self, root: template, value: value, strict: strict)
        renderer.render(template.nodes)
        if !renderer.diagnostics.isEmpty { throw DiagnosticError(renderer.diagnostics) }
        return renderer.output
    }

    /// The partial links of a template, whether it belongs to the library or not.
    func links(of template: Template) -> [Int] {
        if let index = indexByOrigin[ObjectIdentifier(template.origin)] { return links[index] }
        return template.partialNames.map { indexByName[$0] ?? -1 }
    }
}

extension TemplateLibrary {
    /// Which files of its folders a library reads.
    public enum Loading: Sendable {
        /// Every `*.mustache` file, subfolders included, all checked at once. The folders may be
        /// symbolic links; links inside them are followed only to files within the folder.
        case everyFile
        /// The `*.mustache` files among those named, per folder (paths inside it): a site's
        /// templates, from the listing its theme made and checked.
        case listed([[String]])
        /// Only the templates that the added ones name, and what those name in turn; plus every
        /// `*.mustache` file at the top of the folders when a tag picks its template by data.
        case referenced
    }

    /// Loads the templates of `folders`, each named by its path inside its folder without
    /// `.mustache`. A name found in an earlier folder hides the same name in later ones, so a
    /// site's own templates override a theme's file by file.
    ///
    /// A partial or parent tag naming a template not loaded yet is looked up as
    /// `FOLDER/name.mustache`, then `FOLDER/name`, in each folder in turn. `extra` templates win
    /// over files of the same name; `fallback` templates stand in for names no folder has (a theme
    /// built into the program, under a site's own files). Every file's errors are collected before throwing.
    public init(
        folders: [String], loading: Loading = .everyFile, adding extra: [Template] = [],
        fallback: [Template] = []
    ) throws(DiagnosticError) {
        var loader = FolderLoader(folders: folders)
        // Extra templates first, so that files of the same name are not even read.
        for template in extra { loader.add(template) }
        switch loading {
        case .everyFile:
            loader.loadEveryFile(recursive: true)
            loader.resolveReferences()
        case .listed(let files):
            loader.load(listed: files)
            loader.resolveReferences()
        case .referenced:
            loader.resolveReferences()
            if loader.templates.contains(where: \.usesDynamicNames) {
                loader.loadEveryFile(recursive: false)
                loader.resolveReferences()
            }
        }
        if !fallback.isEmpty {
            for template in fallback where !loader.names.contains(template.name) { loader.add(template) }
            loader.resolveReferences()
        }
        if !loader.diagnostics.isEmpty { throw DiagnosticError(loader.diagnostics) }
        self.init(loader.templates)
    }

    /// Reads and parses one template file, named after its file name without `.mustache`.
    public static func loadTemplate(path: String) throws(DiagnosticError) -> Template {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let name = fileName.hasSuffix(".mustache") ? String(fileName.dropLast(".mustache".count)) : fileName
        return try Template(name: name, path: path, source: try FolderLoader.read(path))
    }
}

/// Collects templates from folders, then follows the names they refer to.
private struct FolderLoader {
    let folders: [String]
    var templates: [Template] = []
    var names: Set<String> = []
    var diagnostics: [Diagnostic] = []

    init(folders: [String]) {
        self.folders = folders
    }

    mutating func loadEveryFile(recursive: Bool) {
        var listed: [[String]] = []
        for folder in folders {
            if recursive {
                let listing = FolderWalk.files(in: folder, shownAs: folder, allowedRoots: [])
                diagnostics += listing.problems
                listed.append(listing.files.map { $0.joined(separator: "/") })
            } else {
                listed.append(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted())
            }
        }
        load(listed: listed)
    }

    /// Loads the templates (`*.mustache` files) among `files[i]`, paths inside `folders[i]`.
    mutating func load(listed files: [[String]]) {
        for (folder, relatives) in zip(folders, files) {
            for relative in relatives where relative.hasSuffix(".mustache") && Self.isFile(Self.join(folder, relative))
            {
                load(name: String(relative.dropLast(".mustache".count)), folder: folder, file: relative)
            }
        }
    }

    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `folder/relative`, without a leading `./`, as a user would type it.
    static func join(_ folder: String, _ relative: String) -> String {
        if folder.isEmpty || folder == "." { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// A template's text: a regular file only (a FIFO would block for ever), up to `FileBytes.textLimit`.
    static func read(_ path: String) throws(DiagnosticError) -> String {
        let bytes = try FileBytes.read(
            path: path, at: SourceLocation(file: path), limit: FileBytes.textLimit,
            tooLarge: ", the most a template may hold", ifMissing: "no such file")
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticError(.error(at: SourceLocation(file: path), "not valid UTF-8 text"))
        }
        return text
    }

    mutating func load(name: String, folder: String, file: String) {
        guard !names.contains(name) else { return }
        let path = Self.join(folder, file)
        do {
            add(try Template(name: name, path: path, source: try Self.read(path)))
        } catch {
            names.insert(name)
            diagnostics.append(contentsOf: error.diagnostics)
        }
    }

    mutating func add(_ template: Template) {
        names.insert(template.name)
        templates.append(template)
    }

    /// Loads, transitively, the templates that static partial and parent tags name but no folder
    /// listing provided (files without `.mustache`, or in subfolders of a non-recursive load).
    mutating func resolveReferences() {
        var next = 0
        while next < templates.count {
            for name in templates[next].partialNames where !names.contains(name) {
                for folder in folders {
                    if let file = [name + ".mustache", name].first(where: { Self.isFile(Self.join(folder, $0)) }) {
                        load(name: name, folder: folder, file: file)
                        break
                    }
                }
            }
            next += 1
        }
    }
}
