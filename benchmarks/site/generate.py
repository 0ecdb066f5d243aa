#!/usr/bin/env python3
"""Writes N hero pages (Markdown with front matter, about 1 KB of Markdown each) into a Herald
site and a Hugo site with the same files, side by side.

    generate.py N DIR [--per-page 48] [--no-groups] [--plain]

makes DIR/herald (herald.yml, Content/heroes/*.md) and DIR/hugo (config.toml, the layouts of
benchmarks/site/hugo/, static assets copied from Herald's default theme, content/heroes/*.md).
With --plain, the second corpus: a short front matter over the same bodies, a list and a detail
template of a few lines on each side (benchmarks/site/plain/), no group pages, no search index.
The same seed gives the same bytes, so runs are comparable across machines and commits.
"""
import argparse
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
THEME_ASSETS = os.path.join(REPO, "Sources", "HeraldSite", "Theme", "assets")

ADJECTIVES = ["Crimson", "Silent", "Iron", "Golden", "Shadow", "Storm", "Velvet", "Ember", "Frost", "Hollow",
              "Bright", "Copper", "Midnight", "Paper", "Thunder", "Quiet", "Wild", "Glass", "Ashen", "Lucky",
              "Rusty", "Solar", "Lunar", "Swift", "Grim", "Amber", "Cobalt", "Scarlet", "Hidden", "Brass"]
NOUNS = ["Falcon", "Warden", "Lantern", "Tide", "Sparrow", "Comet", "Owl", "Fox", "Anvil", "Wraith",
         "Harbor", "Knight", "Mantis", "Raven", "Oracle", "Cinder", "Gale", "Badger", "Spindle", "Marauder",
         "Pilot", "Beacon", "Viper", "Golem", "Heron", "Ranger", "Whisper", "Quill", "Sentinel", "Drifter"]
FIRST = ["Ada", "Bram", "Cora", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kwame", "Lena",
         "Mateo", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tomas", "Uma", "Viktor", "Wen", "Yara"]
LAST = ["Abernathy", "Blackwood", "Castellanos", "Dunmore", "Eriksen", "Fairweather", "Gallagher", "Holloway",
        "Ivanova", "Jablonski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero",
        "Rasmussen", "Silva", "Thornton", "Underhill", "Vasquez", "Whitaker", "Zielinski"]
PUBLISHERS = ["Foxglove Press", "Northwind", "Lanternworks", "Harbor Comics", "Bluebell Books",
              "Copperline", "Meridian", "Starling House"]
ALIGNMENTS = ["good", "good", "good", "bad", "bad", "neutral"]
TAGS = ["magic", "tech", "flight", "speed", "strength", "stealth", "water", "fire", "mind", "time",
        "cosmic", "street"]
AFFILIATIONS = ["Cinder Court", "Night Watch", "The Lantern Guild", "Harbor Patrol", "Skyward Six",
                "Iron Circle", "The Quiet Room", "Meridian Institute"]
CITIES = ["Port Vale", "Greymouth", "New Albion", "Saltmarsh", "Highreach", "Lowtown", "Brightwater"]
EYES = ["Brown", "Blue", "Green", "Grey", "Amber", "Ember red", "Violet"]
HAIR = ["Black", "Brown", "Red", "White", "Blond", "None", "Silver"]
SPECIES = ["Human", "Human (altered)", "Android", "Atlantean", "Unknown", "Mutant"]
STATS = ["intelligence", "strength", "speed", "durability", "power", "combat"]
WORDS = ("the city never sleeps and neither does a hero who keeps watch over its harbor lights while "
         "rivals plot in rooftop gardens beneath a sky full of static and rumors of old machines").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def hero(rng, index, plain=False):
    adjective, noun = rng.choice(ADJECTIVES), rng.choice(NOUNS)
    name = f"{adjective} {noun} {index}"
    slug = f"{adjective}-{noun}-{index}".lower()
    city = rng.choice(CITIES)
    stats = {stat: rng.randint(5, 100) for stat in STATS}
    tags = rng.sample(TAGS, rng.randint(1, 3))
    aliases = [f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}" for _ in range(rng.randint(0, 2))]
    affiliations = rng.sample(AFFILIATIONS, rng.randint(0, 2))
    front = [
        "---",
        f"name: {name}",
        f"full_name: {rng.choice(FIRST)} {rng.choice(LAST)}",
        f"publisher: {rng.choice(PUBLISHERS)}",
        f"first_appearance: {rng.randint(1938, 2025)}",
        "---",
        "",
    ] if plain else [
        "---",
        f"name: {name}",
        f"full_name: {rng.choice(FIRST)} {rng.choice(LAST)}",
        f"publisher: {rng.choice(PUBLISHERS)}",
        f"alignment: {rng.choice(ALIGNMENTS)}",
        "stats:",
        *[f"  {stat}: {value}" for stat, value in stats.items()],
        "appearance:",
        f"  gender: {rng.choice(['Female', 'Male', 'Non-binary', 'Unknown'])}",
        f"  species: {rng.choice(SPECIES)}",
        f"  height: {rng.randint(150, 220)} cm",
        f"  eyes: {rng.choice(EYES)}",
        f"  hair: {rng.choice(HAIR)}",
        "aliases: [" + ", ".join(f'"{alias}"' for alias in aliases) + "]",
        "affiliations: [" + ", ".join(f'"{a}"' for a in affiliations) + "]",
        f"first_appearance: {rng.randint(1938, 2025)}",
        "tags: [" + ", ".join(tags) + "]",
        "---",
        "",
    ]
    rival = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
    body = f"""{name} is a *{adjective.lower()}* figure of **{city}**. {sentence(rng, 14)} {sentence(rng, 10)}

## Origin

{sentence(rng, 16)} The first clash with [{rival}](https://example.org/heroes/{slug}/rivals) is told in
*issue #{rng.randint(1, 400)}*, and the `{noun.lower()}-protocol` dates from then. {sentence(rng, 12)}

## Powers

- **{stats['strength']}** strength, and "never" tires before dawn
- *Speed* of {stats['speed']} -- enough to outrun a tram
- Keeps a [field journal](https://example.org/journal/{index}) of every case
- {sentence(rng, 8)}

### Signature move

```text
move  = "{adjective.lower()} {noun.lower()} strike"
power = {stats['power']}
city  = "{city}"
```

1. Studied under {rng.choice(FIRST)} {rng.choice(LAST)}
2. Fought the {rival} in {city}...
3. {sentence(rng, 9)}

> {sentence(rng, 11)}
"""
    return slug, "\n".join(front) + body


# Goldmark set to do what Herald's libcmark does (smart punctuation, heading ids, safe HTML) and no
# more (no GFM extras, no highlighting), in both Hugo configs.
HUGO_MARKUP = """[markup.highlight]
  codeFences = false

[markup.goldmark.renderer]
  unsafe = false
[markup.goldmark.parser]
  autoHeadingID = true
[markup.goldmark.extensions]
  typographer = true
  linkify = false
  table = false
  strikethrough = false
  taskList = false
  definitionList = false
  footnote = false
"""

HERALD_YML = """# Generated by benchmarks/site/generate.py: heroes only, no tasks.
title: Hero Benchmark
base_url: https://bench.example.org/
language: en
timezone: UTC
heroes:
  source: Content/heroes
  per_page: {per_page}
  group_by: {group_by}
markdown:
  smart: true
  unsafe: false
"""

HUGO_CONFIG = """# Generated by benchmarks/site/generate.py: the Hugo twin of the Herald benchmark site.
baseURL = "https://bench.example.org/"
languageCode = "en"
title = "Hero Benchmark"
paginate = {per_page}
paginatePath = "page"
enableRobotsTXT = true
disableKinds = {disable_kinds}
timeout = "600s"
{taxonomies}

[outputs]
  home = ["HTML"]
  section = ["HTML", "SearchIndex"]
  taxonomy = ["HTML"]
  term = ["HTML"]

[outputFormats.SearchIndex]
  mediaType = "text/javascript"
  baseName = "search-index"
  isPlainText = true
  notAlternative = true

{markup}"""


PLAIN_HERALD_YML = """# Generated by benchmarks/site/generate.py --plain: list and detail pages only.
title: Hero Benchmark
base_url: https://bench.example.org/
language: en
timezone: UTC
heroes:
  source: Content/heroes
  per_page: {per_page}
  group_by: []
  search: false
markdown:
  smart: true
  unsafe: false
"""

PLAIN_HUGO_CONFIG = """# Generated by benchmarks/site/generate.py --plain: the Hugo twin of the plain Herald site.
baseURL = "https://bench.example.org/"
languageCode = "en"
title = "Hero Benchmark"
paginate = {per_page}
paginatePath = "page"
disableKinds = ["RSS", "taxonomy", "term"]
timeout = "600s"

{markup}"""


def write_sites(count, folder, per_page, group_by, plain=False):
    herald = os.path.join(folder, "herald")
    hugo = os.path.join(folder, "hugo")
    for path in (herald, hugo):
        if os.path.exists(path):
            shutil.rmtree(path)
    herald_heroes = os.path.join(herald, "Content", "heroes")
    hugo_heroes = os.path.join(hugo, "content", "heroes")
    os.makedirs(herald_heroes)
    os.makedirs(hugo_heroes)

    groups = "[publisher, alignment]" if group_by else "[]"
    with open(os.path.join(herald, "herald.yml"), "w") as out:
        out.write((PLAIN_HERALD_YML if plain else HERALD_YML).format(per_page=per_page, group_by=groups))

    if plain:
        shutil.copytree(os.path.join(HERE, "plain", "herald"), os.path.join(herald, "Templates"))
        shutil.copytree(os.path.join(HERE, "plain", "hugo"), os.path.join(hugo, "layouts"))
        with open(os.path.join(hugo, "config.toml"), "w") as out:
            out.write(PLAIN_HUGO_CONFIG.format(per_page=per_page, markup=HUGO_MARKUP))
    elif group_by:
        taxonomies = ('[taxonomies]\n  publisher = "publisher"\n  alignment = "alignment"\n\n'
                      '[permalinks]\n  publisher = "/heroes/publisher/:slug/"\n'
                      '  alignment = "/heroes/alignment/:slug/"')
        disable = '["RSS"]'
    else:
        taxonomies = ""
        disable = '["RSS", "taxonomy", "term"]'
    if not plain:
        with open(os.path.join(hugo, "config.toml"), "w") as out:
            out.write(HUGO_CONFIG.format(per_page=per_page, disable_kinds=disable, taxonomies=taxonomies, markup=HUGO_MARKUP))
        shutil.copytree(os.path.join(HERE, "hugo", "layouts"), os.path.join(hugo, "layouts"))
    shutil.copytree(THEME_ASSETS, os.path.join(hugo, "static", "assets"))
    with open(os.path.join(hugo_heroes, "_index.md"), "w") as out:
        out.write("---\ntitle: Heroes\n---\n")

    rng = random.Random(20261121)
    total = 0
    for index in range(1, count + 1):
        slug, text = hero(rng, index, plain)
        data = text.encode()
        total += len(data)
        with open(os.path.join(herald_heroes, slug + ".md"), "wb") as out:
            out.write(data)
        # `aliases` is reserved in Hugo (it writes a redirect page per alias): Hugo's copy names
        # the field hero_aliases, the only byte that differs between the two sites.
        with open(os.path.join(hugo_heroes, slug + ".md"), "wb") as out:
            out.write(data.replace(b"\naliases: [", b"\nhero_aliases: [", 1))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int)
    parser.add_argument("folder")
    parser.add_argument("--per-page", type=int, default=48)
    parser.add_argument("--no-groups", action="store_true", help="group_by: [] and no Hugo taxonomies")
    parser.add_argument("--plain", action="store_true",
                        help="the plain corpus: short front matter, list and detail templates only")
    parser.add_argument("--markdown-only", metavar="FILE",
                        help="write only the Markdown bodies of COUNT heroes to FILE (and FILE.joined.md)")
    args = parser.parse_args()
    if args.markdown_only:
        rng = random.Random(20261121)
        # Bodies separated by a line holding only a form feed (markdown-bench splits there); the
        # same bodies joined by a blank line go to FILE.joined.md, for the cmark command.
        bodies = [hero(rng, index)[1].split("---\n", 2)[2] for index in range(1, args.count + 1)]
        with open(args.markdown_only, "w") as out:
            out.write("\n\f\n".join(bodies))
        with open(args.markdown_only + ".joined.md", "w") as out:
            out.write("\n".join(bodies))
        return
    total = write_sites(args.count, args.folder, args.per_page, not args.no_groups and not args.plain, args.plain)
    print(f"wrote {args.count} heroes ({total / args.count:.0f} bytes each on average) to {args.folder}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
