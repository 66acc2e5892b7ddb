import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useHttp } from '../../../app/context.js';
import { writingItemQuery, writingListQuery, type EditableKind, type EditorialListItem } from './writing-api.js';
import { useWritingI18n, type WritingKey } from './writing-i18n.js';

const SEARCH_DELAY_MS = 250;

interface Props {
  kind: EditableKind;
  /** The linked piece's id (null: none), as the save sends it. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** The piece being edited: never offered as its own translation. */
  selfId?: number;
  disabled?: boolean;
}

/**
 * The piece's version in the other language, found by its title: a combobox (ARIA 1.2: the list pops up under
 * the text box; arrows move through it, Enter picks, Escape closes) over the staff list of the kind, each result
 * with its title and language. The editor sends the picked piece's id, as before.
 */
export function TranslationPicker({ kind, value, onChange, selfId, disabled }: Props) {
  const { t } = useWritingI18n();
  const http = useHttp();
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useQuery({ ...writingListQuery(http, kind, 1, search), enabled: open && search.length > 0 });
  const chosen = useQuery({ ...writingItemQuery(http, kind, value ?? 0), enabled: value !== null });
  const options = (results.data?.results ?? []).filter((entry) => entry.id !== selfId);
  const languageName = (language: string | undefined) => (language ? t(`write.language.${language}` as WritingKey) : '');

  const pick = (entry: EditorialListItem) => {
    onChange(entry.id);
    setText('');
    setSearch('');
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((at) => (options.length ? (at + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((at) => (options.length ? (at <= 0 ? options.length - 1 : at - 1) : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = options[active];
      if (open && entry) pick(entry);
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && search.length > 0;
  const chosenTitle = chosen.data ? String(chosen.data.fields.title ?? '') : value !== null ? `#${value}` : '';
  const chosenLanguage = chosen.data ? languageName(chosen.data.kind === 'lesson' ? undefined : String(chosen.data.fields.language ?? '')) : '';

  return (
    <div className="field writing-translation">
      <label htmlFor={inputId}>{t('write.translationId')}</label>
      <span className="field__hint" id={hintId}>{t('write.translationPickHint')}</span>
      <p className="writing-translation__chosen" aria-live="polite">
        {value === null ? (
          t('write.translationNone')
        ) : (
          <>
            {t('write.translationLinked', { title: chosenTitle })}
            {chosenLanguage && <> ({chosenLanguage})</>}{' '}
            {!disabled && (
              <button type="button" className="button button--quiet button--small" onClick={() => onChange(null)}>
                {t('write.translationUnlink')}
              </button>
            )}
          </>
        )}
      </p>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={hintId}
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined}
        autoComplete="off"
        maxLength={200}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t('write.translationResults')} className="writing-translation__list" hidden={!expanded}>
        {options.map((entry, index) => (
          <li
            key={entry.id}
            id={`${listId}-${entry.id}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'writing-translation__option writing-translation__option--active' : 'writing-translation__option'}
            // Picked before the text box's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(entry);
            }}
          >
            <span>{entry.title}</span> <span className="field__hint" lang={entry.language}>{languageName(entry.language)}</span>
          </li>
        ))}
      </ul>
      {expanded && results.isSuccess && options.length === 0 && <p className="field__hint" role="status">{t('write.translationNothing')}</p>}
    </div>
  );
}
