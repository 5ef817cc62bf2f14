#!/usr/bin/env python3
"""docs/format.md §8.3-8.4 against Chromium's flexbox.

Random hgroups and vgroups (padding, spacing, align; children of fixed, flexible and cross-filling
sizes, some with `alignSelf`, `spaceBefore` and `spaceAfter`) are laid out by `layoutc frames
--format json` and, as the same boxes, by headless Chromium's CSS flexbox, and every child's frame
must agree:

    group                      display: flex; flex-direction: row | column; padding; gap: spacing
    fixed main size N          flex: 0 0 N px
    flexible w (the default)   flex: w w 0px; min-width / min-height: 0
    cross size C, align a      width or height C px; align-self: flex-start | center | flex-end
    no cross size              align-self: stretch (it fills the inner cross extent)
    alignSelf: a               align-self for that child alone
    spaceBefore / spaceAfter   margin-left / margin-right (row), margin-top / margin-bottom (column)

Chromium lays boxes out in 1/64 px units, so frames agree within 1/32 pt. Exits 0 when every
case agrees (a case the format refuses as outOfSpace, where CSS overflows, is skipped); without Chromium, chromedriver or Selenium it prints a notice and exits 0 (1 with
--require-browser).
"""

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile

ALIGN_CSS = {"leading": "flex-start", "center": "center", "trailing": "flex-end"}


def make_case(rng, index):
    """One group of 2-6 children as YAML, and the same boxes as HTML."""
    kind = rng.choice(["hgroup", "vgroup"])
    width, height = rng.choice([320, 390, 411]), rng.choice([200, 240, 300])
    padding = rng.choice([0, 4, 10, 16])
    spacing = rng.choice([0, 2, 8])
    align = rng.choice(["leading", "center", "trailing"])
    children = []
    for c in range(rng.randint(2, 6)):
        child = {"name": f"c{c}"}
        if rng.random() < 0.5:
            child["main"] = rng.choice([10, 24, 30, 44])
        else:
            child["weight"] = rng.choice([1, 1, 2, 3])
        if rng.random() < 0.7:
            child["cross"] = rng.choice([8, 20, 36, 50])
        if rng.random() < 0.4:
            child["alignSelf"] = rng.choice(["leading", "center", "trailing"])
        if rng.random() < 0.4:
            child["spaceBefore"] = rng.choice([2, 5, 12])
        if rng.random() < 0.4:
            child["spaceAfter"] = rng.choice([3, 6, 10])
        children.append(child)
    main_key, cross_key = ("width", "height") if kind == "hgroup" else ("height", "width")
    yaml = [f"layout: F{index}", f"size: [{width}, {height}]", "root:", f"  {kind}: g",
            f"  padding: {padding}", f"  spacing: {spacing}", f"  align: {align}", "  children:"]
    for child in children:
        yaml.append(f"    - item: {child['name']}")
        if "main" in child:
            yaml.append(f"      {main_key}: {child['main']}")
        else:
            yaml.append(f"      flexible: {child['weight']}")
        if "cross" in child:
            yaml.append(f"      {cross_key}: {child['cross']}")
        for key in ("alignSelf", "spaceBefore", "spaceAfter"):
            if key in child:
                yaml.append(f"      {key}: {child[key]}")
    row = kind == "hgroup"
    style = (f"position:absolute;left:0;top:0;box-sizing:border-box;display:flex;"
             f"flex-direction:{'row' if row else 'column'};width:{width}px;height:{height}px;"
             f"padding:{padding}px;gap:{spacing}px;")
    html = [f'<div id="g{index}" style="{style}">']
    for child in children:
        css = []
        if "main" in child:
            css.append(f"flex:0 0 {child['main']}px")
        else:
            css.append(f"flex:{child['weight']} {child['weight']} 0px")
            css.append("min-width:0" if row else "min-height:0")
        if "cross" in child:
            css.append(f"{cross_key}:{child['cross']}px")
            css.append(f"align-self:{ALIGN_CSS[child.get('alignSelf', align)]}")
        else:
            css.append("align-self:stretch")
        before, after = ("margin-left", "margin-right") if row else ("margin-top", "margin-bottom")
        if "spaceBefore" in child:
            css.append(f"{before}:{child['spaceBefore']}px")
        if "spaceAfter" in child:
            css.append(f"{after}:{child['spaceAfter']}px")
        html.append(f'<div data-name="{child["name"]}" style="{";".join(css)}"></div>')
    html.append("</div>")
    return "\n".join(yaml) + "\n", "".join(html), children


def layoutc_frames(layoutc, yaml, folder, index):
    path = f"{folder}/F{index}.layout.yaml"
    with open(path, "w") as f:
        f.write(yaml)
    result = subprocess.run([layoutc, "frames", path, "--format", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr
    frames = json.loads(result.stdout)["layouts"][0]["frames"]
    return {f["name"]: (f["x"], f["y"], f["width"], f["height"]) for f in frames}, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layoutc", default=".build/debug/layoutc")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--require-browser", action="store_true")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    chromedriver = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        chromium = None
    if not chromium or not chromedriver:
        print("flexbox_compare: skipped: Chromium, chromedriver or Selenium is missing")
        return 1 if args.require_browser else 0

    rng = random.Random(args.seed)
    cases = [make_case(rng, index) for index in range(args.count)]
    folder = tempfile.mkdtemp(prefix="layoutc-flexbox-")
    page = f"{folder}/page.html"
    with open(page, "w") as f:
        f.write("<!doctype html><html><body style='margin:0'>" + "".join(html for _, html, _ in cases) + "</body></html>")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=800,600"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        driver.get("file://" + page)
        boxes = driver.execute_script("""
            return [...document.querySelectorAll('body > div')].map((group) => {
                const g = group.getBoundingClientRect();
                const out = {};
                for (const child of group.children) {
                    const r = child.getBoundingClientRect();
                    out[child.dataset.name] = [r.left - g.left, r.top - g.top, r.width, r.height];
                }
                return out;
            });""")
    finally:
        driver.quit()
    passed = failed = skipped = 0
    with_self = with_space = 0
    for index, (yaml, _, children) in enumerate(cases):
        ours, error = layoutc_frames(args.layoutc, yaml, folder, index)
        if ours is None and "[outOfSpace]" in error:
            skipped += 1     # CSS lets the boxes overflow; the format refuses (§4.2)
            continue
        if ours is None:
            failed += 1
            print(f"case {index}: layoutc failed: {error}\n{yaml}")
            continue
        mismatches = [(name, ours[name], boxes[index][name]) for name in boxes[index]
                      if any(abs(a - b) > 1 / 32 for a, b in zip(ours[name], boxes[index][name]))]
        if mismatches:
            failed += 1
            if failed <= 5:
                print(f"case {index} differs:\n{yaml}" + "".join(f"  {n}: layoutc {o}, Chromium {c}\n" for n, o, c in mismatches))
        else:
            passed += 1
        with_self += any("alignSelf" in c for c in children)
        with_space += any("spaceBefore" in c or "spaceAfter" in c for c in children)
    shutil.rmtree(folder, ignore_errors=True)
    print(f"flexbox: {with_self} cases with alignSelf, {with_space} with spaces")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
