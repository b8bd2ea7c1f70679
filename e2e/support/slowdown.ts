/**
 * How many times slower this machine's core runs than the kind the browser suite's limits were set
 * on. The limits only tell a hung page from a slow one; CI's shared machines are at times more
 * than ten times slower, where a page that is ready in 1 s on a laptop needs 15 s. Every limit in
 * the suite is `limit(ms)`: the same wait for a condition, stretched by this factor.
 *
 * Measured once, by the runner when it reads the config, and handed to its workers through the
 * environment (they inherit it), so every process of a run uses the same factor. E2E_SLOWDOWN set
 * by hand wins.
 */
const REFERENCE_MS = 15; // the loop below on an ordinary laptop core

function measure(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    let x = 0;
    for (let i = 0; i < 1e7; i++) x += i % 7;
    if (x < 0) throw new Error('unreachable');
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best / REFERENCE_MS;
}

function slowdownFactor(): number {
  const given = Number(process.env.E2E_SLOWDOWN);
  if (Number.isFinite(given) && given > 0) return given;
  // The machine's speed drifts during a run: twice the measured factor, never below 1 and never
  // above 30 (a hung 45-s test then fails after at most 22 min).
  const factor = Math.min(30, Math.max(1, Math.round(measure() * 2 * 10) / 10));
  process.env.E2E_SLOWDOWN = String(factor);
  return factor;
}

export const slowdown = slowdownFactor();

/** A limit for waiting on a condition, in ms, stretched for this machine. */
export const limit = (ms: number) => Math.round(ms * slowdown);
