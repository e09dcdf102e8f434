"""Motion for the table: easing tweens, a small physics integrator, sequences.

Everything advances by ``update(dt)`` with the frame's real time step (already
multiplied by the animation-speed setting) and returns True once finished.
No pygame here: tests drive it with plain numbers.

* ``Tween(obj, dur, ease, x=..., y=...)`` eases attributes of ``obj``.
* ``Fall`` drops a card from a height under gravity onto the table, with
  restitution (a bounce) and an impact callback; ``Slam`` is the same body
  thrown down hard with almost no bounce.
* ``Spring`` is a damped spring: the squash of a card after impact and the
  table's shake are springs kicked by the impact and integrated per frame.
* ``Sequence``/``Parallel``/``Wait``/``Call`` compose steps.
"""
import math

# -- easing ------------------------------------------------------------------------

def linear(t):
    return t


def ease_out_cubic(t):
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_out_toss(t):
    """A card tossed across the table: it leaves at its average speed (``ease_out_cubic``
    leaves at three times it, 70-100 px in the first frame, and read as a jump), speeds
    up a little, and slows to rest.  1 - (1-t)^3 (1+2t): slope 1 at 0, 0 at 1.

    >>> ease_out_toss(0.0), ease_out_toss(1.0), round(ease_out_toss(0.5), 4)
    (0.0, 1.0, 0.75)
    """
    u = 1.0 - t
    return 1.0 - u * u * u * (1.0 + 2.0 * t)


def ease_in_cubic(t):
    return t * t * t


def ease_in_out_cubic(t):
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t, s=1.4):
    u = t - 1.0
    return 1 + u * u * ((s + 1) * u + s)


def ease_in_out_sine(t):
    return -(math.cos(math.pi * t) - 1) / 2


# Substep for the integrators (seconds of animation time): small enough for a
# hard slam to land exactly, cheap enough for many bodies.
STEP = 1 / 240
MAX_STEPS = 64


class Task:
    """Something that advances with time; ``update(dt)`` -> finished?"""
    done = False

    def update(self, dt):
        self.done = True
        return True

    def finish(self):
        """Jump to the end state (used when the window is closed or a step is skipped)."""
        guard = 0
        while not self.done and guard < 10000:
            self.update(0.05)
            guard += 1


class Wait(Task):
    def __init__(self, seconds):
        self.left = seconds
        self.done = seconds <= 0

    def update(self, dt):
        self.left -= dt
        self.done = self.left <= 0
        return self.done


class Call(Task):
    """Run ``fn()`` once, at its turn in a sequence."""

    def __init__(self, fn, *args):
        self.fn, self.args = fn, args

    def update(self, dt):
        if not self.done:
            self.done = True
            self.fn(*self.args)
        return True


class Until(Task):
    """Wait until ``predicate()`` is true (e.g. a bot's answer, a click)."""

    def __init__(self, predicate):
        self.predicate = predicate

    def update(self, dt):
        self.done = bool(self.predicate())
        return self.done


class Lazy(Task):
    """A step built by ``make()`` when it starts (so it starts from the board as it
    is then, not as it was when the step was queued)."""

    def __init__(self, make):
        self.make = make
        self.task = None

    def update(self, dt):
        if self.task is None:
            self.task = self.make() or Wait(0)
        self.done = self.task.update(dt)
        return self.done


class Tween(Task):
    """Ease numeric attributes of ``obj`` to new values over ``duration`` seconds.

    Start values are read when the tween first runs, so a tween queued behind
    others starts from wherever the object is by then.
    ``arc`` lifts attribute ``z`` along a parabola (a card thrown over others).
    ``place``: where the targets come from, a pose (x, y, angle, width) read from the
    board as it is now, so that a resize can send the object to its new place (``rescale``).
    """

    def __init__(self, obj, duration, ease=ease_out_cubic, delay=0.0, arc=0.0,
                 on_done=None, place=None, **targets):
        self.obj = obj
        self.place = place
        self.duration = max(1e-6, duration)
        self.ease = ease
        self.delay = delay
        self.arc = arc
        self.targets = targets
        self.start = None
        self.t = 0.0
        self.on_done = on_done

    def update(self, dt):
        if self.done:
            return True
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
        if self.start is None:
            self.start = {k: getattr(self.obj, k) for k in self.targets}
        self.t = min(1.0, self.t + dt / self.duration)
        k = self.ease(self.t)
        for name, end in self.targets.items():
            a = self.start[name]
            setattr(self.obj, name, a + (end - a) * k)
        if self.arc:        # on the eased path: highest halfway there (not when nearly arrived)
            self.obj.z = self.arc * 4 * k * (1 - k)
        if self.t >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()
        return self.done


class Sequence(Task):
    def __init__(self, *steps):
        self.steps = [s for s in steps if s is not None]
        self.i = 0

    def add(self, step):
        self.steps.append(step)
        self.done = False
        return step

    def update(self, dt):
        # A step that finishes with time to spare passes nothing on: steps are
        # short and a frame late never shows.  Zero-time steps run together.
        while self.i < len(self.steps):
            if not self.steps[self.i].update(dt):
                return False
            self.i += 1
            dt = 0.0
        self.done = True
        return True


class Parallel(Task):
    def __init__(self, *tasks):
        self.tasks = [t for t in tasks if t is not None]

    def update(self, dt):
        alive = [t for t in self.tasks if not t.update(dt)]
        self.tasks = alive
        self.done = not alive
        return self.done


# -- physics ---------------------------------------------------------------------------

def rescale(task: Task | None, sx: float, sy: float, sw: float) -> None:
    """Carry ``task`` (and the steps it still has to run) into a resized window: a tween
    with its ``place`` eases to that place in the new window; any other to its old target
    times ``sx`` across and ``sy`` down; starts move so, card widths and heights above the
    table (``z``, ``arc``: a card's height's multiples) times ``sw``.  A card in flight kept
    the old window's target and size, landed there small and then jumped to its place
    (1024x600 to 1920x800 mid-trick)."""
    if isinstance(task, Sequence):
        for step in task.steps[task.i:]:
            rescale(step, sx, sy, sw)
    elif isinstance(task, Parallel):
        for t in task.tasks:
            rescale(t, sx, sy, sw)
    elif isinstance(task, Lazy):
        rescale(task.task, sx, sy, sw)           # not built yet: it will read the new board
    elif isinstance(task, Tween):
        ratio = {"x": sx, "y": sy, "z": sw, "width": sw}
        for values in (task.targets, task.start or {}):
            for name, factor in ratio.items():
                if name in values:
                    values[name] *= factor
        if task.place is not None:
            pose = dict(zip(("x", "y", "angle", "width"), task.place()))
            task.targets.update({k: v for k, v in pose.items() if k in task.targets})
        task.arc *= sw


class Spring:
    """A damped spring around 0: ``value`` after a ``kick(velocity)``.

    stiffness k and damping c per unit mass; integrated with semi-implicit
    Euler in fixed substeps, so the motion is the same at any frame rate.
    """

    def __init__(self, stiffness=900.0, damping=18.0):
        self.k = stiffness
        self.c = damping
        self.value = 0.0
        self.velocity = 0.0
        self._acc = 0.0

    def kick(self, velocity):
        self.velocity += velocity

    @property
    def resting(self):
        return abs(self.value) < 1e-3 and abs(self.velocity) < 1e-2

    def update(self, dt):
        self._acc += dt
        n = 0
        while self._acc >= STEP and n < MAX_STEPS:
            a = -self.k * self.value - self.c * self.velocity
            self.velocity += a * STEP
            self.value += self.velocity * STEP
            self._acc -= STEP
            n += 1
        if n == MAX_STEPS:          # a huge frame (or a fast test speed): settle
            self._acc = 0.0
            if self.resting or dt > 0.5:
                self.value = self.velocity = 0.0
        if self.resting:
            self.value = self.velocity = 0.0
            return True
        return False


class Fall(Task):
    """A card falling onto the table: height ``z`` under gravity, then bounces.

    ``obj`` needs ``z`` (height above the felt, pixels).  ``vz`` is the initial
    vertical speed (negative = thrown down).  Each impact calls
    ``on_impact(speed)``; the body bounces with ``restitution`` until the
    bounce is too small to see.  Horizontal motion, if any, is a tween run
    alongside.
    """

    def __init__(self, obj, gravity=2600.0, vz=0.0, restitution=0.3, on_impact=None,
                 min_bounce=40.0):
        self.obj = obj
        self.g = gravity
        self.vz = vz
        self.e = restitution
        self.on_impact = on_impact
        self.min_bounce = min_bounce
        self.impacts = 0
        self._acc = 0.0

    def update(self, dt):
        if self.done:
            return True
        self._acc += dt
        n = 0
        while self._acc >= STEP and not self.done:
            self._acc -= STEP
            n += 1
            self.vz -= self.g * STEP
            self.obj.z += self.vz * STEP
            if self.obj.z <= 0.0:
                self.obj.z = 0.0
                speed = -self.vz
                self.impacts += 1
                if self.on_impact:
                    self.on_impact(speed)
                self.vz = speed * self.e
                if self.vz < self.min_bounce:
                    self.vz = 0.0
                    self.done = True
            if n >= MAX_STEPS * 4:     # an enormous step: land now
                if not self.impacts and self.on_impact:
                    self.on_impact(-self.vz)
                self.obj.z = 0.0
                self.done = True
        return self.done
