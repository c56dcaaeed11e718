export * from './schema/appointments.ts';
export * from './schema/chats.ts';
export * from './schema/clients.ts';
export * from './schema/company.ts';
export * from './schema/employees.ts';
export * from './schema/integrations.ts';
export * from './schema/notifications.ts';
export * from './schema/subscriptions.ts';
