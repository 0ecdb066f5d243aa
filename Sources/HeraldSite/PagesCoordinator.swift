import HeraldBuilder
import HeraldCore
import HeraldModels
import HeraldPresenters

/// Decides the Markdown pages: one per page the build loaded (drafts are left out at loading,
/// unless `--drafts`, so that navigation never links a page that is not built).
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
