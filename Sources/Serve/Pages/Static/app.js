// holder-git's web app: search as you type, live updates, tag reordering. Served as a file
// (the Content-Security-Policy allows no inline script); every change it posts carries the
// page's secret.
"use strict";
(function () {
  const secretMeta = document.querySelector('meta[name="holder-secret"]');
  const secret = secretMeta ? secretMeta.content : "";
  const results = document.getElementById("results");
  const box = document.getElementById("q");
  const searchForm = document.getElementById("search-form");

  // The list endpoint answers with the list alone; the page keeps its address in step.
  function listURL(search) { return "/fragment/list" + search; }

  async function reloadList(search) {
    if (!results) return;
    const answer = await fetch(listURL(search), { headers: { "Accept": "text/html" } });
    if (!answer.ok) return;
    const html = await answer.text();
    const holder = results.querySelector(".visually-hidden");
    results.innerHTML = "";
    if (holder) results.appendChild(holder);
    results.insertAdjacentHTML("beforeend", html);
  }

  if (box && results && searchForm) {
    let timer = null;
    let latest = 0;
    box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(async function () {
        const ticket = ++latest;
        // The form's other fields are the tag or favourites the page shows: kept.
        const fields = new URLSearchParams(new FormData(searchForm));
        if (box.value.trim() === "") fields.delete("q");
        const search = fields.toString() === "" ? "" : "?" + fields.toString();
        history.replaceState(null, "", "/" + search);
        await reloadList(search);
        if (ticket !== latest) return;
        results.dataset.list = search;
      }, 120);
    });
  }

  // Live: the server says "changed" when the store changed (a hand edit, the CLI, a pull).
  if (window.EventSource) {
    let events = null;
    // A form of this page is being sent: the change it makes must not reload the page
    // under it (the reload would cancel the answer, e.g. Deleted with its Undo).
    let sending = false;
    // The store's generation this page shows (a list reload brings a newer one): a change
    // the page already shows, such as the save that led here, reloads nothing.
    function shown() {
      const marked = document.querySelector("[data-generation]");
      return marked ? marked.dataset.generation : "";
    }
    function changed(event) {
      if (sending) return;
      if (event && event.data && shown() !== "" && Number(event.data) <= Number(shown())) return;
      const page = document.body.dataset.page;
      if (page === "browse") {
        reloadList(location.search);
      } else if (page === "bookmark") {
        location.reload();
      }
    }
    function listen() {
      events = new EventSource("/events" + (shown() === "" ? "" : "?since=" + shown()));
      events.addEventListener("changed", changed);
    }
    listen();
    document.addEventListener("submit", function () { sending = true; events.close(); });
    // A page left for another stays in the back-forward cache with its stream open: six such
    // pages hold every connection the browser allows to the app, and the next page never
    // loads. It lets go when left, and when shown again listens anew from the generation it
    // shows (the server tells it at once of what changed meanwhile).
    window.addEventListener("pagehide", function () { events.close(); });
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      sending = false;
      listen();
    });
  }

  // Import: the file is checked (a dry run) first; "Import it" sends it again to save it.
  const file = document.getElementById("import-file");
  if (file) {
    const report = document.getElementById("import-report");
    const commit = document.getElementById("import-commit");
    async function send(save) {
      const chosen = file.files[0];
      if (!chosen) { report.textContent = report.dataset.choose; return; }
      const query = "?name=" + encodeURIComponent(chosen.name) + (save ? "&commit=1" : "");
      const answer = await fetch("/import" + query, {
        method: "POST", body: chosen, headers: { "X-Holder-Secret": secret }
      });
      report.innerHTML = await answer.text();
      commit.hidden = save || !answer.ok;
    }
    document.getElementById("import-check").addEventListener("click", function () { send(false); });
    commit.addEventListener("click", function () { send(true); });
  }

  // Tags page: drag a tag onto another to put it before that one.
  const rows = document.querySelector("[data-tag-order]");
  if (rows) {
    let dragged = null;
    rows.addEventListener("dragstart", function (event) {
      dragged = event.target.closest("li");
      if (dragged) dragged.classList.add("dragging");
    });
    rows.addEventListener("dragend", function () {
      if (dragged) dragged.classList.remove("dragging");
    });
    rows.addEventListener("dragover", function (event) { event.preventDefault(); });
    rows.addEventListener("drop", async function (event) {
      event.preventDefault();
      const target = event.target.closest("li");
      if (!dragged || !target || target === dragged) return;
      const body = new URLSearchParams({ tag: dragged.dataset.tag, before: target.dataset.tag });
      const answer = await fetch("/tags/move", {
        method: "POST", body: body, headers: { "X-Holder-Secret": secret }
      });
      if (answer.ok) location.reload();
    });
  }

  // The installable app's shell, kept for when the server is out of reach. Browsers allow a
  // service worker on https and on 127.0.0.1 only: elsewhere the app works without one.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
})();
