import Dispatch

/// Measures the build's phases for `--report` and `--verbose`.
struct PhaseClock {
    private(set) var phases: [BuildReport.Phase] = []
    private let start = DispatchTime.now()
    private var last = DispatchTime.now()

    mutating func end(_ name: String) {
        let now = DispatchTime.now()
        phases.append(
            BuildReport.Phase(name: name, seconds: Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9))
        last = now
    }

    var total: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
}
