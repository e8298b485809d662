// A small seeded PRNG (mulberry32) and the draws the demo stream needs, so one seed always
// produces the same stream.

/** mulberry32: 32-bit state, fast, good enough for synthetic data (not for secrets). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into a 32-bit seed (for per-item generators that must not depend on order). */
export function mixSeed(a, b) {
  let h = Math.imul((a >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((b >>> 0) + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 13)) >>> 0;
}

/** Draw helpers over one generator. */
export function drawsFrom(random) {
  return {
    random,
    chance: (p) => random() < p,
    int: (min, max) => min + Math.floor(random() * (max - min + 1)),
    pick: (items) => items[Math.floor(random() * items.length)],
    /** Picks by weight from [[value, weight], ...]. */
    weighted: (pairs) => {
      const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
      let point = random() * total;
      for (const [value, weight] of pairs) {
        point -= weight;
        if (point < 0) return value;
      }
      return pairs[pairs.length - 1][0];
    },
    /** A log-normal multiplier around 1 (spread ~ sigma), for amounts. */
    logNormal: (sigma) => {
      const u = Math.max(random(), 1e-12);
      const v = random();
      return Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
    },
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Fixed-width base-62 (or another base from the alphabet's start) text of a non-negative integer. */
export function encode(value, width, base = 62) {
  let text = '';
  let rest = Math.floor(value);
  for (let i = 0; i < width; i++) {
    text = ALPHABET[rest % base] + text;
    rest = Math.floor(rest / base);
  }
  return text;
}

/** `length` random characters of the given base, from the generator. */
export function randomText(random, length, base = 62) {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(random() * base)];
  return text;
}
