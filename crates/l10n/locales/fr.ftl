# Carolus : les mots du client web, en français.
# La même syntaxe que dans chaque catalogue : Project Fluent, limité aux messages,
# aux variables et aux expressions de sélection (voir assets/js/i18n.js).

## Le cadre de chaque page

skip-to-content = Aller au contenu
nav-play = Jouer
nav-replay = Ouvrir un enregistrement
nav-rules = Règles
language = Langue
connection-lost = La connexion au serveur a été perdue. Reconnexion…

## Le salon

lobby-title = Carolus Magnus
lobby-intro = Le jeu de Leo Colovini, avec des chevaliers, des châteaux et un empereur en voyage, pour deux à quatre joueurs. Lancez une partie contre l'ordinateur ou entre amis, rejoignez une partie ouverte, ou regardez-en une.
new-game = Nouvelle partie
players = Joueurs
players-2 = 2 joueurs
players-3 = 3 joueurs
players-4 = 4 joueurs (deux équipes)
seat-n = Place { $seat }
player-n = Joueur { $seat }
seat-kind-of = Qui joue à la place { $seat }
seat-name-of = Nom à la place { $seat }
seat-level-of = Niveau de l'ordinateur à la place { $seat }
seat-kind-here = Une personne sur cet appareil
seat-kind-invite = Une personne invitée par lien
seat-kind-open = Ouverte à tous
seat-kind-computer = L'ordinateur
team-of = Équipe { $team }
level-1 = Niveau 1 (débutant)
level-2 = Niveau 2
level-3 = Niveau 3
level-4 = Niveau 4
level-5 = Niveau 5 (le plus fort)
clock = Pendule
clock-none = Sans pendule
clock-blitz = 10 minutes, +10 s par tour
clock-long = 30 minutes, +30 s par tour
clock-correspondence = 2 jours par tour
hints-allowed = Autoriser les conseils de l'ordinateur
start-game = Lancer la partie
invite-links = Les liens pour vos invités
invite-explained = Envoyez à chaque personne son lien : il lui permet de jouer à sa place. Vous pourrez recopier les liens à la table tant que la personne n'y est pas venue.
seat-link-of = Le lien à envoyer à { $name }
go-to-table = Aller à la table
games-open = Parties ouvertes à rejoindre
games-running = Parties en cours
games-over = Parties terminées
no-games-open = Aucune partie n'attend de joueurs.
no-games-running = Aucune partie n'est en cours.
no-games-over = Aucune partie n'est encore terminée.
more-games = Plus
game-moves = { $count ->
    [0] aucun coup
    [one] un coup
   *[other] { $count } coups
    }
action-join = rejoindre
action-watch = regarder
action-replay = revoir
guest = Invité
open-seat = Place libre
game-title = Partie { $id }
game-not-found-title = Partie introuvable
game-not-found = Il n'y a pas de partie { $id } sur ce serveur.
back-to-lobby = Retour au salon

## Le matériel

family-R = rouge
family-G = vert
family-B = bleu
family-Y = jaune
family-P = rose
joker = joker
colour-black = noir
colour-white = blanc
colour-grey = gris
knights-of-family = { $family } ({ $count })
jokers = { $count ->
    [0] aucun joker
    [one] un joker
   *[other] { $count } jokers
    }
no-knights = aucun chevalier
emperor = L'empereur
board-label = Le plateau : quinze territoires en anneau
region-label = Région { $region } : { $knights } ; { $castles ->
    [0] aucun château
    [one] un château appartenant à { $owner }
   *[other] { $castles } châteaux appartenant à { $owner }
    }
control-nobody = Personne ne contrôle le { $family }
control-by = { $name } contrôle le { $family }
controls = Contrôle le { $family }
seat-board-label = { $name } : cour, réserve et disques
court = Cour
reserve = Réserve
reserve-empty = vide
discs = Disques
disc-free = Disque { $disc }, inutilisé
disc-used = Disque { $disc }, utilisé
disc-chosen = Disque { $disc }, choisi pour cette manche
round = Manche { $round }
setting-up = Mise en place
game-over = Partie terminée
castles-count = { $count } / { $target } châteaux
castles-title = Les châteaux sur le plateau, et le nombre qui termine la partie
order-place = { $place ->
    [1] 1er
   *[other] { $place }e
    } à jouer
order-place-title = La place dans l'ordre de jeu de cette manche

## À la table

players-label = Joueurs
you = vous
computer-name = Ordinateur { $seat }
level-tag = niveau { $level }
thinking = réfléchit…
timed-out = temps écoulé
away = absent
your-turn = À vous de jouer
turn-of = À { $name } de jouer
waiting-for = En attente de { $name }.
computer-thinking = { $name } réfléchit…
waiting-for-players = En attente de joueurs pour les places libres.
take-seat = Prendre cette place
your-name = Votre nom
prompt-joker = { $count ->
    [one] Vous avez tiré un joker : choisissez sa famille.
   *[other] Vous avez tiré { $count } jokers : choisissez la famille du premier.
    }
prompt-disc = Choisissez un disque. Le disque le plus bas joue en premier dans cette manche, et l'empereur peut avancer d'autant de régions que l'indique votre disque.
disc-button = Disque { $disc }
prompt-place = { $count ->
    [one] Placez encore un chevalier : choisissez un chevalier de votre réserve, puis votre cour ou une région.
   *[other] Placez encore { $count } chevaliers : choisissez un chevalier de votre réserve, puis votre cour ou une région.
    }
prompt-place-where = Où va le chevalier { $family } ? Choisissez votre cour ou une région en surbrillance.
place-in-court = Placer le chevalier { $family } dans votre cour
place-in-region = Placer le chevalier { $family } dans la région { $region }
pick-knight = Choisir un chevalier { $family } ({ $count } dans votre réserve)
prompt-move = Avancez l'empereur dans le sens horaire de 1 à { $disc } régions : choisissez sa destination.
move-emperor-to = { $steps ->
    [one] Un pas jusqu'à la région { $region } :
   *[other] { $steps } pas jusqu'à la région { $region } :
    }
ask-hint = Demander un conseil à l'ordinateur
take-back = Reprendre ma dernière décision
decision-taken-back = Votre dernière décision a été reprise ; décidez à nouveau.
hint-says = L'ordinateur suggère : { $move }. Chances de gagner : { $chances }.
hint-chance = { $name } { $percent } %
choice-joker = faire du joker un chevalier { $family }
choice-disc = choisir le disque { $disc }
choice-place = placer un chevalier { $family } dans la région { $region }
choice-place-court = placer un chevalier { $family } dans votre cour
choice-place-at-court = placer un chevalier { $family } à la cour
choice-move = { $steps ->
    [one] avancer l'empereur d'un pas jusqu'à la région { $region }
   *[other] avancer l'empereur de { $steps } pas jusqu'à la région { $region }
    }
turn-label = Vos choix
error-stale = Quelqu'un a joué avant vous ; la table montre la partie telle qu'elle est maintenant.
result = { $count ->
    [one] { $names } gagne avec { $castles } châteaux.
   *[other] { $names } se partagent la victoire avec { $castles } châteaux chacun.
    }
download-record = Télécharger l'enregistrement
replay-game = Revoir la partie
back-to-game = Retour à la partie
replaying = Relecture : le plateau montre la partie à la position choisie.
sound = Son et notification quand c'est à moi de jouer
copy-seat-link = Copier le lien pour { $name }
copied = Copié
clock-days = { $days } j { $hours } h
game-log = Journal de la partie
players-heading = Joueurs

## Le journal de la partie, et ce que fait un déplacement de l'empereur

log-draw = { $name } tire { $knights }.
log-joker = { $name } fait d'un joker un chevalier { $family }.
log-disc = { $name } choisit le disque { $disc }.
log-place = { $name } place un chevalier { $family } dans la région { $region }.
log-place-court = { $name } place un chevalier { $family } à la cour.
log-move = { $steps ->
    [one] { $name } avance l'empereur d'un pas jusqu'à la région { $region } :
   *[other] { $name } avance l'empereur de { $steps } pas jusqu'à la région { $region } :
    }
outcome-nothing = personne ne remporte la région.
outcome-build = { $name } { $team ->
        [yes] construisent
       *[no] construit
    } un château.
outcome-take = { $name } { $team ->
        [yes] prennent
       *[no] prend
    } la région à { $other } ({ $castles ->
        [one] un château
       *[other] { $castles } châteaux
    }).
outcome-keep = { $name } { $team ->
        [yes] gardent
       *[no] garde
    } la région.
outcome-merge = { $count } régions fusionnent pour former la région { $region }.

## Relectures et enregistrements

chance = { $percent } % de chances de gagner
chance-title = Les chances de gagner à partir d'ici, selon l'ordinateur (niveau { $level }) ; les joueurs les voient une fois la partie finie
analysis-title = La partie vue par l'ordinateur
analysis-waiting = L'ordinateur analyse la partie…
graph-label = Les chances de gagner au fil de la partie
mistake-title = { $name } a choisi : { $move } ; l'ordinateur aurait préféré : { $best } ({ $cost } points de mieux)
replay-position = Position dans la partie
replay-first = Au début
replay-back = Un coup en arrière
replay-forward = Un coup en avant
replay-last = À la fin
replay-at = Coup { $at } sur { $total }
record-title = Ouvrir un enregistrement
record-intro = Un fichier carolus-record/1, tel que l'écrivent le serveur, carolus play et le lanceur de matchs, rejoué coup par coup.
record-drop = Choisissez un fichier d'enregistrement, ou déposez-le ici
record-not-object = { $file } ne contient pas d'enregistrement : un objet JSON était attendu.

## Les règles

rules-title = Les règles de Carolus Magnus
rules-lead = Charlemagne parcourt son empire, et partout où il s'arrête, le joueur qui y a la plus forte suite construit un château. Celui qui détient le plus de châteaux à la fin gagne.
rules-figure = Après le premier tour d'une partie à deux : Bruno a placé un chevalier bleu à sa cour, prenant ainsi le contrôle du bleu, puis deux chevaliers bleus dans les territoires 2 et 3, et il a avancé l'empereur de deux régions jusqu'au territoire 3, où ses deux chevaliers bleus lui ont valu un château.
rules-goal-title = Le but du jeu
rules-goal = La partie s'arrête aussitôt qu'un joueur a 10 châteaux (8 à trois joueurs), ou quand les fusions ont laissé moins de quatre régions. Le plus de châteaux sur le plateau l'emporte ; en cas d'égalité en tête, les ex æquo se partagent la victoire.
rules-pieces-title = Le matériel
rules-pieces-families = Les chevaliers appartiennent à cinq familles : rouge (R), vert (G), bleu (B), jaune (Y) et rose (P) ; chaque cube porte la lettre de sa famille.
rules-pieces-ring = Quinze territoires forment un anneau, numérotés dans le sens horaire. Des territoires voisins qui ont le même propriétaire se rejoignent en une seule région, qui compte alors pour un seul pas de l'empereur et porte le numéro de son plus petit territoire.
rules-pieces-player = Chaque joueur a cinq disques numérotés de 1 à 5, une cour pour les chevaliers gardés chez soi, une réserve de chevaliers qui attendent d'être joués, et des châteaux de sa couleur : noir, blanc ou gris.
rules-setup-title = Mise en place
rules-setup = Trois chevaliers de chaque famille sont mélangés puis répartis sur les territoires, un par territoire. L'empereur commence sur le territoire 1. Dans un ordre aléatoire, chaque joueur tire une réserve de 7 chevaliers (9 à trois joueurs). Un chevalier tiré appartient à l'une des cinq familles ou est un joker, avec des chances égales ; son joueur donne aussitôt une famille à un joker.
rules-discs-title = Les disques et l'ordre de jeu
rules-discs = À chaque manche, dans l'ordre de jeu, chaque joueur montre un disque inutilisé. Son nombre ne doit pas avoir déjà été montré pendant la manche, sauf si tous les disques restants du joueur l'ont déjà été. Quand le dernier disque est utilisé, les cinq reviennent.
rules-order = Le disque le plus bas joue en premier ; à disques égaux, celui qui a choisi le plus tôt passe d'abord. Cet ordre devient l'ordre de choix de la manche suivante.
rules-turn-title = Un tour
rules-place = Placez 3 chevaliers de votre réserve (4 à trois joueurs), un à la fois, chacun dans votre cour ou dans n'importe quelle région.
rules-control = Une famille est contrôlée par le joueur dont la cour compte strictement plus de chevaliers de cette famille que toute autre cour. En cas d'égalité, le contrôle reste où il était.
rules-move = Avancez ensuite l'empereur dans le sens horaire d'au moins une région et d'au plus autant de régions que l'indique votre disque.
rules-score = Dans la région où il s'arrête, chaque joueur compte les chevaliers présents des familles qu'il contrôle, plus ses propres châteaux dans cette région. Le joueur qui a seul le meilleur score, supérieur à zéro, l'emporte : il construit un château dans une région qui n'en a pas, remplace les châteaux d'un autre joueur par autant des siens, ou garde une région qu'il possède déjà.
rules-merge = Une région qui a un propriétaire fusionne avec ses voisines du même propriétaire, des deux côtés, encore et encore ; chevaliers et châteaux s'additionnent.
rules-refill = Sauf si la partie est terminée, tirez 3 chevaliers (4 à trois joueurs) dans votre réserve, puis c'est au joueur suivant de jouer.
rules-end-title = La fin
rules-end = Les châteaux peuvent changer de mains, si bien qu'une prise peut faire dépasser l'objectif à un joueur : ce qui compte, c'est le total sur le plateau à la fin de la partie.
rules-teams-title = La partie par équipes à quatre
rules-teams = Les places 0 et 2 jouent contre les places 1 et 3 (les places sont numérotées à partir de 0). Chacun a ses propres disques, sa cour et sa réserve, place 3 chevaliers et en tire 3. Le contrôle d'une famille est propre à chaque joueur, mais les régions et les châteaux appartiennent aux équipes : une équipe compte les chevaliers de toutes les familles que l'un ou l'autre partenaire contrôle. La première équipe à 10 châteaux termine la partie.

## Le jeu dans le terminal (carolus play)
## Les mots qu'il partage avec la page (familles, phrases du journal, …) sont
## les messages ci-dessus ; $team vaut "yes" quand il s'agit d'une équipe de deux.

tui-list-and = { $first } et { $last }
tui-drawn-jokers = { $count ->
        [one] un joker
       *[other] { $count } jokers
    }
tui-log-draw-start = { $name } tire une réserve de départ : { $knights }.
tui-log-control = { $name } prend le contrôle du { $family }.
tui-log-control-from = { $name } prend le contrôle du { $family } à { $other }.
tui-outcome-tie = égalité à { $score } : personne ne remporte la région.
tui-outcome-scores = { $outcome } Scores : { $scores }.
tui-result-team = { $names } gagnent avec { $castles } châteaux.
tui-game-over-result = Partie terminée. { $result }
tui-move-disc = choisir le disque { $disc }
tui-move-joker = faire du joker un chevalier { $family }
tui-move-draw = tirer { $knights }
tui-move-court = placer un chevalier { $family } dans la cour
tui-move-region = placer un chevalier { $family } dans la région { $region }
tui-move-emperor = { $steps ->
        [one] avancer l'empereur d'un pas
       *[other] avancer l'empereur de { $steps } pas
    }
tui-short-court = { $family } → cour
tui-short-region = { $family } → région { $region }
tui-short-emperor = empereur { $steps } → région { $region }
tui-short-emperor-steps = empereur { $steps }
tui-short-joker = joker → { $family }
tui-short-disc = disque { $disc }
tui-task-of = { $name } : { $task }
tui-task-draw = tirer des chevaliers
tui-task-joker = attribuer un joker
tui-task-disc = choisir un disque
tui-task-place = placer le chevalier { $number } sur { $total }
tui-task-place-any = placer un chevalier
tui-task-move = avancer l'empereur
tui-illegal-over = la partie est terminée
tui-illegal-other = ce n'est pas l'une des possibilités
tui-illegal-phase = { $name } doit maintenant { $task }
tui-illegal-disc-used = le disque { $disc } a déjà servi (inutilisés : { $unused })
tui-illegal-disc-taken = le disque { $disc } a déjà été choisi dans cette manche, et il reste des disques que personne n'a choisis : { $allowed }
tui-illegal-reserve = il n'y a pas de chevalier { $family } dans la réserve
tui-illegal-steps = l'empereur peut avancer ici de 1 à { $max } pas, et non de { $steps }

# La barre de titre, la ligne de saisie et les touches en dessous
tui-regions-left = { $count ->
        [one] { $count } région restante
       *[other] { $count } régions restantes
    }
tui-castles-win = { $target } châteaux pour gagner
tui-prompt-thinking = { $name } (ordinateur, niveau { $level }) réfléchit… { $seconds } s
tui-prompt-disc = { $name }, choisissez un disque :
tui-prompt-joker = { $name }, votre joker devient :
tui-prompt-place = { $name }, placez le chevalier { $number } sur { $total } :
tui-prompt-destination = { $family } vers :
tui-prompt-emperor = { $name }, avancez l'empereur :
tui-drawing = Tirage…
tui-key-result = résultat
tui-key-new = nouvelle partie
tui-key-region = région
tui-key-court = cour
tui-key-place = placer
tui-key-back = retour
tui-key-family = famille
tui-key-take = prendre
tui-key-disc = disque
tui-key-choose = choisir
tui-key-steps = pas
tui-key-move = avancer
tui-key-assign = attribuer
tui-key-hint = conseil
tui-key-why = pourquoi
tui-key-help = aide
tui-key-quit = quitter
tui-key-undo = annuler
tui-key-redo = rétablir
tui-key-save = enregistrer
tui-key-open = ouvrir
tui-key-log = journal
tui-key-chances = chances
tui-key-all = toutes les touches
tui-key-name-enter = Entrée
tui-key-name-space = Espace
tui-key-name-ctrl = Ctrl

# Le tableau au milieu de l'anneau
tui-column-player = Joueur
tui-column-win = Chance
tui-ai-level = IA{ $level }
tui-control = Contrôle
tui-order = Ordre
tui-regions-left-end = { $count } régions restantes ; la partie se termine aussi en dessous de 4.
tui-over-keys = e : résultat · s : enregistrer · u : annuler · q : quitter
tui-centre-thinking = { $name } (niveau { $level }) réfléchit… { $seconds } s
tui-choose-disc = Choisissez un disque : les disques bas jouent plus tôt, et le nombre dit jusqu'où l'empereur peut aller.
tui-shown-this-round = Montrés dans cette manche : { $discs }.
tui-choose-joker = { $count ->
        [one] Choisissez la famille que devient votre joker (r g b y p).
       *[other] { $count } jokers à attribuer, un à la fois : choisissez la famille du premier (r g b y p).
    }
tui-choose-family = { $count ->
        [one] Placez encore 1 chevalier : choisissez une famille de votre réserve (r g b y p), puis où il va.
       *[other] Placez encore { $count } chevaliers : choisissez une famille de votre réserve (r g b y p), puis où il va.
    }
tui-choose-destination = Chevalier { $family } : choisissez une région (←→, son numéro ou un clic) ou c pour votre cour ; Esc revient en arrière.
tui-court-takes-control = Dans votre cour, il prendrait le contrôle du { $family } à { $name }.
tui-court-gives-control = Dans votre cour, il vous donnerait le contrôle du { $family }.
tui-court-keeps-control = Dans votre cour, il ne changerait pas qui contrôle le { $family }.
tui-emperor-option = { $steps } → région { $region } : { $outcome }
tui-emperor-ends = { $count ->
        [one] La partie se termine : { $names } gagne.
       *[other] La partie se termine : { $names } gagnent.
    }
tui-drawing-knights = Tirage des chevaliers…
tui-estimate-of = Estimation de { $name } : { $chances }
tui-estimate-of-hint = Estimation du conseil : { $chances }
tui-ring-region = (région { $region })
tui-ring-emperor = EMPEREUR
tui-ring-emperor-short = EMP.

# Les panneaux et les écrans par-dessus la table
tui-analysis = Analyse
tui-log = Journal
tui-log-scrolled = Journal (↑{ $lines }, PgDn pour la suite)
tui-thinking-for = { $name } réfléchit… { $seconds } s
tui-hint-working = Recherche d'un conseil… { $seconds } s
tui-no-estimate-hint = Pas encore d'estimation : h pour un conseil.
tui-no-estimate = Pas encore d'estimation.
tui-estimate-by = { $name } (niveau { $level })
tui-estimate-by-hint = Conseil (niveau { $level })
tui-estimate-rough = un tour à l'avance, approximatif
tui-estimate-playouts = { $count } simulations
tui-estimate-heading = { $who }, { $how } :
tui-moves-weighed = Coups examinés :
tui-chances-so-far = Chances jusqu'ici ({ $count } estimations) :
tui-help-title = Aide — Esc ferme, ↑↓ font défiler
tui-log-title = Journal de la partie — Esc ferme, ↑↓ PgUp PgDn font défiler
tui-save-title = Enregistrer la partie
tui-open-title = Ouvrir une partie enregistrée
tui-several-title = Ouvrir l'une de plusieurs parties
tui-save-label = Fichier à écrire (un carolus-record/1) :
tui-open-label = Fichier à lire (un carolus-record/1) :
tui-several-label = Quelle partie, de 1 à { $count } ? ({ $path })
tui-prompt-keys = Entrée valide · Esc annule · Ctrl-U efface
tui-confirm-quit = Quitter ?
tui-confirm-open = Ouvrir une autre partie ?
tui-confirm-new = Nouvelle partie ?
tui-unsaved = La partie a des coups non enregistrés.
tui-confirm-keys = y : { $action } · toute autre touche : retour
tui-leave-quit = quitter
tui-leave-open = ouvrir une autre partie
tui-leave-new = commencer une nouvelle partie
tui-no-graph = Pas encore de graphique. Il montre les estimations de l'ordinateur des chances de gagner de chacun, à partir de la deuxième : les joueurs ordinateur en font une par coup, et h demande un conseil.
tui-any-key-back = Une touche : retour à la partie
tui-chances-title = Chances de gagner
tui-result-after = Après { $rounds ->
        [one] { $rounds } manche
       *[other] { $rounds } manches
    }, avec { $regions ->
        [one] { $regions } région restante
       *[other] { $regions } régions restantes
    }.
tui-winner = gagnant
tui-result-keys = Esc : le plateau · s : enregistrer · u : annuler · q : quitter
tui-too-small = Carolus a besoin d'au moins { $width }×{ $height }
tui-too-small-now = (actuellement { $width }×{ $height }).
tui-too-small-enlarge = Agrandissez la fenêtre ; q quitte.

# Les messages sous la ligne de saisie
tui-estimates-left-out = Les estimations des chances de gagner de la partie ont été laissées de côté : { $error }.
tui-saved = Partie enregistrée dans { $path }.
tui-saved-recovered = Partie enregistrée dans { $path } ; son fichier de récupération est supprimé.
tui-save-failed = Échec de l'enregistrement : { $error }
tui-save-would-replace = { $path } existe déjà : s puis Entrée à nouveau le remplacent.
tui-refuse-thinking = { $name } réfléchit ; attendez son coup.
tui-refuse-over = La partie est terminée : e montre le résultat, u reprend votre dernier coup.
tui-refuse-key = « { $key } » ne fait rien ici ; ? affiche les touches.
tui-refuse-no-disc = Il n'y a pas de disque { $disc } ; les disques vont de 1 à 5.
tui-refuse-steps = { $most ->
        [1] L'empereur ne peut avancer que d'un pas maintenant, et non de { $steps }.
       *[other] L'empereur peut avancer de 1 à { $most } pas maintenant, et non de { $steps }.
    }
tui-refuse-territory-zero = Il n'y a pas de territoire 0 ; les territoires vont de 1 à 15.
tui-refuse-digit-family = Choisissez une famille par sa lettre : r, g, b, y ou p.
tui-refuse-not-in-reserve = Il n'y a pas de chevalier { $family } dans votre réserve.
tui-refuse-letter-disc = Choisissez un disque par son numéro, de 1 à 5.
tui-refuse-letter-emperor = Choisissez les pas de l'empereur avec un nombre ou les flèches.
tui-refuse-move = Vous ne pouvez pas { $action } : { $reason }.
tui-refuse-region-family = Choisissez d'abord la famille à placer (r, g, b, y, p ou un bouton).
tui-refuse-unreachable = L'empereur ne peut pas atteindre cette région avec votre disque.
tui-move-failed = { $token } ne peut pas être joué : { $reason }
tui-computer-failed = Le joueur ordinateur a échoué : { $error }
tui-hint = Conseil : { $action }.
tui-hint-chance = Conseil : { $action } (chances de gagner estimées : { $percent } %).
tui-hint-not-yours = Les conseils sont pour vos propres décisions.
tui-hint-still = Le conseil est encore à l'étude…
tui-hint-thinking = Recherche d'un conseil…
tui-why-no-hint = Aucun conseil à expliquer : d'abord h pour un conseil, puis x pour savoir pourquoi.
tui-why-failed = Le conseil ne peut pas être expliqué : { $error }
tui-why-missing = le joueur ordinateur a donné son conseil sans explication
tui-why-title = Pourquoi { $action } ?
tui-undo-nothing = Vous n'avez aucune décision à reprendre.
tui-undo-failed = Impossible d'annuler : { $error }
tui-undone = { $count ->
        [one] { $count } coup repris : { $name } décide à nouveau.
       *[other] { $count } coups repris : { $name } décide à nouveau.
    }
tui-redo-nothing = Il n'y a rien à rétablir.
tui-redo-stopped = Impossible de rétablir : { $token } ne peut pas être joué : { $reason }
tui-redone = { $count ->
        [one] { $count } coup rejoué : { $name } décide.
       *[other] { $count } coups rejoués : { $name } décide.
    }
tui-redone-over = { $count ->
        [one] { $count } coup rejoué.
       *[other] { $count } coups rejoués.
    }
tui-no-file-name = Aucun nom de fichier donné.
tui-several-out-of-range = { $path } contient les parties 1 à { $count }, pas { $typed } ; o l'ouvre à nouveau.
tui-file-game = { $path } : partie { $game }
tui-game-of-file = partie { $game } de { $path }
tui-read-failed = Impossible de lire { $path } : { $error }
tui-loaded = Chargé : { $game }.
tui-loaded-without-estimates = Chargé : { $game }, sans ses estimations des chances de gagner : { $error }.
tui-new-game-failed = Impossible de commencer une nouvelle partie : { $error }
tui-new-game = Une nouvelle partie avec les mêmes places (graine { $seed }).
tui-recovery-offer = Une partie interrompue a été conservée dans { $path }{ $more ->
        [0] {""}
        [1] {" "}(et une autre)
       *[other] {" "}(et { $more } autres)
    } : o puis Entrée la reprennent.
tui-left-in-round = Partie quittée à la manche { $round }.
tui-kept-in = Les coups non enregistrés sont conservés dans { $path } (carolus play --load { $path }).
tui-not-kept = Les coups non enregistrés n'ont pas pu être conservés dans { $directory } : { $error }.

# L'aide (le programme coupe les lignes)
tui-help-game-title = Le jeu
tui-help-game = Charlemagne parcourt son empire. Là où il s'arrête, la suite la plus forte construit un château. Le plus de châteaux à la fin l'emporte. La partie se termine aussitôt que quelqu'un atteint l'objectif (10 châteaux à 2 joueurs, 8 à 3, 10 pour une équipe) ou qu'il reste moins de quatre régions.
tui-help-round-title = Une manche
tui-help-round-discs = Chacun choisit un disque (1-5). Si possible, il doit porter un nombre que personne n'a montré dans cette manche. Les disques utilisés reviennent quand les cinq ont servi.
tui-help-round-order = Le disque le plus bas joue en premier ; à égalité, l'ordre de choix est gardé.
tui-help-round-place = À votre tour, placez 3 chevaliers (4 à 3 joueurs) de votre réserve, chacun dans votre cour ou dans une région. Les chevaliers de la cour donnent le contrôle de leur famille quand votre cour en a strictement plus que toute autre.
tui-help-round-move = Avancez l'empereur dans le sens horaire de 1 jusqu'au nombre de régions de votre disque.
tui-help-round-score = Là, chaque camp compte les chevaliers des familles qu'il contrôle plus ses propres châteaux. Le seul score le plus haut construit un château, ou prend tous les châteaux d'un autre propriétaire. Égalités et scores nuls ne font rien.
tui-help-round-merge = Une région qui a un propriétaire fusionne avec ses voisines du même propriétaire.
tui-help-round-draw = Tirez 3 nouveaux chevaliers (4 à 3 joueurs) ; un joker (J) devient la famille de votre choix.
tui-help-teams = Partie par équipes (4 joueurs) : les places 0+2 (noir) jouent contre 1+3 (blanc). Le contrôle est personnel ; régions et châteaux appartiennent à l'équipe.
tui-help-table-title = La table
tui-help-table-ring = L'anneau montre les territoires 1-15 dans le sens horaire, les régions fusionnées en une seule case : les chevaliers en R2 G1 (R rouge, G vert, B bleu, Y jaune, P rose), les châteaux en ⌂ avec leur propriétaire, et l'EMPEREUR.
tui-help-table-seats = Au centre, une ligne par place : son numéro (# — celui que prend --ai ; ▸ = à jouer), le nom, la couleur des châteaux (● noir, ○ blanc, ◐ gris), IA et niveau pour un ordinateur, les châteaux face à l'objectif (⌂/10), la cour (cases marquées = familles que vous contrôlez), la réserve, les disques inutilisés (· = utilisé) et le disque choisi dans cette manche (▸3). La ligne du haut compte les régions restantes : la partie se termine quand il y en a moins de quatre.
tui-help-table-analysis = Sur un écran large, le panneau Analyse montre la dernière estimation de l'ordinateur des chances de gagner de chacun et, dès qu'il en a fait deux, un graphique de toutes ses estimations (une ligne par place ou équipe, ▁ 0% … █ 100%). L'écran du résultat montre aussi le graphique, w le montre à tout moment, et les parties enregistrées le gardent. Sous « Coups examinés », le choix de l'ordinateur vient en premier (pour la recherche arborescente, c'est son coup le plus exploré, pas toujours la meilleure chance) ; chaque coup montre la chance qu'il laisse à son joueur. Dans la partie par équipes, chaque chance est celle d'une équipe : les partenaires gagnent ensemble.
tui-help-keys-title = Touches
tui-help-keys-same = Les touches sont les mêmes dans toutes les langues (carolus play --lang en, de ou fr) ; la touche d'une famille est sa lettre dans la notation : r g b y p (rouge, vert, bleu, jaune, rose).
tui-help-key-options = passer d'une possibilité à l'autre
tui-help-key-take = prendre la possibilité sous le curseur
tui-help-key-numbers = choisir un disque, ou les pas de l'empereur
tui-help-key-families = choisir une famille : le chevalier à placer, ou celle du joker
tui-help-key-territories = en plaçant : la région d'un territoire, ou votre cour
tui-help-key-back = revenir du choix de l'endroit où va un chevalier
tui-help-key-hint = conseil : ce que jouerait l'ordinateur (niveau 4, ou un ordinateur plus fort à la table)
tui-help-key-why = pourquoi : ce que fait et permet le coup du dernier conseil, en mots
tui-help-key-undo = annuler : revenir à votre décision précédente
tui-help-key-redo = rétablir : rejouer ce qu'une annulation a repris
tui-help-key-files = enregistrer la partie / ouvrir (charger) une partie enregistrée
tui-help-key-new = une nouvelle partie avec les mêmes places (demande d'abord si des coups ne sont pas enregistrés, comme o et q)
tui-help-key-log = tout le journal de la partie ; PgUp/PgDn font défiler le panneau du journal
tui-help-key-chances = chances de gagner : le graphique des estimations de l'ordinateur
tui-help-key-result = le résultat, une fois la partie terminée
tui-help-key-help = cette aide
tui-help-key-quit = quitter (Ctrl-C quitte aussitôt et garde les coups non enregistrés dans un fichier de récupération que le prochain lancement propose)
tui-help-mouse = Souris : cliquez sur une possibilité de la ligne du bas, une région de l'anneau ou votre ligne dans le tableau (votre cour). Un clic sur une région place le chevalier choisi ; pour l'empereur, le premier clic montre le résultat et le second avance.

## Explications (« pourquoi ? ») : chaque phrase énonce un fait d'une suite
## de coups que les règles vérifient (module explain de carolus-core) ;
## $name, $other et $names sont des noms de places ou une équipe, $family
## une famille.

explain-control = { $name } prend le contrôle du { $family } ({ $knights } contre { $against } à la cour).
explain-control-from = { $name } prend le contrôle du { $family } à { $other } ({ $knights } contre { $against } à la cour).
explain-court-keeps = { $name } renforce son contrôle du { $family } : { $knights } contre { $against } à la cour.
explain-court-short = { $name } a maintenant { $knights } { $family } à la cour, mais { $other } garde le contrôle avec { $against }.
explain-court-tie = { $name } a maintenant { $knights } { $family } à la cour ; une autre cour en a { $against }, donc personne ne prend le contrôle.
explain-lead = Dans la région { $region }, { $name } mène maintenant par { $score } à { $against }.
explain-lead-none = Dans la région { $region }, personne ne mène : le meilleur score, { $score }, est partagé.
explain-reserve = { $name } a maintenant { $knights ->
    [one] un chevalier
   *[other] { $knights } chevaliers
    } { $family } en réserve.
explain-reach = Avec le disque { $disc }, { $name } peut avancer l'empereur de { $steps } régions au plus.
explain-reach-gives = Avec le disque { $disc }, { $name } peut avancer l'empereur de { $steps } régions au plus ; la région { $region } irait à { $other }.
explain-reach-nothing = Avec le disque { $disc }, { $name } peut avancer l'empereur de { $steps } régions au plus, et aucune région à portée ne changerait de mains.
explain-castle = { $team ->
    [yes] { $by } construit un château dans la région { $region } pour { $name }.
   *[no] { $name } construit un château dans la région { $region }.
    }
explain-castle-taken = { $team ->
    [yes] { $by } prend pour { $name } la région { $region } à { $other }
   *[no] { $name } prend la région { $region } à { $other }
    } avec { $castles ->
    [one] son château
   *[other] ses { $castles } châteaux
    }.
explain-stop = L'empereur s'arrête dans la région { $region }, et rien ne change de mains.
explain-merge = { $count } régions fusionnent en la région { $region }, qui compte maintenant { $territories } territoires.
explain-end = La partie se termine, et { $names } { $count ->
    [one] gagne
   *[other] gagnent
    }.
explain-near = Il manque { $count ->
    [one] un château
   *[other] { $count } châteaux
    } à { $name } pour gagner.
explain-regions = Il ne reste que { $count } régions ; la partie se termine quand il en reste moins de quatre.
explain-quiet = Jusqu'au prochain tirage, aucune famille, aucun château, aucune région ne change de mains.
explain-instead = Avec { $move } à la place :
explain-and = { $first } et { $second }
explain-team = l'équipe { $first } + { $second }

## « Pourquoi ? » à la table du navigateur : les raisons d'un conseil, et un coup du journal face au meilleur de l'ordinateur (issue 66)
why-button = Pourquoi ?
why-hint-label = Pourquoi l'ordinateur suggère-t-il cela ?
why-move-label = Pourquoi le coup { $number } ?
why-thinking = L'ordinateur examine ce coup…
why-best = L'ordinateur aurait choisi ce coup lui aussi.
why-worse = Le choix de l'ordinateur : { $best } ; ce coup abandonne { $points ->
    [one] un point
   *[other] { $points } points
    } de chance de gagner.
why-not-weighed = Le choix de l'ordinateur : { $best } ; il n'a pas évalué ce coup.
review-open = Revoir la partie
review-hide = Fermer la revue
review-title = Les décisions qui ont coûté le plus
review-decision = { $name }, coup { $number } : chance de gagner réduite { $points ->
    [one] d'un point
   *[other] de { $points } points
    }
review-played = Joué :
review-better = Mieux :
review-show = Montrer cette position
review-none = Aucune décision des personnes à cette table n'a coûté quelque chose, pour autant qu'on le sache.
review-no-people = Seul l'ordinateur a joué à cette table.
review-try = Réessayer à partir d'ici
## Guided first game

learn-title = Apprendre à jouer
learn-offer = Vous découvrez Carolus Magnus ? Apprenez les règles dans une première partie guidée contre l'ordinateur.
learn-start = Apprendre à jouer
learn-resume = Reprendre la partie guidée
learn-rules-link = Apprendre en jouant : une première partie guidée
learn-progress = Leçon { $lesson } sur { $count }
learn-show-me = Montrez-moi
learn-skip = Passer
learn-skip-all = Tout passer
learn-leave = Quitter
lesson-disc = Chaque manche commence par un disque. Le plus petit disque agit en premier, et son nombre dit jusqu'où l'empereur peut marcher. Choisissez le disque { $disc }.
lesson-court = Placez un chevalier à votre cour : prenez un chevalier { $family } de votre réserve, puis votre cour. Qui a le plus de chevaliers d'une famille à sa cour contrôle cette famille.
lesson-region = Placez maintenant un chevalier dans une région : prenez un chevalier { $family }, puis la région { $region }. Les chevaliers d’une région comptent pour qui contrôle leur famille.
lesson-walk = Déplacez l'empereur dans le sens horaire, de 1 à { $most } régions selon votre disque ; une région fusionnée compte pour un pas. Avancez-le de { $steps } jusqu'à la région { $region }.
lesson-castle = Là où l'empereur s’arrête, chacun compte les chevaliers des familles qu'il contrôle et ses châteaux ; le meilleur score y bâtit un château. Avancez-le de { $steps } jusqu'à la région { $region } : le château est à vous.
lesson-control = L’ordinateur contrôle { $family }. Placez un chevalier { $family } à votre cour : avec plus de chevaliers { $family } à la cour que lui, vous en prenez le contrôle. En cas d'égalité, rien ne change.
lesson-merge = Des régions voisines du même propriétaire fusionnent, et une région fusionnée ne compte que pour un pas de l'empereur. Avancez-le de { $steps } jusqu'à la région { $region } : vos châteaux s’y rejoignent.
lesson-joker = Vous avez tiré un joker : il devient un chevalier de la famille de votre choix. Faites-en un { $family }.
lesson-end = La partie s’arrête aussitôt qu'un joueur a { $target } châteaux, ou qu'il reste moins de quatre régions (il y en a { $regions }). Le plus de châteaux gagne. Jouez jusqu'à la fin.
lesson-wait = L’ordinateur réfléchit.
lesson-play-on = Jouez comme vous voulez : la leçon suivante viendra quand sa règle comptera. « Montrez-moi » joue un bon coup.
lesson-over = La partie est terminée.
lesson-finished = Vous connaissez les règles de Carolus Magnus. Lancez votre propre partie depuis le salon.
tui-lesson-line = Leçon { $lesson }/{ $count } : { $text }
tui-key-show-me = montrez-moi
tui-key-skip = passer la leçon
tui-key-skip-all = tout passer

# Analysis graph, rules page, replay
graph-rounds = Manche
graph-explained = Les chances de gagner de chaque joueur après chaque coup, selon l'estimation de l'ordinateur. ? marque un coup qui a coûté à son joueur au moins { $mistake } points de ces chances ; ?? marque l'un des { $blunders } coups les plus coûteux d'un joueur dans la partie, chacun d'au moins { $blunder } points. Cliquez sur le graphique ou sur un coup marqué pour voir la position.
graph-no-marks = Aucun coup n'a coûté assez à son joueur pour être marqué.
graph-marks-label = Les coups marqués, en mots
graph-mistake = erreur
graph-blunder = gaffe
graph-mark-move = Coup { $move } :
graph-mark-move-round = Coup { $move }, manche { $round } :
record-where-line = { $file }, ligne { $line }
record-games = Ce fichier contient { $count } parties :
record-game-option = Partie { $game } (ligne { $line })
record-empty = { $file } est vide : une partie enregistrée était attendue.
record-not-json-at = { $file }, ligne { $line }, colonne { $column } : ce n'est pas du JSON : { $found ->
    [end] le texte s'arrête trop tôt.
   *[other] « { $found } » n'était pas attendu à cet endroit.
    }
record-line-not-json = { $file }, ligne { $line }, colonne { $column } : cette ligne n'est pas du JSON : { $found ->
    [end] elle s'arrête trop tôt.
   *[other] « { $found } » n'était pas attendu à cet endroit.
    } Chaque ligne d'un fichier .jsonl contient une partie enregistrée.
record-line-not-object = { $file }, ligne { $line } : une partie enregistrée (un objet JSON) était attendue.
record-problem-field = { $where } : le champ « { $field } » manque ou ne se lit pas.
record-problem-setup = { $where } : la mise en place du champ « { $field } » ne peut pas commencer une partie.
record-problem-malformed = { $where } : le coup { $move } « { $token } » n'est pas un coup.
record-problem-illegal = { $where } : le coup { $move } « { $token } » ne peut pas être joué à cet endroit ; le plateau montre la partie jusqu'au coup précédent.
record-problem-not-a-record = { $where } : ce n'est pas une partie enregistrée.
record-problem-other = { $where } : cette partie enregistrée ne peut pas être rejouée.
record-too-large = { $where } : le fichier est trop volumineux pour que le serveur le rejoue.
record-error-replay = { $where } : le serveur n'a pas répondu (il est occupé ou injoignable). Réessayez.
rules-seat-caption = { $name } (châteaux : { $colour }) : la cour en haut, la réserve au milieu, les disques en bas
rules-key-title = Ce que montre l'écran
rules-key-emperor = La couronne est l'empereur. Il se tient au bord extérieur de la région où il se trouve et avance dans le sens des aiguilles d'une montre.
rules-key-knight = Un cube de couleur représente les chevaliers d'une famille, dans une région ou à une cour : sa lettre nomme la famille (R G B Y P), le nombre à côté les compte.
rules-key-castle = Une petite tour est un château, de la couleur de son propriétaire (noir, blanc ou gris) ; « ×2 » signifie deux châteaux.
rules-key-control = Les anneaux au centre montrent qui contrôle chaque famille : un anneau plein de la couleur des châteaux du joueur qui la contrôle, avec son nom.
rules-key-control-open = Un anneau en pointillés : personne ne contrôle encore cette famille.
rules-key-target = Une place éclairée marquée « + » est un endroit où vous pouvez poser le chevalier choisi : une région, ou votre cour. Une région éclairée portant un nombre est l'endroit où l'empereur s'arrête s'il avance d'autant de régions.
rules-key-territory = Les petits nombres au bord extérieur numérotent les territoires de 1 à 15 ; une région porte le nom de son plus petit territoire.
rules-play-title = Jouer sur ce site
rules-play-point = Pointer : cliquez ou touchez un chevalier de votre réserve, puis une place éclairée, une région du plateau ou votre cour.
rules-play-drag = Glisser : ou faites glisser le chevalier de votre réserve jusqu'à une place éclairée et relâchez-le.
rules-play-keys = Clavier : Tab et Maj+Tab passent d'un élément à choisir au suivant, Entrée ou Espace le choisit.
rules-play-disc = Au début d'une manche, choisissez l'un de vos disques de la même façon.
rules-play-emperor = Pour déplacer l'empereur, choisissez l'une des régions numérotées : chacune dit ce que produirait un arrêt à cet endroit.
rules-play-log = Le journal à côté du plateau décrit chaque coup en mots : cliquez sur un coup pour voir le plateau tel qu'il était alors, et utilisez les flèches sous le plateau pour parcourir la partie.
rules-example-castle-title = Exemple : un château est construit
rules-example-castle = Bruno contrôle le bleu (un chevalier bleu à sa cour, aucun à celle d'Anna) et a posé des chevaliers bleus dans les territoires 2 et 3. Avec le disque 2, il peut avancer l'empereur d'une ou de deux régions.
rules-example-merge-title = Exemple : deux régions se rejoignent
rules-example-merge = À la manche suivante, Anna possède le territoire 4 avec un château, contrôle le rouge et a posé deux chevaliers rouges dans le territoire 5, juste à côté. Avec le disque 1, elle avance l'empereur d'une région, jusqu'au territoire 5.
rules-example-before = Avant : { $name } doit déplacer l'empereur, avec le disque { $disc } ; les nombres montrent où chaque coup s'arrêterait.
rules-example-after = Après : { $what }

## Turn by e-mail: the mails and the unsubscribe page (server)

mail-greeting = Bonjour { $name },
mail-nobody = personne encore
mail-turn-subject = À vous de jouer dans la partie { $game }
mail-turn-text = La partie { $game } contre { $players } attend votre coup.
mail-open-table = Vers la table : { $link }
mail-digest-subject = { $count } parties attendent votre coup
mail-digest-text = { $count } parties attendent votre coup :
mail-digest-game = partie { $game } contre { $players }
mail-ended-subject = La partie { $game } est terminée
mail-ended-text = La partie { $game } contre { $players } est terminée.
mail-ended-own = { $castles ->
    [one] Vous avez construit un château.
   *[other] Vous avez construit { $castles } châteaux.
    }
mail-reset-subject = Un nouveau mot de passe pour Carolus
mail-reset-text = Quelqu'un, sans doute vous, a demandé un nouveau mot de passe pour le joueur { $name }. Le lien ci-dessous vous permet d'en choisir un ; il sert une fois, pendant une heure :
mail-reset-ignore = Si ce n'était pas vous, ignorez ce message : votre mot de passe reste tel quel.
mail-unsubscribe = Vous recevez ces messages parce que vous les avez activés dans vos réglages. Pour ne plus recevoir de messages sur vos parties, ouvrez :
unsubscribe-title = Messages de Carolus
unsubscribe-ask = Ne plus envoyer de messages sur les parties à { $address } ?
unsubscribe-button = Ne plus envoyer de messages
unsubscribe-done = Plus aucun message sur les parties ne part vers { $address }. Un nouveau mot de passe que vous demandez est toujours envoyé.
unsubscribe-bad = Ce lien n'est pas valide ; il a peut-être été coupé lors d'une copie. Ouvrez-le à nouveau depuis le message.

## Invitations et revanche

copy-link = Copier
link-copied = Lien copié.
link-selected = Le lien est sélectionné : copiez-le avec Ctrl+C (⌘C sur Mac).
abandon-after = Si un joueur reste absent d'une partie sans pendule, les autres peuvent y mettre fin après
abandon-after-days = { $days ->
    [one] un jour
   *[other] { $days } jours
    }
games-mine = Vos parties
action-resume = reprendre
people-label = Les personnes à la table
duration-minutes = { $count ->
    [one] une minute
   *[other] { $count } minutes
    }
duration-hours = { $count ->
    [one] une heure
   *[other] { $count } heures
    }
duration-days = { $count ->
    [one] un jour
   *[other] { $count } jours
    }
seat-away = { $name } n'est pas à la table depuis { $time }.
abandon-wait = Si { $name } ne revient pas, vous pourrez déclarer la partie abandonnée dans { $time }.
abandon-allowed = L'absence de { $name } a trop duré : vous pouvez déclarer la partie abandonnée.
abandon-game = Déclarer la partie abandonnée
game-abandoned = La partie a été déclarée abandonnée : { $name } l'a quittée.
invitations-title = Liens d'invitation
invitations-explained = Vous seul, l'hôte, voyez ces liens, jusqu'à ce que chaque personne soit venue à la table.
rematch = Revanche
rematch-offered = { $name } propose une revanche.
rematch-join = Rejoindre la revanche
rematch-yours = Vous avez proposé une revanche ; les autres sont invités à la rejoindre.
rematch-go = Aller à la revanche

# Account pages
account-sign-in-link = Se connecter
account-menu-label = Compte de { $name }
account-my-games = Mes parties
account-profile = Profil
account-settings = Réglages
account-sign-out = Se déconnecter
account-title = Votre compte
account-signed-in-as = Vous êtes connecté en tant que { $name }.
account-sign-in = Se connecter
account-sign-up = Créer un compte
account-name = Nom
account-name-hint = 2 à 20 lettres, chiffres, _ et -, commençant par une lettre ou un chiffre.
account-password = Mot de passe
account-password-hint = Au moins 10 caractères ; ni un mot de passe courant, ni votre nom.
account-email = Adresse e-mail
account-email-optional = Adresse e-mail (facultative)
account-email-hint = Seulement pour les e-mails choisis dans vos réglages et pour réinitialiser le mot de passe.
account-no-games = Pas encore de parties.
account-game-your-turn = à vous
account-wait-seconds = { $count ->
    [one] une seconde
   *[other] { $count } secondes
    }
account-wait-minutes = { $count ->
    [one] une minute
   *[other] { $count } minutes
    }
account-error-network = Le serveur est injoignable. Vérifiez la connexion et réessayez.
account-error-wrong = Le nom ou le mot de passe est erroné.
account-error-password-wrong = Le mot de passe est erroné.
account-error-not-found = Ce compte n’existe pas.
account-error-name-taken = Ce nom est pris (les noms qui ne diffèrent que par les majuscules ou des lettres semblables comptent pour un).
account-error-name = Ce nom n’est pas possible : 2 à 20 lettres, chiffres, _ et -, commençant par une lettre ou un chiffre.
account-error-password = Ce mot de passe n’est pas possible : au moins 10 caractères, ni un mot de passe courant, ni votre nom.
account-error-email = Cette adresse e-mail ne semble pas correcte (nom@domaine.example).
account-error-refused = Le serveur a refusé cette modification.
account-error-wait = Trop de tentatives. Réessayez dans { $wait }.
account-error-wait-soon = Trop de tentatives. Réessayez dans un instant.
account-error-unavailable = Le serveur est occupé. Réessayez dans un instant.
account-error-other = Un problème est survenu. Réessayez.
settings-title = Réglages
settings-signed-out = Connectez-vous pour voir vos réglages.
settings-details = E-mail et langue
settings-email-hint = Laissez vide pour supprimer l’adresse.
settings-mails = M’envoyer un e-mail quand une partie m’attend ou se termine
settings-language = Langue des pages et des e-mails
settings-save = Enregistrer
settings-saved = Enregistré.
settings-password = Mot de passe
settings-password-now = Mot de passe actuel
settings-password-new = Nouveau mot de passe
settings-password-change = Changer le mot de passe
settings-password-changed = Le mot de passe est changé ; vous êtes déconnecté sur tous les autres appareils.
settings-sign-out-everywhere = Se déconnecter partout
settings-sign-out-everywhere-explained = Met fin à chaque session de votre compte, sur cet appareil et sur tous les autres.
settings-delete = Supprimer le compte
settings-delete-explained = Votre compte, ses sessions et vos données personnelles sont supprimés. Les parties terminées restent, votre place y est nommée « joueur supprimé ».
settings-delete-confirm = Supprimer le compte pour de bon ? Impossible de revenir en arrière.
settings-delete-yes = Oui, le supprimer
settings-delete-no = Non, le garder
profile-not-found-title = Joueur introuvable
profile-not-found = Il n’y a pas de joueur nommé { $name }.
profile-since = Joue depuis le { $date }
profile-ratings = Classements
profile-playing = Parties en cours
profile-finished = Parties terminées
profile-none-playing = Aucune partie en cours.
profile-none-finished = Pas encore de partie terminée.
profile-record = télécharger l’enregistrement

## Ratings on a profile
profile-rated-games = { $count ->
    [one] une partie classée
   *[other] { $count } parties classées
    }

# Password reset pages
reset-forgot = Mot de passe oublié ?
reset-forgot-who = Nom ou adresse e-mail
reset-forgot-hint = Si le compte a une adresse e-mail, un lien pour choisir un nouveau mot de passe y est envoyé.
reset-forgot-send = Envoyer le lien
reset-asked = Si un compte avec une adresse e-mail correspond, un lien pour choisir un nouveau mot de passe y a été envoyé. Le lien est valable une heure.
reset-title = Choisir un nouveau mot de passe
reset-new-password = Nouveau mot de passe
reset-repeat-password = Nouveau mot de passe, à nouveau
reset-save = Enregistrer le mot de passe
reset-mismatch = Les deux mots de passe diffèrent. Tapez deux fois le même.
reset-done = Le nouveau mot de passe est enregistré. Vous êtes déconnecté sur tous les appareils.
reset-sign-in = Se connecter avec le nouveau mot de passe
reset-no-link = Cette adresse ne contient pas de lien de réinitialisation. Ouvrez le lien du mail ou demandez-en un nouveau.
reset-ask-again = Demander un nouveau lien
reset-error-link = Ce lien n'est pas valable, a expiré ou a déjà servi. Demandez-en un nouveau.

# Ratings in the page: the lobby's rated games, the table's rating changes, the leaderboard, the profile's graph
nav-leaderboard = Classement
rating-mode-2p = 2 joueurs
rating-mode-3p = 3 joueurs
rating-mode-teams = Partie en équipes
rating-provisional = provisoire
lobby-rated = Partie classée
lobby-rated-explained = Une partie classée change le classement des personnes qui la jouent. Elle demande une pendule ; seule votre place est jouée ici, les autres sont à l'ordinateur ou ouvertes aux personnes connectées ; on ne peut pas reprendre ses décisions.
lobby-rated-sign-in = Connectez-vous pour jouer des parties classées.
lobby-rated-error-session = Connectez-vous pour créer une partie classée.
lobby-rated-error-clock = Une partie classée demande une pendule.
lobby-rated-error-invited = Une partie classée n'a pas de places sur invitation : laissez-les ouvertes aux personnes connectées.
lobby-rated-error-seats = Dans une partie classée, seule votre place porte un nom : les autres sont à l'ordinateur ou ouvertes aux personnes connectées.
table-rated = Partie classée
table-rated-explained = Le résultat change le classement des joueurs.
table-rating-changes = Changements de classement
table-rating-pending = Les classements sont en cours de mise à jour…
table-rating-none = Le classement d'aucun compte n'a changé dans cette partie.
table-rating-change = { $name } : { $before } → { $after } ({ $change })
leaderboard-title = Classement
leaderboard-intro = Les joueurs sont rangés selon une valeur prudente : leur classement moins trois fois son incertitude, pour que quelques parties heureuses ne suffisent pas à mener.
leaderboard-modes = Modes de jeu
leaderboard-caption = Les meilleurs joueurs : { $mode }
leaderboard-rank = Rang
leaderboard-player = Joueur
leaderboard-rating = Classement
leaderboard-games = Parties classées
leaderboard-empty = Personne n'a encore joué de partie classée dans ce mode ({ $mode }).
leaderboard-provisional-note = Un classement marqué ? est provisoire : trop peu de parties ont été jouées pour bien le connaître.
profile-leaderboard-link = Voir le classement
profile-rating-history = Classement au fil du temps
profile-rating-graph-title = Classement au fil du temps : { $mode }
profile-rating-graph-description = { $count ->
    [one] Après une partie classée : { $last }.
   *[other] Sur { $count } parties classées, de { $first } à { $last } ; au plus haut { $high }.
    }
profile-rating-graph-axis = Parties classées, la plus ancienne d'abord
profile-rating-table-show = Les chiffres
profile-rating-table-game = Partie
profile-rating-table-date = Date
profile-rating-table-rating = Classement après
profile-computers = Contre l'ordinateur
profile-computer-results = { $games ->
    [one] une partie
   *[other] { $games } parties
    } : victoires { $won }, défaites { $lost }
leaderboard-loading = Chargement de la liste…

## The people at the table: refusals in the reader's words (issue 65)
people-error-abandon = La partie ne peut pas être déclarée abandonnée maintenant : la personne est revenue, ou la partie a continué.
people-error-rematch = La revanche n'a pas pu être proposée. Réessayez dans un instant.
people-error-invitations = Les liens d'invitation n'ont pas pu être lus. Rechargez la page pour réessayer.

# Play now (issue 67): the lobby's pool for people signed in
playnow-title = Jouer maintenant
playnow-intro = Une partie classée contre des joueurs de votre force. Si personne ne vient à temps, l'ordinateur prend les places libres.
playnow-mode = Partie
playnow-mode-2p = 2 joueurs
playnow-mode-3p = 3 joueurs
playnow-mode-teams = 4 joueurs (deux équipes)
playnow-clock = Pendule
playnow-clock-blitz = 5 minutes, +5 s par tour
playnow-clock-rapid = 15 minutes, +10 s par tour
playnow-clock-correspondence = 2 jours par tour
playnow-start = Chercher des adversaires
playnow-looking = Recherche d'adversaires…
playnow-waited = Attente : { $time }
playnow-others = { $count ->
    [0] Personne d'autre n'attend encore cette partie.
    [one] Une autre personne attend cette partie.
   *[other] { $count } autres attendent cette partie.
    }
playnow-range = Adversaires bienvenus jusqu'à { $range } points autour de votre classement, { $rating } ; l'écart s'élargit avec l'attente.
playnow-computer-in = L'ordinateur prend les places libres dans { $time }.
playnow-computer-now = Jouer contre l'ordinateur
playnow-cancel = Annuler
playnow-ready = Votre partie est prête : à la table

## The terminal game's review after a game (issue 66)
tui-result-review = v : revoir les décisions les plus coûteuses
tui-review-title = Bilan
tui-review-not-over = Le bilan vient une fois la partie terminée.
tui-review-working = Chaque décision est réexaminée : { $done } recherches sur { $total }
tui-review-failed = Le bilan a échoué : { $error }
tui-review-none = Aucune décision des personnes n'a coûté quoi que ce soit, à ce qu'on sache.
tui-review-heading = { $name }, coup { $index } : { $points } points de chance de gagner perdus ({ $page } sur { $pages })
tui-review-played = ◆ Joué : { $action }
tui-review-better = ★ Mieux : { $action }
# The marks of the two moves on the board, and their short forms for narrow regions.
tui-review-mark-played = ◆ joué
tui-review-mark-played-short = ◆
tui-review-mark-better = ★ mieux
tui-review-mark-better-short = ★
tui-review-keys = ←→ : autres décisions · t : rejouer d'ici · autre touche : retour
tui-review-again = la position avant le coup { $index }
tui-review-entry = { $name }, coup { $index } : { $points } points
tui-help-key-review = une fois la partie finie : le bilan, les trois décisions les plus coûteuses de chaque personne sur le plateau d'alors, le coup joué et le meilleur avec leurs raisons ; ←→ de l'une à l'autre, t pour en rejouer une contre l'ordinateur

# What the pages say when the server refuses a request or cannot be reached:
# chosen by the refusal's code or the request, never the server's English.
table-error-seat = Cet appareil ne détient pas cette place. Ouvrez le lien propre à la place, ou connectez-vous avec le compte à qui elle appartient.
table-error-not-your-turn = Ce n'est pas votre tour.
table-error-out-of-time = Votre temps est écoulé ; l'ordinateur joue désormais votre place.
table-error-takeback-clock = Une partie avec pendule ne permet pas de reprendre un coup.
table-error-takeback-people = Seule une partie contre l'ordinateur permet de reprendre un coup.
table-error-nothing-to-take-back = Vous n'avez encore pris aucune décision à reprendre.
table-error-no-hints = Cette partie a été créée sans conseils.
table-error-over = La partie est terminée.
table-error-not-running = La partie n'a pas encore commencé : elle attend que ses places libres soient prises.
table-error-claim-taken = Cette place est déjà prise.
table-error-move = Le coup n'a pas été accepté. La table montre la partie telle qu'elle est maintenant.
table-error-takeback = La décision n'a pas pu être reprise.
table-error-hint = Aucun conseil ne peut être donné pour l'instant.
table-error-explain = Ce coup ne peut pas être expliqué pour l'instant. Réessayez dans un instant.
table-error-practice = Une nouvelle partie depuis cette position n'a pas pu être lancée. Réessayez dans un instant.
table-error-claim = La place n'a pas pu être prise. Réessayez dans un instant.
table-error-states = Les positions de la partie n'ont pas pu être lues. Rechargez la page pour réessayer.
table-error-outcomes = Ce que ferait chaque choix n'a pas pu être calculé. Rechargez la page pour réessayer.
table-error-analysis = L'analyse de la partie n'a pas pu être faite.
table-error-lesson = La leçon n'a pas pu être chargée. Rechargez la page pour réessayer.
table-error-socket = Le serveur a refusé un message de cette page. Rechargez la page pour réessayer.
table-error-game = La partie n'a pas pu être chargée. Rechargez la page pour réessayer.
lobby-error-list = La liste des parties n'a pas pu être lue. Rechargez la page pour réessayer.
lobby-error-create = La partie n'a pas pu être créée. Vérifiez les réglages et réessayez.
rules-error-example = La partie d'exemple ne peut pas être montrée. Rechargez la page pour réessayer.
analysis-no-decisions = Personne n'a pris de décision dans cette partie : il n'y a pas de chances de gagner à dessiner.
