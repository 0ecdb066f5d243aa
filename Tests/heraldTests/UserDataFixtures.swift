/// Small data sets written for these tests in the shapes of real ones, so the user's own fields
/// are tried on data that looks like what users bring (the real files are not in the repository).
enum UserDataFixtures {
    /// The shape of a Dota 2 heroes constants file: an object of records keyed by id, the hero's
    /// display name in `localized_name`, attributes as codes, roles as a list, and images as paths
    /// on the game's CDN.
    static let dotaHeroes = """
        {
          "1": {"id": 1, "name": "npc_dota_hero_antimage", "localized_name": "Anti-Mage", "primary_attr": "agi",
                "attack_type": "Melee", "roles": ["Carry", "Escape", "Nuker"],
                "img": "/apps/dota2/images/dota_react/heroes/antimage.png?", "base_health": 120, "base_str": 21,
                "base_agi": 24, "base_int": 12, "str_gain": 1.6, "move_speed": 310, "cm_enabled": true, "legs": 2},
          "2": {"id": 2, "name": "npc_dota_hero_axe", "localized_name": "Axe", "primary_attr": "str",
                "attack_type": "Melee", "roles": ["Initiator", "Durable", "Disabler", "Carry"],
                "img": "/apps/dota2/images/dota_react/heroes/axe.png?", "base_health": 120, "base_str": 25,
                "base_agi": 20, "base_int": 18, "str_gain": 3.6, "move_speed": 310, "cm_enabled": true, "legs": 2},
          "3": {"id": 3, "name": "npc_dota_hero_bane", "localized_name": "Bane", "primary_attr": "all",
                "attack_type": "Ranged", "roles": ["Support", "Disabler", "Nuker", "Durable"],
                "img": "/apps/dota2/images/dota_react/heroes/bane.png?", "base_health": 120, "base_str": 22,
                "base_agi": 22, "base_int": 22, "str_gain": 2.5, "move_speed": 305, "cm_enabled": true, "legs": 4},
          "5": {"id": 5, "name": "npc_dota_hero_crystal_maiden", "localized_name": "Crystal Maiden", "primary_attr": "int",
                "attack_type": "Ranged", "roles": ["Support", "Disabler", "Nuker"],
                "img": "/apps/dota2/images/dota_react/heroes/crystal_maiden.png?", "base_health": 120, "base_str": 18,
                "base_agi": 16, "base_int": 16, "str_gain": 2.2, "move_speed": 280, "cm_enabled": true, "legs": 2},
          "8": {"id": 8, "name": "npc_dota_hero_juggernaut", "localized_name": "Juggernaut", "primary_attr": "agi",
                "attack_type": "Melee", "roles": ["Carry", "Pusher", "Escape"],
                "img": "/apps/dota2/images/dota_react/heroes/juggernaut.png?", "base_health": 120, "base_str": 21,
                "base_agi": 34, "base_int": 14, "str_gain": 2.2, "move_speed": 300, "cm_enabled": false, "legs": 2},
          "14": {"id": 14, "name": "npc_dota_hero_pudge", "localized_name": "Pudge", "primary_attr": "str",
                 "attack_type": "Melee", "roles": ["Disabler", "Initiator", "Durable", "Nuker"],
                 "img": "/apps/dota2/images/dota_react/heroes/pudge.png?", "base_health": 120, "base_str": 25,
                 "base_agi": 14, "base_int": 16, "str_gain": 3.0, "move_speed": 280, "cm_enabled": true, "legs": 2}
        }
        """

    /// The shape of FiveThirtyEight's comic characters CSV: capitalised headers, an identity, an
    /// alignment and a status in words, appearances that some rows lack, and names that start
    /// with punctuation or digits.
    static let comicCharacters = """
        page_id,name,urlslug,ID,ALIGN,EYE,HAIR,SEX,GSM,ALIVE,APPEARANCES,FIRST APPEARANCE,Year
        1678,'Spinner,\\/'Spinner,Secret Identity,Good Characters,Blue Eyes,Brown Hair,Male Characters,,Living Characters,8,Feb-78,1978
        66105,107,\\/107,No Dual Identity,Bad Characters,,,Male Characters,,Living Characters,,,
        24542,11-Ball,\\/11-Ball,Public Identity,Bad Characters,Brown Eyes,Bald,Male Characters,,Deceased Characters,2,Sep-91,1991
        15021,Agent 7,\\/Agent_7,Secret Identity,Neutral Characters,,,Male Characters,,Living Characters,3,Jan-02,2002
        15024,Agent 10,\\/Agent_10,Secret Identity,Good Characters,Blue Eyes,,Female Characters,,Living Characters,11,Mar-02,2002
        1868,Abomination (Emil Blonsky),\\/Abomination_(Emil_Blonsky),Secret Identity,Bad Characters,Green Eyes,No Hair,Male Characters,,Living Characters,405,Jul-67,1967
        700001,Ébony Maw,\\/Ebony_Maw,Public Identity,Bad Characters,,Black Hair,Male Characters,,Living Characters,27,Aug-13,2013
        """
}
