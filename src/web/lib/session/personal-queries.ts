import type { QueryClient } from '@tanstack/react-query';

const isPersonal = (query: { meta?: Record<string, unknown> }) => query.meta?.personal === true;

/**
 * What becomes of the answers that belong to whoever is logged in when the user changes. A user who leaves
 * (logout, or another account) takes theirs along: removed, so nothing of theirs shows to the next person.
 * A guest who logs in has only a guest's answers (a guest basket): they are reset, so the ones on screen are
 * fetched again for the user. Removing those would strand a screen whose call was in flight at the moment of
 * the login (a removed query's fetch is cancelled and its observers are never told), leaving it loading.
 */
export function dropPersonalQueries(queryClient: QueryClient, previousUserId: number): Promise<void> {
  if (previousUserId !== 0) {
    queryClient.removeQueries({ predicate: isPersonal });
    return Promise.resolve();
  }
  return queryClient.resetQueries({ predicate: isPersonal }).catch(() => undefined);
}
