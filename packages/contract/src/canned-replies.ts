import { z } from 'zod';

export const CANNED_REPLY_NAME_MAX = 40;

/**
 * How long a deleted canned reply can be restored (`POST /canned-replies/{id}/restore`). The server
 * soft-deletes at once, as it does notifications, so a tab closed or signed out right after a delete
 * loses nothing; a restore after the window is refused.
 */
export const CANNED_REPLY_UNDO_WINDOW_MS = 30_000;
export const CANNED_REPLY_TEXT_MAX = 1000;

/**
 * What a reply's text may hold, written `{first_name}` (or `{{first_name}}`, as older replies wrote
 * `{{name}}`): each is filled for the chat's customer when the reply is inserted in the message box,
 * so staff read the final text before sending. Any other `{word}` stays as typed.
 */
export const CANNED_REPLY_VARIABLES = [
  { name: 'first_name', description: "The customer's first name" },
  { name: 'name', description: "The customer's full name" },
  { name: 'professional', description: 'Who their next appointment is with, or their usual professional' },
  { name: 'next_appointment', description: 'Day and time of their next appointment' },
  { name: 'booking_link', description: "The professional's booking page" },
] as const;
export type CannedReplyVariable = (typeof CANNED_REPLY_VARIABLES)[number]['name'];

/**
 * The values of the variables for one chat's customer, in the business's language and time zone;
 * null when the chat does not tell (no client, no appointment booked, no professional known).
 */
export const cannedReplyVariablesSchema = z.object({
  values: z.object({
    first_name: z.string().nullable(),
    name: z.string().nullable(),
    professional: z.string().nullable(),
    next_appointment: z.string().nullable(),
    booking_link: z.string().nullable(),
  } satisfies Record<CannedReplyVariable, z.ZodType>),
});
export type CannedReplyVariables = z.infer<typeof cannedReplyVariablesSchema>;

export const CANNED_REPLY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CANNED_REPLY_NAME_MAX} characters`,
  nameInvalid: 'Name cannot contain spaces or slashes',
  textRequired: 'Reply text is required',
  textTooLong: `Reply text must be at most ${CANNED_REPLY_TEXT_MAX} characters`,
  nameTaken: 'A canned reply with this name already exists',
  notFound: 'Canned reply not found',
  tooLateToRestore: `This canned reply was deleted more than ${CANNED_REPLY_UNDO_WINDOW_MS / 1000} seconds ago and can no longer be restored`,
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
