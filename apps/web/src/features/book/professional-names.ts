const SHOWN = 4;

/**
 * "Ana and Bea", "Ana, Bea, Carlos and 2 more": who may take the appointment, by first name, or by
 * full name where two share one.
 */
export function professionalNames(
  professionals: { name: string }[],
  words: { and: string; more: (count: number) => string } = { and: 'and', more: (count) => `${count} more` },
): string {
  const first = (name: string) => name.trim().split(/\s+/)[0] ?? name;
  const counts = new Map<string, number>();
  for (const { name } of professionals) counts.set(first(name), (counts.get(first(name)) ?? 0) + 1);
  const names = professionals.map(({ name }) => ((counts.get(first(name)) ?? 0) > 1 ? name : first(name)));
  if (names.length > SHOWN)
    return `${names.slice(0, SHOWN - 1).join(', ')} ${words.and} ${words.more(names.length - SHOWN + 1)}`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${words.and} ${names[names.length - 1]}`;
}
