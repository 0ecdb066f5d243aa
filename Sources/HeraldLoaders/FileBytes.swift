import Foundation
import HeraldCore

/// Reads a whole file, turning I/O failures into diagnostics that name it.
enum FileBytes {
    static func read(_ file: SourceFile) throws(DiagnosticError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: file.url))
        } catch {
            throw DiagnosticError(.error(at: SourceLocation(file: file.path),
                                         "cannot read '\(file.path)': \(error.localizedDescription)"))
        }
    }
}
