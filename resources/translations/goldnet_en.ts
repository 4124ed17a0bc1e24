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
<context>
    <name>GoldenCity</name>
    <message numerus="yes">
        <source>a nugget of %n</source>
        <translation>
            <numerusform>a nugget of %n</numerusform>
            <numerusform>a nugget of %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a vein of %n nugget(s)</source>
        <translation>
            <numerusform>a vein of %n nugget</numerusform>
            <numerusform>a vein of %n nuggets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The lantern lights the mine for %n roll(s).</source>
        <translation>
            <numerusform>The lantern lights the mine for %n roll.</numerusform>
            <numerusform>The lantern lights the mine for %n rolls.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The locomotive is %n field(s) from the station.</source>
        <translation>
            <numerusform>The locomotive is %n field from the station.</numerusform>
            <numerusform>The locomotive is %n fields from the station.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next Gazette after %n more advance(s).</source>
        <translation>
            <numerusform>Next Gazette after %n more advance.</numerusform>
            <numerusform>Next Gazette after %n more advances.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The lantern lights %n more roll(s).</source>
        <translation>
            <numerusform>The lantern lights %n more roll.</numerusform>
            <numerusform>The lantern lights %n more rolls.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n raft(s) moored here.</source>
        <translation>
            <numerusform>%n raft moored here.</numerusform>
            <numerusform>%n rafts moored here.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n field(s) in a straight line: click a highlighted field.</source>
        <translation>
            <numerusform>Move %n field in a straight line: click a highlighted field.</numerusform>
            <numerusform>Move %n fields in a straight line: click a highlighted field.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deliver %n thief(s) to the sheriff</source>
        <translation>
            <numerusform>Deliver %n thief to the sheriff</numerusform>
            <numerusform>Deliver %n thieves to the sheriff</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Win %n brawl(s) against thieves</source>
        <translation>
            <numerusform>Win %n brawl against thieves</numerusform>
            <numerusform>Win %n brawls against thieves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Win %n fight(s) against prospectors</source>
        <translation>
            <numerusform>Win %n fight against prospectors</numerusform>
            <numerusform>Win %n fights against prospectors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bring %n nugget(s) up from the mine with the wagon</source>
        <translation>
            <numerusform>Bring %n nugget up from the mine with the wagon</numerusform>
            <numerusform>Bring %n nuggets up from the mine with the wagon</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cross a lake by raft %n time(s)</source>
        <translation>
            <numerusform>Cross a lake by raft %n time</numerusform>
            <numerusform>Cross a lake by raft %n times</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Beat %n ghost(s) in the mine</source>
        <translation>
            <numerusform>Beat %n ghost in the mine</numerusform>
            <numerusform>Beat %n ghosts in the mine</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %n nugget token(s) from the hills</source>
        <translation>
            <numerusform>Take %n nugget token from the hills</numerusform>
            <numerusform>Take %n nugget tokens from the hills</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bank %n nugget(s) or more in a single homecoming</source>
        <translation>
            <numerusform>Bank %n nugget or more in a single homecoming</numerusform>
            <numerusform>Bank %n nuggets or more in a single homecoming</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Buy %n tool(s) at the general store</source>
        <translation>
            <numerusform>Buy %n tool at the general store</numerusform>
            <numerusform>Buy %n tools at the general store</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Launch the locomotive %n time(s)</source>
        <translation>
            <numerusform>Launch the locomotive %n time</numerusform>
            <numerusform>Launch the locomotive %n times</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n step(s) along the galleries: click a highlighted gallery.</source>
        <translation>
            <numerusform>Move %n step along the galleries: click a highlighted gallery.</numerusform>
            <numerusform>Move %n steps along the galleries: click a highlighted gallery.</numerusform>
        </translation>
    </message>
</context>
</TS>
