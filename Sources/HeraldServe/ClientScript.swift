/// The script and style `herald serve` puts into the pages it serves (never into a build):
/// live reload over Server-Sent Events keeping the scroll position, stylesheets swapped in place
/// when only CSS changed, the build-error overlay, and the board's card actions and add form.
/// It reads its settings from the JSON element `PageInjection` writes before it.
enum ClientScript {
    static let script = #"""
(() => {
  "use strict";
  const config = JSON.parse(document.getElementById("herald-serve-config").textContent);
  const scrollKey = "herald-serve-scroll:" + location.pathname;

  function restoreScroll() {
    const saved = sessionStorage.getItem(scrollKey);
    if (saved === null) return;
    sessionStorage.removeItem(scrollKey);
    const [x, y] = saved.split(",").map(Number);
    window.scrollTo(x || 0, y || 0);
  }
  if (document.readyState === "complete") restoreScroll(); else window.addEventListener("load", restoreScroll);

  function reload() {
    sessionStorage.setItem(scrollKey, window.scrollX + "," + window.scrollY);
    location.reload();
  }

  let overlay = null;
  function hideErrors() {
    if (overlay) overlay.remove();
    overlay = null;
  }
  function showErrors(lines) {
    hideErrors();
    overlay = document.createElement("div");
    overlay.id = "herald-serve-overlay";
    overlay.setAttribute("role", "alert");
    // A popover sits in the top layer, above anything the page stacks.
    if ("popover" in overlay) overlay.popover = "manual";
    const heading = document.createElement("h2");
    heading.textContent = "Build failed with " + lines.length + (lines.length === 1 ? " error" : " errors");
    const messages = document.createElement("pre");
    messages.textContent = lines.join("\n");
    const note = document.createElement("p");
    note.textContent = config.errorPage
      ? "No build has succeeded yet; this page loads the site as soon as one does."
      : "The last good pages are still served; this overlay goes when the next build succeeds.";
    overlay.append(heading, messages, note);
    document.body.appendChild(overlay);
    if (overlay.showPopover) overlay.showPopover();
  }
  if (config.errors) showErrors(config.errors);

  function samePath(a, b) {
    try { return decodeURI(a) === decodeURI(b); } catch (error) { return a === b; }
  }
  function usedByPage(path) {
    if (samePath(location.pathname, path)) return true;
    for (const element of document.querySelectorAll("link[href], script[src], img[src], source[src]")) {
      const url = new URL(element.getAttribute("href") || element.getAttribute("src"), location.href);
      if (url.origin === location.origin && samePath(url.pathname, path)) return true;
    }
    return false;
  }
  function swapStylesheets() {
    for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) continue;
      url.searchParams.set("herald-reload", Date.now());
      const fresh = link.cloneNode();
      fresh.removeAttribute("integrity");
      fresh.href = url.href;
      // The old sheet stays until the new one is in, so the page never shows unstyled.
      fresh.addEventListener("load", () => link.remove());
      fresh.addEventListener("error", () => link.remove());
      link.after(fresh);
    }
  }

  const events = new EventSource(config.events);
  let lost = false;
  events.addEventListener("open", () => {
    // A server started again has a new token and maybe other pages.
    if (lost) reload();
  });
  events.addEventListener("error", () => { lost = true; });
  events.addEventListener("failed", (event) => showErrors(JSON.parse(event.data).errors));
  events.addEventListener("reload", (event) => {
    const changed = JSON.parse(event.data).changed;
    if (config.errorPage) { reload(); return; }
    hideErrors();
    if (changed.length === 0) return;
    if (changed.every((path) => /\.css$/i.test(path))) { swapStylesheets(); return; }
    if (changed.some(usedByPage)) reload();
  });

  const board = config.board;
  if (!board) return;
  const cards = document.querySelectorAll('li.card[id^="task-"]');
  const boardElement = document.querySelector(".board");
  if (cards.length === 0 && !boardElement) return;

  let toast = null;
  function notify(message) {
    if (!toast) {
      toast = document.createElement("div");
      toast.id = "herald-serve-toast";
      toast.setAttribute("role", "status");
      document.body.appendChild(toast);
    }
    toast.textContent = message;
    toast.hidden = false;
    clearTimeout(notify.timer);
    notify.timer = setTimeout(() => { toast.hidden = true; }, 8000);
  }
  function controlsOf(container) {
    return Array.from(container.querySelectorAll("button, select, input"));
  }
  // Sends one action; the page reloads through the event stream once the site is rebuilt.
  async function send(action, container) {
    const controls = controlsOf(container);
    controls.forEach((control) => { control.disabled = true; });
    try {
      const response = await fetch(board.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", [board.tokenHeader]: board.token },
        body: JSON.stringify(action),
      });
      const reply = await response.json().catch(() => ({ ok: false, error: "HTTP " + response.status }));
      if (!reply.ok) notify(reply.error);
      return reply.ok;
    } catch (error) {
      notify("The server did not answer: " + error.message);
      return false;
    } finally {
      controls.forEach((control) => { control.disabled = false; });
    }
  }
  function button(label, action) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.addEventListener("click", action);
    return element;
  }
  function disable(container) {
    for (const control of controlsOf(container)) {
      control.disabled = true;
      control.title = board.readOnly;
    }
  }

  for (const card of cards) {
    const code = card.querySelector("code.task-id");
    if (!code) continue;
    const id = code.textContent.trim();
    const heading = card.querySelector("h3");
    const title = heading ? heading.textContent.replace(/^Done: /, "").trim() : id;
    const column = card.closest("section.column");
    const current = column && column.id.startsWith("column-") ? column.id.slice("column-".length) : null;
    const bar = document.createElement("div");
    bar.className = "herald-actions";
    const completed = card.classList.contains("completed");
    const toggle = button(completed ? "Reopen" : "Done",
      () => send({ action: completed ? "reopen" : "done", id }, bar));
    const move = document.createElement("select");
    move.setAttribute("aria-label", "Move " + title + " to");
    move.append(new Option("Move to…", ""));
    for (const target of board.columns) {
      if (target.anchor !== current) move.append(new Option(target.name, target.name));
    }
    move.addEventListener("change", () => {
      if (move.value) send({ action: "move", id, status: move.value }, bar);
    });
    const remove = button("Remove", () => {
      if (confirm("Remove the task “" + title + "” from the task file?")) send({ action: "remove", id }, bar);
    });
    bar.append(toggle, move, remove);
    if (board.readOnly) disable(bar);
    card.appendChild(bar);
  }

  if (boardElement) {
    const form = document.createElement("form");
    form.className = "herald-add";
    const text = document.createElement("input");
    text.type = "text";
    text.name = "text";
    text.required = true;
    text.placeholder = "A new task";
    text.setAttribute("aria-label", "New task");
    const status = document.createElement("select");
    status.name = "status";
    status.setAttribute("aria-label", "Column");
    for (const target of board.columns) status.append(new Option(target.name, target.name));
    const submit = document.createElement("button");
    submit.type = "submit";
    submit.textContent = "Add task";
    form.append(text, status, submit);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!text.value.trim()) return;
      if (await send({ action: "add", text: text.value, status: status.value }, form)) text.value = "";
    });
    if (board.readOnly) {
      disable(form);
      const note = document.createElement("p");
      note.className = "herald-read-only";
      note.textContent = "The board's actions are off: " + board.readOnly;
      form.append(note);
    }
    boardElement.before(form);
  }
})();
"""#

    static let style = """
#herald-serve-overlay { position: fixed; inset: 0; z-index: 2147483647; box-sizing: border-box; width: 100%; height: 100%;
  max-width: none; max-height: none; margin: 0; border: 0; padding: 2rem; overflow: auto; background: rgba(24, 24, 28, .95);
  color: #f4f4f5; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
#herald-serve-overlay h2 { margin: 0 0 1rem; color: #ff8080; font-size: 1.25rem; }
#herald-serve-overlay pre { margin: 0 0 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }
#herald-serve-overlay p { margin: 0; color: #c4c4c8; }
#herald-serve-toast { position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483646; max-width: 36rem; padding: .75rem 1rem;
  border-radius: .375rem; background: #27272a; color: #fafafa; font: 14px/1.4 system-ui, sans-serif;
  box-shadow: 0 4px 16px rgba(0, 0, 0, .3); }
.herald-actions { display: flex; flex-wrap: wrap; gap: .375rem; margin-top: .5rem; }
.herald-add { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; }
.herald-add input[type="text"] { flex: 1 1 16rem; }
.herald-actions button, .herald-actions select, .herald-add button, .herald-add select, .herald-add input { font: inherit; font-size: .875rem; }
.herald-read-only { flex-basis: 100%; margin: 0; font-size: .875rem; }
@media print { .herald-actions, .herald-add, #herald-serve-toast { display: none; } }
"""
}
