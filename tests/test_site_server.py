"""build.py's local server answers with GitHub Pages' caching headers: the browser tests and the
benchmarks see the caching a visitor of the published site gets."""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def served(tmp_path: Path, build: ModuleType) -> Iterator[tuple[Path, str]]:
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "app.js").write_text("export {};")
    server = build.make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url: str, etag: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:  # urllib raises on a 304
        return error.code, dict(error.headers), b""


def test_files_may_be_kept_ten_minutes_then_are_revalidated(served: tuple[Path, str]) -> None:
    site, url = served
    status, headers, body = get(f"{url}app.js")
    assert (status, headers["Cache-Control"], body) == (200, "max-age=600", b"export {};")
    assert get(f"{url}app.js", headers["ETag"])[0] == 304
    (site / "app.js").write_text("export const changed = 1;")
    status, changed, body = get(f"{url}app.js", headers["ETag"])
    assert (status, body) == (200, b"export const changed = 1;")
    assert changed["ETag"] != headers["ETag"]


def test_the_site_itself_is_the_index_page(served: tuple[Path, str]) -> None:
    _, url = served
    status, headers, body = get(url)
    assert (status, body) == (200, b"<!doctype html>")
    assert get(f"{url}?pace=0", headers["ETag"])[0] == 304


def test_a_visitor_leaving_mid_file_is_no_error(served: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    """A client that resets the connection while a large file is sent: the server writes no traceback
    and goes on answering."""
    site, url = served
    (site / "big.bin").write_bytes(b"x" * 20_000_000)
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port))) as client:
        client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        client.recv(1000)  # the answer has begun
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
    time.sleep(0.5)  # the server meets the reset on its next writes
    assert get(f"{url}app.js")[0] == 200
    assert "Traceback" not in capsys.readouterr().err
