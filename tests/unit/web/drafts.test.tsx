// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftScope, useForm } from '../../../src/web/lib/forms/use-form.js';
import { FormError, TextField } from '../../../src/web/ui/forms/fields.js';
import { testApp } from './test-app.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const PROFILE = { username: 'ada', about: 'Counts things.', password: '' };

/** A form like the account page's: no draft key of its own, a password field not listed as secret. */
function ProfileLike({ send }: { send: 'ok' | 'refused' }) {
  const form = useForm({ initial: PROFILE });
  const submit = async () => {
    if (send === 'refused') form.showError(new Error('Server said no'));
  };
  return (
    <form noValidate onSubmit={(event) => void form.submit(event, submit)}>
      <TextField form={form} name="username" label="Username" />
      <TextField form={form} name="about" label="About" multiline />
      <TextField form={form} name="password" label="Current password" type="password" />
      <FormError form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

function CodeLike() {
  const form = useForm({ initial: { mobile: '', code: '' } });
  return (
    <form noValidate>
      <TextField form={form} name="mobile" label="Mobile" type="tel" />
      <TextField form={form} name="code" label="Code" autoComplete="one-time-code" />
    </form>
  );
}

function page(owner: number, send: 'ok' | 'refused' = 'ok') {
  return render(
    testApp().wrap(
      <DraftScope.Provider value={{ name: 'account', owner }}>
        <ProfileLike send={send} />
        <CodeLike />
      </DraftScope.Provider>,
    ),
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const stored = () =>
  Object.fromEntries(
    Object.keys(window.sessionStorage).map((key) => [key, JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown]),
  );

describe('drafts of a logged-in user', () => {
  it('keep the text typed in a scoped form, never passwords or codes, and bring it back for the same user', async () => {
    const first = page(7);
    fireEvent.change(field('About'), { target: { value: 'Counts things, and writes them down.' } });
    fireEvent.change(field('Current password'), { target: { value: 'a secret' } });
    fireEvent.change(field('Mobile'), { target: { value: '13800000000' } });
    fireEvent.change(field('Code'), { target: { value: '123456' } });
    expect(stored()).toEqual({
      'lectern:form:account:about,username': { owner: 7, values: { username: 'ada', about: 'Counts things, and writes them down.' } },
      'lectern:form:account:mobile': { owner: 7, values: { mobile: '13800000000' } },
    });
    expect(JSON.stringify(stored())).not.toMatch(/a secret|123456\b/);
    // The session ends: the page goes away. After logging in again it comes back with the text.
    first.unmount();
    page(7);
    expect(await screen.findByDisplayValue('Counts things, and writes them down.')).toBe(field('About'));
    expect(field('Mobile').value).toBe('13800000000');
    expect(field('Current password').value).toBe('');
    expect(field('Code').value).toBe('');
  });

  it('never show one user’s draft to another, and drop it', async () => {
    const first = page(7);
    fireEvent.change(field('About'), { target: { value: 'Private notes of user 7' } });
    first.unmount();
    page(8);
    await act(async () => undefined);
    expect(field('About').value).toBe('Counts things.');
    expect(stored()).toEqual({});
  });

  it('store nothing for a form left as it was, so old values never override newer ones', async () => {
    page(7);
    fireEvent.change(field('About'), { target: { value: 'changed' } });
    fireEvent.change(field('About'), { target: { value: 'Counts things.' } });
    expect(stored()).toEqual({});
  });

  it('are dropped once the form is sent successfully, and kept when it is refused', async () => {
    const refused = page(7, 'refused');
    fireEvent.change(field('About'), { target: { value: 'Try one' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('alert').textContent).toBe('Server said no');
    expect(Object.keys(stored())).toEqual(['lectern:form:account:about,username']);
    refused.unmount();

    page(7, 'ok');
    expect(await screen.findByDisplayValue('Try one')).toBe(field('About'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(stored()).toEqual({});
    // The values stay on screen; nothing writes the draft back.
    expect(field('About').value).toBe('Try one');
  });
});
