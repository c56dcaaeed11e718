import { AppError } from '../../lib/app-error.ts';

/**
 * Text messages (SMS), in our own terms: only the web chat's one-time codes go this way, for a
 * business without WhatsApp's authentication template. Twilio when configured; there is no local
 * stand-in, so a number is never offered a code that goes nowhere.
 */
export type SmsSender = {
  readonly name: 'twilio';
  /** Sends `text` to a number in international digits (no +). Throws SmsSendError when it fails. */
  send(to: string, text: string): Promise<void>;
};

/** The provider's failure as our error: a number it refuses is the visitor's to fix, anything else ours. */
export class SmsSendError extends AppError {
  /** The provider refused the number itself (not a mobile, not a number at all). */
  readonly badNumber: boolean;

  constructor(message: string, badNumber: boolean) {
    super(badNumber ? 'VALIDATION' : 'UNAVAILABLE', message);
    this.name = 'SmsSendError';
    this.badNumber = badNumber;
  }
}
