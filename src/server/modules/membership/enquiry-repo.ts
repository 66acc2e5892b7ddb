import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** SQL of member enquiries (table of migration 0011) and the staff addresses they are mailed to. */
export interface MembershipEnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  membership_id: number | null;
  user_id: number | null;
  ip_address: string;
  created_at: string;
}

const enquiries = (db: Kysely<Database>) => db.withTables<{ membership_enquiries: MembershipEnquiriesTable }>();

export async function insertEnquiry(db: Kysely<Database>, values: Omit<MembershipEnquiriesTable, 'id'>): Promise<number> {
  const row = await enquiries(db).insertInto('membership_enquiries').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function selectEnquiries(db: Kysely<Database>) {
  return enquiries(db)
    .selectFrom('membership_enquiries as e')
    .leftJoin('memberships as m', 'm.id', 'e.membership_id')
    .select(['e.id', 'e.name', 'e.email', 'e.message', 'm.slug as plan', 'e.user_id', 'e.created_at']);
}

export type EnquiryRow = Awaited<ReturnType<ReturnType<typeof selectEnquiries>['executeTakeFirstOrThrow']>>;

export function findEnquiry(db: Kysely<Database>, id: number): Promise<EnquiryRow | undefined> {
  return selectEnquiries(db).where('e.id', '=', id).executeTakeFirst();
}

/** Newest first. */
export function listEnquiries(db: Kysely<Database>, limit: number, offset: number): Promise<EnquiryRow[]> {
  return selectEnquiries(db).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countEnquiries(db: Kysely<Database>): Promise<number> {
  const row = await enquiries(db)
    .selectFrom('membership_enquiries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The addresses of active staff accounts (staff or superuser). */
export async function staffAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', 'in', ['staff', 'superuser'])
    .where('is_active', '=', 1)
    .where('email', '<>', '')
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((r) => r.email))];
}
