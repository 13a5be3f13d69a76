# Carolus: the words of the browser client and the terminal game, in English.
# The same syntax as every catalog: Project Fluent, restricted to messages,
# variables and select expressions, which the page's own reader
# (crates/web/assets/js/i18n.js) understands as well as fluent-bundle.
# Messages only the terminal game shows begin with tui-.

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
invite-explained = Send each person their link: it lets them play their seat. You can copy the links again at the table until each person has come.
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
take-back = Take back my last decision
decision-taken-back = Your last decision was taken back; decide again.
hint-says = The computer suggests: { $move }. Chances of winning: { $chances }.
hint-chance = { $name } { $percent } %
choice-joker = make the joker a { $family } knight
choice-disc = choose disc { $disc }
choice-place = place a { $family } knight in region { $region }
choice-place-court = place a { $family } knight in your court
choice-place-at-court = place a { $family } knight at court
choice-move = { $steps ->
    [one] move the emperor one step to region { $region }
   *[other] move the emperor { $steps } steps to region { $region }
    }
turn-label = Your choices
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
outcome-build = { $name } { $team ->
        [yes] build
       *[no] builds
    } a castle.
outcome-take = { $name } { $team ->
        [yes] take
       *[no] takes
    } the region from { $other } ({ $castles ->
        [one] one castle
       *[other] { $castles } castles
    }).
outcome-keep = { $name } { $team ->
        [yes] keep
       *[no] keeps
    } the region.
outcome-merge = { $count } regions join into region { $region }.

## Replays and records

chance = { $percent } % to win
chance-title = The chance of winning from here, as the computer (level { $level }) sees it; players see it once the game is over
analysis-title = The computer's view of the game
analysis-waiting = The computer is analysing the game…
graph-label = The chances of winning over the game
mistake-title = { $name } chose to { $move }; the computer would rather { $best } ({ $cost } points better)
replay-position = Position in the game
replay-first = To the start
replay-back = One move back
replay-forward = One move on
replay-last = To the end
replay-at = Move { $at } of { $total }
record-title = Open a record
record-intro = A carolus-record/1 file, as the server, carolus play and the match runner write them, stepped through move by move.
record-drop = Choose a record file, or drop it here
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

## The terminal game (carolus play)
## The words it shares with the page (families, the log's sentences, …) are
## the messages above; $team is "yes" when a team of two is meant.

tui-list-and = { $first } and { $last }
tui-drawn-jokers = { $count ->
        [one] a joker
       *[other] { $count } jokers
    }
tui-log-draw-start = { $name } draws a starting reserve: { $knights }.
tui-log-control = { $name } takes control of { $family }.
tui-log-control-from = { $name } takes control of { $family } from { $other }.
tui-outcome-tie = a tie at { $score }: nobody wins the region.
tui-outcome-scores = { $outcome } Scores: { $scores }.
tui-result-team = { $names } win with { $castles } castles.
tui-game-over-result = Game over. { $result }
tui-move-disc = choose disc { $disc }
tui-move-joker = turn the joker into { $family }
tui-move-draw = draw { $knights }
tui-move-court = place a { $family } knight in the court
tui-move-region = place a { $family } knight in region { $region }
tui-move-emperor = { $steps ->
        [one] move the emperor 1 step
       *[other] move the emperor { $steps } steps
    }
tui-short-court = { $family } → court
tui-short-region = { $family } → region { $region }
tui-short-emperor = emperor { $steps } → region { $region }
tui-short-emperor-steps = emperor { $steps }
tui-short-joker = joker → { $family }
tui-short-disc = disc { $disc }
tui-task-of = { $name }: { $task }
tui-task-draw = draw knights
tui-task-joker = assign a joker
tui-task-disc = choose a disc
tui-task-place = place knight { $number } of { $total }
tui-task-place-any = place a knight
tui-task-move = move the emperor
tui-illegal-over = the game is over
tui-illegal-other = it is not one of the options
tui-illegal-phase = { $name } is to { $task } now
tui-illegal-disc-used = disc { $disc } has already been used (unused: { $unused })
tui-illegal-disc-taken = disc { $disc } was already chosen this round, and discs nobody chose are left: { $allowed }
tui-illegal-reserve = there is no { $family } knight in the reserve
tui-illegal-steps = the emperor can move 1 to { $max } steps here, not { $steps }

# The title bar, the prompt line and the keys under it
tui-regions-left = { $count ->
        [one] 1 region left
       *[other] { $count } regions left
    }
tui-castles-win = { $target } castles win
tui-prompt-thinking = { $name } (computer, level { $level }) is thinking… { $seconds }s
tui-prompt-disc = { $name }, choose a disc:
tui-prompt-joker = { $name }, your joker becomes:
tui-prompt-place = { $name }, place knight { $number } of { $total }:
tui-prompt-destination = { $family } to:
tui-prompt-emperor = { $name }, move the emperor:
tui-drawing = Drawing…
tui-key-result = result
tui-key-new = new game
tui-key-region = region
tui-key-court = court
tui-key-place = place
tui-key-back = back
tui-key-family = family
tui-key-take = take
tui-key-disc = disc
tui-key-choose = choose
tui-key-steps = steps
tui-key-move = move
tui-key-assign = assign
tui-key-hint = hint
tui-key-why = why
tui-key-help = help
tui-key-quit = quit
tui-key-undo = undo
tui-key-redo = redo
tui-key-save = save
tui-key-open = open
tui-key-log = log
tui-key-chances = chances
tui-key-all = all keys
tui-key-name-enter = Enter
tui-key-name-space = Space
tui-key-name-ctrl = Ctrl

# The table in the middle of the ring. The family keys in "(r g b y p)" are
# joined by no-break spaces, so that a line is never broken inside them.
tui-column-player = Player
tui-column-win = Win
tui-ai-level = AI{ $level }
tui-control = Control
tui-order = Order
tui-regions-left-end = { $count } regions left; the game also ends below 4.
tui-over-keys = e: result · s: save · u: take back · q: quit
tui-centre-thinking = { $name } (level { $level }) is thinking… { $seconds }s
tui-choose-disc = Choose a disc: lower discs act earlier, and the number is how far the emperor may go.
tui-shown-this-round = Shown this round: { $discs }.
tui-choose-joker = { $count ->
        [one] Choose the family your joker becomes (r g b y p).
       *[other] { $count } jokers to assign, one at a time: choose the family of the first (r g b y p).
    }
tui-choose-family = { $count ->
        [one] Place 1 more knight: pick a family from your reserve (r g b y p), then where it goes.
       *[other] Place { $count } more knights: pick a family from your reserve (r g b y p), then where it goes.
    }
tui-choose-destination = { $family } knight: pick a region (←→, its number, or a click) or c for your court; Esc goes back.
tui-court-takes-control = In your court it would take control of { $family } from { $name }.
tui-court-gives-control = In your court it would give you control of { $family }.
tui-court-keeps-control = In your court it would not change who controls { $family }.
tui-emperor-option = { $steps } → region { $region }: { $outcome }
tui-emperor-ends = { $count ->
        [one] The game ends: { $names } wins.
       *[other] The game ends: { $names } win.
    }
tui-drawing-knights = Drawing knights…
tui-estimate-of = { $name }'s estimate: { $chances }
tui-estimate-of-hint = Hint estimate: { $chances }
tui-ring-region = (region { $region })
tui-ring-emperor = EMPEROR
tui-ring-emperor-short = EMP

# The panels and the screens over the table
tui-analysis = Analysis
tui-log = Log
tui-log-scrolled = Log (↑{ $lines }, PgDn for newer)
tui-thinking-for = { $name } is thinking… { $seconds }s
tui-hint-working = Working out a hint… { $seconds }s
tui-no-estimate-hint = No estimate yet: press h for a hint.
tui-no-estimate = No estimate yet.
tui-estimate-by = { $name } (level { $level })
tui-estimate-by-hint = Hint (level { $level })
tui-estimate-rough = one turn ahead, rough
tui-estimate-playouts = { $count } playouts
tui-estimate-heading = { $who }, { $how }:
tui-moves-weighed = Moves weighed:
tui-chances-so-far = Chances so far ({ $count } estimates):
tui-help-title = Help — Esc closes, ↑↓ scroll
tui-log-title = Game log — Esc closes, ↑↓ PgUp PgDn scroll
tui-save-title = Save the game
tui-open-title = Open a saved game
tui-several-title = Open one of several games
tui-save-label = File to write (a carolus-record/1):
tui-open-label = File to read (a carolus-record/1):
tui-several-label = Which game, 1 to { $count }? ({ $path })
tui-prompt-keys = Enter confirms · Esc cancels · Ctrl-U clears
tui-confirm-quit = Quit?
tui-confirm-open = Open another game?
tui-confirm-new = New game?
tui-unsaved = The game has unsaved moves.
tui-confirm-keys = y: { $action } · any other key: back
tui-leave-quit = quit
tui-leave-open = open another game
tui-leave-new = start a new game
tui-no-graph = No graph yet. It shows the computer's estimates of everybody's chance to win, from the second one on: computer players make one a move, and h asks for a hint.
tui-any-key-back = Any key: back to the game
tui-chances-title = Win chances
tui-result-after = After { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }, with { $regions ->
        [one] 1 region
       *[other] { $regions } regions
    } left.
tui-winner = winner
tui-result-keys = Esc: the board · s: save · u: take back · q: quit
tui-too-small = Carolus needs at least { $width }×{ $height }
tui-too-small-now = (now { $width }×{ $height }).
tui-too-small-enlarge = Please enlarge the window; q quits.

# Messages under the prompt
tui-estimates-left-out = The game's win-chance estimates were left out: { $error }.
tui-saved = Saved the game to { $path }.
tui-saved-recovered = Saved the game to { $path }; its recovery file is removed.
tui-save-failed = Could not save: { $error }
tui-save-would-replace = { $path } exists already: s and Enter again replace it.
tui-refuse-thinking = { $name } is thinking; please wait for the move.
tui-refuse-over = The game is over: e shows the result, u takes back your last move.
tui-refuse-key = “{ $key }” does nothing here; press ? for the keys.
tui-refuse-no-disc = There is no disc { $disc }; discs go from 1 to 5.
tui-refuse-steps = { $most ->
        [1] The emperor can move only 1 step now, not { $steps }.
       *[other] The emperor can move 1 to { $most } steps now, not { $steps }.
    }
tui-refuse-territory-zero = There is no territory 0; territories go from 1 to 15.
tui-refuse-digit-family = Choose a family with its letter: r, g, b, y or p.
tui-refuse-not-in-reserve = There is no { $family } knight in your reserve.
tui-refuse-letter-disc = Choose a disc with its number, 1 to 5.
tui-refuse-letter-emperor = Choose the emperor's steps with a number or the arrow keys.
tui-refuse-move = You cannot { $action }: { $reason }.
tui-refuse-region-family = First choose the family to place (r, g, b, y, p or a button).
tui-refuse-unreachable = The emperor cannot reach that region with your disc.
tui-move-failed = { $token } cannot be played: { $reason }
tui-computer-failed = The computer player failed: { $error }
tui-hint = Hint: { $action }.
tui-hint-chance = Hint: { $action } (estimated chance to win: { $percent }%).
tui-hint-not-yours = Hints are for your own decisions.
tui-hint-still = Still thinking about a hint…
tui-hint-thinking = Thinking about a hint…
tui-why-no-hint = No hint to explain: press h for a hint first, then x for why.
tui-why-failed = The hint cannot be explained: { $error }
tui-why-missing = the computer player gave no explanation with its hint
tui-why-title = Why { $action }?
tui-undo-nothing = There is no decision of yours to take back.
tui-undo-failed = Cannot undo: { $error }
tui-undone = { $count ->
        [one] Took back 1 move: { $name } decides again.
       *[other] Took back { $count } moves: { $name } decides again.
    }
tui-redo-nothing = There is nothing to redo.
tui-redo-stopped = Cannot redo: { $token } cannot be played: { $reason }
tui-redone = { $count ->
        [one] Played 1 move again: { $name } decides.
       *[other] Played { $count } moves again: { $name } decides.
    }
tui-redone-over = { $count ->
        [one] Played 1 move again.
       *[other] Played { $count } moves again.
    }
tui-no-file-name = No file name given.
tui-several-out-of-range = { $path } holds games 1 to { $count }, not { $typed }; press o to open it again.
tui-file-game = { $path }: game { $game }
tui-game-of-file = game { $game } of { $path }
tui-read-failed = Could not read { $path }: { $error }
tui-loaded = Loaded { $game }.
tui-loaded-without-estimates = Loaded { $game }, without its win-chance estimates: { $error }.
tui-new-game-failed = Cannot start a new game: { $error }
tui-new-game = A new game with the same seats (seed { $seed }).
tui-recovery-offer = An interrupted game was kept in { $path }{ $more ->
        [0] {""}
       *[other] {" "}({ $more } more beside it)
    }: o and Enter continue it.
tui-left-in-round = Left the game in round { $round }.
tui-kept-in = The unsaved moves are kept in { $path } (carolus play --load { $path }).
tui-not-kept = The unsaved moves could not be kept in { $directory }: { $error }.

# The help screen (the lines are broken by the program)
tui-help-game-title = The game
tui-help-game = Charlemagne travels round his empire. Where he stops, the strongest following builds a castle. Most castles at the end wins. The game ends at once when someone reaches the target (10 castles with 2 players, 8 with 3, 10 for a team) or fewer than four regions are left.
tui-help-round-title = A round
tui-help-round-discs = Everybody chooses a disc (1-5). You must pick a number nobody has shown this round if you can. Used discs come back when all five are used.
tui-help-round-order = The lowest disc acts first; ties keep the choosing order.
tui-help-round-place = On your turn, place 3 knights (4 with 3 players) from your reserve, each into your court or any region. Court knights win control of their family when your court holds strictly more of it than any other.
tui-help-round-move = Move the emperor clockwise 1 up to your disc's number of regions.
tui-help-round-score = There, each side scores the knights of the families it controls plus its own castles. A unique highest score builds a castle, or takes over all the castles of another owner. Ties and zero scores do nothing.
tui-help-round-merge = An owned region merges with neighbours of the same owner.
tui-help-round-draw = Draw 3 new knights (4 with 3 players); a joker (J) becomes any family.
tui-help-teams = Team game (4 players): seats 0+2 (black) play against 1+3 (white). Control is personal; regions and castles belong to the team.
tui-help-table-title = The table
tui-help-table-ring = The ring shows territories 1-15 clockwise, merged regions as one box: knights as R2 G1 (R red, G green, B blue, Y yellow, P pink), castles as ⌂ with their owner, and the EMPEROR.
tui-help-table-seats = In the centre, a row per seat: its number (# — the number --ai takes; ▸ = to act), name, castle colour (● black, ○ white, ◐ grey), AI and level for a computer, castles against the target (⌂/10), court (marked cells = families you control), reserve, unused discs (· = used) and the disc chosen this round (▸3). The top line counts the regions left: the game ends when fewer than four are.
tui-help-table-analysis = On a wide screen the Analysis panel shows the computer's latest estimate of everybody's chance to win and, once it has made two, a graph of all its estimates so far (a line per seat or team, ▁ 0% … █ 100%). The result screen shows the graph too, w shows it on any screen, and saved games keep it. Under "Moves weighed" the computer's choice comes first (the tree search's is its most searched move, not always the highest chance); each move shows the chance it leaves the mover. In the team game every chance shown is a team's: partners win together.
tui-help-keys-title = Keys
tui-help-keys-same = The keys are the same in every language (carolus play --lang en, de or fr); a family's key is its letter in the notation: r g b y p.
tui-help-key-options = move between the options
tui-help-key-take = take the option under the cursor
tui-help-key-numbers = choose a disc, or the emperor's steps
tui-help-key-families = choose a family: the knight to place, or the joker's
tui-help-key-territories = when placing: a territory's region, or your court
tui-help-key-back = back from choosing where a knight goes
tui-help-key-hint = hint: what the computer would play (level 4, or a stronger computer at the table)
tui-help-key-why = why: what the last hint's move does and allows, in words
tui-help-key-undo = undo: back to your previous decision
tui-help-key-redo = redo: play again what undo took back
tui-help-key-files = save the game / open (load) a saved game
tui-help-key-new = a new game with the same seats (asks first if moves are unsaved, as o and q do)
tui-help-key-log = the whole game log; PgUp/PgDn scroll the log panel
tui-help-key-chances = win chances: the graph of the computer's estimates
tui-help-key-result = the result, once the game is over
tui-help-key-help = this help
tui-help-key-quit = quit (Ctrl-C quits at once, keeping unsaved moves in a recovery file that the next start offers)
tui-help-mouse = Mouse: click an option in the bottom line, a region on the ring or your row in the table (your court). A region click places the chosen knight; for the emperor, the first click shows the outcome and the second moves.

## Explanations ("why?"): each sentence states one fact of a line of play
## that the rules check (carolus-core's explain module); $name, $other and
## $names are seats' names or a team, $family a family's name.

explain-control = { $name } takes control of { $family } ({ $knights } to { $against } at court).
explain-control-from = { $name } takes control of { $family } from { $other } ({ $knights } to { $against } at court).
explain-court-keeps = { $name } strengthens control of { $family }: { $knights } to { $against } at court.
explain-court-short = { $name } now has { $knights } { $family } at court, but { $other } keeps control with { $against }.
explain-court-tie = { $name } now has { $knights } { $family } at court; another court has { $against }, so nobody takes control.
explain-lead = In region { $region }, { $name } now leads by { $score } to { $against }.
explain-lead-none = In region { $region }, nobody leads: the highest score, { $score }, is shared.
explain-reserve = { $name } now holds { $knights ->
    [one] one { $family } knight
   *[other] { $knights } { $family } knights
    } in reserve.
explain-reach = With disc { $disc }, { $name } can move the emperor up to { $steps } regions.
explain-reach-gives = With disc { $disc }, { $name } can move the emperor up to { $steps } regions; region { $region } would go to { $other }.
explain-reach-nothing = With disc { $disc }, { $name } can move the emperor up to { $steps } regions, and no region within reach would change hands.
explain-castle = { $team ->
    [yes] { $by } builds a castle in region { $region } for { $name }.
   *[no] { $name } builds a castle in region { $region }.
    }
explain-castle-taken = { $team ->
    [yes] { $by } takes region { $region } for { $name } from { $other }
   *[no] { $name } takes region { $region } from { $other }
    } with its { $castles ->
    [one] castle
   *[other] { $castles } castles
    }.
explain-stop = The emperor stops in region { $region }, and nothing changes hands.
explain-merge = { $count } regions merge into region { $region }, now { $territories } territories wide.
explain-end = The game ends, and { $names } { $count ->
    [one] wins
   *[other] win
    }.
explain-near = { $name } is { $count ->
    [one] one castle
   *[other] { $count } castles
    } away from winning.
explain-regions = Only { $count } regions are left; the game ends when fewer than four remain.
explain-quiet = Up to the next draw, no family, castle or region changes hands.
explain-instead = With { $move } instead:
explain-and = { $first } and { $second }
explain-team = Team { $first } + { $second }

## "Why?" at the browser's table: the hint's reasons, a move of the log against the computer's best, and the review of a finished game (issue 66)
why-button = Why?
why-hint-label = Why does the computer suggest this?
why-move-label = Why move { $number }?
why-thinking = The computer is looking at this move…
why-best = The computer would have chosen this move too.
why-worse = The computer's choice: { $best }; this move gives up { $points ->
    [one] one point
   *[other] { $points } points
    } of the chance to win.
why-not-weighed = The computer's choice: { $best }; it did not weigh this move.
review-open = Review the game
review-hide = Hide the review
review-title = The decisions that cost most
review-decision = { $name }, move { $number }: { $points ->
    [one] one point
   *[other] { $points } points
    } of the chance to win given up
review-played = Played:
review-better = Better:
review-show = Show this position
review-none = None of the decisions of the people at this table is known to have cost anything.
review-no-people = Only the computer played at this table.
review-try = Try again from here
## Guided first game

learn-title = Learn to play
learn-offer = New to Carolus Magnus? Learn the rules in a guided first game against the computer.
learn-start = Learn to play
learn-resume = Go on with the guided game
learn-rules-link = Learn by playing: a guided first game
learn-progress = Lesson { $lesson } of { $count }
learn-show-me = Show me
learn-skip = Skip
learn-skip-all = Skip all
learn-leave = Leave
lesson-disc = Every round begins with a disc. The lowest disc acts first, and its number is how far the emperor may walk. Choose disc { $disc }.
lesson-court = Place a knight in your court: pick a { $family } knight in your reserve, then your court. Whoever has the most knights of a family at court controls that family.
lesson-region = Now place a knight in a region: pick a { $family } knight, then region { $region }. Knights in a region count for whoever controls their family.
lesson-walk = Move the emperor clockwise, 1 to { $most } regions as your disc allows; a merged region counts as one step. Move him { $steps } to region { $region }.
lesson-castle = Where the emperor stops, each player scores the knights of the families they control plus their castles there; the highest score builds a castle. Move him { $steps } to region { $region }: the castle is yours.
lesson-control = The computer controls { $family }. Place a { $family } knight in your court: with more { $family } knights at court than it has, you take control. On a tie, nothing changes.
lesson-merge = Neighbouring regions with the same owner merge into one, and a merged region is one step for the emperor. Move him { $steps } to region { $region }: your castles there join up.
lesson-joker = You drew a joker: it becomes a knight of any family you choose. Make it { $family }.
lesson-end = The game ends at once when a player has { $target } castles, or when fewer than four regions are left (now { $regions }). The most castles win. Play on to the end.
lesson-wait = The computer is deciding.
lesson-play-on = Play on as you like: the next lesson comes when its rule matters. “Show me” plays a good move.
lesson-over = The game is over.
lesson-finished = You have learnt the rules of Carolus Magnus. Start a game of your own from the lobby.
tui-lesson-line = Lesson { $lesson }/{ $count }: { $text }
tui-key-show-me = show me
tui-key-skip = skip lesson
tui-key-skip-all = skip all

# Analysis graph, rules page, replay
graph-rounds = Round
graph-explained = Each player's chance of winning after each move, as the computer estimates it. ? marks a move that cost its player at least { $mistake } points of that chance; ?? marks one of the { $blunders } costliest moves of a player's game, each of at least { $blunder } points. Click the graph or a marked move to see the position.
graph-no-marks = No move cost its player enough to be marked.
graph-marks-label = The marked moves, in words
graph-mistake = mistake
graph-blunder = blunder
graph-mark-move = Move { $move }:
graph-mark-move-round = Move { $move }, round { $round }:
record-where-line = { $file }, line { $line }
record-games = This file holds { $count } games:
record-game-option = Game { $game } (line { $line })
record-empty = { $file } is empty: a record was expected.
record-not-json-at = { $file }, line { $line }, column { $column }: this is not JSON: { $found ->
    [end] the text ends too early.
   *[other] “{ $found }” was not expected there.
    }
record-line-not-json = { $file }, line { $line }, column { $column }: this line is not JSON: { $found ->
    [end] it ends too early.
   *[other] “{ $found }” was not expected there.
    } Each line of a .jsonl file holds one record.
record-line-not-object = { $file }, line { $line }: a record (a JSON object) was expected.
record-problem-field = { $where }: the field “{ $field }” is missing or does not read.
record-problem-setup = { $where }: the set-up in the field “{ $field }” cannot start a game.
record-problem-malformed = { $where }: move { $move } “{ $token }” is not a move.
record-problem-illegal = { $where }: move { $move } “{ $token }” cannot be played there; the board shows the game up to the move before it.
record-problem-not-a-record = { $where }: this is no record.
record-problem-other = { $where }: this record cannot be replayed.
record-too-large = { $where }: the file is too large for the server to replay.
record-error-replay = { $where }: the server did not answer (it is busy or cannot be reached). Try again.
rules-seat-caption = { $name } (castles: { $colour }): court at the top, reserve in the middle, discs below
rules-key-title = What is on the screen
rules-key-emperor = The crown is the emperor. He stands at the outer edge of the region he is in and moves clockwise.
rules-key-knight = A coloured cube stands for a family's knights, in a region or at a court: its letter names the family (R G B Y P), the number beside it counts them.
rules-key-castle = A small tower is a castle, in its owner's colour (black, white or grey); “×2” means two castles.
rules-key-control = The rings in the centre show who controls each family: a solid ring in the colour of the castles of the player who controls it, with that player's name.
rules-key-control-open = A dashed ring: nobody controls that family yet.
rules-key-target = A lit place with a “+” is where you may put the knight you picked: a region, or your court. A lit region with a number is where the emperor stops if he moves that many regions.
rules-key-territory = The small numbers at the outer edge number the territories from 1 to 15; a region is named by its smallest.
rules-play-title = Playing on this site
rules-play-point = Point: click or tap a knight in your reserve, then a lit place, a region on the board or your court.
rules-play-drag = Drag: or drag the knight from your reserve onto a lit place and let go.
rules-play-keys = Keys: Tab and Shift+Tab go from one thing you may pick to the next, and Enter or Space picks it.
rules-play-disc = At the start of a round, pick one of your discs the same way.
rules-play-emperor = To move the emperor, pick one of the numbered regions: each one says what stopping there would do.
rules-play-log = The log beside the board says every move in words: click a move to see the board as it was then, and use the arrows under the board to step through the game.
rules-example-castle-title = Worked example: a castle is built
rules-example-castle = Bruno controls blue (one blue knight at his court, none at Anna's) and has put blue knights in territories 2 and 3. With disc 2 he may move the emperor one or two regions.
rules-example-merge-title = Worked example: two regions join
rules-example-merge = In the next round, Anna owns territory 4 with a castle, controls red, and has put two red knights in territory 5, next to it. With disc 1 she moves the emperor one region, to territory 5.
rules-example-before = Before: { $name } is to move the emperor, with disc { $disc }; the numbers show where each move would stop.
rules-example-after = After: { $what }

## Turn by e-mail: the mails and the unsubscribe page (server)

mail-greeting = Hello { $name },
mail-nobody = nobody yet
mail-turn-subject = Your turn in game { $game }
mail-turn-text = Game { $game } against { $players } waits for your move.
mail-open-table = To the table: { $link }
mail-digest-subject = { $count } games wait for your move
mail-digest-text = { $count } games wait for your move:
mail-digest-game = game { $game } against { $players }
mail-ended-subject = Game { $game } has ended
mail-ended-text = Game { $game } against { $players } has ended.
mail-ended-own = { $castles ->
    [one] You built one castle.
   *[other] You built { $castles } castles.
    }
mail-reset-subject = A new password for Carolus
mail-reset-text = Someone, probably you, asked for a new password for the player { $name }. The link below lets you choose one; it works once, within one hour:
mail-reset-ignore = If it was not you, ignore this mail: your password stays as it is.
mail-unsubscribe = You get these mails because you turned them on in your settings. To get no more mails about your games, open:
unsubscribe-title = Mails from Carolus
unsubscribe-ask = Send no more mails about games to { $address }?
unsubscribe-button = Send no more mails
unsubscribe-done = No more mails about games go to { $address }. A new password you ask for is still sent.
unsubscribe-bad = This link is not valid; it may have been cut when it was copied. Open it again from the mail.

## Invitations and rematch

copy-link = Copy
link-copied = Link copied.
link-selected = The link is selected: copy it with Ctrl+C (⌘C on a Mac).
abandon-after = If a player stays away from a game without a clock, the others may end it after
abandon-after-days = { $days ->
    [one] one day
   *[other] { $days } days
    }
games-mine = Your games
action-resume = resume
people-label = The people at the table
duration-minutes = { $count ->
    [one] one minute
   *[other] { $count } minutes
    }
duration-hours = { $count ->
    [one] one hour
   *[other] { $count } hours
    }
duration-days = { $count ->
    [one] one day
   *[other] { $count } days
    }
seat-away = { $name } is not at the table: away for { $time }.
abandon-wait = If { $name } stays away, you may end the game as abandoned in { $time }.
abandon-allowed = { $name } has been away too long: you may end the game as abandoned.
abandon-game = End the game as abandoned
game-abandoned = The game was ended as abandoned: { $name } left it.
invitations-title = Invitation links
invitations-explained = Only you, the host, see these links, until each person has come to the table.
rematch = Rematch
rematch-offered = { $name } offers a rematch.
rematch-join = Join the rematch
rematch-yours = You offered a rematch; the others are asked to join.
rematch-go = Go to the rematch

# Account pages
account-sign-in-link = Sign in
account-menu-label = Account of { $name }
account-my-games = My games
account-profile = Profile
account-settings = Settings
account-sign-out = Sign out
account-title = Your account
account-signed-in-as = You are signed in as { $name }.
account-sign-in = Sign in
account-sign-up = Make an account
account-name = Name
account-name-hint = 2 to 20 letters, digits, _ and -, beginning with a letter or a digit.
account-password = Password
account-password-hint = At least 10 characters; not a common password and not your name.
account-email = E-mail address
account-email-optional = E-mail address (optional)
account-email-hint = Only for mails you choose in your settings and for resetting the password.
account-no-games = No games yet.
account-game-your-turn = your turn
account-wait-seconds = { $count ->
    [one] one second
   *[other] { $count } seconds
    }
account-wait-minutes = { $count ->
    [one] one minute
   *[other] { $count } minutes
    }
account-error-network = The server cannot be reached. Check the connection and try again.
account-error-wrong = The name or the password is wrong.
account-error-password-wrong = The password is wrong.
account-error-not-found = There is no such account.
account-error-name-taken = This name is taken (names that differ only in capitals or look-alike letters count as one).
account-error-name = This name cannot be used: 2 to 20 letters, digits, _ and -, beginning with a letter or a digit.
account-error-password = This password cannot be used: at least 10 characters, not a common password and not your name.
account-error-email = This e-mail address does not look right (name@domain.example).
account-error-refused = The server refused this change.
account-error-wait = Too many attempts. Try again in { $wait }.
account-error-wait-soon = Too many attempts. Try again in a moment.
account-error-unavailable = The server is busy. Try again in a moment.
account-error-other = Something went wrong. Try again.
settings-title = Settings
settings-signed-out = Sign in to see your settings.
settings-details = E-mail and language
settings-email-hint = Leave it empty to remove the address.
settings-mails = Send me mails when a game waits for me or ends
settings-language = Language of pages and mails
settings-save = Save
settings-saved = Saved.
settings-password = Password
settings-password-now = Present password
settings-password-new = New password
settings-password-change = Change the password
settings-password-changed = The password is changed; you are signed out on every other device.
settings-sign-out-everywhere = Sign out everywhere
settings-sign-out-everywhere-explained = Ends every session of your account, on this device and all others.
settings-delete = Delete the account
settings-delete-explained = Your account, its sessions and personal data are deleted. Finished games stay, with your seat named "deleted player".
settings-delete-confirm = Delete the account for good? This cannot be undone.
settings-delete-yes = Yes, delete it
settings-delete-no = No, keep it
profile-not-found-title = Player not found
profile-not-found = There is no player named { $name }.
profile-since = Playing since { $date }
profile-ratings = Ratings
profile-playing = Games in play
profile-finished = Finished games
profile-none-playing = No games in play.
profile-none-finished = No finished games yet.
profile-record = download the record

## Ratings on a profile
profile-rated-games = { $count ->
    [one] one rated game
   *[other] { $count } rated games
    }

# Password reset pages
reset-forgot = Forgot your password?
reset-forgot-who = Name or e-mail address
reset-forgot-hint = If the account has an e-mail address, a link to set a new password is sent to it.
reset-forgot-send = Send the link
reset-asked = If an account with an e-mail address matches, a link to set a new password was sent to it. The link is valid for one hour.
reset-title = Set a new password
reset-new-password = New password
reset-repeat-password = New password again
reset-save = Set the password
reset-mismatch = The two passwords differ. Type the same one twice.
reset-done = The new password is set. You are signed out on every device.
reset-sign-in = Sign in with the new password
reset-no-link = This address carries no reset link. Open the link from the mail, or ask for a new one.
reset-ask-again = Ask for a new link
reset-error-link = This link is not valid, has expired or was used. Ask for a new one.

# Ratings in the page: the lobby's rated games, the table's rating changes, the leaderboard, the profile's graph
nav-leaderboard = Leaderboard
rating-mode-2p = 2 players
rating-mode-3p = 3 players
rating-mode-teams = Team game
rating-provisional = provisional
lobby-rated = Rated game
lobby-rated-explained = A rated game changes the ratings of the people who play it. It needs a clock; only your own seat is played here, the others are the computer's or open to people who are signed in; decisions cannot be taken back.
lobby-rated-sign-in = Sign in to play rated games.
lobby-rated-error-session = Sign in to create a rated game.
lobby-rated-error-clock = A rated game needs a clock.
lobby-rated-error-invited = A rated game has no invited seats: leave them open for people who are signed in.
lobby-rated-error-seats = In a rated game only your own seat is named: the others are the computer's or open for people who are signed in.
table-rated = Rated game
table-rated-explained = The result changes the players' ratings.
table-rating-changes = Rating changes
table-rating-pending = The ratings are being updated…
table-rating-none = No account's rating changed in this game.
table-rating-change = { $name }: { $before } → { $after } ({ $change })
leaderboard-title = Leaderboard
leaderboard-intro = Players are ranked by a cautious value: their rating less three times its uncertainty, so that a few lucky games are not enough to lead.
leaderboard-modes = Modes
leaderboard-caption = The best players: { $mode }
leaderboard-rank = Rank
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Rated games
leaderboard-empty = Nobody has played a rated game in this mode yet ({ $mode }).
leaderboard-provisional-note = A rating marked ? is provisional: too few games have been played to know it well.
profile-leaderboard-link = See the leaderboard
profile-rating-history = Rating over time
profile-rating-graph-title = Rating over time: { $mode }
profile-rating-graph-description = { $count ->
    [one] After one rated game: { $last }.
   *[other] Over { $count } rated games, from { $first } to { $last }; highest { $high }.
    }
profile-rating-graph-axis = Rated games, oldest first
profile-rating-table-show = The numbers
profile-rating-table-game = Game
profile-rating-table-date = Date
profile-rating-table-rating = Rating after it
profile-computers = Against the computer
profile-computer-results = { $games ->
    [one] one game
   *[other] { $games } games
    }: { $won } won, { $lost } lost
leaderboard-loading = Loading the list…

## The people at the table: refusals in the reader's words (issue 65)
people-error-abandon = The game cannot be ended as abandoned now: the player came back, or the game went on.
people-error-rematch = The rematch could not be offered. Try again in a moment.
people-error-invitations = The invitation links could not be read. Reload the page to try again.

# Play now (issue 67): the lobby's pool for people signed in
playnow-title = Play now
playnow-intro = A rated game against people of about your strength. If nobody comes in time, the computer takes the empty seats.
playnow-mode = Game
playnow-mode-2p = 2 players
playnow-mode-3p = 3 players
playnow-mode-teams = 4 players (two teams)
playnow-clock = Clock
playnow-clock-blitz = 5 minutes, +5 s a turn
playnow-clock-rapid = 15 minutes, +10 s a turn
playnow-clock-correspondence = 2 days a turn
playnow-start = Find opponents
playnow-looking = Looking for opponents…
playnow-waited = Waiting for { $time }
playnow-others = { $count ->
    [0] Nobody else waits for this game yet.
    [one] One other person waits for this game.
   *[other] { $count } others wait for this game.
    }
playnow-range = Opponents within { $range } points of your rating, { $rating }, are welcome; the range widens as you wait.
playnow-computer-in = The computer takes the empty seats in { $time }.
playnow-computer-now = Play the computer now
playnow-cancel = Cancel
playnow-ready = Your game is ready: to the table

## The terminal game's review after a game (issue 66)
tui-result-review = v: review the costliest decisions
tui-review-title = Review
tui-review-not-over = The review comes once the game is over.
tui-review-working = Looking again at every decision: { $done } of { $total } searches
tui-review-failed = The review failed: { $error }
tui-review-none = None of the people's decisions is known to have cost anything.
tui-review-heading = { $name }, move { $index }: { $points } points of winning chance given up ({ $page } of { $pages })
tui-review-played = ◆ Played: { $action }
tui-review-better = ★ Better: { $action }
# The marks of the two moves on the board, and their short forms for narrow regions.
tui-review-mark-played = ◆ played
tui-review-mark-played-short = ◆
tui-review-mark-better = ★ better
tui-review-mark-better-short = ★
tui-review-keys = ←→: other decisions · t: try again from here · any other key: back
tui-review-again = the position before move { $index }
tui-review-entry = { $name }, move { $index }: { $points } points
tui-help-key-review = once the game is over: the review, each person's three costliest decisions on the board as it was, the move made and the better one with why; ←→ between them, t to try one again against the computer

# What the pages say when the server refuses a request or cannot be reached:
# chosen by the refusal's code or the request, never the server's English.
table-error-seat = This device does not hold that seat. Open the seat's own link, or sign in with the account that owns it.
table-error-not-your-turn = It is not your turn.
table-error-out-of-time = Your time ran out; the computer plays your seat now.
table-error-takeback-clock = A game with a clock allows no taking back.
table-error-takeback-people = Only a game against the computer allows taking back.
table-error-nothing-to-take-back = You have made no decision to take back yet.
table-error-no-hints = This game was created without hints.
table-error-over = The game is over.
table-error-not-running = The game is not being played yet: it waits for its open seats to be taken.
table-error-claim-taken = This seat is already taken.
table-error-move = The move was not accepted. The table shows the game as it is now.
table-error-takeback = The decision could not be taken back.
table-error-hint = No hint can be given now.
table-error-explain = This move cannot be explained now. Try again in a moment.
table-error-practice = A new game from this position could not be started. Try again in a moment.
table-error-claim = The seat could not be taken. Try again in a moment.
table-error-states = The positions of the game could not be read. Reload the page to try again.
table-error-outcomes = What each choice would do could not be worked out. Reload the page to try again.
table-error-analysis = The analysis of the game could not be made.
table-error-lesson = The lesson could not be loaded. Reload the page to try again.
table-error-socket = The server refused a message of this page. Reload the page to try again.
table-error-game = The game could not be loaded. Reload the page to try again.
lobby-error-list = The list of games could not be read. Reload the page to try again.
lobby-error-create = The game could not be created. Check the settings and try again.
rules-error-example = The example game could not be shown. Reload the page to try again.
analysis-no-decisions = Nobody made a decision in this game, so there is no chance of winning to draw.
