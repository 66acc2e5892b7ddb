import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { dropPersonalQueries } from '../../../src/web/lib/session/personal-queries.js';

/*
 * When the user changes, the answers that belong to the person who was logged in go. A screen whose personal call
 * is in flight at the moment a guest logs in must still get its answer (the API playground once stayed on
 * "Loading…" after a login: its query was removed mid-flight and its observer never heard of it again).
 */

let client: QueryClient;
afterEach(() => client.clear());

/** A query on screen whose answer arrives when `answer` is called; each fetch counts. */
function onScreen(key: string, personal: boolean) {
  const calls = { count: 0 };
  let answer: (value: string) => void = () => undefined;
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: () => {
      calls.count += 1;
      return new Promise<string>((resolve) => {
        answer = resolve;
      });
    },
    meta: personal ? { personal: true } : undefined,
    retry: false,
  });
  const seen: Array<string | undefined> = [];
  const stop = observer.subscribe((result) => seen.push(result.data));
  return { observer, calls, answer: (value: string) => answer(value), seen, stop };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('personal answers when the user changes', () => {
  it('a guest logging in: a personal call in flight is fetched again and its screen gets the answer', async () => {
    client = new QueryClient();
    const screen = onScreen('session-user', true);
    await tick();
    expect(screen.calls.count).toBe(1);
    const dropped = dropPersonalQueries(client, 0);
    await tick();
    expect(screen.calls.count).toBe(2);
    screen.answer('ada');
    await dropped;
    await tick();
    expect(screen.observer.getCurrentResult().status).toBe('success');
    expect(screen.observer.getCurrentResult().data).toBe('ada');
    screen.stop();
  });

  it('a guest logging in: answers on no screen lose their data, public answers keep theirs', async () => {
    client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: ['basket'], meta: { personal: true } });
    client.setQueryData(['basket'], 'guest basket');
    client.setQueryData(['article', 1], 'an article');
    await dropPersonalQueries(client, 0);
    expect(client.getQueryData(['basket'])).toBeUndefined();
    expect(client.getQueryData(['article', 1])).toBe('an article');
  });

  it('a user leaving: their answers are removed from the cache, public answers stay', async () => {
    client = new QueryClient();
    const screen = onScreen('membership', true);
    screen.answer('member until May');
    await tick();
    expect(client.getQueryData(['membership'])).toBe('member until May');
    client.setQueryData(['article', 1], 'an article');
    await dropPersonalQueries(client, 7);
    expect(client.getQueryCache().find({ queryKey: ['membership'] })).toBeUndefined();
    expect(client.getQueryData(['article', 1])).toBe('an article');
    screen.stop();
  });
});
