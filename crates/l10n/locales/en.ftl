# Carolus: the words of the browser client, in English.
# The same syntax as every catalog: Project Fluent, restricted to messages,
# variables and select expressions (see assets/js/i18n.js).

## The frame of every page

skip-to-content = Skip to the content
nav-play = Play
nav-replay = Open a record
nav-rules = Rules
language = Language
connection-lost = The connection to the server was lost. Reconnecting…

## The lobby

lobby-title = Carolus Magnus
lobby-intro = Leo Colovini's game of knights, castles and an emperor on the move, for two to four players. Start a game against the computer or with friends, join an open game, or watch one.
new-game = New game
players = Players
players-2 = 2 players
players-3 = 3 players
players-4 = 4 players (two teams)
seat-n = Seat { $seat }
player-n = Player { $seat }
seat-kind-of = Who plays seat { $seat }
seat-name-of = Name at seat { $seat }
seat-level-of = Computer's level at seat { $seat }
seat-kind-here = A person at this device
seat-kind-invite = A person invited by link
seat-kind-open = Open to anyone
seat-kind-computer = The computer
team-of = Team { $team }
level-1 = Level 1 (beginner)
level-2 = Level 2
level-3 = Level 3
level-4 = Level 4
level-5 = Level 5 (strongest)
clock = Clock
clock-none = No clock
clock-blitz = 10 minutes, +10 s a turn
clock-long = 30 minutes, +30 s a turn
clock-correspondence = 2 days a turn
hints-allowed = Allow the computer's hints
start-game = Start the game
invite-links = Links for the people you invite
invite-explained = Send each person their link: it lets them play their seat. The links are shown only now.
seat-link-of = The link of { $name }'s seat
go-to-table = Go to the table
games-open = Open games to join
games-running = Games being played
games-over = Finished games
no-games-open = No game is waiting for players.
no-games-running = No game is being played.
no-games-over = No game has finished yet.
more-games = More
game-moves = { $count ->
    [one] one move
   *[other] { $count } moves
    }
action-join = join
action-watch = watch
action-replay = replay
guest = Guest
open-seat = Open seat
game-title = Game { $id }
game-not-found-title = No such game
game-not-found = There is no game { $id } on this server.
back-to-lobby = Back to the lobby

## The pieces

family-R = red
family-G = green
family-B = blue
family-Y = yellow
family-P = pink
joker = joker
colour-black = black
colour-white = white
colour-grey = grey
knights-of-family = { $count } { $family }
jokers = { $count ->
    [one] one joker
   *[other] { $count } jokers
    }
no-knights = no knights
emperor = The emperor
board-label = The board: fifteen territories in a ring
region-label = Region { $region }: { $knights }; { $castles ->
    [0] no castle
    [one] one castle of { $owner }
   *[other] { $castles } castles of { $owner }
    }
control-nobody = Nobody controls { $family }
control-by = { $name } controls { $family }
controls = Controls { $family }
seat-board-label = { $name }'s court, reserve and discs
court = Court
reserve = Reserve
reserve-empty = empty
discs = Discs
disc-free = Disc { $disc }, unused
disc-used = Disc { $disc }, used
disc-chosen = Disc { $disc }, chosen this round
round = Round { $round }
setting-up = Setting up
game-over = Game over
castles-count = { $count } / { $target } castles
castles-title = Castles on the board, and the number that ends the game
order-place = { $place }. in order
order-place-title = The place in this round's playing order

## At the table

players-label = Players
you = you
computer-name = Computer { $seat }
computer-level = Computer (level { $level })
level-tag = level { $level }
thinking = thinking…
timed-out = out of time
away = away
your-turn = Your turn
turn-of = { $name }'s turn
waiting-for = Waiting for { $name }.
computer-thinking = { $name } is thinking…
waiting-for-players = Waiting for players to take the open seats.
take-seat = Take this seat
your-name = Your name
prompt-joker = { $count ->
    [one] You drew a joker: choose its family.
   *[other] You drew { $count } jokers: choose the family of the first.
    }
prompt-disc = Choose a disc. The lowest disc acts first this round, and the emperor may go as many regions as your disc shows.
disc-button = Disc { $disc }
prompt-place = { $count ->
    [one] Place one more knight: pick a knight in your reserve, then your court or a region.
   *[other] Place { $count } more knights: pick a knight in your reserve, then your court or a region.
    }
prompt-place-where = Where does the { $family } knight go? Pick your court or a highlighted region.
place-in-court = Place the { $family } knight in your court
place-in-region = Place the { $family } knight in region { $region }
pick-knight = Pick a { $family } knight ({ $count } in your reserve)
prompt-move = Move the emperor clockwise by 1 to { $disc } regions: pick one.
move-emperor-to = { $steps ->
    [one] One step to region { $region }:
   *[other] { $steps } steps to region { $region }:
    }
ask-hint = Ask the computer for a hint
hint-says = The computer suggests “{ $move }”. Chances of winning: { $chances }.
error-stale = Somebody moved first; the table shows the game as it is now.
result = { $count ->
    [one] { $names } wins with { $castles } castles.
   *[other] { $names } share the victory with { $castles } castles each.
    }
download-record = Download the record
replay-game = Replay the game
back-to-game = Back to the game
replaying = Replaying: the board shows the game at the position you chose.
sound = Sound and notification on my turn
copy-seat-link = Copy the link of { $name }'s seat
copied = Copied
clock-days = { $days } d { $hours } h
game-log = Game log
players-heading = Players

## The game log, and what a move of the emperor does

log-draw = { $name } draws { $knights }.
log-joker = { $name } makes a joker { $family }.
log-disc = { $name } chooses disc { $disc }.
log-place = { $name } places a { $family } knight in region { $region }.
log-place-court = { $name } places a { $family } knight at court.
log-move = { $steps ->
    [one] { $name } moves the emperor one step to region { $region }:
   *[other] { $name } moves the emperor { $steps } steps to region { $region }:
    }
outcome-nothing = nobody wins the region.
outcome-build = { $name } builds a castle.
outcome-take = { $name } takes the region from { $other } ({ $castles ->
    [one] one castle
   *[other] { $castles } castles
    }).
outcome-keep = { $name } keeps the region.
outcome-merge = { $count } regions join into region { $region }.

## Replays and records

chance = { $percent } % to win
chance-title = The chance of winning from here, as the computer (level { $level }) sees it; players see it once the game is over
analysis-title = The computer's view of the game
analysis-waiting = The computer is analysing the game…
analysis-explained = Each player's chance of winning after each move, as the computer (level 4) estimates it. Marked moves cost their player at least { $points } points of that chance: ? a mistake, ?? a blunder. Click the graph to see the position.
graph-label = The chances of winning over the game
mistake-title = { $name } played { $move }; the computer preferred { $best } ({ $cost } points better)
replay-position = Position in the game
replay-first = To the start
replay-back = One move back
replay-forward = One move on
replay-last = To the end
replay-at = Move { $at } of { $total }
record-title = Open a record
record-intro = A carolus-record/1 file, as the server, carolus play and the match runner write them, stepped through move by move.
record-drop = Choose a record file, or drop it here
record-not-json = { $file } is not a JSON file: { $problem }
record-not-object = { $file } holds no record: a JSON object was expected.

## The rules

rules-title = The rules of Carolus Magnus
rules-lead = Charlemagne travels through his empire, and wherever he stops, the player with the strongest following there builds a castle. Whoever holds the most castles at the end wins.
rules-figure = After the first turn of a two-player game: Bruno placed a blue knight at court, taking control of blue, then two blue knights in territories 2 and 3, and moved the emperor two regions to territory 3, where his two blue knights won him a castle.
rules-goal-title = The goal
rules-goal = The game ends at once when a player has 10 castles (8 with three players), or when mergers have left fewer than four regions. The most castles on the board win; equal highest totals share the victory.
rules-pieces-title = The pieces
rules-pieces-families = Knights belong to five families: red, green, blue, yellow and pink, each cube marked with its letter R, G, B, Y or P.
rules-pieces-ring = Fifteen territories lie in a ring, numbered clockwise. Neighbouring territories with the same owner join into one region, which then counts as one step for the emperor and is named by its smallest territory.
rules-pieces-player = Every player has five discs numbered 1 to 5, a court for knights kept at home, a reserve of knights waiting to be played, and castles in their colour: black, white or grey.
rules-setup-title = Setting up
rules-setup = Three knights of each family are shuffled onto the territories, one each. The emperor starts in territory 1. In a random order, each player draws a reserve of 7 knights (9 with three players). A drawn knight is one of the five families or a joker, all equally likely; a joker is given a family by its player at once.
rules-discs-title = Discs and the playing order
rules-discs = Each round, in the playing order, every player shows one unused disc. It must be a number nobody has shown this round, unless all the player's remaining discs were shown already. When the last disc is used, all five come back.
rules-order = The lowest disc acts first; on equal discs, whoever chose earlier goes first. This order is the choosing order of the next round.
rules-turn-title = A turn
rules-place = Place 3 knights from your reserve (4 with three players), one at a time, each in your court or in any region.
rules-control = A family is controlled by the player whose court holds strictly more of its knights than every other court. On a tie, control stays where it was.
rules-move = Then move the emperor clockwise by one region up to as many regions as your disc shows.
rules-score = In the region where he stops, each player scores the knights there of the families they control, plus their own castles there. The single highest score above zero wins: it builds a castle in a region without one, replaces another player's castles with as many of its own, or keeps a region it already owns.
rules-merge = A region that has an owner joins its neighbours with the same owner, on either side, again and again; knights and castles add up.
rules-refill = Unless the game has ended, draw 3 knights (4 with three players) into your reserve, and the next player takes a turn.
rules-end-title = The end
rules-end = Castles can change hands, so a takeover can carry a player past the target: what counts is the total on the board when the game ends.
rules-teams-title = The team game for four
rules-teams = Seats 0 and 2 play against seats 1 and 3 (seats are numbered from 0). Everybody has their own discs, court and reserve, places 3 knights and draws 3. Control of a family is each player's own, but regions and castles belong to teams: a team scores the knights of every family either partner controls. The first team to 10 castles ends the game.
