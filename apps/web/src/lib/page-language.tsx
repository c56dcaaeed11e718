import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { PAGE_TEXTS, type PageTexts } from '@chatdesk/contract/page-texts';
import { createContext, useContext } from 'react';

/**
 * The language a customer's page is shown in, and its words (page-texts: the booking pages' and
 * the slot picker's, without the emails' catalogue, which the booking page must not load).
 */
export type PageLanguage = { language: CustomerLanguage; say: PageTexts };

export const pageLanguage = (language: CustomerLanguage): PageLanguage => ({
  language,
  say: PAGE_TEXTS[language],
});

/**
 * The shared slot picker reads its words and formats from here: English (the booking page's and
 * the staff app's) unless a customer's page in another language provides it.
 */
const PageLanguageContext = createContext<PageLanguage>(pageLanguage('en'));

export const PageLanguageProvider = PageLanguageContext.Provider;

export const usePageLanguage = () => useContext(PageLanguageContext);

/** The booking pages' texts, in the page's language. */
export const useBookingTexts = () => useContext(PageLanguageContext).say.booking;

/** A refusal the server sent (in English), in the page's language when the catalogue has it. */
export const pageText = (message: string, say: PageTexts) => say.booking.server[message] ?? message;
