// Every API route module. Adding a resource = one import + one entry below.
import type { RouteDef } from '../routing.js';
import { routes as images } from './images.js';
import { routes as me } from './me.js';

export const routeModules: Record<string, RouteDef[]> = {
  me,
  images,
};

export const allRoutes: RouteDef[] = Object.values(routeModules).flat();
