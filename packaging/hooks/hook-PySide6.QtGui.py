"""goldnet's hook for PySide6.QtGui, in place of PyInstaller's (``packaging/goldnet.spec``
names this folder in ``hookspath``, whose hooks take precedence): the same Qt libraries and
plugins, less the GTK 3 platform theme (``platformthemes/libqgtk3.so``).

Why: that plugin links GTK 3, and PyInstaller then bundles the build machine's GTK stack
(GTK, GDK, Pango, cairo, ATK, gdk-pixbuf …) or, where GTK is not installed, those of its
libraries it finds. On a player's GTK desktop Qt loads the plugin at start, and the bundled
libraries meet the system's own GTK modules and settings: the known cause of crashes at start
of bundled Qt programs on GTK desktops. Without it Qt asks the desktop through its portal
(``libqxdgdesktopportal.so``, kept) and otherwise uses its own dialogs; goldnet draws its own
style either way.
"""

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [entry for entry in binaries if "libqgtk3" not in str(entry[0])]
