import type { WeeklyHours } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { parse as parseDutchie } from '../dutchie/parse';
import { storeRecordFacts } from '../jane/store-record';
import { listingFacts } from '../weedmaps/listing-record';
import { readJson, sharedFixtures } from './testing';
import {
  businessHoursWeek,
  clockOfText,
  dayBoundsWeek,
  isMarketZone,
  openingHoursSpecificationWeek,
  workingHoursWeek,
} from './store-hours';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const capitalized = (day: string) => day[0]!.toUpperCase() + day.slice(1);

describe('clockOfText', () => {
  it.each([
    ['7:00 AM', '07:00'],
    ['6:00 PM', '18:00'],
    ['8:00am', '08:00'],
    ['12:00am', '00:00'],
    ['12:30 PM', '12:30'],
    ['9 PM', '21:00'],
    ['9:30 p.m.', '21:30'],
    ['09:00', '09:00'],
    ['21:00:00', '21:00'],
    ['24:00', '24:00'],
    // Dutchie's bounds of an unused day.
    ['00:00 AM', '00:00'],
    [' 8:00am ', '08:00'],
  ])('%s is %s', (text, clock) => {
    expect(clockOfText(text)).toBe(clock);
  });

  it.each(['9', '13:00 PM', '25:00', '24:30', '9:60', 'noon', 'closed', '', 9, null])(
    '%s is no time of day',
    (text) => {
      expect(clockOfText(text)).toBeNull();
    },
  );
});

describe('isMarketZone', () => {
  it.each([
    [undefined, true],
    ['America/Chicago', true],
    ['US/Central', true],
    ['Central Time (US & Canada)', true],
    ['America/Phoenix', false],
    ['Pacific Time (US & Canada)', false],
    [42, false],
  ])('%s: %s', (zone, expected) => {
    expect(isMarketZone(zone)).toBe(expected);
  });
});

/** 10 AM to 10 PM, Friday and Saturday to 2 AM, closed on Sunday: the week each form below states. */
const LATE_WEEKEND: WeeklyHours = {
  sunday: [],
  monday: [{ opens: '10:00', closes: '22:00' }],
  tuesday: [{ opens: '10:00', closes: '22:00' }],
  wednesday: [{ opens: '10:00', closes: '22:00' }],
  thursday: [{ opens: '10:00', closes: '22:00' }],
  friday: [{ opens: '10:00', closes: '02:00' }],
  saturday: [{ opens: '10:00', closes: '02:00' }],
};
const lateClose = (day: string) => day === 'friday' || day === 'saturday';

describe("the platforms' forms of a week", () => {
  it("Dutchie's dayBounds: an inactive day is closed", () => {
    const days = Object.fromEntries(
      DAYS.map((day) => [
        capitalized(day),
        day === 'sunday'
          ? { active: null, start: '00:00 AM', end: '00:00 AM', __typename: 'dayBounds' }
          : { active: true, start: '10:00 AM', end: lateClose(day) ? '2:00 AM' : '10:00 PM' },
      ]),
    );
    expect(dayBoundsWeek(days)).toEqual(LATE_WEEKEND);
    expect(dayBoundsWeek({ ...days, Monday: undefined })).toBeNull();
    expect(
      dayBoundsWeek({ ...days, Monday: { active: true, start: 'x', end: '9:00 PM' } }),
    ).toBeNull();
    expect(dayBoundsWeek('Mon-Sat')).toBeNull();
  });

  it("Weedmaps' business_hours: a day marked closed is closed", () => {
    const days = Object.fromEntries(
      DAYS.map((day) => [
        day,
        day === 'sunday'
          ? { open: 'Closed', close: 'Closed' }
          : { open: '10:00am', close: lateClose(day) ? '2:00am' : '10:00pm' },
      ]),
    );
    expect(businessHoursWeek(days)).toEqual(LATE_WEEKEND);
    expect(businessHoursWeek({ ...days, sunday: { is_closed: true } })).toEqual(LATE_WEEKEND);
    expect(businessHoursWeek({ ...days, sunday: { open: null, close: null } })).toEqual(
      LATE_WEEKEND,
    );
    // Weedmaps' own example: 8 AM to midnight every day.
    const example = Object.fromEntries(
      DAYS.map((day) => [day, { open: '8:00am', close: '12:00am' }]),
    );
    expect(businessHoursWeek(example)?.monday).toEqual([{ opens: '08:00', closes: '24:00' }]);
    expect(businessHoursWeek({ ...days, monday: undefined })).toBeNull();
  });

  it("Jane's working_hours: a day without times is closed, a day listed twice has two openings", () => {
    const days = DAYS.map((day) => ({
      day,
      period:
        day === 'sunday'
          ? { from: null, to: null }
          : { from: '10:00 AM', to: lateClose(day) ? '2:00 AM' : '10:00 PM' },
    }));
    expect(workingHoursWeek(days)).toEqual(LATE_WEEKEND);
    const lunch = [...days, { day: 'monday', period: { from: '1:00 PM', to: '3:00 PM' } }].map(
      (entry) =>
        entry.day === 'monday' && entry.period.from === '10:00 AM'
          ? { ...entry, period: { from: '10:00 AM', to: '12:00 PM' } }
          : entry,
    );
    expect(workingHoursWeek(lunch)?.monday).toEqual([
      { opens: '10:00', closes: '12:00' },
      { opens: '13:00', closes: '15:00' },
    ]);
    expect(workingHoursWeek(days.slice(1))).toBeNull();
    expect(workingHoursWeek([...days, { day: 'funday', period: {} }])).toBeNull();
    // Every day without times: a week that says nothing.
    expect(
      workingHoursWeek(DAYS.map((day) => ({ day, period: { from: null, to: null } }))),
    ).toBeNull();
  });

  it("schema.org's openingHoursSpecification: a day no specification names is closed", () => {
    const graph = {
      '@context': 'https://schema.org',
      '@type': 'Store',
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'https://schema.org/Thursday'],
          opens: '10:00',
          closes: '22:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Friday', 'Saturday'],
          opens: '10:00:00',
          closes: '02:00:00',
        },
        // A holiday's hours are no week's.
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'Sunday',
          opens: '12:00',
          closes: '16:00',
          validFrom: '2026-12-24',
          validThrough: '2026-12-24',
        },
      ],
    };
    expect(openingHoursSpecificationWeek([graph])).toEqual(LATE_WEEKEND);
    const closedSunday = {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Sunday',
      opens: '00:00',
      closes: '00:00',
    };
    expect(
      openingHoursSpecificationWeek([
        { ...graph, openingHoursSpecification: [...graph.openingHoursSpecification, closedSunday] },
      ]),
    ).toEqual(LATE_WEEKEND);
    expect(openingHoursSpecificationWeek([{ '@type': 'Organization', name: 'x' }])).toBeUndefined();
    const bad = {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Caturday',
      opens: '10:00',
      closes: '22:00',
    };
    expect(openingHoursSpecificationWeek([bad])).toBeNull();
  });
});

describe('the recorded store records (shared/fixtures/directories)', () => {
  const dutchie = sharedFixtures(import.meta.url, 'directories/dutchie', '.json');
  const jane = sharedFixtures(import.meta.url, 'directories/jane', '.json');
  const weedmaps = sharedFixtures(import.meta.url, 'directories/weedmaps', '.json');

  it.skipIf(dutchie.absent)(
    'Dutchie: a real ConsumerDispensaries answer trimmed of its hours, in Arizona, states no week',
    () => {
      const body = readJson(
        dutchie.dir,
        'dutchie-ConsumerDispensaries-harvest-cottonwood-2022.json',
      );
      const entry = {
        key: 'harvest-of-cottonwood',
        name: 'Harvest of Cottonwood',
        platform: 'dutchie' as const,
        platformId: 'harvest-of-cottonwood',
      };
      const result = parseDutchie([{ label: 'store', url: '', body }], entry);
      expect(result.hours).toBeNull();
      expect(result.location).toEqual({ lat: 34.721714, lng: -112.000506 });
    },
  );

  it.skipIf(jane.absent)(
    'Jane: a real store record whose working_hours hold no times (a delivery-only store) states no week',
    () => {
      const facts = storeRecordFacts(readJson(jane.dir, 'jane-store-lookup-477.json'));
      expect(facts).toEqual({
        hours: null,
        phone: '+15303413611',
        location: { lat: 38.5449065, lng: -121.7405167 },
      });
    },
  );

  it.skipIf(weedmaps.absent)(
    "Weedmaps: the vendor's listing example, trimmed of business_hours and in California, states no week",
    () => {
      const facts = listingFacts(readJson(weedmaps.dir, 'wm-listing-detail-codechallenge.json'));
      expect(facts).toEqual({
        hours: null,
        phone: '+17146977003',
        location: { lat: 33.68201, lng: -117.787211 },
      });
    },
  );
});
