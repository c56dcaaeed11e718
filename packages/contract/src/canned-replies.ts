import { z } from 'zod';

export const CANNED_REPLY_NAME_MAX = 40;
export const CANNED_REPLY_TEXT_MAX = 1000;

/** Written in a reply's text, replaced by the chat's contact name when the reply is inserted. */
export const CANNED_REPLY_NAME_PLACEHOLDER = '{{name}}';

export const CANNED_REPLY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CANNED_REPLY_NAME_MAX} characters`,
  nameInvalid: 'Name cannot contain spaces or slashes',
  textRequired: 'Reply text is required',
  textTooLong: `Reply text must be at most ${CANNED_REPLY_TEXT_MAX} characters`,
  nameTaken: 'A canned reply with this name already exists',
  notFound: 'Canned reply not found',
} as const;

/** A short answer the whole team shares; staff insert it in a chat by typing `/` and its name. */
export const cannedReplySchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.array(cannedReplySchema);

export const cannedReplyFormSchema = z.object({
  name: z
    .string({ message: CANNED_REPLY_MESSAGES.nameRequired })
    .trim()
    .min(1, CANNED_REPLY_MESSAGES.nameRequired)
    .max(CANNED_REPLY_NAME_MAX, CANNED_REPLY_MESSAGES.nameTooLong)
    // Typed right after the `/` that opens the list, so it cannot hold a space or another slash.
    .regex(/^[^\s/]+$/, CANNED_REPLY_MESSAGES.nameInvalid),
  text: z
    .string({ message: CANNED_REPLY_MESSAGES.textRequired })
    .trim()
    .min(1, CANNED_REPLY_MESSAGES.textRequired)
    .max(CANNED_REPLY_TEXT_MAX, CANNED_REPLY_MESSAGES.textTooLong),
});
export type CannedReplyRequest = z.input<typeof cannedReplyFormSchema>;
