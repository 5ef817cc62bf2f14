#!/usr/bin/env python3
"""End-to-end test of `layoutc serve` in a real browser (headless Chromium through Selenium).

Starts `layoutc serve` on a temporary folder, opens the page, moves the width slider and checks
the frames drawn against `layoutc frames --format json` at that width, edits the file and checks
the page redraws with the new frame within a second, toggles right-to-left and a hidden node,
and shows a size where the layout does not fit. Then a layout with `fit: height`, a wrap item and
a shrink child (docs/format.md §7): a wrap item's slider redraws its lines and the shrunk child,
and the canvas takes the fitted height as the width slider moves. A content item starts from
the first sample of `.layoutlint.yml`, so a correct layout opens without an error; the canvas is
zoomed to fit the window (a 390×844 phone in a 1500×957 window) with 1:1 as an option, and the
red caption of a size that does not fit covers no drag handle; Ctrl-C with the page open stops
the server promptly. Screenshots of five states go to --screenshots.

Prints a notice and exits 0 when Chromium, chromedriver or Selenium is missing (a developer's
run); with --require-browser (CI) a missing browser is a failure, exit status 1. Ends with the
line `N passed, N failed`; the exit status is 1 when any check failed.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

LAYOUT = """layout Card (size: 390x600, safeArea: 20 0 0 0) {
  vgroup screen .safeArea (padding: 16, spacing: 8) {
    hgroup header .height(44) (spacing: 8) {
      item avatar .size(AVATAR, 44)
      item title
      item badge optional .size(30, 30)
    }
    flow tags .height(.fit) {
      item first .size(80, 30)
      item chip[6] .size(60, 30)
    }
    spacer
  }
}
"""


# docs/format.md §8.1, §8.7, §8.2: a parameter's field, a flag's checkbox and the scale.
HEADER = """layout Header (size: 300x80) {
  param inset = 16
  hgroup header (padding: [8, $inset, 8, $inset], spacing: 10) {
    item title
    item button .width(64) .when(flag: hasButton)
  }
}
"""


CHIPS = """layout Chips (size: 300x400) {
  vgroup screen (padding: 16, spacing: 8) {
    item avatar dynamic
    flow tags .height(.fit) {
      item first .size(80, 30)
      item extra dynamic
    }
    spacer
  }
}
"""


# docs/format.md §7.1–7.3: the message wraps, the name wraps and gives way beside the time, and
# the layout's height is its own.
CHAT_ROW = """layout: ChatRow
size: [390, 0]
fit: height
root:
  vgroup: row
  padding: 12
  spacing: 4
  children:
    - hgroup: top
      height: fit
      spacing: 8
      children:
        - item: name
          dynamic: wrap
          shrink: 1
        - item: time
          width: 60
    - item: message
      dynamic: wrap
"""

# At 120x44, the page's default content size, the label does not fit; at its first sample it does.
LABEL = """layout Label (size: 160x60) {
  hgroup row (padding: 10, spacing: 8) {
    item icon .size(40, 40)
    item label dynamic
  }
}
"""

# The message's first sample text is where the page starts it (the name has none: 200x20); the
# label's first sample size is where its field starts.
LINT_CONFIGURATION = """wrap:
  message: [[700, 18], [2000, 18]]
sizes:
  label: [[80, 20], [90, 20]]
"""

# The red caption of a size that does not fit, and whether it overlaps a drag handle (their
# boxes on the screen).
CAPTION_AND_HANDLES = """
    const caption = document.querySelector('#canvas .fault-message');
    if (!caption) return null;
    const c = caption.getBoundingClientRect();
    const overlapping = [...document.querySelectorAll('#canvas .handle')].filter((h) => {
        const r = h.getBoundingClientRect();
        return r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom; });
    return [caption.textContent, overlapping.length, document.querySelectorAll('#canvas .handle').length];"""


def find_browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return None, None, "Selenium is not installed (pip install selenium)"
    if not chromium or not driver:
        return None, None, "Chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
    return chromium, driver, None


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}")
        return ok


def cli_frames(layoutc, path, width, height, extra=()):
    return cli_layout(layoutc, path, width, height, extra)[0]


def cli_layout(layoutc, path, width, height, extra=()):
    """The frames `layoutc frames` prints, and the container size (the fitted one for `fit`)."""
    out = subprocess.run([layoutc, "frames", path, "--size", f"{width}x{height}", "--format", "json", *extra],
                         capture_output=True, text=True, timeout=60)
    document = json.loads(out.stdout)
    layout = document["layouts"][0]
    return {f["name"]: (f["x"], f["y"], f["width"], f["height"]) for f in layout["frames"]}, (layout["size"]["width"], layout["size"]["height"])


def drawn_frames(driver):
    rects = driver.execute_script("""
        return [...document.querySelectorAll('#canvas rect[data-name]')].map(r => [r.dataset.name,
            +r.dataset.x, +r.dataset.y, +r.dataset.width, +r.dataset.height]);""")
    return {name: (x, y, w, h) for name, x, y, w, h in rects}


def same_frames(drawn, expected):
    """Every frame `layoutc frames` prints is drawn at the same place (within 0.01 pt); anonymous
    groups the page also draws are not in the CLI's table and are not compared."""
    problems = []
    for name, rect in expected.items():
        got = drawn.get(name)
        if got is None:
            problems.append(f"{name} not drawn")
        elif any(abs(a - b) > 0.01 for a, b in zip(got, rect)):
            problems.append(f"{name}: drawn {got}, frames says {rect}")
    extra = sorted(set(drawn) - set(expected))
    if extra:
        problems.append(f"drawn but not in frames: {extra}")
    return problems


def wait_for(driver, condition, timeout):
    """Polls the page (the test, not the page, polls) until `condition` holds; the seconds taken or None."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if driver.execute_script(f"return !!({condition});"):
            return time.monotonic() - start
        time.sleep(0.02)
    return None


def set_range(driver, element_id, value, let_go=False):
    """Moves a slider as a drag does (`input`); `let_go` also releases it (`change`)."""
    driver.execute_script("""
        const input = document.getElementById(arguments[0]);
        input.value = String(arguments[1]);
        input.dispatchEvent(new Event('input', {bubbles: true}));
        if (arguments[2]) input.dispatchEvent(new Event('change', {bubbles: true}));""", element_id, value, let_go)


def check_hover_after_redraw(driver, checks, expect_node):
    """The hover box follows a redraw: the hovered avatar at its new frame, or the hint."""
    info = driver.execute_script("return document.getElementById('hover-info').textContent")
    drawn = driver.execute_script(
        "const r = Array.from(document.querySelectorAll('#canvas rect[data-name]')).find((r) => r.dataset.name === 'avatar');"
        " return r ? [r.dataset.x, r.dataset.y, r.dataset.width, r.dataset.height] : null")
    if expect_node:
        def js(value):
            v = round(float(value) * 100) / 100
            return str(int(v)) if v.is_integer() else repr(v)
        now = f"avatar · item · x {js(drawn[0])}, y {js(drawn[1])}, {js(drawn[2])} × {js(drawn[3])} · line 4" if drawn else "(no avatar drawn)"
        checks.check("after a redraw the hover box shows the node's new frame", info == now, f"{info!r} != {now!r}")
    else:
        checks.check("after a redraw without the node the hover box shows the hint",
                     drawn is None and info.startswith("Hover a frame"), f"{info!r}, avatar drawn: {drawn}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layoutc", default=".build/debug/layoutc")
    parser.add_argument("--screenshots", default=None, help="folder for the three screenshots")
    parser.add_argument("--require-browser", action="store_true",
                        help="fail (exit 1) instead of skipping when Chromium, chromedriver or Selenium is missing")
    args = parser.parse_args()

    chromium, chromedriver, missing = find_browser()
    if missing and args.require_browser:
        print(f"error: the browser test of layoutc serve cannot run: {missing}")
        print("0 passed, 1 failed")
        return 1
    if missing:
        print(f"notice: the browser test of layoutc serve is skipped: {missing}")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    layoutc = os.path.abspath(args.layoutc)
    checks = Checks()
    folder = tempfile.mkdtemp(prefix="layoutc-serve-e2e-")
    path = os.path.join(folder, "Card.layout")
    with open(path, "w") as f:
        f.write(LAYOUT.replace("AVATAR", "44"))
    chips = os.path.join(folder, "Chips.layout")
    with open(chips, "w") as f:
        f.write(CHIPS)
    chat = os.path.join(folder, "ChatRow.layout.yaml")
    with open(chat, "w") as f:
        f.write(CHAT_ROW)
    label = os.path.join(folder, "Label.layout")
    with open(label, "w") as f:
        f.write(LABEL)
    with open(os.path.join(folder, "Video.layout"), "w") as f:
        f.write("layout Video (size: 320x180) {\n  overlay player {\n    item image\n    item playButton .size(56, 56) .center\n  }\n}\n")
    header = os.path.join(folder, "Header.layout")
    with open(header, "w") as f:
        f.write(HEADER)
    with open(os.path.join(folder, "Tokens.layout.yaml"), "w") as f:
        f.write("constants:\n  gutter: 16\n")
    with open(os.path.join(folder, ".layoutlint.yml"), "w") as f:
        f.write(LINT_CONFIGURATION)
    server = subprocess.Popen([layoutc, "serve", folder, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    driver = None
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not checks.check("server prints its address", match is not None, repr(line)):
            return 1
        url = f"http://127.0.0.1:{match.group(1)}/"

        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1400,1300"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        driver.set_script_timeout(10)
        driver.get(url + "#Card.layout")

        checks.check("page draws the layout at its own size",
                     wait_for(driver, "+document.getElementById('status').dataset.version >= 1 && document.querySelector('#canvas rect[data-name=avatar]')", 10) is not None)
        checks.check("the file list shows the file", "Card.layout" in driver.find_element(By.ID, "files").text)
        checks.check("the file list marks the tokens file as constants, and only it",
                     driver.execute_script("return [...document.querySelectorAll('#files a')].filter((a) => a.querySelector('.file-kind')).map((a) => a.dataset.file)")
                     == ["Tokens.layout.yaml"])
        # 13 devices in portrait and landscape, and the layout's own size (as layoutc lint has them).
        checks.check("device matrix drawn, portrait and landscape",
                     wait_for(driver, "document.querySelectorAll('#matrix figure').length === 27", 10) is not None,
                     driver.execute_script("return document.querySelectorAll('#matrix figure').length"))

        # Issue 43 item 8: the width slider was 135 px for 0–1400 pt (10 pt a pixel) in the
        # sidebar; it spans the canvas column now: at most 2 pt a pixel in a 1400 px window.
        slider_width = driver.execute_script("return document.getElementById('width').getBoundingClientRect().width")
        checks.check("the width slider is at least 700 px wide (0–1400 pt, at most 2 pt a pixel)",
                     slider_width >= 700, f"{slider_width} px")

        # The width slider: frames at 300 pt equal `layoutc frames` at 300x600.
        set_range(driver, "width", 300)
        waited = wait_for(driver, "document.getElementById('canvas').dataset.width === '300'", 5)
        checks.check("width slider redraws", waited is not None)
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, path, 300, 600))
        checks.check("frames at width 300 match layoutc frames", not problems, "; ".join(problems))
        if args.screenshots:
            driver.save_screenshot(os.path.join(args.screenshots, "serve-slider.png"))

        # Live reload: a save redraws within a second, the controls (width 300) kept.
        version = driver.execute_script("return +document.getElementById('status').dataset.version")
        with open(path, "w") as f:
            f.write(LAYOUT.replace("AVATAR", "60"))
        waited = wait_for(driver, "(() => { const r = document.querySelector('#canvas rect[data-name=avatar]'); return r && r.dataset.width === '60'; })()", 5)
        checks.check("a save redraws within a second", waited is not None and waited < 1.0, f"took {waited}")
        checks.check("the reload keeps the slider's width", driver.execute_script("return document.getElementById('canvas').dataset.width") == "300")
        checks.check("the reload redrew the page (no navigation)", driver.execute_script("return +document.getElementById('status').dataset.version") > version)
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, path, 300, 600))
        checks.check("frames after the edit match layoutc frames", not problems, "; ".join(problems))

        # Right to left.
        driver.find_element(By.ID, "rtl").click()
        checks.check("rtl redraws", wait_for(driver, "document.getElementById('canvas').dataset.direction === 'rtl'", 5) is not None)
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, path, 300, 600, ["--direction", "rtl"]))
        checks.check("rtl frames match layoutc frames --direction rtl", not problems, "; ".join(problems))

        # Hide the optional badge.
        driver.find_element(By.ID, "hide-badge").click()
        checks.check("hiding a node redraws", wait_for(driver, "!document.querySelector('#canvas rect[data-name=badge]')", 5) is not None)
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, path, 300, 600, ["--direction", "rtl", "--hide", "badge"]))
        checks.check("hidden-node frames match layoutc frames --hide badge", not problems, "; ".join(problems))
        # Hover shows name, kind, frame and line.
        webdriver.ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "#canvas rect[data-name=avatar]")).perform()
        info = driver.find_element(By.ID, "hover-info").text
        checks.check("hover shows the node", "avatar · item" in info and "line 4" in info, info)
        if args.screenshots:
            driver.save_screenshot(os.path.join(args.screenshots, "serve-rtl-hidden.png"))

        # Wider, with the pointer moved off the canvas: the hover box shows the last hovered
        # node's new frame (not its old one).
        webdriver.ActionChains(driver).move_to_element(driver.find_element(By.ID, "hover-info")).perform()
        set_range(driver, "width", 340)
        checks.check("a wider size redraws", wait_for(driver, "document.getElementById('canvas').dataset.width === '340'", 5) is not None)
        check_hover_after_redraw(driver, checks, expect_node=True)

        # Too narrow: the error inline, the node at fault outlined, the diagnostic linking to its line.
        set_range(driver, "width", 100)
        checks.check("a size that does not fit shows the error",
                     wait_for(driver, "document.querySelector('#canvas rect.at-fault') && document.querySelector('#diagnostics li.error')", 5) is not None)
        check_hover_after_redraw(driver, checks, expect_node=False)
        text = driver.find_element(By.ID, "diagnostics").text
        expected = f"{path}:9:7: error: item 'first' is 80 pt wide but flow 'tags' has 68 pt for a line at 100×600 [outOfSpace]"
        checks.check("the diagnostic is the command line's", expected in text, text)
        caption = driver.execute_script(CAPTION_AND_HANDLES)
        checks.check("the red caption says the error and covers no drag handle",
                     caption is not None and "item 'first' is 80 pt wide" in caption[0] and caption[1] == 0 and caption[2] == 3, caption)
        if args.screenshots:
            driver.save_screenshot(os.path.join(args.screenshots, "serve-error.png"))
        driver.find_element(By.CSS_SELECTOR, "#diagnostics li.error a").click()
        checks.check("the diagnostic's link marks its line",
                     wait_for(driver, "document.querySelector('#source .line.highlight')?.dataset.line === '9'", 3) is not None)

        # Another file, with dynamic items: a content size and a flow's element sizes.
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Chips.layout']").click()
        checks.check("choosing a file draws it",
                     wait_for(driver, "document.querySelector('#canvas rect[data-name=\"extra[0]\"]') && document.getElementById('sizes-avatar')", 5) is not None)
        for element_id, value in (("sizes-avatar", "150x50"), ("sizes-extra", "90x30, 60x40, 120x30")):
            field = driver.find_element(By.ID, element_id)
            field.clear()
            field.send_keys(value)
        waited = wait_for(driver, "(() => { const r = document.querySelector('#canvas rect[data-name=\"extra[2]\"]'); const a = document.querySelector('#canvas rect[data-name=avatar]');"
                                  " return r && r.dataset.width === '120' && a && a.dataset.width === '150'; })()", 5)
        checks.check("typed dynamic sizes redraw", waited is not None)
        # The direction is the page's, kept across files (still right to left here).
        checks.check("the direction stays across files", driver.find_element(By.ID, "rtl").is_selected())
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, chips, 300, 400, ["--direction", "rtl", "--sizes", "avatar=150x50",
                                                                                          "--sizes", "extra=90x30,60x40,120x30"]))
        checks.check("dynamic-size frames match layoutc frames --sizes", not problems, "; ".join(problems))

        # docs/format.md §7: a fitted layout with wrap items and a shrink child.
        driver.find_element(By.ID, "rtl").click()  # back to left to right
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='ChatRow.layout.yaml']").click()
        checks.check("a layout with wrap items gets a slider per wrap item",
                     wait_for(driver, "document.getElementById('wrap-name') && document.getElementById('wrap-message')"
                                      " && document.querySelector('#canvas g.wrap-lines[data-node=message]')"
                                      " && document.getElementById('canvas').dataset.direction === 'ltr'", 5) is not None)
        starts = driver.execute_script("return [document.getElementById('wrap-name').value, document.getElementById('wrap-name-line').value,"
                                       " document.getElementById('wrap-message').value, document.getElementById('wrap-message-line').value]")
        checks.check("wrap items start from the first sample of .layoutlint.yml, else 200x20", starts == ["200", "20", "700", "18"], starts)
        checks.check("the fitted axis's slider is disabled", driver.execute_script(
            "return document.getElementById('height').disabled && !document.getElementById('width').disabled"))

        # The name's one-line width slider: 400 pt of name beside the time wraps and gives way.
        set_range(driver, "wrap-name", 400, let_go=True)
        waited = wait_for(driver, "(() => { const g = document.querySelector('#canvas g.wrap-lines[data-node=name]');"
                                  " return g && g.dataset.lines === '2' && document.querySelector('#canvas rect.shrunk[data-node=name]'); })()", 5)
        checks.check("the wrap slider redraws the item's lines and marks the shrunk child", waited is not None)
        texts = ["--wrap", "name=400x20", "--wrap", "message=700x18"]
        frames, size = cli_layout(layoutc, chat, 390, 0, texts)
        problems = same_frames(drawn_frames(driver), frames)
        checks.check("wrap frames match layoutc frames --wrap", not problems, "; ".join(problems))
        shrunk = driver.execute_script("const r = document.querySelector('#canvas rect.shrunk[data-node=name]');"
                                       " return [+r.getAttribute('width'), +r.dataset.unshrunkWidth]")
        checks.check("the shrunk outline has the frame and the unshrunk width", shrunk == [frames["name"][2], 400], shrunk)
        canvas_height = driver.execute_script("return +document.getElementById('canvas').dataset.height")
        checks.check("the canvas takes the fitted height", canvas_height == size[1], f"{canvas_height} != {size[1]}")
        # Letting go of the slider redraws the device matrix with that text, each at its fitted height.
        _, se_size = cli_layout(layoutc, chat, 375, 0, texts)
        caption = f"iPhone SE (3rd generation) portrait · 375×{se_size[1]:g} (height fitted)"
        checks.check("the device matrix follows the wrap slider, at fitted heights",
                     wait_for(driver, f"document.querySelector('#matrix figcaption')?.textContent === {json.dumps(caption)}", 5) is not None,
                     driver.execute_script("return document.querySelector('#matrix figcaption')?.textContent"))

        # Narrower: the name and the message wrap into more lines; the height follows.
        set_range(driver, "width", 300)
        frames, size = cli_layout(layoutc, chat, 300, 0, texts)
        waited = wait_for(driver, f"document.getElementById('canvas').dataset.width === '300' && +document.getElementById('canvas').dataset.height === {size[1]}", 5)
        checks.check("the fitted height follows the width slider", waited is not None,
                     driver.execute_script("return document.getElementById('canvas').dataset.height"))
        output = driver.find_element(By.ID, "height-value").text
        checks.check("the height slider shows the fitted height", output == f"{size[1]:g} (fitted)", output)
        problems = same_frames(drawn_frames(driver), frames)
        checks.check("fitted frames at width 300 match layoutc frames", not problems, "; ".join(problems))
        if args.screenshots:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(args.screenshots, "serve-wrap-fit.png"))

        # A content size starts from the first sample of .layoutlint.yml: the label opens without an error.
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Label.layout']").click()
        checks.check("a layout with a sampled content item opens",
                     wait_for(driver, "document.getElementById('sizes-label') && document.querySelector('#canvas rect[data-name=label]')", 5) is not None)
        start = driver.execute_script("return document.getElementById('sizes-label').value")
        checks.check("a content size starts from the first sample of .layoutlint.yml", start == "80x20", start)
        errors = driver.execute_script("return [...document.querySelectorAll('#diagnostics li.error')].map((li) => li.textContent)")
        checks.check("a correct layout opens without an error", errors == [], errors)
        problems = same_frames(drawn_frames(driver), cli_frames(layoutc, label, 160, 60, ["--sizes", "label=80x20"]))
        checks.check("the sampled frames match layoutc frames --sizes", not problems, "; ".join(problems))

        # Issue 43 item 8: sizes typed into the controls were lost on switching files.
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Chips.layout']").click()
        waited = wait_for(driver, "(() => { const a = document.querySelector('#canvas rect[data-name=avatar]');"
                                  " return document.getElementById('sizes-avatar')?.value === '150x50' && a && a.dataset.width === '150'"
                                  " && document.getElementById('sizes-extra')?.value === '90x30, 60x40, 120x30'; })()", 5)
        checks.check("sizes typed into a file's controls are kept after opening another file and coming back", waited is not None,
                     driver.execute_script("return [document.getElementById('sizes-avatar')?.value, document.getElementById('sizes-extra')?.value]"))

        # A tokens file (constants alone) says it has nothing to draw, not "no layout" beside "No diagnostics".
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Tokens.layout.yaml']").click()
        waited = wait_for(driver, "document.getElementById('canvas-title').textContent === 'constants only: no layout to draw'", 5)
        checks.check("a tokens file is titled as constants with no layout to draw", waited is not None,
                     driver.execute_script("return document.getElementById('canvas-title').textContent"))
        said = driver.execute_script("return document.querySelector('#diagnostics li.none')?.textContent")
        checks.check("a tokens file's diagnostics say the constants are valid", said == "No diagnostics: the constants are valid.", said)

        # Issue 43 item 8: an item centred over another (a play button over the video) had its
        # label drawn on the other's.
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Video.layout']").click()
        wait_for(driver, "document.querySelector('#canvas rect[data-name=playButton]')", 5)
        boxes = driver.execute_script(
            "const t = [...document.querySelectorAll('#canvas text')].filter((e) => e.textContent === 'image' || e.textContent === 'playButton');"
            " return t.map((e) => { const b = e.getBBox(); return [e.textContent, b.x, b.y, b.width, b.height]; })")
        apart = len(boxes) == 2 and not (boxes[0][1] < boxes[1][1] + boxes[1][3] and boxes[1][1] < boxes[0][1] + boxes[0][3]
                                         and boxes[0][2] < boxes[1][2] + boxes[1][4] and boxes[1][2] < boxes[0][2] + boxes[0][4])
        checks.check("the labels of an item centred over another are both drawn, apart", apart, boxes)

        # Parameters, flags and the pixel grid (docs/format.md §8.1, §8.7, §8.2): a field per
        # parameter, a checkbox per flag, the scale; frames as the command gives them.
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Header.layout']").click()
        wait_for(driver, "document.querySelector('#canvas rect[data-name=title]') && document.getElementById('param-inset')", 5)
        checks.check("a parameter's field starts at its default",
                     driver.execute_script("return document.getElementById('param-inset').value") == "16")
        driver.find_element(By.ID, "flag-hasButton").click()
        checks.check("a flag's checkbox redraws with the flag on", wait_for(driver, "document.querySelector('#canvas rect[data-name=button]')", 5) is not None)
        field = driver.find_element(By.ID, "param-inset")
        field.clear()
        field.send_keys("7.3")
        driver.execute_script("const s = document.getElementById('scale'); s.value = '3'; s.dispatchEvent(new Event('change'));")
        waited = wait_for(driver, "(() => { const r = document.querySelector('#canvas rect[data-name=title]'); return r && r.dataset.x === String(22 / 3); })()", 5)
        expected = cli_frames(layoutc, header, 300, 80, ["--flag", "hasButton", "--param", "inset=7.3", "--scale", "3"])
        problems = same_frames(drawn_frames(driver), expected)
        checks.check("frames with a parameter, a flag and a scale match layoutc frames --param --flag --scale",
                     waited is not None and not problems, "; ".join(problems) or "no redraw")
        field.clear()
        field.send_keys("-2")
        checks.check("a value that fails a check shows the error at its reference",
                     wait_for(driver, "document.getElementById('diagnostics').textContent.includes('not the negative -2')", 5) is not None,
                     driver.find_element(By.ID, "diagnostics").text)
        field.clear()
        field.send_keys("16")
        driver.execute_script("const s = document.getElementById('scale'); s.value = ''; s.dispatchEvent(new Event('change'));")

        # Zoom: in a 1500×957 window a 390×844 phone fits the canvas box; 1:1 draws a point a pixel.
        driver.set_window_size(1500, 957)
        driver.find_element(By.CSS_SELECTOR, "#files a[data-file='Card.layout']").click()
        wait_for(driver, "document.querySelector('#canvas rect[data-name=avatar]')", 5)
        set_range(driver, "width", 390)
        set_range(driver, "height", 844)
        wait_for(driver, "document.getElementById('canvas').dataset.height === '844'", 5)
        fitting = driver.execute_script("""
            const box = document.getElementById('canvas-scroll'), canvas = document.getElementById('canvas');
            const b = box.getBoundingClientRect(), c = canvas.getBoundingClientRect();
            const screen = canvas.querySelector('rect.screen').getBoundingClientRect();
            return [+canvas.dataset.scale, box.scrollHeight <= box.clientHeight + 1, c.bottom <= b.bottom + 1, screen.height,
                    document.getElementById('zoom').value, document.getElementById('zoom-value').textContent];""")
        checks.check("zoomed to fit by default: a 390×844 phone fits a 1500×957 window",
                     fitting[0] < 1 and fitting[1] and fitting[2] and abs(fitting[3] - 844 * fitting[0]) < 1.5 and fitting[4] == "fit"
                     and fitting[5] == f"{round(fitting[0] * 100)}%", fitting)
        if args.screenshots:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(args.screenshots, "serve-zoom-fit.png"))
        # Dragging the right edge's handle while zoomed: the width follows the pointer in points.
        scale = fitting[0]
        handle = driver.find_element(By.CSS_SELECTOR, "#canvas .handle-x")
        webdriver.ActionChains(driver).click_and_hold(handle).move_by_offset(64, 0).release().perform()
        dragged = wait_for(driver, "document.getElementById('canvas').dataset.width !== '390'", 5)
        width = driver.execute_script("return +document.getElementById('canvas').dataset.width")
        checks.check("zoomed, dragging the edge handle 64 px widens the container by 64 px at the scale",
                     dragged is not None and abs(width - (390 + 64 / scale)) <= 2, f"width {width}, expected {390 + 64 / scale:.0f}")
        set_range(driver, "width", 100)
        checks.check("zoomed, a size that does not fit shows the error",
                     wait_for(driver, "document.querySelector('#canvas .fault-message')", 5) is not None)
        caption = driver.execute_script(CAPTION_AND_HANDLES)
        checks.check("zoomed, the red caption covers no drag handle", caption is not None and caption[1] == 0 and caption[2] == 3, caption)
        set_range(driver, "width", 390)
        wait_for(driver, "!document.querySelector('#canvas .fault-message')", 5)
        driver.execute_script("const z = document.getElementById('zoom'); z.value = '1'; z.dispatchEvent(new Event('change'));")
        actual = driver.execute_script("""
            const canvas = document.getElementById('canvas');
            const screen = canvas.querySelector('rect.screen').getBoundingClientRect();
            return [canvas.dataset.scale, screen.width, screen.height, document.getElementById('zoom-value').textContent];""")
        checks.check("1:1 draws one point a pixel", actual[0] == "1" and abs(actual[1] - 390) < 1.5 and abs(actual[2] - 844) < 1.5
                     and actual[3] == "100%", actual)

        # Ctrl-C with a page open stops the server promptly, by its signal.
        started = time.monotonic()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        took = time.monotonic() - started
        print(f"note: Ctrl-C stopped layoutc serve in {took * 1000:.0f} ms with a page open")
        checks.check("Ctrl-C stops the server promptly (well under 3 s) by SIGINT", server.returncode == -signal.SIGINT and took < 1.5,
                     f"status {server.returncode} after {took:.2f} s")
    except Exception as error:  # a browser or driver failure is a failed check, not a crash
        checks.check("browser session", False, repr(error))
    finally:
        if driver is not None:
            driver.quit()
        if server.poll() is None:
            server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
