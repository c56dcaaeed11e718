import type { BusinessLanguage, Company } from '@chatdesk/contract/company';
import { Card, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useCompanySectionForm, WithCompany } from './company-section';

const FIELDS = ['language', 'systemPrompt'] as const;
// Each language in its own name: whoever reads it can find theirs.
const LANGUAGE_OPTIONS: { value: BusinessLanguage; label: string }[] = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
];

/** How the assistant speaks: the business's language and its instructions, saved with the company. */
export function AssistantSettings() {
  return <WithCompany>{(company) => <AssistantForm company={company} />}</WithCompany>;
}

function AssistantForm({ company }: { company: Company }) {
  const { form, onSubmit, actions } = useCompanySectionForm(company, FIELDS);

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <div>
            <Title order={3} fz="lg">
              Assistant
            </Title>
            <Text size="sm" c="dimmed">
              How the AI assistant talks to your customers. What it knows comes from Company Settings.
            </Text>
          </div>

          <Select
            label="Business language"
            description="The assistant answers Spanish and English in kind, and any other language in this one."
            data={LANGUAGE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ shadow: 'md' }}
            maw={{ sm: 360 }}
            key={form.key('language')}
            {...form.getInputProps('language')}
          />

          <Textarea
            label="System Prompt"
            description="Instructions for the AI assistant: tone, what it may promise, when to hand over to a person."
            // Grows with the prompt up to most of a laptop's screen, then scrolls inside.
            autosize
            minRows={8}
            maxRows={14}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            key={form.key('systemPrompt')}
            {...form.getInputProps('systemPrompt')}
          />

          {actions}
        </Stack>
      </form>
    </Card>
  );
}
