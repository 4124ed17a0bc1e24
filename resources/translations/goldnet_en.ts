<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>StartScreen</name>
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
        <source>%1: %n marker(s) revealed</source>
        <translation>
            <numerusform>%1: %n marker revealed</numerusform>
            <numerusform>%1: %n markers revealed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>   %1: +%n gold from %2</source>
        <translation>
            <numerusform>   %1: +%n gold from %2</numerusform>
            <numerusform>   %1: +%n gold from %2</numerusform>
        </translation>
    </message>
</context>
</TS>
