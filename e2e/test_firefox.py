"""The site in a second engine: Firefox ESR plays the built site (e2e/firefox_smoke.mjs, driven by
puppeteer-core over WebDriver BiDi): the picker, a few moves of each game, a reload resuming each, an
embedded example stepped through. Skipped, saying why, where Firefox ESR is not installed (./dev test
installs Debian's firefox-esr where apt-get can)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent
FIREFOX = Path("/usr/bin/firefox-esr")
# The smoke test takes one to three minutes; its own waits give up after two minutes each, so this
# bound is met only by a Firefox that hangs outright.
LIMIT_SECONDS = 900


@pytest.mark.skipif(not FIREFOX.exists(), reason=f"Firefox ESR is not installed ({FIREFOX})")
def test_the_site_plays_in_firefox(site_url: str) -> None:
    smoke = subprocess.Popen(["node", str(E2E / "firefox_smoke.mjs"), site_url, str(FIREFOX)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        output, _ = smoke.communicate(timeout=LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        smoke.terminate()  # puppeteer closes Firefox on SIGTERM
        try:
            output, _ = smoke.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            smoke.kill()
            output, _ = smoke.communicate()
        pytest.fail(f"the Firefox smoke test did not finish in {LIMIT_SECONDS} s:\n{output}")
    print(output)  # what was checked, shown with -s or when the test fails
    assert smoke.returncode == 0, f"the Firefox smoke test failed:\n{output}"
