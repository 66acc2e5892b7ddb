import { useState } from 'react';
import { LANGUAGES, type Language } from '../../shared/i18n/index.js';
import { COLOR_MODES, parseColorMode, writeColorModeCookie, type ColorMode } from '../lib/color-mode.js';
import { writeLanguageCookie } from '../lib/language.js';
import { useAppEnv, useI18n } from './context.js';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Light, dark or the system's: applied at once (CSS follows `data-color-mode`) and kept in a cookie. */
export function ColorModeSelect() {
  const { t } = useI18n();
  const { colorMode } = useAppEnv();
  const [mode, setMode] = useState<ColorMode>(colorMode);
  return (
    <div className="control">
      <label htmlFor="color-mode" className="control__label">{t('colorMode.label')}</label>
      <select
        id="color-mode"
        value={mode}
        onChange={(event) => {
          const next = parseColorMode(event.target.value);
          setMode(next);
          writeColorModeCookie(next);
        }}
      >
        {COLOR_MODES.map((m) => (
          <option key={m} value={m}>{t(`colorMode.${m}`)}</option>
        ))}
      </select>
    </div>
  );
}

/** Switching language reloads the page, so the server renders it (and its data) in the new language. */
export function LanguageSelect() {
  const { t, lang } = useI18n();
  return (
    <div className="control">
      <label htmlFor="language" className="control__label">{t('language.label')}</label>
      <select
        id="language"
        value={lang}
        onChange={(event) => {
          const next = LANGUAGES.find((l) => l === event.target.value);
          if (!next || next === lang) return;
          writeLanguageCookie(next);
          window.location.reload();
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>
        ))}
      </select>
    </div>
  );
}
