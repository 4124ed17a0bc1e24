#!/usr/bin/env bash
# Build goldnet's desktop bundle on Linux or macOS: one command, everything under dist/.
#
#   tools/build-bundle.sh            (PYTHON=python3.12 tools/build-bundle.sh for another Python)
#
# Steps: a build environment build/bundle-venv (made once, reused) with goldnet's
# dependencies, PyInstaller and the wheel builder ('.[bundle]'); the translations compiled to
# .qm next to their sources (python -m ui.i18n release); the wheel dist/goldnet-V-py3-none-any.whl
# built and installed into that environment (the bundle is made from the same files pip
# installs); the icon set rendered (tools/render_icons.py); PyInstaller with
# packaging/goldnet.spec; then the archive players download:
#   Linux: dist/goldnet-V-linux-ARCH.tar.gz — goldnet/ (the program and its libraries),
#          org.goldnet.goldnet.desktop, icons/, install-desktop.sh
#   macOS: dist/goldnet-V-macos-ARCH.dmg — goldnet.app (hdiutil)
# The last line printed is the archive's path. See docs/install.md, "Building a bundle".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python=${PYTHON:-python3}
venv=build/bundle-venv
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
py="$root/$venv/bin/python"
echo "== dependencies, PyInstaller"
"$py" -m pip install -q ".[bundle]"
echo "== translations"
# compiled next to their sources for the wheel, removed once it is built: a checkout keeps
# compiling them into the user cache as before (ui/i18n.py)
trap 'rm -f "$root"/resources/translations/*.qm' EXIT
"$py" -m ui.i18n release
echo "== wheel"
version=$("$py" -c "import goldnet; print(goldnet.__version__)")  # the source tree's
rm -f dist/goldnet-"$version"-*.whl
"$py" -m build --wheel --outdir dist . > build/bundle-wheel.log
wheel=$(ls dist/goldnet-"$version"-*.whl)
"$py" -m pip install -q --force-reinstall --no-deps "$wheel"
rm -f resources/translations/*.qm
echo "== icons"
rm -rf build/icons
"$py" tools/render_icons.py build/icons > /dev/null
cp resources/icons/goldnet.svg build/icons/
echo "== PyInstaller"
rm -rf dist/goldnet dist/goldnet.app
# from a folder outside the source tree: the bundle takes goldnet from the installed wheel
(cd build && "$py" -m PyInstaller --noconfirm --log-level WARN --distpath "$root/dist" \
    --workpath "$root/build/pyinstaller" "$root/packaging/goldnet.spec")
arch=$(uname -m)
case "$(uname -s)" in
Linux)
    stage=build/stage/goldnet-"$version"
    rm -rf build/stage && mkdir -p "$stage/icons"
    cp -a dist/goldnet "$stage/goldnet"
    cp packaging/goldnet.desktop "$stage/org.goldnet.goldnet.desktop"
    cp packaging/install-desktop.sh "$stage/"
    cp build/icons/goldnet-*.png build/icons/goldnet.svg "$stage/icons/"
    out=dist/goldnet-"$version"-linux-"$arch".tar.gz
    tar -C build/stage -czf "$out" goldnet-"$version"
    ;;
Darwin)
    out=dist/goldnet-"$version"-macos-"$arch".dmg
    rm -f "$out"
    # hdiutil fails now and then with "Resource busy" on CI's macOS runners (a system service
    # holds the image it attaches): tried up to five times before the build fails
    tries=1
    until hdiutil create -volname goldnet -srcfolder dist/goldnet.app -ov -format UDZO "$out" \
        > /dev/null; do
        if [ "$tries" -ge 5 ]; then
            echo "build-bundle.sh: hdiutil create failed $tries times" >&2
            exit 1
        fi
        tries=$((tries + 1))
        echo "hdiutil create failed: try $tries of 5 in 10 s" >&2
        sleep 10
    done
    ;;
*)
    echo "build-bundle.sh: use tools/build-bundle.ps1 on Windows" >&2
    exit 2
    ;;
esac
echo "$out"
