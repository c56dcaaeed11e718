/**
 * Reply times as bins (decision 025): the database counts each reply time in the bin it falls in
 * (`insights_reply_bin`, migration 0045), with the sum of the bin's milliseconds, so a period's
 * median and 90th percentile come from a few hundred bins instead of every conversation.
 *
 * Bins: whole seconds under a minute (bin n holds [n, n + 1) s), then 5% wide (bin 60 + n holds
 * [60 × 1.05^n, 60 × 1.05^(n+1)) s). A value of a rank is estimated by its bin's mean, which lies in
 * the same bin as the true value: the figure is off by less than one bin's width, under 1 s below
 * a minute and under 5% above (exact when a bin holds one value, or many equal ones).
 */
const SECONDS_BINS = 60;
const RATIO = 1.05;

/** Where a bin starts, in seconds (for the estimate's bounds). */
export function binStart(bin: number) {
  return bin < SECONDS_BINS ? bin : SECONDS_BINS * RATIO ** (bin - SECONDS_BINS);
}

/** The bin a reply time falls in: the database's `insights_reply_bin`, for the tests. */
export function binOf(seconds: number) {
  return seconds < SECONDS_BINS
    ? Math.floor(seconds)
    : SECONDS_BINS + Math.floor(Math.log(seconds / SECONDS_BINS) / Math.log(RATIO));
}

export type Bin = { bin: number; count: number; milliseconds: number };

/**
 * The count, median and 90th percentile of binned reply times, as PostgreSQL's `percentile_cont`
 * reads sorted values (linear between the two nearest ranks), each rank's value its bin's mean.
 */
export function spreadOfBins(bins: Bin[]) {
  const sorted = bins.filter((b) => b.count > 0).sort((a, b) => a.bin - b.bin);
  const count = sorted.reduce((n, b) => n + b.count, 0);
  if (count === 0) return { count: 0, median: null, p90: null };
  /** The estimated value of the rank-th smallest (0-based). */
  const at = (rank: number) => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.count;
      if (rank < seen) return b.milliseconds / b.count / 1000;
    }
    const last = sorted.at(-1)!;
    return last.milliseconds / last.count / 1000;
  };
  const percentile = (p: number) => {
    const rank = p * (count - 1);
    const low = Math.floor(rank);
    const high = Math.ceil(rank);
    const lowValue = at(low);
    return lowValue + (at(high) - lowValue) * (rank - low);
  };
  return { count, median: percentile(0.5), p90: percentile(0.9) };
}
