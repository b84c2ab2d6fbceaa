import { defineGroup } from '../model/define.js';
import { analyticsGet } from './get.js';
import { analyticsOverview } from './overview.js';
import { analyticsDrift } from './drift.js';
import { analyticsHistory } from './history.js';
import { analyticsMigrate } from './migrate.js';
import { analyticsSnapshot } from './snapshot.js';

export const analytics = defineGroup({
  name: 'analytics',
  summary: 'Read scan analytics: totals, trend, daily timeline, countries and devices; keep their history',
  examples: [
    'cardqr analytics overview --range 30d',
    'cardqr analytics get qr_123 --tz Europe/Berlin',
    'cardqr analytics snapshot && cardqr analytics history --by month',
  ],
  commands: [analyticsOverview, analyticsGet, analyticsSnapshot, analyticsHistory, analyticsDrift, analyticsMigrate],
});
