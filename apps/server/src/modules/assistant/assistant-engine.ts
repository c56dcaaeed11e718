/** What an assistant knows about the business when it answers. */
export type AssistantDirectoryEntry = {
  name: string;
  username: string;
  title: string | null;
  role: string | null;
  locations: string[];
  bookingUrl: string;
  subscriptionUrl: string;
};

export type AssistantKnowledge = {
  companyName: string;
  information: string;
  systemPrompt: string | null;
  employees: AssistantDirectoryEntry[];
  /** Open slots of one employee (by username), for the next days: local date and HH:mm, with the zone. */
  openSlots(
    username: string,
    limit: number,
  ): Promise<{ timeZone: string; slots: Array<{ date: string; time: string }> }>;
};

export type Turn = { role: 'customer' | 'assistant'; text: string };

export type AssistantAnswer = {
  replies: string[];
  /** A structured decision to give the chat to a person, never guessed from the reply's words. */
  handoff: { reason: string } | null;
};

/** Produces the assistant's next answer from the conversation since the last '/new' or handoff. */
export type AssistantEngine = {
  readonly name: 'llm' | 'rules';
  respond(history: Turn[], knowledge: AssistantKnowledge): Promise<AssistantAnswer>;
};
