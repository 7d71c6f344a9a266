"""Build Malilla positions from chosen cards, for scenario tests, through :func:`cardrules.malilla.position`."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from cardrules import ConfigError, malilla
from cardrules.malilla import DECK, SUIT_OF, Card, Game, State, Trick, legal_cards, trick_winner
from cardrules.malilla._rules import ruled_out

#: The seed that deals the cards a scenario does not name.
SEED = 12345


def cards(text: str) -> tuple[Card, ...]:
    """``cards("7s Ah 2c")``."""
    return tuple(Card.parse(t) for t in text.split())


def _filler(
    rng: random.Random,
    *,
    pool: list[Card],
    count: int,
    dealer: int,
    winner: int,
    trump_card: Card,
    avoid: set[int],
    lead_first: str,
    later: list[set[Card]],
    void_must_beat: bool,
    kept: set[Card],
) -> list[tuple[Card, ...]] | None:
    """``count`` tricks played by the rules from a deal of ``pool`` around what each seat holds
    ``later``, each play one of the seat's two lowest legal cards of the deal, that leave ``winner``
    to lead; ``None`` when this deal does not (a suit of ``avoid`` led, one of ``lead_first`` not,
    a seat left to play only what it holds later, or another seat to lead)."""
    trump = SUIT_OF[trump_card]
    sizes = [10 - count - len(held) for held in later]
    cards = rng.sample(pool, len(pool))
    hands = [list(held) for held in later]
    own: list[set[Card]] = [set() for _ in range(4)]
    if trump_card not in set().union(*later):
        if sizes[dealer] < 1:
            return None
        hands[dealer].append(trump_card)
        own[dealer].add(trump_card)
        sizes[dealer] -= 1
    for seat in range(4):
        dealt = [cards.pop() for _ in range(count + sizes[seat])]
        hands[seat].extend(dealt)
        own[seat].update(dealt)
    tricks: list[Trick] = []
    leader = (dealer + 1) % 4
    for _ in range(count):
        trick: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = legal_cards(tuple(sorted(hands[seat])), trick, trump, tricks, void_must_beat)
            mine = sorted(
                (c for c in legal if c in own[seat] and c not in kept), key=lambda c: c.rank.strength
            )
            if i == 0:
                mine = [c for c in mine if SUIT_OF[c] not in avoid]
            if not mine:
                return None
            card = rng.choice(mine[:2])
            hands[seat].remove(card)
            trick.append(card)
        won = (leader + trick_winner(trick, trump)) % 4
        tricks.append(Trick(leader, tuple(trick), won))
        leader = won
    if leader != winner or not {"shdc".index(x) for x in lead_first} <= {SUIT_OF[t.cards[0]] for t in tricks}:
        return None
    return [t.cards for t in tricks]


def position(
    hands: Sequence[str],
    *,
    trump: str,
    leader: int = 0,
    dealer: int | None = None,
    trick: str = "",
    tricks: Sequence[Trick] = (),
    scores: tuple[int, int] | None = None,
    held_bonus: bool | None = None,
    game: Game | None = None,
    lead_first: str = "",
    keep: str = "",
) -> State:
    """A mid-hand state, built by :func:`cardrules.malilla.position`, so one a match reaches.

    ``hands[s]`` is seat s's hand (all of it for the seat to play; ``""`` leaves it to the seed),
    ``trick`` the cards played so far from ``leader``, ``tricks`` this hand's completed tricks as the
    rules play them.  The tricks before those, as many as the hands' sizes leave, are played by the
    rules from a seeded deal of the cards no scenario names: never a card of ``keep``, never a lead
    of a suit whose unled state a named 7 depends on, leading each suit of ``lead_first``, and
    leaving the turn to the scenario's leader.  The dealer (a seat of the deal when not given)
    holds the trump or plays it; ``scores`` and ``held_bonus`` are those of ``malilla.position``."""
    game = game or Game()
    named = [cards(h) for h in hands]
    current = cards(trick)
    played_now = [(leader + i) % 4 for i in range(len(current))]
    sizes = [len(named[s]) + played_now.count(s) for s in range(4) if named[s]]
    left_to_play = max(sizes) if sizes else 10 - len(tricks)
    count = 10 - len(tricks) - left_to_play
    trump_card = Card.parse(trump)
    used = {c for h in named for c in h} | set(current) | {c for t in tricks for c in t.cards}
    later = [set(h) for h in named]
    for done in (*tricks, Trick(leader, current, -1)):
        for i, card in enumerate(done.cards):
            later[(done.leader + i) % 4].add(card)
    pool = [c for c in DECK if c not in used and c != trump_card]
    kept = set(cards(keep))
    sevens = {SUIT_OF[c] for c in used if c.rank.value == "7"} - {SUIT_OF[trump_card]}
    led = {SUIT_OF[t.cards[0]] for t in tricks} | ({SUIT_OF[current[0]]} if current else set())
    first = tricks[0].leader if tricks else leader
    rng = random.Random(SEED)
    problem: ConfigError | None = None
    for _ in range(5000):
        seat = rng.randrange(4) if dealer is None else dealer
        filler = _filler(
            rng,
            pool=pool,
            count=count,
            dealer=seat,
            winner=first,
            trump_card=trump_card,
            avoid=sevens - led - {"shdc".index(x) for x in lead_first},
            lead_first=lead_first,
            later=later,
            void_must_beat=game.must_beat == "any_card",
            kept=kept,
        )
        if filler is None:
            continue
        try:
            state = malilla.position(
                game,
                hands={s: h for s, h in enumerate(named) if h},
                dealer=seat,
                trump=trump_card,
                tricks=[*filler, *(t.cards for t in tricks)],
                trick=current,
                scores=scores,
                held_bonus=held_bonus,
                seed=SEED,
            )
        except ConfigError as exc:
            problem = exc
            continue
        break
    else:
        raise AssertionError(f"no deal plays to this position: {problem}")
    assert state.leader == leader, f"the scenario's trick is led by seat {state.leader}, not {leader}"
    assert [t.winner for t in state.tricks[count:]] == [t.winner for t in tricks], "a named trick's winner"
    return state


def playable(state: State) -> set[str]:
    """The legal cards of the seat to play, as ASCII text."""
    return {m.card.to_json() for m in state.legal_moves()}


def play_out(state: State) -> State:
    """Play the only legal card of each seat until the hand is over."""
    hand = state.hand_number
    while state.outcome is None and state.hand_number == hand:
        (move,) = state.legal_moves()
        state = state.apply(move)
    return state


def with_new_bonus(state: State, scores: tuple[int, int]) -> tuple[int, int]:
    """``scores`` plus the dealer's bonus of the hand just dealt in ``state``."""
    bonus = state.trump.points if state.held_bonus == 0 else 0
    side = state.dealer % 2
    return (scores[0] + bonus, scores[1]) if side == 0 else (scores[0], scores[1] + bonus)


def _plays_legally(
    order: Sequence[Card], leader: int, trump: int, void_must_beat: bool, later: Sequence[set[Card]]
) -> bool:
    """Whether each play of ``order`` from ``leader`` is legal for a seat that holds ``later[seat]``
    after it: nothing its play shows it lacks, and no 7 of a side suit played off suit."""
    led = SUIT_OF[order[0]]
    for i in range(1, 4):
        card = order[i]
        if card.rank.value == "7" and SUIT_OF[card] not in (led, trump):
            return False
        if set(ruled_out(order[:i], card, trump, 0b1111, void_must_beat)) & later[(leader + i) % 4]:
            return False
    return True


def last_trick(
    won: Sequence[tuple[str, int]],
    final: Sequence[str],
    *,
    leader: int,
    trump: str | None = None,
    dealer: int = 3,
    scores: tuple[int, int] | None = None,
    held_bonus: bool | None = None,
    game: Game | None = None,
) -> State:
    """Nine completed tricks ``(cards, winner)`` in order of play, and one card left in each hand
    (``final[seat]``), the last trick led by ``leader``.

    Each trick's cards are played in an order the rules allow that gives it to ``winner``, the dealer
    playing the trump.  ``trump`` not named is the first card of no points the dealer can play."""
    game = game or Game()
    final_cards = [Card.parse(c) for c in final]
    choices = [Card.parse(trump)] if trump else [c for t, _ in won for c in cards(t) if c.points == 0]
    problem: Exception | None = None
    for trump_card in choices:
        try:
            tricks = _ordered(won, final_cards, dealer, trump_card, game.must_beat == "any_card")
            state = malilla.position(
                game,
                hands=[[c] for c in final_cards],
                dealer=dealer,
                trump=trump_card,
                tricks=tricks,
                scores=scores,
                held_bonus=held_bonus,
                seed=SEED,
            )
        except (ConfigError, ValueError) as exc:
            problem = exc
            continue
        assert state.leader == leader, f"the last trick is led by seat {state.leader}, not {leader}"
        return state
    raise AssertionError(f"no order of play reaches these tricks: {problem}")


def _ordered(
    won: Sequence[tuple[str, int]], final: Sequence[Card], dealer: int, trump_card: Card, void_must_beat: bool
) -> list[tuple[Card, ...]]:
    """The tricks' cards in an order of play, found from the last trick back (what each seat plays
    later is then known): ``ValueError`` when a trick has none."""
    trump = SUIT_OF[trump_card]
    leaders = [(dealer + 1) % 4, *(winner for _, winner in won[:-1])]
    later = [{card} for card in final]
    orders: list[tuple[Card, ...]] = []
    for (text, winner), leader in reversed(list(zip(won, leaders, strict=True))):
        found = None
        for order in itertools.permutations(cards(text)):
            if (leader + trick_winner(order, trump)) % 4 != winner:
                continue
            if trump_card in order and (leader + order.index(trump_card)) % 4 != dealer:
                continue
            if _plays_legally(order, leader, trump, void_must_beat, later):
                found = order
                break
        if found is None:
            raise ValueError(f"no legal order of {text} won by seat {winner}")
        for i, card in enumerate(found):
            later[(leader + i) % 4].add(card)
        orders.insert(0, found)
    return orders
