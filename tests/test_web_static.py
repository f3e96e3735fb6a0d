"""The browser's files: inside the package, no build step, no URL of another host anywhere,
at most 1 MB together, and no inline script (the CSP forbids it)."""

from __future__ import annotations

import re
from pathlib import Path

import okgin.web

STATIC = Path(okgin.web.__file__).with_name("static")
#: Namespace names, not addresses: nothing is fetched from them.
NAMESPACES = {"http://www.w3.org/2000/svg"}
URL = re.compile(r"""(?:https?:|wss?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"'`)]*""")


def test_every_asset_is_small_and_names_no_other_host() -> None:
    files = sorted(p for p in STATIC.rglob("*") if p.is_file())
    assert {p.name for p in files} >= {"index.html", "table.html", "table.js", "style.css"}
    total = sum(p.stat().st_size for p in files)
    assert total <= 1_000_000, f"the assets are {total} bytes"
    for path in files:
        text = path.read_text(encoding="utf-8")
        urls = {m.group(0) for m in URL.finditer(text)} - NAMESPACES
        assert not urls, f"{path.name} names {sorted(urls)}"


def test_pages_have_no_inline_script_or_style() -> None:
    for path in STATIC.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{path.name}: inline script {tag}"
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", text), path.name
        assert " style=" not in text and "<style" not in text, path.name
        assert not re.search(r"\son[a-z]+=", text), f"{path.name}: an inline handler"


def test_the_url_check_finds_an_address() -> None:
    assert URL.search('import x from "https://cdn.example.com/x.js"')
    assert URL.search("url(//fonts.example.org/a.woff)")
