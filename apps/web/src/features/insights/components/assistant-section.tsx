import type { InsightsReport } from '@chatdesk/contract/insights';
import { formatMinorMoney } from '../../../lib/format';
import { describeChange, formatPercent, shareOf } from '../insights-format';
import { InsightsSection } from './insights-section';
import { CountCard, StatCard } from './stat-card';
import { StatGrid } from './stat-grid';

export function AssistantSection({ report }: { report: InsightsReport }) {
  const now = report.current.assistant;
  const before = report.previous.assistant;
  const fromChatShare = shareOf(now.bookingsFromChat, report.current.bookings.total);
  const currencies = [...new Set([...now.refunded, ...before.refunded].map((refund) => refund.currency))];
  const refunded = (list: typeof now.refunded, currency: string) =>
    list.find((refund) => refund.currency === currency)?.amount ?? 0;

  return (
    <InsightsSection
      title="The assistant's own part"
      description="What the assistant did by itself: bookings from its chats, changes it made for customers, and money it gave back."
    >
      <StatGrid>
        <CountCard
          label="Bookings from chat"
          now={now.bookingsFromChat}
          before={before.bookingsFromChat}
          hint={fromChatShare === null ? undefined : `${formatPercent(fromChatShare)} of bookings`}
        />
        <CountCard
          label="Cancellations it made"
          now={now.cancelled}
          before={before.cancelled}
          better="neither"
        />
        <CountCard label="Appointments it moved" now={now.moved} before={before.moved} better="neither" />
        {currencies.length === 0 ? (
          <StatCard
            label="Money it refunded"
            value="None"
            hint="Under the cancellation policy"
            change={{ direction: 'same', text: 'No change', previous: 'was none', tone: 'neutral' }}
          />
        ) : (
          currencies.map((currency) => (
            <StatCard
              key={currency}
              label={
                currencies.length > 1 ? `Money it refunded (${currency.toUpperCase()})` : 'Money it refunded'
              }
              value={formatMinorMoney(refunded(now.refunded, currency), currency)}
              hint="Under the cancellation policy"
              change={describeChange(refunded(now.refunded, currency), refunded(before.refunded, currency), {
                kind: 'relative',
                format: (value) => formatMinorMoney(value, currency),
                better: 'neither',
              })}
            />
          ))
        )}
      </StatGrid>
    </InsightsSection>
  );
}
