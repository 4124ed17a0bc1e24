"""Smoke test of a built desktop bundle (docs/install.md, "Building a bundle").

    python tools/smoke_bundle.py [--build] [--archive FILE | --program PATH] [--lobby]
                                 [--first-paint N --compare-python PY] [--screens DIR] [--json]

Runs the bundle's program as a player's machine would — in an environment without the
project's virtual environment (a minimal PATH, no PYTHONPATH, no VIRTUAL_ENV, a fresh HOME and
profile, run from a folder outside the source tree) — and checks, each step bounded in time:

1. ``goldnet --version`` prints the source tree's version;
2. both games render offscreen (``goldnet render``): PNG files of a sane size;
3. ``goldnet demo mountains-rivers`` (two bot peers, separate processes of the bundle, on
   loopback) ends with a result, and ``goldnet verify`` of its record passes;
4. with ``--lobby`` (Linux, needs Xvfb and ImageMagick's ``import``): the lobby opens on a
   real X server (Qt's xcb platform, as on a desktop) in English and in French, and a
   screenshot of each is saved in ``--screens`` (default ``build/smoke``);
5. the bundle's size on disk (and its archive's), and with ``--first-paint N`` its start time
   to the lobby's first paint against a ``pip install`` of goldnet (``--compare-python``: that
   environment's interpreter; default ``build/bundle-venv``'s, where the build installed the
   wheel), measured by ``goldnet.bench_ui`` (median of N runs each, offscreen).

The bundle is, by default, the archive ``dist/goldnet-V-linux-ARCH.tar.gz`` unpacked into a
temporary folder (what a player downloads), or the folder ``dist/goldnet`` elsewhere;
``--build`` runs ``tools/build-bundle.sh`` first. Only the standard library is used, so any
Python 3.11 runs it (the CI workflow runs it on each system). Exit status 0 when every check
passed, 1 when one failed (one line naming it), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STEP_TIMEOUT = 300.0
"""Seconds any one step may take."""


class SmokeError(Exception):
    """A check failed: the message says which and how."""


def source_version() -> str:
    text = (ROOT / "goldnet" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'__version__ = "([^"]+)"', text)
    if found is None:
        raise SmokeError("no __version__ in goldnet/__init__.py")
    return found.group(1)


def program_name() -> str:
    return "goldnet.exe" if sys.platform == "win32" else "goldnet"


def build_python() -> Path:
    """The interpreter of the build environment, where the build installed the wheel."""
    venv = ROOT / "build" / "bundle-venv"
    return venv / "Scripts" / "python.exe" if sys.platform == "win32" else venv / "bin" / "python"


def default_archive() -> Path | None:
    found = sorted((ROOT / "dist").glob(f"goldnet-{source_version()}-*.tar.gz"))
    found += sorted((ROOT / "dist").glob(f"goldnet-{source_version()}-*.zip"))
    return found[-1] if found else None


def unpack(archive: Path, into: Path) -> Path:
    """Unpack ``archive`` (.tar.gz or .zip) into ``into``: the bundle's program in it."""
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    elif archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
    else:
        raise SmokeError(f"{archive}: not a .tar.gz or .zip bundle archive")
    programs = sorted(into.rglob(program_name()))
    programs = [p for p in programs if p.is_file() and p.parent.name == "goldnet"]
    if not programs:
        raise SmokeError(f"{archive}: no goldnet/{program_name()} inside")
    if sys.platform != "win32":
        programs[0].chmod(programs[0].stat().st_mode | 0o111)  # zip loses the mode bits
    return programs[0]


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """A player's environment: system PATH only, no Python variables, a fresh home."""
    env: dict[str, str] = {}
    if sys.platform == "win32":
        for name in ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP"):
            if name in os.environ:
                env[name] = os.environ[name]
        env["PATH"] = os.path.join(os.environ.get("SYSTEMROOT", r"C:\Windows"), "System32")
        env["USERPROFILE"] = env["APPDATA"] = env["LOCALAPPDATA"] = str(home)
    else:
        env["PATH"] = "/usr/bin:/bin"
        env["TMPDIR"] = tempfile.gettempdir()
    env["HOME"] = str(home)
    env["LANG"] = env["LC_ALL"] = "C.UTF-8" if sys.platform.startswith("linux") else "en_US.UTF-8"
    env["GOLDNET_HOME"] = str(home / "profile")
    env["GOLDNET_MDNS_INTERFACES"] = "127.0.0.1"
    env.update(extra)
    return env


def run(
    command: list[str], env: dict[str, str], cwd: Path, timeout: float = STEP_TIMEOUT
) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            command, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        raise SmokeError(f"{' '.join(command[1:3])}: no answer within {timeout:g} s") from None


def checked(what: str, result: subprocess.CompletedProcess[str]) -> str:
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        raise SmokeError(f"{what}: exit {result.returncode}: {last}")
    return result.stdout


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SmokeError(f"{path}: not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def smoke(program: Path, work: Path, screens: Path, lobby: bool) -> dict[str, Any]:
    """Steps 1–4 of the module docstring: a dict of what was found.

    Raises:
        SmokeError: a check failed.
    """
    home = work / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = clean_env(home, QT_QPA_PLATFORM="offscreen")
    found: dict[str, Any] = {"program": str(program)}
    out = checked("goldnet --version", run([str(program), "--version"], env, work))
    if source_version() not in out:
        raise SmokeError(f"goldnet --version said {out.strip()!r}, not {source_version()}")
    found["version"] = out.strip()
    renders = {
        "mountains-rivers": ["mountains-rivers", "--board", "1"],
        "golden-city": ["golden-city", "--seats", "4", "--language", "fr"],
    }
    for game, args in renders.items():
        png = screens / f"render-{game}.png"
        png.unlink(missing_ok=True)
        command = [str(program), "render", *args, "--out", str(png)]
        checked(f"render {game}", run(command, env, work))
        width, height = png_size(png)
        if width < 400 or height < 300:
            raise SmokeError(f"render {game}: a {width}x{height} picture")
        found[f"render {game}"] = f"{width}x{height} {png}"
    began = time.perf_counter()
    out = checked(
        "demo mountains-rivers",
        run([str(program), "demo", "mountains-rivers", "--json"], env, work),
    )
    demo = json.loads(out.strip().splitlines()[-1])
    found["demo"] = {"seconds": round(time.perf_counter() - began, 1), **demo}
    verified = checked("verify", run([str(program), "verify", "--json", demo["record"]], env, work))
    found["verify"] = json.loads(verified.strip().splitlines()[-1])
    if lobby:
        found["lobby"] = {
            lang: str(lobby_screenshot(program, work, screens / f"lobby-{lang}.png", lang))
            for lang in ("en", "fr")
        }
    return found


def lobby_screenshot(program: Path, work: Path, out: Path, lang: str) -> Path:
    """Open the lobby on an Xvfb server (xcb, as on a desktop) and save a screenshot.

    Raises:
        SmokeError: Xvfb or ``import`` is missing, or no goldnet window showed within 60 s.
    """
    for tool in ("Xvfb", "import", "xwininfo"):
        if shutil.which(tool) is None:
            raise SmokeError(f"--lobby needs {tool} (apt install xvfb imagemagick x11-utils)")
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1400x950x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    window = None
    try:
        with os.fdopen(read_fd) as reader:
            display = ":" + reader.readline().strip()
        if display == ":":
            raise SmokeError("Xvfb did not start")
        home = work / f"home-lobby-{lang}"
        home.mkdir(exist_ok=True)
        locale = "fr_FR.UTF-8" if lang == "fr" else "en_US.UTF-8"
        env = clean_env(home, DISPLAY=display, LANGUAGE=lang, LANG=locale, LC_ALL=locale)
        window = subprocess.Popen(
            [str(program)], env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            tree = subprocess.run(
                ["xwininfo", "-root", "-tree"],
                env={"DISPLAY": display, "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
                capture_output=True,
                text=True,
                timeout=10,
            ).stdout
            if re.search(r'\("goldnet" ', tree) and window.poll() is None:
                break
            if window.poll() is not None:
                err = window.stderr.read().decode(errors="replace") if window.stderr else ""
                last = (err.strip().splitlines() or ["(nothing)"])[-1]
                raise SmokeError(f"the lobby exited {window.returncode} under Xvfb: {last}")
            time.sleep(0.5)
        else:
            raise SmokeError("no goldnet window on the Xvfb screen within 60 s")
        time.sleep(3)  # the first frames, the LAN list's first refresh
        out.unlink(missing_ok=True)
        subprocess.run(
            ["import", "-window", "root", str(out)],
            env={"DISPLAY": display, "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
            check=True,
            capture_output=True,
            timeout=30,
        )
        png_size(out)
        return out
    finally:
        if window is not None and window.poll() is None:
            window.terminate()
            try:
                window.wait(10)
            except subprocess.TimeoutExpired:
                window.kill()
                window.wait()
        xvfb.terminate()
        xvfb.wait(10)


def first_paint(program: Path, python: Path, runs: int, work: Path) -> dict[str, Any]:
    """The lobby's first paint of the bundle and of ``python``'s goldnet (``goldnet.bench_ui``,
    run by ``python``; each child in a player's environment)."""
    figures: dict[str, Any] = {}
    for name, which in (("bundle", ["--bundle", str(program)]), ("pip", ["--python", str(python)])):
        home = work / f"home-bench-{name}"
        home.mkdir(exist_ok=True)
        env = clean_env(home)
        out = checked(
            f"first paint ({name})",
            run(
                [str(python), "-m", "goldnet.bench_ui", str(runs), *which],
                env,
                work,
                timeout=STEP_TIMEOUT * 2,
            ),
        )
        figure = json.loads(out.strip().splitlines()[-1])["lobby first paint"]
        figures[name] = {
            "lobby median s": round(figure["median"], 3),
            "bare window median s": round(figure["reference"], 3),
            "runs": figure["runs"],
        }
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/smoke_bundle.py", description=__doc__)
    parser.add_argument("--build", action="store_true", help="run tools/build-bundle.sh first")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--archive", type=Path, help="a bundle archive (.tar.gz, .zip) to unpack")
    which.add_argument("--program", type=Path, help="a bundle's goldnet program, as it is")
    parser.add_argument("--lobby", action="store_true", help="open the lobby under Xvfb")
    parser.add_argument("--first-paint", type=int, default=0, metavar="N", help="runs to time")
    parser.add_argument("--compare-python", type=Path, default=None, metavar="PY")
    parser.add_argument("--screens", type=Path, default=ROOT / "build" / "smoke")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="goldnet-smoke-"))
    try:
        if args.build:
            script = ROOT / "tools" / "build-bundle.sh"
            built = subprocess.run(["bash", str(script)], capture_output=True, text=True)
            if built.returncode != 0:
                raise SmokeError(f"build-bundle.sh failed: {built.stderr.strip()[-300:]}")
        archive = args.archive
        if args.program is None and archive is None:
            archive = default_archive()
        if args.program is not None:
            program = args.program.resolve()
        elif archive is not None:
            program = unpack(archive, work / "unpacked")
        else:
            program = ROOT / "dist" / "goldnet" / program_name()
        if not program.is_file():
            raise SmokeError(f"no bundle program at {program} (build one: tools/build-bundle.sh)")
        args.screens.mkdir(parents=True, exist_ok=True)
        report: dict[str, Any] = {"system": f"{platform.system()} {platform.machine()}"}
        report.update(smoke(program, work, args.screens.resolve(), args.lobby))
        folder = program.parent
        if folder.name == "MacOS" and folder.parent.parent.suffix == ".app":
            folder = folder.parent.parent  # the whole goldnet.app
        report["bundle MB"] = round(folder_size(folder) / 1e6, 1)
        if archive is not None:
            report["archive MB"] = round(archive.stat().st_size / 1e6, 1)
        if args.first_paint:
            python = args.compare_python or build_python()
            if not python.is_file():
                raise SmokeError(f"no Python at {python} to compare with (--compare-python)")
            report["first paint"] = first_paint(program, python, args.first_paint, work)
    except SmokeError as exc:
        print(f"smoke_bundle: FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
        print("smoke_bundle: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
