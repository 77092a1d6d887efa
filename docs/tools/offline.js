// Makes the DocC site that docs/build writes readable from a file:// URL,
// with no web server.
//
// DocC's web app loads each page's content with fetch(), which browsers
// refuse for file:// URLs, and it moves between pages with
// history.pushState(), which browsers refuse across file:// paths. docs/build
// therefore writes, next to every .json file of the site, a .js file that
// hands the same JSON to window.__doccOffline, and loads this script first on
// every page. It then:
//
// - sets window.baseUrl to the folder of the site, wherever it is;
// - answers the app's fetch() of a .json file of the site by loading the .js
//   file next to it with a <script> tag (allowed for file:// URLs);
// - turns a pushState() to another page into a plain navigation to that
//   page's file (documentation/tracking/index.html for the page
//   /documentation/tracking), and keeps in-page moves (#anchors) as they are;
// - once the app has started, moves it from the route it read from the
//   address (/documentation/tracking/index.html) to the page's own route;
// - points every link to a page at that page's file, for links opened
//   outside the app (a new tab).
(function () {
  "use strict";
  var script = document.currentScript;
  var root = new URL(".", script.src);        // the site's folder, ending in "/"
  window.baseUrl = root.pathname;

  var loaded = {};                            // "data/documentation/tracking.json" -> JSON
  var pending = {};                           // key -> [resolve, ...]
  window.__doccOffline = function (key, json) {
    loaded[key] = json;
    (pending[key] || []).forEach(function (resolve) { resolve(true); });
    delete pending[key];
  };

  // "…/data/documentation/tracking.html.json" -> "data/documentation/tracking.json"
  function keyFor(url) {
    if (url.protocol !== root.protocol || url.href.indexOf(root.href) !== 0) return null;
    var key = decodeURIComponent(url.pathname.slice(root.pathname.length));
    key = key.replace(/\/index\.html\.json$/, ".json").replace(/\.html\.json$/, ".json");
    return /\.json$/.test(key) ? key : null;
  }

  function load(key) {
    if (key in loaded) return Promise.resolve(true);
    return new Promise(function (resolve) {
      if (pending[key]) { pending[key].push(resolve); return; }
      pending[key] = [resolve];
      var tag = document.createElement("script");
      tag.src = new URL(key.replace(/\.json$/, ".js"), root).href;
      tag.onerror = function () {
        (pending[key] || []).forEach(function (done) { done(false); });
        delete pending[key];
      };
      document.head.appendChild(tag);
    });
  }

  var realFetch = window.fetch ? window.fetch.bind(window) : null;
  window.fetch = function (input, init) {
    var url = new URL(typeof input === "string" ? input : input.url, location.href);
    var key = keyFor(url);
    if (key === null) {
      if (url.protocol === "file:" || !realFetch) {
        return Promise.resolve(new Response("", { status: 404, statusText: "Not Found" }));
      }
      return realFetch(input, init);
    }
    return load(key).then(function (found) {
      if (!found) return new Response("", { status: 404, statusText: "Not Found" });
      return new Response(JSON.stringify(loaded[key]), {
        status: 200, headers: { "Content-Type": "application/json" }
      });
    });
  };

  // "/site/documentation/tracking/tracked" -> "/site/documentation/tracking/tracked/index.html"
  function pageFile(pathname) {
    if (/\.html$/.test(pathname)) return pathname;
    return pathname.replace(/\/+$/, "") + "/index.html";
  }

  ["pushState", "replaceState"].forEach(function (name) {
    var original = history[name].bind(history);
    history[name] = function (state, title, target) {
      if (target === undefined || target === null) return original(state, title);
      var url = new URL(target, location.href);
      var file = pageFile(url.pathname);
      if (file === location.pathname) {
        var here = new URL(location.href);
        here.search = url.search;
        here.hash = url.hash;
        return original(state, title, here.href);
      }
      location.assign(url.protocol + "//" + url.host + file + url.search + url.hash);
    };
  });

  // Links keep working outside the app too (opened in a new tab, copied):
  // each link to a page of the site points at the page's file.
  function fixLink(link) {
    var href = link.getAttribute("href");
    if (!href || href.charAt(0) === "#") return;
    var url = new URL(href, location.href);
    if (url.href.indexOf(root.href) !== 0) return;
    var last = url.pathname.split("/").pop();
    if (last.indexOf(".") !== -1) return;      // a file: an image, a download
    var fixed = url.pathname.replace(/\/+$/, "") + "/index.html" + url.search + url.hash;
    link.setAttribute("href", fixed);
  }
  function fixLinks(node) {
    if (node.nodeType !== 1) return;
    if (node.tagName === "A") fixLink(node);
    var links = node.querySelectorAll ? node.querySelectorAll("a[href]") : [];
    for (var i = 0; i < links.length; i++) fixLink(links[i]);
  }
  new MutationObserver(function (mutations) {
    mutations.forEach(function (mutation) {
      if (mutation.type === "attributes") fixLink(mutation.target);
      mutation.addedNodes.forEach(fixLinks);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });

  // The app reads its route from the address,
  // "/documentation/tracking/index.html"; once it has started, move it to
  // "/documentation/tracking", the route its links and its sidebar use. The
  // address stays (see replaceState above).
  window.addEventListener("load", function () {
    var attempts = 0;
    (function moveToCleanRoute() {
      var element = document.getElementById("app");
      var app = element && element.__vue__;
      if (!app || !app.$router || !app.$route) {
        if (attempts++ < 100) setTimeout(moveToCleanRoute, 20);
        return;
      }
      var route = app.$route;
      if (!/\.html$/.test(route.path)) return;
      app.$router.replace({ path: route.path.replace(/\/index\.html$/, ""), query: route.query, hash: route.hash })
        .catch(function () {});
    })();
  });
})();
