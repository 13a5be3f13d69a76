//! Rated games' updates (issue 67): what a finished rated game's result
//! means for the ratings of the accounts at its seats, and the one place
//! that applies it.
//!
//! The rating itself (Weng-Lin, the computer levels' anchors) is
//! `carolus_accounts::rating`'s; the rows are `store/ratings.rs`'s. Here a
//! game's result JSON becomes each seat's [`Finish`]: the winners first,
//! then the others by their castles (equal castles tie); a seat that timed
//! out (`timed_out`) or left (`abandoned`) is last whatever its castles.
//!
//! A person's seat that no account owns (its owner could not be written
//! when it was created) plays as a newcomer whose rating is kept nowhere:
//! it still moves the others as an opponent of that strength would.

use axum::Json;
use axum::extract::State;
use carolus_accounts::rating::{
    Finish, Mode, Player, Rating, RatingError, Seat, rate_free_for_all, rate_team_game,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::api::ErrorBody;
use crate::error::ApiError;
use crate::extract::QueryOf;
use crate::responses::StoreUnreachable;
use crate::state::AppState;
use crate::store::ratings::{ComputerGame, Leader, RatingChange, RatingRow};
use crate::store::{Store, StoreError};
use crate::table::{self, Table};

/// A mode as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ModeName {
    /// Two players.
    #[serde(rename = "2p")]
    TwoPlayers,
    /// Three players.
    #[serde(rename = "3p")]
    ThreePlayers,
    /// The team game.
    #[serde(rename = "teams")]
    Teams,
}

impl ModeName {
    pub(crate) fn of(mode: Mode) -> ModeName {
        match mode {
            Mode::TwoPlayers => ModeName::TwoPlayers,
            Mode::ThreePlayers => ModeName::ThreePlayers,
            Mode::Teams => ModeName::Teams,
        }
    }

    pub(crate) fn mode(self) -> Mode {
        match self {
            ModeName::TwoPlayers => Mode::TwoPlayers,
            ModeName::ThreePlayers => Mode::ThreePlayers,
            ModeName::Teams => Mode::Teams,
        }
    }
}

/// A rating as the API shows it (OpenSkill's scale; `rating` is the
/// number a page shows, `mean` × 60, with a `?` while `provisional`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingView {
    /// The number shown: the mean × 60, rounded (a newcomer's is 1500).
    pub rating: i64,
    /// The estimate (OpenSkill's mu; a newcomer's is 25).
    pub mean: f64,
    /// Its uncertainty (one standard deviation).
    pub sigma: f64,
    /// `mean − 3·sigma`, by which lists rank.
    pub conservative: f64,
    /// Whether `sigma` is still high (above 4.5): shown with a `?`.
    pub provisional: bool,
}

impl RatingView {
    fn of(rating: Rating) -> RatingView {
        RatingView {
            rating: rating.shown(),
            mean: rating.mu,
            sigma: rating.sigma,
            conservative: rating.conservative(),
            provisional: rating.is_provisional(),
        }
    }
}

/// A player's rating in one mode, in their profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ModeRating {
    pub mode: ModeName,
    #[serde(flatten)]
    pub rating: RatingView,
    /// Rated games played in the mode.
    pub games: i64,
}

impl ModeRating {
    pub fn of(row: &RatingRow) -> ModeRating {
        ModeRating {
            mode: ModeName::of(row.mode),
            rating: RatingView::of(row.rating),
            games: row.games,
        }
    }
}

/// A point of a player's rating history: their rating in `mode` after
/// the rated game `game`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatingPoint {
    pub game: String,
    pub mode: ModeName,
    #[serde(flatten)]
    pub rating: RatingView,
    /// When the game's update was applied, in milliseconds since 1970.
    pub at_ms: i64,
}

impl RatingPoint {
    pub fn of(change: &RatingChange) -> RatingPoint {
        RatingPoint {
            game: change.game_id.clone(),
            mode: ModeName::of(change.mode),
            rating: RatingView::of(change.after),
            at_ms: change.at_ms,
        }
    }
}

/// A seat's rating change by a finished rated game, in its view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatRatingChange {
    pub seat: usize,
    pub before: RatingView,
    pub after: RatingView,
    /// `after.rating − before.rating`, the change a page shows.
    pub change: i64,
}

impl SeatRatingChange {
    pub fn of(change: &RatingChange) -> SeatRatingChange {
        SeatRatingChange {
            seat: change.seat,
            before: RatingView::of(change.before),
            after: RatingView::of(change.after),
            change: change.after.shown() - change.before.shown(),
        }
    }
}

/// The query of `GET /api/leaderboard`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// The mode: `2p`, `3p` or `teams`.
    #[param(value_type = String, pattern = "^(2p|3p|teams)$")]
    pub mode: ModeName,
}

/// A row of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: usize,
    pub name: String,
    #[serde(flatten)]
    pub rating: RatingView,
    pub games: i64,
}

/// `GET /api/leaderboard`: the best players of a mode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Leaderboard {
    pub mode: ModeName,
    /// Best first, by `conservative`; at most 100.
    pub players: Vec<LeaderboardEntry>,
}

/// The most players the leaderboard lists.
pub const LEADERBOARD_SIZE: usize = 100;

/// The best players of a mode.
#[utoipa::path(
    get, path = "/api/leaderboard",
    params(LeaderboardQuery),
    responses(
        (status = 200, description = "The mode's best players, by mean − 3σ", body = Leaderboard),
        (status = 400, description = "No mode, or not one of 2p, 3p and teams", body = ErrorBody),
        (status = 503, response = inline(StoreUnreachable)),
    )
)]
pub async fn leaderboard(
    State(state): State<AppState>,
    QueryOf(LeaderboardQuery { mode }): QueryOf<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let leaders = state
        .store()
        .leaderboard(mode.mode(), LEADERBOARD_SIZE)
        .await
        .map_err(unreachable)?;
    Ok(Json(Leaderboard {
        mode,
        players: leaders
            .iter()
            .enumerate()
            .map(|(index, leader): (usize, &Leader)| LeaderboardEntry {
                rank: index + 1,
                name: leader.name.clone(),
                rating: RatingView::of(leader.rating),
                games: leader.games,
            })
            .collect(),
    }))
}

/// A player's ratings and their history, for the profile.
pub async fn profile_ratings(
    store: &Store,
    account: i64,
) -> Result<(Vec<ModeRating>, Vec<RatingPoint>), ApiError> {
    let ratings = store.ratings(account).await.map_err(unreachable)?;
    let history = store
        .rating_changes(Some(account), None, HISTORY_POINTS)
        .await
        .map_err(unreachable)?;
    Ok((
        ratings.iter().map(ModeRating::of).collect(),
        history.iter().map(RatingPoint::of).collect(),
    ))
}

/// The most points of a profile's history: its latest rated games.
pub const HISTORY_POINTS: usize = 200;

/// A player's results against one computer level, in their profile:
/// their finished games with a computer of that level among their
/// opponents (in the team game, on the other team), those they won (their
/// side among the winners, that level's computers not) and those they
/// lost (that level's computers among the winners, their side not; or
/// their seat timed out or left, which the ratings count as last whoever
/// then won it); the rest were shared or won by another seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LevelResults {
    /// The computer's level, 1 to 5.
    pub level: u8,
    pub games: i64,
    pub won: i64,
    pub lost: i64,
}

/// The most (seat, computer) pairs of finished games a profile's results
/// against the computer are counted from: the latest ones, so that a
/// profile's cost stays bounded for a player of thousands of games.
pub const COMPUTER_PAIRS: usize = 2000;

/// The results against each level (in the levels' order, only those
/// played) of the rows `store.computer_games` gives.
pub fn against_computers(games: &[ComputerGame]) -> Vec<LevelResults> {
    // Per game and level: whether my side won; whether that level won
    // (or my seat left, which loses to every opponent).
    let mut outcomes: std::collections::BTreeMap<(&str, u8), (bool, bool)> =
        std::collections::BTreeMap::new();
    for game in games {
        let opponent = !game.teams || game.mine % 2 != game.theirs % 2;
        let Some(result) = game.result.as_ref().filter(|_| opponent) else {
            continue;
        };
        let listed = |field: &str, seat: usize| {
            result[field]
                .as_array()
                .is_some_and(|list| list.iter().any(|value| value.as_u64() == Some(seat as u64)))
        };
        let winner = |seat: usize| listed("winners", seat);
        let left = listed("timed_out", game.mine) || listed("abandoned", game.mine);
        let mine = !left && (winner(game.mine) || (game.teams && winner((game.mine + 2) % 4)));
        let entry = outcomes
            .entry((game.id.as_str(), game.level))
            .or_insert((false, false));
        entry.0 |= mine;
        entry.1 |= winner(game.theirs) || left;
    }
    let mut levels: Vec<LevelResults> = Vec::new();
    for ((_, level), (mine, theirs)) in outcomes {
        let index = match levels.iter().position(|results| results.level == level) {
            Some(index) => index,
            None => {
                levels.push(LevelResults {
                    level,
                    games: 0,
                    won: 0,
                    lost: 0,
                });
                levels.len() - 1
            }
        };
        let results = &mut levels[index];
        results.games += 1;
        results.won += i64::from(mine && !theirs);
        results.lost += i64::from(theirs && !mine);
    }
    levels.sort_by_key(|results| results.level);
    levels
}

/// A player's results against each computer level, for the profile.
pub async fn profile_computers(store: &Store, account: i64) -> Result<Vec<LevelResults>, ApiError> {
    let games = store
        .computer_games(account, COMPUTER_PAIRS)
        .await
        .map_err(unreachable)?;
    Ok(against_computers(&games))
}

/// The most missed updates a start applies (`rate_missed`): each costs a
/// game's load and a transaction, and a start should not wait on an
/// unbounded backlog; the rest are applied at the following starts.
pub const MISSED_PER_START: usize = 100;

/// Applies the updates of at most `limit` finished rated games that were
/// never applied (a server stopped between a game's end and its update),
/// earliest first: answers how many this call applied and whether more
/// may wait (the batch was full). Each is applied once across every
/// server, also when several start together (see `apply`).
pub async fn rate_missed(
    store: &Store,
    now_ms: i64,
    limit: usize,
) -> Result<(usize, bool), StoreError> {
    let ids = store.unrated_finished(limit).await?;
    let mut applied = 0;
    for id in &ids {
        if let Some(table) = store.load(id).await?
            && apply(store, &table, now_ms).await?
        {
            applied += 1;
        }
    }
    Ok((applied, ids.len() == limit))
}

/// Each seat's rating change in the finished rated game `id` (empty until
/// its update is applied, and for games that are not rated).
pub async fn game_changes(store: &Store, id: &str) -> Result<Vec<SeatRatingChange>, ApiError> {
    let changes = store
        .rating_changes(None, Some(id), 4)
        .await
        .map_err(unreachable)?;
    let mut changes: Vec<SeatRatingChange> = changes.iter().map(SeatRatingChange::of).collect();
    changes.sort_by_key(|change| change.seat);
    Ok(changes)
}

fn unreachable(error: StoreError) -> ApiError {
    tracing::warn!(%error, "the store failed for the ratings");
    ApiError::unavailable("the store cannot be reached; try again")
}

/// The mode of a game of `players` seats (four: the team game).
pub fn mode(players: usize) -> Option<Mode> {
    Mode::ALL.into_iter().find(|mode| mode.seats() == players)
}

/// Each seat's finish, from a finished game's `result` (see the module's
/// documentation). In the team game (seats 0 and 2 against 1 and 3), each
/// seat's place is its team's: first if the team has a winner.
pub fn finishes(result: &Value, seats: usize, teams: bool) -> Vec<Finish> {
    let listed = |field: &str, seat: usize| {
        result[field]
            .as_array()
            .is_some_and(|list| list.iter().any(|value| value.as_u64() == Some(seat as u64)))
    };
    let castles = |seat: usize| result["castles"][seat].as_u64().unwrap_or(0);
    let key = |seat: usize| {
        if teams {
            (
                listed("winners", seat) || listed("winners", (seat + 2) % 4),
                0,
            )
        } else {
            (listed("winners", seat), castles(seat))
        }
    };
    let left = |seat: usize| {
        if listed("abandoned", seat) {
            Some(Finish::Abandoned)
        } else if listed("timed_out", seat) {
            Some(Finish::TimedOut)
        } else {
            None
        }
    };
    (0..seats)
        .map(|seat| {
            left(seat).unwrap_or_else(|| {
                let better = (0..seats)
                    .filter(|&other| left(other).is_none() && key(other) > key(seat))
                    .count();
                let place = if teams { better.min(1) } else { better };
                Finish::Place(u8::try_from(place + 1).unwrap_or(u8::MAX))
            })
        })
        .collect()
}

/// The ratings after the game: for each owned seat in `before` (seat,
/// account, rating before), its rating after. Every other seat plays as
/// its anchor (the computer) or as a newcomer (a person with no account).
pub fn rate(
    mode: Mode,
    players: &[Option<u8>],
    finishes: &[Finish],
    before: &[(usize, i64, Rating)],
) -> Result<Vec<(usize, Rating)>, RatingError> {
    let seats: Vec<Seat> = players
        .iter()
        .zip(finishes)
        .enumerate()
        .map(|(index, (level, &finish))| Seat {
            player: match level {
                Some(level) => Player::Computer(*level),
                None => Player::Person(
                    before
                        .iter()
                        .find(|(seat, _, _)| *seat == index)
                        .map_or(Rating::NEWCOMER, |(_, _, rating)| *rating),
                ),
            },
            finish,
        })
        .collect();
    let after = if mode == Mode::Teams {
        let [a, b, c, d] =
            <[Seat; 4]>::try_from(seats.as_slice()).map_err(|_| RatingError::SeatCount {
                mode,
                expected: 4,
                given: seats.len(),
            })?;
        let [[s0, s2], [s1, s3]] = rate_team_game([[a, c], [b, d]])?;
        vec![s0, s1, s2, s3]
    } else {
        rate_free_for_all(mode, &seats)?
    };
    Ok(before
        .iter()
        .filter_map(|&(seat, _, _)| Some((seat, *after.get(seat)?)))
        .collect())
}

/// Applies the update of `table`, a finished rated game, once across
/// every server on the store (see `store/ratings.rs`): answers whether
/// this call applied it. A game that is not rated or not over changes
/// nothing.
pub async fn apply(store: &Store, table: &Table, now_ms: i64) -> Result<bool, StoreError> {
    let Some(result) = table.record().result.as_ref() else {
        return Ok(false);
    };
    let players = table.seats.len();
    let Some(mode) = mode(players).filter(|_| table.hosting.rated) else {
        return Ok(false);
    };
    let levels: Vec<Option<u8>> = table
        .seats
        .iter()
        .map(|seat| match seat.player {
            table::Player::Computer { level } => Some(level.number()),
            table::Player::Person { .. } => None,
        })
        .collect();
    let finishes = finishes(result, players, mode == Mode::Teams);
    let owners = store.seat_accounts(&table.id).await?;
    let id = table.id.clone();
    store
        .apply_rating(
            &table.id,
            mode,
            &owners,
            now_ms,
            Box::new(move |before| {
                rate(mode, &levels, &finishes, before).unwrap_or_else(|error| {
                    // The result was made by this server's rules: a
                    // refusal is a bug, logged, and the game stays
                    // marked so that it is not tried for ever.
                    tracing::error!(game = %id, %error, "a rated game could not be rated");
                    Vec::new()
                })
            }),
        )
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::AppState;
    use crate::store::NewAccount;
    use crate::table::NewSeat;
    use carolus_ai::Level;

    /// A stored game of `players` seats (`None`: a person, owned by an
    /// account of `reuse` in turn, then by new ones; `Some(level)`: the
    /// computer), rated, and its people's accounts.
    async fn rated_game(store: &Store, players: &[Option<u8>], reuse: &[i64]) -> (Table, Vec<i64>) {
        stored_game(store, players, reuse, None).await
    }

    /// As `rated_game`, but stored already ended with `result` (given an
    /// abandoned seat, so that the store counts it over without playing
    /// it to the end), its update not applied.
    async fn finished_game(
        store: &Store,
        players: &[Option<u8>],
        reuse: &[i64],
        result: Value,
    ) -> (Table, Vec<i64>) {
        stored_game(store, players, reuse, Some(result)).await
    }

    async fn stored_game(
        store: &Store,
        players: &[Option<u8>],
        reuse: &[i64],
        result: Option<Value>,
    ) -> (Table, Vec<i64>) {
        let seats = players
            .iter()
            .enumerate()
            .map(|(index, level)| match level {
                Some(level) => NewSeat::Computer {
                    level: Level::new(*level).unwrap(),
                    name: None,
                },
                None => NewSeat::Person {
                    name: format!("P{index}"),
                    token_hash: crate::secret::token_hash(&format!("token {index}")),
                },
            })
            .collect();
        let new = table::NewTable {
            players: players.len(),
            teams: players.len() == 4,
            seats,
            clock: Some(table::Clock::RealTime {
                initial_ms: 60_000,
                increment_ms: 0,
            }),
            hosting: table::Hosting {
                rated: true,
                ..table::Hosting::default()
            },
            ..table::NewTable::default()
        };
        let table = Table::create(
            crate::secret::new_game_id(),
            new,
            0,
            &mut table::test_draws(0),
        )
        .unwrap();
        let table = match result {
            Some(result) => ended(&table, result),
            None => table,
        };
        store.insert(&table).await.unwrap();
        let mut accounts = Vec::new();
        for (index, level) in players.iter().enumerate() {
            if level.is_none() {
                let account = match reuse.get(accounts.len()) {
                    Some(&account) => account,
                    None => new_account(store, &table, index).await,
                };
                store
                    .own_seat(&table.id, index, account, &format!("token {index}"))
                    .await
                    .unwrap();
                accounts.push(account);
            }
        }
        (table, accounts)
    }

    async fn new_account(store: &Store, table: &Table, index: usize) -> i64 {
        let name = format!("{}p{index}", &table.id[..8]).to_lowercase();
        store
            .create_account(&NewAccount {
                name: &name,
                name_key: &name,
                password_hash: "x",
                email: None,
                language: "en",
                created_ms: 0,
            })
            .await
            .unwrap()
            .unwrap()
    }

    /// `table` ended with `result`.
    fn ended(table: &Table, result: Value) -> Table {
        let mut over = table.clone();
        over.game.record_mut().result = Some(result);
        over
    }

    async fn rating_of(store: &Store, account: i64, mode: Mode) -> (Rating, i64) {
        let row = store
            .ratings(account)
            .await
            .unwrap()
            .into_iter()
            .find(|row| row.mode == mode)
            .unwrap();
        (row.rating, row.games)
    }

    crate::store::on_every_store_pair!(
        two_servers_ending_the_same_game_apply_its_update_once,
        rated_games_against_level_3_move_a_newcomer_toward_its_anchor,
        a_three_player_result_orders_the_changes,
        a_game_finished_but_not_rated_is_rated_at_the_next_start_once,
        missed_updates_are_applied_a_batch_at_a_time,
        a_profile_counts_the_results_against_each_computer_level,
    );

    /// The result of a game that seat `left` abandoned, `winner` winning.
    fn abandoned(winner: usize, left: usize) -> Value {
        json!({"winners": [winner], "abandoned": [left], "castles": [4, 2, 1, 0]})
    }

    async fn a_game_finished_but_not_rated_is_rated_at_the_next_start_once(one: Store, two: Store) {
        // The game ended and was stored, but its server stopped before the
        // update: nothing is rated yet.
        let (table, accounts) = finished_game(&one, &[None, None], &[], abandoned(0, 1)).await;
        assert_eq!(
            one.unrated_finished(10).await.unwrap(),
            std::slice::from_ref(&table.id)
        );
        assert!(one.ratings(accounts[0]).await.unwrap().is_empty());
        // The next start (of either server, or both at once) rates it.
        let first = AppState::new(one.clone(), crate::Limits::default());
        let second = AppState::new(two.clone(), crate::Limits::default());
        let (a, b) = tokio::join!(first.resume(), second.resume());
        a.unwrap();
        b.unwrap();
        let (winner, games) = rating_of(&one, accounts[0], Mode::TwoPlayers).await;
        assert_eq!(games, 1);
        assert!(winner.mu > Rating::NEWCOMER.mu, "{winner:?}");
        let (loser, games) = rating_of(&one, accounts[1], Mode::TwoPlayers).await;
        assert_eq!(games, 1);
        assert!(loser.mu < Rating::NEWCOMER.mu, "{loser:?}");
        // Once: a later start changes nothing.
        AppState::new(two.clone(), crate::Limits::default())
            .resume()
            .await
            .unwrap();
        assert_eq!(
            rating_of(&two, accounts[0], Mode::TwoPlayers).await,
            (winner, 1)
        );
        assert_eq!(
            two.rating_changes(None, Some(&table.id), 10)
                .await
                .unwrap()
                .len(),
            2
        );
        assert!(two.unrated_finished(10).await.unwrap().is_empty());
        first.begin_shutdown();
        second.begin_shutdown();
    }

    async fn missed_updates_are_applied_a_batch_at_a_time(one: Store, two: Store) {
        let mut account = Vec::new();
        for _ in 0..3 {
            let (_, accounts) =
                finished_game(&one, &[None, Some(2)], &account, abandoned(1, 0)).await;
            account = accounts;
        }
        assert_eq!(rate_missed(&one, 10, 2).await.unwrap(), (2, true));
        assert_eq!(rating_of(&one, account[0], Mode::TwoPlayers).await.1, 2);
        assert_eq!(rate_missed(&two, 20, 2).await.unwrap(), (1, false));
        assert_eq!(rate_missed(&one, 30, 2).await.unwrap(), (0, false));
        let (rating, games) = rating_of(&two, account[0], Mode::TwoPlayers).await;
        assert_eq!(games, 3);
        assert!(rating.mu < Rating::NEWCOMER.mu, "{rating:?}");
    }

    async fn a_profile_counts_the_results_against_each_computer_level(one: Store, _two: Store) {
        // Won against level 2, lost to level 2; a team game against two
        // level 3 computers with a level 1 partner, won; and a game in play
        // against level 5, not counted.
        let (_, account) = finished_game(&one, &[None, Some(2)], &[], abandoned(0, 1)).await;
        finished_game(&one, &[Some(2), None], &account, abandoned(0, 1)).await;
        finished_game(
            &one,
            &[None, Some(3), Some(1), Some(3)],
            &account,
            json!({"winners": [0, 2], "abandoned": [1], "castles": [4, 2, 1, 0]}),
        )
        .await;
        rated_game(&one, &[None, Some(5)], &account).await;
        let rows = one
            .computer_games(account[0], COMPUTER_PAIRS)
            .await
            .unwrap();
        assert_eq!(
            against_computers(&rows),
            [
                LevelResults {
                    level: 2,
                    games: 2,
                    won: 1,
                    lost: 1
                },
                LevelResults {
                    level: 3,
                    games: 1,
                    won: 1,
                    lost: 0
                },
            ]
        );
    }

    async fn two_servers_ending_the_same_game_apply_its_update_once(one: Store, two: Store) {
        let (table, accounts) = rated_game(&one, &[None, Some(3)], &[]).await;
        let over = ended(
            &table,
            json!({"winners": [0], "castles": [9, 3], "rounds": 5}),
        );
        let (a, b) = tokio::join!(apply(&one, &over, 10), apply(&two, &over, 10));
        let applied = [a.unwrap(), b.unwrap()];
        assert_eq!(
            applied.iter().filter(|done| **done).count(),
            1,
            "{applied:?}"
        );
        // Again, later, from either: nothing.
        assert!(!apply(&two, &over, 20).await.unwrap());
        assert!(!apply(&one, &over, 20).await.unwrap());
        let (rating, games) = rating_of(&one, accounts[0], Mode::TwoPlayers).await;
        assert_eq!(games, 1);
        assert!(rating.mu > Rating::NEWCOMER.mu, "{rating:?}");
        let changes = two.rating_changes(None, Some(&table.id), 10).await.unwrap();
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].after, rating);
        assert_eq!(changes[0].before, Rating::NEWCOMER);
    }

    async fn rated_games_against_level_3_move_a_newcomer_toward_its_anchor(one: Store, two: Store) {
        let level3 = carolus_accounts::rating::anchor(Mode::TwoPlayers, 3).unwrap();
        // Level 3 stands above a newcomer: one who beats it rises toward
        // its anchor.
        assert!(level3.mu > Rating::NEWCOMER.mu);
        let (table, accounts) = rated_game(&one, &[Some(3), None], &[]).await;
        let over = ended(
            &table,
            json!({"winners": [1], "castles": [3, 9], "rounds": 5}),
        );
        assert!(apply(&one, &over, 10).await.unwrap());
        let (after, _) = rating_of(&two, accounts[0], Mode::TwoPlayers).await;
        assert!(
            after.mu > Rating::NEWCOMER.mu && after.mu < level3.mu + 3.0,
            "{after:?}"
        );
        assert!(after.sigma < Rating::NEWCOMER.sigma);
        // One who first wins four in a row, then wins and loses in turn,
        // comes back from far above to near it, from either server.
        let mut account = Vec::new();
        let mut high = None;
        for game in 0..34 {
            let (table, accounts) = rated_game(&one, &[None, Some(3)], &account).await;
            account = accounts;
            let winner = if game < 4 { 0 } else { game % 2 };
            let over = ended(&table, json!({"winners": [winner], "castles": [5, 5]}));
            let store = if game % 3 == 0 { &two } else { &one };
            assert!(apply(store, &over, 100 + game as i64).await.unwrap());
            if game == 3 {
                high = Some(rating_of(&one, account[0], Mode::TwoPlayers).await.0);
            }
        }
        let high = high.unwrap();
        let (rating, games) = rating_of(&one, account[0], Mode::TwoPlayers).await;
        assert_eq!(games, 34);
        assert!(high.mu - level3.mu > 4.0, "{high:?}");
        assert!(
            (rating.mu - level3.mu).abs() < 2.0,
            "{rating:?} from {high:?}"
        );
        assert!(!rating.is_provisional(), "{rating:?}");
    }

    async fn a_three_player_result_orders_the_changes(one: Store, _two: Store) {
        let (table, accounts) = rated_game(&one, &[None, None, None], &[]).await;
        let over = ended(
            &table,
            json!({"winners": [1], "castles": [4, 9, 6], "rounds": 5}),
        );
        assert!(apply(&one, &over, 10).await.unwrap());
        let mut mu = Vec::new();
        for account in &accounts {
            mu.push(rating_of(&one, *account, Mode::ThreePlayers).await.0.mu);
        }
        assert!(mu[1] > mu[2] && mu[2] > mu[0], "{mu:?}");
        let board = one.leaderboard(Mode::ThreePlayers, 10).await.unwrap();
        let names: Vec<&str> = board.iter().map(|leader| leader.name.as_str()).collect();
        assert_eq!(names.len(), 3);
        assert!(
            names[0].ends_with("p1") && names[2].ends_with("p0"),
            "{names:?}"
        );
        // A deleted account leaves the board.
        one.delete_account(accounts[1]).await.unwrap();
        let board = one.leaderboard(Mode::ThreePlayers, 10).await.unwrap();
        assert_eq!(board.len(), 2);
        assert!(board.iter().all(|leader| !leader.name.ends_with("p1")));
    }

    #[test]
    fn results_against_a_level_count_each_game_once_a_shared_win_as_neither_and_time_out_as_lost() {
        let row = |id: &str, mine, theirs, level, winners: Value| ComputerGame {
            id: id.to_owned(),
            teams: false,
            result: Some(json!({"winners": winners})),
            mine,
            theirs,
            level,
        };
        let rows = [
            // Two level-4 computers in one three-player game, one won.
            row("a", 0, 1, 4, json!([1])),
            row("a", 0, 2, 4, json!([1])),
            // A shared victory, and a game another seat won.
            row("b", 1, 0, 4, json!([0, 1])),
            row("c", 0, 2, 1, json!([1])),
            // My seat ran out of time, and the computer playing it won.
            ComputerGame {
                result: Some(json!({"winners": [0], "timed_out": [0]})),
                ..row("d", 0, 1, 5, json!([]))
            },
        ];
        assert_eq!(
            against_computers(&rows),
            [
                LevelResults {
                    level: 1,
                    games: 1,
                    won: 0,
                    lost: 0
                },
                LevelResults {
                    level: 4,
                    games: 2,
                    won: 0,
                    lost: 1
                },
                LevelResults {
                    level: 5,
                    games: 1,
                    won: 0,
                    lost: 1
                },
            ]
        );
    }

    #[test]
    fn places_follow_the_winners_then_the_castles() {
        let result = json!({"winners": [1], "castles": [4, 9, 4], "rounds": 7});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::Place(2), Finish::Place(1), Finish::Place(2)]
        );
        let result = json!({"winners": [2], "castles": [5, 3, 9], "rounds": 7});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::Place(2), Finish::Place(3), Finish::Place(1)]
        );
    }

    #[test]
    fn a_seat_that_timed_out_or_left_is_last_whatever_its_castles() {
        let result = json!({"winners": [0], "castles": [9, 2, 8], "timed_out": [0]});
        assert_eq!(
            finishes(&result, 3, false),
            [Finish::TimedOut, Finish::Place(2), Finish::Place(1)]
        );
        let result = json!({"winners": [], "abandoned": [1], "castles": [3, 9]});
        assert_eq!(
            finishes(&result, 2, false),
            [Finish::Place(1), Finish::Abandoned]
        );
    }

    #[test]
    fn a_team_game_places_both_partners_with_their_team() {
        let result = json!({"winners": [1, 3], "castles": [9, 2, 8, 1]});
        assert_eq!(
            finishes(&result, 4, true),
            [
                Finish::Place(2),
                Finish::Place(1),
                Finish::Place(2),
                Finish::Place(1)
            ]
        );
    }

    #[test]
    fn three_players_are_rated_in_the_order_of_the_result() {
        let result = json!({"winners": [2], "castles": [5, 3, 9]});
        let places = finishes(&result, 3, false);
        let before: Vec<(usize, i64, Rating)> = (0..3)
            .map(|seat| (seat, seat as i64 + 1, Rating::NEWCOMER))
            .collect();
        let after = rate(Mode::ThreePlayers, &[None, None, None], &places, &before).unwrap();
        let mu = |seat: usize| after.iter().find(|(s, _)| *s == seat).unwrap().1.mu;
        assert!(mu(2) > mu(0) && mu(0) > mu(1), "{after:?}");
    }

    #[test]
    fn a_computer_seat_is_not_rated_and_a_team_game_maps_its_seats() {
        let result = json!({"winners": [0, 2], "castles": [9, 2, 8, 1]});
        let places = finishes(&result, 4, true);
        let before = [(0, 1, Rating::NEWCOMER), (1, 2, Rating::NEWCOMER)];
        let after = rate(
            Mode::Teams,
            &[None, None, Some(3), Some(3)],
            &places,
            &before,
        )
        .unwrap();
        assert_eq!(after.len(), 2);
        assert!(after[0].1.mu > 25.0 && after[1].1.mu < 25.0, "{after:?}");
    }
}
