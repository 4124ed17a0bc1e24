#!/bin/sh
# Install the unpacked goldnet bundle for the current user (Linux): a `goldnet` command in
# ~/.local/bin, the menu entry and the icon. Run it from the unpacked folder; it copies
# nothing else, so the folder must stay where it is. `sh install-desktop.sh --remove` undoes it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
app_id=org.goldnet.goldnet
if [ "${1:-}" = "--remove" ]; then
    rm -f "$bin/goldnet" "$data/applications/$app_id.desktop"
    rm -f "$data"/icons/hicolor/*/apps/$app_id.png "$data/icons/hicolor/scalable/apps/$app_id.svg"
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database "$data/applications" || true
    fi
    echo "goldnet removed from the menu (its folder $here is left as it is)"
    exit 0
fi
mkdir -p "$bin" "$data/applications" "$data/icons/hicolor/scalable/apps"
ln -sf "$here/goldnet/goldnet" "$bin/goldnet"
for png in "$here"/icons/goldnet-*.png; do
    size=$(basename "$png" .png); size=${size#goldnet-}
    mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$data/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
cp "$here/icons/goldnet.svg" "$data/icons/hicolor/scalable/apps/$app_id.svg"
# Exec names the program by its absolute path, quoted as the Desktop Entry spec says (a
# folder such as "My Games" holds a space): inside the quotes \ " ` $ take a backslash, and
# the file's own escaping doubles every backslash (\ is written \\\\, " is written \\");
# % is written %%. The line is put in by the shell, not by sed, whose replacement would read
# & and \ in the path.
program=$(printf '%s' "$here/goldnet/goldnet" |
    sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    Exec=goldnet) printf 'Exec="%s"\n' "$program" ;;
    *) printf '%s\n' "$line" ;;
    esac
done < "$here/$app_id.desktop" > "$data/applications/$app_id.desktop"
if command -v update-desktop-database >/dev/null; then
    update-desktop-database "$data/applications" || true
fi
echo "goldnet installed: the menu entry, and the command $bin/goldnet"
