// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { TranslationPicker } from '../../../src/web/features/staff/writing/translation-picker.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { jsonResponse } from './test-app.js';

const garden = { id: 7, title: 'The garden', status: 'live', scheduled_at: null, updated_at: '2026-11-01T00:00:00.000Z', language: 'zh-CN' };
const gardenNotes = { id: 8, title: 'Garden notes', status: 'draft', scheduled_at: null, updated_at: '2026-11-02T00:00:00.000Z', language: 'en' };
const self = { id: 3, title: 'Garden (this one)', status: 'draft', scheduled_at: null, updated_at: '2026-11-03T00:00:00.000Z', language: 'en' };

/** The staff list answers by its `search`; one item opens by id. Every call is noted. */
function api(calls: string[]) {
  return async (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v2/editorial/article') {
      const search = url.searchParams.get('search') ?? '';
      const results = [garden, gardenNotes, self].filter((entry) => entry.title.toLowerCase().includes(search.toLowerCase()));
      return jsonResponse({ count: results.length, next: null, previous: null, results });
    }
    if (url.pathname === '/api/v2/editorial/article/7') return jsonResponse({ kind: 'article', id: 7, fields: { title: 'The garden', language: 'zh-CN' }, version: '1.x', status: 'live', unpublished_changes: false, scheduled_at: null, updated_at: garden.updated_at, html_url: '/article/7', alias_of: null, aliases: [] });
    return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  };
}

function Harness({ initial, picked }: { initial: number | null; picked: Array<number | null> }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <TranslationPicker
      kind="article"
      value={value}
      selfId={3}
      onChange={(id) => {
        picked.push(id);
        setValue(id);
      }}
    />
  );
}

function renderPicker(options: { initial?: number | null; lang?: Language } = {}) {
  const calls: string[] = [];
  const picked: Array<number | null> = [];
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api(calls) });
  const env = { http, lang: options.lang ?? 'en', colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={createQueryClient()}>
      <Harness initial={options.initial ?? null} picked={picked} />
    </AppProviders>,
  );
  return { calls, picked };
}

afterEach(cleanup);

describe('the translation picker', () => {
  it('searches the staff list by title and lists each result with its language, never the piece itself', async () => {
    const { calls } = renderPicker();
    const box = screen.getByRole('combobox', { name: 'Its version in the other language' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Not linked to a version in the other language.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'garden' } });
    const list = await screen.findByRole('listbox', { name: 'Matching pieces' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const [first, second] = within(list).getAllByRole('option');
    expect(first!.textContent).toContain('The garden');
    expect(first!.textContent).toContain('Chinese (简体中文)');
    expect(second!.textContent).toContain('Garden notes');
    expect(second!.textContent).toContain('English');
    expect(within(list).queryByText('Garden (this one)')).toBeNull();
    expect(calls).toContain('/api/v2/editorial/article?page=1&page_size=20&search=garden');
  });

  it('moves through the results with the arrow keys, picks with Enter (the id the save sends) and closes with Escape', async () => {
    const { picked } = renderPicker();
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'garden' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(picked).toEqual([8]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.change(box, { target: { value: 'garden' } });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(picked).toEqual([8]);
  });

  it('names the linked piece and unlinks it (null)', async () => {
    const { picked } = renderPicker({ initial: 7 });
    expect((await screen.findByText(/Linked to “The garden”/)).textContent).toContain('(Chinese (简体中文))');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unlink' })));
    expect(picked).toEqual([null]);
    expect(screen.getByText('Not linked to a version in the other language.')).toBeTruthy();
  });

  it('speaks Chinese to a Chinese editor', async () => {
    renderPicker({ lang: 'zh-CN' });
    const box = screen.getByRole('combobox', { name: '另一种语言的版本' });
    fireEvent.change(box, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('没有标题匹配的内容。')).toBeTruthy();
  });
});
