import { Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useBookingTexts } from '../../lib/page-language';
import { type CardErrors, type CardValues, digitsOf, formatCardNumber, formatExpiry } from './card-input';

type TestCardFieldsProps = {
  card: CardValues;
  errors: CardErrors;
  busy: boolean;
  onChange: (field: keyof CardValues, value: string) => void;
};

/** The local payment provider's card fields, with Stripe's test cards explained. */
export function TestCardFields({ card, errors, busy, onChange }: TestCardFieldsProps) {
  const texts = useBookingTexts();
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {texts.cardDetails}
        </Text>
        <Badge variant="light" color="orange" size="sm">
          {texts.testMode}
        </Badge>
      </Group>
      <TextInput
        label={texts.cardNumber}
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        leftSection={<IconCreditCard size={16} />}
        value={card.number}
        error={errors.number}
        disabled={busy}
        onChange={(event) => onChange('number', formatCardNumber(event.currentTarget.value))}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label={texts.expiryDate}
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          error={errors.expiry}
          disabled={busy}
          onChange={(event) => onChange('expiry', formatExpiry(event.currentTarget.value))}
        />
        <TextInput
          label={texts.cvc}
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          error={errors.cvc}
          disabled={busy}
          onChange={(event) => onChange('cvc', digitsOf(event.currentTarget.value).slice(0, 4))}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {texts.testCards}
      </Text>
    </Stack>
  );
}
