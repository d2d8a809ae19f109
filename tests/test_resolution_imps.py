"""Dig Tunnels (ACT-DIG-1..7), Mine Gold (ACT-MINE-1..6), Recruit Imps
(ACT-IMP-1, 2) and Buy Traps (ACT-TRAP-1, 2, Y2-3)."""

from __future__ import annotations

import attrs
from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, cursor, decline_until, outcome_of, player, tweaks

from res_positions import rules

from dlrules import CHANCE, Outcome, apply, check, legal_moves, to_move
from dlrules.core.dungeon import full_blocks, with_tunnel
from dlrules.core.moves import Decline, DigTunnel, DiscardTrap, Draw, FinishDigging, MineGold, TakeAction
from dlrules.core.phases.common import update_player
from dlrules.core.phases.resolution import RULES
from dlrules.core.state import Deck, Dungeon, GameState, Tile, evolve


def on_dig(slot: int, **changes: object) -> GameState:
    """Seat 0 on Dig Tunnels ``slot`` (seats 1, 2 take the lower slots first)."""
    others = (FOOD, REP, MINE)
    orders = {s: others for s in range(1, 4)}
    for s in range(1, slot + 1):
        orders[s] = (DIG, FOOD, REP)
    orders[0] = (FOOD, DIG, REP) if slot else (DIG, FOOD, REP)
    state = at_resolution(orders, tweak=player(0, **changes) if changes else (lambda s: s))
    return decline_until(state, DIG, slot)


def test_ACT_DIG_6_no_full_2x2_block() -> None:
    """ACT-DIG-6: after (1, 1), a tunnel at (0, 1) would fill the block
    (0,1) (0,2) (1,1) (1,2) with the starting tunnels: refused."""
    state = on_dig(0)
    state = apply(state, DigTunnel(0, (1, 1)))
    assert DigTunnel(0, (0, 1)) not in legal_moves(state)
    refused = check(state, DigTunnel(0, (0, 1)))
    assert [v.rule for v in refused] == ["ACT-DIG-6"]
    state = apply(state, DigTunnel(0, (1, 0)))
    assert not full_blocks(state.players[0].dungeon.squares)


def test_ACT_DIG_5_adjacent_inside_the_grid_and_free() -> None:
    """ACT-DIG-5: a new tunnel shares a side with a tile, inside the 5x4 grid."""
    state = on_dig(0)
    assert rules(state, DigTunnel(0, (3, 0))) == ["ACT-DIG-5"]  # touches nothing
    assert rules(state, DigTunnel(0, (4, 2))) == ["ACT-DIG-5"]  # below the grid
    assert rules(state, DigTunnel(0, (0, 2))) == ["ACT-DIG-5"]  # already a tunnel
    assert rules(state, DigTunnel(0, (3, 2))) == []  # below the starting tunnels


def test_ACT_DIG_3_slot_III_foreimp_for_a_single_tunnel() -> None:
    """ACT-DIG-3, ACT-DIG-7: on slot III one tunnel takes 2 imps: the digger and
    the foreimp, both busy for the round; the order is carried out."""
    state = on_dig(2)
    assert to_move(state) == frozenset({0})
    state = apply(state, DigTunnel(0, (3, 2)))
    p = state.players[0]
    assert (p.busy_imps, p.foreimps, p.free_imps) == (1, 1, 1)
    state = apply(state, FinishDigging(0))
    assert outcome_of(state, 0, DIG) is Outcome.CARRIED_OUT
    assert state.players[0].dungeon.at((3, 2)) == Tile((3, 2))


def test_ACT_DIG_3_slot_III_with_one_free_imp_cannot_dig() -> None:
    """ACT-DIG-3: one free imp cannot both dig and supervise on slot III."""
    state = on_dig(2, imps=1)
    assert legal_moves(state) == (Decline(0),)
    assert rules(state, DigTunnel(0, (3, 2))) == ["ACT-DIG-3"]


def test_ACT_DIG_4_digging_nothing_is_declining() -> None:
    """ACT-DIG-4: finishing before any tunnel is refused; Decline leaves the
    order not carried out and uses no foreimp (ACT-DIG-3)."""
    state = on_dig(2)
    assert rules(state, FinishDigging(0)) == ["ACT-DIG-4"]
    state = apply(state, Decline(0))
    assert outcome_of(state, 0, DIG) is Outcome.NOT_CARRIED_OUT
    assert state.players[0].foreimps == 0


def test_ACT_DIG_1_slot_I_permits_two_tunnels() -> None:
    """ACT-DIG-1: slot I digs at most 2 tunnels even with 5 free imps; digging
    ends by itself when the permit is used up."""
    state = on_dig(0, imps=5)
    state = apply(state, DigTunnel(0, (0, 1)))
    assert rules(state, Decline(0)) == ["ACT-DIG-2"]  # once dug, the order is carried out
    state = apply(state, DigTunnel(0, (0, 3)))
    assert cursor(state) != (DIG, 0)
    assert state.players[0].busy_imps == 2
    assert outcome_of(state, 0, DIG) is Outcome.CARRIED_OUT


def test_ACT_DIG_2_fewer_tunnels_than_permitted() -> None:
    """ACT-DIG-2: slot II permits 3; the player may stop after 1."""
    state = on_dig(1)
    state = apply(state, DigTunnel(0, (3, 2)))
    assert FinishDigging(0) in legal_moves(state)
    state = apply(state, FinishDigging(0))
    assert state.players[0].busy_imps == 1
    assert outcome_of(state, 0, DIG) is Outcome.CARRIED_OUT


def on_mine(slot: int, tweak: object = None) -> GameState:
    orders = {s: (FOOD, REP, DIG) for s in range(1, 4)}
    for s in range(1, slot + 1):
        orders[s] = (MINE, FOOD, REP)
    orders[0] = (FOOD, MINE, REP) if slot else (MINE, FOOD, REP)
    state = at_resolution(orders, tweak=tweak or (lambda s: s))  # type: ignore[arg-type]
    return decline_until(state, MINE, slot)


def conquer(square: tuple[int, int]) -> object:
    def run(s: GameState) -> GameState:
        d = s.players[0].dungeon
        tiles = tuple(attrs.evolve(t, conquered=True) if t.square == square else t for t in d.tiles)
        return player(0, dungeon=Dungeon(tiles))(s)

    return run


def test_ACT_MINE_4_one_imp_per_unconquered_tunnel() -> None:
    """ACT-MINE-3/4: with one of the three starting tunnels conquered, slot II
    (permit 3) and 5 free imps may mine with 2 imps, not 3."""
    state = on_mine(1, tweaks(player(0, imps=5), conquer((0, 2))))  # type: ignore[arg-type]
    assert [m for m in legal_moves(state) if isinstance(m, MineGold)] == [MineGold(0, 1), MineGold(0, 2)]
    refused = check(state, MineGold(0, 3))
    assert [v.rule for v in refused] == ["ACT-MINE-4"]
    assert "2 unconquered tunnels" in refused[0].message
    state = apply(state, MineGold(0, 2))
    assert (state.players[0].gold, state.players[0].busy_imps) == (5, 2)


def test_ACT_MINE_1_permit_and_ACT_MINE_6_no_imps() -> None:
    """ACT-MINE-1: slot I permits 2 imps; ACT-MINE-6: mining with none is declining."""
    state = on_mine(0)
    assert rules(state, MineGold(0, 3)) == ["ACT-MINE-1"]
    assert rules(state, MineGold(0, 0)) == ["ACT-MINE-6"]


def test_ACT_MINE_6_slot_III_foreimp_even_for_one_miner() -> None:
    """ACT-MINE-6: on slot III one mining imp also needs a foreimp."""
    state = on_mine(2)
    state = apply(state, MineGold(0, 1))
    p = state.players[0]
    assert (p.gold, p.busy_imps, p.foreimps) == (4, 1, 1)


def test_ACT_MINE_4_tunnel_dug_this_round_is_mined_and_ACT_MINE_5_busy_imps() -> None:
    """ACT-MINE-4: a tunnel dug this round may be mined; ACT-MINE-5/ACT-DIG-7:
    the imp that dug it is busy. 8 imps: dig 1 on slot I, then slot III mines
    4 tunnels with 4 imps plus a foreimp."""
    orders = {0: (DIG, MINE, FOOD), 1: (MINE, FOOD, REP), 2: (MINE, FOOD, REP), 3: (FOOD, REP, TRAPS)}
    state = decline_until(at_resolution(orders, tweak=player(0, imps=8)), DIG, 0)
    state = apply(state, DigTunnel(0, (3, 2)))
    state = apply(state, FinishDigging(0))
    state = decline_until(state, MINE, 2)
    assert max(m.imps for m in legal_moves(state) if isinstance(m, MineGold)) == 4
    state = apply(state, MineGold(0, 4))
    p = state.players[0]
    assert (p.gold, p.busy_imps, p.foreimps, p.free_imps) == (7, 5, 1, 2)


def test_ACT_MINE_5_imps_that_dug_cannot_mine() -> None:
    """ACT-MINE-5: 3 imps, 2 dug on Dig I: only 1 is free to mine."""
    orders = {0: (DIG, MINE, FOOD), 1: (FOOD, REP, TRAPS), 2: (FOOD, REP, TRAPS), 3: (FOOD, REP, TRAPS)}
    state = decline_until(at_resolution(orders), DIG, 0)
    state = apply(state, DigTunnel(0, (0, 1)))
    state = apply(state, DigTunnel(0, (0, 3)))
    state = decline_until(state, MINE, 0)
    assert [m for m in legal_moves(state) if isinstance(m, MineGold)] == [MineGold(0, 1)]
    assert rules(state, MineGold(0, 2)) == ["ACT-MINE-5"]


def test_ACT_IMP_2_recruited_imps_do_not_dig_this_round() -> None:
    """ACT-IMP-1/2: the Recruit Imps order is revealed first, yet Dig Tunnels is
    resolved before it (RES-1): the player digs with the 3 imps owned; the 2
    new imps arrive after and are free for production."""
    orders = {0: (IMPS, DIG, FOOD), 1: (IMPS, FOOD, REP), 2: (FOOD, REP, TRAPS), 3: (FOOD, REP, TRAPS)}
    state = at_resolution(orders)
    state = decline_until(state, DIG, 0)
    assert state.players[0].imps == 3
    state = apply(state, DigTunnel(0, (3, 2)))
    state = apply(state, DigTunnel(0, (0, 1)))
    state = decline_until(state, IMPS, 0)
    state = apply(state, TakeAction(0))
    p = state.players[0]
    assert (p.imps, p.busy_imps, p.free_imps, p.food) == (4, 2, 2, 2)


def test_ACT_TRAP_1_2_cards_drawn_by_chance_are_private_to_the_owner() -> None:
    """ACT-TRAP-1: slot III pays 2 gold and chance draws 2 cards; ACT-TRAP-2:
    they go to the owner's hidden trap hand."""
    orders = {0: (FOOD, REP, TRAPS), 1: (TRAPS, FOOD, REP), 2: (TRAPS, FOOD, REP), 3: (FOOD, REP, DIG)}
    state = decline_until(at_resolution(orders), TRAPS, 2)
    state = apply(state, TakeAction(0))
    assert to_move(state) == frozenset({CHANCE})
    state = apply(state, Draw("traps", "pendulum"))
    state = apply(state, Draw("traps", "trap-door"))
    assert state.players[0].traps == ("pendulum", "trap-door")
    assert state.players[0].gold == 1
    assert state.decks.traps.count("pendulum") == 2
    assert outcome_of(state, 0, TRAPS) is Outcome.CARRIED_OUT


def test_Y2_3_year_two_draws_one_extra_and_discards_one_face_down() -> None:
    """Y2-3, SETUP-3: in year 2 Buy Traps II draws 2 cards, then the player
    discards one of their choice face down, out of the game: it never goes
    back to the deck."""
    orders = {0: (FOOD, REP, TRAPS), 1: (TRAPS, FOOD, REP), 2: (FOOD, REP, DIG), 3: (FOOD, REP, DIG)}
    state = at_resolution(orders, tweak=lambda s: attrs.evolve(s, year=2))
    state = decline_until(state, TRAPS, 1)
    state = apply(state, TakeAction(0))
    state = apply(state, Draw("traps", "pendulum"))
    state = apply(state, Draw("traps", "wall-of-fire"))
    assert to_move(state) == frozenset({0})
    assert legal_moves(state) == (DiscardTrap(0, "pendulum"), DiscardTrap(0, "wall-of-fire"))
    assert rules(state, DiscardTrap(0, "trap-door")) == ["Y2-3"]
    deck_before = state.decks.traps
    state = apply(state, DiscardTrap(0, "pendulum"))
    assert state.players[0].traps == ("wall-of-fire",)
    assert state.decks.traps == deck_before  # Y2-3: never back to the deck
    assert state.decks.traps.count("pendulum") == 2
    assert state.trap_discard == ("pendulum",)  # SETUP-3: face down, out of the game
    assert outcome_of(state, 0, TRAPS) is Outcome.CARRIED_OUT


def test_Y2_3_year_two_needs_the_extra_card_in_the_deck_too() -> None:
    """Y2-3, ACT-TRAP-1, RES-6, LIB-Y1-4: year-2 Buy Traps II draws 2; with 1
    card left the slot cannot be taken, only declined."""
    orders = {0: (FOOD, REP, TRAPS), 1: (TRAPS, FOOD, REP), 2: (FOOD, REP, DIG), 3: (FOOD, REP, DIG)}
    one_left = lambda s: attrs.evolve(s, year=2, decks=attrs.evolve(s.decks, traps=Deck.of({"pendulum": 1})))  # noqa: E731
    state = decline_until(at_resolution(orders, tweak=one_left), TRAPS, 1)
    assert legal_moves(state) == (Decline(0),)
    assert rules(state, TakeAction(0)) == ["ACT-TRAP-1"]


def _dug_without_finishing(state: GameState, move: DigTunnel) -> GameState:
    """The tunnel alone, the minion left on its slot: the state ``auto``
    saw before ``_dig`` learnt to finish in its own copy (ACT-DIG-2)."""
    r = state.resolution
    assert r is not None
    p = state.players[move.seat]
    fore = 1 if r.dug == 0 and r.slot == 2 else 0
    state = update_player(state, move.seat, dungeon=with_tunnel(p.dungeon, move.square), busy_imps=p.busy_imps + 1, foreimps=p.foreimps + fore)
    return evolve(state, resolution=evolve(r, dug=r.dug + 1))


def test_ACT_DIG_1_the_last_tunnel_of_the_permit_ends_digging_as_auto_would() -> None:
    """ACT-DIG-1/2: slot I permits 2 tunnels: the second sends the minion
    home at once, in the tunnel's own copy (``_dig``), exactly as the
    automatic step ends digging from the state with the tunnel alone; an
    imp left over or a tunnel short of the permit keeps the minion digging."""
    state = on_dig(0, imps=5)
    first = DigTunnel(0, (1, 1))
    after_first = rules_play(state, first)
    assert after_first == _dug_without_finishing(state, first)  # the permit allows one more: still digging
    assert after_first.resolution is not None and after_first.resolution.dug == 1
    second = next(m for m in legal_moves(after_first) if isinstance(m, DigTunnel))
    finished = rules_play(after_first, second)
    assert finished == rules_auto(_dug_without_finishing(after_first, second))
    assert outcome_of(finished, 0, DIG) is Outcome.CARRIED_OUT


def test_ACT_DIG_2_the_last_free_imp_ends_digging_as_auto_would() -> None:
    """ACT-DIG-2: with a single free imp the first tunnel ends digging (slot I permits 2)."""
    state = tweaks(player(0, imps=1))(on_dig(0))
    move = DigTunnel(0, (1, 1))
    finished = rules_play(state, move)
    assert finished == rules_auto(_dug_without_finishing(state, move))
    assert outcome_of(finished, 0, DIG) is Outcome.CARRIED_OUT


def rules_play(state: GameState, move: DigTunnel) -> GameState:
    return RULES.play(state, move)


def rules_auto(state: GameState) -> GameState:
    return RULES.auto(state)
