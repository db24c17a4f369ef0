import { setImmediate } from 'node:timers';

/** Counts event-loop turns (each check phase, through a setImmediate that schedules itself) until stopped. */
export function turnCounter(): { now(): number; stop(): void } {
  let turns = 0;
  let going = true;
  const tick = () => {
    turns += 1;
    if (going) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turns, stop: () => void (going = false) };
}
