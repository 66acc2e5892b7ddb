// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthState } from '../../../src/web/lib/auth-state.js';
import { openDb, type LecternDb } from '../../../src/web/lib/db.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from './fixtures.js';

let db: LecternDb;
let counter = 0;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

function Probe({ target }: { target?: LecternDb }) {
  const { auth, profile, ready } = useAuthState(target);
  return <p data-testid="probe">{`${ready ? 'ready' : 'waiting'} ${auth.userid} ${auth.isLogin} ${profile.display_name}`}</p>;
}

describe('useAuthState', () => {
  it('renders the logged-out default on the server', () => {
    expect(renderToString(<Probe />)).toContain('waiting 0 0 ');
  });

  it('follows a login and a logout as they are stored', async () => {
    db = openDb(`lectern-hook-${process.pid}-${++counter}`);
    render(<Probe target={db} />);
    expect(screen.getByTestId('probe').textContent).toBe('waiting 0 0 ');
    expect((await screen.findByText('ready 0 0')).textContent).toBe('ready 0 0 ');
    await act(() =>
      saveLogin(loginResponseFor({ id: 9, username: 'sam', display_name: 'Sam', role: 'staff', is_staff: true }), db),
    );
    expect((await screen.findByText('ready 9 1 Sam')).textContent).toBe('ready 9 1 Sam');
    await act(() => clearLogin(db));
    expect((await screen.findByText('ready 0 0')).textContent).toBe('ready 0 0 ');
  });
});
