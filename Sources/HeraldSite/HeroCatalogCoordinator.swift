import HeraldBuilder
import HeraldCore
import HeraldPresenters

/// Decides the catalog pages: the paginated list, one page per hero, the paginated list of each
/// group value, one index per `group_by` field, and the search index script (unless `search: false`).
struct HeroCatalogCoordinator: Sendable {
    let presenter: HeroCatalogPresenter

    func items() throws(DiagnosticError) -> [OutputItem] {
        let presenter = presenter
        var items: [OutputItem] = []
        items.reserveCapacity(
            presenter.heroes.count + presenter.pagination.pageCount
                + presenter.groups.reduce(0) { $0 + $1.pagination.pageCount } + presenter.groupBy.count + 1)
        for number in 1...presenter.pagination.pageCount {
            items.append(
                try Route.page(
                    presenter.pagination.route(ofPage: number), "heroes.html",
                    fingerprint: { presenter.listFingerprint(number: number) }
                ) { _ in
                    presenter.listPage(number: number)
                })
        }
        for index in presenter.heroes.indices {
            items.append(
                try Route.page(
                    presenter.route(slug: presenter.heroes[index].slug), "hero.html",
                    fingerprint: { presenter.detailFingerprint(index: index) }
                ) { _ in
                    presenter.detail(index: index)
                })
        }
        for key in presenter.groupBy where presenter.groups.contains(where: { $0.key == key }) {
            items.append(
                try Route.page(
                    presenter.groupIndexRoute(key), "hero-groups.html",
                    fingerprint: { presenter.groupIndexFingerprint(key) }
                ) { _ in
                    presenter.groupIndex(key)
                })
        }
        for group in presenter.groups {
            for number in 1...group.pagination.pageCount {
                items.append(
                    try Route.page(
                        group.pagination.route(ofPage: number), "hero-group.html",
                        fingerprint: { presenter.groupFingerprint(group, number: number) }
                    ) { _ in
                        presenter.groupPage(group, number: number)
                    })
            }
        }
        if presenter.search {
            items.append(
                try Route.page(
                    presenter.searchIndexRoute, "search-index.js", size: presenter.heroes.count,
                    fingerprint: { presenter.searchIndexFingerprint() }
                ) { _ in
                    presenter.searchIndex()
                })
        }
        return items
    }
}
