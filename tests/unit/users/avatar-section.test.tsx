// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../src/shared/api/users.js';
import { AvatarSection } from '../../../src/web/features/users/components/avatar-section.js';
import { testApp } from '../web/test-app.js';

const profile: Profile = {
  id: 6,
  username: 'noor',
  email: 'noor@example.com',
  email_verified: true,
  mobile: null,
  display_name: 'Noor',
  description: '',
  avatar: null,
  has_password: true,
  role: 'user',
  date_joined: '2026-01-01T00:00:00.000Z',
};

beforeAll(() => {
  // jsdom makes no object URLs.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('the avatar picker', () => {
  it('previews a chosen picture, and drops a file that does not decode with a message instead of a broken image', () => {
    const app = testApp();
    render(app.wrap(<AvatarSection profile={profile} />));
    choose(new File(['not a picture'], 'cat.png', { type: 'image/png' }));
    const preview = screen.getByRole('img', { name: 'Preview of the new picture' });
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.error(preview);
    expect(screen.queryByRole('img', { name: 'Preview of the new picture' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Choose a PNG, JPEG, WebP or GIF picture.');
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
