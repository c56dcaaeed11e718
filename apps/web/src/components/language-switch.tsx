import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { Button, Group } from '@mantine/core';
import { useEffect } from 'react';
import { usePageLanguage } from '../lib/page-language';

// The customer's pages (booking, manage, waitlist offer) speak Spanish or English: the visitor's
// choice, kept in this browser, wins over what the page would pick.

/** A visitor's choice of language on a customer's page, kept in this browser for the next page they open. */
const CHOSEN_LANGUAGE_KEY = 'chatdesk.booking-page-language';

export function storedLanguage(): CustomerLanguage | null {
  try {
    const stored = localStorage.getItem(CHOSEN_LANGUAGE_KEY);
    return stored === 'es' || stored === 'en' ? stored : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: CustomerLanguage) {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
}

/** `<html lang>` follows the page's language while it is shown (screen readers pronounce by it). */
export function useDocumentLanguage(language: CustomerLanguage) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = language;
    return () => {
      root.lang = before;
    };
  }, [language]);
}

/** English / Español: a client who prefers the other language than the one we know them by. */
export function LanguageSwitch({ onChange }: { onChange: (language: CustomerLanguage) => void }) {
  const { language, say } = usePageLanguage();
  const choices: Array<{ value: CustomerLanguage; label: string }> = [
    { value: 'en', label: 'English' },
    { value: 'es', label: 'Español' },
  ];
  return (
    <Group justify="flex-end" gap={4} mb="sm" role="group" aria-label={say.languageLabel}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          lang={choice.value}
          size="compact-sm"
          radius="xl"
          variant={language === choice.value ? 'light' : 'subtle'}
          color={language === choice.value ? 'brand' : 'gray'}
          aria-pressed={language === choice.value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}

/** The browser's own preference: Spanish for any Spanish locale, else English. */
export function browserLanguage(): CustomerLanguage {
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}
