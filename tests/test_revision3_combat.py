"""Combat rows of the rules' revision 3 that change no play (B rows):
Metamorphosis's compulsory choice and the sheep Dragon (C2-3), Aura of Fear
and Dimensional Gate (C2-4, C2-5), the Vampire facing only priests
(CMB-MON-4, M-6)."""

from __future__ import annotations

from dlrules import legal_moves
from dlrules.core.moves import PlanDefence, Transform

from combat_positions import COLUMN, damage, play, play_with_events, position, tunnels

E = COLUMN[0]
ROOM = tunnels(rooms={E: "mint"})  # a room: two monsters may be sent


def test_C2_3_the_defender_must_turn_one_of_his_sent_monsters_into_a_sheep() -> None:
    """C2-3 (M): a choice among the monsters he sent (never a ghost), with
    no way to decline."""
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin", "ghost", "troll"]}, year=2, cards=y2, dungeons={0: ROOM})
    state = play(state, PlanDefence(0, E, (), (0, 2)))
    assert set(legal_moves(state)) == {Transform(0, 0), Transform(0, 2)}  # the ghost is never offered


def test_C2_3_only_a_ghost_sent_the_card_has_no_effect_on_him() -> None:
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["ghost"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert not any(isinstance(m, Transform) for m in legal_moves(state))


def test_C2_3_a_sheep_dragon_does_not_stop_healing() -> None:
    """C2-3, C2-6 (M): a sheep loses every ability: the Dragon turned into a
    sheep makes no Dragon attack, so the party still heals (CMB-6) after the
    goblin's attack."""
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    party = {0: ["y2-warrior-8", "y2-wizard-4-2", "y2-priest-5-3"]}
    state = position(party, monsters={0: ["dragon", "goblin"]}, year=2, cards=y2, dungeons={0: ROOM})
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    state, said = play_with_events(state, Transform(0, 0))  # the goblin then attacks by itself (LIB-CMB-1)
    codes = [e.code for e in said]
    assert codes[:4] == ["spell", "attack", "damage", "heal"] and "no_heal" not in codes  # attack: the goblin acts (issue 22)
    assert said[3].text == "The party heals 2 damage (CMB-HEAL-2)."
    assert not state.players[0].monsters[0].ready  # the sheep ends knocked out


def test_C2_4_C2_5_aura_of_fear_and_dimensional_gate_ask_nothing() -> None:
    """C2-4, C2-5 (M chooser, L effect): the defender would pick one of his
    sent monsters, but the effect is unknown and nothing happens, so the
    referee asks no empty question (LIB-REV3-2); at a real table the host's
    ruling names the monster (LIB-TAB-8)."""
    for card in ("aura-of-fear", "dimensional-gate"):
        y2 = (card, "blind-rage", "regeneration", "illusion")
        state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin"]}, year=2, cards=y2)
        before = state.players[0].monsters
        state, said = play_with_events(state, PlanDefence(0, E, (), (0,)))
        assert not any(isinstance(m, Transform) for m in legal_moves(state))
        assert any(e.code == "spell" and e.data.get("card") == card for e in said)
        assert state.players[0].monsters[0].kind == before[0].kind


def test_CMB_MON_4_the_vampire_facing_only_priests_is_turned_face_up_by_the_referee() -> None:
    """CMB-MON-4, M-6 (revision 3: "may" go back face up, its owner's choice):
    face up is never worse, so the referee turns it up without asking
    (LIB-REV3-1)."""
    state = position({0: ["y1-priest-4-1"]}, monsters={0: ["vampire"]}, cards=("invisibility", "graffiti", "detect-evil", "word-of-peace"))
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert state.players[0].monsters[0].ready and damage(state, 0) == [0]
