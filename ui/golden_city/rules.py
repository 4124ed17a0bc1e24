"""The rules of Golden City for players: the Rules window's page (:mod:`ui.rules`), in the
player's language, with a picture of the map drawn by this kit's own scene.

It follows the rule text as ``docs/rules/golden-city.md`` restates it, written for players.
Every sentence is one translation (:func:`.words.tr`) and is escaped into the HTML, so a
translation never breaks the page.
"""

from __future__ import annotations

from html import escape

from goldnet.games.golden_city.setup import TOOLS

from ..rules import RulesText
from .words import tool_name, tool_text, tr

PICTURE_WIDTH = 460


def _h2(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _item(lead: str, text: str) -> str:
    return f"<li><b>{escape(lead)}</b> {escape(text)}</li>"


def rules() -> RulesText:
    """The page (see the module docstring)."""
    parts = [
        _p(
            tr(
                "2 to 6 prospectors roam the hills around Golden City. Only the gold in your bank "
                "counts at the end: carry nuggets home before thieves, ghosts, other prospectors "
                "or the locomotive take them."
            )
        ),
        '<p><img src="map.png"></p>',
        _h2(tr("A turn")),
        _p(
            tr(
                "Roll the die: five numbers, 2 to 6, and a locomotive. A number moves your "
                "prospector exactly that many fields in a straight line, in the direction you "
                "choose: click a highlighted field. You jump over other prospectors and hills, "
                "never through a house, never onto a lake."
            )
        ),
        _p(
            tr(
                "Your own house needs no exact roll: a roll that reaches it stops there. At home, "
                "your sack goes to your bank, and the sheriff pays 2 nuggets for every thief you "
                "captured."
            )
        ),
        _p(
            tr(
                "Your choices wait for Confirm: Undo takes them back, but a die once thrown stays "
                "thrown."
            )
        ),
        _h2(tr("What you find")),
        "<ul>"
        + _item(
            tr("Hills:"),
            tr(
                "a face-down token. A nugget goes into your sack; a thief "
                "means a brawl: roll the duel die, more than its strength "
                "wins (a tie rolls again). Win, and you capture it with all "
                "it guarded; lose, and it keeps everything you carry."
            ),
        )
        + _item(
            tr("Other prospectors:"),
            tr(
                "stopping on one is an attack. Both roll the duel "
                "die; the higher takes the other's whole sack and "
                "sends the loser home."
            ),
        )
        + _item(
            tr("Lakes:"),
            tr(
                "from a landing with a raft, cross instead of rolling to any "
                "other landing of the lake; the raft stays there."
            ),
        )
        + "</ul>",
        _h2(tr("The general store")),
        _p(
            tr(
                "Whenever your turn begins or ends at home the store opens: buy tools with your "
                "bank, at most one of each."
            )
        ),
        "<ul>" + "".join(_item(tool_name(t) + ":", tool_text(t)) for t in TOOLS) + "</ul>",
        _h2(tr("The mine")),
        _p(
            tr(
                "With a pickaxe, stop on a cave (a roll that reaches it is enough) and go down "
                "into the mine, drawn at the bottom of the table. Its galleries hide veins of 5 "
                "to 7 nuggets, cave-ins that cost a turn and wall the gallery, and ghosts: no "
                "revolver helps, and a ghost that wins makes your sack vanish. Without a lit "
                "lantern you move only half the roll. To come up, land exactly on a door: the "
                "wagon banks the gold you found below, less 3 for the company."
            )
        ),
        _h2(tr("The locomotive and the end")),
        _p(
            tr(
                "The locomotive face moves the locomotive one field towards the station. Whoever "
                "stands where it arrives goes home, and whoever rolled it takes their sack — your "
                "own locomotive takes everything you carry. The game ends when it enters the "
                "station, or when no nugget is left to discover."
            )
        ),
        _h2(tr("Secret missions")),
        _p(
            tr(
                "Each prospector has a secret mission on a glass card only they see. Fulfilled, "
                "it is announced at the start of your next turn (the others learn that it is "
                "fulfilled, never which one) and pays a bonus at the end, when every mission is "
                "shown."
            )
        ),
        _h2(tr("La Gazette de Golden City")),
        _p(
            tr(
                "Every third advance of the locomotive an issue of the Gazette appears: its front "
                "page opens in the middle of the table, then folds into the corner, where a click "
                "opens it again. It changes the game until the next issue."
            )
        ),
    ]
    return RulesText("".join(parts), {"map.png": _map_picture()})


def _map_picture() -> object:
    from goldnet.games import get

    from .render import render_board

    return render_board(get("golden-city").make((), 4), PICTURE_WIDTH)  # type: ignore[arg-type]
