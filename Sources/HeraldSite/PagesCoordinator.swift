import HeraldBuilder
import HeraldCore
import HeraldModels
import HeraldPresenters

/// Decides the Markdown pages: one per page file, drafts only when asked for.
struct PagesCoordinator: Sendable {
    let pages: [Page]
    let presenter: PagePresenter

    func items() throws(DiagnosticError) -> [OutputItem] {
        let presenter = presenter
        return try pages.map { page throws(DiagnosticError) in
            try Route.page(PagePresenter.route(of: page), "page.html") { _ in presenter.view(page) }
        }
    }
}
