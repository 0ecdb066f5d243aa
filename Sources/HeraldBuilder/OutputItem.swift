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
}

/// A page to render: which template, and how to get its view data. The view data is made when
/// the page renders, on a worker thread, so presenting work runs in parallel too.
public struct PageJob: Sendable {
    public var output: OutputPath
    public var template: String
    public var makeData: @Sendable (PageRenderer) throws(DiagnosticError) -> TemplateValue

    public init(output: OutputPath, template: String,
                makeData: @escaping @Sendable (PageRenderer) throws(DiagnosticError) -> TemplateValue) {
        self.output = output
        self.template = template
        self.makeData = makeData
    }
}
