/**
 * Proration of a plan change (spec 001 §4: "Upgrade or change is billed immediately and starts
 * a new billing period; downgrade is refunded as credit used on later billing"). Stripe computes
 * this in production; the sandbox provider and the plan-change quote use this function
 * (RESEARCH-ACCOUNT-PAYMENTS §1.3 point 6). Integer minor units, second granularity.
 */

/** What a change costs, in minor units of the plan's currency. */
export interface Proration {
  /** The unused part of what was paid for the current period, never more than was paid. */
  credit: number;
  /** The new plan's price for the new period, which starts at `now`. */
  charge: number;
  /** `charge − credit` when positive: billed now. */
  amountDue: number;
  /** `credit − charge` when positive: kept as customer credit for later billing. */
  creditLeft: number;
  /** Whole seconds of the current period left at `now` (0 after its end). */
  unusedSeconds: number;
}

export interface ProrationInput {
  /** What the customer paid for the current period (minor units, ≥ 0). */
  paid: number;
  /** The current period, in milliseconds since the epoch; `periodEnd > periodStart`. */
  periodStart: number;
  periodEnd: number;
  /** When the change happens (milliseconds). */
  now: number;
  /** The new plan's price for a whole period (minor units, ≥ 0). */
  newPrice: number;
}

/**
 * Credits the unused seconds of the current period pro rata (rounded down, so the credit never
 * exceeds what was paid) and charges the new plan in full for a period that starts now.
 */
export function prorate(input: ProrationInput): Proration {
  const { paid, periodStart, periodEnd, now, newPrice } = input;
  for (const [name, value] of Object.entries({ paid, newPrice }))
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  if (!(periodEnd > periodStart)) throw new RangeError('the period must end after it starts');
  const totalSeconds = Math.max(1, Math.floor(periodEnd / 1000) - Math.floor(periodStart / 1000));
  const at = Math.min(
    Math.max(Math.floor(now / 1000), Math.floor(periodStart / 1000)),
    Math.floor(periodEnd / 1000),
  );
  const unusedSeconds = Math.floor(periodEnd / 1000) - at;
  // BigInt: paid × seconds can pass 2^53 for large amounts over a yearly period.
  const credit = Number((BigInt(paid) * BigInt(unusedSeconds)) / BigInt(totalSeconds));
  const net = newPrice - credit;
  return {
    credit,
    charge: newPrice,
    amountDue: Math.max(0, net),
    creditLeft: Math.max(0, -net),
    unusedSeconds,
  };
}
