import { isStaff, type Actor } from '../../platform/auth.js';
import { Forbidden } from '../../platform/errors.js';

/** Every back-office service starts here; the routes' guard has already refused guests (401). */
export function assertStaff(actor: Actor): void {
  if (!isStaff(actor)) throw new Forbidden('The back office is for staff.');
}

/** The audit log and role changes: superusers only. */
export function assertSuperuser(actor: Actor): void {
  if (actor.role !== 'superuser') throw new Forbidden('Only a superuser may do this.');
}
