import { dayFromNumber, dayNumber } from '@stl-deals/domain';

/*
 * How a price observation's day and prices are kept: whole numbers, a few bytes each in SQLite's
 * records and a fixed four in PostgreSQL's, where 'YYYY-MM-DD' text and 8-byte floats took
 * several times that. Callers see days and dollars; these turn them into stored numbers and back.
 */

/** 1970-01-01 as a day number: stored days count from it, two bytes each in SQLite until 2059. */
const EPOCH = dayNumber('1970-01-01');

/** The stored number of a checked 'YYYY-MM-DD' day: whole days since 1970-01-01. */
export function storedDay(day: string): number {
  return dayNumber(day) - EPOCH;
}

/** The 'YYYY-MM-DD' day a stored number stands for (see `storedDay`). */
export function dayOfStored(stored: number): string {
  return dayFromNumber(stored + EPOCH);
}

/**
 * Reads stored days back to text, remembering each: one history read holds a few dozen distinct
 * days across hundreds of thousands of rows.
 */
export function storedDayReader(): (stored: number) => string {
  const known = new Map<number, string>();
  return (stored) => {
    let day = known.get(stored);
    if (day === undefined) {
      day = dayOfStored(stored);
      known.set(stored, day);
    }
    return day;
  };
}

/**
 * A checked price in dollars as whole cents, rounded on its decimal value as the price memory
 * compares prices (2.675 is 267.5 cents, so 268; 19.990000000000002 is 1999): the history keeps
 * cents, and a fraction of a cent never reaches a card.
 */
export function centsOf(dollars: number): number {
  const scaled = dollars * 100;
  const whole = Math.round(scaled);
  // Whole cents but for float noise: the common case, without the decimal detour.
  if (Math.abs(scaled - whole) < 1e-6) return whole;
  return Math.round(Number(scaled.toPrecision(15)));
}

export function dollarsOf(cents: number): number {
  return cents / 100;
}
