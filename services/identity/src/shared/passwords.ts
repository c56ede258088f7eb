import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const maxmem = (cost: number, r: number) => 256 * 2 ** cost * r;

/**
 * Password hashes use node:crypto's scrypt (memory-hard, no native add-on to install), stored with
 * their parameters so the cost can be raised later: `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, {
    N: 2 ** cost,
    r: BLOCK_SIZE,
    p: 1,
    maxmem: maxmem(cost, BLOCK_SIZE),
  });
  return `scrypt$${cost}$${BLOCK_SIZE}$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

// Verifying against one of these when there is no account makes "unknown email" cost as much as
// "wrong password": one per cost, the cost new hashes get (PASSWORD_SCRYPT_COST).
const dummies = new Map<number, Promise<string>>();

/**
 * True when `password` matches `stored`; a missing or malformed hash never matches, at the cost of
 * checking a hash of `dummyCost` (the configured cost of new hashes, which accounts have).
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  dummyCost = 15,
): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    let dummy = dummies.get(dummyCost);
    if (!dummy) dummies.set(dummyCost, (dummy = hashPassword('dummy-password', dummyCost)));
    await verifyPassword(password, await dummy);
    return false;
  }
  const [, cost, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), {
    N: 2 ** Number(cost),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(cost), Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
