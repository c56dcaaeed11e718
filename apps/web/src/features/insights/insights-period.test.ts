import { INSIGHTS_MESSAGES } from '@chatdesk/contract/insights';
import { describe, expect, it } from 'vitest';
import { insightsQueryOf, periodSearch, periodValuesFrom } from './insights-period';

const read = (search: string) => periodValuesFrom(new URLSearchParams(search));

describe('the period in the address', () => {
  it('reads the period and, for a custom one, its dates', () => {
    expect(read('')).toEqual({ period: '30d', from: null, to: null });
    expect(read('period=week&from=2026-01-01')).toEqual({ period: 'week', from: null, to: null });
    expect(read('period=custom&from=2026-11-01&to=2026-11-20')).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(read('period=yearly')).toEqual({ period: '30d', from: null, to: null });
    expect(read('period=custom&from=1%2F11%2F2026')).toEqual({ period: 'custom', from: null, to: null });
  });

  it('writes back only what the period needs', () => {
    expect(periodSearch({ period: '30d', from: null, to: null }).toString()).toBe('');
    expect(periodSearch({ period: 'week', from: '2026-11-01', to: null }).toString()).toBe('period=week');
    expect(periodSearch({ period: 'custom', from: '2026-11-01', to: '2026-11-20' }).toString()).toBe(
      'period=custom&from=2026-11-01&to=2026-11-20',
    );
  });

  it('asks the API only for a period the contract accepts, and says why otherwise', () => {
    expect(insightsQueryOf({ period: 'week', from: null, to: null })).toEqual({
      query: { period: 'week' },
      problems: [],
    });
    expect(insightsQueryOf({ period: 'custom', from: '2026-11-01', to: null }).problems).toEqual([
      INSIGHTS_MESSAGES.customNeedsDates,
    ]);
    expect(insightsQueryOf({ period: 'custom', from: '2026-11-20', to: '2026-11-01' }).problems).toEqual([
      INSIGHTS_MESSAGES.rangeBackwards,
    ]);
    expect(insightsQueryOf({ period: 'custom', from: '2024-01-01', to: '2026-01-01' }).problems).toEqual([
      INSIGHTS_MESSAGES.rangeTooLong,
    ]);
  });
});
