# Carolus: die Wörter des Browser-Clients und des Spiels im Terminal, auf Deutsch.
# Dieselbe Syntax wie in jedem Katalog: Project Fluent, beschränkt auf Nachrichten,
# Variablen und Auswahlausdrücke, die der eigene Leser der Seite
# (crates/web/assets/js/i18n.js) ebenso versteht wie fluent-bundle.
# Nachrichten, die nur das Spiel im Terminal zeigt, beginnen mit tui-.

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
invite-explained = Schicke jeder Person ihren Link: Damit spielt sie auf ihrem Platz. Am Tisch kannst du die Links wieder kopieren, bis die jeweilige Person gekommen ist.
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
take-back = Letzte Entscheidung zurücknehmen
decision-taken-back = Deine letzte Entscheidung wurde zurückgenommen; entscheide neu.
hint-says = Der Computer schlägt vor: { $move }. Gewinnchancen: { $chances }.
hint-chance = { $name } { $percent } %
choice-joker = den Joker zu einem Ritter der Familie { $family } machen
choice-disc = Scheibe { $disc } wählen
choice-place = einen Ritter der Familie { $family } in Region { $region } setzen
choice-place-court = einen Ritter der Familie { $family } an deinen Hof setzen
choice-place-at-court = einen Ritter der Familie { $family } an den Hof setzen
choice-move = { $steps ->
    [one] den Kaiser einen Schritt bis Region { $region } ziehen
   *[other] den Kaiser { $steps } Schritte bis Region { $region } ziehen
    }
turn-label = Deine Wahl
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
outcome-build = { $name } { $team ->
        [yes] bauen
       *[no] baut
    } eine Burg.
outcome-take = { $name } { $team ->
        [yes] nehmen
       *[no] nimmt
    } { $other } die Region ab ({ $castles ->
        [one] eine Burg
       *[other] { $castles } Burgen
    }).
outcome-keep = { $name } { $team ->
        [yes] behalten
       *[no] behält
    } die Region.
outcome-merge = { $count } Regionen verbinden sich zu Region { $region }.

## Nachspielen und Aufzeichnungen

chance = Gewinnchance { $percent } %
chance-title = Die Gewinnchance von hier aus, wie der Computer (Stufe { $level }) sie sieht; die Spieler sehen sie erst nach der Partie
analysis-title = Die Partie aus Sicht des Computers
analysis-waiting = Der Computer analysiert die Partie …
graph-label = Die Gewinnchancen im Lauf der Partie
mistake-title = { $name } entschied: { $move }; der Computer hätte lieber: { $best } ({ $cost } Prozentpunkte besser)
replay-position = Stelle in der Partie
replay-first = Zum Anfang
replay-back = Einen Zug zurück
replay-forward = Einen Zug vor
replay-last = Zum Ende
replay-at = Zug { $at } von { $total }
record-title = Aufzeichnung öffnen
record-intro = Eine Datei im Format carolus-record/1, wie sie der Server, carolus play und der Match-Runner schreiben, Zug für Zug nachgespielt.
record-drop = Wähle eine Aufzeichnungsdatei oder zieh sie hierher
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

## Das Spiel im Terminal (carolus play)
## Die Wörter, die es mit der Seite teilt (Familien, die Sätze des Verlaufs, …),
## sind die Nachrichten oben; $team ist "yes", wenn ein Zweierteam gemeint ist.

tui-list-and = { $first } und { $last }
tui-drawn-jokers = { $count ->
        [one] einen Joker
       *[other] { $count } Joker
    }
tui-log-draw-start = { $name } zieht einen Startvorrat: { $knights }.
tui-log-control = { $name } übernimmt die Kontrolle über { $family }.
tui-log-control-from = { $name } übernimmt von { $other } die Kontrolle über { $family }.
tui-outcome-tie = Gleichstand bei { $score }: Niemand gewinnt die Region.
tui-outcome-scores = { $outcome } Wertung: { $scores }.
tui-result-team = { $names } gewinnen mit { $castles } Burgen.
tui-game-over-result = Partie beendet. { $result }
tui-move-disc = Scheibe { $disc } wählen
tui-move-joker = den Joker zu { $family } machen
tui-move-draw = { $knights } ziehen
tui-move-court = einen Ritter der Familie { $family } an den Hof setzen
tui-move-region = einen Ritter der Familie { $family } in Region { $region } setzen
tui-move-emperor = { $steps ->
        [one] den Kaiser 1 Schritt ziehen
       *[other] den Kaiser { $steps } Schritte ziehen
    }
tui-short-court = { $family } → Hof
tui-short-region = { $family } → Region { $region }
tui-short-emperor = Kaiser { $steps } → Region { $region }
tui-short-emperor-steps = Kaiser { $steps }
tui-short-joker = Joker → { $family }
tui-short-disc = Scheibe { $disc }
tui-task-of = { $name }: { $task }
tui-task-draw = Ritter ziehen
tui-task-joker = einen Joker zuweisen
tui-task-disc = eine Scheibe wählen
tui-task-place = Ritter { $number } von { $total } setzen
tui-task-place-any = einen Ritter setzen
tui-task-move = den Kaiser ziehen
tui-illegal-over = Die Partie ist beendet
tui-illegal-other = Das ist keine der Möglichkeiten
tui-illegal-phase = { $name } muss jetzt { $task }
tui-illegal-disc-used = Scheibe { $disc } wurde schon benutzt (unbenutzt: { $unused })
tui-illegal-disc-taken = Scheibe { $disc } wurde in dieser Runde schon gewählt, und es sind noch Scheiben übrig, die niemand gewählt hat: { $allowed }
tui-illegal-reserve = Im Vorrat ist kein Ritter der Familie { $family }
tui-illegal-steps = Der Kaiser kann hier 1 bis { $max } Schritte ziehen, nicht { $steps }

# Die Titelzeile, die Eingabezeile und die Tasten darunter
tui-regions-left = { $count ->
        [one] 1 Region übrig
       *[other] { $count } Regionen übrig
    }
tui-castles-win = { $target } Burgen gewinnen
tui-prompt-thinking = { $name } (Computer, Stufe { $level }) denkt nach… { $seconds } s
tui-prompt-disc = { $name }, wähle eine Scheibe:
tui-prompt-joker = { $name }, dein Joker wird:
tui-prompt-place = { $name }, setze Ritter { $number } von { $total }:
tui-prompt-destination = { $family } nach:
tui-prompt-emperor = { $name }, ziehe den Kaiser:
tui-drawing = Es wird gezogen…
tui-key-result = Ergebnis
tui-key-new = neue Partie
tui-key-region = Region
tui-key-court = Hof
tui-key-place = setzen
tui-key-back = zurück
tui-key-family = Familie
tui-key-take = nehmen
tui-key-disc = Scheibe
tui-key-choose = wählen
tui-key-steps = Schritte
tui-key-move = ziehen
tui-key-assign = zuweisen
tui-key-hint = Tipp
tui-key-why = warum
tui-key-help = Hilfe
tui-key-quit = beenden
tui-key-undo = rückgängig
tui-key-redo = wiederholen
tui-key-save = speichern
tui-key-open = öffnen
tui-key-log = Verlauf
tui-key-chances = Chancen
tui-key-all = alle Tasten
tui-key-name-enter = Enter
tui-key-name-space = Leertaste
tui-key-name-ctrl = Strg

# Die Tabelle in der Mitte des Rings
tui-column-player = Spieler
tui-column-win = Sieg
tui-ai-level = KI{ $level }
tui-control = Kontrolle
tui-order = Reihenfolge
tui-regions-left-end = { $count } Regionen übrig; die Partie endet auch unter 4.
tui-over-keys = e: Ergebnis · s: speichern · u: rückgängig · q: beenden
tui-centre-thinking = { $name } (Stufe { $level }) denkt nach… { $seconds } s
tui-choose-disc = Wähle eine Scheibe: Niedrige Scheiben sind früher dran, und die Zahl sagt, wie weit der Kaiser ziehen darf.
tui-shown-this-round = In dieser Runde gezeigt: { $discs }.
tui-choose-joker = { $count ->
        [one] Wähle die Familie, zu der dein Joker wird (r g b y p).
       *[other] { $count } Joker zuzuweisen, einer nach dem anderen: Wähle die Familie des ersten (r g b y p).
    }
tui-choose-family = { $count ->
        [one] Setze noch 1 Ritter: Wähle eine Familie aus deinem Vorrat (r g b y p), dann, wohin er kommt.
       *[other] Setze noch { $count } Ritter: Wähle eine Familie aus deinem Vorrat (r g b y p), dann, wohin er kommt.
    }
tui-choose-destination = Ritter der Familie { $family }: Wähle eine Region (←→, ihre Nummer oder ein Klick) oder c für deinen Hof; Esc geht zurück.
tui-court-takes-control = An deinem Hof würde er { $name } die Kontrolle über { $family } abnehmen.
tui-court-gives-control = An deinem Hof würde er dir die Kontrolle über { $family } geben.
tui-court-keeps-control = An deinem Hof würde er nicht ändern, wer { $family } kontrolliert.
tui-emperor-option = { $steps } → Region { $region }: { $outcome }
tui-emperor-ends = { $count ->
        [one] Die Partie endet: { $names } gewinnt.
       *[other] Die Partie endet: { $names } gewinnen.
    }
tui-drawing-knights = Ritter werden gezogen…
tui-estimate-of = Schätzung von { $name }: { $chances }
tui-estimate-of-hint = Schätzung zum Tipp: { $chances }
tui-ring-region = (Region { $region })
tui-ring-emperor = KAISER
tui-ring-emperor-short = KAIS.

# Die Randspalten und die Ansichten über dem Tisch
tui-analysis = Analyse
tui-log = Verlauf
tui-log-scrolled = Verlauf (↑{ $lines }, PgDn für Neueres)
tui-thinking-for = { $name } denkt nach… { $seconds } s
tui-hint-working = Ein Tipp wird ermittelt… { $seconds } s
tui-no-estimate-hint = Noch keine Schätzung: h für einen Tipp.
tui-no-estimate = Noch keine Schätzung.
tui-estimate-by = { $name } (Stufe { $level })
tui-estimate-by-hint = Tipp (Stufe { $level })
tui-estimate-rough = einen Zug voraus, grob
tui-estimate-playouts = { $count } Simulationen
tui-estimate-heading = { $who }, { $how }:
tui-moves-weighed = Erwogene Züge:
tui-chances-so-far = Chancen bisher ({ $count } Schätzungen):
tui-help-title = Hilfe — Esc schließt, ↑↓ blättern
tui-log-title = Spielverlauf — Esc schließt, ↑↓ PgUp PgDn blättern
tui-save-title = Partie speichern
tui-open-title = Gespeicherte Partie öffnen
tui-several-title = Eine von mehreren Partien öffnen
tui-save-label = Zu schreibende Datei (eine carolus-record/1):
tui-open-label = Zu lesende Datei (eine carolus-record/1):
tui-several-label = Welche Partie, 1 bis { $count }? ({ $path })
tui-prompt-keys = Enter bestätigt · Esc bricht ab · Strg-U leert
tui-confirm-quit = Beenden?
tui-confirm-open = Andere Partie öffnen?
tui-confirm-new = Neue Partie?
tui-unsaved = Die Partie hat ungespeicherte Züge.
tui-confirm-keys = y: { $action } · jede andere Taste: zurück
tui-leave-quit = beenden
tui-leave-open = andere Partie öffnen
tui-leave-new = neue Partie beginnen
tui-no-graph = Noch keine Grafik. Sie zeigt die Schätzungen des Computers, wie gut jeder gewinnen kann, ab der zweiten: Computerspieler machen eine pro Zug, und h fragt nach einem Tipp.
tui-any-key-back = Beliebige Taste: zurück zur Partie
tui-chances-title = Gewinnchancen
tui-result-after = Nach { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }; { $regions ->
        [one] 1 Region ist
       *[other] { $regions } Regionen sind
    } übrig.
tui-winner = Sieger
tui-result-keys = Esc: Spielbrett · s: speichern · u: rückgängig · q: beenden
tui-too-small = Carolus braucht mindestens { $width }×{ $height }
tui-too-small-now = (jetzt { $width }×{ $height }).
tui-too-small-enlarge = Bitte das Fenster vergrößern; q beendet.

# Meldungen unter der Eingabezeile
tui-estimates-left-out = Die Schätzungen der Gewinnchancen in der Partie wurden weggelassen: { $error }.
tui-saved = Partie in { $path } gespeichert.
tui-saved-recovered = Partie in { $path } gespeichert; ihre Wiederherstellungsdatei ist entfernt.
tui-save-failed = Speichern fehlgeschlagen: { $error }
tui-save-would-replace = { $path } gibt es schon: s und noch einmal Enter ersetzen die Datei.
tui-refuse-thinking = { $name } denkt nach; bitte auf den Zug warten.
tui-refuse-over = Die Partie ist beendet: e zeigt das Ergebnis, u nimmt deinen letzten Zug zurück.
tui-refuse-key = „{ $key }“ bewirkt hier nichts; ? zeigt die Tasten.
tui-refuse-no-disc = Es gibt keine Scheibe { $disc }; die Scheiben gehen von 1 bis 5.
tui-refuse-steps = { $most ->
        [1] Der Kaiser kann jetzt nur 1 Schritt ziehen, nicht { $steps }.
       *[other] Der Kaiser kann jetzt 1 bis { $most } Schritte ziehen, nicht { $steps }.
    }
tui-refuse-territory-zero = Es gibt kein Gebiet 0; die Gebiete gehen von 1 bis 15.
tui-refuse-digit-family = Wähle eine Familie mit ihrem Buchstaben: r, g, b, y oder p.
tui-refuse-not-in-reserve = In deinem Vorrat ist kein Ritter der Familie { $family }.
tui-refuse-letter-disc = Wähle eine Scheibe mit ihrer Zahl, 1 bis 5.
tui-refuse-letter-emperor = Wähle die Schritte des Kaisers mit einer Zahl oder den Pfeiltasten.
tui-refuse-move = „{ $action }“ geht nicht: { $reason }.
tui-refuse-region-family = Wähle zuerst die Familie, die du setzt (r, g, b, y, p oder eine Schaltfläche).
tui-refuse-unreachable = Mit deiner Scheibe erreicht der Kaiser diese Region nicht.
tui-move-failed = { $token } kann nicht gespielt werden: { $reason }
tui-computer-failed = Der Computerspieler ist gescheitert: { $error }
tui-hint = Tipp: { $action }.
tui-hint-chance = Tipp: { $action } (geschätzte Gewinnchance: { $percent } %).
tui-hint-not-yours = Tipps gibt es nur für deine eigenen Entscheidungen.
tui-hint-still = Der Tipp wird noch ermittelt…
tui-hint-thinking = Ein Tipp wird ermittelt…
tui-why-no-hint = Kein Tipp zu erklären: erst h für einen Tipp, dann x für das Warum.
tui-why-failed = Der Tipp lässt sich nicht erklären: { $error }
tui-why-missing = der Computerspieler hat seinen Tipp ohne Erklärung gegeben
tui-why-title = Warum { $action }?
tui-undo-nothing = Es gibt keine Entscheidung von dir, die sich zurücknehmen ließe.
tui-undo-failed = Zurücknehmen fehlgeschlagen: { $error }
tui-undone = { $count ->
        [one] 1 Zug zurückgenommen: { $name } entscheidet neu.
       *[other] { $count } Züge zurückgenommen: { $name } entscheidet neu.
    }
tui-redo-nothing = Es gibt nichts zu wiederholen.
tui-redo-stopped = Wiederholen fehlgeschlagen: { $token } kann nicht gespielt werden: { $reason }
tui-redone = { $count ->
        [one] 1 Zug erneut gespielt: { $name } entscheidet.
       *[other] { $count } Züge erneut gespielt: { $name } entscheidet.
    }
tui-redone-over = { $count ->
        [one] 1 Zug erneut gespielt.
       *[other] { $count } Züge erneut gespielt.
    }
tui-no-file-name = Kein Dateiname angegeben.
tui-several-out-of-range = { $path } enthält die Partien 1 bis { $count }, nicht { $typed }; o öffnet die Datei erneut.
tui-file-game = { $path }: Partie { $game }
tui-game-of-file = Partie { $game } aus { $path }
tui-read-failed = { $path } konnte nicht gelesen werden: { $error }
tui-loaded = Geladen: { $game }.
tui-loaded-without-estimates = Geladen: { $game }, ohne die Schätzungen der Gewinnchancen: { $error }.
tui-new-game-failed = Eine neue Partie konnte nicht beginnen: { $error }
tui-new-game = Eine neue Partie mit denselben Plätzen (Seed { $seed }).
tui-recovery-offer = Eine unterbrochene Partie wurde in { $path } aufbewahrt{ $more ->
        [0] {""}
       *[other] {" "}(und { $more } weitere)
    }: o und Enter setzen sie fort.
tui-left-in-round = Partie in Runde { $round } verlassen.
tui-kept-in = Die ungespeicherten Züge sind in { $path } aufbewahrt (carolus play --load { $path }).
tui-not-kept = Die ungespeicherten Züge konnten nicht in { $directory } aufbewahrt werden: { $error }.

# Die Hilfe (die Zeilen bricht das Programm um)
tui-help-game-title = Das Spiel
tui-help-game = Karl der Große reist durch sein Reich. Wo er haltmacht, baut die stärkste Gefolgschaft eine Burg. Wer am Ende die meisten Burgen hat, gewinnt. Die Partie endet sofort, wenn jemand das Ziel erreicht (10 Burgen bei 2 Spielern, 8 bei 3, 10 für ein Team) oder weniger als vier Regionen übrig sind.
tui-help-round-title = Eine Runde
tui-help-round-discs = Alle wählen eine Scheibe (1-5). Wenn möglich, muss es eine Zahl sein, die in dieser Runde noch niemand gezeigt hat. Benutzte Scheiben kommen zurück, wenn alle fünf benutzt sind.
tui-help-round-order = Die niedrigste Scheibe ist zuerst dran; bei gleichen Scheiben bleibt die Wahlreihenfolge.
tui-help-round-place = In deinem Zug setzt du 3 Ritter (4 bei 3 Spielern) aus deinem Vorrat, jeden an deinen Hof oder in eine beliebige Region. Ritter am Hof bringen die Kontrolle über ihre Familie, wenn dein Hof echt mehr von ihr hat als jeder andere.
tui-help-round-move = Ziehe den Kaiser im Uhrzeigersinn um 1 bis so viele Regionen weiter, wie deine Scheibe zeigt.
tui-help-round-score = Dort zählt jede Seite die Ritter der Familien, die sie kontrolliert, plus ihre eigenen Burgen. Die alleinige höchste Zahl baut eine Burg oder übernimmt alle Burgen eines anderen Besitzers. Gleichstand und null bewirken nichts.
tui-help-round-merge = Eine Region mit Besitzer verbindet sich mit Nachbarn desselben Besitzers.
tui-help-round-draw = Ziehe 3 neue Ritter (4 bei 3 Spielern); ein Joker (J) wird zu einer beliebigen Familie.
tui-help-teams = Teamspiel (4 Spieler): Die Plätze 0+2 (Schwarz) spielen gegen 1+3 (Weiß). Die Kontrolle hat jeder für sich; Regionen und Burgen gehören dem Team.
tui-help-table-title = Der Tisch
tui-help-table-ring = Der Ring zeigt die Gebiete 1-15 im Uhrzeigersinn, verbundene Regionen als einen Kasten: Ritter als R2 G1 (R Rot, G Grün, B Blau, Y Gelb, P Rosa), Burgen als ⌂ mit ihrem Besitzer, und den KAISER.
tui-help-table-seats = In der Mitte eine Zeile pro Platz: seine Nummer (# — die Nummer, die --ai nimmt; ▸ = ist dran), Name, Burgfarbe (● Schwarz, ○ Weiß, ◐ Grau), KI und Stufe bei einem Computer, Burgen gegen das Ziel (⌂/10), Hof (markierte Felder = Familien, die du kontrollierst), Vorrat, unbenutzte Scheiben (· = benutzt) und die in dieser Runde gewählte Scheibe (▸3). Die oberste Zeile zählt die übrigen Regionen: Die Partie endet, wenn es weniger als vier sind.
tui-help-table-analysis = Auf einem breiten Bildschirm zeigt die Analyse die letzte Schätzung des Computers, wie gut jeder gewinnen kann, und sobald er zwei gemacht hat, eine Grafik all seiner bisherigen Schätzungen (eine Linie pro Platz oder Team, ▁ 0% … █ 100%). Der Ergebnisbildschirm zeigt die Grafik auch, w zeigt sie jederzeit, und gespeicherte Partien behalten sie. Unter „Erwogene Züge“ steht die Wahl des Computers zuerst (bei der Baumsuche ist das ihr meistuntersuchter Zug, nicht immer der mit der höchsten Chance); jeder Zug zeigt die Chance, die er dem Ziehenden lässt. Im Teamspiel ist jede Chance die eines Teams: Partner gewinnen gemeinsam.
tui-help-keys-title = Tasten
tui-help-keys-same = Die Tasten sind in jeder Sprache dieselben (carolus play --lang en, de oder fr); die Taste einer Familie ist ihr Buchstabe in der Notation: r g b y p (Rot, Grün, Blau, Gelb, Rosa).
tui-help-key-options = zwischen den Möglichkeiten wechseln
tui-help-key-take = die Möglichkeit unter dem Cursor nehmen
tui-help-key-numbers = eine Scheibe wählen oder die Schritte des Kaisers
tui-help-key-families = eine Familie wählen: den Ritter zum Setzen oder die des Jokers
tui-help-key-territories = beim Setzen: die Region eines Gebiets oder dein Hof
tui-help-key-back = zurück von der Wahl, wohin ein Ritter kommt
tui-help-key-hint = Tipp: was der Computer spielen würde (Stufe 4 oder ein stärkerer Computer am Tisch)
tui-help-key-why = warum: was der Zug des letzten Tipps bewirkt und ermöglicht, in Worten
tui-help-key-undo = rückgängig: zurück zu deiner vorigen Entscheidung
tui-help-key-redo = wiederholen: erneut spielen, was rückgängig gemacht wurde
tui-help-key-files = die Partie speichern / eine gespeicherte Partie öffnen (laden)
tui-help-key-new = eine neue Partie mit denselben Plätzen (fragt vorher, wenn Züge ungespeichert sind, wie o und q)
tui-help-key-log = der ganze Spielverlauf; PgUp/PgDn blättern im Verlauf am Rand
tui-help-key-chances = Gewinnchancen: die Grafik der Schätzungen des Computers
tui-help-key-result = das Ergebnis, wenn die Partie vorbei ist
tui-help-key-help = diese Hilfe
tui-help-key-quit = beenden (Strg-C beendet sofort und bewahrt ungespeicherte Züge in einer Wiederherstellungsdatei auf, die der nächste Start anbietet)
tui-help-mouse = Maus: Klicke eine Möglichkeit in der untersten Zeile an, eine Region im Ring oder deine Zeile in der Tabelle (deinen Hof). Ein Klick auf eine Region setzt den gewählten Ritter; beim Kaiser zeigt der erste Klick, was geschieht, und der zweite zieht.

## Erklärungen („Warum?“): Jeder Satz nennt eine Tatsache einer Zugfolge,
## die die Regeln prüfen (Modul explain von carolus-core); $name, $other
## und $names sind Namen von Plätzen oder ein Team, $family eine Familie.

explain-control = { $name } übernimmt die Kontrolle über { $family } ({ $knights } zu { $against } am Hof).
explain-control-from = { $name } übernimmt von { $other } die Kontrolle über { $family } ({ $knights } zu { $against } am Hof).
explain-court-keeps = { $name } festigt die Kontrolle über { $family }: { $knights } zu { $against } am Hof.
explain-court-short = { $name } hat nun { $knights } der Familie { $family } am Hof, doch { $other } behält mit { $against } die Kontrolle.
explain-court-tie = { $name } hat nun { $knights } der Familie { $family } am Hof; ein anderer Hof hat { $against }, also übernimmt niemand die Kontrolle.
explain-lead = In Region { $region } führt { $name } nun mit { $score } zu { $against }.
explain-lead-none = In Region { $region } führt niemand: Die höchste Wertung, { $score }, teilen sich mehrere.
explain-reserve = { $name } hat nun { $knights ->
    [one] einen Ritter
   *[other] { $knights } Ritter
    } der Familie { $family } im Vorrat.
explain-reach = Mit Scheibe { $disc } kann { $name } den Kaiser bis zu { $steps } Regionen weit ziehen.
explain-reach-gives = Mit Scheibe { $disc } kann { $name } den Kaiser bis zu { $steps } Regionen weit ziehen; Region { $region } ginge an { $other }.
explain-reach-nothing = Mit Scheibe { $disc } kann { $name } den Kaiser bis zu { $steps } Regionen weit ziehen, und keine erreichbare Region wechselte den Besitzer.
explain-castle = { $team ->
    [yes] { $by } baut für { $name } eine Burg in Region { $region }.
   *[no] { $name } baut eine Burg in Region { $region }.
    }
explain-castle-taken = { $team ->
    [yes] { $by } nimmt für { $name }
   *[no] { $name } nimmt
    } { $other } Region { $region } mit { $castles ->
    [one] ihrer Burg
   *[other] ihren { $castles } Burgen
    } ab.
explain-stop = Der Kaiser hält in Region { $region }, und nichts wechselt den Besitzer.
explain-merge = { $count } Regionen verschmelzen zu Region { $region } aus nun { $territories } Gebieten.
explain-end = Das Spiel endet, und { $names } { $count ->
    [one] gewinnt
   *[other] gewinnen
    }.
explain-near = { $name } fehlt { $count ->
    [one] eine Burg
   *[other] { $count } Burgen
    } zum Sieg.
explain-regions = Nur noch { $count } Regionen sind übrig; das Spiel endet, wenn es weniger als vier sind.
explain-quiet = Bis zum nächsten Ziehen wechselt keine Familie, Burg oder Region den Besitzer.
explain-instead = Mit { $move } stattdessen:
explain-and = { $first } und { $second }
explain-team = Team { $first } + { $second }

## "Warum?" am Tisch im Browser: die Gründe eines Tipps, und ein Zug des Protokolls gegen den besten des Computers (Issue 66)
why-button = Warum?
why-hint-label = Warum schlägt der Computer das vor?
why-move-label = Warum Zug { $number }?
why-thinking = Der Computer sieht sich diesen Zug an…
why-best = Der Computer hätte diesen Zug auch gewählt.
why-worse = Die Wahl des Computers: { $best }; dieser Zug gibt { $points ->
    [one] einen Punkt
   *[other] { $points } Punkte
    } der Gewinnchance auf.
why-not-weighed = Die Wahl des Computers: { $best }; diesen Zug hat er nicht abgewogen.
review-open = Die Partie durchgehen
review-hide = Die Durchsicht schließen
review-title = Die Entscheidungen, die am meisten kosteten
review-decision = { $name }, Zug { $number }: { $points ->
    [one] ein Punkt
   *[other] { $points } Punkte
    } der Gewinnchance verschenkt
review-played = Gespielt:
review-better = Besser:
review-show = Diese Stellung zeigen
review-none = Von keiner Entscheidung der Menschen an diesem Tisch ist bekannt, dass sie etwas gekostet hat.
review-no-people = An diesem Tisch hat nur der Computer gespielt.
review-try = Von hier aus noch einmal versuchen
## Guided first game

learn-title = Spielen lernen
learn-offer = Neu bei Carolus Magnus? Lerne die Regeln in einer geführten ersten Partie gegen den Computer.
learn-start = Spielen lernen
learn-resume = Die geführte Partie fortsetzen
learn-rules-link = Spielend lernen: eine geführte erste Partie
learn-progress = Lektion { $lesson } von { $count }
learn-show-me = Zeig es mir
learn-skip = Überspringen
learn-skip-all = Alle überspringen
learn-leave = Verlassen
lesson-disc = Jede Runde beginnt mit einer Scheibe. Die niedrigste Scheibe handelt zuerst, und ihre Zahl sagt, wie weit der Kaiser ziehen darf. Wähle Scheibe { $disc }.
lesson-court = Setze einen Ritter an deinen Hof: Wähle einen Ritter der Familie { $family } aus deinem Vorrat, dann deinen Hof. Wer die meisten Ritter einer Familie am Hof hat, kontrolliert diese Familie.
lesson-region = Setze jetzt einen Ritter in eine Region: Wähle einen Ritter der Familie { $family }, dann Region { $region }. Ritter in einer Region zählen für den, der ihre Familie kontrolliert.
lesson-walk = Ziehe den Kaiser im Uhrzeigersinn, 1 bis { $most } Regionen, wie deine Scheibe erlaubt; eine vereinigte Region zählt als ein Schritt. Ziehe ihn { $steps } weit nach Region { $region }.
lesson-castle = Wo der Kaiser hält, zählt jeder die Ritter der Familien, die er kontrolliert, und seine Burgen dort; die höchste Wertung baut eine Burg. Ziehe ihn { $steps } weit nach Region { $region }: Die Burg gehört dir.
lesson-control = Der Computer kontrolliert { $family }. Setze einen Ritter der Familie { $family } an deinen Hof: Mit mehr solchen Rittern am Hof als er übernimmst du die Kontrolle. Bei Gleichstand ändert sich nichts.
lesson-merge = Benachbarte Regionen desselben Besitzers vereinigen sich, und eine vereinigte Region ist für den Kaiser ein Schritt. Ziehe ihn { $steps } weit nach Region { $region }: Deine Burgen dort schließen sich zusammen.
lesson-joker = Du hast einen Joker gezogen: Er wird ein Ritter einer Familie deiner Wahl. Mach ihn zu { $family }.
lesson-end = Das Spiel endet sofort, wenn jemand { $target } Burgen hat oder weniger als vier Regionen übrig sind (jetzt { $regions }). Die meisten Burgen gewinnen. Spiele bis zum Ende.
lesson-wait = Der Computer entscheidet.
lesson-play-on = Spiele weiter, wie du willst: Die nächste Lektion kommt, wenn ihre Regel zählt. „Zeig es mir“ spielt einen guten Zug.
lesson-over = Das Spiel ist vorbei.
lesson-finished = Du kennst jetzt die Regeln von Carolus Magnus. Beginne in der Lobby eine eigene Partie.
tui-lesson-line = Lektion { $lesson }/{ $count }: { $text }
tui-key-show-me = zeig es mir
tui-key-skip = Lektion überspringen
tui-key-skip-all = alle überspringen

# Analysis graph, rules page, replay
graph-rounds = Runde
graph-explained = Die Gewinnchance jedes Spielers nach jedem Zug, wie der Computer sie schätzt. ? markiert einen Zug, der seinen Spieler mindestens { $mistake } Prozentpunkte dieser Chance kostete; ?? markiert einen der { $blunders } teuersten Züge eines Spielers in der Partie, jeder mindestens { $blunder } Prozentpunkte. Ein Klick in die Grafik oder auf einen markierten Zug zeigt die Stellung.
graph-no-marks = Kein Zug kostete seinen Spieler genug, um markiert zu werden.
graph-marks-label = Die markierten Züge, in Worten
graph-mistake = Fehler
graph-blunder = grober Fehler
graph-mark-move = Zug { $move }:
graph-mark-move-round = Zug { $move }, Runde { $round }:
record-where-line = { $file }, Zeile { $line }
record-games = Diese Datei enthält { $count } Partien:
record-game-option = Partie { $game } (Zeile { $line })
record-empty = { $file } ist leer: Eine Aufzeichnung wurde erwartet.
record-not-json-at = { $file }, Zeile { $line }, Spalte { $column }: Das ist kein JSON: { $found ->
    [end] Der Text endet zu früh.
   *[other] „{ $found }“ war dort nicht zu erwarten.
    }
record-line-not-json = { $file }, Zeile { $line }, Spalte { $column }: Diese Zeile ist kein JSON: { $found ->
    [end] Sie endet zu früh.
   *[other] „{ $found }“ war dort nicht zu erwarten.
    } Jede Zeile einer .jsonl-Datei enthält eine Aufzeichnung.
record-line-not-object = { $file }, Zeile { $line }: Eine Aufzeichnung (ein JSON-Objekt) wurde erwartet.
record-problem-field = { $where }: Das Feld „{ $field }“ fehlt oder ist nicht lesbar.
record-problem-setup = { $where }: Mit der Aufstellung im Feld „{ $field }“ kann keine Partie beginnen.
record-problem-malformed = { $where }: Zug { $move } „{ $token }“ ist kein Zug.
record-problem-illegal = { $where }: Zug { $move } „{ $token }“ ist an dieser Stelle nicht möglich; das Brett zeigt die Partie bis zum Zug davor.
record-problem-not-a-record = { $where }: Das ist keine Aufzeichnung.
record-problem-other = { $where }: Diese Aufzeichnung lässt sich nicht nachspielen.
record-too-large = { $where }: Die Datei ist zu groß, als dass der Server sie nachspielen könnte.
record-error-replay = { $where }: Der Server hat nicht geantwortet (er ist ausgelastet oder nicht erreichbar). Versuche es noch einmal.
rules-seat-caption = { $name } (Burgen: { $colour }): oben der Hof, in der Mitte der Vorrat, unten die Scheiben
rules-key-title = Was auf dem Bildschirm zu sehen ist
rules-key-emperor = Die Krone ist der Kaiser. Er steht am äußeren Rand der Region, in der er sich befindet, und zieht im Uhrzeigersinn.
rules-key-knight = Ein farbiger Würfel steht für die Ritter einer Familie in einer Region oder an einem Hof: Sein Buchstabe nennt die Familie (R G B Y P), die Zahl daneben zählt sie.
rules-key-castle = Ein kleiner Turm ist eine Burg in der Farbe ihres Besitzers (Schwarz, Weiß oder Grau); „×2“ bedeutet zwei Burgen.
rules-key-control = Die Ringe in der Mitte zeigen, wer jede Familie kontrolliert: ein durchgehender Ring in der Burgenfarbe des Spielers, der sie kontrolliert, mit seinem Namen.
rules-key-control-open = Ein gestrichelter Ring: Diese Familie kontrolliert noch niemand.
rules-key-target = Ein hervorgehobener Platz mit „+“ ist ein Ort, an den du den gewählten Ritter setzen darfst: eine Region oder dein Hof. Eine hervorgehobene Region mit einer Zahl ist der Ort, an dem der Kaiser hält, wenn er so viele Regionen weit zieht.
rules-key-territory = Die kleinen Zahlen am äußeren Rand nummerieren die Gebiete von 1 bis 15; eine Region heißt nach ihrem kleinsten.
rules-play-title = So spielst du auf dieser Seite
rules-play-point = Zeigen: Klicke oder tippe auf einen Ritter in deinem Vorrat, dann auf einen hervorgehobenen Platz, eine Region auf dem Brett oder deinen Hof.
rules-play-drag = Ziehen: Oder ziehe den Ritter aus deinem Vorrat auf einen hervorgehobenen Platz und lass ihn los.
rules-play-keys = Tasten: Tab und Umschalt+Tab gehen von einer wählbaren Sache zur nächsten, Eingabe oder Leertaste wählt sie.
rules-play-disc = Zu Beginn einer Runde wählst du eine deiner Scheiben auf dieselbe Weise.
rules-play-emperor = Um den Kaiser zu ziehen, wähle eine der nummerierten Regionen: Jede sagt, was ein Halt dort bewirken würde.
rules-play-log = Das Protokoll neben dem Brett nennt jeden Zug in Worten: Ein Klick auf einen Zug zeigt das Brett, wie es damals war, und mit den Pfeilen unter dem Brett gehst du die Partie Schritt für Schritt durch.
rules-example-castle-title = Beispiel: Eine Burg wird gebaut
rules-example-castle = Bruno kontrolliert Blau (ein blauer Ritter an seinem Hof, keiner an Annas) und hat blaue Ritter in die Gebiete 2 und 3 gesetzt. Mit der Scheibe 2 darf er den Kaiser eine oder zwei Regionen weit ziehen.
rules-example-merge-title = Beispiel: Zwei Regionen verbinden sich
rules-example-merge = In der nächsten Runde besitzt Anna Gebiet 4 mit einer Burg, kontrolliert Rot und hat zwei rote Ritter in das benachbarte Gebiet 5 gesetzt. Mit der Scheibe 1 zieht sie den Kaiser eine Region weit, nach Gebiet 5.
rules-example-before = Vorher: { $name } zieht den Kaiser, mit der Scheibe { $disc }; die Zahlen zeigen, wo jeder Zug enden würde.
rules-example-after = Nachher: { $what }

## Turn by e-mail: the mails and the unsubscribe page (server)

mail-greeting = Hallo { $name },
mail-nobody = noch niemanden
mail-turn-subject = Du bist am Zug in Partie { $game }
mail-turn-text = Die Partie { $game } gegen { $players } wartet auf deinen Zug.
mail-open-table = Zum Tisch: { $link }
mail-digest-subject = { $count } Partien warten auf deinen Zug
mail-digest-text = { $count } Partien warten auf deinen Zug:
mail-digest-game = Partie { $game } gegen { $players }
mail-ended-subject = Die Partie { $game } ist zu Ende
mail-ended-text = Die Partie { $game } gegen { $players } ist zu Ende.
mail-ended-own = { $castles ->
    [one] Du hast eine Burg gebaut.
   *[other] Du hast { $castles } Burgen gebaut.
    }
mail-reset-subject = Ein neues Passwort für Carolus
mail-reset-text = Jemand, wahrscheinlich du, hat ein neues Passwort für den Spieler { $name } angefordert. Mit dem Link unten wählst du eines; er gilt einmal, eine Stunde lang:
mail-reset-ignore = Warst du es nicht, beachte diese Mail nicht: Dein Passwort bleibt, wie es ist.
mail-unsubscribe = Du bekommst diese Mails, weil du sie in deinen Einstellungen eingeschaltet hast. Um keine Mails zu deinen Partien mehr zu bekommen, öffne:
unsubscribe-title = Mails von Carolus
unsubscribe-ask = Keine Mails zu Partien mehr an { $address } senden?
unsubscribe-button = Keine Mails mehr senden
unsubscribe-done = An { $address } gehen keine Mails zu Partien mehr. Ein neues Passwort, das du anforderst, wird weiter gesendet.
unsubscribe-bad = Dieser Link ist nicht gültig; vielleicht wurde er beim Kopieren abgeschnitten. Öffne ihn noch einmal aus der Mail.

## Einladungen und Revanche

copy-link = Kopieren
link-copied = Link kopiert.
link-selected = Der Link ist markiert: Kopiere ihn mit Strg+C (⌘C auf dem Mac).
abandon-after = Bleibt jemand einer Partie ohne Uhr fern, dürfen die anderen sie beenden nach
abandon-after-days = { $days ->
    [one] einem Tag
   *[other] { $days } Tagen
    }
games-mine = Deine Partien
action-resume = fortsetzen
people-label = Die Leute am Tisch
duration-minutes = { $count ->
    [one] einer Minute
   *[other] { $count } Minuten
    }
duration-hours = { $count ->
    [one] einer Stunde
   *[other] { $count } Stunden
    }
duration-days = { $count ->
    [one] einem Tag
   *[other] { $count } Tagen
    }
seat-away = { $name } ist nicht am Tisch: fort seit { $time }.
abandon-wait = Bleibt { $name } fort, kannst du die Partie in { $time } als abgebrochen beenden.
abandon-allowed = { $name } ist zu lange fort: Du kannst die Partie als abgebrochen beenden.
abandon-game = Partie als abgebrochen beenden
game-abandoned = Die Partie wurde als abgebrochen beendet: { $name } hat sie verlassen.
invitations-title = Einladungslinks
invitations-explained = Nur du als Gastgeber siehst diese Links, bis die jeweilige Person an den Tisch gekommen ist.
rematch = Revanche
rematch-offered = { $name } bietet eine Revanche an.
rematch-join = Zur Revanche
rematch-yours = Du hast eine Revanche angeboten; die anderen werden eingeladen.
rematch-go = Zur Revanche gehen

# Account pages
account-sign-in-link = Anmelden
account-menu-label = Konto von { $name }
account-my-games = Meine Partien
account-profile = Profil
account-settings = Einstellungen
account-sign-out = Abmelden
account-title = Dein Konto
account-signed-in-as = Du bist als { $name } angemeldet.
account-sign-in = Anmelden
account-sign-up = Konto anlegen
account-name = Name
account-name-hint = 2 bis 20 Buchstaben, Ziffern, _ und -, beginnend mit einem Buchstaben oder einer Ziffer.
account-password = Passwort
account-password-hint = Mindestens 10 Zeichen; kein gängiges Passwort und nicht dein Name.
account-email = E-Mail-Adresse
account-email-optional = E-Mail-Adresse (freiwillig)
account-email-hint = Nur für Mails, die du in den Einstellungen wählst, und zum Zurücksetzen des Passworts.
account-no-games = Noch keine Partien.
account-game-your-turn = du bist dran
account-wait-seconds = { $count ->
    [one] einer Sekunde
   *[other] { $count } Sekunden
    }
account-wait-minutes = { $count ->
    [one] einer Minute
   *[other] { $count } Minuten
    }
account-error-network = Der Server ist nicht erreichbar. Prüfe die Verbindung und versuche es noch einmal.
account-error-wrong = Der Name oder das Passwort ist falsch.
account-error-password-wrong = Das Passwort ist falsch.
account-error-not-found = Dieses Konto gibt es nicht.
account-error-name-taken = Dieser Name ist vergeben (Namen, die sich nur in Groß- und Kleinschreibung oder ähnlich aussehenden Zeichen unterscheiden, gelten als einer).
account-error-name = Dieser Name geht nicht: 2 bis 20 Buchstaben, Ziffern, _ und -, beginnend mit einem Buchstaben oder einer Ziffer.
account-error-password = Dieses Passwort geht nicht: mindestens 10 Zeichen, kein gängiges Passwort und nicht dein Name.
account-error-email = Diese E-Mail-Adresse sieht nicht richtig aus (name@domain.example).
account-error-refused = Der Server hat diese Änderung abgelehnt.
account-error-wait = Zu viele Versuche. Versuche es in { $wait } noch einmal.
account-error-wait-soon = Zu viele Versuche. Versuche es gleich noch einmal.
account-error-unavailable = Der Server ist ausgelastet. Versuche es gleich noch einmal.
account-error-other = Etwas ist schiefgegangen. Versuche es noch einmal.
settings-title = Einstellungen
settings-signed-out = Melde dich an, um deine Einstellungen zu sehen.
settings-details = E-Mail und Sprache
settings-email-hint = Leer lassen, um die Adresse zu entfernen.
settings-mails = Mir Mails schicken, wenn eine Partie auf mich wartet oder endet
settings-language = Sprache der Seiten und Mails
settings-save = Speichern
settings-saved = Gespeichert.
settings-password = Passwort
settings-password-now = Jetziges Passwort
settings-password-new = Neues Passwort
settings-password-change = Passwort ändern
settings-password-changed = Das Passwort ist geändert; auf allen anderen Geräten bist du abgemeldet.
settings-sign-out-everywhere = Überall abmelden
settings-sign-out-everywhere-explained = Beendet jede Sitzung deines Kontos, auf diesem Gerät und allen anderen.
settings-delete = Konto löschen
settings-delete-explained = Dein Konto, seine Sitzungen und persönlichen Daten werden gelöscht. Beendete Partien bleiben, dein Platz heißt dann „gelöschter Spieler“.
settings-delete-confirm = Das Konto endgültig löschen? Das lässt sich nicht rückgängig machen.
settings-delete-yes = Ja, löschen
settings-delete-no = Nein, behalten
profile-not-found-title = Spieler nicht gefunden
profile-not-found = Es gibt keinen Spieler namens { $name }.
profile-since = Spielt seit { $date }
profile-ratings = Wertungen
profile-playing = Laufende Partien
profile-finished = Beendete Partien
profile-none-playing = Keine laufenden Partien.
profile-none-finished = Noch keine beendeten Partien.
profile-record = Aufzeichnung herunterladen

## Ratings on a profile
profile-rated-games = { $count ->
    [one] eine gewertete Partie
   *[other] { $count } gewertete Partien
    }

# Password reset pages
reset-forgot = Passwort vergessen?
reset-forgot-who = Name oder E-Mail-Adresse
reset-forgot-hint = Hat das Konto eine E-Mail-Adresse, geht an sie ein Link, mit dem du ein neues Passwort setzt.
reset-forgot-send = Link schicken
reset-asked = Wenn ein Konto mit E-Mail-Adresse passt, ging an sie ein Link, mit dem du ein neues Passwort setzt. Der Link gilt eine Stunde.
reset-title = Neues Passwort setzen
reset-new-password = Neues Passwort
reset-repeat-password = Neues Passwort noch einmal
reset-save = Passwort setzen
reset-mismatch = Die beiden Passwörter sind verschieden. Gib zweimal dasselbe ein.
reset-done = Das neue Passwort ist gesetzt. Auf allen Geräten bist du abgemeldet.
reset-sign-in = Mit dem neuen Passwort anmelden
reset-no-link = Diese Adresse enthält keinen Link zum Zurücksetzen. Öffne den Link aus der Mail oder fordere einen neuen an.
reset-ask-again = Neuen Link anfordern
reset-error-link = Dieser Link ist ungültig, abgelaufen oder schon benutzt. Fordere einen neuen an.

# Ratings in the page: the lobby's rated games, the table's rating changes, the leaderboard, the profile's graph
nav-leaderboard = Bestenliste
rating-mode-2p = 2 Spieler
rating-mode-3p = 3 Spieler
rating-mode-teams = Teamspiel
rating-provisional = vorläufig
lobby-rated = Gewertete Partie
lobby-rated-explained = Eine gewertete Partie ändert die Wertungen der Menschen, die sie spielen. Sie braucht eine Uhr; nur dein eigener Platz wird hier gespielt, die anderen spielt der Computer oder sie sind offen für angemeldete Menschen; Entscheidungen können nicht zurückgenommen werden.
lobby-rated-sign-in = Melde dich an, um gewertete Partien zu spielen.
lobby-rated-error-session = Melde dich an, um eine gewertete Partie anzulegen.
lobby-rated-error-clock = Eine gewertete Partie braucht eine Uhr.
lobby-rated-error-invited = Eine gewertete Partie hat keine eingeladenen Plätze: Lass sie offen für angemeldete Menschen.
lobby-rated-error-seats = In einer gewerteten Partie trägt nur dein eigener Platz einen Namen: Die anderen spielt der Computer oder sie sind offen für angemeldete Menschen.
table-rated = Gewertete Partie
table-rated-explained = Das Ergebnis ändert die Wertungen der Spieler.
table-rating-changes = Änderungen der Wertung
table-rating-pending = Die Wertungen werden berechnet …
table-rating-none = In dieser Partie hat sich keine Wertung eines Kontos geändert.
table-rating-change = { $name }: { $before } → { $after } ({ $change })
leaderboard-title = Bestenliste
leaderboard-intro = Die Reihenfolge folgt einem vorsichtigen Wert: der Wertung abzüglich ihrer dreifachen Unsicherheit, damit ein paar glückliche Partien nicht für die Spitze reichen.
leaderboard-modes = Spielarten
leaderboard-caption = Die besten Spieler: { $mode }
leaderboard-rank = Rang
leaderboard-player = Spieler
leaderboard-rating = Wertung
leaderboard-games = Gewertete Partien
leaderboard-empty = In dieser Spielart hat noch niemand eine gewertete Partie gespielt ({ $mode }).
leaderboard-provisional-note = Eine mit ? markierte Wertung ist vorläufig: Es wurden zu wenige Partien gespielt, um sie genau zu kennen.
profile-leaderboard-link = Zur Bestenliste
profile-rating-history = Wertung im Verlauf
profile-rating-graph-title = Wertung im Verlauf: { $mode }
profile-rating-graph-description = { $count ->
    [one] Nach einer gewerteten Partie: { $last }.
   *[other] Über { $count } gewertete Partien, von { $first } bis { $last }; am höchsten { $high }.
    }
profile-rating-graph-axis = Gewertete Partien, die älteste zuerst
profile-rating-table-show = Die Zahlen
profile-rating-table-game = Partie
profile-rating-table-date = Datum
profile-rating-table-rating = Wertung danach
profile-computers = Gegen den Computer
profile-computer-results = { $games ->
    [one] eine Partie
   *[other] { $games } Partien
    }: { $won } gewonnen, { $lost } verloren
leaderboard-loading = Die Liste wird geladen …

## The people at the table: refusals in the reader's words (issue 65)
people-error-abandon = Die Partie kann jetzt nicht als abgebrochen beendet werden: Die Person ist zurück, oder die Partie ging weiter.
people-error-rematch = Die Revanche konnte nicht angeboten werden. Versuche es gleich noch einmal.
people-error-invitations = Die Einladungslinks konnten nicht gelesen werden. Lade die Seite neu, um es noch einmal zu versuchen.

# Play now (issue 67): the lobby's pool for people signed in
playnow-title = Jetzt spielen
playnow-intro = Eine gewertete Partie gegen Leute etwa deiner Stärke. Kommt niemand rechtzeitig, übernimmt der Computer die freien Plätze.
playnow-mode = Partie
playnow-mode-2p = 2 Spieler
playnow-mode-3p = 3 Spieler
playnow-mode-teams = 4 Spieler (zwei Teams)
playnow-clock = Uhr
playnow-clock-blitz = 5 Minuten, +5 s pro Zug
playnow-clock-rapid = 15 Minuten, +10 s pro Zug
playnow-clock-correspondence = 2 Tage pro Zug
playnow-start = Gegner suchen
playnow-looking = Suche Gegner…
playnow-waited = Wartet seit { $time }
playnow-others = { $count ->
    [0] Noch wartet niemand sonst auf diese Partie.
    [one] Eine weitere Person wartet auf diese Partie.
   *[other] { $count } andere warten auf diese Partie.
    }
playnow-range = Gegner bis { $range } Punkte um deine Wertung { $rating } sind willkommen; je länger du wartest, desto weiter.
playnow-computer-in = Der Computer übernimmt die freien Plätze in { $time }.
playnow-computer-now = Jetzt gegen den Computer
playnow-cancel = Abbrechen
playnow-ready = Deine Partie ist bereit: zum Tisch

## The terminal game's review after a game (issue 66)
tui-result-review = v: Rückblick auf die teuersten Entscheidungen
tui-review-title = Rückblick
tui-review-not-over = Den Rückblick gibt es, sobald das Spiel vorbei ist.
tui-review-working = Jede Entscheidung wird neu betrachtet: { $done } von { $total } Suchen
tui-review-failed = Der Rückblick ist misslungen: { $error }
tui-review-none = Von keiner Entscheidung der Personen ist bekannt, dass sie etwas gekostet hat.
tui-review-heading = { $name }, Zug { $index }: { $points } Punkte Gewinnchance verschenkt ({ $page } von { $pages })
tui-review-played = ◆ Gespielt: { $action }
tui-review-better = ★ Besser: { $action }
# The marks of the two moves on the board, and their short forms for narrow regions.
tui-review-mark-played = ◆ gespielt
tui-review-mark-played-short = ◆
tui-review-mark-better = ★ besser
tui-review-mark-better-short = ★
tui-review-keys = ←→: andere Entscheidungen · t: von hier neu versuchen · andere Taste: zurück
tui-review-again = die Stellung vor Zug { $index }
tui-review-entry = { $name }, Zug { $index }: { $points } Punkte
tui-help-key-review = nach Spielende: der Rückblick, die drei teuersten Entscheidungen jeder Person auf dem Brett von damals, der gespielte und der bessere Zug mit Begründung; ←→ dazwischen, t versucht eine noch einmal gegen den Computer

# What the pages say when the server refuses a request or cannot be reached:
# chosen by the refusal's code or the request, never the server's English.
table-error-seat = Dieses Gerät hält diesen Platz nicht. Öffne den eigenen Link des Platzes oder melde dich mit dem Konto an, dem er gehört.
table-error-not-your-turn = Du bist nicht am Zug.
table-error-out-of-time = Deine Zeit ist abgelaufen; der Computer spielt jetzt deinen Platz.
table-error-takeback-clock = In einer Partie mit Uhr kann nichts zurückgenommen werden.
table-error-takeback-people = Nur in einer Partie gegen den Computer kann zurückgenommen werden.
table-error-nothing-to-take-back = Du hast noch keine Entscheidung getroffen, die sich zurücknehmen ließe.
table-error-no-hints = Diese Partie wurde ohne Tipps angelegt.
table-error-over = Die Partie ist vorbei.
table-error-not-running = Die Partie wird noch nicht gespielt: Sie wartet, bis ihre offenen Plätze besetzt sind.
table-error-claim-taken = Dieser Platz ist schon besetzt.
table-error-move = Der Zug wurde nicht angenommen. Der Tisch zeigt die Partie, wie sie jetzt steht.
table-error-takeback = Die Entscheidung konnte nicht zurückgenommen werden.
table-error-hint = Jetzt kann kein Tipp gegeben werden.
table-error-explain = Dieser Zug kann gerade nicht erklärt werden. Versuche es gleich noch einmal.
table-error-practice = Eine neue Partie ab dieser Stellung konnte nicht begonnen werden. Versuche es gleich noch einmal.
table-error-claim = Der Platz konnte nicht eingenommen werden. Versuche es gleich noch einmal.
table-error-states = Die Stellungen der Partie konnten nicht gelesen werden. Lade die Seite neu, um es noch einmal zu versuchen.
table-error-outcomes = Was jede Wahl bewirken würde, konnte nicht berechnet werden. Lade die Seite neu, um es noch einmal zu versuchen.
table-error-analysis = Die Analyse der Partie konnte nicht erstellt werden.
table-error-lesson = Die Lektion konnte nicht geladen werden. Lade die Seite neu, um es noch einmal zu versuchen.
table-error-socket = Der Server hat eine Nachricht dieser Seite abgelehnt. Lade die Seite neu, um es noch einmal zu versuchen.
table-error-game = Die Partie konnte nicht geladen werden. Lade die Seite neu, um es noch einmal zu versuchen.
lobby-error-list = Die Liste der Partien konnte nicht gelesen werden. Lade die Seite neu, um es noch einmal zu versuchen.
lobby-error-create = Die Partie konnte nicht angelegt werden. Prüfe die Einstellungen und versuche es noch einmal.
rules-error-example = Die Beispielpartie kann nicht gezeigt werden. Lade die Seite neu, um es noch einmal zu versuchen.
analysis-no-decisions = In dieser Partie hat niemand eine Entscheidung getroffen, daher gibt es keine Gewinnchancen zu zeichnen.
