import { CUSTOMER_TEXTS, type CustomerLanguage, type CustomerTexts } from '@chatdesk/contract/customer-texts';
import { createContext, useContext } from 'react';

/** The language a customer's page is shown in, and its texts from the customer-texts catalogue. */
export type PageLanguage = { language: CustomerLanguage; say: CustomerTexts };

export const pageLanguage = (language: CustomerLanguage): PageLanguage => ({
  language,
  say: CUSTOMER_TEXTS[language],
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
export const pageText = (message: string, say: CustomerTexts) => say.booking.server[message] ?? message;
