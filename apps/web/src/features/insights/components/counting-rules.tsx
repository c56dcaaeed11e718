import { CONVERSATION_GAP_HOURS, REOPEN_AFTER_MINUTES } from '@chatdesk/contract/insights';
import { Box, Card, Text, Title } from '@mantine/core';

/** What each word on the page means, in the contract's own terms (packages/contract/src/insights.ts). */
export const COUNTING_RULES: { term: string; meaning: string }[] = [
  {
    term: 'A conversation',
    meaning: `starts with a customer's message after ${CONVERSATION_GAP_HOURS} hours of quiet in their chat (or their first message ever), and runs until the next such quiet.`,
  },
  {
    term: 'Resolved',
    meaning:
      "the assistant answered, nobody took over, the customer's last message got an answer, and the customer booked, said thanks, or did not come back within 24 hours. A reopened conversation is not resolved.",
  },
  {
    term: 'Handed over',
    meaning:
      'the assistant gave the conversation to a person: the customer asked for one or complained, the assistant did not understand, the model failed, or the business’s policy says a person handles it.',
  },
  {
    term: 'Handled by staff',
    meaning:
      'a person answered without the assistant handing over: the assistant was off, or someone stepped in.',
  },
  { term: 'Unanswered', meaning: "the customer's last message got no answer from anyone." },
  {
    term: 'In progress',
    meaning: 'the assistant answered less than 24 hours ago, and the customer may still come back.',
  },
  {
    term: 'Reopened',
    meaning: `the customer wrote again ${REOPEN_AFTER_MINUTES} minutes or more after the assistant's answer, within the same conversation.`,
  },
  {
    term: 'First reply',
    meaning:
      "from the customer's first message to the first answer; waiting for a person runs from the handover to a person's first answer.",
  },
];

/** The definitions behind the figures, on the page itself: an owner should not have to guess what "resolved" means. */
export function CountingRules() {
  return (
    <Card p="md" radius="md" component="aside" aria-labelledby="insights-counting-rules">
      <Title order={4} fz="md" id="insights-counting-rules" mb="xs">
        How these are counted
      </Title>
      <Box component="dl" m={0} style={{ display: 'grid', gap: 6 }}>
        {COUNTING_RULES.map(({ term, meaning }) => (
          <Text key={term} size="sm" component="div">
            <Text component="dt" inherit fw={600} display="inline">
              {term}:
            </Text>{' '}
            <Text component="dd" inherit display="inline" m={0}>
              {meaning}
            </Text>
          </Text>
        ))}
      </Box>
    </Card>
  );
}
