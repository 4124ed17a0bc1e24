<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Lobby</name>
    <message>
        <source>Opening your table…</source>
        <translation>Ouverture de votre table…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <source>Resuming your game…</source>
        <translation>Reprise de votre partie…</translation>
    </message>
    <message>
        <source>Invite code copied.</source>
        <translation>Code d’invitation copié.</translation>
    </message>
    <message>
        <source>You left the game. It can go on later: “Resume an interrupted game” (if the other player&apos;s table is still open).</source>
        <translation>Vous avez quitté la partie. Elle pourra continuer plus tard : « Reprendre une partie interrompue » (si la table de l’autre joueur est encore ouverte).</translation>
    </message>
    <message>
        <source>You left the game and closed your table. It can go on later: “Resume an interrupted game” opens your table again.</source>
        <translation>Vous avez quitté la partie et fermé votre table. Elle pourra continuer plus tard : « Reprendre une partie interrompue » rouvre votre table.</translation>
    </message>
    <message>
        <source>That table is no longer on your list.</source>
        <translation>Cette table n’est plus dans votre liste.</translation>
    </message>
    <message>
        <source>Starting a game against the bots…</source>
        <translation>La partie contre les robots commence…</translation>
    </message>
    <message>
        <source>No interrupted network game.</source>
        <translation>Aucune partie en réseau interrompue.</translation>
    </message>
    <message>
        <source>Your game at %1, last played %2</source>
        <translation>Votre partie sur %1, jouée pour la dernière fois le %2</translation>
    </message>
    <message>
        <source>Your table “%1” is open. Waiting for players to join — they can pick it from their list, or join with your invite code:
%2</source>
        <translation>Votre table « %1 » est ouverte. En attente de joueurs — ils peuvent la choisir dans leur liste, ou rejoindre avec votre code d’invitation :
%2</translation>
    </message>
    <message>
        <source>Your table “%1” is open. Waiting for a player to join — they can pick it from their list, or join with your invite code:
%2</source>
        <translation>Votre table « %1 » est ouverte. En attente d’un joueur — il peut la choisir dans sa liste, ou rejoindre avec votre code d’invitation :
%2</translation>
    </message>
    <message>
        <source>Your table could not be announced on the network: give your invite code to the other player.</source>
        <translation>Votre table n’a pas pu être annoncée sur le réseau : donnez votre code d’invitation à l’autre joueur.</translation>
    </message>
    <message>
        <source>Connected to %1 — waiting for the game to start…</source>
        <translation>Connecté à %1 — la partie va commencer…</translation>
    </message>
    <message>
        <source>That game had already ended. Its record: %1</source>
        <translation>Cette partie était déjà terminée. Son enregistrement : %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
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
        <source>goldnet — %1</source>
        <translation>goldnet — %1</translation>
    </message>
</context>
<context>
    <name>NetworkController</name>
    <message>
        <source>The game goes on from turn %1.</source>
        <translation>La partie reprend au tour %1.</translation>
    </message>
</context>
<context>
    <name>PlayWithOthers</name>
    <message>
        <source>%1&apos;s table</source>
        <translation>Table de %1</translation>
    </message>
    <message>
        <source>%1&apos;s table</source>
        <comment>the name starts with a vowel or a silent h</comment>
        <translation>Table d’%1</translation>
    </message>
    <message>
        <source>My table</source>
        <translation>Ma table</translation>
    </message>
    <message>
        <source>playing — you can watch</source>
        <translation>en cours — vous pouvez regarder</translation>
    </message>
    <message>
        <source>%1 at %2:%3 — key %4</source>
        <translation>%1 sur %2:%3 — clé %4</translation>
    </message>
    <message>
        <source>Tables on your network cannot be listed (%1). You can still join by invite code.</source>
        <translation>Les tables de votre réseau ne peuvent pas être listées (%1). Vous pouvez toujours rejoindre une table avec un code d’invitation.</translation>
    </message>
    <message>
        <source>Looking for tables on your network… none so far.</source>
        <translation>Recherche de tables sur votre réseau… aucune pour le moment.</translation>
    </message>
    <message>
        <source>Stop hosting</source>
        <translation>Fermer ma table</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Play with others</source>
        <translation>Jouer avec d’autres</translation>
    </message>
    <message>
        <source>Tables on your network</source>
        <translation>Tables de votre réseau</translation>
    </message>
    <message>
        <source>Join this table</source>
        <translation>Rejoindre cette table</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Regarder</translation>
    </message>
    <message>
        <source>Watch the game without playing: you see what every player sees.</source>
        <translation>Regarder la partie sans jouer : vous voyez ce que tout le monde voit.</translation>
    </message>
    <message>
        <source>Or join with an invite code:</source>
        <translation>Ou rejoindre avec un code d’invitation :</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Rejoindre</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>Ouvrir une table</translation>
    </message>
    <message>
        <source>Table name</source>
        <translation>Nom de la table</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Other seat</source>
        <translation>Autre place</translation>
    </message>
    <message>
        <source>Other seats</source>
        <translation>Autres places</translation>
    </message>
    <message>
        <source>A player who joins</source>
        <translation>Un joueur qui rejoint la table</translation>
    </message>
    <message>
        <source>Players who join</source>
        <translation>Des joueurs qui rejoignent la table</translation>
    </message>
    <message>
        <source>%1 on this computer</source>
        <translation>%1 sur cet ordinateur</translation>
    </message>
    <message>
        <source>Bots on this computer: %1</source>
        <translation>Robots sur cet ordinateur : %1</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Vous jouez</translation>
    </message>
    <message>
        <source>Copy my invite code</source>
        <translation>Copier mon code d’invitation</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) free</source>
        <translation>
            <numerusform>%n place libre</numerusform>
            <numerusform>%n places libres</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RelayNote</name>
    <message>
        <source>Copy the invite code</source>
        <translation>Copier le code d’invitation</translation>
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
        <translation>Gagnant !</translation>
    </message>
</context>
<context>
    <name>ReplayWidget</name>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
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
        <translation>Retour à l’accueil</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Jeu</translation>
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
        <source>Play against bots</source>
        <translation>Jouer contre des robots</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>Robot</translation>
    </message>
    <message>
        <source>Bots</source>
        <translation>Robots</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Vous jouez</translation>
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
            <numerusform>Lancer : %n jeton</numerusform>
            <numerusform>Lancer : %n jetons</numerusform>
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
            <numerusform>Montagne %1 (%2) : encore %n jeton caché</numerusform>
            <numerusform>Montagne %1 (%2) : encore %n jetons cachés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>River %1 (%2): %n face-down marker(s) left</source>
        <translation>
            <numerusform>Rivière %1 (%2) : encore %n jeton caché</numerusform>
            <numerusform>Rivière %1 (%2) : encore %n jetons cachés</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
    </message>
    <message>
        <source>Confirm your turn</source>
        <translation>Confirmez votre tour</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Envoi…</translation>
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
        <source>%1 share the win</source>
        <translation>%1 se partagent la victoire</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Vous gagnez !</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1 gagne</translation>
    </message>
    <message>
        <source>Game paused</source>
        <translation>Partie en pause</translation>
    </message>
    <message>
        <source>The game stopped</source>
        <translation>La partie est arrêtée</translation>
    </message>
    <message>
        <source>Record saved: %1</source>
        <translation>Enregistrement sauvegardé : %1</translation>
    </message>
    <message>
        <source>Saving the record…</source>
        <translation>Sauvegarde de l’enregistrement…</translation>
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
        <translation>Retour à l’accueil</translation>
    </message>
    <message>
        <source>Replay the record</source>
        <translation>Revoir l’enregistrement</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>The game is over.</source>
        <translation>La partie est finie.</translation>
    </message>
    <message>
        <source>This move is not allowed.</source>
        <translation>Ce coup n’est pas permis.</translation>
    </message>
    <message>
        <source>The rules cannot read this move: it is not written the way they expect.</source>
        <translation>Les règles ne peuvent pas lire ce coup : il n’est pas écrit comme elles l’attendent.</translation>
    </message>
    <message>
        <source>The table did not take your move — choose again if it is still your turn.</source>
        <translation>La table n’a pas pris votre coup — choisissez de nouveau si c’est encore votre tour.</translation>
    </message>
    <message>
        <source>Wait: the tiles have not been thrown yet.</source>
        <translation>Patience : les tuiles n’ont pas encore été lancées.</translation>
    </message>
    <message>
        <source>The tiles have already been thrown this turn.</source>
        <translation>Les tuiles ont déjà été lancées ce tour-ci.</translation>
    </message>
    <message>
        <source>Free choice: no tiles are thrown.</source>
        <translation>Choix libre : on ne lance pas les tuiles.</translation>
    </message>
    <message>
        <source>A roll of %1 cannot be thrown in range %2.</source>
        <translation>Un lancer de %1 est impossible avec la portée %2.</translation>
    </message>
    <message>
        <source>These two markers are not on one straight line: click both ends of a line.</source>
        <translation>Ces deux jetons ne sont pas sur une même ligne droite : cliquez les deux bouts d’une ligne.</translation>
    </message>
    <message>
        <source>Free choice: reveal one marker (click it twice) or two neighbouring markers.</source>
        <translation>Choix libre : retournez un jeton (cliquez-le deux fois) ou deux jetons voisins.</translation>
    </message>
    <message>
        <source>The roll is %1: the line must hold exactly %1 markers, not %2.</source>
        <translation>Le lancer vaut %1 : la ligne doit compter exactement %1 jetons, pas %2.</translation>
    </message>
    <message>
        <source>Exposed gold interrupts this line: every marker in it must be face down.</source>
        <translation>De l’or découvert interrompt cette ligne : tous ses jetons doivent être cachés.</translation>
    </message>
    <message>
        <source>A collected field interrupts this line: every marker in it must be face down.</source>
        <translation>Une case déjà ramassée interrompt cette ligne : tous ses jetons doivent être cachés.</translation>
    </message>
    <message>
        <source>Free choice: burying gold is no longer allowed.</source>
        <translation>Choix libre : on ne peut plus enterrer d’or.</translation>
    </message>
    <message>
        <source>You have no shovel: you cannot bury gold.</source>
        <translation>Vous n’avez pas de pelle : vous ne pouvez pas enterrer d’or.</translation>
    </message>
    <message>
        <source>There is no exposed gold there to bury.</source>
        <translation>Il n’y a pas d’or découvert à enterrer ici.</translation>
    </message>
    <message>
        <source>Field %1 is not on the board.</source>
        <translation>La case %1 n’est pas sur le plateau.</translation>
    </message>
    <message>
        <source>Wait: it is %1&apos;s turn.</source>
        <translation>Patience : c’est au tour de %1.</translation>
    </message>
    <message>
        <source>Wait a moment: the game is on its way.</source>
        <translation>Un instant : la partie suit son cours.</translation>
    </message>
    <message>
        <source>Confirm your turn first, or Undo to change it.</source>
        <translation>Confirmez d’abord votre tour, ou Annuler pour le changer.</translation>
    </message>
    <message>
        <source>This field has already been collected: choose a face-down marker.</source>
        <translation>Cette case a déjà été ramassée : choisissez un jeton caché.</translation>
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
            <numerusform>   %1 : +%n pépite de %2</numerusform>
            <numerusform>   %1 : +%n pépites de %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reach %1 — check the address and that the host is still running.</source>
        <translation>Impossible de joindre %1 — vérifiez l’adresse et que l’hôte est toujours en marche.</translation>
    </message>
    <message>
        <source>The table at %1 is not the one of this invite code (its key differs) — ask the host for a fresh invite code.</source>
        <translation>La table à %1 n’est pas celle de ce code d’invitation (sa clé diffère) — demandez un nouveau code à l’hôte.</translation>
    </message>
    <message>
        <source>This table is full — choose another table, or host your own.</source>
        <translation>Cette table est complète — choisissez-en une autre, ou ouvrez la vôtre.</translation>
    </message>
    <message>
        <source>The table at %1 did not let you in (%2) — try another table.</source>
        <translation>La table à %1 ne vous a pas laissé entrer (%2) — essayez une autre table.</translation>
    </message>
    <message>
        <source>The connection to %1 was lost and could not be restored — check your network and that the host is still running; you can resume this game later from the start screen.</source>
        <translation>La connexion à %1 a été perdue et n’a pas pu être rétablie — vérifiez votre réseau et que l’hôte est toujours en marche ; vous pourrez reprendre cette partie plus tard depuis l’écran d’accueil.</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 et %2</translation>
    </message>
    <message numerus="yes">
        <source>No reveal from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>Pas encore de révélation de %1 — %1 n’est peut-être plus là, ou le relais ne la transmet pas (encore %2).</numerusform>
            <numerusform>Pas encore de révélations de %1 — %1 ne sont peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for %1&apos;s move (%2 left).</source>
        <translation>On attend le coup de %1 (encore %2).</translation>
    </message>
    <message numerus="yes">
        <source>A message from %1 is missing while later ones have arrived — the relay may be holding it back (%2 left).</source>
        <translation>
            <numerusform>Un message de %1 manque alors que les suivants sont arrivés — le relais le retient peut-être (encore %2).</numerusform>
            <numerusform>Des messages de %1 manquent alors que les suivants sont arrivés — le relais les retient peut-être (encore %2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting for %1 to join the game (%2 left).</source>
        <translation>
            <numerusform>On attend que %1 rejoigne la partie (encore %2).</numerusform>
            <numerusform>On attend que %1 rejoignent la partie (encore %2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Two players&apos; histories disagree — waiting for the proof (%1 left).</source>
        <translation>Les historiques de deux joueurs divergent — on attend la preuve (encore %1).</translation>
    </message>
    <message>
        <source>Waiting for the table to be set (%1 left).</source>
        <translation>On attend que la table soit mise en place (encore %1).</translation>
    </message>
    <message>
        <source>Your connection to the table is lost — trying to reconnect (%1 left).</source>
        <translation>Votre connexion à la table est perdue — nouvelle tentative en cours (encore %1).</translation>
    </message>
    <message>
        <source>Paused — the game goes on by itself as soon as it can.</source>
        <translation>En pause — la partie reprendra d’elle-même dès que possible.</translation>
    </message>
    <message>
        <source>If the time runs out, the game ends abandoned: no winner, no score, nobody blamed.</source>
        <translation>Si le temps s’écoule, la partie s’achève abandonnée : pas de gagnant, pas de score, personne n’est mis en cause.</translation>
    </message>
    <message>
        <source>%1 lost the connection.</source>
        <translation>%1 a perdu la connexion.</translation>
    </message>
    <message>
        <source>%1 is back.</source>
        <translation>%1 est de retour.</translation>
    </message>
    <message>
        <source>Connection lost</source>
        <translation>Connexion perdue</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>en ligne</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>connexion perdue</translation>
    </message>
    <message>
        <source>%1 (you)</source>
        <translation>%1 (vous)</translation>
    </message>
    <message>
        <source>Host this table myself</source>
        <translation>Héberger cette table moi-même</translation>
    </message>
    <message>
        <source>If the table&apos;s relay is gone, you can host the table yourself, from your own copy of the game: the others&apos; programs find it on your network by themselves.</source>
        <translation>Si le relais de la table a disparu, vous pouvez héberger la table vous-même, à partir de votre propre copie de la partie : les programmes des autres la trouvent tout seuls sur votre réseau.</translation>
    </message>
    <message>
        <source>Hosting the table on this computer…</source>
        <translation>Hébergement de la table sur cet ordinateur…</translation>
    </message>
    <message>
        <source>You host this table now. Players on your network find it by themselves; give the others this invite code if they play from elsewhere: %1</source>
        <translation>Vous hébergez maintenant cette table. Les joueurs de votre réseau la trouvent tout seuls ; donnez ce code d’invitation aux autres s’ils jouent d’ailleurs : %1</translation>
    </message>
    <message>
        <source>The game was abandoned</source>
        <translation>La partie a été abandonnée</translation>
    </message>
    <message>
        <source>No winner, no score. Nobody is blamed.</source>
        <translation>Pas de gagnant, pas de score. Personne n’est mis en cause.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n seconde</numerusform>
            <numerusform>%n secondes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 declared it abandoned after %2 without progress.</source>
        <translation>%1 l’a déclarée abandonnée après %2 sans progrès.</translation>
    </message>
    <message>
        <source>The game was stopped</source>
        <translation>La partie a été arrêtée</translation>
    </message>
    <message>
        <source>A rule was broken (%1). The record keeps the proof.</source>
        <translation>Une règle a été enfreinte (%1). L’enregistrement en garde la preuve.</translation>
    </message>
    <message>
        <source>%1 broke the rules (%2). The record keeps the proof.</source>
        <translation>%1 a enfreint les règles (%2). L’enregistrement en garde la preuve.</translation>
    </message>
    <message>
        <source>Could not open a port for your table (%1) — try again.</source>
        <translation>Impossible d’ouvrir un port pour votre table (%1) — réessayez.</translation>
    </message>
    <message>
        <source>This program cannot show a game of %1.</source>
        <translation>Ce programme ne sait pas afficher une partie de %1.</translation>
    </message>
    <message>
        <source>Wait: it is not your turn.</source>
        <translation>Attendez : ce n’est pas votre tour.</translation>
    </message>
    <message>
        <source>There is nothing to claim in this game.</source>
        <translation>Il n’y a rien à réclamer dans ce jeu.</translation>
    </message>
    <message>
        <source>There are no cards to reveal in this game.</source>
        <translation>Il n’y a pas de cartes à révéler dans ce jeu.</translation>
    </message>
    <message>
        <source>You are watching this game: you cannot play in it.</source>
        <translation>Vous regardez cette partie : vous ne pouvez pas y jouer.</translation>
    </message>
    <message>
        <source>You are watching.</source>
        <translation>Vous regardez la partie.</translation>
    </message>
    <message>
        <source>You are watching — %1</source>
        <translation>Vous regardez — %1</translation>
    </message>
    <message>
        <source>The interrupted game cannot be read (%1).</source>
        <translation>La partie interrompue ne peut pas être lue (%1).</translation>
    </message>
    <message>
        <source>Your profile cannot be used (%1).</source>
        <translation>Votre profil ne peut pas être utilisé (%1).</translation>
    </message>
    <message>
        <source>Something went wrong (%1) — try again.</source>
        <translation>Quelque chose n’a pas marché (%1) — réessayez.</translation>
    </message>
    <message>
        <source>Paste the invite code the host gave you, then click Join.</source>
        <translation>Collez le code d’invitation donné par l’hôte, puis cliquez sur Rejoindre.</translation>
    </message>
    <message>
        <source>This is not an invite code: an invite code looks like %1. Paste the whole code.</source>
        <translation>Ce n’est pas un code d’invitation : un code d’invitation ressemble à %1. Collez le code en entier.</translation>
    </message>
    <message>
        <source>The end of this invite code (the table&apos;s key) is missing or mistyped — copy the whole code again.</source>
        <translation>La fin de ce code d’invitation (la clé de la table) manque ou est mal tapée — copiez à nouveau le code en entier.</translation>
    </message>
    <message>
        <source>In an invite code an IPv6 address is written in brackets: [address]:port.</source>
        <translation>Dans un code d’invitation, une adresse IPv6 s’écrit entre crochets : [adresse]:port.</translation>
    </message>
    <message>
        <source>The port in this invite code is missing or is not a number from 1 to 65535 — copy the whole code again.</source>
        <translation>Le port de ce code d’invitation manque ou n’est pas un nombre de 1 à 65535 — copiez à nouveau le code en entier.</translation>
    </message>
    <message>
        <source>This invite code has no address — copy the whole code again.</source>
        <translation>Ce code d’invitation n’a pas d’adresse — copiez à nouveau le code en entier.</translation>
    </message>
    <message>
        <source>This invite code cannot be read (%1).</source>
        <translation>Ce code d’invitation ne peut pas être lu (%1).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n marker(s) revealed</source>
        <translation>
            <numerusform>%1 : %n jeton retourné</numerusform>
            <numerusform>%1 : %n jetons retournés</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: a nugget buried, a shovel to %2</source>
        <translation>%1 : une pépite enterrée, une pelle pour %2</translation>
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
        <source>Sending your move…</source>
        <translation>Envoi de votre coup…</translation>
    </message>
    <message>
        <source>Waiting for the tiles to be thrown…</source>
        <translation>Les tuiles vont être lancées…</translation>
    </message>
    <message>
        <source>Replay: step through the record.</source>
        <translation>Relecture : avancez coup par coup.</translation>
    </message>
    <message>
        <source>Free choice: click the same marker again, or a neighbouring marker (right-click to cancel).</source>
        <translation>Choix libre : cliquez de nouveau le même jeton, ou un jeton voisin (clic droit pour annuler).</translation>
    </message>
    <message>
        <source>Your turn, free choice: click a marker twice, or two neighbouring markers.</source>
        <translation>À vous, choix libre : cliquez un jeton deux fois, ou deux jetons voisins.</translation>
    </message>
    <message>
        <source>Now click the last marker of the line of %1 (right-click to cancel).</source>
        <translation>Cliquez maintenant le dernier jeton de la ligne de %1 (clic droit pour annuler).</translation>
    </message>
    <message>
        <source>Your turn, roll 1: click one face-down marker, or exposed gold to bury it.</source>
        <translation>À vous, lancer 1 : cliquez un jeton caché, ou de l’or découvert pour l’enterrer.</translation>
    </message>
    <message>
        <source>Your turn, roll %1: click the first and last marker of a straight line of %1 face-down markers, or exposed gold to bury it.</source>
        <translation>À vous, lancer %1 : cliquez le premier et le dernier jeton d’une ligne droite de %1 jetons cachés, ou de l’or découvert pour l’enterrer.</translation>
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
        <source>Replay of board %1: %2 (mountains) against %3 (rivers)</source>
        <translation>Relecture du plateau %1 : %2 (montagnes) contre %3 (rivières)</translation>
    </message>
    <message>
        <source>Against a player on the network, the host plays the mountains.</source>
        <translation>Contre un joueur du réseau, l’hôte joue les montagnes.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Plateau</translation>
    </message>
    <message>
        <source>Board %1</source>
        <translation>Plateau %1</translation>
    </message>
    <message>
        <source>Mountains &amp; Rivers</source>
        <translation>Montagnes et Rivières</translation>
    </message>
    <message>
        <source>Mountains &amp; Rivers — a gold-prospecting game for two</source>
        <translation>Montagnes et Rivières — un jeu de chercheurs d’or pour deux</translation>
    </message>
    <message>
        <source>Random board</source>
        <translation>Plateau au hasard</translation>
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
        <source>%1 (mountains) %2 – %3 %4 (rivers)</source>
        <translation>%1 (montagnes) %2 – %3 %4 (rivières)</translation>
    </message>
    <message>
        <source>Board %1 — mountains: %2; rivers: %3</source>
        <translation>Plateau %1 — montagnes : %2 ; rivières : %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 lost the connection — waiting for %1 to come back (%2 left).</source>
        <translation>
            <numerusform>%1 a perdu la connexion — on attend son retour (encore %2).</numerusform>
            <numerusform>%1 ont perdu la connexion — on attend leur retour (encore %2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
</context>
</TS>
