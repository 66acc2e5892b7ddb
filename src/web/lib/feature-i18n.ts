import { useMemo } from 'react';
import type { Language, MessageKey } from '../../shared/i18n/index.js';
import { useI18n } from '../app/context.js';

type Vars = Record<string, string | number>;

/**
 * A hook like the app's `useI18n` that also knows a feature's own messages (a catalogue that loads with the
 * feature's pages, not with the main catalogues); any other key is the main catalogue's.
 */
export function createFeatureI18n<K extends string>(catalogues: Record<Language, Record<K, string>>) {
  const own = catalogues.en;
  const isOwnKey = (key: string): key is K => key in own;
  return function useFeatureI18n() {
    const { lang, t: main } = useI18n();
    return useMemo(() => {
      const t = (key: K | MessageKey, vars?: Vars): string => {
        if (!isOwnKey(key)) return main(key, vars);
        const template: string = catalogues[lang][key];
        return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
      };
      return { lang, t, main };
    }, [lang, main]);
  };
}
