/** The time source; tests inject one they can move forward. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that reads `start` at the moment it is made and then runs at the pace of `real`. */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offset) };
}

/** A clock that can be moved forward, never back (POST /dev/clock: development and tests only). */
export interface MovableClock extends Clock {
  /** Moves the clock to `to` and answers true; an instant before now changes nothing and answers false. */
  moveTo(to: Date): boolean;
}

/** `base` moved forward by as much as `moveTo` asked, in this process (several processes on PostgreSQL each keep their own). */
export function movableClock(base: Clock): MovableClock {
  let ahead = 0;
  const now = () => new Date(base.now().getTime() + ahead);
  return {
    now,
    moveTo(to) {
      const step = to.getTime() - now().getTime();
      if (!Number.isFinite(step) || step < 0) return false;
      ahead += step;
      return true;
    },
  };
}

/** Whether the clock is one /dev/clock may move. */
export const isMovable = (clock: Clock): clock is MovableClock => typeof (clock as Partial<MovableClock>).moveTo === 'function';

/**
 * The server's clock from the CLOCK_START setting: unset, the real clock; set to an ISO instant with its zone
 * (2026-11-27T15:00:00Z), a clock that starts at that instant when the server starts and runs from there, so a test
 * run sees the same dates (delivery estimates, order dates) every time. For development and tests only: a production
 * shop whose clock is moved would promise wrong dates, so there the setting stops the start.
 */
export function serverClock(clockStart: string | undefined, production: boolean): Clock {
  if (clockStart === undefined || clockStart === '') return systemClock;
  if (production) throw new Error('CLOCK_START is for development and tests only: unset it with NODE_ENV=production.');
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(clockStart) ? new Date(clockStart) : null;
  if (!instant || Number.isNaN(instant.getTime()))
    throw new Error(`CLOCK_START must be an ISO instant with its zone, such as 2026-11-27T15:00:00Z, not "${clockStart}".`);
  return clockStartingAt(instant);
}
