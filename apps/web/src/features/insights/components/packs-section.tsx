import type { InsightsReport, PackMoneyFigure } from '@chatdesk/contract/insights';
import { formatMinorMoney } from '../../../lib/format';
import { describeChange, formatCount } from '../insights-format';
import { InsightsSection } from './insights-section';
import { StatCard } from './stat-card';
import { StatGrid } from './stat-grid';

const EMPTY = (currency: string): PackMoneyFigure => ({ currency, sales: 0, refunds: 0, net: 0 });

/** Packs of sessions, shown once the business has sold any: their money in the period, and what is owed. */
export function PacksSection({ report }: { report: InsightsReport }) {
  const { money, previousMoney, outstandingSessions, packsWithSessions } = report.packs;
  if (money.length === 0 && previousMoney.length === 0 && outstandingSessions === 0) return null;
  const currencies = [...new Set([...money, ...previousMoney].map((figure) => figure.currency))];
  const many = currencies.length > 1;
  return (
    <InsightsSection
      title="Packs of sessions"
      description="Pack sales minus pack refunds in the period, and the sessions customers have paid for and not used yet."
    >
      <StatGrid>
        {currencies.map((currency) => {
          const now = money.find((figure) => figure.currency === currency) ?? EMPTY(currency);
          const before = previousMoney.find((figure) => figure.currency === currency) ?? EMPTY(currency);
          return (
            <StatCard
              key={currency}
              label={many ? `Pack revenue (${currency.toUpperCase()})` : 'Pack revenue'}
              value={formatMinorMoney(now.net, currency)}
              hint={
                now.refunds > 0
                  ? `${formatMinorMoney(now.sales, currency)} sold, ${formatMinorMoney(now.refunds, currency)} refunded`
                  : undefined
              }
              change={describeChange(now.net, before.net, {
                kind: 'relative',
                format: (value) => formatMinorMoney(value, currency),
                better: 'up',
              })}
            />
          );
        })}
        <StatCard
          label="Outstanding sessions"
          value={formatCount(outstandingSessions)}
          hint={`In ${formatCount(packsWithSessions)} ${packsWithSessions === 1 ? 'pack' : 'packs'} not expired, as of now`}
          change={describeChange(null, null, { kind: 'relative', format: formatCount })}
        />
      </StatGrid>
    </InsightsSection>
  );
}
