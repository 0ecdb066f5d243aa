// Filters the task board in the browser by tag, project, assignee and due date. The choice lives
// in the page's query (?assignee=Maren&due=overdue): a filtered board is a link to share, and the
// back button walks back through the filters, from disk as over HTTP. Without JavaScript the bar
// stays hidden and every card shows.
(function () {
  var form = document.querySelector("[data-filters]");
  if (!form) return;
  var fields = Array.prototype.slice.call(form.querySelectorAll("select"));
  var cards = Array.prototype.slice.call(document.querySelectorAll(".card[data-due]"));
  var status = form.querySelector(".filter-status");
  form.hidden = false;

  function chosen() {
    var state = {};
    fields.forEach(function (field) { if (field.value) state[field.name] = field.value; });
    return state;
  }

  function matches(card, state) {
    if (state.tag && card.getAttribute("data-tags").split("\n").indexOf(state.tag) < 0) return false;
    if (state.project && card.getAttribute("data-project") !== state.project) return false;
    if (state.assignee && card.getAttribute("data-assignees").split("\n").indexOf(state.assignee) < 0) return false;
    if (state.due && card.getAttribute("data-due") !== state.due) return false;
    return true;
  }

  // "2 of 6" where a filter is chosen (a column's limit, "6 / 3", is left out meanwhile); the
  // count as built where none is.
  function recount(element, visible, filtering) {
    if (!element.hasAttribute("data-built")) element.setAttribute("data-built", element.firstChild.nodeValue);
    var built = element.getAttribute("data-built");
    element.firstChild.nodeValue = filtering ? visible + " of " + built.split(" / ")[0] : built;
  }

  function apply() {
    var state = chosen();
    var filtering = Object.keys(state).length > 0;
    var shown = 0;
    cards.forEach(function (card) {
      var match = matches(card, state);
      card.hidden = !match;
      if (match) shown += 1;
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-count]"), function (count) {
      var scope = count.closest("[data-count-scope]");
      recount(count, scope ? scope.querySelectorAll(".card[data-due]:not([hidden])").length : 0, filtering);
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-column-total]"), function (count) {
      var column = count.getAttribute("data-column-total");
      var visible = document.querySelectorAll("[data-column='" + column + "'] .card[data-due]:not([hidden])").length;
      recount(count, visible, filtering);
    });
    status.textContent = filtering ? shown + " of " + cards.length + " tasks shown" : "";
  }

  function fromAddress() {
    var query = new URLSearchParams(location.search);
    fields.forEach(function (field) {
      var value = query.get(field.name) || "";
      var known = Array.prototype.some.call(field.options, function (option) { return option.value === value; });
      field.value = known ? value : "";
    });
  }

  function remember() {
    var query = new URLSearchParams(chosen()).toString();
    var address = location.pathname + (query ? "?" + query : "") + location.hash;
    try {
      history.pushState(null, "", address);
    } catch (error) {
      // A browser that keeps a page opened from disk from changing its address: the filter
      // still applies, it just is not in the address.
    }
  }

  form.addEventListener("change", function () { apply(); remember(); });
  form.addEventListener("reset", function () {
    setTimeout(function () { apply(); remember(); }, 0);
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  window.addEventListener("popstate", function () { fromAddress(); apply(); });
  fromAddress();
  apply();
})();
