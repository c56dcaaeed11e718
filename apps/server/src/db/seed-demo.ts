import { DEMO_CREDENTIALS, PLAN_CATALOGUE } from '@chatdesk/contract/constants';
import type { HandoffReason } from '@chatdesk/contract/insights';
import { and, count, eq, sql } from 'drizzle-orm';
import { addDays, addMinutesToTime, zonedDate, zonedTimeToUtc } from '../lib/time-zone.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Db } from './client.ts';
import {
  appointmentEvents,
  appointments,
  assistantTests,
  cannedReplies,
  chats,
  clients,
  company,
  contacts,
  employees,
  messages,
  notifications,
  payments,
  plans,
  services,
  subscriptions,
  type WeeklyAvailability,
} from './schema.ts';

const TIME_ZONE = 'Europe/Madrid';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const weekdays = (
  ranges: Array<[string, string]>,
  days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
) => Object.fromEntries(days.map((day) => [day, ranges])) as WeeklyAvailability;

const DEMO_EMPLOYEES = [
  {
    key: 'admin',
    name: 'Laura Martín',
    email: 'laura@entrena.example',
    username: DEMO_CREDENTIALS.username,
    password: DEMO_CREDENTIALS.password,
    role: 'Studio manager',
    title: 'Head Coach',
    locations: ['Madrid'],
    availability: weekdays([['10:00', '14:00']], ['monday', 'wednesday', 'friday']),
    // The manager runs the dashboard; customers book the others.
    takesBookings: false,
  },
  {
    key: 'carlos',
    name: 'Carlos Ruiz',
    email: 'carlos@entrena.example',
    username: 'carlos',
    role: 'Personal trainer, strength and conditioning',
    title: 'Personal Trainer',
    locations: ['Madrid', 'Alcobendas'],
    availability: {
      ...weekdays([
        ['07:00', '11:00'],
        ['17:00', '21:00'],
      ]),
      saturday: [['09:00', '13:00']],
    },
  },
  {
    key: 'lucia',
    name: 'Lucía Fernández',
    email: 'lucia@entrena.example',
    username: 'lucia',
    role: 'Sports nutritionist',
    title: 'Nutritionist',
    locations: ['Barcelona', 'Online'],
    availability: weekdays([['09:00', '17:00']], ['monday', 'tuesday', 'thursday']),
  },
  {
    key: 'javier',
    name: 'Javier Moreno',
    email: 'javier@entrena.example',
    username: 'javier',
    role: 'Physiotherapist, injury recovery',
    title: 'Physiotherapist',
    locations: ['Valencia'],
    availability: weekdays([
      ['08:30', '13:30'],
      ['16:00', '19:00'],
    ]),
  },
  {
    key: 'marta',
    name: 'Marta Navarro',
    email: 'marta@entrena.example',
    username: 'marta',
    role: 'Yoga and pilates instructor',
    title: 'Yoga Instructor',
    locations: ['Sevilla', 'Málaga'],
    availability: weekdays([['09:00', '19:00']], ['tuesday', 'wednesday', 'thursday', 'saturday']),
  },
  {
    key: 'pablo',
    name: 'Pablo Ortega',
    email: 'pablo@entrena.example',
    username: 'pablo',
    role: 'Personal trainer, running',
    title: 'Running Coach',
    locations: ['Bilbao'],
    availability: {},
    isActive: false,
  },
] as const;

type ChatSeed = {
  name: string;
  prefix: string;
  phone: string;
  email?: string;
  assignedTo: 'ai' | 'human';
  channel?: 'whatsapp' | 'web' | 'simulator';
  /** [minutes ago, sender, text, status?]; the newest last. */
  messages: Array<[number, 'customer' | 'staff' | 'assistant' | 'system', string]>;
  /** Customer messages among the newest this many are unread (the assistant may have answered them). */
  unread?: number;
  /** When (minutes ago) and why the assistant gave the chat to a person, as Insights counts it. */
  handover?: [number, HandoffReason];
};

const CHATS: ChatSeed[] = [
  {
    name: 'Ana García',
    prefix: '34',
    phone: '612345678',
    email: 'ana.garcia@example.com',
    assignedTo: 'ai',
    messages: [
      [180, 'customer', 'Hola, busco un entrenador personal en Madrid para perder peso.'],
      [
        179,
        'assistant',
        '¡Hola Ana! En Madrid tenemos a Carlos Ruiz, entrenador personal de fuerza y acondicionamiento.',
      ],
      [178, 'customer', '¿Tiene horario por las tardes?'],
      [
        177,
        'assistant',
        'Sí, Carlos atiende de lunes a viernes de 17:00 a 21:00. Puedes reservar aquí la cita.',
      ],
      [5, 'customer', 'Perfecto, ¿cuánto cuesta la primera sesión?'],
      [
        4,
        'assistant',
        'La primera sesión con Carlos cuesta 10 €, que se pagan al reservar la cita en su página.',
      ],
    ],
    unread: 2,
  },
  {
    name: 'James Wilson',
    prefix: '44',
    phone: '7700900123',
    email: 'james.wilson@example.com',
    assignedTo: 'human',
    handover: [2 * 24 * 60 - 1, 'policy'],
    messages: [
      [2 * 24 * 60, 'customer', 'Hi, I twisted my knee running. Can a physio in Valencia see me this week?'],
      [2 * 24 * 60 - 1, 'assistant', 'I am passing you to a member of our team who will follow up shortly.'],
      [2 * 24 * 60 - 30, 'staff', 'Hi James, Javier can see you on Thursday at 10:00. Shall I book it?'],
      [60, 'customer', 'Yes please, Thursday works.'],
      [58, 'customer', 'Is there parking near the clinic?'],
    ],
    unread: 2,
  },
  {
    name: 'Marc Puig',
    prefix: '34',
    phone: '633221100',
    assignedTo: 'ai',
    messages: [
      [3 * 24 * 60, 'customer', 'Bon dia! Necessito una nutricionista a Barcelona.'],
      [
        3 * 24 * 60 - 1,
        'assistant',
        'Bon dia Marc! Lucía Fernández és la nostra nutricionista a Barcelona i també en línia.',
      ],
    ],
  },
  {
    name: 'Sofía López',
    prefix: '34',
    phone: '655443322',
    email: 'sofia.lopez@example.com',
    assignedTo: 'human',
    messages: [
      [5 * 24 * 60, 'customer', '¿Hacéis clases de yoga en Sevilla?'],
      [5 * 24 * 60 - 2, 'staff', 'Sí, Marta da clases los martes, miércoles y jueves. ¿Te reservo una?'],
      [5 * 24 * 60 - 10, 'customer', 'Genial, gracias. Os digo algo.'],
    ],
  },
  {
    name: 'Lukas Becker',
    prefix: '49',
    phone: '15123456789',
    assignedTo: 'ai',
    messages: [
      [26, 'customer', 'Hello, do you offer online nutrition plans in English?'],
      [
        25,
        'assistant',
        'Yes! Lucía Fernández, our nutritionist, works online and in English. Which days suit you best for a first consultation?',
      ],
    ],
    unread: 2,
  },
  {
    name: 'Elena Sánchez',
    prefix: '34',
    phone: '699887766',
    assignedTo: 'human',
    messages: [],
  },
];

type ClientSeed = {
  key: string;
  name: string;
  phone: string;
  email?: string;
  status: 'lead' | 'active' | 'inactive' | 'former';
  source: 'whatsapp' | 'referral' | 'website' | 'social' | 'other';
  employee?: string;
  city?: string;
  notes?: string;
};

const CLIENTS: ClientSeed[] = [
  {
    key: 'ana',
    name: 'Ana García',
    phone: '+34612345678',
    email: 'ana.garcia@example.com',
    status: 'lead',
    source: 'whatsapp',
    employee: 'carlos',
    city: 'Madrid',
    notes: 'Wants evening sessions.',
  },
  {
    key: 'james',
    name: 'James Wilson',
    phone: '+447700900123',
    email: 'james.wilson@example.com',
    status: 'active',
    source: 'website',
    employee: 'javier',
    city: 'Valencia',
    notes: 'Knee injury from running.',
  },
  {
    key: 'sofia',
    name: 'Sofía López',
    phone: '+34655443322',
    email: 'sofia.lopez@example.com',
    status: 'active',
    source: 'social',
    employee: 'marta',
    city: 'Sevilla',
  },
  {
    key: 'david',
    name: 'David Romero',
    phone: '+34611223344',
    email: 'david.romero@example.com',
    status: 'active',
    source: 'referral',
    employee: 'carlos',
    city: 'Madrid',
    notes: 'Referred by Sofía. Marathon in spring.',
  },
  {
    key: 'irene',
    name: 'Irene Castro',
    phone: '+34622334455',
    email: 'irene.castro@example.com',
    status: 'inactive',
    source: 'website',
    employee: 'lucia',
    city: 'Barcelona',
    notes: 'Paused after moving house.',
  },
  {
    key: 'tomas',
    name: 'Tomás Vidal',
    phone: '+34644556677',
    email: 'tomas.vidal@example.com',
    status: 'former',
    source: 'other',
    employee: 'javier',
    city: 'Valencia',
  },
  {
    key: 'nuria',
    name: 'Núria Soler',
    phone: '+34666778899',
    email: 'nuria.soler@example.com',
    status: 'active',
    source: 'website',
    employee: 'lucia',
    city: 'Barcelona',
  },
  {
    key: 'hugo',
    name: 'Hugo Herrera',
    phone: '+34677889900',
    status: 'lead',
    source: 'social',
    city: 'Málaga',
    notes: 'Asked about pilates on Instagram.',
  },
];

/** Reference data every installation needs: the plan catalogue of spec §9. */
export async function seedReferenceData(db: Db) {
  await db
    .insert(plans)
    .values(
      PLAN_CATALOGUE.map((plan, index) => ({
        name: plan.name,
        amount: Math.round(plan.amount * 100),
        currency: 'usd',
        interval: plan.interval,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing({ target: plans.name });
}

export async function hasEmployees(db: Db) {
  const [row] = await db.select({ value: count() }).from(employees);
  return (row?.value ?? 0) > 0;
}

export async function createAdmin(db: Db, admin: { username: string; password: string }) {
  await db.insert(employees).values({
    name: 'Administrator',
    email: `${admin.username}@localhost`,
    username: admin.username,
    passwordHash: await hashPassword(admin.password),
    role: 'Administrator',
    isActive: true,
    // An account to run the dashboard, with no availability: not one customers book.
    takesBookings: false,
  });
}

/** A believable business: a network of personal trainers in Spanish cities. */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  await db
    .insert(company)
    .values({
      id: 1,
      name: 'Entrena Studio',
      industry: 'Fitness and wellbeing',
      website: 'https://entrena.example',
      logo: null,
      timeZone: TIME_ZONE,
      language: 'es',
      information: [
        'Entrena Studio is a network of personal trainers, nutritionists and physiotherapists in Madrid, Barcelona, Valencia, Sevilla and Málaga, with online sessions too.',
        'A first 30-minute consultation costs 10 EUR and is paid when booking online.',
        'Opening hours depend on each professional; see their booking page.',
        'Premium content subscriptions give monthly training plans and videos from your professional.',
      ].join('\n'),
      systemPrompt:
        'You are the friendly assistant of Entrena Studio. Help customers find the right professional in their city, share booking links, and hand over to a person when you cannot help.',
    })
    .onConflictDoNothing();

  // In the business's language, as customers read them; the variables are filled for each chat.
  await db
    .insert(cannedReplies)
    .values([
      {
        name: 'horario',
        text: 'Hola {first_name}, cada profesional tiene su propio horario: puedes ver sus huecos libres y reservar en su página, {booking_link}',
      },
      {
        name: 'precio',
        text: 'Hola {first_name}, la primera consulta de 30 minutos cuesta 10 € y se paga al reservar online.',
      },
      {
        name: 'cita',
        text: 'Hola {first_name}, tu próxima cita es el {next_appointment} con {professional}. Si necesitas cambiarla, dínoslo por aquí.',
      },
      {
        name: 'reservar',
        text: 'Puedes reservar con {professional} aquí: {booking_link}\nVerás sus huecos libres y la cita se paga al reservar.',
      },
      { name: 'gracias', text: '¡Gracias, {first_name}! Escríbenos cuando quieras si necesitas algo más.' },
    ])
    .onConflictDoNothing();

  // The business's own test set starts with what its customers ask most (Settings → Test Set).
  await db.insert(assistantTests).values([
    {
      name: 'Price of a session',
      lines: ['Hola', '¿Cuánto cuesta una sesión?'],
      mustContain: '10,00',
      mustDo: 'answer',
    },
    {
      name: 'A trainer in Madrid',
      lines: ['Busco entrenador personal en Madrid'],
      mustContain: '/schedule/',
      mustDo: 'answer',
    },
    {
      name: 'Asks for a person',
      lines: ['Quiero hablar con una persona'],
      mustContain: '',
      mustDo: 'hand_over',
    },
  ]);

  const employeeIds = new Map<string, string>();
  const otherPassword = await hashPassword('trainer1234');
  for (const seed of DEMO_EMPLOYEES) {
    const [row] = await db
      .insert(employees)
      .values({
        name: seed.name,
        email: seed.email,
        username: seed.username,
        passwordHash: 'password' in seed ? await hashPassword(seed.password) : otherPassword,
        role: seed.role,
        title: seed.title,
        locations: [...seed.locations],
        availability: seed.availability as WeeklyAvailability,
        isActive: 'isActive' in seed ? seed.isActive : true,
        takesBookings: 'takesBookings' in seed ? seed.takesBookings : true,
      })
      .returning({ id: employees.id });
    employeeIds.set(seed.key, row!.id);
  }

  for (const seed of CHATS) {
    const [contact] = await db
      .insert(contacts)
      .values({ name: seed.name, prefix: seed.prefix, phone: seed.phone, email: seed.email ?? null })
      .returning({ id: contacts.id });
    const newest = seed.messages.at(-1);
    const unreadFrom = seed.messages.length - (seed.unread ?? 0);
    const unreadCount = seed.messages.filter(
      ([, sender], index) => sender === 'customer' && index >= unreadFrom,
    ).length;
    const [chat] = await db
      .insert(chats)
      .values({
        contactId: contact!.id,
        assignedTo: seed.assignedTo,
        channel: seed.channel ?? 'whatsapp',
        lastMessageAt: newest ? new Date(now.getTime() - newest[0] * 60_000) : null,
        lastMessageText: newest?.[2] ?? null,
        lastMessageSender: newest?.[1] ?? null,
        unreadCount,
        searchText: sql`(select search_text from contacts where id = ${contact!.id})`,
        createdAt: new Date(now.getTime() - (seed.messages[0]?.[0] ?? 60) * 60_000 - 60_000),
      })
      .returning({ id: chats.id });
    if (seed.messages.length > 0) {
      await db.insert(messages).values(
        seed.messages.map(([minutesAgo, sender, text], index) => {
          const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
          const incoming = sender === 'customer';
          return {
            chatId: chat!.id,
            text,
            sender,
            status: incoming
              ? ('delivered' as const)
              : index === seed.messages.length - 1
                ? ('delivered' as const)
                : ('read' as const),
            readAt: incoming && index < unreadFrom ? createdAt : null,
            createdAt,
          };
        }),
      );
    }
    if (seed.handover) {
      // The messages were stored at once, so the handover goes to its own conversation by time.
      const at = new Date(now.getTime() - seed.handover[0] * 60_000);
      await db.execute(sql`
        update conversations set handed_over_at = ${at}, handoff_reason = ${seed.handover[1]}
         where id = (select id from conversations where chat_id = ${chat!.id} and started_at <= ${at}
                      order by started_at desc limit 1)`);
    }
  }

  const clientIds = new Map<string, string>();
  for (const [index, seed] of CLIENTS.entries()) {
    const [row] = await db
      .insert(clients)
      .values({
        name: seed.name,
        phone: seed.phone,
        email: seed.email ?? null,
        status: seed.status,
        source: seed.source,
        assignedEmployeeId: seed.employee ? employeeIds.get(seed.employee) : null,
        address: seed.city ? { city: seed.city, country: 'Spain' } : {},
        notes: seed.notes ?? null,
        createdAt: new Date(now.getTime() - (60 - index * 5) * DAY),
      })
      .returning({ id: clients.id });
    clientIds.set(seed.key, row!.id);
  }

  const planRows = await db.select().from(plans);
  const plan = (name: string) => planRows.find((p) => p.name === name)!;
  const subscriptionSeeds = [
    { client: 'james', plan: 'Standard Plan', status: 'active', startedDaysAgo: 40, employee: 'javier' },
    { client: 'sofia', plan: 'Basic Plan', status: 'trialing', startedDaysAgo: 5, employee: 'marta' },
    {
      client: 'david',
      plan: 'Premium Plan',
      status: 'active',
      startedDaysAgo: 75,
      cancelAtPeriodEnd: true,
      employee: 'carlos',
    },
    { client: 'irene', plan: 'Basic Plan', status: 'past_due', startedDaysAgo: 33, employee: 'lucia' },
    {
      client: 'tomas',
      plan: 'Annual Basic',
      status: 'canceled',
      startedDaysAgo: 400,
      endedDaysAgo: 35,
      employee: 'javier',
    },
    { client: 'nuria', plan: 'Annual Standard', status: 'active', startedDaysAgo: 120, employee: 'lucia' },
  ] as const;
  for (const seed of subscriptionSeeds) {
    const p = plan(seed.plan);
    const periodDays = p.interval === 'year' ? 365 : 30;
    const started = now.getTime() - seed.startedDaysAgo * DAY;
    const periods = Math.floor(seed.startedDaysAgo / periodDays);
    const periodStart = new Date(started + periods * periodDays * DAY);
    const ended = 'endedDaysAgo' in seed ? new Date(now.getTime() - seed.endedDaysAgo * DAY) : null;
    const [subscription] = await db
      .insert(subscriptions)
      .values({
        clientId: clientIds.get(seed.client)!,
        employeeId: employeeIds.get(seed.employee),
        planId: p.id,
        planName: p.name,
        amount: p.amount,
        currency: p.currency,
        interval: p.interval,
        status: seed.status,
        cancelAtPeriodEnd: 'cancelAtPeriodEnd' in seed ? seed.cancelAtPeriodEnd : false,
        currentPeriodStart: ended ? new Date(ended.getTime() - periodDays * DAY) : periodStart,
        currentPeriodEnd: ended ?? new Date(periodStart.getTime() + periodDays * DAY),
        canceledAt: ended,
        endedAt: ended,
        createdAt: new Date(started),
      })
      .returning({ id: subscriptions.id });
    for (let period = 0; period <= periods && period < 4; period++) {
      const failed = seed.status === 'past_due' && period === periods;
      if (seed.status === 'trialing') break;
      await db.insert(payments).values({
        clientId: clientIds.get(seed.client)!,
        subscriptionId: subscription!.id,
        amount: p.amount,
        currency: p.currency,
        status: failed ? 'failed' : 'completed',
        paymentMethod: 'card',
        description: `${p.name} (${period + 1})`,
        paidAt: new Date(started + period * periodDays * DAY),
      });
    }
  }

  const today = zonedDate(now, TIME_ZONE);
  const appointmentSeeds = [
    {
      days: -21,
      time: '10:00',
      employee: 'carlos',
      client: 'david',
      status: 'completed',
      notes: 'Initial assessment.',
    },
    { days: -14, time: '17:30', employee: 'carlos', client: 'david', status: 'completed' },
    { days: -10, time: '09:00', employee: 'lucia', client: 'irene', status: 'no-show' },
    {
      days: -7,
      time: '08:30',
      employee: 'javier',
      client: 'tomas',
      status: 'cancelled',
      notes: 'Client cancelled by phone.',
    },
    {
      days: -6,
      time: '11:00',
      employee: 'javier',
      client: 'james',
      status: 'completed',
      notes: 'Knee mobility work.',
    },
    { days: -3, time: '10:30', employee: 'marta', client: 'sofia', status: 'completed' },
    { days: -2, time: '12:00', employee: 'lucia', client: 'nuria', status: 'completed' },
    { days: -1, time: '18:00', employee: 'carlos', client: 'ana', status: 'no-show' },
    {
      days: 1,
      time: '10:00',
      employee: 'javier',
      client: 'james',
      status: 'scheduled',
      notes: 'Follow-up on the knee.',
    },
    { days: 2, time: '18:30', employee: 'carlos', client: 'ana', status: 'scheduled' },
    { days: 3, time: '09:30', employee: 'lucia', client: 'nuria', status: 'scheduled' },
    { days: 5, time: '11:00', employee: 'marta', client: 'sofia', status: 'scheduled' },
    { days: 6, time: '17:00', employee: 'carlos', client: 'david', status: 'cancelled' },
    { days: 8, time: '12:30', employee: 'javier', client: 'james', status: 'scheduled' },
    {
      days: 12,
      time: '16:00',
      employee: 'marta',
      client: 'hugo',
      status: 'scheduled',
      notes: 'First pilates session.',
    },
  ] as const;
  const [defaultService] = await db.select().from(services).where(eq(services.isDefault, true)).limit(1);
  const employeeById = new Map(DEMO_EMPLOYEES.map((e) => [e.key, e]));
  const clientByKey = new Map(CLIENTS.map((c) => [c.key, c]));
  for (const [index, seed] of appointmentSeeds.entries()) {
    // Most came from the booking page; every third one staff booked at the desk.
    const byStaff = index % 3 === 0;
    const localDate = addDays(today, seed.days);
    const employee = employeeById.get(seed.employee)!;
    const client = clientByKey.get(seed.client)!;
    const startsAt = zonedTimeToUtc(localDate, seed.time, TIME_ZONE);
    const bookedAt = new Date(startsAt.getTime() - 5 * DAY);
    const [row] = await db
      .insert(appointments)
      .values({
        employeeId: employeeIds.get(seed.employee),
        employeeName: employee.name,
        employeeEmail: employee.email,
        clientId: clientIds.get(seed.client),
        clientName: client.name,
        clientEmail: client.email ?? null,
        clientPhone: client.phone,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        blockedFrom: startsAt,
        blockedUntil: new Date(startsAt.getTime() + 30 * 60_000),
        serviceId: defaultService?.id ?? null,
        serviceName: defaultService?.name ?? 'Appointment',
        priceAmount: defaultService?.priceAmount ?? 1000,
        priceCurrency: defaultService?.currency ?? 'eur',
        localDate,
        startTime: seed.time,
        endTime: addMinutesToTime(seed.time, 30),
        status: seed.status,
        notes: 'notes' in seed ? seed.notes : null,
        channel: byStaff ? 'staff' : 'page',
        slotChosenAt: bookedAt,
        createdAt: bookedAt,
      })
      .returning({ id: appointments.id });
    await db.insert(appointmentEvents).values({
      appointmentId: row!.id,
      kind: 'booked',
      actor: byStaff ? 'staff' : 'customer',
      createdAt: bookedAt,
    });
  }

  const notificationSeeds = [
    {
      hoursAgo: 0.2,
      type: 'warning',
      title: 'Chat needs a person',
      message: 'James Wilson asked to speak to someone about parking near the Valencia clinic.',
      isRead: false,
      isSolved: false,
      link: 'chat',
    },
    {
      hoursAgo: 1,
      type: 'success',
      title: 'New booking',
      message: 'Ana García booked Carlos Ruiz for a 30-minute session.',
      isRead: false,
      isSolved: false,
    },
    {
      hoursAgo: 3,
      type: 'error',
      title: 'Payment failed',
      message: "Irene Castro's Basic Plan renewal was declined by the card issuer.",
      isRead: false,
      isSolved: false,
    },
    {
      hoursAgo: 5,
      type: 'info',
      title: 'New subscription',
      message: 'Sofía López started a Basic Plan trial with Marta Navarro.',
      isRead: false,
      isSolved: false,
    },
    {
      hoursAgo: 20,
      type: 'success',
      title: 'New booking',
      message: 'Núria Soler booked Lucía Fernández.',
      isRead: true,
      isSolved: false,
    },
    {
      hoursAgo: 26,
      type: 'warning',
      title: 'Subscription will end',
      message: "David Romero's Premium Plan is set to cancel at the end of the period.",
      isRead: true,
      isSolved: true,
    },
    {
      hoursAgo: 48,
      type: 'error',
      title: 'WhatsApp message not delivered',
      message: 'A reply to Tomás Vidal could not be delivered.',
      isRead: true,
      isSolved: true,
    },
    {
      hoursAgo: 72,
      type: 'info',
      title: 'Subscription canceled',
      message: "Tomás Vidal's Annual Basic subscription ended.",
      isRead: true,
      isSolved: false,
    },
    {
      hoursAgo: 96,
      type: 'warning',
      title: 'Chat needs a person',
      message: 'Sofía López wanted to talk about class times in Sevilla.',
      isRead: false,
      isSolved: true,
    },
  ] as const;
  const [humanChat] = await db
    .select({ id: chats.id })
    .from(chats)
    .innerJoin(contacts, and(eq(contacts.id, chats.contactId), eq(contacts.name, 'James Wilson')));
  await db.insert(notifications).values(
    notificationSeeds.map((seed) => ({
      title: seed.title,
      message: seed.message,
      type: seed.type,
      isRead: seed.isRead,
      isSolved: seed.isSolved,
      link: 'link' in seed && humanChat ? `/chat/${humanChat.id}` : null,
      createdAt: new Date(now.getTime() - seed.hoursAgo * HOUR),
    })),
  );
}
