"""GET /play serves the web table: static files of this server only, kept out of the spec."""


def test_play_serves_the_page_and_its_modules(client):
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b'src="/play/app.js"' in page.data
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    for name, mimetype in (("app.js", "text/javascript"), ("api.js", "text/javascript"),
                           ("boards.js", "text/javascript"), ("plot_twist.js", "text/javascript"),
                           ("words.js", "text/javascript"), ("play.css", "text/css")):
        asset = client.get(f"/play/{name}")
        assert asset.status_code == 200 and asset.mimetype == mimetype, name


def test_play_loads_nothing_from_elsewhere(client):
    for name in ("index.html", "app.js", "api.js", "boards.js", "plot_twist.js", "words.js", "play.css"):
        body = client.get(f"/play/{name}" if name != "index.html" else "/play").get_data(as_text=True)
        assert "http://" not in body and "https://" not in body and "//cdn" not in body, name


def test_play_is_not_in_the_spec_and_unknown_files_are_404(client):
    spec = client.get("/openapi.json").get_json()
    assert not [path for path in spec["paths"] if path.startswith("/play")]
    assert client.get("/play/nothing-here.js").status_code == 404
    assert client.get("/play/../api/__init__.py").status_code == 404
