import type { Services } from '../../services.ts';

/** The demo operator (DESIGN §4): `admin` / `Admin@1234` with every permission. */
export async function seedOperators({ auth }: Services): Promise<boolean> {
  if (await auth.operators.getByAccount('admin')) return false;
  // The owner: enrols TOTP at the first console sign-in (owner and finance must).
  await auth.operators.create({ account: 'admin', password: 'Admin@1234', role: 'owner' });
  return true;
}
