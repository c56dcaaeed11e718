import type { InsightsReport, MoneyFigure } from '@chatdesk/contract/insights';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Card, ColorSwatch, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ListCard, ResponsiveTable, WrapAnywhere } from '../../../components/responsive-table';
import { formatMinorMoney } from '../../../lib/format';
import {
  describeChange,
  formatCount,
  formatPercent,
  formatShortDay,
  noShowRate,
  rateChange,
  shareOf,
} from '../insights-format';
import { ChartCard } from './chart-card';
import { FigureTable } from './figure-table';
import { InsightsSection } from './insights-section';
import { CountCard, StatCard } from './stat-card';
import { StatGrid } from './stat-grid';

const CHANNELS = [
  { key: 'page', label: 'Booking page', color: 'brand.6' },
  { key: 'chat', label: 'Chat', color: 'teal.6' },
  { key: 'staff', label: 'Staff', color: 'grape.6' },
] as const;

const EMPTY_MONEY = (currency: string): MoneyFigure => ({ currency, revenue: 0, refunds: 0, net: 0 });

/** Money per currency in both periods, each currency once, in the order the period has them. */
function moneyRows(now: MoneyFigure[], before: MoneyFigure[]) {
  const currencies = [...new Set([...now, ...before].map((figure) => figure.currency))];
  return currencies.map((currency) => ({
    currency,
    now: now.find((figure) => figure.currency === currency) ?? EMPTY_MONEY(currency),
    before: before.find((figure) => figure.currency === currency) ?? EMPTY_MONEY(currency),
  }));
}

function moneyChange(current: number, previous: number, currency: string, better: 'up' | 'down') {
  return describeChange(current, previous, {
    kind: 'relative',
    format: (value) => formatMinorMoney(value, currency),
    better,
  });
}

function hasNothing(report: InsightsReport): boolean {
  const { bookings } = report.current;
  return (
    bookings.total === 0 &&
    bookings.cancellations.total === 0 &&
    bookings.reschedules === 0 &&
    bookings.attended + bookings.noShows === 0 &&
    bookings.reminders.sent === 0 &&
    bookings.money.length === 0 &&
    report.byProfessional.length === 0 &&
    report.byService.length === 0
  );
}

export function BookingsSection({ report }: { report: InsightsReport }) {
  const now = report.current.bookings;
  const before = report.previous.bookings;

  if (hasNothing(report)) {
    return (
      <InsightsSection title="Bookings and money">
        <Card p={0} radius="md">
          <EmptyState
            icon={<IconCalendarOff size={28} />}
            title="No bookings in this period"
            description={
              before.total > 0
                ? `There were ${formatCount(before.total)} in the period before.`
                : 'Appointments booked, cancelled or attended in this period will be counted here.'
            }
          />
        </Card>
      </InsightsSection>
    );
  }

  const money = moneyRows(now.money, before.money);
  const manyCurrencies = money.length > 1;
  const inCurrency = (label: string, currency: string) =>
    manyCurrencies ? `${label} (${currency.toUpperCase()})` : label;
  const rateNow = noShowRate(now);
  const rateBefore = noShowRate(before);
  const { cancellations: cancelled, reminders } = now;
  const cancelledShare = (part: number) => formatPercent(shareOf(part, cancelled.total));
  const reminded = (part: number) => formatPercent(shareOf(part, reminders.sent));

  return (
    <InsightsSection
      title="Bookings and money"
      description="Appointments booked, changed and attended in the period, and the money they brought."
    >
      <StatGrid>
        <CountCard label="Bookings" now={now.total} before={before.total} />
        <CountCard
          label="Cancellations"
          now={now.cancellations.total}
          before={before.cancellations.total}
          better="down"
        />
        <CountCard label="Reschedules" now={now.reschedules} before={before.reschedules} better="neither" />
        <CountCard
          label="No-shows"
          now={now.noShows}
          before={before.noShows}
          better="down"
          hint={`${formatCount(now.attended)} attended`}
        />
        <StatCard
          label="No-show rate"
          value={formatPercent(rateNow)}
          hint="Of appointments attended or missed"
          change={rateChange(rateNow, rateBefore, 'down')}
        />
        <CountCard
          label="Reminders sent"
          now={now.reminders.sent}
          before={before.reminders.sent}
          better="neither"
        />
        {money.flatMap(({ currency, now: figure, before: previous }) => [
          <StatCard
            key={`${currency}-revenue`}
            label={inCurrency('Revenue', currency)}
            value={formatMinorMoney(figure.revenue, currency)}
            change={moneyChange(figure.revenue, previous.revenue, currency, 'up')}
          />,
          <StatCard
            key={`${currency}-refunds`}
            label={inCurrency('Refunds', currency)}
            value={formatMinorMoney(figure.refunds, currency)}
            change={moneyChange(figure.refunds, previous.refunds, currency, 'down')}
          />,
          <StatCard
            key={`${currency}-net`}
            label={inCurrency('Net', currency)}
            value={formatMinorMoney(figure.net, currency)}
            change={moneyChange(figure.net, previous.net, currency, 'up')}
          />,
        ])}
      </StatGrid>
      {money.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments or refunds in this period.
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <ChartCard
          title="Bookings per day"
          description="By the day they were booked."
          table={{
            columns: ['Day', 'Bookings'],
            rows: report.daily.map((day) => ({
              key: day.date,
              cells: [formatShortDay(day.date), formatCount(day.bookings)],
            })),
          }}
        >
          <BarChart
            h={240}
            data={report.daily.map((day) => ({ day: formatShortDay(day.date), bookings: day.bookings }))}
            dataKey="day"
            series={[{ name: 'bookings', label: 'Bookings', color: 'brand.6' }]}
            accessibilityLayer={false}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            xAxisProps={{ minTickGap: 16 }}
          />
        </ChartCard>

        <ChartCard
          title="Bookings by channel"
          description="Where each booking was made."
          empty={now.total === 0 ? 'No bookings in this period.' : null}
          table={{
            columns: ['Channel', 'Bookings', 'Share', 'Period before'],
            rows: CHANNELS.map(({ key, label }) => ({
              key,
              cells: [
                label,
                formatCount(now.byChannel[key]),
                formatPercent(shareOf(now.byChannel[key], now.total)),
                formatCount(before.byChannel[key]),
              ],
            })),
          }}
        >
          <Group gap="lg" justify="center" wrap="wrap">
            <DonutChart
              size={180}
              thickness={28}
              data={CHANNELS.map(({ key, label, color }) => ({
                name: label,
                value: now.byChannel[key],
                color,
              }))}
              chartLabel={`${formatCount(now.total)} bookings`}
              accessibilityLayer={false}
              // Recharts makes the ring a tab stop of its own; the chart is hidden from assistive technology.
              pieProps={{ rootTabIndex: -1 }}
              withTooltip={false}
            />
            <Stack gap={6}>
              {CHANNELS.map(({ key, label, color }) => (
                <Group key={key} gap="xs" wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${color.replace('.', '-')})`} size={12} />
                  <Text size="sm">
                    {label}: <b>{formatCount(now.byChannel[key])}</b> (
                    {formatPercent(shareOf(now.byChannel[key], now.total))})
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </ChartCard>

        <Card p="md" radius="md">
          <Title order={4} fz="md">
            Cancellations
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            Made in the period, by who cancelled and how long before the appointment.
          </Text>
          <FigureTable
            label="Cancellations by who cancelled"
            columns={['Cancelled by', 'Cancellations', 'Share']}
            rows={[
              ['customer', 'The customer', cancelled.byCustomer],
              ['staff', 'Staff', cancelled.byStaff],
              ['assistant', 'The assistant', cancelled.byAssistant],
              ['system', 'The system', cancelled.bySystem],
            ].map(([key, label, value]) => ({
              key: String(key),
              cells: [String(label), formatCount(Number(value)), cancelledShare(Number(value))],
            }))}
          />
          <Box mt="sm">
            <FigureTable
              label="Cancellations by how far ahead"
              columns={['How far ahead', 'Cancellations', 'Share']}
              rows={[
                ['under24h', 'Less than 24 hours', cancelled.under24h],
                ['under7d', '1 to 7 days', cancelled.under7d],
                ['earlier', 'More than 7 days', cancelled.earlier],
              ].map(([key, label, value]) => ({
                key: String(key),
                cells: [String(label), formatCount(Number(value)), cancelledShare(Number(value))],
              }))}
            />
          </Box>
        </Card>

        <Card p="md" radius="md">
          <Title order={4} fz="md">
            Reminders and what followed
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {`${formatCount(reminders.sent)} reminders sent in the period, and what their appointment became.`}
          </Text>
          <FigureTable
            label="Reminders and what followed"
            columns={['After the reminder', 'Appointments', 'Share']}
            rows={[
              ['attended', 'Attended', reminders.thenAttended],
              ['moved', 'Moved', reminders.thenMoved],
              ['cancelled', 'Cancelled', reminders.thenCancelled],
              ['noShow', 'Not attended (no-show)', reminders.thenNoShow],
            ].map(([key, label, value]) => ({
              key: String(key),
              cells: [String(label), formatCount(Number(value)), reminded(Number(value))],
            }))}
          />
        </Card>
      </SimpleGrid>

      <ProfessionalsTable report={report} />
      <ServicesTable report={report} />
    </InsightsSection>
  );
}

function ProfessionalsTable({ report }: { report: InsightsReport }) {
  return (
    <Card p={0} radius="md">
      <Title order={4} fz="md" p="md" pb="xs">
        By professional
      </Title>
      {report.byProfessional.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          No appointments with a professional in this period.
        </Text>
      ) : (
        <ResponsiveTable
          label="Bookings by professional"
          items={report.byProfessional}
          itemKey={(row) => row.id ?? row.name}
          columns={[
            'Professional',
            { label: 'Bookings', align: 'right' },
            { label: 'Cancellations', align: 'right' },
            { label: 'Attended', align: 'right' },
            { label: 'No-shows', align: 'right' },
            { label: 'No-show rate', align: 'right' },
          ]}
          minWidth={640}
          highlightOnHover={false}
          row={(row) => (
            <Table.Tr>
              <Table.Td>
                <WrapAnywhere maw={260}>{row.name}</WrapAnywhere>
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.bookings)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.cancellations)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.attended)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.noShows)}</Table.Td>
              <Table.Td ta="right">{formatPercent(noShowRate(row))}</Table.Td>
            </Table.Tr>
          )}
          card={(row) => (
            <ListCard>
              <Text fw={600}>{row.name}</Text>
              <Text size="sm" c="dimmed">
                {`${formatCount(row.bookings)} bookings · ${formatCount(row.cancellations)} cancelled · ${formatCount(row.attended)} attended · ${formatCount(row.noShows)} no-shows (${formatPercent(noShowRate(row))})`}
              </Text>
            </ListCard>
          )}
        />
      )}
    </Card>
  );
}

function ServicesTable({ report }: { report: InsightsReport }) {
  return (
    <Card p={0} radius="md">
      <Title order={4} fz="md" p="md" pb="xs">
        By service
      </Title>
      {report.byService.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          No services booked in this period.
        </Text>
      ) : (
        <ResponsiveTable
          label="Bookings by service"
          items={report.byService}
          itemKey={(row) => `${row.id ?? row.name}-${row.currency}`}
          columns={[
            'Service',
            { label: 'Bookings', align: 'right' },
            { label: 'Booked value', align: 'right' },
          ]}
          minWidth={420}
          highlightOnHover={false}
          row={(row) => (
            <Table.Tr>
              <Table.Td>
                <WrapAnywhere maw={320}>{row.name}</WrapAnywhere>
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.bookings)}</Table.Td>
              <Table.Td ta="right">{formatMinorMoney(row.value, row.currency)}</Table.Td>
            </Table.Tr>
          )}
          card={(row) => (
            <ListCard>
              <Text fw={600}>{row.name}</Text>
              <Text size="sm" c="dimmed">
                {`${formatCount(row.bookings)} bookings · ${formatMinorMoney(row.value, row.currency)} booked`}
              </Text>
            </ListCard>
          )}
        />
      )}
    </Card>
  );
}
