<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>PlayWithOthers</name>
    <message numerus="yes">
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>%n seat free</numerusform>
            <numerusform>%n seats free</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <source>Roll: %n marker(s)</source>
        <translation>
            <numerusform>Roll: %n marker</numerusform>
            <numerusform>Roll: %n markers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mountain %1 (%2): %n face-down marker(s) left</source>
        <translation>
            <numerusform>Mountain %1 (%2): %n face-down marker left</numerusform>
            <numerusform>Mountain %1 (%2): %n face-down markers left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>River %1 (%2): %n face-down marker(s) left</source>
        <translation>
            <numerusform>River %1 (%2): %n face-down marker left</numerusform>
            <numerusform>River %1 (%2): %n face-down markers left</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message numerus="yes">
        <source>%1: %n marker(s) revealed (%2)</source>
        <translation>
            <numerusform>%1: %n marker revealed (%2)</numerusform>
            <numerusform>%1: %n markers revealed (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>   %1: +%n gold from %2</source>
        <translation>
            <numerusform>   %1: +%n gold from %2</numerusform>
            <numerusform>   %1: +%n gold from %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No reveal from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>No reveal from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</numerusform>
            <numerusform>No reveals from %1 yet — they may be away, or the relay is not passing them on (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A message from %1 is missing while later ones have arrived — the relay may be holding it back (%2 left).</source>
        <translation>
            <numerusform>A message from %1 is missing while later ones have arrived — the relay may be holding it back (%2 left).</numerusform>
            <numerusform>Messages from %1 are missing while later ones have arrived — the relay may be holding them back (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Dealing: no deck key from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>Dealing: no deck key from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</numerusform>
            <numerusform>Dealing: no deck keys from %1 yet — they may be away, or the relay is not passing them on (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A hidden card is turned face up: no share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>A hidden card is turned face up: no share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</numerusform>
            <numerusform>A hidden card is turned face up: no shares from %1 yet — they may be away, or the relay is not passing them on (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A card is shown to one player: no sealed share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>A card is shown to one player: no sealed share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</numerusform>
            <numerusform>A card is shown to one player: no sealed shares from %1 yet — they may be away, or the relay is not passing them on (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checking the deal: no deck secrets from %1 yet — %1 may be away, or the relay is not passing them on (%2 left).</source>
        <translation>
            <numerusform>Checking the deal: no deck secrets from %1 yet — %1 may be away, or the relay is not passing them on (%2 left).</numerusform>
            <numerusform>Checking the deal: no deck secrets from %1 yet — they may be away, or the relay is not passing them on (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting for %1 to join the game (%2 left).</source>
        <translation>
            <numerusform>Waiting for %1 to join the game (%2 left).</numerusform>
            <numerusform>Waiting for %1 to join the game (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 lost the connection — waiting for %1 to come back (%2 left).</source>
        <translation>
            <numerusform>%1 lost the connection — waiting for %1 to come back (%2 left).</numerusform>
            <numerusform>%1 lost the connection — waiting for them to come back (%2 left).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n second</numerusform>
            <numerusform>%n seconds</numerusform>
        </translation>
    </message>
</context>
</TS>
