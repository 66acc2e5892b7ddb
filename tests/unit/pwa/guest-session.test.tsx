// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/web/app/app-shell.js';
import { SessionProvider, useSession } from '../../../src/web/lib/session/session-context.js';

/*
 * A first visit from a device that holds no session: the reader is a guest at once, and the session host (which
 * brings Dexie and XState) is never started for it. A device with the app's database starts it as before.
 */

const started = vi.hoisted(() => ({ count: 0, outboxFor: [] as number[] }));

// A logged-in session syncs its offline progress outbox (Dexie); here the test only sees for whom it starts, and no
// import of Dexie is left loading when the test ends.
vi.mock('../../../src/web/lib/offline/outbox-sync.js', () => ({
  syncProgressOutbox: (userId: number) => {
    started.outboxFor.push(userId);
    return () => undefined;
  },
}));

vi.mock('../../../src/web/lib/session/session-host.js', () => ({
  startSessionHost: () => {
    started.count += 1;
    // The same objects on every read, as the real host's snapshots are.
    const rows = { auth: { userid: 7, isLogin: 1, username: 'ada' }, profile: { display_name: 'Ada', user_avatar: '' } };
    const snapshot = { value: 'loggedIn', context: { outcome: null } };
    return Promise.resolve({
      stored: () => rows,
      subscribe: () => () => undefined,
      actor: { subscribe: () => ({ unsubscribe: () => undefined }), getSnapshot: () => snapshot },
    });
  },
}));

function Probe() {
  const session = useSession();
  return <p>{session.ready ? (session.loggedIn ? `user ${session.auth?.userid}` : 'guest') : 'reading'}</p>;
}

function renderWithDatabases(names: string[]) {
  vi.stubGlobal('indexedDB', { databases: () => Promise.resolve(names.map((name) => ({ name }))) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the session on a first visit', () => {
  it('is a guest at once on a device without the app’s database, and starts no session host', async () => {
    renderWithDatabases(['another-site']);
    expect(await screen.findByText('guest')).toBeTruthy();
    // Nothing started it in the meantime.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started.count).toBe(0);
    expect(started.outboxFor).toEqual([]);
  });

  it('starts the session host, and shows the stored login, on a device that has the database', async () => {
    renderWithDatabases(['lectern']);
    expect(await screen.findByText('user 7')).toBeTruthy();
    expect(started.count).toBe(1);
    await vi.waitFor(() => expect(started.outboxFor).toEqual([7]));
  });
});
