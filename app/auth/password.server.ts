import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// A real hash to verify against when the user does not exist, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

/** Verifies in constant time whether or not there is a stored hash (unknown users cost the same). */
export async function verifyPassword(password: string, storedHash: string | null | undefined): Promise<boolean> {
  dummyHash ??= hashPassword("daftar-timing-equaliser");
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash != null;
  } catch {
    return false;
  }
}
