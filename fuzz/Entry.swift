import Foundation

/// The target `HERALD_FUZZ_TARGET` names; one binary serves them all, so one link is enough.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["HERALD_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("HERALD_FUZZ_TARGET must be one of: \(known)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point: one input, one run of the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    target.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
