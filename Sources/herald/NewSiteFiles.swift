import HeraldModels

/// The files `herald new` writes: a small site that builds at once with the built-in theme, its
/// config explained key by key, and a little of each kind of content to change or delete.
enum NewSiteFiles {
    /// Every file, by its path in the site folder. The tasks' dates count from `today`, so that a
    /// new site shows one task overdue, others due soon and one done yesterday.
    static func files(today: Day) -> [(path: String, text: String)] {
        [
            ("herald.yml", config),
            (".gitignore", "# Made by herald build and herald serve.\nOutput/\n.herald/\n.herald-cache/\n"),
            ("Content/tasks.todo.txt", tasks(today: today)),
            ("Content/heroes/copperline.md", copperline),
            ("Content/heroes/mossback.md", mossback),
            ("Content/heroes/the-undertow.md", undertow),
            ("Content/pages/about.md", about(today: today))
        ]
    }

    static let config = """
        # The site's settings. Paths are relative to this folder. `herald build` writes the site
        # into Output/; `herald serve` serves it on http://127.0.0.1:8080 and rebuilds on every save.

        # The site's name, in every page's header and the browser's tab.
        title: Neighbourhood Board

        # Where the site will be published. Links in the sitemap and the feed start with it; it
        # may have a path (https://example.org/board/) when the site lives in a sub-folder.
        base_url: https://example.org/

        # The language the pages are written in (en, de, pt-BR, ...).
        language: en

        # What "today", "overdue" and "due in 3 days" mean: a tz database name such as Europe/Berlin.
        timezone: UTC

        # The task board: one card per line of a todo.txt file.
        tasks:
          # A file, a folder, a glob, a SQLite file or an http(s) URL; the extension tells the format.
          source: Content/tasks.todo.txt
          # The board's columns, in order. A done task (x ...) goes to the last one; a task tagged
          # status:doing goes to that column; any other task to the first.
          columns: [todo, doing, done]

        # The hero catalog: one hero per Markdown file, its front matter the fields, its text the
        # biography.
        heroes:
          source: Content/heroes
          # A list page per value of these fields: /heroes/publisher/NAME/, /heroes/alignment/NAME/.
          group_by: [publisher, alignment]

        # Markdown pages with front matter (title:, date:, draft: true), each published under its
        # file name: about.md becomes /about/.
        pages: Content/pages

        """

    /// A todo.txt list (https://github.com/todotxt/todo.txt): `(A)` is the priority, then the
    /// creation date, `+project`, `@context` and `due:`.
    static func tasks(today: Day) -> String {
        func day(_ offset: Int) -> String { today.adding(days: offset).description }
        return """
            (A) \(day(-9)) Renew the website's domain name +website @computer due:\(day(-1))
            (A) \(day(-6)) Draft the spring newsletter +newsletter @writing due:\(day(2))
            (B) \(day(-4)) Ask the printer for a quote +newsletter @phone due:\(day(5))
            (B) \(day(-2)) Plan the volunteers' rota for the fair +events @meeting status:doing
            (C) \(day(-3)) Collect photos from the harvest fair +website @computer due:\(day(12))
            x \(day(-1)) \(day(-8)) Book the community hall +events @phone

            """
    }

    static let copperline = """
        ---
        name: Copperline
        full_name: Ada Okonkwo
        publisher: Kiteworks Comics
        alignment: good
        stats:
          intelligence: 82
          strength: 35
          speed: 60
          durability: 45
          power: 70
          combat: 40
        aliases: ["The Electrician"]
        tags: [electricity, inventor]
        ---

        Copperline talks to wires. She can hear a current hum behind a wall, coax a dead street
        light back on, and send a message down a telephone line faster than anyone can dial.

        ## Origin

        Ada Okonkwo ran a repair shop on the corner of Mill Street. The night the storm took out
        the whole district, she climbed the substation fence to see what was wrong, touched the
        main cable, and found that it was asking her for help.

        """

    static let mossback = """
        ---
        name: Mossback
        full_name: Tobias Fenwright
        publisher: Kiteworks Comics
        alignment: neutral
        stats:
          intelligence: 55
          strength: 90
          speed: 20
          durability: 95
          power: 60
          combat: 50
        tags: [nature, giant]
        ---

        Mossback is slow, patient and very hard to move. He guards the marshes east of town and
        helps whoever respects them, heroes and smugglers alike.

        """

    static let undertow = """
        ---
        name: The Undertow
        full_name: Vera Salt
        publisher: Tidewater Press
        alignment: bad
        stats:
          intelligence: 75
          strength: 50
          speed: 70
          durability: 55
          power: 85
          combat: 65
        aliases: ["Riptide", "The Lady of the Pier"]
        tags: [water, thief]
        ---

        The Undertow pulls things under: boats, cargo, now and then a pier. What the sea takes
        for her, she sells back to its owners at a price.

        """

    static func about(today: Day) -> String {
        """
        ---
        title: About this site
        date: \(today)
        ---

        This site was made by `herald new`. Every page of it is built from the plain files in
        `Content/`, so changing the site means changing a file:

        - **Tasks** are the lines of `Content/tasks.todo.txt`. Edit it in any editor, or from the
          terminal: `herald tasks add "Call the council @phone due:2030-01-31"`, then
          `herald tasks done ID` with the ID shown on the board's card.
        - **Heroes** are the Markdown files in `Content/heroes/`: one per hero, fields at the top.
        - **Pages** like this one are the Markdown files in `Content/pages/`.

        `herald serve` shows the site at http://127.0.0.1:8080 and rebuilds it on every save;
        `herald build` writes it into `Output/`, ready to upload anywhere.

        """
    }
}
