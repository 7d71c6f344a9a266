"""What each field of the dicts games write means: the ``description`` of each property in the JSON Schemas.

The fields are those of the attrs classes that :func:`cardrules.schema` walks.
Each is named ``game.Class.field`` (``Outcome.field`` for the shared
:class:`~cardrules.Outcome`); a field not named here takes the first pattern
of :data:`_PATTERNS` that matches ``game.module.Class.field``.  A role marks
the numbers a schema bounds: ``"seat"`` (from 0 to the largest table's last
seat) or ``"count"`` (never negative).  A test checks that every property of
every schema has a description, so a new field needs a line here.
"""

from __future__ import annotations

import fnmatch
from typing import Literal

__all__ = ["Role", "field_doc"]

#: How a schema bounds the integers of a field: a seat number, a count, or not at all.
Role = Literal["seat", "count"] | None

_OUTCOME = "How the match ended; null while it goes on."
_GAME = "The game and its options (Game.to_dict()'s data)."
_RNG = "The state of the match's random generator: what every later draw and shuffle follows from."
_VIEW_SEAT = "The seat whose view this is."
_CURRENT = "The seat to decide now; null once the match is over."

#: ``game.Class.field`` -> (description, role).
_FIELDS: dict[str, tuple[str, Role]] = {
    # Shared
    "Outcome.winners": (
        "The seats that won: never empty; a partnership, a team or a cooperative table is several seats.",
        "seat",
    ),
    "Outcome.scores": ("One final number per seat, in the rulebook's own units (points, HP, ...).", None),
    "Outcome.reason": ("How the match ended, in words.", None),
    # Malilla
    "malilla.Game.target": ("The points a partnership needs to win the match (the rulebook's 35).", None),
    "malilla.Game.irregularities": (
        '"reject" refuses illegal plays; "lose_game" accepts any card in hand and ends the match on a foul, '
        "lost by the fouling partnership.",
        None,
    ),
    "malilla.Game.must_beat": (
        'How far "you must beat it if it would be legal for you to do so" reaches (ruling 4): "any_card" obliges '
        'a void seat to trump or over-trump an opponent\'s winning card; "led_suit" only a seat that follows suit.',
        None,
    ),
    "malilla.Move.card": ("The card played to the trick.", None),
    "malilla.HandResult.dealer": ("The seat that dealt the hand.", "seat"),
    "malilla.HandResult.trump": ("The dealer's face-up card, which set trumps.", None),
    "malilla.HandResult.collected": (
        "Each side's points collected in the hand: side 0 is seats 0 and 2, side 1 seats 1 and 3.",
        "count",
    ),
    "malilla.HandResult.scored": (
        "What each side added to its match score at the end of the hand, a held dealer's bonus included.",
        None,
    ),
    "malilla.HandResult.capote": (
        "Whether one side took every trick (a capote, which wins the match).",
        None,
    ),
    "malilla.Trick.leader": ("The seat that led the trick.", "seat"),
    "malilla.Trick.cards": ("The cards of the trick in order of play, the leader's first.", None),
    "malilla.Trick.winner": ("The seat that won the trick.", "seat"),
    "malilla.Board.hand_number": ("The hand being played: 1 for the first deal of the match.", "count"),
    "malilla.Board.dealer": ("The seat that dealt this hand.", "seat"),
    "malilla.Board.trump": ("The dealer's face-up card: its suit is trumps this hand.", None),
    "malilla.State.hands": ("Each seat's hand, in deck order (suit by suit, the 7 first).", None),
    "malilla.State.leader": ("The seat that led the trick in progress.", "seat"),
    "malilla.State.trick": ("The cards of the trick in progress, in order of play from the leader.", None),
    "malilla.State.tricks": ("The completed tricks of this hand.", None),
    "malilla.Board.scores": (
        "The match scores of side 0 (seats 0 and 2) and side 1 (seats 1 and 3).",
        None,
    ),
    "malilla.Board.held_bonus": (
        "The dealer's bonus held in abeyance (it would have won the match): scored after this hand's results.",
        "count",
    ),
    "malilla.Board.last_hand": ("How the last finished hand was scored; null during the first hand.", None),
    "malilla.View.hand": ("This seat's cards, in deck order.", None),
    "malilla.Turn.trump_with_dealer": ("Whether the dealer still holds the face-up trump card.", None),
    "malilla.View.hand_sizes": ("How many cards each seat holds, seat by seat.", "count"),
    "malilla.View.leader": ("The seat that led the trick in progress.", "seat"),
    "malilla.View.trick": ("The cards of the trick in progress, in order of play from the leader.", None),
    "malilla.View.tricks": ("The completed tricks of this hand.", None),
    # Mala Suerte
    "mala_suerte.Game.players": ("The number of seats, 2 to 6.", "count"),
    "mala_suerte.Game.mulligan": (
        "Whether every seat is offered, once, the setup's optional return of 1 to 6 cards.",
        None,
    ),
    "mala_suerte.Game.backs": (
        'What a card\'s back shows (ruling 2): "coloured", its colour (the colours of every hand are public); '
        '"plain", nothing (a card taken from a hand is a blind pick).',
        None,
    ),
    "mala_suerte.Game.deck": (
        'The cards of the match: "full", the rulebook\'s 42; "mini", the five-card two-seat variant that '
        "OpenSpiel's CFR solves (hands of two; not the rulebook's game).",
        None,
    ),
    "mala_suerte.Knowledge.hands": (
        "For each seat, cards this seat knows it holds (its own entry is empty).",
        None,
    ),
    "mala_suerte.Knowledge.deck_top": (
        "The card this seat knows lies i cards below the top of the deck (i from 0), or null.",
        None,
    ),
    "mala_suerte.Knowledge.deck": (
        "Cards this seat knows are somewhere in the deck, apart from deck_top's.",
        None,
    ),
    "mala_suerte.Mulligan.card": ("The card the seat adds to those it will return to the deck.", None),
    "mala_suerte.NameColour.colour": ("The colour the next seat must play.", None),
    "mala_suerte.Play.card": ("The card played from the hand onto the seat's own pile.", None),
    "mala_suerte.Return.card": ("The card put from the hand on top of the deck.", None),
    "mala_suerte.Swap.target": ("The seat given a card, and taken one from.", "seat"),
    "mala_suerte.Swap.give": ("The card given; null when the hand is empty (ruling 15).", None),
    "mala_suerte.Swap.take": (
        "The colour taken with coloured backs; null with plain backs (a blind pick).",
        None,
    ),
    "mala_suerte.Take.source": ("The seat whose hand the card is taken from.", "seat"),
    "mala_suerte.Take.colour": ("The colour of the card taken (coloured backs only).", None),
    "mala_suerte.Curse.seat": (
        "The seat that must play a card of the colour on its next turn, if it holds one.",
        "seat",
    ),
    "mala_suerte.Curse.colour": ("The colour Evil Eye named.", None),
    "mala_suerte.Event.kind": ("What happened.", None),
    "mala_suerte.Event.seat": ("The seat that did it; null only for a shuffle.", "seat"),
    "mala_suerte.Event.other": ("The other seat involved, if any.", "seat"),
    "mala_suerte.Event.cards": (
        "The cards involved; empty in the view of a seat that did not see cards of a private kind.",
        None,
    ),
    "mala_suerte.Event.colours": ("The colours of the cards involved, when the backs show them.", None),
    "mala_suerte.Event.count": ("A number of cards (or 1 if the horseshoe now points clockwise).", "count"),
    "mala_suerte.Board.discard": ("The common discard, from the bottom card to the top one.", None),
    "mala_suerte.Board.alive": ("For each seat, whether it is still in.", None),
    "mala_suerte.Board.clockwise": ("The horseshoe token: whether play goes clockwise.", None),
    "mala_suerte.Board.curse": ("Evil Eye's pending obligation, if any.", None),
    "mala_suerte.Board.stolen": ("The colour a Crows took, while the counter-steal waits.", None),
    "mala_suerte.Board.voids": ("(seat, colour) pairs: seats known to hold no card of a colour.", None),
    "mala_suerte.Board.one_colour": (
        "(seat, witness, colour): a seat whose whole hand is known to be of one colour (plain backs), "
        "which the witness it stole from saw.",
        None,
    ),
    "mala_suerte.State.hands": ("Each seat's hand, sorted.", None),
    "mala_suerte.State.piles": ("Each seat's pile, from the bottom card to the top one.", None),
    "mala_suerte.State.deck": ("The deck, from the top card down.", None),
    "mala_suerte.State.deck_colours": (
        "The colours of the top cards of the deck that every seat has seen (coloured backs).",
        None,
    ),
    "mala_suerte.State.turn": ("The seat whose turn it is; null during the setup's mulligan.", "seat"),
    "mala_suerte.State.step": ("How far the turn has gone: what the deciding seat may do.", None),
    "mala_suerte.State.knowledge": ("What each seat learned privately.", None),
    "mala_suerte.State.last_turn": ("The events of the previous turn.", None),
    "mala_suerte.State.this_turn": ("The events of the current turn so far.", None),
    "mala_suerte.State.returns": ("The mulligan commitments made so far, seat by seat.", None),
    "mala_suerte.State.aside": ("The cards the deciding seat has set aside to return at the mulligan.", None),
    "mala_suerte.View.hand": ("This seat's cards, sorted.", None),
    "mala_suerte.View.hand_sizes": ("How many cards each seat holds.", "count"),
    "mala_suerte.View.hand_colours": (
        "For each seat, how many red, yellow and blue cards it holds (coloured backs; zeros with plain backs).",
        "count",
    ),
    "mala_suerte.View.piles": ("Each seat's pile, from the bottom card to the top one.", None),
    "mala_suerte.View.discard": ("The common discard, from the bottom card to the top one.", None),
    "mala_suerte.View.deck_size": ("How many cards the deck holds.", "count"),
    "mala_suerte.View.deck_colours": (
        "The colours of the top cards of the deck that every seat has seen (coloured backs).",
        None,
    ),
    "mala_suerte.View.alive": ("For each seat, whether it is still in.", None),
    "mala_suerte.View.clockwise": ("The horseshoe token: whether play goes clockwise.", None),
    "mala_suerte.View.turn": ("The seat whose turn it is; null during the setup's mulligan.", "seat"),
    "mala_suerte.View.step": ("How far the turn has gone: what the deciding seat may do.", None),
    "mala_suerte.View.curse": ("Evil Eye's pending obligation, if any.", None),
    "mala_suerte.View.stolen": ("The colour a Crows took, while the counter-steal waits.", None),
    "mala_suerte.View.decided": (
        "How many seats have made their mulligan decision (0 once play has begun).",
        "count",
    ),
    "mala_suerte.View.returning": (
        "This seat's own mulligan commitment, or the cards it has set aside so far, while the setup lasts; "
        "null otherwise.",
        None,
    ),
    "mala_suerte.View.voids": (
        "(seat, colour) pairs: seats that showed they hold no card of a colour.",
        None,
    ),
    "mala_suerte.View.one_colour": (
        "(seat, witness, colour): a seat whose Crows got no counter-steal showed its whole hand is of one "
        "colour; colour is null unless this seat is that seat or the witness it stole from.",
        None,
    ),
    "mala_suerte.View.knowledge": (
        "What this seat learned privately: cards it gave, took or put on the deck.",
        None,
    ),
    "mala_suerte.View.last_turn": ("The events of the previous turn, as this seat saw them.", None),
    "mala_suerte.View.this_turn": ("The events of the current turn so far, as this seat saw them.", None),
    # Magyar népmesék
    "magyar_nepmesek.Game.players": ("The number of seats, 2 to 6.", "count"),
    "magyar_nepmesek.Game.variant": (
        '"starter" plays without action cards; "advanced" adds the 34 action cards and the advanced discards; '
        '"mini", the two-seat small variant: the starter rules with hands of two from the four-card mini deck.',
        None,
    ),
    "magyar_nepmesek.Game.fifth_edition": ("Whether the ten 5th-edition cards are in the deck.", None),
    "magyar_nepmesek.Game.deck": ("The card data: every kind of card, its name, count and numbers.", None),
    "magyar_nepmesek.Game.lazy_girl_on_village": (
        'A Lazy Girl lying on a Village at the end: "removed" from the scoring, or "returns" to the hand, '
        "worth -2 (ruling 32).",
        None,
    ),
    "magyar_nepmesek.Game.village_extra_actions": (
        '"own_turn": a Village\'s owner may use its card in the extra actions on its own turn; "never": the '
        "extra actions use the hand alone (ruling 15).",
        None,
    ),
    "magyar_nepmesek.Deck.name": ("The deck's name, for people.", None),
    "magyar_nepmesek.Deck.about": ("Where the deck's numbers come from.", None),
    "magyar_nepmesek.Deck.kinds": (
        "Every kind of card: a card in a hand, pile or move is written by its kind's id.",
        None,
    ),
    "magyar_nepmesek.CardKind.id": ("The kind's id: how cards of this kind are written everywhere.", None),
    "magyar_nepmesek.CardKind.name": ("The kind's name as printed on the card: how to show it.", None),
    "magyar_nepmesek.CardKind.category": (
        "What the card is; the rules look at this, never at its name.",
        None,
    ),
    "magyar_nepmesek.CardKind.value": (
        "The face value: +1 to +4, a purple card's negative value, a dual card's magnitude, the Palace's 5, "
        "the Lazy Girl's -2; 0 otherwise.",
        None,
    ),
    "magyar_nepmesek.CardKind.count": ("How many identical copies of the kind the deck holds.", "count"),
    "magyar_nepmesek.CardKind.picture": ("The picture, which a matching discard compares.", None),
    "magyar_nepmesek.CardKind.amount": (
        "The number printed on Draw cards and Make-a-player-discard cards; 0 otherwise.",
        "count",
    ),
    "magyar_nepmesek.CardKind.scope": (
        "Whom an action card hits: one chosen opponent, or every opponent.",
        None,
    ),
    "magyar_nepmesek.CardKind.chosen": (
        "Which of the kind's numbers are chosen defaults rather than the rulebook's, and why ('' if none).",
        None,
    ),
    "magyar_nepmesek.Meld.kind": ("What the laid-down set is.", None),
    "magyar_nepmesek.Meld.cards": ("The cards laid, by kind id.", None),
    "magyar_nepmesek.Meld.stands": ("The value each card stands for (a joker's declared value).", None),
    "magyar_nepmesek.Meld.points": ("What each card scores.", None),
    "magyar_nepmesek.Meld.bonus": (
        "The Palace's +5 for a complete 1-5 row without a joker; 0 otherwise.",
        "count",
    ),
    "magyar_nepmesek.AddToGroup.meld": (
        "The number of the seat's own laid group the card is added to.",
        "count",
    ),
    "magyar_nepmesek.AddToGroup.card": ("The identical card added, by kind id.", None),
    "magyar_nepmesek.Discard.cards": ("The cards discarded, by kind id.", None),
    "magyar_nepmesek.Give.cards": ("The cards given (at most 2), by kind id.", None),
    "magyar_nepmesek.Lay.cards": ("The cards laid down, by kind id.", None),
    "magyar_nepmesek.Lay.values": ("What each card counts as (a joker's declared value).", None),
    "magyar_nepmesek.MatchDiscard.cards": (
        "The cards discarded, by kind id: their picture matches the top of the discard pile.",
        None,
    ),
    "magyar_nepmesek.Play.card": ("The action card played, by kind id.", None),
    "magyar_nepmesek.Play.target": (
        "The chosen opponent; null for cards that choose none or hit all opponents.",
        "seat",
    ),
    "magyar_nepmesek.Play.count": ('How many cards to take or make discard ("up to").', "count"),
    "magyar_nepmesek.Play.meld": (
        "The meld of the laid card that Take back a card or the Hussar aims at; -1 for other cards.",
        None,
    ),
    "magyar_nepmesek.Play.position": (
        "The position in that meld of the laid card that Take back a card or the Hussar aims at; -1 for other "
        "cards.",
        None,
    ),
    "magyar_nepmesek.Store.card": ("The card laid face down on an empty Village, by kind id.", None),
    "magyar_nepmesek.Swap.village": ("The number of the Village whose card is exchanged.", "count"),
    "magyar_nepmesek.Swap.card": ("The card from the hand put on the Village, by kind id.", None),
    "magyar_nepmesek.Giving.receiver": ("The seat the cards go to.", "seat"),
    "magyar_nepmesek.Giving.limit": ("The most cards the seat may give.", "count"),
    "magyar_nepmesek.React.action": ("The action card played, which the seats may Shield or reflect.", None),
    "magyar_nepmesek.React.queue": ("The affected seats still to be asked, in order.", "seat"),
    "magyar_nepmesek.React.shielded": ("The seats the action no longer affects.", "seat"),
    "magyar_nepmesek.React.reflected": ("The seats whose share was reflected onto the actor.", "seat"),
    "magyar_nepmesek.React.actor_turn": (
        "Whether the actor is deciding whether to Shield the reflections.",
        None,
    ),
    "magyar_nepmesek.React.unable": (
        "The affected seats passed over because they hold neither a Shield nor a Magic Mirror.",
        "seat",
    ),
    "magyar_nepmesek.Refill.extra": (
        "Whether the action was an extra action that used a Village card (ruling 38).",
        None,
    ),
    "magyar_nepmesek.Window.queue": ("The seats still to be asked after this one, in order.", "seat"),
    "magyar_nepmesek.Window.unable": (
        "The seats this window passed over because they hold no card that lets them act.",
        "seat",
    ),
    "magyar_nepmesek.Board.villages": (
        "For each seat, one slot per Village in front of it: the face-down card on it, or null.",
        None,
    ),
    "magyar_nepmesek.Board.known": (
        "known[o][s]: the cards seat o is sure seat s holds (from a Midnight, a Crystal Ball, cards given "
        "or taken).",
        None,
    ),
    "magyar_nepmesek.Tableau.village_cards": ("For each seat, the Village cards in front of it.", None),
    "magyar_nepmesek.Tableau.zones": (
        "The sizes of the draw pile's three thirds as stacked at setup, top third first.",
        "count",
    ),
    "magyar_nepmesek.Tableau.melds": ("For each seat, the cards laid in front of it.", None),
    "magyar_nepmesek.Tableau.skips": (
        "For each seat, whether it misses its next turn (the Lazy Girl).",
        None,
    ),
    "magyar_nepmesek.Tableau.final": (
        "0 before the last card is drawn, 1 during the final round, 2 once the last drawer's closing turn "
        "has begun.",
        "count",
    ),
    "magyar_nepmesek.Tableau.last_drawer": ("The seat that drew the last card; null before.", "seat"),
    "magyar_nepmesek.State.turn": ("The seat whose turn it is.", "seat"),
    "magyar_nepmesek.State.pending": ("The decision waiting to be made, and whose it is.", None),
    "magyar_nepmesek.State.hands": ("Each seat's hand, sorted, by kind id.", None),
    "magyar_nepmesek.State.draw": ("The draw pile, its top card last.", None),
    "magyar_nepmesek.State.discard": ("The discard pile, its top card last.", None),
    "magyar_nepmesek.State.events": ("The public events of the last move, in words.", None),
    "magyar_nepmesek.View.hand": ("This seat's cards, sorted, by kind id.", None),
    "magyar_nepmesek.View.own_villages": (
        "The cards on this seat's own Villages, slot by slot (null: an empty slot).",
        None,
    ),
    "magyar_nepmesek.View.known": (
        "For each seat, the cards this seat is sure it holds (from a Midnight, a Crystal Ball, "
        '"Lay down purple cards", cards passed or taken).',
        None,
    ),
    "magyar_nepmesek.Moment.turn": ("The seat whose turn it is.", "seat"),
    "magyar_nepmesek.Moment.pending": ("The decision waiting to be made, and whose it is.", None),
    "magyar_nepmesek.Moment.events": ("The public events of the last move, in words.", None),
    "magyar_nepmesek.Moment.discard": ("The whole discard pile, its top card last.", None),
    "magyar_nepmesek.Moment.draw_size": ("How many cards the draw pile holds.", "count"),
    "magyar_nepmesek.Moment.hand_sizes": ("How many cards each seat holds (always public).", "count"),
    "magyar_nepmesek.Moment.villages": (
        "For each seat, which of its Village slots hold a face-down card.",
        None,
    ),
    "magyar_nepmesek.Moment.midnights_left": (
        "For each third of the draw pile, whether its Midnight is still in it.",
        None,
    ),
    # Mala e Cuia
    "mala_e_cuia.Game.players": ("The number of seats, 3 to 8.", "count"),
    "mala_e_cuia.Game.mode": (
        '"competitive" (4 rounds, each seat scores) or "cooperative" (the table scores).',
        None,
    ),
    "mala_e_cuia.Game.content": ("The deck of Situation and Item cards; null for the built-in deck.", None),
    "mala_e_cuia.Game.new_items": (
        'How competitive New Destination renews the 12 Item cards (ruling 12): "swap" them for new ones, '
        'or "flip" them to their backs.',
        None,
    ),
    "mala_e_cuia.Deck.name": ("The deck's name, for people.", None),
    "mala_e_cuia.Deck.situations": (
        "The Situation cards, in deck order (a situation is written by its index).",
        None,
    ),
    "mala_e_cuia.Deck.items": (
        "The Item cards, in deck order: face f is card f // 2's front when f is even, its back when odd.",
        None,
    ),
    "mala_e_cuia.Item.name": ("The item's name as printed: how to show it.", None),
    "mala_e_cuia.Item.tags": ("Words that say what the item is good for.", None),
    "mala_e_cuia.ItemCard.id": ("The card's id in the deck.", None),
    "mala_e_cuia.ItemCard.front": ("The item on the card's front.", None),
    "mala_e_cuia.ItemCard.back": ("The item on the card's back.", None),
    "mala_e_cuia.Situation.text": ("The situation as printed on the card: how to show it.", None),
    "mala_e_cuia.Situation.tags": ("Words that say what the situation calls for.", None),
    "mala_e_cuia.SituationCard.id": ("The card's id in the deck.", None),
    "mala_e_cuia.SituationCard.general": ("The General Situation (A).", None),
    "mala_e_cuia.SituationCard.bonus": ("The Bonus Situation (B).", None),
    "mala_e_cuia.Guess.item": ("The item's name, pointed at for the team's guess.", None),
    "mala_e_cuia.Guess.slot": ("The field of the tile the item goes in: General or Bonus.", None),
    "mala_e_cuia.Pack.item": ("The item's name, written on the seat's own tile.", None),
    "mala_e_cuia.Pack.slot": ("The field of the tile the item is written in: General or Bonus.", None),
    "mala_e_cuia.Competition.round": ("The round being played, from 1.", "count"),
    "mala_e_cuia.Competition.situation": ("The round's Situation card, by its index in the deck.", "count"),
    "mala_e_cuia.Competition.discarded_situations": ("The Situation cards used up, by index.", "count"),
    "mala_e_cuia.Competition.discarded_items": (
        "The Item cards swapped out, by index (they never come back).",
        "count",
    ),
    "mala_e_cuia.Competition.flipped": (
        "Whether the cards on the table already showed their other side this game (they cannot flip again).",
        None,
    ),
    "mala_e_cuia.Competition.rounds": ("The finished rounds, as everyone saw them.", None),
    "mala_e_cuia.Cooperation.situations": ("Each seat's secret Situation card, by index.", "count"),
    "mala_e_cuia.Cooperation.first_protagonist": (
        "The first protagonist, drawn when the last tile is packed; null before.",
        "seat",
    ),
    "mala_e_cuia.Cooperation.guess": ("The team's guess so far for the current protagonist's tile.", None),
    "mala_e_cuia.Cooperation.reveals": ("The protagonists' turns so far, once each tile is opened.", None),
    "mala_e_cuia.CooperationSeen.situations": (
        "The Situation cards this seat knows, by index: its own and each protagonist's once read aloud; "
        "null for the others.",
        "count",
    ),
    "mala_e_cuia.CooperationSeen.first_protagonist": (
        "The first protagonist, drawn when the last tile is packed; null before.",
        "seat",
    ),
    "mala_e_cuia.CooperationSeen.guess": (
        "The team's guess so far for the current protagonist's tile.",
        None,
    ),
    "mala_e_cuia.CooperationSeen.reveals": (
        "The protagonists' turns so far, once each tile is opened.",
        None,
    ),
    "mala_e_cuia.Reveal.protagonist": ("The protagonist: the seat whose tile was guessed.", "seat"),
    "mala_e_cuia.Reveal.situation": ("The protagonist's Situation card, by index.", "count"),
    "mala_e_cuia.Reveal.tile": ("The protagonist's Suitcase Tile, opened.", None),
    "mala_e_cuia.Reveal.guess": ("The team's guess.", None),
    "mala_e_cuia.Reveal.correct": ("How many items were guessed in the right field.", "count"),
    "mala_e_cuia.Reveal.points": (
        "The points scored: the correct items, plus one when all four are right.",
        "count",
    ),
    "mala_e_cuia.RoundResult.round": ("The round's number, from 1.", "count"),
    "mala_e_cuia.RoundResult.situation": ("The round's Situation card, by its index in the deck.", "count"),
    "mala_e_cuia.RoundResult.table": ("The item faces shown on the table that round.", "count"),
    "mala_e_cuia.RoundResult.tiles": ("Every seat's revealed pack.", None),
    "mala_e_cuia.RoundResult.points": ("What each seat scored in the round.", None),
    "mala_e_cuia.State.table": ("The Item faces on the table (2 * card + side).", "count"),
    "mala_e_cuia.State.tiles": ("Every seat's Suitcase Tile.", None),
    "mala_e_cuia.State.scores": (
        "The points on each seat's tile: competitive, the running total; cooperative, what the team scored "
        "as that seat's protagonist turn.",
        None,
    ),
    "mala_e_cuia.State.progress": (
        "The mode's own bookkeeping: the competitive rounds or the cooperative guesses.",
        None,
    ),
    "mala_e_cuia.Tile.general": ("The General items, as Item faces on the table (a set: ruling 7).", "count"),
    "mala_e_cuia.Tile.bonus": ("The Bonus item, as an Item face on the table; null if none yet.", "count"),
    "mala_e_cuia.View.table": (
        "The Item faces on the table (2 * card + side); the message's labels name them.",
        "count",
    ),
    "mala_e_cuia.View.tile": ("This seat's own Suitcase Tile.", None),
    "mala_e_cuia.View.tile_sizes": ("How many items each seat has written.", "count"),
    "mala_e_cuia.View.scores": ("The points on each seat's tile.", None),
    "mala_e_cuia.View.progress": (
        "Competitive: the Situation card, the discards and every revealed round; cooperative: the Situation "
        "cards this seat knows, the team's guess and the revealed tiles.",
        None,
    ),
    # La Maldición
    "maldicion.Game.players": ("The number of seats, 2 to 8 (pvp exactly 2; guild_war 4, 6 or 8).", "count"),
    "maldicion.Game.mode": (
        '"battle_royale" (the first seat free of its Curse wins), "pvp" (a duel of games to 0 HP) or '
        '"guild_war" (teams of even and odd seats, one Curse each).',
        None,
    ),
    "maldicion.Game.difficulty": (
        '"medium", "easy" or "hard" (a seat never sees its own Curse; a wrong guess costs two cards).',
        None,
    ),
    "maldicion.Game.draw_when_able": (
        "Whether a seat may always draw instead of playing (false: only with no card to play, ruling 6).",
        None,
    ),
    "maldicion.Game.start_hp": ("Each duellist's Life Counter at the start of a pvp duel.", "count"),
    "maldicion.Game.hero_choice": (
        'In pvp, Heroes dealt "random"ly or picked by "choice", openly, in turn.',
        None,
    ),
    "maldicion.Game.mirror": (
        "Which of a seat's plays and discards may go as a Mirror (two identical cards as one, ruling 10): "
        '"own_turn" or only the "turn_plays".',
        None,
    ),
    "maldicion.Game.ability_bonfire": (
        "A Bonfire that Everard or Emma plays through an ability as the last card, saying MALDICIÓN (ruling 47): "
        '"no_curse" (play goes on) or "frees_curse" (the Bonfire frees the Curse, as on any turn).',
        None,
    ),
    "maldicion.CallOut.culprit": ("The seat that did not say MALDICIÓN; it draws two.", "seat"),
    "maldicion.ChooseHero.hero": ("The Hero taken for the whole duel.", None),
    "maldicion.Deal.to": ("The opponent dealt the next unseen card.", "seat"),
    "maldicion.Discard.card": ("The card discarded, to no effect.", None),
    "maldicion.Discard.mirror": ("Whether two identical cards go as one (ruling 10).", None),
    "maldicion.Discard.call": ("Whether the seat says MALDICIÓN with it (its last card).", None),
    "maldicion.Give.card": ("The card Odilia returns.", None),
    "maldicion.Give.to": ("The opponent it goes to.", "seat"),
    "maldicion.Give.call": ("Whether the seat says MALDICIÓN with it (its last card).", None),
    "maldicion.NameElement.element": ("The element named.", None),
    "maldicion.Play.card": ("The card played; its effect activates.", None),
    "maldicion.Play.mirror": ("Whether two identical cards go as one (ruling 10).", None),
    "maldicion.Play.element": ("The element chosen with an Elemental Gem; null otherwise.", None),
    "maldicion.Play.target": (
        "The seat attacked by a Double Shot or Rain of Spears in guild_war; null otherwise.",
        "seat",
    ),
    "maldicion.Play.call": ("Whether the seat says MALDICIÓN with it (its last card).", None),
    "maldicion.Reflex.card": (
        "The card discarded out of turn, identical to the top of the Discard Pile.",
        None,
    ),
    "maldicion.Reflex.call": ("Whether the seat says MALDICIÓN with it (its last card).", None),
    "maldicion.UseAbility.target": (
        "Trea: the single opponent, or null for all; Everard: the next seat; null otherwise.",
        "seat",
    ),
    "maldicion.UseAbility.direction": ("Everard: the new direction, +1 or -1; null otherwise.", None),
    "maldicion.UseAbility.element": ("Emma: the element she changes to; null otherwise.", None),
    "maldicion.AbilityPhase.resume": (
        "The next player if the ability is declined, when it is not the seat after this one; null otherwise.",
        "seat",
    ),
    "maldicion.AttackPhase.attacker": ("The seat attacking.", "seat"),
    "maldicion.AttackPhase.figure": ("The attack card's figure.", None),
    "maldicion.AttackPhase.amount": ("The cards accumulated so far.", "count"),
    "maldicion.AttackPhase.turn": ("The seat whose turn the attack chain belongs to.", "seat"),
    "maldicion.BonfirePhase.called": ("Whether the seat said MALDICIÓN.", None),
    "maldicion.BonfirePhase.resume": (
        "The next player in the round when it is not the seat after this one; null otherwise.",
        "seat",
    ),
    "maldicion.CalloutPhase.culprit": ("The seat that did not say MALDICIÓN.", "seat"),
    "maldicion.CalloutPhase.queue": ("The seats asked next, in order.", "seat"),
    "maldicion.CalloutPhase.then": ("What comes once the window closes.", None),
    "maldicion.ClericPhase.cleric": ("Buckminster's seat.", "seat"),
    "maldicion.ClericPhase.match": ("The element of his last discard; null for a Gem (anything goes).", None),
    "maldicion.ClericPhase.queue": ("The opponents still to be asked, in round order.", "seat"),
    "maldicion.DrawnPhase.card": ("The card drawn; null in the other seats' views.", None),
    "maldicion.EmmaPhase.element": ("The element of the cards Emma may play.", None),
    "maldicion.EmmaPhase.played": ("How many she has played.", "count"),
    "maldicion.EmmaPhase.last": ("The last card she played; null before.", None),
    "maldicion.EmmaPhase.target": (
        "The seat the last card was aimed at (a Double Shot or Rain of Spears in guild_war); null otherwise.",
        "seat",
    ),
    "maldicion.EverardPhase.target": ("The seat that cannot evade the card.", "seat"),
    "maldicion.HeroChoicePhase.then": ("What comes once the Hero is picked.", None),
    "maldicion.ReflexPhase.player": ("The seat whose card opened the Reflex window.", "seat"),
    "maldicion.ReflexPhase.queue": ("The seats still to be asked, in order.", "seat"),
    "maldicion.ReflexPhase.then": ("What comes once the window closes.", None),
    "maldicion.SigourneyPhase.remaining": ("The unseen cards still to deal among the opponents.", "count"),
    "maldicion.ThiefPhase.queue": ("The seats still to be returned a card, in order.", "seat"),
    "maldicion.Event.kind": ("What happened.", None),
    "maldicion.Event.seat": (
        "The seat that did it; -1 for a reshuffle of the Discard Pile, which no seat does.",
        None,
    ),
    "maldicion.Event.card": ("The card, when everyone saw it; null otherwise.", None),
    "maldicion.Event.count": ("A number of cards, or of HP.", None),
    "maldicion.Event.target": ("The other seat involved; null if none.", "seat"),
    "maldicion.Event.element": ("The element, when the event has one.", None),
    "maldicion.Event.hero": ("The Hero, when the event has one.", None),
    "maldicion.Known.viewer": ("The seat that knows.", "seat"),
    "maldicion.Known.holder": ("The seat known to hold the cards.", "seat"),
    "maldicion.Known.cards": ("The cards it is known to hold (Brishen's raise, Odilia's robbery).", None),
    "maldicion.Match.game_number": ("The game of the match being played, from 1.", "count"),
    "maldicion.Match.dealer": ("The seat that dealt this game.", "seat"),
    "maldicion.Match.heroes": ("Each seat's Hero.", None),
    "maldicion.Match.heroes_shown": ("For each seat, whether its Hero has been shown by its ability.", None),
    "maldicion.Match.curses": ("Each seat's Curse element (each team's in guild_war).", None),
    "maldicion.Match.curses_shown": ("For each Curse, whether a failed attempt has shown it.", None),
    "maldicion.Match.hp": ("The Life Counters in pvp; empty otherwise.", None),
    "maldicion.Memory.known": ("Cards some seat knows another holds.", None),
    "maldicion.Memory.reshuffled": ("The cards of the last reshuffle; null before one.", None),
    "maldicion.Memory.seen": ("For each seat, the cards it drew since the last reshuffle.", None),
    "maldicion.Memory.voids": ("For each seat, the kinds of card all know it does not hold.", None),
    "maldicion.Silent.seat": ("The seat left with no cards that did not say MALDICIÓN.", "seat"),
    "maldicion.Silent.stage": (
        "0 until the next turn begins, then 1: the call-out window opens (ruling 13).",
        "count",
    ),
    "maldicion.State.match": ("The deal, Heroes, Curses and Life Counters.", None),
    "maldicion.State.hands": ("Each seat's hand, sorted.", None),
    "maldicion.State.deck": ("The Deck, its top card last.", None),
    "maldicion.State.pile": ("The Discard Pile, its top card last.", None),
    "maldicion.State.element": (
        "The element in play; null only while a starting Gem waits for its element.",
        None,
    ),
    "maldicion.State.direction": ("+1 (seat numbers going up) or -1.", None),
    "maldicion.State.penalized": ("For each seat, whether it is Penalized (it loses its next turn).", None),
    "maldicion.State.phase": ("The decision pending: whose it is, and what kind.", None),
    "maldicion.State.silent": ("Seats that forgot MALDICIÓN and may still be called out.", None),
    "maldicion.State.memory": ("What seats know beyond their hands.", None),
    "maldicion.State.passed": (
        "For each seat, bits (by card index) of the kinds of card a Reflex window went past it with.",
        "count",
    ),
    "maldicion.State.events": ("What the last decision did.", None),
    "maldicion.View.hand": ("This seat's cards, sorted.", None),
    "maldicion.View.hero": ("This seat's Hero; null until chosen (pvp by choice).", None),
    "maldicion.View.curse": (
        "This seat's Curse element; null in hard until a failed attempt shows it.",
        None,
    ),
    "maldicion.View.game_number": ("The game of the match being played, from 1.", "count"),
    "maldicion.View.dealer": ("The seat that dealt this game.", "seat"),
    "maldicion.View.heroes": (
        "Each seat's Hero, when shown by its ability (this seat's always); null otherwise.",
        None,
    ),
    "maldicion.View.curses": ("Each Curse, when shown by a failed attempt; null otherwise.", None),
    "maldicion.View.hand_sizes": ("How many cards each seat holds.", "count"),
    "maldicion.View.deck_size": ("How many cards the Deck holds.", "count"),
    "maldicion.View.pile": ("The Discard Pile, its top card last.", None),
    "maldicion.View.element": (
        "The element in play; null only while a starting Gem waits for its element.",
        None,
    ),
    "maldicion.View.direction": ("+1 (seat numbers going up) or -1.", None),
    "maldicion.View.penalized": ("For each seat, whether it is Penalized (it loses its next turn).", None),
    "maldicion.View.phase": ("The decision pending (a drawn card shown only to its drawer).", None),
    "maldicion.View.silent": ("Seats that forgot MALDICIÓN and may still be called out.", None),
    "maldicion.View.known": ("Cards this seat knows others hold.", None),
    "maldicion.View.reshuffled": ("The cards of the last reshuffle (public); null before one.", None),
    "maldicion.View.seen": ("The cards this seat drew since the last reshuffle.", None),
    "maldicion.View.voids": ("For each seat, the kinds of card everyone knows it does not hold.", None),
    "maldicion.View.hp": ("The Life Counters in pvp; empty otherwise.", None),
    "maldicion.View.events": ("What the last decision did, as this seat saw it.", None),
}

#: Fields many classes share, by ``fnmatch`` pattern of ``game.module.Class.field``, first match wins.
_PATTERNS: tuple[tuple[str, str, Role], ...] = (
    ("*._moves.*.seat", "The seat that makes this move.", "seat"),
    (
        "maldicion._pending.NextTurn.seat",
        "The seat whose turn comes next (or the first after it not Penalized).",
        "seat",
    ),
    ("*._pending.*.seat", "The seat that decides.", "seat"),
    ("*._phases.*Phase.seat", "The seat that decides.", "seat"),
    ("*._view.View.seat", _VIEW_SEAT, "seat"),
    ("*.current_player", _CURRENT, "seat"),
    ("*.game", _GAME, None),
    ("*.rng", _RNG, None),
    ("*.outcome", _OUTCOME, None),
)


def field_doc(cls: type, name: str) -> tuple[str, Role]:
    """The description of field ``name`` of ``cls`` and the role its numbers play ('' if it has none)."""
    parts = cls.__module__.split(".")
    game = parts[1] if len(parts) > 2 and not parts[1].startswith("_") else ""
    key = f"{game}.{cls.__qualname__}.{name}" if game else f"{cls.__qualname__}.{name}"
    found = _FIELDS.get(key)
    if found is not None:
        return found
    where = f"{game}.{parts[-1]}.{cls.__qualname__}.{name}"
    for pattern, doc, role in _PATTERNS:
        if fnmatch.fnmatchcase(where, pattern):
            return doc, role
    return "", None
