import HeraldCore
import HeraldMustache

/// One file of the site: a page to render from a template, or bytes to write as they are.
public enum OutputItem: Sendable {
    case page(PageJob)
    case file(OutputPath, [UInt8])

    public var path: OutputPath {
        switch self {
        case .page(let job): job.output
        case .file(let path, _): path
        }
    }

    /// How many entries the item lists, as `PageJob.size`; a file counts as one.
    public var size: Int {
        switch self {
        case .page(let job): job.size
        case .file: 1
        }
    }
}

/// A page to render: which template, and how to get its view data. The view data is made when
/// the page renders, on a worker thread, so presenting work runs in parallel too.
public struct PageJob: Sendable {
    public var output: OutputPath
    public var template: String
    public var makeData: @Sendable (PageRenderer) throws(DiagnosticError) -> TemplateValue
    /// About how many entries the page lists (1 for a page about one thing): the builder starts
    /// the largest first, so that a search index of every hero is not what one core renders alone
    /// while the other has nothing left to do.
    public var size: Int
    /// A hash of everything the page's view data is made from, when its presenter can tell it
    /// without making the view data, the same in every process: the dev server then keeps the
    /// page's last bytes while the fingerprint stays the same, and a build keeps the file the last
    /// build wrote. Valid for one herald.yml, set of templates and binary; worked out on the
    /// rendering threads.
    public var fingerprint: (@Sendable () -> UInt64)?

    public init(
        output: OutputPath, template: String, size: Int = 1, fingerprint: (@Sendable () -> UInt64)? = nil,
        makeData: @escaping @Sendable (PageRenderer) throws(DiagnosticError) -> TemplateValue
    ) {
        self.output = output
        self.template = template
        self.size = size
        self.fingerprint = fingerprint
        self.makeData = makeData
    }
}
