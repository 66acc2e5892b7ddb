// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError, TextField } from '../../../../src/web/ui/forms/fields.js';
import { useForm } from '../../../../src/web/lib/forms/use-form.js';
import { checkEmail, checkNewPassword } from '../../../../src/web/lib/forms/validation.js';
import { ApiError } from '../../../../src/web/lib/http.js';
import { testApp } from '../test-app.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const INITIAL = { email: '', password: '' };
const SECRET = ['password'] as const;
const validate = (v: typeof INITIAL) => ({ email: checkEmail(v.email), password: checkNewPassword(v.password) });

function SampleForm({ answer }: { answer: () => Promise<void> }) {
  const form = useForm({ initial: INITIAL, validate, draftKey: 'sample', secret: SECRET });
  return (
    <form noValidate onSubmit={(event) => void form.submit(event, answer)}>
      <TextField form={form} name="email" label="E-mail address" type="email" />
      <TextField form={form} name="password" label="Password" type="password" hint="At least 8 characters" />
      <FormError form={form} />
      <button type="submit">Send</button>
    </form>
  );
}

const show = (answer: () => Promise<void> = async () => undefined) => render(testApp().wrap(<SampleForm answer={answer} />));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('forms', () => {
  it('check a field as it is typed once it was left, and tie the problem to it', () => {
    show();
    const password = field('Password');
    fireEvent.change(password, { target: { value: '1234' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(password)).toBe('Use at least 8 characters. | At least 8 characters');
    fireEvent.change(password, { target: { value: '123456789' } });
    expect(describedText(password)).toContain('Use more than digits.');
    fireEvent.change(password, { target: { value: 'a good secret' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(describedText(password)).toBe('At least 8 characters');
  });

  it('on a refused submit show every problem and focus the first field with one', async () => {
    const sent: string[] = [];
    show(async () => {
      sent.push('sent');
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(sent).toEqual([]);
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('E-mail address'));
  });

  it('put the server’s field errors next to their fields and keep what was typed', async () => {
    show(async () => {
      throw new ApiError('email: A user is already registered with this e-mail address.', 400, 'invalid', {
        email: 'A user is already registered with this e-mail address.',
        uid: 'Invalid value',
      });
    });
    fireEvent.change(field('E-mail address'), { target: { value: 'ada@mail.lectern.org' } });
    fireEvent.change(field('Password'), { target: { value: 'a good secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const email = field('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toBe('A user is already registered with this e-mail address.');
    expect(document.activeElement).toBe(email);
    // What no field shows goes above the button.
    expect(screen.getByRole('alert').textContent).toBe('Invalid value');
    expect(email.value).toBe('ada@mail.lectern.org');
    expect(field('Password').value).toBe('a good secret');
    // Editing the field clears the server's complaint.
    fireEvent.change(email, { target: { value: 'ada2@mail.lectern.org' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('keep what was typed across a reload, except secrets', async () => {
    const first = show();
    fireEvent.change(field('E-mail address'), { target: { value: 'ada@mail.lectern.org' } });
    fireEvent.change(field('Password'), { target: { value: 'a good secret' } });
    expect(JSON.parse(window.sessionStorage.getItem('lectern:form:sample') ?? '{}')).toEqual({ owner: null, values: { email: 'ada@mail.lectern.org' } });
    first.unmount();
    show();
    expect(await screen.findByDisplayValue('ada@mail.lectern.org')).toBe(field('E-mail address'));
    expect(field('Password').value).toBe('');
  });
});
