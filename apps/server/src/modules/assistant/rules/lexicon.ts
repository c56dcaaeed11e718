/**
 * The customer vocabulary the rules read (kinds, places, topics, stopwords and the cue lists) is
 * data: `../vocabulary/` (languages/*.json, trades/*.json, places.json, loaded and checked by
 * vocabulary.ts). This module only keeps the names the rules import from it.
 */
export {
  ACKNOWLEDGEMENTS,
  ASKS_FOR_PERSON,
  AVAILABILITY_WORDS,
  BOOKING_REQUEST,
  BOOKING_WORDS,
  COMPLAINS,
  GOODBYES,
  GREETINGS,
  INJECTION,
  KINDS,
  OFF_TOPIC,
  OWN_BOOKING,
  PLACES,
  PRICE_WORDS,
  PRIVATE_DATA,
  STOPWORDS,
  SUBSCRIPTION_WORDS,
  THANKS,
  TOPICS,
} from '../vocabulary/vocabulary.ts';
