#!/usr/bin/env python3
"""Browser tests (headless Chromium + selenium) and the schemathesis API fuzzer, both against
the real `tgt serve --demo`. Run by scripts/test.sh; screenshots go to artifacts/screenshots."""
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard_server import ROOT, DashboardServer  # noqa: E402
import browser_tests  # noqa: E402


def fuzz_api(server: DashboardServer) -> None:
    request = urllib.request.Request(server.url + "/api/openapi.json", headers={"Authorization": "Bearer " + server.token})
    schema = Path(tempfile.mkdtemp()) / "openapi.json"
    schema.write_bytes(urllib.request.urlopen(request).read())
    command = [
        sys.executable, "-m", "schemathesis.cli", "run", str(schema), "--url", server.url,
        "-H", "Authorization: Bearer " + server.token,
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--exclude-path", "/api/events", "--max-examples", "25", "--workers", "2", "--seed", "20261121",
    ]
    print("schemathesis:", " ".join(c if "Bearer" not in c else "Authorization: Bearer ***" for c in command[3:]), flush=True)
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode != 0:
        raise SystemExit("schemathesis found problems (see above)")


def main() -> None:
    with DashboardServer() as server:
        browser_tests.run(server, ROOT / "artifacts" / "screenshots")
        code = server.stop()
        if code != 0:
            raise SystemExit(f"tgt serve exited with {code} on SIGTERM")
        print("tgt serve stopped cleanly on SIGTERM", flush=True)
    with DashboardServer() as server:
        fuzz_api(server)
    print("web tests passed", flush=True)


if __name__ == "__main__":
    main()
