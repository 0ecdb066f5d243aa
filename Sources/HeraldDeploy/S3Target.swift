import Crypto
import Foundation
import HeraldConfig
import HeraldCore
import Synchronization

/// Deploys to an S3 bucket (AWS or any S3-compatible store): the bucket is listed, files are
/// compared by MD5 with the objects' ETags (every object Herald sends is a single-part upload,
/// whose ETag is its MD5), only changed files are sent, with their Content-Type and
/// Cache-Control, a few at a time, and objects the site no longer has are deleted.
public struct S3Target: Sendable {
    let settings: DeployTarget.S3
    let credentials: S3Credentials
    let location: SourceLocation
    /// Uploads and deletions under way at once.
    static let parallel = 8
    var backoffScale = 1.0
    /// Objects per listing page; nil for the store's own.
    var pageSize: Int?

    /// The target, with credentials from `environment`; an error when they are missing.
    public init(_ settings: DeployTarget.S3, environment: [String: String], location: SourceLocation)
        throws(DiagnosticError)
    {
        guard let credentials = S3Credentials(environment: environment) else {
            throw DiagnosticError(
                .error(
                    at: location,
                    "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)"
                ))
        }
        self.settings = settings
        self.credentials = credentials
        self.location = location
    }

    /// Publishes `site` (or, with `dryRun`, only works out what would be published).
    public func deploy(_ site: SiteFiles, maxDeletes: Int, dryRun: Bool) throws(DiagnosticError) -> DeployReport {
        let client = S3Client(
            bucket: settings.bucket, region: settings.region, endpoint: settings.endpoint,
            pathStyle: settings.pathStyle, credentials: credentials, backoffScale: backoffScale, pageSize: pageSize)
        let remote = try failing { () throws(S3Client.Failure) in try client.list() }
        let hashes = Parallel.map(site.files, chunk: 32) { file in
            (try? FileBytes.read(path: site.folder + "/" + file.path)).map { SigV4.hex(Insecure.MD5.hash(data: $0)) }
                ?? ""
        }
        let plan = DeployPlan(files: site.files, local: hashes, remote: remote)
        try plan.checkDeletes(max: maxDeletes, at: location)
        let report = DeployReport(target: "bucket \(settings.bucket)", plan: plan, dryRun: dryRun)
        guard !dryRun else { return report }
        let jobs = plan.sent.map { Job.put($0) } + plan.deleted.map { Job.delete($0) }
        let problems = run(jobs, client: client, folder: site.folder)
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return report
    }

    private enum Job: Sendable {
        case put(SiteFiles.File)
        case delete(String)
    }

    /// Runs the jobs `parallel` at a time; every failure is collected.
    private func run(_ jobs: [Job], client: S3Client, folder: String) -> [Diagnostic] {
        let next = Mutex(0)
        let problems = Mutex<[Diagnostic]>([])
        DispatchQueue.concurrentPerform(iterations: min(Self.parallel, max(jobs.count, 1))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < jobs.count else { return }
                do throws(S3Client.Failure) {
                    switch jobs[index] {
                    case .put(let file):
                        let bytes: [UInt8]
                        do { bytes = try FileBytes.read(path: folder + "/" + file.path) } catch {
                            throw S3Client.Failure(message: "cannot read '\(file.path)' to send it")
                        }
                        try client.put(
                            file.path, bytes: bytes, contentType: ContentTypes.type(of: file.path),
                            cacheControl: settings.cacheControl(for: file.path))
                    case .delete(let key):
                        try client.delete(key)
                    }
                } catch {
                    problems.withLock { $0.append(.error(at: location, error.message)) }
                }
            }
        }
        return problems.withLock { $0 }
    }

    private func failing<T>(_ call: () throws(S3Client.Failure) -> T) throws(DiagnosticError) -> T {
        do throws(S3Client.Failure) { return try call() } catch {
            throw DiagnosticError(.error(at: location, error.message))
        }
    }
}
