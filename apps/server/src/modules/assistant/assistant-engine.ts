import type { Availability } from '@chatdesk/contract/employees';
import type { HandoffReason } from '@chatdesk/contract/insights';

/** A professional the assistant may offer: active and taking bookings. */
export type AssistantDirectoryEntry = {
  name: string;
  username: string;
  title: string | null;
  role: string | null;
  locations: string[];
  /** Weekly hours in the business's zone (lowercase weekday → [start, end] HH:mm). */
  availability: Availability;
  bookingUrl: string;
  subscriptionUrl: string;
};

export type Money = { amount: number; currency: string };

export type OpenSlotsQuery = {
  /** First and last local date (yyyy-MM-dd) to look at, in the business's zone; both included. */
  from: string;
  to: string;
  /** Only slots starting at or after / before these local times (HH:mm). */
  after?: string;
  before?: string;
  /** Slots of this service (its id), its length and buffers; by default the professional's default service. */
  service?: string;
};

/** A service of the catalogue as the assistant tells customers about it. */
export type AssistantService = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  price: Money;
  /** Usernames of the bookable professionals who offer it. */
  professionals: string[];
};

/** A pack of sessions on sale: bought on the booking page of a professional who offers its service. */
export type AssistantPack = {
  name: string;
  serviceId: string;
  serviceName: string;
  sessions: number;
  price: Money;
  validityDays: number;
};

/** A day's open times; for a class, the seats left at each time (a time is open until its last seat). */
export type OpenDay = { date: string; times: string[]; seatsLeft?: Record<string, number> };

/**
 * One of the customer's upcoming appointments, with what the cancellation policy allows now
 * (the same terms as the manage page).
 */
export type CustomerAppointment = {
  id: string;
  /**
   * The service booked ("Pedicura", "Yoga"), by which customers name it ("la pedicura"); null for
   * the default appointment, a name no customer uses.
   */
  serviceName: string | null;
  employeeName: string;
  /** For open times to move it to; null when its employee no longer takes bookings. */
  employeeUsername: string | null;
  date: string;
  startTime: string;
  canCancel: boolean;
  /** What cancelling now gives back; null for nothing. */
  refundOnCancel: Money | null;
  canReschedule: boolean;
  /** Why a change is not possible (in English, from the policy); null when both are. */
  reason: string | null;
  freeCancellationHours: number;
  /**
   * Paid with a session of one of their packs: whether cancelling now gives it back (in time, as
   * a fee would be refunded); null when it was not paid with a pack.
   */
  packSessionBack: boolean | null;
  /** What was paid online for it and not given back; null for nothing (unpaid, at the desk, or a pack). */
  paid?: Money | null;
};

/** A pack of sessions the customer bought and can still use (or has used up), as they are told of it. */
export type CustomerPack = {
  name: string;
  serviceName: string;
  sessionsTotal: number;
  sessionsLeft: number;
  /** The local date (yyyy-MM-dd) it expires on, in the business's zone, as the client's page shows it. */
  expiresOn: string;
};

/**
 * A change the assistant proposes and the customer must confirm in their next message. A move
 * may lack its time (or date) while the customer is still choosing; only a whole one is made.
 */
export type ChangeProposal =
  | ({
      kind: 'cancel';
      /**
       * "cancela las dos": the customer's other appointments cancelled with this one by the same
       * yes, each on the terms they were told (absent: this one alone).
       */
      also?: CancelTerms[];
    } & CancelTerms)
  | {
      kind: 'reschedule';
      appointmentId: string;
      date: string | null;
      time: string | null;
      /** "muévelas ambas una hora más tarde": the others moved by the same yes, each to its day and time. */
      also?: MoveTerms[];
    }
  /**
   * A place in line for a full class time or a taken one-to-one time (by the professional's
   * username; null: a time taken with everyone who offers the service, waited for with 'anyone
   * available'), for a verified client.
   */
  | { kind: 'waitlist'; username: string | null; serviceId: string; date: string; time: string };

/** One appointment a proposed cancellation covers, on the terms the customer was told. */
export type CancelTerms = {
  appointmentId: string;
  refund: Money | null;
  /** Paid with a pack session: whether the customer was told it goes back (absent otherwise). */
  sessionBack?: boolean;
};

/** One appointment a proposed move of several covers, and where it goes. */
export type MoveTerms = { appointmentId: string; date: string; time: string };

/** A change to one of the customer's appointments. */
export type AppointmentChange = Exclude<ChangeProposal, { kind: 'waitlist' }>;
/** The line of a full class time or a taken one-to-one time the customer was asked to join. */
export type WaitlistJoin = Extract<ChangeProposal, { kind: 'waitlist' }>;

/** What an assistant knows about the business and the moment when it answers. */
export type AssistantKnowledge = {
  /** The current instant, and the business's IANA zone that dates and times are in. */
  now: Date;
  timeZone: string;
  /** The business's own language, used for customers who write in a language we do not speak. */
  businessLanguage: 'es' | 'en';
  companyName: string;
  /** The business's website, from Company Settings, or null. */
  website: string | null;
  information: string;
  systemPrompt: string | null;
  /** Hours before an appointment until which cancelling refunds it and moving is allowed (Bookings settings). */
  freeCancellationHours: number;
  /** The price of the default service (the spec's appointment unless the business changed it), in minor units. */
  appointmentFee: Money;
  /** The services that can be booked, the default first, with their length, price and who offers each. */
  services: AssistantService[];
  /** The packs of sessions on sale (none when the business sells none). */
  packs?: AssistantPack[];
  /** The monthly premium-content subscription, in minor units; null when there is none. */
  premiumPrice: (Money & { interval: string }) | null;
  employees: AssistantDirectoryEntry[];
  /**
   * Names of the active staff who take no bookings (a manager): a customer asking for one is told
   * they cannot be booked, never shown someone else's times as theirs. Optional: none when absent.
   */
  otherStaff?: string[];
  /** Open slots of one professional (by username) within a range of local dates, day by day. */
  openSlots(username: string, query: OpenSlotsQuery): Promise<OpenDay[]>;
  /**
   * A class's times in the range with every seat taken (`query.service` a class; none otherwise):
   * what the booking page offers a waitlist for. Optional: a knowledge without classes has none.
   */
  fullClassTimes?(username: string, query: OpenSlotsQuery): Promise<Array<{ date: string; time: string }>>;
  /**
   * A one-to-one service's times in the range that another customer booked and the professional
   * could take were they free (`query.service` one-to-one; none otherwise): a customer may wait
   * for one, as the booking page lets them. With no professional (null): the times taken with every
   * professional who offers the service and open with none, whose line is 'anyone available''s.
   * Optional: a knowledge without it offers no such line.
   */
  takenTimes?(username: string | null, query: OpenSlotsQuery): Promise<Array<{ date: string; time: string }>>;
  /** The business's booking page, where a service is booked (or its line joined) with anyone available. */
  anyoneBookingUrl?: string;
  /**
   * The client who writes, when their number is a client's, with their upcoming appointments and
   * their packs not yet expired; null when the number is nobody's (then their bookings are for a
   * person to look up).
   */
  customer: { name: string; appointments: CustomerAppointment[]; packs: CustomerPack[] } | null;
  /** The change the assistant's last reply asked the customer to confirm, if any. */
  pendingChange: ChangeProposal | null;
};

export type Turn = { role: 'customer' | 'assistant'; text: string };

/** Why an engine hands over; a model that fails is the service's to say (`model_error`). */
export type HandoffKind = Exclude<HandoffReason, 'model_error'>;

export type AssistantAnswer = {
  replies: string[];
  /**
   * A structured decision to give the chat to a person, never guessed from the reply's words, with
   * why in words (for staff) and as a kind (for Insights; a model error is the service's to say).
   */
  handoff: { reason: string; kind: HandoffKind } | null;
  /**
   * Something the team must know that needs no person to answer ("llego 10 min tarde"): staff are
   * told by a notification linking the chat, and the chat stays with the assistant.
   */
  tellStaff?: string;
  /** A change the replies ask the customer to confirm; it is made only after they do. */
  propose?: ChangeProposal;
  /** The customer confirmed the pending change: make it (the service writes the reply). */
  confirm?: boolean;
  /**
   * The engine did not understand the message, or knows no answer to it: a lesson staff taught
   * for words close to it may answer instead (assistant.service.ts). A model never says so.
   */
  unsure?: boolean;
};

/** Produces the assistant's next answer from the conversation since the last '/new' or handoff. */
export type AssistantEngine = {
  readonly name: 'llm' | 'rules';
  respond(history: Turn[], knowledge: AssistantKnowledge): Promise<AssistantAnswer>;
};

/** The directory entry the assistant knows a bookable employee by; the rest of them it never sees. */
export function directoryEntry(
  employee: Omit<AssistantDirectoryEntry, 'bookingUrl' | 'subscriptionUrl'>,
  publicUrl: string,
): AssistantDirectoryEntry {
  const username = encodeURIComponent(employee.username);
  return {
    name: employee.name,
    username: employee.username,
    title: employee.title,
    role: employee.role,
    locations: employee.locations,
    availability: employee.availability,
    bookingUrl: `${publicUrl}/schedule/${username}`,
    subscriptionUrl: `${publicUrl}/subscription/${username}`,
  };
}
