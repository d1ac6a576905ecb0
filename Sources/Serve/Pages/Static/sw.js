// holder-git's service worker: keeps the app shell (style, script, icons, the offline page) so
// an installed app opens and says it is offline when the server is out of reach. Bookmark pages,
// the API, the live feed and every other answer go to the server untouched and are never kept:
// they are the store as it is now, and a kept copy would show a store that is no more.
"use strict";
const SHELL = "holder-git-shell-1";
const OFFLINE = "/offline";
const SHELL_FILES = [
  "/static/app.css",
  "/static/app.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/static/icons/icon-maskable-512.png",
  "/manifest.webmanifest",
  OFFLINE,
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) { return cache.addAll(SHELL_FILES); })
      .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) { return name !== SHELL; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SHELL_FILES.includes(url.pathname)) {
    // The server's copy first, so a new version of the app is used at once; the kept one
    // when the server is out of reach.
    event.respondWith(
      fetch(request)
        .then(function (answer) {
          if (answer.ok) {
            const copy = answer.clone();
            caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
          }
          return answer;
        })
        .catch(function () {
          return caches.match(request).then(function (kept) { return kept || Response.error(); });
        }));
    return;
  }
  if (request.mode === "navigate") {
    // A page is never kept; only when the server cannot be reached does the offline page
    // stand in for it.
    event.respondWith(
      fetch(request).catch(function () {
        return caches.match(OFFLINE).then(function (kept) { return kept || Response.error(); });
      }));
  }
});
