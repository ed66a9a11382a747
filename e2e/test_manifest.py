"""The web app manifest passes Chromium's own install check: Chromium parses it without an error and
finds nothing that keeps the site from being installed (the DevTools protocol's getAppManifest and
getInstallabilityErrors), it names the app and where it starts and lives, and each icon it lists is
served, is a PNG and is the size it claims: 192 and 512 pixels for any use and for a maskable one."""

from __future__ import annotations

from typing import Any

from driver import open_site
from playwright.sync_api import Page

# What a browser shows and installs: a standalone window, a launcher icon at both sizes Chromium asks
# for, and a maskable one that a launcher can crop to its own shape
APP_FIELDS = ("name", "short_name", "start_url", "scope", "display")
ICON_SIZES = {("any", "192x192"), ("any", "512x512"), ("maskable", "192x192"), ("maskable", "512x512")}

# Each icon loaded as the page would: its content type and the size the browser decodes
ICON_CHECK = """async (icons) => Promise.all(icons.map(async (icon) => {
  const response = await fetch(icon.src);
  const bitmap = await createImageBitmap(await response.blob());
  return {src: icon.src, ok: response.ok, type: response.headers.get("content-type"),
          size: `${bitmap.width}x${bitmap.height}`};
}))"""


def test_the_manifest_passes_chromiums_install_check(page: Page, site_url: str) -> None:
    # the page's profile is on disk (conftest's visitor contexts): in an incognito one Chromium
    # refuses every install ("in-incognito"), whatever the manifest says
    open_site(page, site_url)
    devtools = page.context.new_cdp_session(page)
    found = devtools.send("Page.getAppManifest")
    assert found["url"] == f"{site_url}manifest.webmanifest"
    assert found["errors"] == [], found["errors"]
    assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    manifest: dict[str, Any] = page.evaluate("async () => (await fetch('manifest.webmanifest')).json()")
    assert all(manifest.get(field) for field in APP_FIELDS), manifest
    assert manifest["display"] in {"standalone", "fullscreen", "minimal-ui"}
    assert manifest["start_url"] == manifest["scope"] == "./"
    icons = manifest["icons"]
    assert {(icon["purpose"], icon["sizes"]) for icon in icons} == ICON_SIZES
    served = page.evaluate(ICON_CHECK, icons)
    assert served == [{"src": icon["src"], "ok": True, "type": icon["type"], "size": icon["sizes"]}
                      for icon in icons]
