import { Radio, Stack } from '@mantine/core';

type RefundChoiceProps = {
  /** The payment as the customer sees it ("€10.00"). */
  paid: string;
  refund: boolean;
  onChange: (refund: boolean) => void;
};

/** What happens to the customer's money when staff cancel: refunded (the default) or kept. */
export function RefundChoice({ paid, refund, onChange }: RefundChoiceProps) {
  return (
    <Radio.Group
      label={`The ${paid} payment`}
      value={refund ? 'refund' : 'keep'}
      onChange={(value) => onChange(value === 'refund')}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="refund"
          label={`Refund ${paid} to the customer`}
          description="The business is cancelling, so the customer gets the money back."
        />
        <Radio
          value="keep"
          label="Keep the fee"
          description="For example for a late cancellation under your cancellation policy."
        />
      </Stack>
    </Radio.Group>
  );
}
