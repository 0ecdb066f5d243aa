// Filters the hero catalog in the browser. The index is a script (not fetched JSON) so the
// search also works when the site is opened from disk; without JavaScript the plain list stays.
(function () {
  var form = document.querySelector("[data-search]");
  var heroes = window.heraldHeroIndex;
  if (!form || !heroes) return;
  var input = form.querySelector("input");
  var results = document.getElementById("search-results");
  var listing = document.getElementById("catalog");
  var status = document.getElementById("search-status");
  form.hidden = false;
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  heroes.forEach(function (hero) { hero.folded = fold(hero.text); });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", function () {
    var query = fold(input.value.trim());
    results.textContent = "";
    if (!query) {
      results.hidden = true; listing.hidden = false; status.textContent = "";
      return;
    }
    var words = query.split(/\s+/);
    var found = heroes.filter(function (hero) {
      return words.every(function (word) { return hero.folded.indexOf(word) !== -1; });
    });
    found.slice(0, 100).forEach(function (hero) {
      var item = document.createElement("li");
      item.className = "panel hero-card";
      var link = document.createElement("a");
      link.href = form.getAttribute("data-root") + hero.href;
      link.textContent = hero.name;
      var details = document.createElement("div");
      details.className = "details";
      details.textContent = hero.summary;
      var body = document.createElement("div");
      body.appendChild(link);
      body.appendChild(details);
      item.appendChild(body);
      results.appendChild(item);
    });
    status.textContent = found.length === 1 ? "1 hero found" : found.length + " heroes found";
    results.hidden = false; listing.hidden = true;
  });
})();
