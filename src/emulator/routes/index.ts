// Every API route module. Adding a resource = one import + one entry below.
import type { RouteDef } from '../routing.js';
import { routes as analytics } from './analytics.js';
import { routes as leads } from './leads.js';
import { routes as images } from './images.js';
import { routes as cards } from './cards.js';
import { routes as campaigns } from './campaigns.js';
import { routes as me } from './me.js';
import { routes as qrCodes } from './qr-codes.js';
import { routes as templates } from './templates.js';

export const routeModules: Record<string, RouteDef[]> = {
  me,
  images,
  cards,
  qrCodes,
  templates,
  analytics,
  leads,
  campaigns,
};

export const allRoutes: RouteDef[] = Object.values(routeModules).flat();
