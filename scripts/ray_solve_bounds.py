"""The `--bounds` split of `scripts/ray_solve.py`: the empty board's score proven by questions
of the form "does this position score at least t?", each position of the split's last ply
asked only the question its parent needs (one null-window search, `sente solve connect4
--at-least t`), and a position's other moves asked only when its first did not settle it.

A position scores at least t exactly when one of its moves leaves the opponent a score below
1 - t, and below t when every move leaves the opponent at least 1 - t. So a question on a
position before the split's last ply becomes questions on its children, asked first of one
move alone (the one most likely to settle it, as in a sequential alpha-beta: the move the
answers so far hold lowest for the opponent, else the most central), then of the rest together
once the first did not (parallel work where a proof needs every move).
A question a transposition has already asked waits on that one; the answers are kept as bounds
of each position, which later questions (another t, another run on the same store) read before
asking anything. The empty board's score is narrowed one t at a time: is it at least 1 (does the
first player win)? then 2, 3, ... up, or 0, -1, ... down, until its lower and upper bounds meet.

A solver may give a position up (`sente solve --max-seconds`): its question is then asked of
its children, one ply deeper, and so on, so that no task runs longer than that.

Nothing here knows of Ray: `Prover.leaves()` hands out the questions that need a solver,
`Prover.answer()` takes their answers, in any order.
"""

import heapq


def standing(split, bounds, given_up=()):
    """What the answers prove so far, without asking anything: the root's (low, high) and, for
    each of its moves (mirror images merged, most central first), the child's key and (low,
    high) from the child's side to move. Each position's bounds are its own (the score range,
    `bounds`) narrowed by its children's by negamax, the split listed down to its last ply (a
    position in `given_up` one ply deeper, as the Prover splits it)."""
    given_up = set(given_up)
    memo = {}

    def bound(key):
        # Recursive: a split is a few plies deep.
        if key in memo:
            return memo[key]
        kind, data = split.nodes[key]
        if kind == "known":
            memo[key] = (data, data)
            return memo[key]
        if kind == "task" and key in given_up:
            split.deepen(key)
        kind, data = split.node(key)
        low, high = split.limits(key)
        held = bounds.get(key)
        if held:
            low, high = max(low, held[0]), min(high, held[1])
        if kind == "inner":
            children = [bound(child) for child in dict.fromkeys(data)]
            low = max(low, max(-h for _, h in children))
            high = min(high, max(-lo for lo, _ in children))
        memo[key] = (low, high)
        return memo[key]

    root = bound(split.root)
    kind, data = split.node(split.root)
    moves = [(child, bound(child)) for child in dict.fromkeys(data)] if kind == "inner" else []
    return root, moves


class Question:
    """ "Does position `key` score at least `t`?", and who waits for its answer."""

    def __init__(self, key, t, path):
        self.key, self.t, self.path = key, t, path
        self.waiters = set()  # Frames (or the Prover itself, for the root)
        self.done = False


class Leaf(Question):
    """A question a solver answers: the position is at the split's last ply."""

    def __init__(self, key, t, path, moves):
        super().__init__(key, t, path)
        self.moves = moves
        self.sent = False


class Frame(Question):
    """A question answered from its children's: first the most central move's, then the rest's."""

    def __init__(self, key, t, path, children):
        super().__init__(key, t, path)
        self.children = children  # unsettled child keys, most central first
        self.asked = {}  # child key -> the child's Question still awaited
        self.rest_asked = False


class Prover:
    """Narrows the score of `split`'s root with the bounds in `bounds` (key -> [low, high],
    updated as answers come). `split.node(key)` is ("known", score), ("task", moves) or
    ("inner", [child keys, most central move first]), `split.nodes[key]` the same with the
    children not listed yet (None); `first` is the first t asked of the root."""

    def __init__(self, split, bounds, limits, first=1, given_up=()):
        self.split, self.bounds = split, bounds
        # Positions a solver gave up (too long): asked of their children, one ply deeper.
        self.given_up = set(given_up)
        self.limits = limits  # key -> (lowest, highest) score its stones allow
        self.open = {}  # (key, t) -> live Question
        self.flying = {}  # (key, t) -> Leaf handed out and not answered yet
        self.queue = []  # heap of (path, number, Leaf) to hand out
        self.number = 0
        self.root = None
        self.steps = []  # (t, the root's answer), in order
        self.next_t = first
        self.ask_root()

    # The bounds of a position: the store's, the split's decided positions and the score range.
    def bound(self, key):
        kind, data = self.split.nodes[key]  # an inner position's children not needed here
        if kind == "known":
            return data, data
        low, high = self.limits(key)
        held = self.bounds.get(key)
        if held:
            low, high = max(low, held[0]), min(high, held[1])
        return low, high

    def learn(self, key, t, reached):
        held = self.bounds.setdefault(key, [-(1 << 30), 1 << 30])
        if reached:
            held[0] = max(held[0], t)
        else:
            held[1] = min(held[1], t - 1)
        if held[0] > held[1]:
            raise ValueError(f"the answers on position {self.moves_of(key)!r} contradict each other")

    def moves_of(self, key):
        kind, data = self.split.nodes[key]
        return data if kind == "task" else key

    def settled(self, key, t):
        """True or False when the bounds already answer "does `key` score at least `t`?"."""
        low, high = self.bound(key)
        if low >= t:
            return True
        if high < t:
            return False
        return None

    # The root: one t after another until its bounds meet.
    def ask_root(self):
        while True:
            low, high = self.bound(self.split.root)
            if low == high:
                self.root = None
                return
            t = min(max(self.next_t, low + 1), high)
            known = self.settled(self.split.root, t)
            if known is not None:
                self.root_answered(t, known)
                continue
            question = self.ask(self.split.root, t, ())
            if question.done:
                # Its children's bounds answered it at once.
                self.root_answered(t, self.settled(self.split.root, t))
                continue
            question.waiters.add(self)
            self.root = question
            return

    def root_answered(self, t, reached):
        self.steps.append((t, reached))
        self.next_t = t + 1 if reached else t - 1

    def done(self):
        return self.root is None

    def asking(self):
        """(t, settled, moves) of the root's open question "at least t?": how many of the
        root's moves (mirror images merged) the answers so far settle for it; None when the
        score is known or the root is itself a question for the solver."""
        if not isinstance(self.root, Frame):
            return None
        moves = list(dict.fromkeys(self.split.node(self.split.root)[1]))
        settled = sum(1 for child in moves if self.settled(child, 1 - self.root.t) is not None)
        return self.root.t, settled, len(moves)

    def score(self):
        low, high = self.bound(self.split.root)
        return low if low == high else None

    # Questions.
    def ask(self, key, t, path):
        """The live Question (key, t), made if need be (the caller has checked the bounds)."""
        question = self.open.get((key, t))
        if question is not None:
            return question
        question = self.flying.get((key, t))
        if question is not None:
            # Dropped while a solver had it, needed again: its answer is on its way.
            question.done = False
            self.open[(key, t)] = question
            return question
        kind, data = self.split.node(key)
        if kind == "task" and key in self.given_up:
            self.split.deepen(key)
            kind, data = self.split.node(key)
        if kind != "task":
            return self.frame(key, t, path)
        question = Leaf(key, t, path, data)
        self.number += 1
        heapq.heappush(self.queue, (path, self.number, question))
        self.open[(key, t)] = question
        return question

    def frame(self, key, t, path, waiters=()):
        """A new Frame (key, t) of an inner position, asking its first child at once."""
        children = list(dict.fromkeys(self.split.node(key)[1]))  # mirror images: one key
        frame = Frame(key, t, path, children)
        frame.waiters.update(waiters)
        self.open[(key, t)] = frame
        self.advance(frame)
        return frame

    def advance(self, frame):
        """Asks the frame's next children, or answers it when its bounds or children settle it."""
        need = 1 - frame.t
        while not frame.done:
            unsettled = []
            for child in frame.children:
                known = self.settled(child, need)
                if known is False:
                    # This move leaves the opponent below 1 - t: the position reaches t.
                    return self.resolve(frame, True)
                if known is None:
                    unsettled.append(child)
            frame.children = unsettled
            if not unsettled:
                return self.resolve(frame, False)
            if frame.rest_asked:
                wanted = unsettled
            elif frame.asked:
                return None
            else:
                # The move whose score the answers so far hold lowest (it settled an earlier
                # bound), the most central among equals.
                wanted = [min(unsettled, key=lambda c: self.bound(c)[1])]
            fresh = [c for c in wanted if c not in frame.asked]
            if not fresh:
                return None
            for child in fresh:
                order = frame.children.index(child)
                question = self.ask(child, need, frame.path + (order,))
                if question.done:
                    break  # answered at once: settled above on the next pass
                frame.asked[child] = question
                question.waiters.add(frame)
            else:
                return None
        return None

    def child_answered(self, frame, child, reached):
        frame.asked.pop(child, None)
        if frame.done:
            return
        if reached and not frame.rest_asked and not frame.asked:
            # The first move did not settle it: every other move is needed or one settles it.
            frame.rest_asked = True
        self.advance(frame)

    def resolve(self, question, reached):
        question.done = True
        self.open.pop((question.key, question.t), None)
        self.learn(question.key, question.t, reached)
        if isinstance(question, Frame):
            for child in list(question.asked.values()):
                self.forget(child, question)
            question.asked.clear()
        for waiter in list(question.waiters):
            if waiter is self:
                self.root_answered(question.t, reached)
                self.ask_root()
            else:
                self.child_answered(waiter, question.key, reached)
        question.waiters.clear()

    def forget(self, question, waiter):
        """`waiter` no longer needs `question`: one nobody waits for is dropped with its own."""
        question.waiters.discard(waiter)
        if question.waiters or question.done:
            return
        self.open.pop((question.key, question.t), None)
        question.done = True
        if isinstance(question, Frame):
            for child in list(question.asked.values()):
                self.forget(child, question)
            question.asked.clear()

    # The solver's side.
    def leaves(self, most):
        """Up to `most` questions for the solver, all with the same t, the leftmost first."""
        batch = []
        while self.queue and len(batch) < most:
            leaf = self.queue[0][2]
            if leaf.done or leaf.sent:
                heapq.heappop(self.queue)
                continue
            if batch and leaf.t != batch[0].t:
                break
            heapq.heappop(self.queue)
            if self.split.nodes[leaf.key][0] != "task":
                self.reframe(leaf)  # given up on another bound since it was queued
                continue
            known = self.settled(leaf.key, leaf.t)
            if known is not None:
                self.resolve(leaf, known)
                continue
            leaf.sent = True
            self.flying[(leaf.key, leaf.t)] = leaf
            batch.append(leaf)
        return batch

    def answer(self, leaf, reached):
        """The solver's answer to `leaf`, a question `leaves` handed out: True or False, or
        None when it gave the position up (then asked of its children, one ply deeper)."""
        self.flying.pop((leaf.key, leaf.t), None)
        if reached is None:
            self.given_up.add(leaf.key)
            if self.split.nodes[leaf.key][0] == "task":
                self.split.deepen(leaf.key)
            if not leaf.done:
                self.reframe(leaf)
        elif leaf.done:
            self.learn(leaf.key, leaf.t, reached)
        else:
            self.resolve(leaf, reached)

    def reframe(self, leaf):
        """The live `leaf`, whose position is now split one ply deeper, replaced by a Frame
        that its waiters wait on instead."""
        leaf.done = True
        waiters, leaf.waiters = leaf.waiters, set()
        for waiter in waiters:
            if waiter is not self:
                waiter.asked.pop(leaf.key, None)
        frame = self.frame(leaf.key, leaf.t, leaf.path, waiters)
        if frame.done:
            return  # its children's bounds answered it, and told the waiters
        for waiter in waiters:
            if waiter is not self:
                waiter.asked[leaf.key] = frame
        if self.root is leaf:
            self.root = frame

    def unsent(self, leaves):
        """`leaves` were handed out but not answered (their worker died): hand them out again."""
        for leaf in leaves:
            self.flying.pop((leaf.key, leaf.t), None)
            if not leaf.done:
                leaf.sent = False
                self.number += 1
                heapq.heappush(self.queue, (leaf.path, self.number, leaf))
