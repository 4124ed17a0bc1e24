<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Lobby</name>
    <message>
        <source>%1 against %2, last played %3</source>
        <translation>%1 contre %2, jouée pour la dernière fois le %3</translation>
    </message>
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
        <source>Cannot resume this game</source>
        <translation>Impossible de reprendre cette partie</translation>
    </message>
    <message>
        <source>This game cannot be resumed.</source>
        <translation>Cette partie ne peut pas reprendre.</translation>
    </message>
    <message>
        <source>It may be open in another goldnet window, or its journal may be damaged.</source>
        <translation>Elle est peut-être ouverte dans une autre fenêtre de goldnet, ou son journal est abîmé.</translation>
    </message>
    <message>
        <source>Leave the game?</source>
        <translation>Quitter la partie ?</translation>
    </message>
    <message>
        <source>This game is not saved: if you close the window, it is lost.</source>
        <translation>Cette partie n’est pas enregistrée : si vous fermez la fenêtre, elle sera perdue.</translation>
    </message>
    <message>
        <source>This game is no longer saved: if you close the window, it resumes from where saving stopped, not from here.</source>
        <translation>Cette partie n’est plus enregistrée : si vous fermez la fenêtre, elle reprendra là où l’enregistrement s’est arrêté, pas d’ici.</translation>
    </message>
    <message>
        <source>Your game is saved: “Resume an interrupted game” on the start screen goes on with it.</source>
        <translation>Votre partie est enregistrée : « Reprendre une partie interrompue », sur l’écran d’accueil, la poursuivra.</translation>
    </message>
    <message>
        <source>Close goldnet</source>
        <translation>Fermer goldnet</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>Continuer à jouer</translation>
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
        <source>goldnet — %1</source>
        <translation>goldnet — %1</translation>
    </message>
    <message>
        <source>Your table closes with the window: the other players wait for you to open it again, or one of them hosts it anew.</source>
        <translation>Votre table se ferme avec la fenêtre : les autres joueurs attendent que vous la rouvriez, ou l’un d’eux l’héberge à nouveau.</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <source>Player 1</source>
        <translation>Joueur 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Joueur 2</translation>
    </message>
    <message>
        <source>Gold collected: %1.</source>
        <translation>Or ramassé : %1.</translation>
    </message>
    <message>
        <source>Mountains collected: %1 of 17.</source>
        <translation>Montagnes ramassées : %1 sur 17.</translation>
    </message>
    <message>
        <source>Rivers collected: %1 of 17.</source>
        <translation>Rivières ramassées : %1 sur 17.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partie est terminée.</translation>
    </message>
    <message>
        <source>Free choice: no tiles are thrown. Reveal one marker (click it twice) or two neighbouring markers. Nobody can bury gold any more.</source>
        <translation>Choix libre : on ne lance plus les tuiles. Retournez un jeton (cliquez-le deux fois) ou deux jetons voisins. Personne ne peut plus enterrer d’or.</translation>
    </message>
    <message>
        <source>Range 1–%1: the tiles %2 are thrown at the start of each turn; the roll is the number of black strokes showing.</source>
        <translation>Portée 1–%1 : les tuiles %2 sont lancées au début de chaque tour ; le lancer est le nombre de traits noirs visibles.</translation>
    </message>
    <message>
        <source>The range narrows when fewer than two straight lines of that many face-down markers remain, and widens again if burying makes them.</source>
        <translation>La portée se réduit quand il reste moins de deux lignes droites d’autant de jetons cachés, et s’élargit de nouveau si un enterrement en refait.</translation>
    </message>
    <message>
        <source>Roll 1: reveal one face-down marker.</source>
        <translation>Lancer 1 : retournez un jeton caché.</translation>
    </message>
    <message>
        <source>Roll %1: reveal a straight line of exactly %1 face-down markers.</source>
        <translation>Lancer %1 : retournez une ligne droite d’exactement %1 jetons cachés.</translation>
    </message>
    <message>
        <source>%1 — the 17 mountains (the green areas). The mountains move first.</source>
        <translation>%1 — les 17 montagnes (les zones vertes). Les montagnes jouent en premier.</translation>
    </message>
    <message>
        <source>%1 — the 17 rivers (the blue lines). The rivers move second.</source>
        <translation>%1 — les 17 rivières (les lignes bleues). Les rivières jouent en second.</translation>
    </message>
    <message>
        <source>Shovels: %1. Instead of revealing, a shovel lets its holder bury one exposed gold marker; it then goes to the opponent.</source>
        <translation>Pelles : %1. Au lieu de retourner des jetons, une pelle permet à qui la détient d’enterrer un jeton d’or découvert ; elle passe alors à l’adversaire.</translation>
    </message>
    <message>
        <source>No shovel: no burying gold for now.</source>
        <translation>Aucune pelle : pas d’or à enterrer pour l’instant.</translation>
    </message>
    <message>
        <source>Shovel — %1.</source>
        <translation>Pelle — %1.</translation>
    </message>
    <message>
        <source>Instead of revealing, a player with a shovel may bury one exposed gold marker (turn it face down again); the shovel then goes to the opponent. No burying in free choice.</source>
        <translation>Au lieu de retourner des jetons, un joueur qui a une pelle peut enterrer un jeton d’or découvert (le cacher de nouveau) ; la pelle passe alors à l’adversaire. On n’enterre plus en choix libre.</translation>
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
    <name>Replay</name>
    <message>
        <source>Cannot replay this record</source>
        <translation>Impossible de rejouer cette partie</translation>
    </message>
    <message>
        <source>This file cannot be opened.</source>
        <translation>Impossible d’ouvrir ce fichier.</translation>
    </message>
    <message>
        <source>Check that it still exists and that you are allowed to read it.</source>
        <translation>Vérifiez qu’il existe toujours et que vous avez le droit de le lire.</translation>
    </message>
    <message>
        <source>This file is far too large to be a goldnet record.</source>
        <translation>Ce fichier est bien trop gros pour être une partie enregistrée par goldnet.</translation>
    </message>
    <message>
        <source>Choose a record saved by goldnet: a file whose name ends in .goldnet.</source>
        <translation>Choisissez une partie enregistrée par goldnet : un fichier dont le nom finit par .goldnet.</translation>
    </message>
    <message>
        <source>This file is not a goldnet record.</source>
        <translation>Ce fichier n’est pas une partie enregistrée par goldnet.</translation>
    </message>
    <message>
        <source>goldnet saves a record — a file whose name ends in .goldnet — when a game ends. Choose one of those.</source>
        <translation>goldnet enregistre chaque partie terminée dans un fichier dont le nom finit par .goldnet. Choisissez l’un de ces fichiers.</translation>
    </message>
    <message>
        <source>This record is damaged: it was cut short or changed after it was saved.</source>
        <translation>Cette partie enregistrée est abîmée : le fichier a été tronqué ou modifié après son enregistrement.</translation>
    </message>
    <message>
        <source>It cannot be replayed. If you have another copy of it, try that one.</source>
        <translation>Impossible de la rejouer. Si vous en avez une autre copie, essayez celle-là.</translation>
    </message>
    <message>
        <source>This record was saved by a newer version of goldnet.</source>
        <translation>Cette partie a été enregistrée par une version plus récente de goldnet.</translation>
    </message>
    <message>
        <source>Update goldnet to replay it.</source>
        <translation>Mettez goldnet à jour pour la rejouer.</translation>
    </message>
    <message>
        <source>This record does not check out: it does not hold a whole game.</source>
        <translation>Cette partie enregistrée ne passe pas la vérification : elle ne contient pas une partie entière.</translation>
    </message>
    <message>
        <source>This record does not check out: its message %1 of %2 is not what the game allowed at that point.</source>
        <translation>Cette partie enregistrée ne passe pas la vérification : son message %1 sur %2 n’est pas ce que la partie permettait à ce moment-là.</translation>
    </message>
    <message>
        <source>The file was changed or damaged after the game, so it cannot be replayed. It blames nobody: anyone who had the file could have changed it.</source>
        <translation>Le fichier a été modifié ou abîmé après la partie : impossible de la rejouer. Il n’accuse personne : quiconque a eu le fichier a pu le modifier.</translation>
    </message>
    <message>
        <source>This record holds no game.</source>
        <translation>Ce fichier ne contient aucune partie.</translation>
    </message>
    <message>
        <source>Choose another record.</source>
        <translation>Choisissez une autre partie enregistrée.</translation>
    </message>
    <message>
        <source>This record cannot be replayed.</source>
        <translation>Impossible de rejouer cette partie.</translation>
    </message>
    <message>
        <source>Its name says it is one, but it holds something else: it may be empty, or another file renamed. If you have another copy of it, try that one.</source>
        <translation>Son nom dit qu’il en est une, mais il contient autre chose : il est peut-être vide, ou c’est un autre fichier renommé. Si vous en avez une autre copie, essayez-la.</translation>
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
        <source>Last position</source>
        <translation>Dernière position</translation>
    </message>
    <message>
        <source>Back to the start</source>
        <translation>Retour à l’accueil</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Stop playing the record (Space)</source>
        <translation>Arrêter la lecture (Espace)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Lecture</translation>
    </message>
    <message>
        <source>Play the record step by step at the chosen speed (Space)</source>
        <translation>Dérouler la partie coup par coup à la vitesse choisie (Espace)</translation>
    </message>
    <message>
        <source>Step back (←)</source>
        <translation>Coup précédent (←)</translation>
    </message>
    <message>
        <source>Step forward (→)</source>
        <translation>Coup suivant (→)</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <source>How fast Play steps through the record</source>
        <translation>À quelle vitesse la lecture avance dans la partie</translation>
    </message>
    <message>
        <source>Point of view</source>
        <translation>Point de vue</translation>
    </message>
    <message>
        <source>Public (what everyone saw)</source>
        <translation>Public (ce que tous ont vu)</translation>
    </message>
    <message>
        <source>%1&apos;s own view</source>
        <translation>Vue de %1</translation>
    </message>
    <message>
        <source>Each player&apos;s own view shows what only that player knew (a secret mission, a peek), as the audit at the end of the game published it</source>
        <translation>La vue de chaque joueur montre ce que lui seul savait (sa mission secrète, ses coups d’œil), tel que l’audit de fin de partie l’a publié</translation>
    </message>
    <message>
        <source>This record holds no secret of any player: everyone saw the same</source>
        <translation>Cette partie ne contient aucun secret de joueur : tous ont vu la même chose</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Player 1</source>
        <translation>Joueur 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Joueur 2</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>À vous</translation>
    </message>
    <message>
        <source>Two prospectors share a valley of 91 fields. On every field lies one gold nugget, hidden under a face-down marker. Turn the markers up, claim the land the gold lies in, and collect more gold than your opponent.</source>
        <translation>Deux chercheurs d’or se partagent une vallée de 91 cases. Sur chaque case se trouve une pépite d’or, sous un jeton caché. Retournez les jetons, faites vôtres les terres où se trouve l’or, et ramassez plus d’or que votre adversaire.</translation>
    </message>
    <message>
        <source>What you own</source>
        <translation>Ce que vous possédez</translation>
    </message>
    <message>
        <source>The valley is cut up in two ways. The 17 mountains are the green areas separated by sand paths; the 17 rivers are the blue lines that join the fields of each river.</source>
        <translation>La vallée est découpée de deux façons. Les 17 montagnes sont les zones vertes séparées par des chemins de sable ; les 17 rivières sont les lignes bleues qui relient les cases de chaque rivière.</translation>
    </message>
    <message>
        <source>Every field lies in exactly one mountain and in exactly one river.</source>
        <translation>Chaque case appartient à exactement une montagne et à exactement une rivière.</translation>
    </message>
    <message>
        <source>One player owns all the mountains and moves first; the other owns all the rivers. Your panel shows your family with its sign: two peaks for the mountains, two waves for the rivers.</source>
        <translation>Un joueur possède toutes les montagnes et commence ; l’autre possède toutes les rivières. Votre panneau montre votre famille avec son signe : deux sommets pour les montagnes, deux vagues pour les rivières.</translation>
    </message>
    <message>
        <source>Hover over a field: its mountain is outlined, its river glows, and the tooltip says how many face-down markers each of them still hides.</source>
        <translation>Survolez une case : sa montagne est soulignée, sa rivière s’illumine, et l’infobulle dit combien de jetons cachés chacune garde encore.</translation>
    </message>
    <message>
        <source>The markers</source>
        <translation>Les jetons</translation>
    </message>
    <message>
        <source>Brown:</source>
        <translation>Brun :</translation>
    </message>
    <message>
        <source>a face-down marker — the gold under it is still hidden.</source>
        <translation>un jeton caché — l’or qu’il couvre est encore invisible.</translation>
    </message>
    <message>
        <source>Gold:</source>
        <translation>Doré :</translation>
    </message>
    <message>
        <source>exposed gold — turned up, but nobody&apos;s yet.</source>
        <translation>de l’or découvert — retourné, mais à personne encore.</translation>
    </message>
    <message>
        <source>Empty ring:</source>
        <translation>Anneau vide :</translation>
    </message>
    <message>
        <source>a collected field — its gold went to a player, and it stays empty.</source>
        <translation>une case ramassée — son or est allé à un joueur, et elle reste vide.</translation>
    </message>
    <message>
        <source>How a turn goes</source>
        <translation>Comment se passe un tour</translation>
    </message>
    <message>
        <source>The roll.</source>
        <translation>Le lancer.</translation>
    </message>
    <message>
        <source>At the start of your turn the tiles are thrown for you. The roll is the number of black strokes on the upright tiles; above them, the range says which rolls are possible now.</source>
        <translation>Au début de votre tour, les tuiles sont lancées pour vous. Le lancer est le nombre de traits noirs sur les tuiles debout ; au-dessus d’elles, la portée dit quels lancers sont possibles maintenant.</translation>
    </message>
    <message>
        <source>Reveal gold.</source>
        <translation>Découvrir de l’or.</translation>
    </message>
    <message>
        <source>Click the first, then the last marker of a straight line of exactly that many face-down markers. Lines run along the rows of fields, in any of the three directions. Exposed gold and collected fields interrupt a line. With a roll of 1, click a single face-down marker.</source>
        <translation>Cliquez le premier, puis le dernier jeton d’une ligne droite d’exactement autant de jetons cachés. Les lignes suivent les rangées de cases, dans l’une des trois directions. L’or découvert et les cases ramassées interrompent une ligne. Avec un lancer de 1, cliquez un seul jeton caché.</translation>
    </message>
    <message>
        <source>Or bury gold.</source>
        <translation>Ou enterrer de l’or.</translation>
    </message>
    <message>
        <source>Instead of revealing, click one exposed gold marker to turn it face down again. This takes a shovel (see Shovels).</source>
        <translation>Au lieu de retourner des jetons, cliquez un jeton d’or découvert pour le cacher de nouveau. Il faut pour cela une pelle (voir Les pelles).</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Le ramassage</translation>
    </message>
    <message>
        <source>follows at once, by itself (see Collection).</source>
        <translation>suit aussitôt, tout seul (voir Le ramassage).</translation>
    </message>
    <message>
        <source>Confirm.</source>
        <translation>Confirmer.</translation>
    </message>
    <message>
        <source>Click Confirm or press Enter. Until then, Undo (Ctrl+Z) takes your move back and you may choose again.</source>
        <translation>Cliquez Confirmer ou appuyez sur Entrée. D’ici là, Annuler (Ctrl+Z) reprend votre coup et vous pouvez choisir de nouveau.</translation>
    </message>
    <message>
        <source>While you choose, the line shows green when it can be played and red when it cannot; the message above the board says what you can do now, and why a click was refused.</source>
        <translation>Pendant que vous choisissez, la ligne s’affiche en vert quand elle peut être jouée et en rouge sinon ; le message au-dessus du plateau dit ce que vous pouvez faire maintenant, et pourquoi un clic a été refusé.</translation>
    </message>
    <message>
        <source>A roll of 3: the first marker has a white ring, and the line to the last one shows green — three face-down markers in a straight row. Exposed gold and the empty rings of a collected mountain interrupt lines.</source>
        <translation>Un lancer de 3 : le premier jeton porte un anneau blanc, et la ligne jusqu’au dernier s’affiche en vert — trois jetons cachés en ligne droite. L’or découvert et les anneaux vides d’une montagne ramassée interrompent les lignes.</translation>
    </message>
    <message>
        <source>When a territory — a mountain or a river — has no face-down marker left, its owner collects all the exposed gold in it, at once.</source>
        <translation>Quand un territoire — une montagne ou une rivière — n’a plus aucun jeton caché, son propriétaire ramasse aussitôt tout l’or découvert qu’il contient.</translation>
    </message>
    <message>
        <source>The player whose turn it is collects first; then the opponent collects from their own territories that are complete. Every field is in a mountain and in a river, so one move can give gold to both players.</source>
        <translation>Le joueur dont c’est le tour ramasse d’abord ; puis l’adversaire ramasse dans ses propres territoires complets. Chaque case est dans une montagne et dans une rivière : un seul coup peut donc donner de l’or aux deux joueurs.</translation>
    </message>
    <message>
        <source>Collected fields stay empty for the rest of the game: no nugget is counted twice, and an empty field interrupts lines.</source>
        <translation>Les cases ramassées restent vides jusqu’à la fin de la partie : aucune pépite ne compte deux fois, et une case vide interrompt les lignes.</translation>
    </message>
    <message>
        <source>Mind your opponent&apos;s territories: revealing the last face-down marker of one of them hands its gold over.</source>
        <translation>Attention aux territoires de votre adversaire : retourner le dernier jeton caché de l’un d’eux lui en donne l’or.</translation>
    </message>
    <message>
        <source>The range</source>
        <translation>La portée</translation>
    </message>
    <message>
        <source>Before every turn, the range — the rolls the tiles can show — is worked out from the face-down markers left on the board:</source>
        <translation>Avant chaque tour, la portée — les lancers que les tuiles peuvent donner — se calcule d’après les jetons cachés qui restent sur le plateau :</translation>
    </message>
    <message>
        <source>three tiles: 0|1, 0|2, 1|2</source>
        <translation>trois tuiles : 0|1, 0|2, 1|2</translation>
    </message>
    <message>
        <source>while at least two straight lines of five face-down markers remain;</source>
        <translation>tant qu’il reste au moins deux lignes droites de cinq jetons cachés ;</translation>
    </message>
    <message>
        <source>two tiles: 0|2, 1|2</source>
        <translation>deux tuiles : 0|2, 1|2</translation>
    </message>
    <message>
        <source>otherwise, while at least two lines of four remain;</source>
        <translation>sinon, tant qu’il reste au moins deux lignes de quatre ;</translation>
    </message>
    <message>
        <source>two tiles: 0|1, 1|2</source>
        <translation>deux tuiles : 0|1, 1|2</translation>
    </message>
    <message>
        <source>otherwise, while at least two lines of three remain;</source>
        <translation>sinon, tant qu’il reste au moins deux lignes de trois ;</translation>
    </message>
    <message>
        <source>Free choice</source>
        <translation>Choix libre</translation>
    </message>
    <message>
        <source>no tiles</source>
        <translation>aucune tuile</translation>
    </message>
    <message>
        <source>otherwise: reveal one marker (click it twice) or two neighbouring markers. Nobody can bury gold any more.</source>
        <translation>sinon : retournez un jeton (cliquez-le deux fois) ou deux jetons voisins. Personne ne peut plus enterrer d’or.</translation>
    </message>
    <message>
        <source>Lines may overlap: a row of six face-down markers holds two lines of five. Each tile falls on either face with an even chance, so middle rolls come more often: in the range 1–5, a 1 or a 5 comes once in eight throws, a 2, 3 or 4 twice in eight. Burying gold can make longer lines again, and so widen the range.</source>
        <translation>Les lignes peuvent se chevaucher : une rangée de six jetons cachés contient deux lignes de cinq. Chaque tuile tombe sur l’une ou l’autre face avec la même chance, si bien que les lancers du milieu sont plus fréquents : avec la portée 1–5, un 1 ou un 5 sort une fois sur huit, un 2, un 3 ou un 4 deux fois sur huit. Enterrer de l’or peut refaire des lignes plus longues, et donc élargir la portée.</translation>
    </message>
    <message>
        <source>The panels show each player&apos;s gold and shovels; between them, the range and the tiles in play — here the range 1–5, and three strokes in all: a roll of 3.</source>
        <translation>Les panneaux montrent l’or et les pelles de chaque joueur ; entre eux, la portée et les tuiles en jeu — ici la portée 1–5, et trois traits en tout : un lancer de 3.</translation>
    </message>
    <message>
        <source>Shovels</source>
        <translation>Les pelles</translation>
    </message>
    <message>
        <source>Each player starts with two shovels, drawn in their panel.</source>
        <translation>Chaque joueur commence avec deux pelles, dessinées dans son panneau.</translation>
    </message>
    <message>
        <source>Burying gold takes at least one shovel: once you have buried, one of your shovels goes to your opponent. With no shovel you cannot bury, and in free choice nobody can.</source>
        <translation>Pour enterrer de l’or, il faut au moins une pelle : une fois l’or enterré, l’une de vos pelles passe à votre adversaire. Sans pelle, vous ne pouvez pas enterrer, et en choix libre personne ne le peut.</translation>
    </message>
    <message>
        <source>A buried nugget is face down again, so its mountain and its river cannot be collected until it is revealed once more: bury to keep gold from your opponent, or to keep it on the board until your own territory is complete.</source>
        <translation>Une pépite enterrée est de nouveau cachée : sa montagne et sa rivière ne peuvent pas être ramassées avant qu’elle soit retournée une nouvelle fois. Enterrez pour priver votre adversaire d’or, ou pour le garder sur le plateau jusqu’à ce que votre propre territoire soit complet.</translation>
    </message>
    <message>
        <source>Undo takes back the bury and the shovel&apos;s journey together.</source>
        <translation>Annuler reprend à la fois l’enterrement et le voyage de la pelle.</translation>
    </message>
    <message>
        <source>The end</source>
        <translation>La fin</translation>
    </message>
    <message>
        <source>When every field has been collected and the last turn is confirmed, the game is over. All 91 nuggets are then in the players&apos; panels, so there is never a tie: the player with more gold wins.</source>
        <translation>Quand toutes les cases ont été ramassées et que le dernier tour est confirmé, la partie est finie. Les 91 pépites sont alors dans les panneaux des joueurs, si bien qu’il n’y a jamais d’égalité : le joueur qui a le plus d’or gagne.</translation>
    </message>
</context>
<context>
    <name>RulesButton</name>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>How to play this game</source>
        <translation>Comment jouer à ce jeu</translation>
    </message>
</context>
<context>
    <name>RulesWindow</name>
    <message>
        <source>Rules — %1</source>
        <translation>Règles — %1</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>No interrupted game.</source>
        <translation>Aucune partie interrompue.</translation>
    </message>
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
    <message>
        <source>Field %1</source>
        <translation>Case %1</translation>
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
    <message>
        <source>Their turn</source>
        <translation>C’est son tour</translation>
    </message>
    <message>
        <source>Speed of the other players&apos; turns</source>
        <translation>Vitesse des tours des autres joueurs</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lente</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Rapide</translation>
    </message>
    <message>
        <source>How long each step of another player&apos;s turn stays on the board: the roll, the line, the collection</source>
        <translation>Combien de temps chaque étape du tour d’un autre joueur reste sur le plateau : le lancer, la ligne, le ramassage</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>The game goes on from turn %1.</source>
        <translation>La partie reprend au tour %1.</translation>
    </message>
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
        <source>%1: %n marker(s) revealed (%2)</source>
        <translation>
            <numerusform>%1 : %n jeton retourné (%2)</numerusform>
            <numerusform>%1 : %n jetons retournés (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: a nugget buried on %2, a shovel to %3</source>
        <translation>%1 : une pépite enterrée en %2, une pelle pour %3</translation>
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
    <message>
        <source>Your turn, roll 1: click one face-down marker.</source>
        <translation>À vous, lancer 1 : cliquez un jeton caché.</translation>
    </message>
    <message>
        <source>Your turn, roll %1: click the first and last marker of a straight line of %1 face-down markers.</source>
        <translation>À vous, lancer %1 : cliquez le premier et le dernier jeton d’une ligne droite de %1 jetons cachés.</translation>
    </message>
    <message numerus="yes">
        <source>Dealing: no deck key from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>La donne : pas encore de clé de paquet de %1 — %1 n’est peut-être plus là, ou le relais ne la transmet pas (encore %2).</numerusform>
            <numerusform>La donne : pas encore de clés de paquet de %1 — ces joueurs ne sont peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Dealing: %1 has not shuffled yet — %1 may be away, or the relay is not passing the shuffle on (%2 left).</source>
        <translation>La donne : %1 n’a pas encore mélangé — %1 n’est peut-être plus là, ou le relais ne transmet pas son mélange (encore %2).</translation>
    </message>
    <message>
        <source>Dealing: no proof of %1&apos;s shuffle yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>La donne : pas encore de preuve du mélange de %1 — %1 n’est peut-être plus là, ou le relais ne la transmet pas (encore %2).</translation>
    </message>
    <message>
        <source>Dealing: %1 has not locked the cards yet — %1 may be away, or the relay is not passing the lock on (%2 left).</source>
        <translation>La donne : %1 n’a pas encore verrouillé les cartes — %1 n’est peut-être plus là, ou le relais ne transmet pas son verrou (encore %2).</translation>
    </message>
    <message numerus="yes">
        <source>A hidden card is turned face up: no share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>Une carte cachée se retourne : pas encore de part de %1 — %1 n’est peut-être plus là, ou le relais ne la transmet pas (encore %2).</numerusform>
            <numerusform>Une carte cachée se retourne : pas encore de parts de %1 — ces joueurs ne sont peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A card is shown to one player: no sealed share from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).</source>
        <translation>
            <numerusform>Une carte est montrée à un seul joueur : pas encore de part scellée de %1 — %1 n’est peut-être plus là, ou le relais ne la transmet pas (encore %2).</numerusform>
            <numerusform>Une carte est montrée à un seul joueur : pas encore de parts scellées de %1 — ces joueurs ne sont peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checking the deal: no deck secrets from %1 yet — %1 may be away, or the relay is not passing them on (%2 left).</source>
        <translation>
            <numerusform>Vérification de la donne : pas encore de secrets de paquet de %1 — %1 n’est peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
            <numerusform>Vérification de la donne : pas encore de secrets de paquet de %1 — ces joueurs ne sont peut-être plus là, ou le relais ne les transmet pas (encore %2).</numerusform>
        </translation>
    </message>
    <message>
        <source>Dealing… the game starts in a moment.</source>
        <translation>Distribution… la partie commence dans un instant.</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>This game cannot go on: %1</source>
        <translation>Cette partie ne peut pas continuer : %1</translation>
    </message>
    <message>
        <source>This game is not saved: if the window closes, it cannot be resumed.</source>
        <translation>Cette partie n’est pas enregistrée : si la fenêtre se ferme, elle ne pourra pas reprendre.</translation>
    </message>
    <message>
        <source>This game can no longer be saved (the disk is full or cannot be written): play goes on; if the window closes, it resumes from where saving stopped.</source>
        <translation>Cette partie ne peut plus être enregistrée (le disque est plein ou ne peut pas être écrit) : le jeu continue ; si la fenêtre se ferme, elle reprendra là où l’enregistrement s’est arrêté.</translation>
    </message>
</context>
<context>
    <name>Dealer</name>
    <message>
        <source>Cannot start this game</source>
        <translation>Impossible de lancer cette partie</translation>
    </message>
    <message>
        <source>This game could not be dealt.</source>
        <translation>Cette partie n’a pas pu être distribuée.</translation>
    </message>
</context>
<context>
    <name>GoldenCity</name>
    <message>
        <source>No issue has appeared yet: one appears every third advance of the locomotive.</source>
        <translation>Aucun numéro n’a encore paru : il en paraît un toutes les trois avancées de la locomotive.</translation>
    </message>
    <message>
        <source>No. %1</source>
        <translation>N° %1</translation>
    </message>
    <message>
        <source>Final banks, missions included</source>
        <translation>Banques finales, missions comprises</translation>
    </message>
    <message numerus="yes">
        <source>a nugget of %n</source>
        <translation>
            <numerusform>une pépite de %n</numerusform>
            <numerusform>une pépite de %n</numerusform>
        </translation>
    </message>
    <message>
        <source>a thief of strength %1</source>
        <translation>un voleur de force %1</translation>
    </message>
    <message>
        <source>%1 is home, with an empty sack.</source>
        <translation>%1 rentre chez lui, le sac vide.</translation>
    </message>
    <message numerus="yes">
        <source>a vein of %n nugget(s)</source>
        <translation>
            <numerusform>un filon de %n pépite</numerusform>
            <numerusform>un filon de %n pépites</numerusform>
        </translation>
    </message>
    <message>
        <source>a ghost</source>
        <translation>un fantôme</translation>
    </message>
    <message>
        <source>a cave-in</source>
        <translation>un éboulement</translation>
    </message>
    <message numerus="yes">
        <source>The lantern lights the mine for %n roll(s).</source>
        <translation>
            <numerusform>La lanterne éclaire la mine pour %n lancer.</numerusform>
            <numerusform>La lanterne éclaire la mine pour %n lancers.</numerusform>
        </translation>
    </message>
    <message>
        <source>A cow on the track: the locomotive does not advance.</source>
        <translation>Une vache sur la voie : la locomotive n’avance pas.</translation>
    </message>
    <message>
        <source>The locomotive enters Golden City station!</source>
        <translation>La locomotive entre en gare de Golden City !</translation>
    </message>
    <message>
        <source>The locomotive is in Golden City station.</source>
        <translation>La locomotive est en gare de Golden City.</translation>
    </message>
    <message>
        <source>No issue of the Gazette can appear.</source>
        <translation>Aucun numéro de la Gazette ne peut paraître.</translation>
    </message>
    <message>
        <source>%1 is home and banks %2 (nuggets: %3, the sheriff&apos;s bounty: %4).</source>
        <translation>%1 rentre chez lui et met %2 en banque (pépites : %3, prime du shérif : %4).</translation>
    </message>
    <message>
        <source>%1 is home and banks %2.</source>
        <translation>%1 rentre chez lui et met %2 en banque.</translation>
    </message>
    <message>
        <source>fight</source>
        <translation>bagarre</translation>
    </message>
    <message>
        <source>brawl</source>
        <translation>rixe</translation>
    </message>
    <message>
        <source>duel with the ghost</source>
        <translation>duel contre le fantôme</translation>
    </message>
    <message>
        <source>duel with the guard</source>
        <translation>duel contre le garde</translation>
    </message>
    <message>
        <source>— Turn %1: %2 —</source>
        <translation>— Tour %1 : %2 —</translation>
    </message>
    <message>
        <source>%1 loses this turn (the cave-in).</source>
        <translation>%1 passe ce tour (l’éboulement).</translation>
    </message>
    <message>
        <source>%1 cannot move %2: the roll is lost.</source>
        <translation>%1 ne peut pas avancer de %2 : le lancer est perdu.</translation>
    </message>
    <message>
        <source>%1 crosses the lake by raft from %2 to %3.</source>
        <translation>%1 traverse le lac en radeau de %2 à %3.</translation>
    </message>
    <message>
        <source>%1 rides the Pony Express home.</source>
        <translation>%1 rentre chez lui au galop du Pony Express.</translation>
    </message>
    <message>
        <source>%1 buys: %2 (price: %3).</source>
        <translation>%1 achète : %2 (prix : %3).</translation>
    </message>
    <message>
        <source>%1 looks at the token on %2 with the lantern.</source>
        <translation>%1 regarde le jeton de %2 à la lanterne.</translation>
    </message>
    <message>
        <source>On %1: %2.</source>
        <translation>En %1 : %2.</translation>
    </message>
    <message>
        <source>%1 takes a nugget of %2.</source>
        <translation>%1 emporte une pépite de %2.</translation>
    </message>
    <message>
        <source>%1&apos;s sieve rolls %2: that many nuggets more.</source>
        <translation>Le tamis de %1 donne %2 : autant de pépites en plus.</translation>
    </message>
    <message>
        <source>%1 brawls with a thief of strength %2 on %3.</source>
        <translation>Rixe : %1 affronte un voleur de force %2 en %3.</translation>
    </message>
    <message>
        <source>%1 attacks %2: a fight!</source>
        <translation>%1 attaque %2 : bagarre !</translation>
    </message>
    <message>
        <source>%1 meets a ghost on %2.</source>
        <translation>%1 rencontre un fantôme en %2.</translation>
    </message>
    <message>
        <source>%1 tries to rob the train: the guard (strength %2) fights.</source>
        <translation>%1 tente de braquer le train : le garde (force %2) se défend.</translation>
    </message>
    <message>
        <source>Duel die (%1): %2 rolls %3.</source>
        <translation>Dé des duels (%1) : %2 fait %3.</translation>
    </message>
    <message>
        <source>A tie at %1: roll again.</source>
        <translation>Égalité à %1 : on relance.</translation>
    </message>
    <message>
        <source>%1 wins the fight and takes the sack (nuggets: %2, thieves: %3); %4 goes home.</source>
        <translation>%1 gagne la bagarre et prend le sac (pépites : %2, voleurs : %3) ; %4 rentre chez lui.</translation>
    </message>
    <message>
        <source>The thief beats %1 and keeps the sack under it (nuggets: %2, thieves: %3).</source>
        <translation>Le voleur bat %1 et garde le sac sous lui (pépites : %2, voleurs : %3).</translation>
    </message>
    <message>
        <source>%1 chases the ghost from %2.</source>
        <translation>%1 chasse le fantôme de %2.</translation>
    </message>
    <message>
        <source>The ghost beats %1 on %2.</source>
        <translation>Le fantôme bat %1 en %2.</translation>
    </message>
    <message>
        <source>%1&apos;s sack is lost (nuggets: %2, thieves: %3).</source>
        <translation>Le sac de %1 est perdu (pépites : %2, voleurs : %3).</translation>
    </message>
    <message>
        <source>The guard beats %1, who goes home.</source>
        <translation>Le garde bat %1, qui rentre chez lui.</translation>
    </message>
    <message>
        <source>%1 robs the train&apos;s chest: %2 nuggets!</source>
        <translation>%1 braque le coffre du train : %2 pépites !</translation>
    </message>
    <message>
        <source>%1 beat the wanted %2: the sheriff pays %3.</source>
        <translation>%1 a battu %2, recherché : le shérif paie %3.</translation>
    </message>
    <message>
        <source>%1 goes down into the mine at %2.</source>
        <translation>%1 descend dans la mine en %2.</translation>
    </message>
    <message>
        <source>%1 finds a vein of %2 nuggets on %3.</source>
        <translation>%1 trouve un filon de %2 pépites en %3.</translation>
    </message>
    <message>
        <source>A cave-in on %1: %2 loses the next turn.</source>
        <translation>Éboulement en %1 : %2 passe son prochain tour.</translation>
    </message>
    <message>
        <source>%1 comes up at %2: the wagon banks %3 (the company keeps %4).</source>
        <translation>%1 remonte en %2 : le wagonnet verse %3 en banque (la compagnie en garde %4).</translation>
    </message>
    <message>
        <source>%1 is cut off below: the company digs them out.</source>
        <translation>%1 est emmuré au fond : la compagnie le dégage.</translation>
    </message>
    <message>
        <source>The locomotive advances to %1 (advance %2).</source>
        <translation>La locomotive avance en %1 (avancée %2).</translation>
    </message>
    <message>
        <source>The locomotive hits %1: %2 takes the sack (nuggets: %3, thieves: %4).</source>
        <translation>La locomotive percute %1 : %2 prend le sac (pépites : %3, voleurs : %4).</translation>
    </message>
    <message>
        <source>%1 goes home.</source>
        <translation>%1 rentre chez lui.</translation>
    </message>
    <message>
        <source>La Gazette de Golden City: %1.</source>
        <translation>La Gazette de Golden City : %1.</translation>
    </message>
    <message>
        <source>The Gazette places %1 on %2.</source>
        <translation>La Gazette place %1 en %2.</translation>
    </message>
    <message>
        <source>The mayor pays %1 nuggets to %2.</source>
        <translation>Le maire verse %1 pépites à %2.</translation>
    </message>
    <message>
        <source>Wanted: %1.</source>
        <translation>Recherché : %1.</translation>
    </message>
    <message>
        <source>%1 announces: mission fulfilled!</source>
        <translation>%1 annonce : mission remplie !</translation>
    </message>
    <message>
        <source>The game ends: the locomotive reached the station.</source>
        <translation>La partie s’arrête : la locomotive est entrée en gare.</translation>
    </message>
    <message>
        <source>The game ends: no nugget is left to discover.</source>
        <translation>La partie s’arrête : il n’y a plus de pépite à découvrir.</translation>
    </message>
    <message>
        <source>%1&apos;s mission: %2.</source>
        <translation>Mission de %1 : %2.</translation>
    </message>
    <message>
        <source>%1&apos;s mission is fulfilled: bonus %2.</source>
        <translation>La mission de %1 est remplie : prime de %2.</translation>
    </message>
    <message>
        <source>%1 announced a mission that was not fulfilled.</source>
        <translation>%1 a annoncé une mission qui n’était pas remplie.</translation>
    </message>
    <message>
        <source>%1 fulfilled the mission but never announced it.</source>
        <translation>%1 a rempli sa mission sans jamais l’annoncer.</translation>
    </message>
    <message>
        <source>%1 saw the token on %2.</source>
        <translation>%1 a vu le jeton de %2.</translation>
    </message>
    <message>
        <source>%1 saw the token on %2: %3.</source>
        <translation>%1 a vu le jeton de %2 : %3.</translation>
    </message>
    <message>
        <source>%1&apos;s secret mission: %2.</source>
        <translation>Mission secrète de %1 : %2.</translation>
    </message>
    <message>
        <source>%1 rolls the locomotive.</source>
        <translation>%1 lance la locomotive.</translation>
    </message>
    <message>
        <source>%1 rolls %2.</source>
        <translation>%1 fait %2.</translation>
    </message>
    <message>
        <source>%1 moves below from %2 to %3.</source>
        <translation>%1 avance au fond de %2 à %3.</translation>
    </message>
    <message>
        <source>%1 moves from %2 to %3.</source>
        <translation>%1 va de %2 à %3.</translation>
    </message>
    <message>
        <source>the ghost</source>
        <translation>le fantôme</translation>
    </message>
    <message>
        <source>%1 captures the thief and its loot (nuggets: %2, thieves: %3).</source>
        <translation>%1 capture le voleur et son butin (pépites : %2, voleurs : %3).</translation>
    </message>
    <message>
        <source>%1 captures the thief.</source>
        <translation>%1 capture le voleur.</translation>
    </message>
    <message numerus="yes">
        <source>The locomotive is %n field(s) from the station.</source>
        <translation>
            <numerusform>La locomotive est à %n case de la gare.</numerusform>
            <numerusform>La locomotive est à %n cases de la gare.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 rolled %2.</source>
        <translation>%1 a fait %2.</translation>
    </message>
    <message>
        <source>The train&apos;s chest: %1 against the guard</source>
        <translation>Le coffre du train : %1 contre le garde</translation>
    </message>
    <message>
        <source>Tie at %1: both roll again.</source>
        <translation>Égalité à %1 : on relance.</translation>
    </message>
    <message>
        <source>Announced: the others know it is fulfilled, not which it is.</source>
        <translation>Annoncée : les autres savent qu’elle est remplie, pas laquelle.</translation>
    </message>
    <message>
        <source>Your secret mission</source>
        <translation>Votre mission secrète</translation>
    </message>
    <message>
        <source>%1 — no bonus</source>
        <translation>%1 — pas de prime</translation>
    </message>
    <message>
        <source>No issue in force.</source>
        <translation>Aucun numéro en vigueur.</translation>
    </message>
    <message>
        <source>In force: beat the leader in a fight for the sheriff&apos;s reward.</source>
        <translation>En vigueur : battez le premier dans une bagarre pour la récompense du shérif.</translation>
    </message>
    <message>
        <source>In force: every roll on the surface is one step shorter.</source>
        <translation>En vigueur : hors de la mine, chaque lancer fait un pas de moins.</translation>
    </message>
    <message>
        <source>In force: the revolver counts in no duel.</source>
        <translation>En vigueur : le revolver ne compte dans aucun duel.</translation>
    </message>
    <message>
        <source>In force: every tool costs one nugget less.</source>
        <translation>En vigueur : chaque outil coûte une pépite de moins.</translation>
    </message>
    <message>
        <source>In force: the company keeps nothing from the wagon.</source>
        <translation>En vigueur : la compagnie ne garde rien du wagonnet.</translation>
    </message>
    <message>
        <source>In force: 4 nuggets per thief delivered to the sheriff.</source>
        <translation>En vigueur : 4 pépites par voleur livré au shérif.</translation>
    </message>
    <message>
        <source>Published: its effect has applied.</source>
        <translation>Paru : son effet s’est appliqué.</translation>
    </message>
    <message>
        <source>%1 rolled the locomotive: it advances one field.</source>
        <translation>%1 a lancé la locomotive : elle avance d’une case.</translation>
    </message>
    <message>
        <source>(Sandstorm: one step less on the surface.)</source>
        <translation>(Tempête de sable : un pas de moins hors de la mine.)</translation>
    </message>
    <message numerus="yes">
        <source>Next Gazette after %n more advance(s).</source>
        <translation>
            <numerusform>Prochaine Gazette dans %n avancée.</numerusform>
            <numerusform>Prochaine Gazette dans %n avancées.</numerusform>
        </translation>
    </message>
    <message>
        <source>A cow is on the track.</source>
        <translation>Une vache est sur la voie.</translation>
    </message>
    <message>
        <source>Fight: %1 against %2</source>
        <translation>Bagarre : %1 contre %2</translation>
    </message>
    <message>
        <source>Brawl: %1 against a thief</source>
        <translation>Rixe : %1 contre un voleur</translation>
    </message>
    <message>
        <source>Ghost: %1 in the dark</source>
        <translation>Fantôme : %1 dans le noir</translation>
    </message>
    <message>
        <source>%1 wins, takes the sack (nuggets: %2, thieves: %3) and sends %4 home.</source>
        <translation>%1 gagne, prend le sac (pépites : %2, voleurs : %3) et renvoie %4 chez lui.</translation>
    </message>
    <message>
        <source>The thief wins and keeps %1&apos;s sack (nuggets: %2, thieves: %3).</source>
        <translation>Le voleur gagne et garde le sac de %1 (pépites : %2, voleurs : %3).</translation>
    </message>
    <message>
        <source>%1 chases the ghost away.</source>
        <translation>%1 chasse le fantôme.</translation>
    </message>
    <message>
        <source>The ghost wins: everything %1 carried vanishes.</source>
        <translation>Le fantôme gagne : tout ce que portait %1 s’évanouit.</translation>
    </message>
    <message>
        <source>The guard wins: %1 goes home and loses the sack.</source>
        <translation>Le garde gagne : %1 rentre chez lui et perd son sac.</translation>
    </message>
    <message>
        <source>Fulfilled! It is announced at the start of your next turn.</source>
        <translation>Remplie ! Elle sera annoncée au début de votre prochain tour.</translation>
    </message>
    <message>
        <source>%1 — +%2</source>
        <translation>%1 — +%2</translation>
    </message>
    <message>
        <source>In force: the train&apos;s chest waits on the locomotive&apos;s field.</source>
        <translation>En vigueur : le coffre du train attend sur la case de la locomotive.</translation>
    </message>
    <message>
        <source>The train&apos;s chest has been tried: no more robbery.</source>
        <translation>Le coffre du train a été tenté : plus de braquage.</translation>
    </message>
    <message>
        <source>In force: the next locomotive rolled does not advance.</source>
        <translation>En vigueur : la prochaine locomotive lancée n’avance pas.</translation>
    </message>
    <message>
        <source>The cow has left the track.</source>
        <translation>La vache a quitté la voie.</translation>
    </message>
    <message>
        <source>Move %1 or %2.</source>
        <translation>Avancez de %1 ou %2.</translation>
    </message>
    <message>
        <source>Thief</source>
        <translation>Voleur</translation>
    </message>
    <message>
        <source>Ghost</source>
        <translation>Fantôme</translation>
    </message>
    <message>
        <source>Guard</source>
        <translation>Garde</translation>
    </message>
    <message>
        <source>Bonus at the end if fulfilled: %1 nuggets.</source>
        <translation>Prime à la fin si elle est remplie : %1 pépites.</translation>
    </message>
    <message>
        <source>Move %1.</source>
        <translation>Avancez de %1.</translation>
    </message>
    <message>
        <source>Leave the store</source>
        <translation>Quitter le magasin</translation>
    </message>
    <message>
        <source>General Store</source>
        <translation>Magasin général</translation>
    </message>
    <message>
        <source>Nuggets spent here are spent for good: each tool must pay for itself.</source>
        <translation>Les pépites dépensées ici le sont pour de bon : chaque outil doit se rembourser.</translation>
    </message>
    <message>
        <source>vs</source>
        <translation>contre</translation>
    </message>
    <message>
        <source>strength</source>
        <translation>force</translation>
    </message>
    <message>
        <source>Soldes! Every tool costs one nugget less.</source>
        <translation>Soldes ! Chaque objet coûte une pépite de moins.</translation>
    </message>
    <message>
        <source>Owned</source>
        <translation>Possédé</translation>
    </message>
    <message>
        <source>Bank: %1</source>
        <translation>Banque : %1</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>Acheter</translation>
    </message>
    <message>
        <source>Too dear</source>
        <translation>Trop cher</translation>
    </message>
    <message>
        <source>+%1 revolver</source>
        <translation>+%1 revolver</translation>
    </message>
    <message>
        <source>Held.</source>
        <translation>Possédé.</translation>
    </message>
    <message>
        <source>Not held: the general store sells it.</source>
        <translation>Pas possédé : le magasin général le vend.</translation>
    </message>
    <message>
        <source>What the sack holds is safe only once banked at home.</source>
        <translation>Ce que contient le sac n’est à l’abri qu’une fois en banque, à la maison.</translation>
    </message>
    <message>
        <source>Loses a turn</source>
        <translation>Passe un tour</translation>
    </message>
    <message>
        <source>bank</source>
        <translation>banque</translation>
    </message>
    <message>
        <source>sack</source>
        <translation>sac</translation>
    </message>
    <message>
        <source>Bank: %1 — only the bank counts at the end.</source>
        <translation>Banque : %1 — seule la banque compte à la fin.</translation>
    </message>
    <message>
        <source>Sack — nuggets: %1, captured thieves: %2, gold found below: %3.</source>
        <translation>Sac — pépites : %1, voleurs capturés : %2, or trouvé au fond : %3.</translation>
    </message>
    <message>
        <source>Loses the next turn (a cave-in).</source>
        <translation>Passe son prochain tour (un éboulement).</translation>
    </message>
    <message>
        <source>Mission fulfilled (which one stays secret until the end).</source>
        <translation>Mission remplie (laquelle reste secrète jusqu’à la fin).</translation>
    </message>
    <message>
        <source>The connection is lost.</source>
        <translation>La connexion est perdue.</translation>
    </message>
    <message>
        <source>Tools: %1.</source>
        <translation>Outils : %1.</translation>
    </message>
    <message>
        <source>To play</source>
        <translation>À jouer</translation>
    </message>
    <message>
        <source>Winner!</source>
        <translation>Gagnant !</translation>
    </message>
    <message>
        <source>2 to 6 prospectors roam the hills around Golden City. Only the gold in your bank counts at the end: carry nuggets home before thieves, ghosts, other prospectors or the locomotive take them.</source>
        <translation>De 2 à 6 chercheurs d’or parcourent les collines autour de Golden City. Seul l’or de votre banque compte à la fin : rapportez vos pépites chez vous avant que les voleurs, les fantômes, les autres chercheurs ou la locomotive ne les prennent.</translation>
    </message>
    <message>
        <source>A turn</source>
        <translation>Un tour</translation>
    </message>
    <message>
        <source>Roll the die: five numbers, 2 to 6, and a locomotive. A number moves your prospector exactly that many fields in a straight line, in the direction you choose: click a highlighted field. You jump over other prospectors and hills, never through a house, never onto a lake.</source>
        <translation>Lancez le dé : cinq chiffres, de 2 à 6, et une locomotive. Un chiffre fait avancer votre chercheur d’exactement autant de cases en ligne droite, dans la direction de votre choix : cliquez une case en surbrillance. On passe par-dessus les autres chercheurs et les collines, jamais à travers une maison, jamais sur un lac.</translation>
    </message>
    <message>
        <source>Your own house needs no exact roll: a roll that reaches it stops there. At home, your sack goes to your bank, and the sheriff pays 2 nuggets for every thief you captured.</source>
        <translation>Pas besoin de tomber pile sur votre maison : un lancer qui l’atteint s’y arrête. À la maison, votre sac va en banque, et le shérif paie 2 pépites par voleur capturé.</translation>
    </message>
    <message>
        <source>Your choices wait for Confirm: Undo takes them back, but a die once thrown stays thrown.</source>
        <translation>Vos choix attendent « Confirmer » : « Annuler » les reprend, mais un dé lancé reste lancé.</translation>
    </message>
    <message>
        <source>What you find</source>
        <translation>Ce que l’on trouve</translation>
    </message>
    <message>
        <source>The general store</source>
        <translation>Le magasin général</translation>
    </message>
    <message>
        <source>Whenever your turn begins or ends at home the store opens: buy tools with your bank, at most one of each.</source>
        <translation>Chaque fois que votre tour commence ou finit chez vous, le magasin ouvre : achetez des outils avec votre banque, un de chaque au plus.</translation>
    </message>
    <message>
        <source>The mine</source>
        <translation>La mine</translation>
    </message>
    <message>
        <source>With a pickaxe, stop on a cave (a roll that reaches it is enough) and go down into the mine, drawn at the bottom of the table. Its galleries hide veins of 5 to 7 nuggets, cave-ins that cost a turn and wall the gallery, and ghosts: no revolver helps, and a ghost that wins makes your sack vanish. Without a lit lantern you move only half the roll. To come up, land exactly on a door: the wagon banks the gold you found below, less 3 for the company.</source>
        <translation>Avec une pioche, arrêtez-vous sur une grotte (un lancer qui l’atteint suffit) et descendez dans la mine, dans l’encart en bas de la table. Ses galeries cachent des filons de 5 à 7 pépites, des éboulements qui font passer un tour et murent la galerie, et des fantômes : le revolver n’y peut rien, et un fantôme qui gagne fait s’évanouir votre sac. Sans lanterne allumée, on n’avance que de la moitié du dé. Pour ressortir, tombez pile sur une porte : le wagonnet verse en banque l’or trouvé au fond, moins 3 pour la compagnie.</translation>
    </message>
    <message>
        <source>The locomotive and the end</source>
        <translation>La locomotive et la fin</translation>
    </message>
    <message>
        <source>The locomotive face moves the locomotive one field towards the station. Whoever stands where it arrives goes home, and whoever rolled it takes their sack — your own locomotive takes everything you carry. The game ends when it enters the station, or when no nugget is left to discover.</source>
        <translation>La face locomotive fait avancer la locomotive d’une case vers la gare. Celui qui se trouve sur la case où elle arrive rentre chez lui, et celui qui l’a lancée prend son sac — votre propre locomotive vous fait tout perdre. La partie s’arrête quand elle entre en gare, ou quand il n’y a plus de pépite à découvrir.</translation>
    </message>
    <message>
        <source>Secret missions</source>
        <translation>Missions secrètes</translation>
    </message>
    <message>
        <source>Each prospector has a secret mission on a glass card only they see. Fulfilled, it is announced at the start of your next turn (the others learn that it is fulfilled, never which one) and pays a bonus at the end, when every mission is shown.</source>
        <translation>Chaque chercheur a une mission secrète, sur une carte de verre que lui seul voit. Remplie, elle est annoncée au début de votre prochain tour (les autres apprennent seulement qu’elle est remplie, jamais laquelle) et rapporte une prime à la fin, quand toutes les missions sont dévoilées.</translation>
    </message>
    <message>
        <source>La Gazette de Golden City</source>
        <translation>La Gazette de Golden City</translation>
    </message>
    <message>
        <source>Every third advance of the locomotive an issue of the Gazette appears: its front page opens in the middle of the table, then folds into the corner, where a click opens it again. It changes the game until the next issue.</source>
        <translation>Toutes les trois avancées de la locomotive, un numéro de la Gazette paraît : sa une s’affiche au milieu de la table, puis se range dans un coin, où un clic la rouvre. Il change la donne jusqu’au suivant.</translation>
    </message>
    <message>
        <source>Lakes:</source>
        <translation>Les lacs :</translation>
    </message>
    <message>
        <source>from a landing with a raft, cross instead of rolling to any other landing of the lake; the raft stays there.</source>
        <translation>depuis un embarcadère où se trouve un radeau, traversez au lieu de lancer le dé vers n’importe quel autre embarcadère du lac ; le radeau y reste.</translation>
    </message>
    <message>
        <source>Other prospectors:</source>
        <translation>Les autres chercheurs :</translation>
    </message>
    <message>
        <source>stopping on one is an attack. Both roll the duel die; the higher takes the other&apos;s whole sack and sends the loser home.</source>
        <translation>s’arrêter sur leur case, c’est les attaquer. Chacun lance le dé des duels ; le plus haut prend tout le sac de l’autre et renvoie le perdant chez lui.</translation>
    </message>
    <message>
        <source>Hills:</source>
        <translation>Les collines :</translation>
    </message>
    <message>
        <source>a face-down token. A nugget goes into your sack; a thief means a brawl: roll the duel die, more than its strength wins (a tie rolls again). Win, and you capture it with all it guarded; lose, and it keeps everything you carry.</source>
        <translation>un jeton caché. Une pépite va dans votre sac ; un voleur, c’est la rixe : lancez le dé des duels, il faut faire plus que sa force (à égalité, on relance). Gagné, vous le capturez avec tout ce qu’il gardait ; perdu, il garde tout ce que vous portez.</translation>
    </message>
    <message>
        <source>Roll the die</source>
        <translation>Lancer le dé</translation>
    </message>
    <message>
        <source>Ride the Pony Express home</source>
        <translation>Rentrer au galop du Pony Express</translation>
    </message>
    <message>
        <source>The die: 2 to 6, or the locomotive.</source>
        <translation>Le dé : de 2 à 6, ou la locomotive.</translation>
    </message>
    <message>
        <source>Last roll: %1.</source>
        <translation>Dernier lancer : %1.</translation>
    </message>
    <message>
        <source>Walled: nobody may enter or cross this gallery any more.</source>
        <translation>Murée : plus personne ne peut entrer dans cette galerie ni la traverser.</translation>
    </message>
    <message>
        <source>A face-down token: a nugget (1 to 5) or a thief (strength 1 to 5).</source>
        <translation>Un jeton caché : une pépite (de 1 à 5) ou un voleur (de force 1 à 5).</translation>
    </message>
    <message>
        <source>Nothing left on this hill.</source>
        <translation>Plus rien sur cette colline.</translation>
    </message>
    <message>
        <source>A thief of strength %1: stopping here means a brawl.</source>
        <translation>Un voleur de force %1 : s’arrêter ici, c’est la rixe.</translation>
    </message>
    <message>
        <source>A face-down token: a vein (5 to 7 nuggets), a ghost or a cave-in.</source>
        <translation>Un jeton caché : un filon (de 5 à 7 pépites), un fantôme ou un éboulement.</translation>
    </message>
    <message>
        <source>An empty gallery.</source>
        <translation>Une galerie vide.</translation>
    </message>
    <message>
        <source>A ghost: stopping here means a duel without the revolver.</source>
        <translation>Un fantôme : s’arrêter ici, c’est un duel sans revolver.</translation>
    </message>
    <message>
        <source>A cave-in: the gallery is walled once its prospector leaves.</source>
        <translation>Un éboulement : la galerie est murée dès que son chercheur la quitte.</translation>
    </message>
    <message>
        <source>A nugget of %1 in plain sight: whoever stops here takes it.</source>
        <translation>Une pépite de %1 à la vue de tous : qui s’arrête ici l’emporte.</translation>
    </message>
    <message>
        <source>A vein of %1 nuggets in sight.</source>
        <translation>Un filon de %1 pépites à la vue de tous.</translation>
    </message>
    <message>
        <source>House of %1</source>
        <translation>Maison de %1</translation>
    </message>
    <message>
        <source>The locomotive stands here: whoever it hits goes home, robbed.</source>
        <translation>La locomotive est ici : celui qu’elle percute rentre chez lui, dépouillé.</translation>
    </message>
    <message>
        <source>Land exactly on a door to go up: the wagon banks the gold found below, less the company&apos;s share.</source>
        <translation>Tombez pile sur une porte pour remonter : le wagonnet verse en banque l’or trouvé au fond, moins la part de la compagnie.</translation>
    </message>
    <message>
        <source>It guards a loot (nuggets: %1, thieves: %2).</source>
        <translation>Il garde un butin (pépites : %1, voleurs : %2).</translation>
    </message>
    <message>
        <source>Only a raft crosses a lake, from one landing to another.</source>
        <translation>Seul un radeau traverse un lac, d’un embarcadère à un autre.</translation>
    </message>
    <message>
        <source>The train&apos;s chest: stopping here means a duel with the guard.</source>
        <translation>Le coffre du train : s’arrêter ici, c’est affronter le garde.</translation>
    </message>
    <message>
        <source>A landing: from here a raft crosses the lake instead of a roll.</source>
        <translation>Un embarcadère : d’ici, un radeau traverse le lac au lieu d’un lancer.</translation>
    </message>
    <message>
        <source>%1 stands here.</source>
        <translation>%1 se trouve ici.</translation>
    </message>
    <message numerus="yes">
        <source>The lantern lights %n more roll(s).</source>
        <translation>
            <numerusform>La lanterne éclaire encore %n lancer.</numerusform>
            <numerusform>La lanterne éclaire encore %n lancers.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your lantern showed: %1.</source>
        <translation>Votre lanterne a montré : %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n raft(s) moored here.</source>
        <translation>
            <numerusform>%n radeau amarré ici.</numerusform>
            <numerusform>%n radeaux amarrés ici.</numerusform>
        </translation>
    </message>
    <message>
        <source>A mine entrance (door %1): with a pickaxe, stop here to go down.</source>
        <translation>Une entrée de la mine (porte %1) : avec une pioche, arrêtez-vous ici pour descendre.</translation>
    </message>
    <message>
        <source>When the locomotive enters the station, the game ends.</source>
        <translation>Quand la locomotive entre en gare, la partie s’arrête.</translation>
    </message>
    <message>
        <source>The railway: free to cross, walk along and stop on.</source>
        <translation>La voie ferrée : on peut la traverser, la longer, s’arrêter dessus.</translation>
    </message>
    <message>
        <source>en</source>
        <translation>fr</translation>
    </message>
    <message>
        <source>Golden City</source>
        <translation>Golden City</translation>
    </message>
    <message>
        <source>Prospect the hills, brave the thieves and the haunted mine, and bank more gold than the others before the locomotive reaches Golden City.</source>
        <translation>Fouillez les collines, bravez les voleurs et la mine hantée, et mettez en banque plus d’or que les autres avant que la locomotive n’arrive à Golden City.</translation>
    </message>
    <message>
        <source>The host plays seat 1 and moves first.</source>
        <translation>L’hôte joue la place 1 et commence.</translation>
    </message>
    <message>
        <source>Choose:</source>
        <translation>Choisissez :</translation>
    </message>
    <message>
        <source>Go down into the mine</source>
        <translation>Descendre dans la mine</translation>
    </message>
    <message>
        <source>Stay on the cave</source>
        <translation>Rester sur la grotte</translation>
    </message>
    <message>
        <source>Nothing to do there now: use the highlighted fields or the buttons.</source>
        <translation>Rien à faire là pour l’instant : utilisez les cases en surbrillance ou les boutons.</translation>
    </message>
    <message>
        <source>Seat 1 (plays first)</source>
        <translation>Place 1 (commence)</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Place %1</translation>
    </message>
    <message>
        <source>Golden City, %1 prospectors: %2</source>
        <translation>Golden City, %1 chercheurs : %2</translation>
    </message>
    <message>
        <source>Golden City — %1</source>
        <translation>Golden City — %1</translation>
    </message>
    <message>
        <source>Banks: %1</source>
        <translation>Banques : %1</translation>
    </message>
    <message>
        <source>Prospector %1</source>
        <translation>Chercheur %1</translation>
    </message>
    <message>
        <source>Kept.</source>
        <translation>Se garde.</translation>
    </message>
    <message>
        <source>Used up.</source>
        <translation>À usage unique.</translation>
    </message>
    <message>
        <source>Wait: the dice are on their way.</source>
        <translation>Attendez : les dés sont en route.</translation>
    </message>
    <message>
        <source>That is not possible at this point of the turn.</source>
        <translation>Ce n’est pas possible à ce moment du tour.</translation>
    </message>
    <message>
        <source>You have already seen that token.</source>
        <translation>Vous avez déjà vu ce jeton.</translation>
    </message>
    <message>
        <source>There is no raft on your landing.</source>
        <translation>Il n’y a pas de radeau à votre embarcadère.</translation>
    </message>
    <message>
        <source>The raft crosses only to another landing of the same lake.</source>
        <translation>Le radeau ne traverse que vers un autre embarcadère du même lac.</translation>
    </message>
    <message>
        <source>The Pony Express does not ride from home nor from the mine.</source>
        <translation>Le Pony Express ne part ni de chez vous ni de la mine.</translation>
    </message>
    <message>
        <source>The roll does not take you there: click a highlighted field.</source>
        <translation>Le lancer ne vous mène pas là : cliquez une case en surbrillance.</translation>
    </message>
    <message>
        <source>You cannot go down there.</source>
        <translation>Vous ne pouvez pas descendre ici.</translation>
    </message>
    <message>
        <source>Your mission can be announced only at the start of your turn.</source>
        <translation>Votre mission ne s’annonce qu’au début de votre tour.</translation>
    </message>
    <message numerus="yes">
        <source>Move %n field(s) in a straight line: click a highlighted field.</source>
        <translation>
            <numerusform>Avancez de %n case en ligne droite : cliquez une case en surbrillance.</numerusform>
            <numerusform>Avancez de %n cases en ligne droite : cliquez une case en surbrillance.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move %1 or %2 fields in a straight line: click a highlighted field.</source>
        <translation>Avancez de %1 ou %2 cases en ligne droite : cliquez une case en surbrillance.</translation>
    </message>
    <message>
        <source>The dice are rolling…</source>
        <translation>Les dés roulent…</translation>
    </message>
    <message>
        <source>The general store is open: buy tools with your bank, or leave the store.</source>
        <translation>Le magasin général est ouvert : achetez des outils avec votre banque, ou quittez le magasin.</translation>
    </message>
    <message numerus="yes">
        <source>Deliver %n thief(s) to the sheriff</source>
        <translation>
            <numerusform>Livrer %n voleur au shérif</numerusform>
            <numerusform>Livrer %n voleurs au shérif</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Win %n brawl(s) against thieves</source>
        <translation>
            <numerusform>Gagner %n rixe contre les voleurs</numerusform>
            <numerusform>Gagner %n rixes contre les voleurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Win %n fight(s) against prospectors</source>
        <translation>
            <numerusform>Gagner %n bagarre contre les chercheurs</numerusform>
            <numerusform>Gagner %n bagarres contre les chercheurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bring %n nugget(s) up from the mine with the wagon</source>
        <translation>
            <numerusform>Remonter %n pépite de la mine par le wagonnet</numerusform>
            <numerusform>Remonter %n pépites de la mine par le wagonnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cross a lake by raft %n time(s)</source>
        <translation>
            <numerusform>Traverser un lac en radeau %n fois</numerusform>
            <numerusform>Traverser un lac en radeau %n fois</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Beat %n ghost(s) in the mine</source>
        <translation>
            <numerusform>Battre %n fantôme dans la mine</numerusform>
            <numerusform>Battre %n fantômes dans la mine</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %n nugget token(s) from the hills</source>
        <translation>
            <numerusform>Emporter %n jeton de pépites des collines</numerusform>
            <numerusform>Emporter %n jetons de pépites des collines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bank %n nugget(s) or more in a single homecoming</source>
        <translation>
            <numerusform>Mettre en banque %n pépite ou plus en un seul retour</numerusform>
            <numerusform>Mettre en banque %n pépites ou plus en un seul retour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Buy %n tool(s) at the general store</source>
        <translation>
            <numerusform>Acheter %n outil au magasin général</numerusform>
            <numerusform>Acheter %n outils au magasin général</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Launch the locomotive %n time(s)</source>
        <translation>
            <numerusform>Lancer la locomotive %n fois</numerusform>
            <numerusform>Lancer la locomotive %n fois</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no field %1 here.</source>
        <translation>Il n’y a pas de case %1 ici.</translation>
    </message>
    <message>
        <source>You already have this tool: %1.</source>
        <translation>Vous avez déjà cet outil : %1.</translation>
    </message>
    <message>
        <source>The %1 costs %2 and your bank holds %3.</source>
        <translation>%1 : le prix est %2, et votre banque contient %3.</translation>
    </message>
    <message>
        <source>You have no %1.</source>
        <translation>Vous n’avez pas cet outil : %1.</translation>
    </message>
    <message>
        <source>The lantern shows only a face-down token within %1 fields.</source>
        <translation>La lanterne ne montre qu’un jeton caché à %1 cases ou moins.</translation>
    </message>
    <message numerus="yes">
        <source>Move %n step(s) along the galleries: click a highlighted gallery.</source>
        <translation>
            <numerusform>Avancez de %n pas dans les galeries : cliquez une galerie en surbrillance.</numerusform>
            <numerusform>Avancez de %n pas dans les galeries : cliquez une galerie en surbrillance.</numerusform>
        </translation>
    </message>
    <message>
        <source>Move %1 or %2 steps along the galleries: click a highlighted gallery.</source>
        <translation>Avancez de %1 ou %2 pas dans les galeries : cliquez une galerie en surbrillance.</translation>
    </message>
    <message>
        <source>Before the roll: roll the die — or peek with the lantern, cross on the raft or ride the Pony Express.</source>
        <translation>Avant le lancer : lancez le dé — ou regardez à la lanterne, traversez en radeau ou prenez le Pony Express.</translation>
    </message>
    <message>
        <source>%1 Or Confirm what you chose (Undo takes it back).</source>
        <translation>%1 Ou confirmez vos choix (« Annuler » les reprend).</translation>
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
        <source>Revolver</source>
        <translation>Revolver</translation>
    </message>
    <message>
        <source>Sieve</source>
        <translation>Tamis</translation>
    </message>
    <message>
        <source>Horse</source>
        <translation>Cheval</translation>
    </message>
    <message>
        <source>Lantern</source>
        <translation>Lanterne</translation>
    </message>
    <message>
        <source>Pony Express</source>
        <translation>Pony Express</translation>
    </message>
    <message>
        <source>Pickaxe</source>
        <translation>Pioche</translation>
    </message>
    <message>
        <source>+2 in brawls, fights and against the train guard — never against ghosts.</source>
        <translation>Plus 2 dans les rixes, les bagarres et contre le garde du train — jamais contre les fantômes.</translation>
    </message>
    <message>
        <source>On each nugget token you take, a three-sided die adds 0 to 2 nuggets more.</source>
        <translation>Sur chaque jeton de pépites emporté, un dé à trois faces ajoute de 0 à 2 pépites.</translation>
    </message>
    <message>
        <source>Move the number rolled, or one more (on the surface and in a lit mine).</source>
        <translation>Avancez du dé, ou du dé plus un (en surface et dans une mine éclairée).</translation>
    </message>
    <message>
        <source>Before your roll, look at a face-down token within 3 fields; if you still hold it when you descend, it lights the mine for five rolls. Used up.</source>
        <translation>Avant votre lancer, regardez un jeton caché à 3 cases ou moins ; si vous l’avez encore en descendant, elle éclaire la mine pour cinq lancers. Usage unique.</translation>
    </message>
    <message>
        <source>Instead of rolling, gallop home and bank your sack. Used up.</source>
        <translation>Au lieu de lancer le dé, rentrez chez vous au galop et mettez votre sac en banque. Usage unique.</translation>
    </message>
    <message>
        <source>Lets you go down into the mine from a cave.</source>
        <translation>Pour descendre dans la mine depuis une grotte.</translation>
    </message>
    <message>
        <source>deliver thieves to the sheriff</source>
        <translation>livrer des voleurs au shérif</translation>
    </message>
    <message>
        <source>win brawls against thieves</source>
        <translation>gagner des rixes contre les voleurs</translation>
    </message>
    <message>
        <source>win fights against prospectors</source>
        <translation>gagner des bagarres contre les chercheurs</translation>
    </message>
    <message>
        <source>bring gold up from the mine</source>
        <translation>remonter de l’or de la mine</translation>
    </message>
    <message>
        <source>cross lakes by raft</source>
        <translation>traverser les lacs en radeau</translation>
    </message>
    <message>
        <source>beat ghosts in the mine</source>
        <translation>battre des fantômes dans la mine</translation>
    </message>
    <message>
        <source>take nugget tokens from the hills</source>
        <translation>emporter des jetons de pépites des collines</translation>
    </message>
    <message>
        <source>bank a big haul in one homecoming</source>
        <translation>rapporter un gros butin en un seul retour</translation>
    </message>
    <message>
        <source>buy tools at the general store</source>
        <translation>acheter des outils au magasin général</translation>
    </message>
    <message>
        <source>launch the locomotive</source>
        <translation>lancer la locomotive</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>W</source>
        <translation>O</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>Plaine</translation>
    </message>
    <message>
        <source>Hill</source>
        <translation>Colline</translation>
    </message>
    <message>
        <source>Lake</source>
        <translation>Lac</translation>
    </message>
    <message>
        <source>Landing</source>
        <translation>Embarcadère</translation>
    </message>
    <message>
        <source>Railway</source>
        <translation>Voie ferrée</translation>
    </message>
    <message>
        <source>Golden City station</source>
        <translation>Gare de Golden City</translation>
    </message>
    <message>
        <source>Cave</source>
        <translation>Grotte</translation>
    </message>
    <message>
        <source>House</source>
        <translation>Maison</translation>
    </message>
    <message>
        <source>Gallery</source>
        <translation>Galerie</translation>
    </message>
    <message>
        <source>Door</source>
        <translation>Porte</translation>
    </message>
    <message>
        <source>Your turn.</source>
        <translation>À vous.</translation>
    </message>
    <message>
        <source>%1&apos;s house (%2)</source>
        <translation>chez %1 (%2)</translation>
    </message>
    <message>
        <source>cave %1 (%2)</source>
        <translation>grotte %1 (%2)</translation>
    </message>
    <message>
        <source>door %1</source>
        <translation>porte %1</translation>
    </message>
    <message>
        <source>gallery %1</source>
        <translation>galerie %1</translation>
    </message>
</context>
<context>
    <name>Desktop</name>
    <message>
        <source>goldnet ran into an error</source>
        <translation>goldnet a rencontré une erreur</translation>
    </message>
    <message>
        <source>Something went wrong in goldnet last time. A report was saved.</source>
        <translation>Quelque chose s’est mal passé dans goldnet la dernière fois. Un rapport a été enregistré.</translation>
    </message>
    <message>
        <source>It holds what went wrong and the versions in use, never your key: you can send it to the developers.
{path}</source>
        <translation>Il décrit ce qui s’est mal passé et les versions utilisées, jamais votre clé : vous pouvez l’envoyer aux développeurs.
{path}</translation>
    </message>
    <message>
        <source>Show the report</source>
        <translation>Afficher le rapport</translation>
    </message>
</context>
<context>
    <name>Rematch</name>
    <message>
        <source>%1 offers a rematch.</source>
        <translation>%1 propose une revanche.</translation>
    </message>
    <message>
        <source>Time left to answer: %1 s</source>
        <translation>Temps pour répondre : %1 s</translation>
    </message>
    <message>
        <source>Rematch offered: waiting for the answers (%1 s)…</source>
        <translation>Revanche proposée : on attend les réponses (%1 s)…</translation>
    </message>
    <message>
        <source>%1 accepted.</source>
        <translation>%1 a accepté.</translation>
    </message>
    <message>
        <source>%1 declined.</source>
        <translation>%1 a refusé.</translation>
    </message>
    <message>
        <source>%1 did not answer.</source>
        <translation>%1 n’a pas répondu.</translation>
    </message>
    <message>
        <source>You accepted: waiting for %1&apos;s new table…</source>
        <translation>Vous avez accepté : on attend la nouvelle table de %1…</translation>
    </message>
    <message>
        <source>You declined the rematch.</source>
        <translation>Vous avez refusé la revanche.</translation>
    </message>
    <message>
        <source>The rematch offer has expired.</source>
        <translation>L’offre de revanche a expiré.</translation>
    </message>
    <message>
        <source>The rematch did not start.</source>
        <translation>La revanche n’a pas commencé.</translation>
    </message>
    <message>
        <source>Nobody accepted: no rematch this time.</source>
        <translation>Personne n’a accepté : pas de revanche cette fois.</translation>
    </message>
    <message>
        <source>Starting the rematch…</source>
        <translation>La revanche commence…</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Accepter</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Refuser</translation>
    </message>
</context>
</TS>
