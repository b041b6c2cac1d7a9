//! The game's state machine under both first-move settings, with injected durations.

use super::clock::FirstMove;
use super::*;
use crate::referee::spec::TimeControl;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn clock_limits(base_ms: u64, inc_ms: u64) -> MoveLimits {
    MoveLimits {
        clock: Some(TimeControl { base_ms, inc_ms }),
        margin_ms: Some(100),
        ..MoveLimits::default()
    }
}

fn duel(limits: MoveLimits, first_move: FirstMove) -> Duel {
    let labels = ["p1".to_string(), "p2".to_string()];
    Duel::new(labels, [limits.clone(), limits], first_move)
}

fn reply(mv: Option<&str>, taken: Duration) -> Reply {
    Reply {
        mv: mv.map(str::to_string),
        taken,
        score: None,
        depth: None,
    }
}

fn legal(_: &str) -> Result<(), String> {
    Ok(())
}

#[test]
fn a_match_times_the_first_move_in_its_go_lines_and_deadlines() {
    let mut game = duel(clock_limits(1000, 50), FirstMove::Timed);
    let first = game.go(Seat::P1);
    assert_eq!(
        (first.p1_time, first.p1_inc, first.p2_time, first.p2_inc),
        (Some(1000), Some(50), Some(1000), Some(50))
    );
    assert_eq!(
        game.deadline(Seat::P1),
        Deadline {
            timed: true,
            ms: 1100
        }
    );
    assert!(
        game.engine_moved(Seat::P1, &reply(Some("4"), ms(300)), legal)
            .is_ok()
    );
    assert_eq!(game.go(Seat::P2).p1_time, Some(750));
    assert_eq!(game.deadline(Seat::P1).ms, 850);
    assert!(game.has_moved(Seat::P1) && !game.has_moved(Seat::P2));
}

#[test]
fn a_person_s_game_leaves_each_side_s_first_move_off_the_clock() {
    let mut game = duel(clock_limits(1000, 50), FirstMove::Untimed);
    assert!(
        game.engine_moved(Seat::P1, &reply(Some("4"), ms(5000)), legal)
            .is_ok()
    );
    game.moved(Seat::P2, ms(9000));
    assert_eq!(game.go(Seat::P1).p1_time, Some(1000));
    assert_eq!(game.go(Seat::P1).p2_time, Some(1000));
    // A person's clock runs from their second move on: past zero it flags.
    assert_eq!(game.flag(Seat::P1, ms(1000)), None);
    let end = game.flag(Seat::P1, ms(1001)).cloned();
    assert_eq!(
        end.map(|e| (e.result, e.termination, e.reason)),
        Some((
            Some(GameResult::P2Win),
            Some(Termination::TimeForfeit),
            "p1 lost on time".to_string()
        ))
    );
}

#[test]
fn a_person_s_first_move_never_flags() {
    let mut game = duel(clock_limits(200, 0), FirstMove::Untimed);
    assert_eq!(game.flag(Seat::P1, ms(60_000)), None);
    assert!(game.ended().is_none());
}

#[test]
fn running_past_the_deadline_is_a_time_forfeit_when_timed_and_a_stall_otherwise() {
    let mut timed = duel(clock_limits(1000, 0), FirstMove::Timed);
    let end = timed.fault(Seat::P2, Fault::Stalled(String::new()), true);
    assert_eq!(end.termination, Some(Termination::TimeForfeit));
    assert_eq!(end.reason, "p2 lost on time: no bestmove within 1100 ms");
    assert_eq!(end.result, Some(GameResult::P1Win));
    let movetime = MoveLimits {
        move_time_ms: Some(50),
        margin_ms: Some(100),
        ..MoveLimits::default()
    };
    let game = duel(movetime, FirstMove::Timed);
    assert_eq!(game.deadline(Seat::P1).ms, 150);
    assert_eq!(game.go(Seat::P1).move_time, Some(50));
    assert_eq!(game.go(Seat::P1).p1_time, None);
    let depth = MoveLimits {
        depth: Some(3),
        hard_ms: Some(2000),
        ..MoveLimits::default()
    };
    let mut untimed = duel(depth, FirstMove::Timed);
    assert_eq!(
        untimed.deadline(Seat::P1),
        Deadline {
            timed: false,
            ms: 2000
        }
    );
    let end = untimed.fault(Seat::P1, Fault::Stalled(String::new()), true);
    assert_eq!(end.termination, Some(Termination::Stalled));
    assert_eq!(end.reason, "p1 stalled: no bestmove within 2000 ms");
}

#[test]
fn a_fault_loses_and_the_first_ending_stands() {
    let mut game = duel(clock_limits(1000, 0), FirstMove::Timed);
    let illegal = |_: &str| Err("no such column".to_string());
    let end = game
        .engine_moved(Seat::P2, &reply(Some("9"), ms(1)), illegal)
        .map_err(Ending::clone);
    assert_eq!(
        end.map_err(|e| (e.termination, e.reason)),
        Err((
            Some(Termination::IllegalMove),
            "p2 played illegal move '9': no such column".to_string()
        ))
    );
    game.fault(Seat::P1, Fault::Crash("exit 1".to_string()), true);
    game.resign(Seat::P1);
    assert_eq!(
        game.ended().map(|e| e.result),
        Some(Some(GameResult::P1Win))
    );
    let mut bare = duel(clock_limits(1000, 0), FirstMove::Timed);
    let end = bare
        .engine_moved(Seat::P1, &reply(None, ms(1)), legal)
        .map_err(Ending::clone);
    assert_eq!(
        end.map_err(|e| (e.termination, e.reason)),
        Err((
            Some(Termination::ProtocolError),
            "p1 protocol error: bestmove without a move".to_string()
        ))
    );
}

#[test]
fn resignation_agreement_and_abort() {
    let mut game = duel(MoveLimits::default(), FirstMove::Untimed);
    let end = game.resign(Seat::P2);
    assert_eq!(
        (end.result_text(), end.termination, end.reason.as_str()),
        (
            "1-0".to_string(),
            Some(Termination::Resignation),
            "p2 resigned"
        )
    );
    let mut game = duel(MoveLimits::default(), FirstMove::Untimed);
    let end = game.agree_draw("draw agreed".to_string());
    assert_eq!(
        (end.result_text(), end.termination),
        ("1/2-1/2".to_string(), Some(Termination::Agreement))
    );
    let mut game = duel(MoveLimits::default(), FirstMove::Untimed);
    game.moved(Seat::P1, ms(10));
    assert!(game.abortable());
    let end = game.abort().cloned();
    assert_eq!(
        end.map(|e| (e.result_text(), e.termination)),
        Ok(("*".to_string(), None))
    );
    let mut game = duel(MoveLimits::default(), FirstMove::Untimed);
    game.moved(Seat::P1, ms(10));
    game.moved(Seat::P2, ms(10));
    assert!(!game.abortable());
    assert!(game.abort().is_err());
    assert!(game.ended().is_none());
}

#[test]
fn a_draw_offer_is_searched_for_a_share_of_the_clock() {
    let game = duel(clock_limits(3000, 20), FirstMove::Untimed);
    let (go, deadline) = game.draw_search(Seat::P2);
    assert_eq!(go.move_time, Some(120));
    assert_eq!((go.p1_time, go.p2_time), (None, None));
    assert_eq!(
        deadline,
        Deadline {
            timed: true,
            ms: 220
        }
    );
    assert!(accepts_draw(Some(Reported::Centipawns(0))));
    assert!(accepts_draw(Some(Reported::Mate(-2))));
    assert!(!accepts_draw(Some(Reported::Centipawns(1))));
    assert!(!accepts_draw(None));
}
