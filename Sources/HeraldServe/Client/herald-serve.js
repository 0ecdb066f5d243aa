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
  // The rebuild a board action brings may be announced before the action's answer arrives:
  // the reload waits for it, so that what the answer says (an error, what to undo) is kept.
  let busy = 0;
  let reloadDeferred = false;
  function reloadWhenIdle() {
    if (busy > 0) reloadDeferred = true; else reload();
  }
  function idle() {
    busy -= 1;
    if (busy === 0 && reloadDeferred) { reloadDeferred = false; reload(); }
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
    if (changed.some(usedByPage)) reloadWhenIdle();
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
  // Sends one action and resolves with the server's answer; the page reloads through the event
  // stream once the site is rebuilt.
  async function send(action, container, card) {
    const controls = controlsOf(container);
    controls.forEach((control) => { control.disabled = true; });
    busy += 1;
    try {
      const response = await fetch(board.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", [board.tokenHeader]: board.token },
        body: JSON.stringify(action),
      });
      const reply = await response.json().catch(() => ({ ok: false, error: "HTTP " + response.status }));
      if (!reply.ok) showError(card, reply.error);
      return reply;
    } catch (error) {
      showError(card, "The server did not answer: " + error.message);
      return { ok: false };
    } finally {
      controls.forEach((control) => { control.disabled = false; });
      idle();
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
  // `inverse` is the action that takes it back, or makes it from the answer (a removal's name).
  const undoKey = "herald-serve-undo";
  async function act(action, container, card, message, inverse) {
    busy += 1;
    try {
      const reply = await send(action, container, card);
      if (!reply.ok) return false;
      const undo = typeof inverse === "function" ? inverse(reply) : inverse;
      if (undo) {
        // A todo.txt task's ID is made from its text, so an edit gives it another, and a next
        // occurrence may share it: the undo names the task as the answer does. Completing a
        // repeating task added that occurrence: undoing takes both back.
        if (undo.id && reply.id) undo.id = reply.id;
        const steps = [undo];
        if (reply.next) steps.push({ action: "remove", id: reply.next });
        // Said after the reload the rebuild brings, beside the offer to undo.
        const said = reply.warning ? message + " (" + reply.warning + ")" : message;
        sessionStorage.setItem(undoKey, JSON.stringify({ message: said, steps, until: Date.now() + 8000 }));
      }
      return true;
    } finally {
      idle();
    }
  }
  function offerUndo() {
    let saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(undoKey) || "null"); } catch (error) { saved = null; }
    if (!saved || saved.until < Date.now()) { sessionStorage.removeItem(undoKey); return; }
    notify(saved.message, async () => {
      sessionStorage.removeItem(undoKey);
      toast.hidden = true;
      for (const step of saved.steps || []) {
        if (!(await send(step, toast, null)).ok) break;
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
  // The swimlane an element is in: the value it stands for ("" for the lane of none) and its title.
  function laneOf(element) {
    const lane = element.closest("section.lane[data-lane]");
    if (!lane) return null;
    const head = lane.querySelector(".lane-head");
    const title = head && head.firstChild ? head.firstChild.textContent.trim() : lane.dataset.lane;
    return { element: lane, value: lane.dataset.lane, title };
  }
  const laneWrites = Boolean(board.lanes && board.lanes.writes);
  const laneField = board.lanes ? board.lanes.field : "";
  const sections = Array.from(document.querySelectorAll("section.column")).filter((section) => columnOf(section));

  const infos = new Map();
  function titleOf(card) {
    const heading = card.querySelector("h3");
    return heading ? heading.textContent.replace(/^Done: /, "").trim() : "";
  }

  // A drop: the card goes to the section's column and, in another lane, to that lane's value of
  // the lane's field when the editor writes it (a priority); an assignee or a project it cannot
  // write, so the card then stays in its lane, and the message says so.
  function dropNote(card, section) {
    const home = laneOf(card), lane = laneOf(section), target = columnOf(section);
    if (!home || !lane || lane.value === home.value || laneWrites || !target) return "";
    return "Moves it to " + target.title + " only: the board does not change " + laneField + "s, so it stays in the "
      + home.title + " lane";
  }
  function moveTo(card, section) {
    const info = infos.get(card);
    const from = columnOf(card), target = columnOf(section);
    if (!info || !from || !target) return;
    const home = laneOf(card), lane = laneOf(section);
    const otherLane = Boolean(home && lane && lane.value !== home.value);
    const action = { action: "move", id: info.id, status: target.name };
    const inverse = { action: "move", id: info.id, status: from.name };
    let message = "Moved to " + target.title + ": " + info.title;
    if (otherLane && laneWrites) {
      action.priority = lane.value;
      inverse.priority = home.value;
      message = "Moved to " + target.title + ", " + lane.title + ": " + info.title;
    } else if (target.anchor === from.anchor) {
      if (otherLane) notify(info.title + " stays where it is: the board does not change " + laneField + "s.");
      return;
    } else if (otherLane) {
      message += " (it stays in the " + home.title + " lane)";
    }
    act(action, info.bar, card, message, inverse);
  }

  // What a drag shows, by mouse, touch or keys alike: the card dimmed, the column it would go to
  // outlined, and on other lanes' columns what a drop there does when it cannot change the lane.
  let dragged = null;
  function startDrag(card) {
    dragged = card;
    card.classList.add("herald-dragging");
    for (const section of sections) {
      const note = dropNote(card, section);
      if (note) section.dataset.heraldNote = note;
    }
  }
  function hover(section) {
    for (const other of sections) other.classList.toggle("herald-drop", other === section);
  }
  function endDrag() {
    if (dragged) dragged.classList.remove("herald-dragging");
    dragged = null;
    hover(null);
    for (const section of sections) delete section.dataset.heraldNote;
  }

  // One instruction for every card's handle, read out when a handle has the focus.
  let help = null;
  function helpID() {
    if (!help) {
      help = document.createElement("p");
      help.id = "herald-grip-help";
      help.className = "herald-sr-only";
      help.textContent = "Drag to another column; or press Space, choose a column with the arrow keys, and press Space "
        + "again to drop the card there, or Escape to leave it.";
      (document.querySelector("main") || document.body).appendChild(help);
    }
    return help.id;
  }

  for (const card of cards) {
    const code = card.querySelector("code.task-id");
    if (!code) continue;
    const id = code.textContent.trim();
    const title = titleOf(card) || id;
    const current = columnOf(card);
    const dueElement = card.querySelector(".meta time");
    const due = card.classList.contains("completed") || !dueElement ? "" : dueElement.getAttribute("datetime");
    const bar = document.createElement("div");
    bar.className = "herald-actions";
    infos.set(card, { id, title, bar });
    const completed = card.classList.contains("completed");
    const toggle = button(completed ? "Reopen" : "Done", () => act({ action: completed ? "reopen" : "done", id }, bar, card,
      (completed ? "Reopened: " : "Done: ") + title, { action: completed ? "done" : "reopen", id }));
    const move = document.createElement("select");
    move.setAttribute("aria-label", "Move " + title + " to");
    move.append(new Option("Move to…", ""));
    for (const target of board.columns) {
      if (!current || target.anchor !== current.anchor) move.append(new Option(target.title, target.name));
    }
    function moveBySelect() {
      const target = board.columns.find((column) => column.name === move.value);
      if (target && !move.disabled) act({ action: "move", id, status: target.name }, bar, card, "Moved to " + target.title + ": " + title,
        current ? { action: "move", id, status: current.name } : null);
    }
    // The arrow keys and typing change a closed list's choice one step at a time, each a change
    // event: those only choose, and Enter moves. A choice made in the opened list moves at once.
    let choosing = false;
    move.addEventListener("mousedown", () => { choosing = false; });
    move.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        if (move.value) { event.preventDefault(); moveBySelect(); }
        return;
      }
      const steps = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"];
      choosing = (steps.includes(event.key) && !event.altKey) || (event.key.length === 1 && event.key !== " ");
    });
    move.addEventListener("change", () => {
      if (!choosing) { moveBySelect(); return; }
      choosing = false;
      const target = board.columns.find((column) => column.name === move.value);
      if (target) notify("Press Enter to move " + title + " to " + target.title + ".");
    });
    const edit = button("Edit", () => editInPlace(card, bar, id, title, due));
    const remove = button("Remove", () => {
      if (!confirm("Remove the task “" + title + "” from the task file?")) return;
      act({ action: "remove", id }, bar, card, "Removed: " + title,
        (reply) => reply.undo ? { action: "restore", undo: reply.undo } : null);
    });
    bar.append(toggle, move, edit, remove);
    card.appendChild(bar);
    // Only a card in a column (not one waiting in Upcoming, or on a list page) has one to leave.
    if (!current) continue;
    bar.prepend(gripFor(card, title));
    // Dragged to another column, a card moves there: the mouse's way to do what the select does.
    card.draggable = true;
    card.addEventListener("dragstart", (event) => {
      event.dataTransfer.setData("text/plain", id);
      event.dataTransfer.effectAllowed = "move";
      startDrag(card);
    });
    card.addEventListener("dragend", endDrag);
  }

  // A card's handle: dragged by a finger or a pen (the card itself scrolls the board there), and
  // the keyboard's drag: Space picks the card up, the arrow keys choose a column (and a lane,
  // when the lane's field can be written), Space drops it, Escape leaves it.
  function gripFor(card, title) {
    const grip = document.createElement("button");
    grip.type = "button";
    grip.className = "herald-grip";
    grip.textContent = "⠿";
    grip.setAttribute("aria-label", "Move " + title);
    grip.setAttribute("aria-describedby", helpID());

    let pointer = null;
    let dragEndedClick = false;
    grip.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse" || !event.isPrimary) return;
      event.preventDefault();
      grip.setPointerCapture(event.pointerId);
      pointer = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    });
    grip.addEventListener("pointermove", (event) => {
      if (!pointer || event.pointerId !== pointer.id) return;
      if (!pointer.moved && Math.hypot(event.clientX - pointer.x, event.clientY - pointer.y) < 8) return;
      if (!pointer.moved) { pointer.moved = true; startDrag(card); }
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      hover(sectionAt(pointer.x, pointer.y));
      scrollNearEdge(pointer);
    });
    grip.addEventListener("pointerup", (event) => {
      if (!pointer || event.pointerId !== pointer.id) return;
      const section = pointer.moved ? sectionAt(event.clientX, event.clientY) : null;
      dragEndedClick = pointer.moved;
      stopScrolling();
      pointer = null;
      endDrag();
      if (section) moveTo(card, section);
    });
    grip.addEventListener("pointercancel", () => { stopScrolling(); pointer = null; endDrag(); });

    let lifted = null;
    function targetsOf() {
      // Rows of drop targets: the lanes (only the card's own when its lane cannot change), or the board.
      const home = laneOf(card);
      const lanes = home ? Array.from(document.querySelectorAll("section.lane[data-lane]")) : [null];
      return lanes.filter((lane) => !home || laneWrites || lane === home.element).map((lane) =>
        sections.filter((section) => !lane || section.closest("section.lane") === lane));
    }
    function announce(section) {
      const target = columnOf(section), lane = laneOf(section), home = laneOf(card);
      const where = target.title + (lane && (laneWrites || lane.value !== home.value) ? ", " + lane.title : "");
      notify((section === lifted.from ? "Back in " : "Over ") + where + ". Space drops it, Escape leaves it.");
    }
    function lift() {
      const rows = targetsOf();
      const row = rows.findIndex((sections) => sections.some((section) => section.contains(card)));
      if (row < 0) return;
      const column = rows[row].findIndex((section) => section.contains(card));
      lifted = { rows, row, column, from: rows[row][column] };
      startDrag(card);
      hover(lifted.from);
      notify("Picked up " + title + ". The arrow keys choose a column, Space drops it, Escape leaves it.");
    }
    function step(rowStep, columnStep) {
      const row = Math.min(Math.max(lifted.row + rowStep, 0), lifted.rows.length - 1);
      const column = Math.min(Math.max(lifted.column + columnStep, 0), lifted.rows[row].length - 1);
      lifted.row = row;
      lifted.column = column;
      const section = lifted.rows[row][column];
      hover(section);
      section.scrollIntoView({ block: "nearest", inline: "nearest" });
      announce(section);
    }
    function drop() {
      const section = lifted.rows[lifted.row][lifted.column];
      const from = lifted.from;
      lifted = null;
      endDrag();
      if (section === from) { notify(title + " stays where it was."); return; }
      moveTo(card, section);
    }
    function leave() {
      lifted = null;
      endDrag();
      notify(title + " stays where it was.");
    }
    grip.addEventListener("keydown", (event) => {
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        if (lifted) drop(); else lift();
        return;
      }
      if (!lifted) return;
      const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
      if (event.key === "Escape") { event.preventDefault(); leave(); }
      else if (steps[event.key]) { event.preventDefault(); step(...steps[event.key]); }
    });
    grip.addEventListener("blur", () => { if (lifted) leave(); });
    grip.addEventListener("click", (event) => {
      if (dragEndedClick) { dragEndedClick = false; return; }
      // Assistive technology presses a button with a click of no pointer: it lifts and drops too.
      if (event.detail === 0) { if (lifted) drop(); else lift(); return; }
      if (!lifted) notify("Drag this handle to another column, or press Space on it and use the arrow keys.");
    });
    return grip;
  }

  // The column under a point; below a short column, the column whose part of the row it is.
  function sectionAt(x, y) {
    const element = document.elementFromPoint(x, y);
    if (!element) return null;
    const section = element.closest("section.column");
    if (section) return sections.includes(section) ? section : null;
    const row = element.closest(".board");
    return sections.find((candidate) => {
      if (candidate.parentElement !== row) return false;
      const box = candidate.getBoundingClientRect();
      return x >= box.left && x <= box.right;
    }) || null;
  }
  // On a phone the board shows one column at a time: a finger held near its edge brings the next.
  let edgeTimer = null;
  function scrollNearEdge(point) {
    const scroller = dragged && dragged.closest(".board");
    if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    const box = scroller.getBoundingClientRect();
    const direction = point.x > box.right - 40 ? 1 : point.x < box.left + 40 ? -1 : 0;
    if (!direction) { stopScrolling(); return; }
    if (edgeTimer && edgeTimer.direction === direction) return;
    stopScrolling();
    const turn = () => {
      scroller.scrollBy({ left: direction * scroller.clientWidth * 0.8, behavior: "instant" });
      hover(sectionAt(point.x, point.y));
    };
    edgeTimer = { direction, id: setInterval(turn, 600) };
  }
  function stopScrolling() {
    if (edgeTimer) clearInterval(edgeTimer.id);
    edgeTimer = null;
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

  for (const row of new Set(sections.map((section) => section.parentElement))) {
    row.addEventListener("dragover", (event) => {
      const section = dragged && sectionAt(event.clientX, event.clientY);
      hover(section);
      if (!section) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    });
    row.addEventListener("dragleave", (event) => {
      if (!row.contains(event.relatedTarget)) hover(null);
    });
    row.addEventListener("drop", (event) => {
      event.preventDefault();
      const card = dragged, section = sectionAt(event.clientX, event.clientY);
      endDrag();
      if (card && section) moveTo(card, section);
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
      if ((await send({ action: "add", text: text.value, status: status.value }, form, null)).ok) text.value = "";
    });
    boardElement.before(form);
  }
})();
