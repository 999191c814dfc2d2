"""Drives headless Chromium through Selenium for PreviewBrowserTests: runs a plan of steps in one
browser and writes what it saw, for the Swift test to compare with the IR and the layout engine.

Usage: session.py CHROMIUM CHROMEDRIVER PLAN.json REPORT.json

The plan is {"steps": [...]}; each step is an object with "op":
- "open" {"url"}: loads the page afresh (a new tab's logs start empty). Reports the page's
  console messages ("console": [{"level", "message"}]), every request the page made
  ("requests": URLs from the DevTools Network domain, the page's own URL left out) and every
  Content-Security-Policy violation the page saw ("violations").
- "select" {"id", "value"}: chooses an option of a <select> and fires its change event.
- "click" {"id"}: clicks the element with that id.
- "key" {"key"}: presses a key (ArrowRight, ArrowLeft, Escape, Home) on the page's body.
- "state": reports #player-state's data attributes ("state"), the player's buttons in order
  ("buttons": [[id, data-control, label, aria-label]]), #player-progress's text ("progress") and
  the events listed ("events": [[name, detail]]).
- "pixels" {"id", "points": [[x, y], ...]}: a screenshot of the element with that id, and the
  RGBA of the pixel at each point (in CSS pixels from the element's top left corner); also the
  element's size ("size").
- "logs": the console messages and requests since the last "open" or "logs".

Every step's result is one object in "results", in order; a step that fails reports
{"error": text} and the session goes on. The script exits 0 whenever it could write a report.
"""

import json
import struct
import sys
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

KEYS = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT, "Escape": Keys.ESCAPE, "Home": Keys.HOME}

# Collects the violations a page sees from its first script on, before the sheet's own.
VIOLATION_LISTENER = """
window.__guidecViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__guidecViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def decode_png(data):
    """The width, height and rows of RGBA bytes of a non-interlaced 8-bit RGB or RGBA PNG, which
    is what Chromium's screenshots are (the standard library has zlib but no image reader)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position = 8
    chunks = []
    width = height = color_type = None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color_type not in (2, 6) or interlace:
                raise ValueError("unsupported PNG: depth %d, colour type %d, interlace %d" % (depth, color_type, interlace))
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    channels = 4 if color_type == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    offset = 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for index in range(stride):
            left = line[index - channels] if index >= channels else 0
            up = previous[index]
            upper_left = previous[index - channels] if index >= channels else 0
            if kind == 1:
                line[index] = (line[index] + left) & 0xFF
            elif kind == 2:
                line[index] = (line[index] + up) & 0xFF
            elif kind == 3:
                line[index] = (line[index] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upper_left))
                predictor = left if distances[0] <= distances[1] and distances[0] <= distances[2] else (
                    up if distances[1] <= distances[2] else upper_left)
                line[index] = (line[index] + predictor) & 0xFF
        if channels == 3:
            rgba = bytearray()
            for index in range(0, stride, 3):
                rgba += line[index:index + 3] + b"\xff"
            rows.append(rgba)
        else:
            rows.append(bytes(line))
        previous = line
    return width, height, rows


class Session:
    def __init__(self, chromium, chromedriver):
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--force-device-scale-factor=1", "--window-size=1400,1200", "--hide-scrollbars",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                         "--disable-background-networking", "--disable-component-update"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(chromedriver))
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": VIOLATION_LISTENER})
        self.url = None

    def logs(self):
        console = [{"level": entry["level"], "message": entry["message"]} for entry in self.driver.get_log("browser")]
        requests = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if url != self.url:
                    requests.append(url)
        violations = self.driver.execute_script("return window.__guidecViolations || [];")
        return {"console": console, "requests": requests, "violations": violations}

    def run(self, step):
        op = step["op"]
        driver = self.driver
        if op == "open":
            self.url = step["url"]
            driver.get(self.url)
            return self.logs()
        if op == "logs":
            return self.logs()
        if op == "select":
            Select(driver.find_element(By.ID, step["id"])).select_by_value(step["value"])
            return {}
        if op == "click":
            driver.find_element(By.ID, step["id"]).click()
            return {}
        if op == "key":
            # The key goes to the page, not to a picker that kept the focus after a choice.
            driver.execute_script("if (document.activeElement) { document.activeElement.blur(); }")
            webdriver.ActionChains(driver).send_keys(KEYS[step["key"]]).perform()
            return {}
        if op == "state":
            return driver.execute_script("""
                var state = document.getElementById("player-state");
                var attributes = {};
                if (state) { Array.prototype.forEach.call(state.attributes, function (a) {
                    if (a.name.indexOf("data-") === 0) { attributes[a.name.slice(5)] = a.value; } }); }
                var buttons = Array.prototype.map.call(document.querySelectorAll("#player-controls button"), function (b) {
                    return [b.id, b.getAttribute("data-control"), b.textContent, b.getAttribute("aria-label")]; });
                var events = Array.prototype.map.call(document.querySelectorAll("#player-events li"), function (li) {
                    return [li.getAttribute("data-event"), li.getAttribute("data-detail")]; });
                var progress = document.getElementById("player-progress");
                var player = document.getElementById("player");
                return {state: attributes, buttons: buttons, events: events,
                        progress: progress ? progress.textContent : null,
                        hidden: player ? player.hidden : null};
            """)
        if op == "pixels":
            target = driver.find_element(By.ID, step["id"])
            width, height, rows = decode_png(target.screenshot_as_png)
            pixels = []
            for x, y in step["points"]:
                column, row = int(x), int(y)
                if 0 <= column < width and 0 <= row < height:
                    pixels.append(list(rows[row][column * 4:column * 4 + 4]))
                else:
                    pixels.append(None)
            return {"size": [width, height], "pixels": pixels}
        raise ValueError("unknown op %r" % op)


def main(arguments):
    chromium, chromedriver, plan_path, report_path = arguments
    with open(plan_path, encoding="utf-8") as file:
        plan = json.load(file)
    session = Session(chromium, chromedriver)
    results = []
    try:
        for step in plan["steps"]:
            try:
                results.append(session.run(step))
            except Exception as error:  # reported for the test to show, and the session goes on
                results.append({"error": "%s: %s" % (type(error).__name__, error)})
    finally:
        session.driver.quit()
    with open(report_path, "w", encoding="utf-8") as file:
        json.dump({"results": results}, file)


if __name__ == "__main__":
    main(sys.argv[1:])
