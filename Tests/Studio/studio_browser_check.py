#!/usr/bin/env python3
"""The studio's page in a real browser: Debian's Chromium, headless, driven by selenium.

  Tests/Studio/studio_browser_check.py BINARY [--screenshot PNG] [--compare PNG]

The page is opened on a job; the timeline is dragged and stepped with the keys to
several frames, and each time the canvas's pixels are compared with the raw RGBA that
`notchwave frame` writes for that time: equal byte for byte (the frames are opaque; the
page draws straight RGBA with putImageData, which is exact for opaque pixels). An option
is changed in the panel: the frame becomes `notchwave frame` with that option and the
command line shows it. The job file is edited on disk (the page follows), broken (the
page shows the error with its line and column) and fixed. With --screenshot the page is
saved as a picture (docs/studio.md's, made by `make studio-docs`); with --compare PNG the
page in the same state is compared with that picture (at least 32 dB: the documentation's
picture shows the page as it is).
Exit 0 when every check passes."""
import base64
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_common import check, failures, Studio, job_text  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

def wait(condition, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1440,960",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def canvas_frame(driver):
    return driver.execute_script("const c = document.getElementById('frame'); return [c.dataset.frame, c.dataset.generation, c.dataset.output];")


def canvas_pixels(driver):
    data = driver.execute_script("""
        const c = document.getElementById('frame');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let s = ''; const step = 0x8000;
        for (let i = 0; i < d.length; i += step) s += String.fromCharCode.apply(null, d.subarray(i, i + step));
        return btoa(s);""")
    return base64.b64decode(data)


def cli_rgba(studio, preset, frame, extra=()):
    target = os.path.join(studio.folder, "cli.rgba")
    arguments = [studio.binary, "frame", "-t", repr(frame / 30), "--preset", preset, "--scene", "liquid-swipe",
                 "--scene-option", "script=tap.json", "--captions", '[{"text": "Hello", "start": 0.2, "end": 1.0}]',
                 *extra, "-q", "-o", target]
    subprocess.run(arguments, cwd=studio.folder, check=True, capture_output=True)
    with open(target, "rb") as f:
        return f.read()


def main(binary, screenshot, compare):
    studio = Studio(binary)
    driver = None
    try:
        driver = browser()
        run(studio, driver, screenshot, compare)
    finally:
        if driver:
            driver.quit()
        code = studio.stop()
        check(code == 130, "Ctrl-C (SIGINT) ends the studio with exit 130, got %s" % code)
    if failures:
        print("%d studio browser checks failed" % len(failures), file=sys.stderr)
        return 1
    print("studio page: every check passed")
    return 0


def shown(driver, frame, generation=None):
    state = canvas_frame(driver)
    return state[0] == str(frame) and (generation is None or state[1] != generation)


def run(studio, driver, screenshot, compare):
    started = time.time()
    driver.get(studio.url)
    check(wait(lambda: shown(driver, 0), 10) is not None, "the page shows frame 0")
    print("first frame shown %.2f s after the page was asked for" % (time.time() - started))
    ticks = driver.find_elements(By.CSS_SELECTOR, "#ticks .tick")
    check(len(ticks) == 4, "the timeline has the two taps and the caption's start and end as ticks, got %d" % len(ticks))

    # Scrub: a drag on the timeline, the keys, a tick; each frame's pixels are notchwave frame's.
    scrub = driver.find_element(By.ID, "scrub")
    width = scrub.size["width"]
    ActionChains(driver).move_to_element_with_offset(scrub, -width // 2 + 2, 0).click_and_hold() \
        .move_by_offset(width // 4, 0).move_by_offset(width // 4, 0).release().perform()
    target = int(driver.execute_script("return +document.getElementById('scrub').value"))
    check(0 < target < 44, "the drag moved the timeline, to frame %d" % target)
    check(wait(lambda: shown(driver, target)) is not None, "the frame under the pointer (%d) is shown: %s" % (target, canvas_frame(driver)))
    check(canvas_pixels(driver) == cli_rgba(studio, "iphone-se-3", target), "frame %d after a drag is notchwave frame's" % target)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    check(wait(lambda: shown(driver, target + 1)) is not None, "→ shows the next frame")
    check(canvas_pixels(driver) == cli_rgba(studio, "iphone-se-3", target + 1), "frame %d after → is notchwave frame's" % (target + 1))
    right = [t for t in driver.find_elements(By.CSS_SELECTOR, "#ticks .tick") if t.get_attribute("title").startswith("tap right")]
    check(len(right) == 1, "one tick for the right tap")
    right[0].click()
    mark = round(1.1 * 30)
    check(wait(lambda: shown(driver, mark)) is not None, "a tick jumps to its frame (%d): %s" % (mark, canvas_frame(driver)))
    check(canvas_pixels(driver) == cli_rgba(studio, "iphone-se-3", mark), "frame %d at the tap is notchwave frame's" % mark)
    for frame in (0, 44):
        driver.execute_script("const s = document.getElementById('scrub'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));", frame)
        check(wait(lambda: shown(driver, frame)) is not None, "scrubbed to frame %d" % frame)
        check(canvas_pixels(driver) == cli_rgba(studio, "iphone-se-3", frame), "frame %d is notchwave frame's" % frame)

    # Another output keeps the time.
    driver.execute_script("const s = document.getElementById('output'); s.value = 'iphone-x.mp4'; s.dispatchEvent(new Event('change'));")
    check(wait(lambda: canvas_frame(driver)[2] == "iphone-x.mp4" and canvas_frame(driver)[0] == "44") is not None,
          "switching output keeps the frame: %s" % canvas_frame(driver))
    check(canvas_pixels(driver) == cli_rgba(studio, "iphone-x", 44), "iphone-x frame 44 is notchwave frame's")
    driver.execute_script("const s = document.getElementById('output'); s.value = 'iphone-se-3.mp4'; s.dispatchEvent(new Event('change'));")
    wait(lambda: canvas_frame(driver)[2] == "iphone-se-3.mp4")

    # An option in the panel: the frame and the command line follow.
    driver.execute_script("const s = document.getElementById('scrub'); s.value = 6; s.dispatchEvent(new Event('input'));")
    wait(lambda: shown(driver, 6))
    generation = canvas_frame(driver)[1]
    # Typed into the page's number field (the panel is rebuilt once the edit is taken).
    field = driver.find_element(By.CSS_SELECTOR, ".option[data-key='sceneOptions.page'] input[type=text]")
    driver.execute_script("arguments[0].value = ''", field)
    field.send_keys("2", Keys.TAB)
    check(wait(lambda: shown(driver, 6, generation)) is not None, "the edit redraws the frame")
    check("page=2" in driver.find_element(By.ID, "command").text, "the command line shows the edit: %s" % driver.find_element(By.ID, "command").text)
    check(canvas_pixels(driver) == cli_rgba(studio, "iphone-se-3", 6, ("--scene-option", "page=2")), "the edited frame is notchwave frame's with page=2")

    # Play: the frames move on the wall clock.
    driver.find_element(By.ID, "play").click()
    time.sleep(2.5)
    fps = driver.find_element(By.ID, "fps").text
    driver.find_element(By.ID, "play").click()
    print("playback in the headless browser: %s" % fps)
    check(fps.endswith("fps of 30"), "playback reports the frames it shows: %r" % fps)

    # The job file on disk: edited, broken, fixed.
    generation = canvas_frame(driver)[1]
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0))
    check(wait(lambda: driver.find_element(By.ID, "frameCount").text == "30", 3) is not None, "the page follows the edited job file")
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.0).replace('"fps": 30', '"fps": 30,,'))
    error = wait(lambda: driver.find_element(By.ID, "error").text, 3)
    check(error is not None and "job.json" in error and "line 5" in error, "the page shows the broken file's error: %r" % error)
    check(canvas_frame(driver)[0] is not None, "the last good frame stays")
    with open(studio.job, "w") as f:
        f.write(job_text(duration=1.5))
    check(wait(lambda: not driver.find_element(By.ID, "error").is_displayed(), 3) is not None, "fixed, the error goes")
    check(wait(lambda: driver.find_element(By.ID, "frameCount").text == "45", 3) is not None, "and the page follows the file again")

    if screenshot or compare:
        picture = page_picture(studio, driver)
        if screenshot:
            with open(screenshot, "wb") as f:
                f.write(picture)
            print("wrote %s" % screenshot)
        if compare:
            psnr = picture_psnr(picture, compare)
            print("the page against %s: %.1f dB" % (compare, psnr))
            check(psnr >= 32, "docs/studio's picture shows the page as it is (%.1f dB < 32 dB); run make studio-docs" % psnr)


def page_picture(studio, driver):
    """The page as docs/studio.md shows it: a fresh page on iphone-x's output at frame 15,
    the guides and the preview check on, the panel at its top, no edits."""
    studio.request("POST", "/api/reset", body={})
    driver.get(studio.url)
    wait(lambda: shown(driver, 0), 10)
    driver.execute_script("const s = document.getElementById('output'); s.value = 'iphone-x.mp4'; s.dispatchEvent(new Event('change'));")
    wait(lambda: canvas_frame(driver)[2] == "iphone-x.mp4")
    driver.find_element(By.ID, "guidesButton").click()
    driver.find_element(By.ID, "checkButton").click()
    driver.execute_script("const s = document.getElementById('scrub'); s.value = 15; s.dispatchEvent(new Event('input'));")
    wait(lambda: shown(driver, 15))
    wait(lambda: driver.execute_script("const g = document.getElementById('guides'); return g.complete && g.naturalWidth > 0;"))
    wait(lambda: driver.find_element(By.ID, "verdict").text)
    driver.execute_script("document.querySelector('aside').scrollTop = 0; document.activeElement.blur();")
    time.sleep(0.3)
    return driver.get_screenshot_as_png()


def picture_psnr(png, reference):
    """PSNR in dB between two pictures of the same size (decoded by ffmpeg), over RGB."""
    import numpy

    def pixels(source, data=None):
        command = ["ffmpeg", "-v", "error", "-i", "-" if data else source, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        return subprocess.run(command, input=data, capture_output=True, check=True).stdout
    if not os.path.exists(reference):
        return 0.0
    a = numpy.frombuffer(pixels(None, png), dtype=numpy.uint8).astype(numpy.float64)
    b = numpy.frombuffer(pixels(reference), dtype=numpy.uint8).astype(numpy.float64)
    if a.shape != b.shape:
        return 0.0
    mse = numpy.mean((a - b) ** 2)
    return 99.0 if mse == 0 else 10 * numpy.log10(255.0 ** 2 / mse)

if __name__ == "__main__":
    arguments = sys.argv[1:]
    paths = {}
    for flag in ("--screenshot", "--compare"):
        if flag in arguments:
            index = arguments.index(flag)
            paths[flag] = os.path.abspath(arguments[index + 1])
            del arguments[index:index + 2]
    sys.exit(main(arguments[0], paths.get("--screenshot"), paths.get("--compare")))
