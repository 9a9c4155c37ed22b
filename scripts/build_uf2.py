"""Build ``firmware/dist/flixboard-pico.uf2``: MicroPython's rp2 port for the Raspberry Pi Pico
(board RPI_PICO) with the project's firmware frozen in (scripts/uf2_manifest.py).

The sources are MicroPython at a pinned release and the pico-sdk, TinyUSB, Mbed TLS and
micropython-lib commits that release pins as its submodules. They are cloned once into a cache
folder (``FLIX_UF2_CACHE``, default ``~/.cache/flixboard-uf2``) from their public repositories,
or from the repositories named by ``MICROPYTHON_GIT``, ``PICO_SDK_GIT``, ``TINYUSB_GIT``,
``MBEDTLS_GIT`` and ``MICROPYTHON_LIB_GIT`` (a URL or a local path). picotool, which the SDK's
UF2 step runs, is built there too at the SDK's release (``PICOTOOL_GIT``). ``MICROPYTHON_DIR``
uses a prepared tree as it is. Needs ``gcc-arm-none-eabi``, ``libnewlib-arm-none-eabi``,
``libstdc++-arm-none-eabi-newlib`` (the SDK's C++ runtime), ``cmake``, ``make`` and a host C
compiler. Writes the UF2 and ``firmware/dist/SOURCES.txt``
(versions, command, source hash).

    python3 scripts/build_uf2.py        # or: make firmware-uf2
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "firmware" / "dist"
UF2 = DIST / "flixboard-pico.uf2"
SOURCES = DIST / "SOURCES.txt"
MANIFEST = ROOT / "scripts" / "uf2_manifest.py"
COMMAND = "python3 scripts/build_uf2.py"

MICROPYTHON_RELEASE = "v1.28.0"
BOARD = "RPI_PICO"
MICROPYTHON_GIT = "https://github.com/micropython/micropython.git"
# The pico-sdk's UF2 step needs picotool of the SDK's own version, built here once.
PICOTOOL_RELEASE = "2.2.0"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool.git"
# The submodules the rp2 port needs for RPI_PICO, with the repository each one comes from.
SUBMODULES = {
    "lib/pico-sdk": ("PICO_SDK_GIT", "https://github.com/raspberrypi/pico-sdk.git"),
    "lib/tinyusb": ("TINYUSB_GIT", "https://github.com/hathach/tinyusb.git"),
    "lib/mbedtls": ("MBEDTLS_GIT", "https://github.com/Mbed-TLS/mbedtls.git"),
    "lib/micropython-lib": (
        "MICROPYTHON_LIB_GIT",
        "https://github.com/micropython/micropython-lib.git",
    ),
}


def frozen_sources(root: Path = ROOT) -> list[Path]:
    """The files whose content goes into the UF2: every ``.py`` in ``firmware/`` and the
    manifest that freezes them."""
    return [*sorted((root / "firmware").glob("*.py")), root / "scripts" / MANIFEST.name]


def source_hash(root: Path = ROOT) -> str:
    """SHA-256 over the frozen sources' names and contents, in name order."""
    digest = hashlib.sha256()
    for path in frozen_sources(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def firmware_version(root: Path = ROOT) -> str:
    """``MAJOR.MINOR`` of the firmware (``FIRMWARE_VERSION`` in firmware/board.py), which the
    Pico names in INFO and ``flixboard pico-update`` compares with the UF2's."""
    for node in ast.parse((root / "firmware" / "board.py").read_text()).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "FIRMWARE_VERSION":
            major, minor = ast.literal_eval(node.value)
            return f"{major}.{minor}"
    raise ValueError("firmware/board.py sets no FIRMWARE_VERSION")


def recorded_hash(sources: Path = SOURCES) -> str:
    """The source hash written in ``SOURCES.txt`` when the committed UF2 was built."""
    for line in sources.read_text().splitlines():
        if line.startswith("firmware-sha256:"):
            return line.split(":", 1)[1].strip()
    raise ValueError(f"{sources} names no firmware-sha256")


def git(*args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        ["git", "-c", "protocol.file.allow=always", *args],
        cwd=cwd,
        check=False,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise SystemExit(f"build-uf2: git {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout.strip()


def cache_dir() -> Path:
    return Path(os.environ.get("FLIX_UF2_CACHE", Path.home() / ".cache" / "flixboard-uf2"))


def micropython_tree() -> Path:
    """MicroPython at the pinned release with the submodules the port needs, fetched once."""
    prepared = os.environ.get("MICROPYTHON_DIR")
    if prepared:
        return Path(prepared)
    cache = cache_dir()
    tree = cache / f"micropython-{MICROPYTHON_RELEASE}"
    if not (tree / ".git").exists():
        cache.mkdir(parents=True, exist_ok=True)
        print(f"build-uf2: fetching MicroPython {MICROPYTHON_RELEASE} into {tree}", flush=True)
        source = os.environ.get("MICROPYTHON_GIT", MICROPYTHON_GIT)
        git("clone", "--quiet", "--no-checkout", source, str(tree))
        git("checkout", "--quiet", MICROPYTHON_RELEASE, cwd=tree)
    for path, (variable, default) in SUBMODULES.items():
        if (tree / path / ".git").exists():
            continue
        print(f"build-uf2: fetching {path}", flush=True)
        git("submodule", "init", path, cwd=tree)
        git("config", f"submodule.{path}.url", os.environ.get(variable, default), cwd=tree)
        git("submodule", "update", "--quiet", path, cwd=tree)
    return tree


def picotool(sdk: Path) -> Path:
    """picotool at ``PICOTOOL_RELEASE``, built without USB support into the cache once; the
    prefix CMake finds it under."""
    prefix = cache_dir() / f"picotool-{PICOTOOL_RELEASE}-install"
    if (prefix / "lib" / "cmake" / "picotool").is_dir():
        return prefix
    source = cache_dir() / f"picotool-{PICOTOOL_RELEASE}"
    if not (source / ".git").exists():
        print(f"build-uf2: fetching picotool {PICOTOOL_RELEASE}", flush=True)
        git(
            "clone",
            "--quiet",
            "--no-checkout",
            os.environ.get("PICOTOOL_GIT", PICOTOOL_GIT),
            str(source),
        )
        git("checkout", "--quiet", PICOTOOL_RELEASE, cwd=source)
    build_dir = source / "build"
    subprocess.run(
        [
            "cmake",
            "-S",
            str(source),
            "-B",
            str(build_dir),
            f"-DPICO_SDK_PATH={sdk}",
            "-DPICOTOOL_NO_LIBUSB=1",
            f"-DCMAKE_INSTALL_PREFIX={prefix}",
            "-DCMAKE_BUILD_TYPE=Release",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        ["make", "-s", "-C", str(build_dir), f"-j{jobs()}", "install"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return prefix


def jobs() -> str:
    return os.environ.get("FLIX_UF2_JOBS", "2")


def pinned_versions(tree: Path) -> list[str]:
    """One line per source: its path, its commit and its nearest tag."""
    release = git("describe", "--tags", cwd=tree)
    lines = [f"micropython: {release} {git('rev-parse', 'HEAD', cwd=tree)}"]
    for path in SUBMODULES:
        module = tree / path
        tag = git("describe", "--tags", "--always", cwd=module)
        lines.append(f"{path}: {tag} {git('rev-parse', 'HEAD', cwd=module)}")
    return lines


def toolchain_versions() -> list[str]:
    lines = []
    for tool in ("arm-none-eabi-gcc", "cmake"):
        found = shutil.which(tool)
        if found is None:
            raise SystemExit(
                f"build-uf2: {tool} is missing (apt-get install gcc-arm-none-eabi"
                " libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake)"
            )
        version = subprocess.run([found, "--version"], capture_output=True, text=True, check=True)
        lines.append(f"{tool}: {version.stdout.splitlines()[0]}")
    return lines


def build(tree: Path) -> Path:
    """Build the port; the path of the UF2 it made."""
    build_dir = ROOT / "build" / "uf2"
    env = {
        **os.environ,
        "SOURCE_DATE_EPOCH": git("log", "-1", "--format=%ct", cwd=tree),
        "CMAKE_PREFIX_PATH": str(picotool(tree / "lib" / "pico-sdk")),
    }
    subprocess.run(
        ["make", "-s", "-C", str(tree / "mpy-cross"), f"-j{jobs()}"], check=True, env=env
    )
    subprocess.run(
        [
            "make",
            "-s",
            "-C",
            str(tree / "ports" / "rp2"),
            f"-j{jobs()}",
            f"BOARD={BOARD}",
            f"BUILD={build_dir}",
            f"FROZEN_MANIFEST={MANIFEST}",
        ],
        check=True,
        env=env,
    )
    return build_dir / "firmware.uf2"


def main() -> None:
    tools = toolchain_versions()
    tree = micropython_tree()
    built = build(tree)
    DIST.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built, UF2)
    lines = [
        "# firmware/dist/flixboard-pico.uf2: MicroPython's rp2 port, board RPI_PICO, with",
        "# firmware/ frozen in (scripts/uf2_manifest.py). Flash: hold BOOTSEL, plug the Pico in,",
        "# copy the file onto the RPI-RP2 drive.",
        f"command: {COMMAND}",
        f"board: {BOARD}",
        *pinned_versions(tree),
        f"picotool: {PICOTOOL_RELEASE}",
        *tools,
        f"firmware-version: {firmware_version()}",
        f"uf2-sha256: {hashlib.sha256(UF2.read_bytes()).hexdigest()}",
        f"firmware-sha256: {source_hash()}",
    ]
    SOURCES.write_text("\n".join(lines) + "\n")
    print(f"build-uf2: wrote {UF2.relative_to(ROOT)} ({UF2.stat().st_size} bytes)")


if __name__ == "__main__":
    sys.exit(main())
