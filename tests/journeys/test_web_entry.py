"""`uno-tui web` as a newcomer runs it: it says where to point the browser, serves the game's page
there (on this machine only), and Ctrl+C stops it."""
import time
import urllib.request

from tests.helpers.network import LOOPBACK


def test_uno_tui_web_serves_the_page_on_this_machine_and_stops_on_ctrl_c(newcomer, port):
    web = newcomer("web", "--port", str(port))
    web.wait_for(rf"uno-tui in your browser: http://127\.0\.0\.1:{port}", timeout=15)
    with urllib.request.urlopen(f"http://{LOOPBACK}:{port}/", timeout=10) as page:
        assert page.status == 200 and f"ws://{LOOPBACK}:{port}/ws" in page.read().decode()
    web.press("\x03")
    deadline = time.monotonic() + 10
    while web.alive():
        assert time.monotonic() < deadline, "uno-tui web did not stop on Ctrl+C:\n" + web.text()
        time.sleep(0.05)
    assert "Traceback" not in web.text(), web.text()
