import { CUSTOMER_TEXTS } from '@chatdesk/contract/customer-texts';
import { usePageLanguage } from '../../lib/page-language';

/**
 * The manage page's words: the whole customer catalogue (the emails' words too, which it quotes),
 * in the page's language. The booking pages read only page-texts, which this includes.
 */
export const useManageTexts = () => CUSTOMER_TEXTS[usePageLanguage().language];
