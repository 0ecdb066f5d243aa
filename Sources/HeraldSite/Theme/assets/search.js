// Filters the hero catalog in the browser. The index is a script (not fetched JSON) so the
// search also works when the site is opened from disk; it is loaded only when the search box is
// first used, so the catalog's first page costs nothing for 20,000 heroes' index. Without
// JavaScript the plain list stays.
(function () {
  var form = document.querySelector("[data-search]");
  if (!form) return;
  var input = form.querySelector("input");
  var results = document.getElementById("search-results");
  var listing = document.getElementById("catalog");
  var status = document.getElementById("search-status");
  var heroes = null;
  var loading = false;
  form.hidden = false;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function load() {
    if (heroes || loading) return;
    loading = true;
    status.textContent = "Loading the search index…";
    var script = document.createElement("script");
    script.src = form.getAttribute("data-index");
    script.onload = function () {
      var index = window.heraldHeroIndex;
      heroes = index.heroes.map(function (entry) {
        var summary = index.summaries[entry[2]] || "";
        return {
          name: entry[0], summary: summary,
          href: form.getAttribute("data-root") + index.linkBefore + entry[1] + index.linkAfter,
          folded: fold(entry[0] + " " + summary + " " + entry[3])
        };
      });
      status.textContent = "";
      search();
    };
    script.onerror = function () {
      loading = false;
      status.textContent = "The search index could not be loaded.";
    };
    document.head.appendChild(script);
  }

  // What the last query found and what is drawn: typing on narrows the last matches instead of
  // scanning every hero again, and a keystroke that leaves the first hundred unchanged redraws
  // nothing, so a keystroke stays quick with 20,000 heroes.
  var lastQuery = "";
  var lastFound = [];
  var drawn = [];

  function matching(words, candidates) {
    var found = [];
    for (var i = 0; i < candidates.length; i++) {
      var text = candidates[i].folded;
      var all = true;
      for (var j = 0; j < words.length && all; j++) all = text.indexOf(words[j]) !== -1;
      if (all) found.push(candidates[i]);
    }
    return found;
  }

  function draw(shown) {
    if (shown.length === drawn.length && shown.every(function (hero, i) { return hero === drawn[i]; })) return;
    drawn = shown;
    var fragment = document.createDocumentFragment();
    shown.forEach(function (hero) {
      var item = document.createElement("li");
      item.className = "panel hero-card";
      var link = document.createElement("a");
      link.href = hero.href;
      link.textContent = hero.name;
      var details = document.createElement("div");
      details.className = "details";
      details.textContent = hero.summary;
      var body = document.createElement("div");
      body.appendChild(link);
      body.appendChild(details);
      item.appendChild(body);
      fragment.appendChild(item);
    });
    results.textContent = "";
    results.appendChild(fragment);
  }

  function search() {
    if (!heroes) return;
    var query = fold(input.value.trim());
    if (!query) {
      lastQuery = ""; lastFound = [];
      draw([]);
      results.hidden = true; listing.hidden = false; status.textContent = "";
      return;
    }
    // A query that extends the last one can only match fewer heroes: every word of it contains
    // the word of the last query at its place.
    var candidates = lastQuery && query.indexOf(lastQuery) === 0 ? lastFound : heroes;
    var found = matching(query.split(/\s+/), candidates);
    lastQuery = query; lastFound = found;
    draw(found.slice(0, 100));
    var shown = found.length > 100 ? " (the first 100 shown)" : "";
    status.textContent = (found.length === 1 ? "1 hero found" : found.length + " heroes found") + shown;
    results.hidden = false; listing.hidden = true;
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("focus", load);
  input.addEventListener("input", function () { if (heroes) search(); else load(); });
})();
