"""Thinning Thickets: colour and in-degree rules, shorthands, components, canonical labels."""

import itertools
import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt.impartial import ImpartialSolver, mex
from cgsat.errors import PositionError
from cgsat.games import get_ruleset
from cgsat.games import thickets as th
from cgsat.games.base import ImpartialRuleset

RULES = get_ruleset("thickets")
GREEN = th.GREEN_RULESET


def opts(position, player):
    moves = RULES.left_options(position) if player == "L" else RULES.right_options(position)
    return sorted(th.format(o) for _, o in moves)


def T(text):
    return th.format(th.parse(text))


# -- hand-computed option sets -----------------------------------------------------------
def test_blue_cordon_00():
    # blue:[00] is the blue stalk v2 -> v1 -> v0. The top arc v2v1 has in-degree 0 (even),
    # so only Left may delete it, leaving the stalk [0]. The bottom arc v1v0 has in-degree 1
    # (odd), so only Right may delete it, leaving nothing. B(2) = {B(1) | B(0)} (§4).
    p = th.parse("blue:[00]")
    assert opts(p, "L") == [T("blue:[0]")]
    assert opts(p, "R") == ["()"]


def test_blue_cordon_01():
    # blue:[01]: stalk v2 -> v1 -> v0 and a leaf l1 -> v1. In-degrees: top arc 0, leaf 0,
    # bottom arc v1v0 2 (v2v1 and l1v1 end at v1). All even, so Left may delete any: the
    # top (the leaf continues the stalk: [00]), the leaf ([00]) or the bottom (nothing).
    # Right, who needs a red even or blue odd arc, has no move: [01] = {{1|0}, 0 | } = 1.
    p = th.parse("blue:[01]")
    assert opts(p, "L") == sorted([T("blue:[00]"), T("blue:[00]"), "()"])
    assert opts(p, "R") == []


def test_red_cordon_is_the_negative_of_blue():
    for entries in ["0", "00", "01", "0101", "00110", "01011"]:
        b, r = th.parse(f"blue:[{entries}]"), th.parse(f"red:[{entries}]")
        flip = str.maketrans("br", "rb")
        assert opts(b, "L") == sorted(o.translate(flip) for o in opts(r, "R"))
        assert opts(b, "R") == sorted(o.translate(flip) for o in opts(r, "L"))


def test_blue_stalks_B_n():
    # §4: B(n) = {B(n-1) | B(0), B(1), ..., B(n-2)}.
    for n in range(2, 8):
        p = th.parse("blue:[" + "0" * n + "]")
        assert opts(p, "L") == [T("blue:[" + "0" * (n - 1) + "]")]
        assert opts(p, "R") == sorted(T("blue:[" + "0" * k + "]") for k in range(n - 1))


def test_theorem_4_1_move_descriptions():
    # §4, before Theorem 4.1. In blue:[01101] (v5 .. v1 top down; leaves on v4, v3, v1):
    # - Left removes the stalk arc below a leafed v_i in [alpha 1 1 beta]: v4v3 -> [00 beta];
    #   here beta = "01", so [0001];
    # - Left removes the stalk arc below a leafed v_i in [alpha 1 0 beta]: v1v0 -> []
    #   (beta empty, and [0 beta] is then [0]... only when a vertex below remains; here none);
    # - Right removes the arc below an unleafed v_i: [alpha 0 1 beta] -> [00 beta], v2v1
    #   gives [00].
    p = th.parse("blue:[01101]")
    left = opts(p, "L")
    assert T("blue:[0001]") in left
    assert "()" in left
    assert opts(p, "R") == [T("blue:[00]")]
    # [alpha 1 0 beta] -> [0 beta]: blue:[01001], cut v4v3 leaves v0..v3 with a leaf on v1.
    assert T("blue:[001]") in opts(th.parse("blue:[01001]"), "L")
    # Right on [alpha 0 0 beta] -> [0 beta]: blue:[0001], cut v3v2 leaves [01].
    assert T("blue:[01]") in opts(th.parse("blue:[0001]"), "R")
    # Right on [alpha 0]: cut v1v0 leaves [].
    assert "()" in opts(th.parse("blue:[010]"), "R")


def test_stalk_letters_map_to_colours():
    # Top arc: in-degree 0, so L = blue, R = red. Interior arcs: in-degree 1, so L = red,
    # R = blue.
    assert th.parse("stalk:L") == th.parse("blue:[0]")
    assert th.parse("stalk:R") == th.parse("red:[0]")
    assert th.parse("stalk:LR") == th.parse("blue:[00]")
    assert th.parse("stalk:RL") == th.parse("red:[00]")
    assert T("stalk:LL") == "1>0:r 2>1:b"
    assert T("stalk:RLLR") == "1>0:b 2>1:r 3>2:r 4>3:r"


@given(st.text(alphabet="LR", min_size=1, max_size=9))
def test_stalk_letter_says_who_may_delete_now(word):
    p = th.parse(f"stalk:{word}")
    deg = th.in_degrees(p)
    n = len(word)
    # In the normalized labelling the stalk is 0 <- 1 <- ... <- n; letter j is arc n-j.
    arcs = {a: c for a, b, c in p.arcs}
    for j, who in enumerate(word):
        a = n - j
        colour = arcs[a]
        assert th.may_delete(who, colour, deg[a])
        assert not th.may_delete("R" if who == "L" else "L", colour, deg[a])


def test_paper_case_3a_left_takes_the_top_of_L_k():
    # Theorem 4.2, case 3a: Left taking the top arc of L^k leaves R L^(k-2).
    for k in range(2, 7):
        assert T("stalk:R" + "L" * (k - 2)) in opts(th.parse("stalk:" + "L" * k), "L")


def test_green_arc_even_in_degree_only():
    p = th.parse("1>0:g 2>1:g 3>1:g 4>3:g")
    # In-degrees: 1>0: 2 (even), 2>1: 0, 3>1: 1 (odd), 4>3: 0.
    assert sorted(m for m, _ in GREEN.options(p)) == ["1>0", "2>1", "4>3"]
    assert [m for m, _ in RULES.left_options(p)] == [m for m, _ in RULES.right_options(p)]


def test_pruning_after_a_move():
    # Deleting 1>0 disconnects everything above vertex 1.
    p = th.parse("1>0:b 2>1:b 3>2:r 4>0:g")
    moves = dict(RULES.left_options(p))
    # 1>0 has in-degree 1 (odd): blue odd is Right's.
    assert "1>0" not in moves
    right = dict(RULES.right_options(p))
    assert th.format(right["1>0"]) == "1>0:g"


def test_cycles_and_multiple_roots():
    # a <-> b with b -> root: every vertex has in-degree 1, so no green arc may go.
    assert GREEN.options(th.parse("a>b:g b>a:g b>0:g")) == []
    assert T("a>r:g b>s:g root=r,s") == "2>0:g 3>1:g root=0,1"


# -- components --------------------------------------------------------------------------
def test_parts_meeting_at_a_sink_root_are_summands():
    p = th.parse("1>0:g 2>0:b 3>2:r")
    assert sorted(th.format(c) for c in RULES.components(p)) == ["1>0:b 2>1:r", "1>0:g"]


def test_parts_meeting_at_a_root_with_out_arcs_are_not_split():
    p = th.parse("1>0:g 2>1:g 3>1:g root=0,1")
    assert RULES.components(p) == [p]


def test_parts_meeting_at_an_inner_vertex_are_not_split():
    p = th.parse("1>0:g 2>1:g 3>1:g")
    assert RULES.components(p) == [p]


def wrong_components(p):
    """Deliberately wrong: split at every root, even a root with out-arcs."""
    roots = set(p.roots)
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b, _ in p.arcs:
        find(a)
        if b not in roots:
            parent[find(a)] = find(b)
    groups = defaultdict(list)
    for arc in p.arcs:
        groups[find(arc[0])].append(arc)
    parts = []
    for tag, arcs in enumerate(groups.values()):
        part = [(a, (b, tag) if b in roots else b, c) for a, b, c in arcs]
        parts.append(th.normalize(part, [(r, tag) for r in roots] + list(roots)))
    return parts


def test_negative_control_splitting_every_root_is_refuted():
    s = ImpartialSolver(GREEN)
    found = None
    for m in range(2, 6):
        for parents in itertools.product(*[range(i) for i in range(1, m + 1)]):
            p = th.make_thicket([(i, parents[i - 1], "g") for i in range(1, m + 1)], [0, 1])
            wrong = 0
            for part in wrong_components(p):
                wrong ^= s.nim_value(part)
            if wrong != s.nim_value(p):
                found = p
                break
        if found:
            break
    assert found is not None
    # Root 1 has the out-arc 1>0; the wrong split makes 2>1 deletable on its own.
    assert th.format(found) == "1>0:g 2>1:g 3>2:g 4>2:g 5>4:g root=0,1"
    assert s.nim_value(found) == 2


# -- random thickets ---------------------------------------------------------------------
@st.composite
def thicket_specs(draw, colours="brg", max_vertices=6, max_extra=3):
    m = draw(st.integers(1, max_vertices))
    arcs = {}
    for i in range(1, m + 1):
        arcs[(i, draw(st.integers(0, i - 1)))] = draw(st.sampled_from(colours))
    for _ in range(draw(st.integers(0, max_extra))):
        a, b = draw(st.integers(0, m)), draw(st.integers(0, m))
        if a != b and (a, b) not in arcs:
            arcs[(a, b)] = draw(st.sampled_from(colours))
    roots = [0, 1] if draw(st.booleans()) and m >= 1 else [0]
    return [(a, b, c) for (a, b), c in arcs.items()], roots


def spec_text(spec, names=None):
    arcs, roots = spec
    name = names or (lambda v: str(v))
    text = " ".join(f"{name(a)}>{name(b)}:{c}" for a, b, c in arcs)
    return text + " root=" + ",".join(name(r) for r in roots)


@given(thicket_specs())
def test_parse_print_round_trip(spec):
    p = th.parse(spec_text(spec))
    assert th.parse(th.format(p)) == p


@given(thicket_specs(), st.randoms(use_true_random=False))
def test_canonical_labels_ignore_vertex_names(spec, rnd):
    arcs, _ = spec
    vertices = sorted({v for a, b, _ in arcs for v in (a, b)})
    shuffled = vertices[:]
    rnd.shuffle(shuffled)
    rename = {v: f"x{w}" for v, w in zip(vertices, shuffled, strict=True)}
    rnd.shuffle(arcs)
    assert th.parse(spec_text(spec, rename.get)) == th.parse(spec_text(spec))


@given(thicket_specs())
def test_options_are_strictly_smaller(spec):
    p = th.parse(spec_text(spec))
    for _, o in RULES.left_options(p) + RULES.right_options(p):
        assert RULES.size(o) < RULES.size(p)


@settings(max_examples=60)
@given(thicket_specs(colours="g"), st.booleans())
def test_green_outcome_agrees_with_options(spec, misere):
    s = ImpartialSolver(GREEN)
    p = GREEN.parse(spec_text(spec))
    options = [o for _, o in GREEN.options(p)]
    if not options:
        expected = "N" if misere else "P"
    else:
        expected = "N" if any(s.outcome(o, misere) == "P" for o in options) else "P"
    assert s.outcome(p, misere) == expected
    if not misere:
        assert s.nim_value(p) == mex({s.nim_value(o) for o in options})


@settings(max_examples=60, deadline=None)  # slow under load, no reason for a deadline
@given(thicket_specs(colours="g"))
def test_green_components_give_the_value_of_the_whole(spec):
    whole = ImpartialRuleset(
        name="green-thickets-unsplit",
        parse=GREEN.parse,
        format=GREEN.format,
        options=GREEN.options,
        components=lambda p: [p] if p.arcs else [],
        key=GREEN.key,
        size=GREEN.size,
        exhaustive_limit=GREEN.exhaustive_limit,
    )
    p = GREEN.parse(spec_text(spec))
    assert ImpartialSolver(whole).nim_value(p) == ImpartialSolver(GREEN).nim_value(p)


def split_form(p):
    return tuple(sorted(RULES.components(p)))


@settings(max_examples=80)
@given(thicket_specs(max_extra=2), thicket_specs(max_extra=1))
def test_partizan_moves_commute_with_the_split(spec1, spec2):
    # Glue two random thickets at their root 0 (a sink root when no arc leaves 0): each
    # player's options of the whole are exactly the options of one summand with the other
    # summands unchanged. By induction the whole equals the sum of its components.
    arcs1, roots1 = spec1
    arcs2, roots2 = spec2
    arcs = arcs1 + [(f"y{a}" if a else 0, f"y{b}" if b else 0, c) for a, b, c in arcs2]
    roots = roots1 + [f"y{r}" if r else 0 for r in roots2]
    p = th.normalize(arcs, roots)
    parts = RULES.components(p)
    for player in "LR":
        get = RULES.left_options if player == "L" else RULES.right_options
        whole = sorted(split_form(o) for _, o in get(p))
        summed = sorted(
            tuple(sorted(parts[:i] + parts[i + 1 :] + RULES.components(o)))
            for i, part in enumerate(parts)
            for _, o in get(part)
        )
        assert whole == summed


# -- green ruleset ------------------------------------------------------------------------
def test_green_parse_accepts_green_only():
    assert th.format(GREEN.parse("1>0 2>1:g green:[01]")) == th.format(
        th.parse("1>0:g 2>1:g green:[01]")
    )
    for bad in ["1>0:b", "2>1:g 1>0:r", "blue:[01]", "stalk:LR"]:
        with pytest.raises(PositionError, match="not green"):
            GREEN.parse(bad)


def test_green_stalks_alternate():
    s = ImpartialSolver(GREEN)
    assert [s.nim_value(GREEN.parse("green:[" + "0" * n + "]")) for n in range(7)] == [
        0, 1, 0, 1, 0, 1, 0,
    ]


# -- bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad, words",
    [
        ("1>0:x", "unknown colour 'x'"),
        ("1>0:bb", "unknown colour"),
        ("1>", "'1>' has only one end"),
        (">0:b", "only one end"),
        ("1>1:b", "self-loop"),
        ("1>0:b 1>0:r", "repeated arc 1>0"),
        ("1>0:b 2>3:b", "2>3:b is on no directed path to a root"),
        ("1>0:b 2>1:b root=2", "1>0:b is on no directed path"),
        ("blue:[1]", "must start with 0"),
        ("blue:[10]", "must start with 0"),
        ("blue:[012]", "letter '2'"),
        ("red:[0a]", "letter 'a'"),
        ("blue:0101", "expected a tuple"),
        ("purple:[01]", "'purple:\\[01\\]'"),
        ("stalk:LRX", "letter 'X'"),
        ("1>0", "no colour"),
        ("1>0:b junk", "'junk'"),
        ("1>0:b root=", "root list"),
        ("1>0:b foo=1", "unknown option"),
        ("1>0>2:b", "'1>0>2:b'"),
    ],
)
def test_bad_input_is_named(bad, words):
    with pytest.raises(PositionError, match=words):
        th.parse(bad)


def test_unreachable_cycle_is_reported():
    # A 2-cycle with no way to the root lies on no directed path to a root.
    with pytest.raises(PositionError, match="no directed path"):
        th.parse("1>0:g 2>3:g 3>2:g")


def symmetric_thicket(k, rng):
    # k identical branches with a 2-cycle each (not an in-forest, so the canonical labelling
    # goes through refinement and search); colour refinement cannot separate the branches.
    arcs = []
    for i in range(k):
        arcs += [
            (f"a{i}", f"b{i}", "g"),
            (f"b{i}", "0", "g"),
            (f"c{i}", f"b{i}", "b"),
            (f"b{i}", f"c{i}", "r"),
        ]
    rng.shuffle(arcs)
    return arcs


def test_canonical_search_is_exact_below_the_limit():
    rng = random.Random(3)
    forms = {th.make_thicket(symmetric_thicket(4, rng), ["0"]) for _ in range(6)}
    assert len(forms) == 1  # 4! = 24 search leaves, within the limit


def test_canonical_search_limit_falls_back_soundly(monkeypatch):
    # Above the limit, ties are broken by labels: normalizing twice changes nothing and the
    # result is a relabelling of the input.
    monkeypatch.setattr(th, "CANON_SEARCH_LIMIT", 5)
    rng = random.Random(5)
    for _ in range(4):
        arcs = symmetric_thicket(4, rng)
        p = th.make_thicket(arcs, ["0"])
        assert th.parse(th.format(p)) == p
        assert len(p.arcs) == len(arcs)
        assert sorted(c for _, _, c in p.arcs) == sorted(c for _, _, c in arcs)
        assert th.in_degrees(p)[0] == 4
