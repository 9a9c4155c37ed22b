"""Where the firmware tests find the repository's files and MicroPython's WebAssembly port."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
VECTORS = FIRMWARE / "vectors.json"
VECTOR_CHECK = Path(__file__).with_name("vector_check.py")
NODE_DIR = Path(__file__).with_name("node")
RUNNER = NODE_DIR / "run_micropython.mjs"
PORT_PACKAGE = NODE_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def run_micropython(code: str, *files: Path) -> str:
    """Run ``code`` under MicroPython (WebAssembly, on Node) with ``firmware`` importable and
    ``files`` in its root folder; its standard output. Fails loudly if Node or the port is
    missing (``make test`` installs both: scripts/setup-system.sh)."""
    node = shutil.which("node")
    assert node, "Node.js is missing: run `bash scripts/setup-system.sh` (make test does)"
    assert PORT_PACKAGE.is_dir(), (
        f"MicroPython's WebAssembly port is not installed in {NODE_DIR}: run"
        " `npm ci --prefix tests/firmware/node` (scripts/setup-system.sh does)"
    )
    result = subprocess.run(
        [node, str(RUNNER), str(FIRMWARE), code, *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"MicroPython failed:\n{result.stderr}"
    return result.stdout
