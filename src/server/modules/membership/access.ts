import { isStaff, type Actor } from '../../platform/auth.js';
import { Forbidden, NotFound } from '../../platform/errors.js';

// Access: staff manage everything; a member sees only what is theirs.

export function requireStaffActor(actor: Actor): void {
  if (!isStaff(actor)) throw new Forbidden();
}

/** Owned objects answer their owner and staff; anyone else gets the same 404 as for nothing at all. */
export function requireOwnerOrStaff(actor: Actor, ownerId: number, what: string): void {
  if (actor.id !== ownerId && !isStaff(actor)) throw new NotFound(what);
}
