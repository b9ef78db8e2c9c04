import { i18n as globalI18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useContext } from 'react';
import type { MessageId } from './catalogs';

export type TranslateValues = Record<string, string | number | undefined | null>;
export type Translate = (id: MessageId, values?: TranslateValues) => string;

/**
 * The current language's text for a message id: `t('login.title')`, `t('shop.moreBilling', { amount })`.
 * The component re-renders when the language changes (AppProvider's I18nProvider). Values are placed as
 * given: format numbers and amounts first (formatInr and formatNumber follow the language).
 */
export function useT(): Translate {
  // Outside the provider (a component rendered alone in a test) the shared instance still answers.
  const i18n = useContext(LinguiContext)?.i18n ?? globalI18n;
  return (id, values) => i18n._(id, values as Record<string, unknown> | undefined);
}
