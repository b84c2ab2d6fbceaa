// Card templates and their field policies: GET /templates, GET /templates/:id. Read-only.
import { notFound, ok } from '../http.js';
import { paginate, parsePage } from '../query.js';
import type { RouteDef } from '../routing.js';
import { serializeTemplate } from '../serialize.js';
import { newestFirst } from './cards.js';

export const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/templates',
    scopes: ['templates:read'],
    handler: (ctx) => {
      const page = parsePage(ctx.query, 25);
      const items = newestFirst(ctx.store.templates.filter((t) => t.accountId === ctx.account.id));
      return ok(paginate(items, page, serializeTemplate));
    },
  },
  {
    method: 'GET',
    path: '/templates/:id',
    scopes: ['templates:read'],
    handler: (ctx) => {
      const tpl = ctx.store.template(ctx.account.id, ctx.params.id);
      if (!tpl) throw notFound('Template');
      return ok(serializeTemplate(tpl));
    },
  },
];
