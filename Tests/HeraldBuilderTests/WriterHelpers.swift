import Foundation
@testable import HeraldBuilder
import HeraldCore

// What the writer's tests share: a build of a few files into a folder, its state beside it.

/// The state of an output folder as a build of the site beside it keeps it.
func stateOf(_ folder: URL) -> BuildState {
    BuildState(site: folder.deletingLastPathComponent(), output: folder)
}

func makeWriter(_ folder: URL) -> OutputWriter {
    OutputWriter(folder: folder, state: stateOf(folder))
}

/// Writes `text` as the state file `name` of `folder`'s state, as a build would have left it.
func writeState(_ name: String, of folder: URL, _ text: String) throws {
    _ = stateOf(folder).prepare()
    try Data(text.utf8).write(to: URL(fileURLWithPath: stateOf(folder).path(name)))
}

func stateExists(_ name: String, of folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: stateOf(folder).path(name))
}

func build(into folder: URL, _ files: [String: String]) throws -> OutputWriter.Summary {
    let writer = makeWriter(folder)
    for (path, text) in files {
        guard let output = OutputPath(path) else { throw CocoaError(.fileWriteInvalidFileName) }
        try writer.add(output, bytes: Array(text.utf8))
    }
    return try writer.commit()
}
