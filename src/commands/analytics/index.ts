import { defineGroup } from '../model/define.js';
import { analyticsGet } from './get.js';
import { analyticsOverview } from './overview.js';

export const analytics = defineGroup({
  name: 'analytics',
  summary: 'Read scan analytics: totals, trend, daily timeline, countries and devices',
  examples: ['cardqr analytics overview --range 30d', 'cardqr analytics get qr_123 --tz Europe/Berlin'],
  commands: [analyticsOverview, analyticsGet],
});
