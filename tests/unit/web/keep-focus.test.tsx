// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusKeptThrough } from '../../../src/web/ui/forms/keep-focus.js';

function Save({ busy }: { busy: boolean }) {
  const ref = useFocusKeptThrough<HTMLButtonElement>(busy);
  return (
    <>
      <button ref={ref} type="button" disabled={busy}>
        Save
      </button>
      <input aria-label="Title" />
    </>
  );
}

/** What a browser does to a focused button that becomes disabled: the focus falls to the body (jsdom does not). */
const dropFocus = (button: HTMLButtonElement) => {
  button.disabled = false;
  button.blur();
  button.disabled = true;
};

describe('a button busy with its call', () => {
  afterEach(cleanup);

  it('has the keyboard focus back when the call ends, if it had it', () => {
    const { rerender } = render(<Save busy={false} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    button.focus();
    rerender(<Save busy />);
    act(() => dropFocus(button));
    expect(document.activeElement).toBe(document.body);
    rerender(<Save busy={false} />);
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus alone when it did not have it, or the reader moved on meanwhile', () => {
    const { rerender } = render(<Save busy={false} />);
    const field = screen.getByRole('textbox', { name: 'Title' });
    field.focus();
    rerender(<Save busy />);
    rerender(<Save busy={false} />);
    expect(document.activeElement).toBe(field);

    screen.getByRole('button', { name: 'Save' }).focus();
    rerender(<Save busy />);
    field.focus();
    rerender(<Save busy={false} />);
    expect(document.activeElement).toBe(field);
  });
});
