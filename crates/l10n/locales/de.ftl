# Carolus: die Wörter des Browser-Clients, auf Deutsch.
# Dieselbe Syntax wie in jedem Katalog: Project Fluent, beschränkt auf Nachrichten,
# Variablen und Auswahlausdrücke (siehe assets/js/i18n.js).

## Der Rahmen jeder Seite

skip-to-content = Zum Inhalt springen
nav-play = Spielen
nav-replay = Aufzeichnung öffnen
nav-rules = Regeln
language = Sprache
connection-lost = Die Verbindung zum Server ist abgebrochen. Neue Verbindung wird aufgebaut…

## Die Lobby

lobby-title = Carolus Magnus
lobby-intro = Leo Colovinis Spiel um Ritter, Burgen und einen Kaiser auf Reisen, für zwei bis vier Personen. Starte eine Partie gegen den Computer oder mit Freunden, tritt einer offenen Partie bei oder schau einer zu.
new-game = Neue Partie
players = Spieler
players-2 = 2 Spieler
players-3 = 3 Spieler
players-4 = 4 Spieler (zwei Teams)
seat-n = Platz { $seat }
player-n = Spieler { $seat }
seat-kind-of = Wer auf Platz { $seat } spielt
seat-name-of = Name auf Platz { $seat }
seat-level-of = Stufe des Computers auf Platz { $seat }
seat-kind-here = Eine Person an diesem Gerät
seat-kind-invite = Eine per Link eingeladene Person
seat-kind-open = Offen für alle
seat-kind-computer = Der Computer
team-of = Team { $team }
level-1 = Stufe 1 (Anfänger)
level-2 = Stufe 2
level-3 = Stufe 3
level-4 = Stufe 4
level-5 = Stufe 5 (am stärksten)
clock = Bedenkzeit
clock-none = Ohne Uhr
clock-blitz = 10 Minuten, +10 s pro Zug
clock-long = 30 Minuten, +30 s pro Zug
clock-correspondence = 2 Tage pro Zug
hints-allowed = Tipps vom Computer erlauben
start-game = Partie starten
invite-links = Die Links für deine Eingeladenen
invite-explained = Schicke jeder Person ihren Link: Damit spielt sie auf ihrem Platz. Die Links werden nur jetzt angezeigt.
seat-link-of = Der Link für den Platz von { $name }
go-to-table = Zum Tisch
games-open = Offene Partien zum Mitspielen
games-running = Laufende Partien
games-over = Beendete Partien
no-games-open = Keine Partie wartet auf Mitspieler.
no-games-running = Gerade läuft keine Partie.
no-games-over = Noch ist keine Partie beendet.
more-games = Mehr
game-moves = { $count ->
    [one] ein Zug
   *[other] { $count } Züge
    }
action-join = mitspielen
action-watch = zuschauen
action-replay = nachspielen
guest = Gast
open-seat = Freier Platz
game-title = Partie { $id }
game-not-found-title = Diese Partie gibt es nicht
game-not-found = Auf diesem Server gibt es keine Partie { $id }.
back-to-lobby = Zurück zur Lobby

## Das Spielmaterial

family-R = Rot
family-G = Grün
family-B = Blau
family-Y = Gelb
family-P = Rosa
joker = Joker
colour-black = Schwarz
colour-white = Weiß
colour-grey = Grau
knights-of-family = { $family } ({ $count })
jokers = { $count ->
    [one] ein Joker
   *[other] { $count } Joker
    }
no-knights = keine Ritter
emperor = Der Kaiser
board-label = Das Spielbrett: fünfzehn Gebiete im Ring
region-label = Region { $region }: { $knights }; { $castles ->
    [0] keine Burg
    [one] eine Burg von { $owner }
   *[other] { $castles } Burgen von { $owner }
    }
control-nobody = Niemand kontrolliert { $family }
control-by = { $name } kontrolliert { $family }
controls = Kontrolliert { $family }
seat-board-label = Hof, Vorrat und Scheiben von { $name }
court = Hof
reserve = Vorrat
reserve-empty = leer
discs = Scheiben
disc-free = Scheibe { $disc }, unbenutzt
disc-used = Scheibe { $disc }, benutzt
disc-chosen = Scheibe { $disc }, in dieser Runde gewählt
round = Runde { $round }
setting-up = Aufbau
game-over = Partie beendet
castles-count = { $count } / { $target } Burgen
castles-title = Burgen auf dem Brett und die Zahl, bei der die Partie endet
order-place = { $place }. in der Reihenfolge
order-place-title = Der Platz in der Zugreihenfolge dieser Runde

## Am Tisch

players-label = Spieler
you = du
computer-name = Computer { $seat }
computer-level = Computer (Stufe { $level })
level-tag = Stufe { $level }
thinking = denkt nach…
timed-out = Zeit abgelaufen
away = abwesend
your-turn = Du bist am Zug
turn-of = { $name } ist am Zug
waiting-for = Warten auf { $name }.
computer-thinking = { $name } denkt nach…
waiting-for-players = Warten auf Mitspieler für die freien Plätze.
take-seat = Diesen Platz einnehmen
your-name = Dein Name
prompt-joker = { $count ->
    [one] Du hast einen Joker gezogen: Wähle seine Familie.
   *[other] Du hast { $count } Joker gezogen: Wähle die Familie des ersten.
    }
prompt-disc = Wähle eine Scheibe. Die niedrigste Scheibe ist in dieser Runde zuerst dran, und der Kaiser darf so viele Regionen weiterziehen, wie deine Scheibe zeigt.
disc-button = Scheibe { $disc }
prompt-place = { $count ->
    [one] Setze noch einen Ritter: Wähle einen Ritter aus deinem Vorrat, dann deinen Hof oder eine Region.
   *[other] Setze noch { $count } Ritter: Wähle einen Ritter aus deinem Vorrat, dann deinen Hof oder eine Region.
    }
prompt-place-where = Wohin kommt der Ritter der Familie { $family }? Wähle deinen Hof oder eine hervorgehobene Region.
place-in-court = Den Ritter der Familie { $family } an deinen Hof setzen
place-in-region = Den Ritter der Familie { $family } in Region { $region } setzen
pick-knight = Einen Ritter der Familie { $family } wählen ({ $count } in deinem Vorrat)
prompt-move = Ziehe den Kaiser im Uhrzeigersinn 1 bis { $disc } Regionen weiter: Wähle ein Ziel.
move-emperor-to = { $steps ->
    [one] Ein Schritt bis Region { $region }:
   *[other] { $steps } Schritte bis Region { $region }:
    }
ask-hint = Den Computer um einen Tipp bitten
hint-says = Der Computer schlägt „{ $move }“ vor. Gewinnchancen: { $chances }.
error-stale = Jemand war schneller; der Tisch zeigt die Partie, wie sie jetzt steht.
result = { $count ->
    [one] { $names } gewinnt mit { $castles } Burgen.
   *[other] { $names } teilen sich den Sieg mit je { $castles } Burgen.
    }
download-record = Aufzeichnung herunterladen
replay-game = Partie nachspielen
back-to-game = Zurück zur Partie
replaying = Nachspielen: Das Brett zeigt die Partie an der gewählten Stelle.
sound = Ton und Benachrichtigung, wenn ich am Zug bin
copy-seat-link = Link für den Platz von { $name } kopieren
copied = Kopiert
clock-days = { $days } T. { $hours } Std.
game-log = Spielverlauf
players-heading = Spieler

## Der Spielverlauf und was ein Zug des Kaisers bewirkt

log-draw = { $name } zieht { $knights }.
log-joker = { $name } setzt einen Joker als { $family } ein.
log-disc = { $name } wählt Scheibe { $disc }.
log-place = { $name } setzt einen Ritter der Familie { $family } in Region { $region }.
log-place-court = { $name } setzt einen Ritter der Familie { $family } an den Hof.
log-move = { $steps ->
    [one] { $name } zieht den Kaiser einen Schritt bis Region { $region }:
   *[other] { $name } zieht den Kaiser { $steps } Schritte bis Region { $region }:
    }
outcome-nothing = Niemand gewinnt die Region.
outcome-build = { $name } baut eine Burg.
outcome-take = { $name } nimmt { $other } die Region ab ({ $castles ->
    [one] eine Burg
   *[other] { $castles } Burgen
    }).
outcome-keep = { $name } behält die Region.
outcome-merge = { $count } Regionen verbinden sich zu Region { $region }.

## Nachspielen und Aufzeichnungen

chance = Gewinnchance { $percent } %
chance-title = Die Gewinnchance von hier aus, wie der Computer (Stufe { $level }) sie sieht; die Spieler sehen sie erst nach der Partie
analysis-title = Die Partie aus Sicht des Computers
analysis-waiting = Der Computer analysiert die Partie …
analysis-explained = Die Gewinnchance jedes Spielers nach jedem Zug, wie der Computer (Stufe 4) sie schätzt. Markierte Züge kosteten ihren Spieler mindestens { $points } Prozentpunkte dieser Chance: ? ein Fehler, ?? ein grober Fehler. Ein Klick in die Grafik zeigt die Stellung.
graph-label = Die Gewinnchancen im Lauf der Partie
mistake-title = { $name } spielte { $move }; der Computer zog { $best } vor ({ $cost } Prozentpunkte besser)
replay-position = Stelle in der Partie
replay-first = Zum Anfang
replay-back = Einen Zug zurück
replay-forward = Einen Zug vor
replay-last = Zum Ende
replay-at = Zug { $at } von { $total }
record-title = Aufzeichnung öffnen
record-intro = Eine Datei im Format carolus-record/1, wie sie der Server, carolus play und der Match-Runner schreiben, Zug für Zug nachgespielt.
record-drop = Wähle eine Aufzeichnungsdatei oder zieh sie hierher
record-not-json = { $file } ist keine JSON-Datei: { $problem }
record-not-object = { $file } enthält keine Aufzeichnung: Erwartet wurde ein JSON-Objekt.

## Die Regeln

rules-title = Die Regeln von Carolus Magnus
rules-lead = Karl der Große reist durch sein Reich, und wo er haltmacht, baut der Spieler mit der stärksten Gefolgschaft eine Burg. Wer am Ende die meisten Burgen hat, gewinnt.
rules-figure = Nach dem ersten Zug einer Partie zu zweit: Bruno hat einen blauen Ritter an seinen Hof gesetzt und damit die Kontrolle über Blau übernommen, dann zwei blaue Ritter in die Gebiete 2 und 3, und er hat den Kaiser zwei Regionen weit bis Gebiet 3 gezogen, wo ihm seine zwei blauen Ritter eine Burg einbrachten.
rules-goal-title = Das Ziel
rules-goal = Die Partie endet sofort, wenn jemand 10 Burgen hat (8 bei drei Spielern) oder wenn durch Zusammenschlüsse weniger als vier Regionen übrig sind. Wer die meisten Burgen auf dem Brett hat, gewinnt; bei Gleichstand an der Spitze wird der Sieg geteilt.
rules-pieces-title = Das Spielmaterial
rules-pieces-families = Die Ritter gehören zu fünf Familien: Rot (R), Grün (G), Blau (B), Gelb (Y) und Rosa (P); jeder Würfel trägt den Buchstaben seiner Familie.
rules-pieces-ring = Fünfzehn Gebiete bilden einen Ring, im Uhrzeigersinn nummeriert. Benachbarte Gebiete mit demselben Besitzer verbinden sich zu einer Region, die dann für den Kaiser als ein Schritt zählt und nach ihrem kleinsten Gebiet benannt wird.
rules-pieces-player = Jeder Spieler hat fünf Scheiben mit den Zahlen 1 bis 5, einen Hof für die Ritter, die daheim bleiben, einen Vorrat an Rittern, die auf ihren Einsatz warten, und Burgen in seiner Farbe: Schwarz, Weiß oder Grau.
rules-setup-title = Aufbau
rules-setup = Je drei Ritter jeder Familie werden gemischt und auf die Gebiete verteilt, einer pro Gebiet. Der Kaiser beginnt in Gebiet 1. In zufälliger Reihenfolge zieht jeder Spieler einen Vorrat von 7 Rittern (9 bei drei Spielern). Ein gezogener Ritter gehört zu einer der fünf Familien oder ist ein Joker, alles gleich wahrscheinlich; einem Joker gibt sein Spieler sofort eine Familie.
rules-discs-title = Scheiben und Zugreihenfolge
rules-discs = In jeder Runde zeigt jeder Spieler in Zugreihenfolge eine unbenutzte Scheibe. Ihre Zahl darf in dieser Runde noch niemand gezeigt haben, es sei denn, alle übrigen Scheiben des Spielers wurden schon gezeigt. Ist die letzte Scheibe benutzt, kommen alle fünf zurück.
rules-order = Die niedrigste Scheibe ist zuerst dran; bei gleichen Scheiben beginnt, wer früher gewählt hat. Diese Reihenfolge ist die Wahlreihenfolge der nächsten Runde.
rules-turn-title = Ein Zug
rules-place = Setze 3 Ritter aus deinem Vorrat (4 bei drei Spielern), einen nach dem anderen, jeweils an deinen Hof oder in eine beliebige Region.
rules-control = Eine Familie kontrolliert der Spieler, an dessen Hof echt mehr ihrer Ritter stehen als an jedem anderen Hof. Bei Gleichstand bleibt die Kontrolle, wo sie war.
rules-move = Dann ziehe den Kaiser im Uhrzeigersinn um mindestens eine und höchstens so viele Regionen weiter, wie deine Scheibe zeigt.
rules-score = In der Region, in der er stehen bleibt, zählt jeder Spieler die dortigen Ritter der Familien, die er kontrolliert, plus seine eigenen Burgen dort. Wer allein die höchste Zahl über null hat, gewinnt: Er baut eine Burg in einer Region ohne Burg, ersetzt die Burgen eines anderen Spielers durch ebenso viele eigene oder behält eine Region, die ihm schon gehört.
rules-merge = Eine Region mit Besitzer verbindet sich mit ihren Nachbarn desselben Besitzers, auf beiden Seiten, immer wieder; Ritter und Burgen werden zusammengezählt.
rules-refill = Sofern die Partie nicht zu Ende ist, ziehe 3 Ritter (4 bei drei Spielern) in deinen Vorrat, und der nächste Spieler ist am Zug.
rules-end-title = Das Ende
rules-end = Burgen können den Besitzer wechseln, daher kann eine Übernahme einen Spieler über das Ziel hinaustragen: Es zählt die Summe auf dem Brett, wenn die Partie endet.
rules-teams-title = Das Teamspiel zu viert
rules-teams = Die Plätze 0 und 2 spielen gegen die Plätze 1 und 3 (die Plätze sind ab 0 gezählt). Alle haben eigene Scheiben, einen eigenen Hof und Vorrat, setzen 3 Ritter und ziehen 3 nach. Die Kontrolle über eine Familie hat jeder für sich, aber Regionen und Burgen gehören den Teams: Ein Team wertet die Ritter jeder Familie, die einer der beiden Partner kontrolliert. Das erste Team mit 10 Burgen beendet die Partie.
