import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldLoaders

// `join:` on the real OpenDota files: the lore file is one object of texts keyed by the hero's
// `name` without its `npc_dota_hero_` prefix.

private func lore(on path: String = "name") throws -> JoinTable {
    let spec = JoinSpec(
        name: "lore", spec: SourceSpec(path: "heroes-dotaconstants/hero_lore.json"), on: path, key: "id",
        setting: "heroes.join.lore")
    return try JoinTable(spec, loader: try RealData.loader())
}

@Test func anObjectOfTextsIsJoinedAsATableAndANamespacedValueFindsItsShortKey() throws {
    let heroes = try RealData.load("heroes-dotaconstants/heroes.json")
    let texts = try #require(
        try JSONSerialization.jsonObject(
            with: Data(contentsOf: try RealData.url("heroes-dotaconstants/hero_lore.json"))) as? [String: String])
    let table = try lore()
    #expect(heroes.count == texts.count)
    for hero in heroes {
        let name = try #require(hero.fields["name"]?.string)
        let short = String(name.dropFirst("npc_dota_hero_".count))
        #expect(name.hasPrefix("npc_dota_hero_"))
        // npc_dota_hero_shadow_shaman finds "shadow_shaman": the longest tail that is a key.
        #expect(try table.merge(into: hero).fields["lore"]?.string == texts[short], "\(name)")
    }
}

@Test func aValueWhoseTailsMatchNoKeyJoinsNothing() throws {
    var hero = try #require(try RealData.load("heroes-dotaconstants/heroes.json").first)
    guard case .map(var fields) = hero.fields.value else {
        Issue.record("a hero record is a map")
        return
    }
    fields["name"] = DataNode(.string("npc_dota_hero_nobody"))
    hero.fields = DataNode(.map(fields))
    #expect(try lore().merge(into: hero).fields["lore"] == nil)
}
