// The player of a `guidec preview` contact sheet: pick a guide and a screen, then walk the
// guide as the app would (docs/preview.md, "The player").
//
// It reads only the sheet: every picture is a `figure.picture` naming its guide, tour (none for
// a page), item, device, orientation and variant in data attributes, and the JSON in
// `#player-data` gives each picture's screen name and controls by the figure's id (what
// PreviewPlayer writes from the scenes). Rows come in playing order, so the document order of
// the pictures is the order of the walk. No library, no network, no storage: the sheet stays
// one self-contained file, and without scripts the player stays hidden.
(function () {
  "use strict";

  function setUp() {
    var root = document.getElementById("player");
    var dataElement = document.getElementById("player-data");
    if (!root || !dataElement) { return; }
    var data;
    try {
      data = JSON.parse(dataElement.textContent);
    } catch (error) {
      root.hidden = false;
      root.appendChild(document.createTextNode("the player's data cannot be read: " + error.message));
      return;
    }
    var pictures = Array.prototype.filter.call(document.querySelectorAll("figure.picture[data-guide]"), function (figure) {
      return Object.prototype.hasOwnProperty.call(data.pictures, figure.id);
    });
    if (pictures.length === 0) { return; }

    // The guides in order, each with its items in order and each item's pictures by screen.
    var guides = [];
    var guideByID = {};
    var screens = [];
    var screenByKey = {};
    pictures.forEach(function (figure) {
      var guideID = figure.getAttribute("data-guide");
      var tour = figure.getAttribute("data-tour");
      var itemID = figure.getAttribute("data-item");
      var screenKey = figure.getAttribute("data-device") + "-" + figure.getAttribute("data-orientation") + " " +
        figure.getAttribute("data-variant");
      var guide = guideByID[guideID];
      if (!guide) {
        guide = { id: guideID, items: [], itemByKey: {} };
        guideByID[guideID] = guide;
        guides.push(guide);
      }
      var itemKey = (tour === null ? "pages" : "tours." + tour) + "." + itemID;
      var item = guide.itemByKey[itemKey];
      if (!item) {
        item = {
          tour: tour,
          id: itemID,
          pictures: {}
        };
        guide.itemByKey[itemKey] = item;
        guide.items.push(item);
      }
      item.pictures[screenKey] = figure;
      if (!screenByKey[screenKey]) {
        screenByKey[screenKey] = {
          key: screenKey,
          label: data.pictures[figure.id].screenName + " \u00B7 " + figure.getAttribute("data-variant")
        };
        screens.push(screenByKey[screenKey]);
      }
    });
    // Each item knows its position among the items of its kind (the pages, or its tour's
    // steps), from 0, and how many there are.
    guides.forEach(function (guide) {
      var counts = {};
      guide.items.forEach(function (item) {
        var group = item.tour === null ? "" : item.tour;
        item.index = counts[group] || 0;
        counts[group] = item.index + 1;
      });
      guide.items.forEach(function (item) {
        item.count = counts[item.tour === null ? "" : item.tour];
      });
    });

    function element(name, attributes, text) {
      var node = document.createElement(name);
      Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
      if (text !== undefined) { node.textContent = text; }
      return node;
    }

    function picker(id, label, options) {
      var wrapper = element("label", { "for": id }, label + " ");
      var select = element("select", { id: id });
      options.forEach(function (option) {
        select.appendChild(element("option", { value: option.value }, option.label));
      });
      wrapper.appendChild(select);
      return { wrapper: wrapper, select: select };
    }

    var guidePicker = picker("player-guide", "Guide", guides.map(function (guide) {
      return { value: guide.id, label: guide.id };
    }));
    var screenPicker = picker("player-screen", "Screen", screens.map(function (screen) {
      return { value: screen.key, label: screen.label };
    }));
    var restart = element("button", { type: "button", id: "player-restart" }, "Restart");
    var bar = element("div", { "class": "player-pickers" });
    bar.appendChild(guidePicker.wrapper);
    bar.appendChild(screenPicker.wrapper);
    bar.appendChild(restart);
    var state = element("output", { id: "player-state", "aria-live": "polite" });
    var progress = element("p", { id: "player-progress" });
    var stage = element("div", { id: "player-stage", "aria-label": "the current picture" });
    var controls = element("div", { id: "player-controls", role: "group", "aria-label": "the guide's controls" });
    var events = element("ol", { id: "player-events", "aria-label": "what the app would be told" });
    var help = element("p", { "class": "player-help" },
      "Keys: \u2192 the way forward, \u2190 back (the other way round in a right-to-left locale), " +
      "Esc close (or skip), Home restart. " +
      "A click on the picture is a tap on the overlay.");
    [bar, state, progress, stage, controls, help, events].forEach(function (node) { root.appendChild(node); });
    root.hidden = false;

    // Where the walk is: the guide, the position in its items, and whether it has ended.
    var walk = { guide: guides[0], position: 0, status: "playing", origin: null };

    function currentItem() { return walk.guide.items[walk.position]; }

    function currentControls() {
      var figure = currentItem().pictures[screenPicker.select.value];
      return figure ? data.pictures[figure.id].controls : null;
    }

    function itemName(item) {
      return item.tour === null ? "page " + item.id : "tour " + item.tour + ", step " + item.id;
    }

    function report(name, detail) {
      var item = currentItem();
      var where = name === "guideShown" ? walk.guide.id : item.tour === null ? item.id : item.tour + "." + item.id;
      var text = name + " " + where + (detail ? " " + detail : "");
      events.appendChild(element("li", { "data-event": name, "data-detail": detail || "" }, text));
    }

    // The picture's copy in the stage gets ids of its own, so that it never shares one with the
    // sheet's picture it was copied from (a mask found by id must be the copy's).
    function copyOfPicture(figure) {
      var svg = figure.querySelector("svg");
      // A folder's index links each picture's SVG file instead: the stage shows the same file.
      if (!svg) {
        var image = figure.querySelector("img");
        return image ? image.cloneNode(true) : element("p", {}, "this picture has no drawing");
      }
      var copy = svg.cloneNode(true);
      var renamed = {};
      Array.prototype.forEach.call(copy.querySelectorAll("[id]"), function (node) {
        renamed[node.id] = "player-" + node.id;
        node.id = renamed[node.id];
      });
      [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (node) {
        ["mask", "clip-path", "fill", "stroke", "filter", "href", "aria-labelledby"].forEach(function (name) {
          var value = node.getAttribute(name);
          if (value === null) { return; }
          var replaced = value.replace(/url\(#([^)]+)\)/g, function (whole, id) {
            return renamed[id] ? "url(#" + renamed[id] + ")" : whole;
          });
          if (name === "aria-labelledby" && renamed[value]) { replaced = renamed[value]; }
          if (name === "href" && value.charAt(0) === "#" && renamed[value.slice(1)]) { replaced = "#" + renamed[value.slice(1)]; }
          if (replaced !== value) { node.setAttribute(name, replaced); }
        });
      });
      return copy;
    }

    function button(id, control, label, action, drawn) {
      var node = element("button", { type: "button", id: id, "data-control": control, "data-drawn": drawn ? "true" : "false" }, label);
      if (!drawn) { node.title = "the guide draws no such button: this stands for its trigger (a tap, an event or a timer)"; }
      node.addEventListener("click", action);
      controls.appendChild(node);
      return node;
    }

    // What the way forward does: the next item, or the end of the guide after its last. The
    // events are the runtime's (docs/runtime.md): `advanced` with its trigger, and at the end
    // `completed` with it instead.
    function forward(trigger) {
      if (walk.status !== "playing") { return; }
      if (walk.position + 1 < walk.guide.items.length) {
        report("advanced", trigger);
        walk.position += 1;
        show();
      } else {
        walk.status = "completed";
        report("completed", trigger);
        render();
      }
    }

    // Back: the item shown before this one, within the pages or within the tour.
    function canGoBack(controlsOfItem) {
      var item = currentItem();
      if (walk.status !== "playing" || walk.position === 0) { return false; }
      var previous = walk.guide.items[walk.position - 1];
      if (previous.tour !== item.tour) { return false; }
      // Pages can always be swiped back; a step goes back only when it shows a Back control.
      return item.tour === null || (controlsOfItem !== null && controlsOfItem.back !== null && controlsOfItem.back !== undefined);
    }

    function back() {
      if (!canGoBack(currentControls())) { return; }
      report("back");
      walk.position -= 1;
      show();
    }

    function end(origin) {
      if (walk.status !== "playing") { return; }
      walk.status = "dismissed";
      walk.origin = origin;
      report("dismissed", origin);
      render();
    }

    function show() {
      var item = currentItem();
      report(item.tour === null ? "pageShown" : "stepShown");
      render();
    }

    function render() {
      var item = currentItem();
      var screen = screenPicker.select.value;
      var figure = item.pictures[screen];
      var shown = currentControls();
      state.setAttribute("data-guide", walk.guide.id);
      state.setAttribute("data-kind", item.tour === null ? "page" : "step");
      if (item.tour === null) { state.removeAttribute("data-tour"); } else { state.setAttribute("data-tour", item.tour); }
      state.setAttribute("data-item", item.id);
      state.setAttribute("data-index", String(item.index));
      state.setAttribute("data-status", walk.status);
      state.setAttribute("data-screen", screen);
      if (walk.origin) { state.setAttribute("data-origin", walk.origin); } else { state.removeAttribute("data-origin"); }
      var where = walk.guide.id + ": " + itemName(item) + " (" + (item.index + 1) + " of " + item.count + ")";
      state.textContent = walk.status === "playing" ? where
        : walk.status === "completed" ? walk.guide.id + ": completed after " + itemName(item)
        : walk.guide.id + ": dismissed (" + walk.origin + ") at " + itemName(item);

      while (stage.firstChild) { stage.removeChild(stage.firstChild); }
      while (controls.firstChild) { controls.removeChild(controls.firstChild); }
      if (walk.status !== "playing") {
        progress.textContent = "";
        stage.appendChild(element("p", { "class": "player-ended" }, state.textContent));
        return;
      }
      if (!figure) {
        progress.textContent = "";
        stage.appendChild(element("p", { "class": "player-missing" }, "this screen has no picture of " + itemName(item)));
        return;
      }
      progress.textContent = item.tour === null
        ? "Page " + (item.index + 1) + " of " + item.count
        : (shown && shown.progress) || "";
      stage.appendChild(copyOfPicture(figure));
      if (!shown) { return; }
      // The buttons in the order the tip lays them out: back, skip, the actions, the way forward,
      // and the close control.
      if (canGoBack(shown)) {
        button("player-back", "back", item.tour === null ? "Back (swipe)" : shown.back, back, item.tour !== null);
      }
      if (shown.skip !== null && shown.skip !== undefined) {
        button("player-skip", "skip", shown.skip, function () { end("skip"); }, true);
      }
      (shown.actions || []).forEach(function (action) {
        button("player-action-" + action.id, "action", action.label, function () {
          report("action", action.id);
          if (action.then === "next") { forward("action"); }
          else if (action.then === "end") { end("action"); }
        }, true);
      });
      var last = walk.position + 1 === walk.guide.items.length;
      var hasLabel = shown.forward !== null && shown.forward !== undefined;
      button("player-forward", "forward", hasLabel ? shown.forward : (last ? "Finish" : "Next"), function () {
        forward(shown.forwardTrigger);
      }, hasLabel);
      if (shown.close !== null && shown.close !== undefined) {
        var close = button("player-close", "close", "\u00D7", function () { end("close"); }, true);
        close.setAttribute("aria-label", shown.close);
      }
    }

    function start() {
      walk = { guide: guideByID[guidePicker.select.value] || guides[0], position: 0, status: "playing", origin: null };
      while (events.firstChild) { events.removeChild(events.firstChild); }
      report("guideShown");
      show();
    }

    guidePicker.select.addEventListener("change", start);
    screenPicker.select.addEventListener("change", render);
    restart.addEventListener("click", start);
    stage.addEventListener("click", function () {
      var shown = currentControls();
      if (!shown || walk.status !== "playing") { return; }
      if (shown.overlayTap === "advance") { forward(shown.overlayTrigger); }
      else if (shown.overlayTap === "end") { end("overlay"); }
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" || target.tagName === "TEXTAREA")) { return; }
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var shown = currentControls();
      // A right-to-left picture reads from the right: its way forward is the left arrow.
      var figure = currentItem().pictures[screenPicker.select.value];
      var mirrored = figure ? data.pictures[figure.id].rightToLeft === true : false;
      var forwardKey = mirrored ? "ArrowLeft" : "ArrowRight";
      var backKey = mirrored ? "ArrowRight" : "ArrowLeft";
      if (event.key === forwardKey) {
        if (walk.status === "playing" && shown) { forward(shown.forwardTrigger); }
      } else if (event.key === backKey) {
        back();
      } else if (event.key === "Escape") {
        if (shown && shown.close !== null && shown.close !== undefined) { end("close"); }
        else if (shown && shown.skip !== null && shown.skip !== undefined) { end("skip"); }
      } else if (event.key === "Home") {
        start();
      } else {
        return;
      }
      event.preventDefault();
    });
    start();
  }

  // The player's markup may come before the pictures it walks: it starts once they are read.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
}());
