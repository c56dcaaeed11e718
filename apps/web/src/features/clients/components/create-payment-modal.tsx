import { CLIENT_MESSAGES, type CreatePaymentRequest } from '@chatdesk/contract/clients';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { useCreatePayment } from '../api';
import { PAYMENT_CURRENCY_OPTIONS, type PaymentFormValues, toPaymentRequest } from '../client-format';

type CreatePaymentModalProps = { clientId: string; opened: boolean; onClose: () => void };

export function CreatePaymentModal({ clientId, opened, onClose }: CreatePaymentModalProps) {
  const create = useCreatePayment(clientId);
  const form = useForm<PaymentFormValues>({
    mode: 'controlled',
    initialValues: { amount: '', currency: 'usd', paymentMethod: '', description: '' },
    validate: {
      amount: (value) => (typeof value === 'number' && value > 0 ? null : CLIENT_MESSAGES.amountInvalid),
      currency: (value) => (value ? null : CLIENT_MESSAGES.currencyInvalid),
    },
  });
  useUnsavedChangesGuard(opened && form.isDirty() && !create.isPending);

  const close = () => {
    if (create.isPending) return;
    create.reset();
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    create.reset();
    const body: CreatePaymentRequest = toPaymentRequest(values);
    create.mutate(body, {
      onSuccess: () => {
        form.reset();
        onClose();
      },
    });
  });

  const error = create.isError
    ? (create.error instanceof ApiError && create.error.serverMessage) || 'Failed to create payment'
    : null;

  return (
    <Modal opened={opened} onClose={close} title="Create Payment" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <NumberInput
              label="Amount"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              placeholder="0.00"
              key={form.key('amount')}
              {...form.getInputProps('amount')}
            />
            <Select
              label="Currency"
              data={PAYMENT_CURRENCY_OPTIONS}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ shadow: 'md', withinPortal: true }}
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
          </Group>
          <TextInput
            label="Payment Method"
            placeholder="e.g. card, cash, transfer"
            key={form.key('paymentMethod')}
            {...form.getInputProps('paymentMethod')}
          />
          <TextInput
            label="Description"
            placeholder="What the payment is for"
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <ErrorAlert>{error}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
