import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditableKind, EditorialItem } from './writing-api.js';
import { createItem, saveItem } from './writing-api.js';
import { editorialPaths, editorialUrl } from '../../../../shared/api/content-editorial-paths.js';
import { ApiError, type HttpClient } from '../../../lib/http.js';
import { dropDraft, readDraft, writeDraft } from './draft-store.js';

/** How often typed changes go to the site (each keystroke goes to the device at once). */
export const AUTOSAVE_MS = 3000;

export type SyncState = 'saved' | 'saving' | 'pending' | 'offline' | 'invalid' | 'conflict';
export type Fields = Record<string, unknown>;

interface Options {
  http: HttpClient;
  kind: EditableKind;
  owner: number;
  /** The item as the site has it; null for a new one (created at its first save). */
  item: EditorialItem | null;
  /** A new item's first fields, and its key on this device. */
  defaults: Fields;
  newKey: string;
  onSaved: (item: EditorialItem, created: boolean) => void;
}

const keyOf = (kind: EditableKind, id: number) => `${kind}:${id}`;
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The editor's fields, kept on the device as they change and sent to the site every few seconds against the
 * version they started from. A refused save because someone else saved since (409) stops the sending until the
 * editor chooses: their version, or theirs overwritten by this one. Nothing is ever laid over silently.
 */
export function useDraftSync({ http, kind, owner, item, defaults, newKey, onSaved }: Options) {
  const [fields, setFields] = useState<Fields>(item?.fields ?? defaults);
  const [sync, setSync] = useState<SyncState>('saved');
  const [problem, setProblem] = useState('');
  const [restored, setRestored] = useState(false);
  const [conflict, setConflict] = useState<null | 'server' | 'device'>(null);
  const state = useRef({
    fields: item?.fields ?? defaults,
    dirty: false,
    saving: null as Promise<boolean> | null,
    base: item?.version ?? '',
    id: item?.id ?? null,
    key: item ? keyOf(kind, item.id) : newKey,
    blocked: null as string | null,
    conflict: null as null | 'server' | 'device',
    device: null as Fields | null,
  });
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  });

  const keep = useCallback(
    (dirty: boolean) => {
      const s = state.current;
      return writeDraft({ key: s.key, fields: s.fields, base_version: s.base, dirty, owner, saved_at: Date.now() });
    },
    [owner],
  );

  const showConflict = (which: null | 'server' | 'device') => {
    state.current.conflict = which;
    setConflict(which);
    if (which) setSync('conflict');
  };

  // What this device kept of an earlier session comes back; written against an older version, the editor chooses.
  useEffect(() => {
    let live = true;
    void readDraft(state.current.key, owner).then((draft) => {
      if (!live || !draft?.dirty) return;
      const s = state.current;
      if (s.id === null || draft.base_version === s.base) {
        s.fields = draft.fields;
        s.dirty = true;
        setFields(draft.fields);
        setRestored(true);
        setSync(offline() ? 'offline' : 'pending');
      } else {
        s.device = draft.fields;
        showConflict('device');
      }
    });
    return () => {
      live = false;
    };
  }, [owner]);

  const change = useCallback(
    (next: Fields) => {
      const s = state.current;
      s.fields = next;
      s.dirty = true;
      setFields(next);
      if (!s.conflict) setSync(offline() ? 'offline' : 'pending');
      void keep(true);
    },
    [keep],
  );

  const send = useCallback(async (): Promise<boolean> => {
    const s = state.current;
    if (!s.dirty) return true;
    if (s.conflict) return false;
    if (offline()) {
      setSync('offline');
      return false;
    }
    const sent = s.fields;
    if (s.blocked === JSON.stringify(sent)) return false;
    setSync('saving');
    try {
      const created = s.id === null;
      const answer = created ? await createItem(http, kind, sent) : await saveItem(http, kind, s.id!, s.base, sent);
      s.base = answer.version;
      if (created) {
        await dropDraft(s.key);
        s.id = answer.id;
        s.key = keyOf(kind, answer.id);
      }
      s.blocked = null;
      setProblem('');
      if (s.fields === sent) {
        s.dirty = false;
        await dropDraft(s.key);
        setSync('saved');
      } else {
        await keep(true);
        setSync('pending');
      }
      saved.current(answer, created);
      return !s.dirty;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409 && caught.fields?.base_version) showConflict('server');
      else if (caught instanceof ApiError && (caught.status === 400 || caught.status === 409)) {
        // Sent again only once the fields change: the same fields would be refused the same way.
        s.blocked = JSON.stringify(sent);
        setProblem(Object.values(caught.fields ?? {})[0] ?? caught.message);
        setSync('invalid');
      } else setSync(offline() ? 'offline' : 'pending');
      return false;
    }
  }, [http, kind, keep]);

  /** Sends what is waiting now (one save at a time); true once the site has every change. */
  const flush = useCallback(async (): Promise<boolean> => {
    const s = state.current;
    while (s.saving) await s.saving;
    s.saving = send().finally(() => {
      s.saving = null;
    });
    return s.saving;
  }, [send]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (!state.current.saving) void flush();
    }, AUTOSAVE_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  /** Their version replaces this editor's (and this device's) changes. */
  const takeTheirs = useCallback(async () => {
    const s = state.current;
    const theirs = await http.get<EditorialItem>(editorialUrl(editorialPaths.item, { kind, id: s.id! }));
    s.fields = theirs.fields;
    s.base = theirs.version;
    s.dirty = false;
    s.device = null;
    setFields(theirs.fields);
    await dropDraft(s.key);
    showConflict(null);
    setSync('saved');
    saved.current(theirs, false);
  }, [http, kind]);

  /** This editor's fields are saved over theirs, now that the editor has seen that they exist. */
  const keepMine = useCallback(async () => {
    const s = state.current;
    const theirs = await http.get<EditorialItem>(editorialUrl(editorialPaths.item, { kind, id: s.id! }));
    if (s.device) {
      s.fields = s.device;
      setFields(s.device);
      s.device = null;
    }
    s.base = theirs.version;
    s.dirty = true;
    showConflict(null);
    await keep(true);
    await flush();
  }, [http, kind, keep, flush]);

  /** After an action answered the item (publish, revert...), its version is the one to save against. */
  const adopt = useCallback((answer: EditorialItem, replaceFields: boolean) => {
    const s = state.current;
    s.base = answer.version;
    if (replaceFields) {
      s.fields = answer.fields;
      s.dirty = false;
      setFields(answer.fields);
      void dropDraft(s.key);
      setSync('saved');
    }
  }, []);

  return { fields, change, sync, problem, restored, conflict, flush, takeTheirs, keepMine, adopt, id: () => state.current.id };
}
