import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import type { Person } from '../orders/factories.js';

export interface Crew {
  superuser: Person;
  staff: Person;
  reader: Person;
}

/** A superuser, a staff member and a reader, each logged in. */
export async function crew(t: TestApp): Promise<Crew> {
  const make = async (role: 'user' | 'staff' | 'superuser') => {
    const user = await createUser(t, { role });
    return { user, token: await tokenFor(t, user) };
  };
  return { superuser: await make('superuser'), staff: await make('staff'), reader: await make('user') };
}

/** The body of a 4xx answer, which must name the field it refuses. */
export function refusedField(res: LightMyRequestResponse, status: number, field: string): string {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json() as { fields?: Record<string, string> };
  if (!body.fields?.[field]) throw new Error(`expected a message for ${field}: ${res.body}`);
  return body.fields[field];
}
