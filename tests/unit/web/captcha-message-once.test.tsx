// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAppAt } from './membership-fixtures.js';

// The widget's own script is not needed: the form is sent before the captcha is solved.
vi.mock('altcha', () => ({}));

/* A form sent before its captcha is solved says so once, beside the captcha, and points there from above the button. */

let sent: string[] = [];
async function api(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace('/api/v2', '');
  if (request.method === 'POST') sent.push(path);
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

afterEach(() => {
  cleanup();
  sent = [];
  window.sessionStorage.clear();
});

describe('/lostpassword without a solved captcha', () => {
  it('shows the captcha message once, and "check the fields" above the button', async () => {
    renderAppAt('/lostpassword', api);
    const send = await screen.findByRole('button', { name: 'Send the link' }, { timeout: 8000 });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ada@mail.lectern.org' } });
    await act(async () => fireEvent.click(send));
    expect(screen.getAllByText('Confirm that you are not a robot first.')).toHaveLength(1);
    expect(screen.getByText('Check the fields marked above.')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
