"""The WARZAG ruleset: a new game, the moment an orders document may be given, and the dispatch of
its actions to the rule modules, phase by phase [WZ L146-L149].

Actions are carried out in the order written, each against the state the ones before it left;
the first illegal one stops the document, which then changes nothing (orders apply whole or not
at all). `check` runs the same adjudication on a copy.
"""

from __future__ import annotations

from typing import Any, ClassVar

from aa_ref.core.engine import FIRST_RULES, Context, OrdersInput, WhereAnswer, problems_of_a_dry_run
from aa_ref.core.errors import IllegalOrders, Problem
from aa_ref.core.model import LogRef
from aa_ref.core.setups import changed_setup_text, data_sha256
from aa_ref.core.yamlio import Document
from aa_ref.games.warzag import annex, armies, cards, invasion, leader, objectives, turns
from aa_ref.games.warzag import orders as o
from aa_ref.games.warzag.act import Act, Illegal
from aa_ref.games.warzag.events import SetStanding, apply_event
from aa_ref.games.warzag.options import OPTIONS, option_problem
from aa_ref.games.warzag.pack import NATIONS, Pack
from aa_ref.games.warzag.pack_checks import pack_problems
from aa_ref.games.warzag.state import PHASES, Game, HexState, Player

START_RESOURCES = {2: 30}
"""2 players: 30 PP and 30 PC each; 3 to 6 players: 15 each [WZ L130-L134]."""
START_RESOURCES_MANY = 15

ANY_TIME = (o.DrawSupply, o.TradeOrder, o.PromoteOrder, o.EvacuateOrder, o.ActivateTrack, o.AccelerateOrder, o.PlayOrder,
            o.TransferOrder, o.ClaimOrder, o.SurrenderOrder, o.StandingOrder)
"""Actions outside the phase sequence (the Supply draw where the pawn stopped, which an accelerator can do in any
phase [WZ L624]; R&D activities while the Leader is there, A13; cards [WZ L626];
transfers [WZ L433]; objectives [WZ L443]; surrender [WZ L445])."""
OFF_TURN = (o.PlayOrder, o.TransferOrder, o.ClaimOrder, o.SurrenderOrder, o.StandingOrder, o.EliminateOrder)
"""What a player may do outside his own turn."""


def pack_digest(pack: Pack) -> str:
    """The digest of a pack's data (its model, as JSON): a game records it, so a pack changed under a game is
    noticed; games begun since versioned saves are also checked by the log's `setup_sha256` (docs/compatibility.md)."""
    return data_sha256(pack.model_dump(mode="json"))


class Warzag:
    """WARZAG World War II [shared/seeds/003_e524ad6dc0f1855a.txt]."""

    id: ClassVar[str] = "warzag"
    rules_version: ClassVar[int] = 1
    """The version of WARZAG's adjudication: raised by one whenever it changes (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]] = {
        1: FIRST_RULES,
    }
    """What changed at each rules version, for a replay that diverges."""
    phases: ClassVar[list[str]] = list(PHASES)
    self_checking: ClassVar[bool] = True
    in_progress: ClassVar[tuple[str, ...]] = ("turn", "pending", "invasion", "next_army")
    """Actions are checked as they are carried out, with the dice really rolled (`check` runs a copy)."""

    # --- options and files ------------------------------------------------------
    def options(self) -> dict[str, list[str]]:
        return {key: list(option.choices) for key, option in OPTIONS.items()}

    def option_problem(self, key: str, value: str) -> str | None:
        return option_problem(key, value)

    @staticmethod
    def apply_event(game: Game, event: Any) -> None:
        apply_event(game, event)

    def setup_problems(self, pack: Pack, doc: Document) -> list[Problem]:
        return pack_problems(pack, doc)

    def game_problems(self, pack: Pack, game: Game, doc: Document) -> list[Problem]:
        """Names in a game file that the pack does not know, and a pack changed since the game began."""
        problems = []
        now = pack_digest(pack)
        if game.pack_sha256 != now:
            problems.append(doc.problem(changed_setup_text(game.setup, "component pack", game.pack_sha256, now),
                                        ("pack_sha256",)))
        for nation, player in game.players.items():
            if nation not in NATIONS:
                problems.append(doc.problem(pack.power_names.unknown_message(nation), ("players", nation)))
            for key in ("start_base", "leader"):  # hexes of the board (a leader of an eliminated player has none)
                where = getattr(player, key)
                if where is not None and where not in pack.neighbours:
                    problems.append(doc.problem(pack.hex_names.unknown_message(where), ("players", nation, key)))
        if sorted(game.seating) != sorted(game.players):
            problems.append(doc.problem(f"the seating ({', '.join(game.seating)}) must name every player once "
                                        f"({', '.join(game.players)})", ("seating",)))
        if game.power not in game.seating:
            problems.append(doc.problem(f"'{game.power}' is to play but is not in the seating "
                                        f"({', '.join(game.seating)})", ("power",)))
        for hex_id in game.hexes:
            if hex_id not in pack.neighbours:
                problems.append(doc.problem(pack.hex_names.unknown_message(hex_id), ("hexes", hex_id)))
        for army_id, army in game.armies.items():
            if army.hex not in pack.neighbours:
                problems.append(doc.problem(pack.hex_names.unknown_message(army.hex), ("armies", army_id, "hex")))
            if army.nation not in pack.dossiers or army.category not in pack.dossiers.get(army.nation, {}):
                problems.append(doc.problem(f"no Dossier card for {army.nation} {army.category}", ("armies", army_id)))
        return problems

    # --- a new game -------------------------------------------------------------
    def new_game(self, pack: Pack, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """Bases by Objective-card draw, Leaders on them, starting resources by player count, the Supply deck
        shuffled [WZ L90-L146]."""
        from aa_ref.core.errors import UsageError

        nations = [n.strip() for n in options["players"].split(",")]
        problem = turns_seating_problem(options)
        if problem:
            raise UsageError(problem)
        bases = objectives.assign_bases(pack, seed, nations)
        start = START_RESOURCES.get(len(nations), START_RESOURCES_MANY)
        leaders = {card.nation: card_id for card_id, card in pack.leaders.items()}
        players = {
            n: Player(nation=n, pp=start, pc=start, start_base=bases[n], leader=pack.base_hex[bases[n]], leader_card=leaders[n])
            for n in nations
        }
        return Game(
            kind="warzag-game", schema_version=1, setup=pack.id, pack_sha256=pack_digest(pack), options=options,
            seed=seed, mode=options["mode"], seating=nations, round=1, power=nations[0], phase="income",  # type: ignore[arg-type]
            players=players, hexes={pack.base_hex[bases[n]]: HexState(owner=n) for n in nations},
            supply_deck=sorted(pack.supply), log=LogRef(file=log_file),
        )

    def deal_secrets(self, pack: Pack, options: dict[str, str], seed: str) -> tuple[dict[str, str], dict[str, Any]]:
        """Free-for-all: the secret Objective deal [WZ L126-L128]; the commitments (public) and each player's
        private file."""
        if options.get("mode") != "free_for_all":
            return {}, {}
        nations = [n.strip() for n in options["players"].split(",")]
        dealt = objectives.deal_objectives(pack, seed, nations)
        return ({n: objectives.commitment(seed, n, s.card, s.salt) for n, s in dealt.items()},
                {f"objective-{n}": s for n, s in dealt.items()})

    def commit_secrets(self, game: Game, commitments: dict[str, str]) -> None:
        for nation, digest in commitments.items():
            game.players[nation].objective = digest

    def referee_secrets(self) -> dict[str, str]:
        """WARZAG has no referee: its secrets are the players' own files."""
        return {}

    def bound_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """The log binds the whole state (the objectives are there as commitments only)."""
        return data

    # --- orders -----------------------------------------------------------------
    def check(self, pack: Pack, game: Game, given: OrdersInput) -> list[Problem]:
        """The document's problems: its moment, then its actions carried out on a copy."""
        return problems_of_a_dry_run(self, pack, game, given)

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        model: o.Orders = given.model
        game: Game = ctx.game
        nation = self._moment(ctx.setup, game, given)
        act = Act(ctx, ctx.setup, nation)
        own_turn = nation == game.power and not game.pending
        if own_turn and game.turn.roll is None:
            turns.begin_turn(act)
        for i, action in enumerate(model.actions):
            key = next(iter(action.model_dump(by_alias=True)))
            try:
                if game.winner:
                    raise Illegal("the game is over", "WZ L443-L445")
                out = game.players[nation]
                if (out.eliminated or out.surrendered) and not isinstance(action, o.EndTurn):
                    raise Illegal(f"{nation} is out of the game ({'eliminated' if out.eliminated else 'surrendered'})"
                                  + ("; it may only end its turn" if nation == game.power else ""),
                                  "WZ L447" if out.eliminated else "WZ L445")
                if game.pending and not isinstance(action, (o.EliminateOrder, o.PlayOrder, o.StandingOrder)):
                    d = game.pending[0]
                    raise Illegal(f"the game waits for {d.power}'s decision ({d.detail}) before anything else", "WZ L336")
                self._do(act, _with_hex_ids(act, action), own_turn)
            except Illegal as exc:
                raise IllegalOrders(f"{given.doc.path}: orders not accepted",
                                    [given.problem(exc.message, ("actions", i, exc.field or key), exc.rule)]) from None

    def _moment(self, pack: Pack, game: Game, given: OrdersInput) -> str:
        model = given.model
        nation = pack.power_names.get(model.power)
        problems = []
        if nation is None or nation not in game.players:
            problems.append(given.problem(pack.power_names.unknown_message(model.power) if nation is None
                                          else f"{nation} does not play in this game (players: {', '.join(game.seating)})", ("power",)))
        if model.based_on is not None and model.based_on != game.log.head:
            problems.append(given.problem(f"these orders were written for another state of the game (based_on "
                                          f"{model.based_on}, the game is at {game.log.head}): they are stale", ("based_on",)))
        if not problems and game.winner:
            problems.append(given.problem(f"the game is over: {game.winner} won", ("power",)))
        if not problems:
            waiting = [d.power for d in game.pending]
            if waiting and nation not in waiting and nation == game.power:
                problems.append(given.problem(f"the game waits for {waiting[0]}'s decision", ("power",)))
            elif not waiting and nation != game.power:
                off = [a for a in model.actions if not isinstance(a, OFF_TURN)]
                if off or any(isinstance(a, o.EliminateOrder) for a in model.actions):
                    problems.append(given.problem(f"it is {game.power}'s turn; outside his own turn {nation} may only "
                                                  "play cards, transfer, claim, surrender or change standing orders", ("power",)))
        if problems:
            raise IllegalOrders(f"{given.doc.path}: orders not accepted", problems)
        return nation  # type: ignore[return-value]

    def _do(self, act: Act, action: Any, own_turn: bool) -> None:
        game = act.game
        if isinstance(action, o.EliminateOrder):
            act.require(bool(game.pending) and game.pending[0].power == act.nation, "no invasion waits for "
                        f"{act.nation}'s choice of losses", "L336-L340")
            invasion.defender_answer(act, action.eliminate)
            return
        if isinstance(action, ANY_TIME):
            self._any_time(act, action, own_turn)
            return
        act.require(act.nation == game.power, f"this is an action of one's own turn, and it is {game.power}'s", "L146")
        self._enter(act, action)
        if isinstance(action, o.LeaderOrder):
            leader.move_leader(act, action.leader)
        elif isinstance(action, o.RansomOrder):
            leader.ransom(act, action.ransom)
        elif isinstance(action, o.AnnexOrder):
            annex.annex(act, action.annex)
        elif isinstance(action, o.DevelopOrder):
            annex.develop(act, action.develop, action.type)
        elif isinstance(action, o.TrainOrder):
            armies.train(act, action.train, action.at, action.count)
        elif isinstance(action, o.MoveOrder):
            armies.move(act, action.move, action.path)
        elif isinstance(action, o.InvadeOrder):
            invasion.invade(act, action)
        elif isinstance(action, o.EndTurn):
            turns.end_turn(act)

    def _enter(self, act: Act, action: Any) -> None:
        """Go on to the phase an action belongs to; earlier phases cannot come back [WZ L146]."""
        current = act.game.phase
        index = PHASES.index(current)
        if isinstance(action, (o.LeaderOrder, o.RansomOrder)):
            act.require(current == "leader", f"this is Phase II's; the turn is in {turns.phase_label(current)}", "L146")
            return
        if isinstance(action, o.NextPhase):
            wanted = action.next_phase
            act.require(PHASES.index(wanted) > index, f"the turn is already in {turns.phase_label(current)}", "L146")
        elif isinstance(action, o.AnnexOrder):
            wanted = "annexation" if index <= PHASES.index("annexation") else "invasion"
        elif isinstance(action, o.MoveOrder):
            wanted = "armies" if index <= PHASES.index("armies") else "invasion"
        else:
            wanted = {o.DevelopOrder: "annexation", o.TrainOrder: "armies", o.InvadeOrder: "invasion",
                      o.EndTurn: "end"}[type(action)]
        act.require(PHASES.index(wanted) >= index, f"this belongs to {turns.phase_label(wanted)}, and the turn is "
                                                   f"already in {turns.phase_label(current)}", "L146")
        turns.enter_phase(act, wanted)  # type: ignore[arg-type]

    def _any_time(self, act: Act, action: Any, own_turn: bool) -> None:
        if isinstance(action, o.DrawSupply):
            leader.draw_supply(act, action.draw_supply)
        elif isinstance(action, o.TradeOrder):
            leader.trade(act, action.trade, action.times)
        elif isinstance(action, o.PromoteOrder):
            leader.promote(act, action.promote)
        elif isinstance(action, o.EvacuateOrder):
            leader.evacuate(act, action.evacuate)
        elif isinstance(action, o.ActivateTrack):
            leader.activate_track(act)
        elif isinstance(action, o.AccelerateOrder):
            leader.accelerate(act)
        elif isinstance(action, o.PlayOrder):
            cards.play(act, action, own_turn)
        elif isinstance(action, o.TransferOrder):
            cards.transfer(act, action.transfer, action.pp, action.pc)
        elif isinstance(action, o.ClaimOrder):
            objectives.claim(act, action.claim_objective, action.salt)
        elif isinstance(action, o.SurrenderOrder):
            turns.surrender(act)
        elif isinstance(action, o.StandingOrder):
            act.ctx.emit(SetStanding(player=act.nation, standing=action.standing))
            act.note(f"{act.nation}'s standing orders: {action.standing.model_dump(exclude_defaults=True) or 'the defaults'}")

    def template(self, pack: Pack, game: Game) -> str:
        from aa_ref.games.warzag.template import template

        return template(pack, game)

    def where(self, pack: Pack, game: Game, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """`aa-ref where`: a hex's neighbours, owner and armies; with armies, the hexes they can reach now."""
        from aa_ref.games.warzag.where import answer

        return answer(self, pack, game, space, units, power, side)


def _with_hex_ids(act: Act, action: Any) -> Any:
    """The action with every hex it names as the pack's id (names match in any case, printed names too)."""
    changes: dict[str, Any] = {}
    for name in o.HEX_FIELDS.get(type(action), ()):
        value = getattr(action, name)
        key = name.rstrip("_")
        if isinstance(value, list):
            changes[name] = [act.hex(v, key) for v in value]
        elif value is not None:
            changes[name] = act.hex(value, key)
    return action.model_copy(update=changes) if changes else action


def turns_seating_problem(options: dict[str, str]) -> str | None:
    from aa_ref.games.warzag.options import seating_problem

    return seating_problem(options["players"], options.get("mode"))
