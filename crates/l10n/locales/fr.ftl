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
invite-explained = Envoyez à chaque personne son lien : il lui permet de jouer à sa place. Les liens ne sont affichés que maintenant.
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
computer-level = Ordinateur (niveau { $level })
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
hint-says = L'ordinateur suggère « { $move } ». Chances de gagner : { $chances }.
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
outcome-build = { $name } construit un château.
outcome-take = { $name } prend la région à { $other } ({ $castles ->
    [one] un château
   *[other] { $castles } châteaux
    }).
outcome-keep = { $name } garde la région.
outcome-merge = { $count } régions fusionnent pour former la région { $region }.

## Relectures et enregistrements

chance = { $percent } % de chances de gagner
chance-title = Les chances de gagner à partir d'ici, selon l'ordinateur (niveau { $level }) ; les joueurs les voient une fois la partie finie
analysis-title = La partie vue par l'ordinateur
analysis-waiting = L'ordinateur analyse la partie…
analysis-explained = Les chances de gagner de chaque joueur après chaque coup, selon l'estimation de l'ordinateur (niveau 4). Les coups marqués ont coûté à leur joueur au moins { $points } points de ces chances : ? une erreur, ?? une gaffe. Cliquez sur le graphique pour voir la position.
graph-label = Les chances de gagner au fil de la partie
mistake-title = { $name } a joué { $move } ; l'ordinateur préférait { $best } ({ $cost } points de mieux)
replay-position = Position dans la partie
replay-first = Au début
replay-back = Un coup en arrière
replay-forward = Un coup en avant
replay-last = À la fin
replay-at = Coup { $at } sur { $total }
record-title = Ouvrir un enregistrement
record-intro = Un fichier carolus-record/1, tel que l'écrivent le serveur, carolus play et le lanceur de matchs, rejoué coup par coup.
record-drop = Choisissez un fichier d'enregistrement, ou déposez-le ici
record-not-json = { $file } n'est pas un fichier JSON : { $problem }
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
