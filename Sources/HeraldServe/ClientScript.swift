/// The script and style `herald serve` puts into the pages it serves (never into a build):
/// live reload over Server-Sent Events keeping the scroll position, stylesheets swapped in place
/// when only CSS changed, the build-error overlay, and the board's card actions (done, move by
/// select or by dragging, edit in place, remove; the last change undoable for a few seconds,
/// across the reload that follows it), errors on the card, and the add form.
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
  const cards = Array.from(document.querySelectorAll('li.card[id^="task-"]'));
  const boardElement = document.querySelector(".board");
  if (cards.length === 0 && !boardElement) return;
  if (board.readOnly) {
    // A source Herald cannot write gets no controls that would only fail: a note says why.
    const note = document.createElement("p");
    note.className = "herald-read-only";
    note.textContent = "This board is read-only here: " + board.readOnly;
    (boardElement || cards[0].parentElement).before(note);
    return;
  }

  let toast = null;
  function notify(message, undo) {
    if (!toast) {
      toast = document.createElement("div");
      toast.id = "herald-serve-toast";
      toast.setAttribute("role", "status");
      document.body.appendChild(toast);
    }
    toast.replaceChildren(document.createTextNode(message));
    if (undo) toast.append(" ", button("Undo", undo));
    toast.hidden = false;
    clearTimeout(notify.timer);
    notify.timer = setTimeout(() => { toast.hidden = true; }, 8000);
  }
  function controlsOf(container) {
    return Array.from(container.querySelectorAll("button, select, input"));
  }
  function showError(card, message) {
    let line = card && card.querySelector(".herald-error");
    if (card && !line) {
      line = document.createElement("p");
      line.className = "herald-error";
      line.setAttribute("role", "alert");
      card.appendChild(line);
    }
    if (line) line.textContent = message; else notify(message);
  }
  // Sends one action; the page reloads through the event stream once the site is rebuilt.
  // The server's reply when it did the action, else null.
  async function send(action, container, card) {
    const controls = controlsOf(container);
    controls.forEach((control) => { control.disabled = true; });
    try {
      const response = await fetch(board.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", [board.tokenHeader]: board.token },
        body: JSON.stringify(action),
      });
      const reply = await response.json().catch(() => ({ ok: false, error: "HTTP " + response.status }));
      if (!reply.ok) showError(card, reply.error);
      return reply.ok ? reply : null;
    } catch (error) {
      showError(card, "The server did not answer: " + error.message);
      return null;
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

  // The last change can be taken back for a few seconds, across the reload the rebuild brings.
  const undoKey = "herald-serve-undo";
  async function act(action, container, card, message, inverse) {
    const reply = await send(action, container, card);
    if (!reply) return false;
    if (inverse) {
      // The task may have a new ID now (a new title, or a next occurrence that shares it), and
      // completing a repeating task added that occurrence: undoing takes both back.
      const steps = [Object.assign({}, inverse, { id: reply.id || inverse.id })];
      if (reply.next) steps.push({ action: "remove", id: reply.next });
      // Said after the reload the rebuild brings, beside the offer to undo.
      const said = reply.warning ? message + " (" + reply.warning + ")" : message;
      sessionStorage.setItem(undoKey, JSON.stringify({ message: said, steps, until: Date.now() + 8000 }));
    }
    return true;
  }
  function offerUndo() {
    let saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(undoKey) || "null"); } catch (error) { saved = null; }
    if (!saved || saved.until < Date.now()) { sessionStorage.removeItem(undoKey); return; }
    notify(saved.message, async () => {
      sessionStorage.removeItem(undoKey);
      toast.hidden = true;
      for (const step of saved.steps || []) {
        if (!(await send(step, toast, null))) break;
      }
    });
    clearTimeout(notify.timer);
    notify.timer = setTimeout(() => { toast.hidden = true; sessionStorage.removeItem(undoKey); }, saved.until - Date.now());
  }
  offerUndo();

  function columnOf(element) {
    const section = element.closest("section.column");
    if (!section) return null;
    const anchor = section.dataset.column || (section.id.startsWith("column-") ? section.id.slice("column-".length) : null);
    return board.columns.find((column) => column.anchor === anchor) || null;
  }

  for (const card of cards) {
    const code = card.querySelector("code.task-id");
    if (!code) continue;
    const id = code.textContent.trim();
    const heading = card.querySelector("h3");
    const title = heading ? heading.textContent.replace(/^Done: /, "").trim() : id;
    const current = columnOf(card);
    const dueElement = card.querySelector(".meta time");
    const due = card.classList.contains("completed") || !dueElement ? "" : dueElement.getAttribute("datetime");
    const bar = document.createElement("div");
    bar.className = "herald-actions";
    const completed = card.classList.contains("completed");
    const toggle = button(completed ? "Reopen" : "Done", () => act({ action: completed ? "reopen" : "done", id }, bar, card,
      (completed ? "Reopened: " : "Done: ") + title, { action: completed ? "done" : "reopen", id }));
    const move = document.createElement("select");
    move.setAttribute("aria-label", "Move " + title + " to");
    move.append(new Option("Move to…", ""));
    for (const target of board.columns) {
      if (!current || target.anchor !== current.anchor) move.append(new Option(target.title, target.name));
    }
    move.addEventListener("change", () => {
      const target = board.columns.find((column) => column.name === move.value);
      if (target) act({ action: "move", id, status: target.name }, bar, card, "Moved to " + target.title + ": " + title,
        current ? { action: "move", id, status: current.name } : null);
    });
    const edit = button("Edit", () => editInPlace(card, bar, id, title, due));
    const remove = button("Remove", () => {
      if (confirm("Remove the task “" + title + "” from the task file?")) send({ action: "remove", id }, bar, card);
    });
    bar.append(toggle, move, edit, remove);
    card.appendChild(bar);
    // Dragged to another column, a card moves there: the mouse's way to do what the select does.
    card.draggable = true;
    card.addEventListener("dragstart", (event) => {
      event.dataTransfer.setData("text/plain", id);
      event.dataTransfer.effectAllowed = "move";
      card.classList.add("herald-dragging");
    });
    card.addEventListener("dragend", () => card.classList.remove("herald-dragging"));
  }

  function editInPlace(card, bar, id, title, due) {
    if (card.querySelector(".herald-edit")) return;
    const form = document.createElement("form");
    form.className = "herald-edit";
    const text = document.createElement("input");
    text.type = "text";
    text.value = title;
    text.required = true;
    text.setAttribute("aria-label", "Title");
    const date = document.createElement("input");
    date.type = "date";
    date.value = due;
    date.setAttribute("aria-label", "Due date");
    const save = document.createElement("button");
    save.type = "submit";
    save.textContent = "Save";
    form.append(text, date, save, button("Cancel", () => form.remove()));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const action = { action: "edit", id };
      const inverse = { action: "edit", id };
      if (text.value.trim() !== title) { action.text = text.value.trim(); inverse.text = title; }
      if (date.value !== due) { action.due = date.value; inverse.due = due; }
      if (!("text" in action) && !("due" in action)) { form.remove(); return; }
      if (await act(action, form, card, "Edited: " + (action.text || title), inverse)) form.remove();
    });
    bar.before(form);
    text.focus();
  }

  for (const section of document.querySelectorAll("section.column")) {
    const target = columnOf(section);
    if (!target) continue;
    section.addEventListener("dragover", (event) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      section.classList.add("herald-drop");
    });
    section.addEventListener("dragleave", () => section.classList.remove("herald-drop"));
    section.addEventListener("drop", (event) => {
      event.preventDefault();
      section.classList.remove("herald-drop");
      const id = event.dataTransfer.getData("text/plain");
      const card = cards.find((element) => element.querySelector("code.task-id")?.textContent.trim() === id);
      const from = card && columnOf(card);
      if (!card || !from || from.anchor === target.anchor) return;
      const bar = card.querySelector(".herald-actions") || card;
      const title = card.querySelector("h3")?.textContent.replace(/^Done: /, "").trim() || id;
      act({ action: "move", id, status: target.name }, bar, card, "Moved to " + target.title + ": " + title,
        { action: "move", id, status: from.name });
    });
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
    for (const target of board.columns) status.append(new Option(target.title, target.name));
    const submit = document.createElement("button");
    submit.type = "submit";
    submit.textContent = "Add task";
    form.append(text, status, submit);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!text.value.trim()) return;
      if (await send({ action: "add", text: text.value, status: status.value }, form, null)) text.value = "";
    });
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
.herald-actions, .herald-edit { display: flex; flex-wrap: wrap; gap: .375rem; margin-top: .5rem; }
.herald-add { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; }
.herald-add input[type="text"], .herald-edit input[type="text"] { flex: 1 1 12rem; }
.herald-actions button, .herald-actions select, .herald-add button, .herald-add select, .herald-add input,
.herald-edit button, .herald-edit input, #herald-serve-toast button {
  font: inherit; font-size: .85rem; color: var(--text, inherit); background: var(--surface, #fff);
  border: 1px solid var(--border, #c8c8d0); border-radius: var(--radius, .375rem); padding: .3rem .6rem; min-height: 2rem; cursor: pointer; }
.herald-actions button:hover, .herald-add button:hover, .herald-edit button:hover { border-color: var(--accent, #2754c5); }
.herald-add button[type="submit"], .herald-edit button[type="submit"] { background: var(--accent, #2754c5); color: var(--accent-text, #fff); border-color: var(--accent, #2754c5); }
.herald-actions :focus-visible, .herald-add :focus-visible, .herald-edit :focus-visible { outline: 2px solid var(--accent, #2754c5); outline-offset: 2px; }
.herald-error { margin: .4rem 0 0; font-size: .85rem; color: var(--danger, #b3261e); }
.herald-read-only { flex-basis: 100%; margin: 0 0 1rem; font-size: .875rem; color: var(--muted, #555); }
li.card[draggable="true"] { cursor: grab; }
.herald-dragging { opacity: .5; }
.herald-drop { outline: 2px dashed var(--accent, #2754c5); outline-offset: 2px; }
#herald-serve-toast button { margin-left: .5rem; color: #fafafa; background: transparent; border-color: #71717a; }
@media print { .herald-actions, .herald-add, .herald-edit, #herald-serve-toast { display: none; } }
"""
}
