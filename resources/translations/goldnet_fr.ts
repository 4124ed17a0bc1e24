<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>MainWindow</name>
    <message>
        <source>Easy bot</source>
        <translation>Robot facile</translation>
    </message>
    <message>
        <source>Medium bot</source>
        <translation>Robot moyen</translation>
    </message>
    <message>
        <source>Hard bot</source>
        <translation>Robot fort</translation>
    </message>
    <message>
        <source>Open a record</source>
        <translation>Ouvrir une partie enregistrée</translation>
    </message>
    <message>
        <source>goldnet records (*.goldnet)</source>
        <translation>Parties goldnet (*.goldnet)</translation>
    </message>
    <message>
        <source>Cannot replay this record</source>
        <translation>Impossible de rejouer cette partie</translation>
    </message>
    <message>
        <source>goldnet — Mountains &amp; Rivers</source>
        <translation>goldnet — Montagnes et Rivières</translation>
    </message>
</context>
<context>
    <name>Render</name>
    <message>
        <source>Player 1</source>
        <translation>Joueur 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Joueur 2</translation>
    </message>
    <message>
        <source>To play</source>
        <translation>À jouer</translation>
    </message>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
    </message>
</context>
<context>
    <name>ReplayWidget</name>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
    </message>
    <message>
        <source>Replay of board %1: %2 (mountains) against %3 (rivers)</source>
        <translation>Relecture du plateau %1 : %2 (montagnes) contre %3 (rivières)</translation>
    </message>
    <message>
        <source>First position</source>
        <translation>Première position</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>Coup précédent</translation>
    </message>
    <message>
        <source>Step forward</source>
        <translation>Coup suivant</translation>
    </message>
    <message>
        <source>Last position</source>
        <translation>Dernière position</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Retour à l&apos;accueil</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Mountains &amp; Rivers — a gold-prospecting game for two</source>
        <translation>Montagnes et Rivières — un jeu de chercheurs d&apos;or pour deux</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Votre nom</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Couleur</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Play against a bot</source>
        <translation>Jouer contre un robot</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Plateau</translation>
    </message>
    <message>
        <source>Random board</source>
        <translation>Plateau au hasard</translation>
    </message>
    <message>
        <source>Board %1</source>
        <translation>Plateau %1</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>Robot</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Facile</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Moyen</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Fort</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Vous jouez</translation>
    </message>
    <message>
        <source>The mountains (you move first)</source>
        <translation>Les montagnes (vous commencez)</translation>
    </message>
    <message>
        <source>The rivers</source>
        <translation>Les rivières</translation>
    </message>
    <message>
        <source>Drawn at random</source>
        <translation>Tiré au sort</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Jouer</translation>
    </message>
    <message>
        <source>Play with others</source>
        <translation>Jouer avec d’autres</translation>
    </message>
    <message>
        <source>Tables on your network will appear here.</source>
        <translation>Les tables de votre réseau apparaîtront ici.</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>Ouvrir une table</translation>
    </message>
    <message>
        <source>Invite code</source>
        <translation>Code d&apos;invitation</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Rejoindre</translation>
    </message>
    <message>
        <source>Copy my invite code</source>
        <translation>Copier mon code d&apos;invitation</translation>
    </message>
    <message>
        <source>Network play is not available in this version yet.</source>
        <translation>Le jeu en réseau n&apos;est pas encore disponible dans cette version.</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Parties enregistrées</translation>
    </message>
    <message>
        <source>Open a record to replay…</source>
        <translation>Rejouer une partie enregistrée…</translation>
    </message>
    <message>
        <source>Resume an interrupted game</source>
        <translation>Reprendre une partie interrompue</translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message>
        <source>Mountains</source>
        <translation>Montagnes</translation>
    </message>
    <message>
        <source>Rivers</source>
        <translation>Rivières</translation>
    </message>
    <message>
        <source>The game is over</source>
        <translation>La partie est finie</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Portée</translation>
    </message>
    <message>
        <source>Free choice</source>
        <translation>Choix libre</translation>
    </message>
    <message>
        <source>Reveal one marker or two neighbours</source>
        <translation>Retournez un jeton ou deux voisins</translation>
    </message>
    <message>
        <source>Not thrown yet</source>
        <translation>Pas encore lancé</translation>
    </message>
    <message numerus="yes">
        <source>Roll: %n marker(s)</source>
        <translation>
            <numerusform>Lancer : %n jeton</numerusform>
            <numerusform>Lancer : %n jetons</numerusform>
        </translation>
    </message>
    <message>
        <source>player 1</source>
        <translation>joueur 1</translation>
    </message>
    <message>
        <source>player 2</source>
        <translation>joueur 2</translation>
    </message>
    <message numerus="yes">
        <source>Mountain %1 (%2): %n face-down marker(s) left</source>
        <translation>
            <numerusform>Montagne %1 (%2) : encore %n jeton caché</numerusform>
            <numerusform>Montagne %1 (%2) : encore %n jetons cachés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>River %1 (%2): %n face-down marker(s) left</source>
        <translation>
            <numerusform>Rivière %1 (%2) : encore %n jeton caché</numerusform>
            <numerusform>Rivière %1 (%2) : encore %n jetons cachés</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message>
        <source>Board %1 — mountains: %2; rivers: %3</source>
        <translation>Plateau %1 — montagnes : %2 ; rivières : %3</translation>
    </message>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
    </message>
    <message>
        <source>Confirm your turn</source>
        <translation>Confirmez votre tour</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>À vous</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Réfléchit…</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Vous gagnez !</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1 gagne</translation>
    </message>
    <message>
        <source>%1 (mountains) %2 – %3 %4 (rivers)</source>
        <translation>%1 (montagnes) %2 – %3 %4 (rivières)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Confirmer</translation>
    </message>
    <message>
        <source>Take back your move (Ctrl+Z)</source>
        <translation>Reprendre votre coup (Ctrl+Z)</translation>
    </message>
    <message>
        <source>End your turn (Enter)</source>
        <translation>Terminer votre tour (Entrée)</translation>
    </message>
    <message>
        <source>Turn log</source>
        <translation>Journal de la partie</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Quitter la table</translation>
    </message>
    <message>
        <source>Rematch</source>
        <translation>Revanche</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Retour à l&apos;accueil</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>The game is over.</source>
        <translation>La partie est finie.</translation>
    </message>
    <message>
        <source>These two markers are not on one straight line: click both ends of a line.</source>
        <translation>Ces deux jetons ne sont pas sur une même ligne droite : cliquez les deux bouts d’une ligne.</translation>
    </message>
    <message>
        <source>Free choice: reveal one marker (click it twice) or two neighbouring markers.</source>
        <translation>Choix libre : retournez un jeton (cliquez-le deux fois) ou deux jetons voisins.</translation>
    </message>
    <message>
        <source>The roll is %1: the line must hold exactly %1 markers, not %2.</source>
        <translation>Le lancer vaut %1 : la ligne doit compter exactement %1 jetons, pas %2.</translation>
    </message>
    <message>
        <source>Exposed gold interrupts this line: every marker in it must be face down.</source>
        <translation>De l’or découvert interrompt cette ligne : tous ses jetons doivent être cachés.</translation>
    </message>
    <message>
        <source>A collected field interrupts this line: every marker in it must be face down.</source>
        <translation>Une case déjà ramassée interrompt cette ligne : tous ses jetons doivent être cachés.</translation>
    </message>
    <message>
        <source>Free choice: burying gold is no longer allowed.</source>
        <translation>Choix libre : on ne peut plus enterrer d’or.</translation>
    </message>
    <message>
        <source>You have no shovel: you cannot bury gold.</source>
        <translation>Vous n’avez pas de pelle : vous ne pouvez pas enterrer d’or.</translation>
    </message>
    <message>
        <source>There is no exposed gold there to bury.</source>
        <translation>Il n’y a pas d’or découvert à enterrer ici.</translation>
    </message>
    <message>
        <source>Wait: it is %1&apos;s turn.</source>
        <translation>Patience : c’est au tour de %1.</translation>
    </message>
    <message>
        <source>Confirm your turn first, or Undo to change it.</source>
        <translation>Confirmez d’abord votre tour, ou Annuler pour le changer.</translation>
    </message>
    <message>
        <source>This field has already been collected: choose a face-down marker.</source>
        <translation>Cette case a déjà été ramassée : choisissez un jeton caché.</translation>
    </message>
    <message>
        <source>mountains</source>
        <translation>montagnes</translation>
    </message>
    <message>
        <source>rivers</source>
        <translation>rivières</translation>
    </message>
    <message>
        <source>Mountain %1</source>
        <translation>Montagne %1</translation>
    </message>
    <message>
        <source>River %1</source>
        <translation>Rivière %1</translation>
    </message>
    <message>
        <source>%1 · free choice</source>
        <translation>%1 · choix libre</translation>
    </message>
    <message>
        <source>%1 · roll %2</source>
        <translation>%1 · lancer %2</translation>
    </message>
    <message numerus="yes">
        <source>   %1: +%n gold from %2</source>
        <translation>
            <numerusform>   %1 : +%n pépite de %2</numerusform>
            <numerusform>   %1 : +%n pépites de %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n marker(s) revealed</source>
        <translation>
            <numerusform>%1 : %n jeton retourné</numerusform>
            <numerusform>%1 : %n jetons retournés</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: a nugget buried, a shovel to %2</source>
        <translation>%1 : une pépite enterrée, une pelle pour %2</translation>
    </message>
    <message>
        <source>%1 wins, %2 to %3</source>
        <translation>%1 gagne, %2 à %3</translation>
    </message>
    <message>
        <source>%1 is playing…</source>
        <translation>%1 joue…</translation>
    </message>
    <message>
        <source>Confirm your turn, or Undo to change your choice.</source>
        <translation>Confirmez votre tour, ou Annuler pour changer d’avis.</translation>
    </message>
    <message>
        <source>Replay: step through the record.</source>
        <translation>Relecture : avancez coup par coup.</translation>
    </message>
    <message>
        <source>Free choice: click the same marker again, or a neighbouring marker (right-click to cancel).</source>
        <translation>Choix libre : cliquez de nouveau le même jeton, ou un jeton voisin (clic droit pour annuler).</translation>
    </message>
    <message>
        <source>Your turn, free choice: click a marker twice, or two neighbouring markers.</source>
        <translation>À vous, choix libre : cliquez un jeton deux fois, ou deux jetons voisins.</translation>
    </message>
    <message>
        <source>Now click the last marker of the line of %1 (right-click to cancel).</source>
        <translation>Cliquez maintenant le dernier jeton de la ligne de %1 (clic droit pour annuler).</translation>
    </message>
    <message>
        <source>Your turn, roll 1: click one face-down marker, or exposed gold to bury it.</source>
        <translation>À vous, lancer 1 : cliquez un jeton caché, ou de l’or découvert pour l’enterrer.</translation>
    </message>
    <message>
        <source>Your turn, roll %1: click the first and last marker of a straight line of %1 face-down markers, or exposed gold to bury it.</source>
        <translation>À vous, lancer %1 : cliquez le premier et le dernier jeton d’une ligne droite de %1 jetons cachés, ou de l’or découvert pour l’enterrer.</translation>
    </message>
</context>
</TS>
