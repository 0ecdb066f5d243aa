import Foundation
import HeraldCore
import HeraldLoaders

// Times loading each file given on the command line (relative to the current folder) through
// RecordLoader, best of three runs, and prints records per second.
let arguments = CommandLine.arguments.dropFirst()
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: herald-bench-loaders FILE...\n".utf8))
    exit(2)
}
let loader = RecordLoader(siteFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
let clock = ContinuousClock()
for path in arguments {
    var best = Duration.seconds(3600)
    var count = 0
    for _ in 0..<3 {
        let start = clock.now
        do {
            count = try loader.load(SourceSpec(path: path)).count
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
        best = min(best, clock.now - start)
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    let perSecond = Int((Double(count) / seconds).rounded())
    print("\(path): \(count) records in \(String(format: "%.3f", seconds)) s = \(perSecond) records/s")
}
