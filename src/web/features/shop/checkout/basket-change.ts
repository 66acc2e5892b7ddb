import type { Language } from '../../../../shared/i18n/index.js';
import { localiseServerText } from '../../../ui/forms/server-messages.js';
import type { CheckoutProblem } from '../machines/checkout-machine.js';

/** Refused because the basket or its total changed since the review was shown: sending the same order again cannot help. */
export const basketChanged = (problem: CheckoutProblem | null) => problem?.status === 409 && ('basket' in problem.fields || 'total' in problem.fields);

const CHANGED = /^The basket changed: (.+) Check it and order again\.$/s;

/** A sentence of the server's that the catalogue knows (the English keys are the server's own wordings). */
const known = (sentence: string) => localiseServerText(sentence, 'zh-CN') !== sentence;

/**
 * The sentences of a list the server joined with spaces: the shortest known sentence first, backing off when the
 * rest cannot be read (a title may hold ". " itself). Null when no reading covers the whole text.
 */
function sentencesOf(text: string): string[] | null {
  if (text === '') return [];
  for (let end = text.indexOf('.'); end !== -1; end = text.indexOf('.', end + 1)) {
    if (end + 1 < text.length && text[end + 1] !== ' ') continue;
    const head = text.slice(0, end + 1);
    if (!known(head)) continue;
    const rest = sentencesOf(text.slice(end + 2));
    if (rest) return [head, ...rest];
  }
  return null;
}

/** One sentence in the reader's language; its first clause ("Only 2 of "…" in stock; …") is put in on its own. */
function localiseSentence(sentence: string, lang: Language): string {
  const whole = localiseServerText(sentence, lang);
  const clause = sentence.split('; ')[0]!;
  if (clause === sentence || !whole.includes(clause)) return whole;
  return whole.replace(clause, localiseServerText(clause, lang));
}

/**
 * What changed in the basket, as the server's 409 to a checkout says it (`fields.basket`: each correction it has just
 * made; `fields.total`: the new total), one item a change, in the reader's language where the catalogue knows it.
 * The basket read afterwards no longer lists them: the server kept its corrections while answering the checkout.
 */
export function basketChangesOf(problem: CheckoutProblem | null, lang: Language): string[] {
  if (!problem || !basketChanged(problem)) return [];
  const out: string[] = [];
  const basket = problem.fields.basket;
  if (basket) {
    const list = CHANGED.exec(basket)?.[1];
    const sentences = list === undefined ? null : sentencesOf(list);
    if (sentences) out.push(...sentences.map((s) => localiseSentence(s, lang)));
    else out.push(localiseServerText(list ?? basket, lang));
  }
  if (problem.fields.total) out.push(localiseServerText(problem.fields.total, lang));
  return out;
}
