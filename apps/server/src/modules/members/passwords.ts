import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's Password Storage Cheat Sheet parameters (m = 19 MiB, t = 2, p = 1): the
 * first of its equivalent settings, chosen because it keeps one hash near 30-50 ms on a small
 * server while still forcing ~19 MiB per guess, which is what makes GPU cracking expensive.
 * Parameters are encoded in every hash, so raising them later re-hashes on the next login.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (the package's enum is `const`, unusable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    // A malformed stored hash (never expected) must read as "wrong password", not a 500.
    return false;
  }
}

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * Spend the time of a real verification when there is no account, so the answer time does not
 * tell whether a username exists.
 */
export async function burnVerification(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}

/** A hash for accounts that have no usable password (trial, mobile sign-up without one). */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(hashed: string): boolean {
  const m = /\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hashed);
  if (!m) return true;
  return (
    Number(m[1]) < ARGON2_OPTIONS.memoryCost ||
    Number(m[2]) < ARGON2_OPTIONS.timeCost ||
    Number(m[3]) < ARGON2_OPTIONS.parallelism
  );
}
