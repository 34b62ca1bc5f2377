#!/usr/bin/env node
// The calendar sweep: runs the date-sensitive suites with this machine's clock moved to the days where
// date code breaks (a month's 31st, 28 and 29 February of a leap year, the year's turn in the demo
// companies' Asia/Kuala_Lumpur, a daylight-saving change), each in its own process time zone.
// Run by .ci/run, not by `npm test`:   node scripts/calendar-sweep.mjs [--only <name>] [vitest args...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FAKE_CLOCK = fileURLToPath(new URL('../test/support/fake-clock.mjs', import.meta.url));

/** Each day: the instant the clock starts at and the process's time zone. */
export const SWEEP_DAYS = [
  { name: "a month's 31st", now: '2027-03-31T09:00:00Z', tz: 'UTC' },
  { name: '28 February of a leap year', now: '2028-02-28T12:00:00Z', tz: 'UTC' },
  { name: '29 February of a leap year', now: '2028-02-29T12:00:00Z', tz: 'UTC' },
  // 23:30 on 31 December and 00:30 on 1 January in Kuala Lumpur (UTC+8): both still 31 December in UTC.
  { name: '31 December 23:30 in Asia/Kuala_Lumpur', now: '2026-12-31T15:30:00Z', tz: 'Asia/Kuala_Lumpur' },
  { name: '1 January 00:30 in Asia/Kuala_Lumpur', now: '2026-12-31T16:30:00Z', tz: 'Asia/Kuala_Lumpur' },
  // 14 March 2027: New York's clocks jump from 02:00 to 03:00 EST->EDT (a 23-hour day); 12:00 UTC is 08:00 EDT.
  { name: 'the spring daylight-saving change in America/New_York', now: '2027-03-14T12:00:00Z', tz: 'America/New_York' },
  // 31 October 2027: London's clocks fall back from 02:00 BST to 01:00 GMT (a 25-hour day), 00:30 UTC.
  { name: 'the autumn daylight-saving change in Europe/London', now: '2027-10-31T00:30:00Z', tz: 'Europe/London' },
];

/** The suites that read a date: reports, aging and overdue, schedules, e-invoice windows, fiscal years, company-local today, integrations' ranges. */
export const SWEEP_SUITES = [
  'test/e2e/reports',
  'test/mock/reports',
  'test/e2e/sales',
  'test/mock/sales',
  'test/e2e/purchasing',
  'test/e2e/accounting',
  'test/mock/accounting',
  'test/mock/einvoice',
  'test/mock/einvoice-records',
  'test/e2e/integrations',
  'test/mock/kernel',
  'test/e2e/inventory',
  'test/mock/books',
  'test/e2e/batch',
  'test/e2e/platform',
  'test/webhooks',
  'test/oauth/mock-token.test.ts',
  'test/mock/fixtures/fixture-documents.test.ts',
  'test/mock/fixtures/fixture-documents-property.test.ts',
];

const args = process.argv.slice(2);
const only = args.indexOf('--only');
const filter = only >= 0 ? args.splice(only, 2)[1] : undefined;
const days = SWEEP_DAYS.filter((day) => !filter || day.name.includes(filter) || day.now.startsWith(filter));
const failed = [];
for (const day of days) {
  console.log(`\n=== ${day.name}: clock at ${day.now}, TZ=${day.tz}`);
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', ...SWEEP_SUITES, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ACS_FAKE_NOW: day.now,
      TZ: day.tz,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${FAKE_CLOCK}`.trim(),
    },
  });
  console.log(`=== ${day.name}: ${run.status === 0 ? 'green' : 'RED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (run.status !== 0) failed.push(day.name);
}
if (failed.length > 0) {
  console.error(`\ncalendar sweep: red on ${failed.join('; ')}`);
  process.exit(1);
}
console.log(`\ncalendar sweep: green on all ${days.length} days`);
