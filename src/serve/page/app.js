// The dashboard page of `cardqr serve`. Every name, lead and plan text goes in with textContent (never
// as markup); every request goes to this page's own server, which holds the key; a POST carries the
// session's CSRF token from the page's meta tag.
import uPlot from './uPlot.esm.js';

const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';

async function answer(r) {
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || `HTTP ${r.status}`);
  return body;
}
const get = (path) => fetch(path, { credentials: 'same-origin' }).then(answer);
const post = (path) =>
  fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': csrf } }).then(answer);

/** An element with text (never markup) and a class. */
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function table(headers, rows) {
  const t = el('table');
  const head = t.createTHead().insertRow();
  for (const h of headers) {
    const th = el('th', h.label ?? h);
    if (h.num) th.className = 'num';
    head.appendChild(th);
  }
  const body = t.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => {
      const td = tr.insertCell();
      if (cell instanceof Node) td.appendChild(cell);
      else td.textContent = cell === undefined || cell === null ? '' : String(cell);
      if (headers[i].num) td.className = 'num';
    });
  }
  return t;
}

const num = (label) => ({ label, num: true });
const when = (iso) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '');

/** Fills a panel's body with what `load` builds, or the error in words. */
async function panel(id, load) {
  const section = document.getElementById(id);
  const body = section.querySelector('.body');
  section.dataset.state = 'loading';
  body.replaceChildren(el('p', 'loading…', 'muted'));
  try {
    const nodes = await load(body);
    if (nodes) body.replaceChildren(...[nodes].flat());
    section.dataset.state = 'ready';
  } catch (e) {
    body.replaceChildren(el('p', e.message, 'error'));
    section.dataset.state = 'error';
  }
}

function chart(target, x, y, label) {
  const width = Math.max(300, target.clientWidth - 8);
  const opts = {
    width,
    height: 240,
    series: [{}, { label, stroke: '#2f6fdf', fill: 'rgba(47,111,223,0.12)', width: 2 }],
    axes: [{}, { size: 60 }],
  };
  return new uPlot(opts, [x, y], target);
}

let historyBy = 'day';
let historyPlot;

async function loadHistory() {
  for (const b of document.querySelectorAll('#history [data-by]'))
    b.setAttribute('aria-pressed', String(b.dataset.by === historyBy));
  await panel('history', async (body) => {
    const h = await get(`/api/history?by=${historyBy}`);
    if (h.missing) return el('p', h.missing, 'muted');
    if (!h.x.length) return el('p', 'The store holds no scans yet: run `cardqr analytics snapshot`.', 'muted');
    historyPlot?.destroy();
    const box = el('div', null, 'chart');
    body.replaceChildren(box);
    historyPlot = chart(box, h.x, h.scans, 'scans');
    const top = table(
      ['Busiest codes in the window', num('Scans')],
      h.top.map((t) => [t.id, t.scans]),
    );
    return [box, top];
  });
}

async function loadOverview() {
  await panel('overview', async (body) => {
    const o = await get('/api/overview');
    const box = el('div', null, 'chart');
    body.replaceChildren(box);
    const x = o.timeline.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    chart(
      box,
      x,
      o.timeline.map((d) => d.scans),
      'scans (API)',
    );
    const sum = el('p', `${o.totalScans} scans, ${o.trend} on the 30 days before`);
    const top = table(
      ['Top codes', 'Type', num('Scans')],
      o.topQrCodes.map((t) => [t.name, t.type, t.scans]),
    );
    return [sum, box, top];
  });
}

async function loadNotOpening() {
  await panel('not-opening', async () => {
    const list = await get('/api/not-opening');
    if (!list.length) return el('p', 'Every code opens.', 'muted');
    return table(
      ['Name', 'Kind', 'ID', 'Why'],
      list.map((c) => [c.name, c.kind, c.id, c.why]),
    );
  });
}

function contactButton(id) {
  const button = el('button', 'Show contact');
  button.type = 'button';
  button.dataset.lead = id;
  button.addEventListener('click', async () => {
    button.disabled = true;
    const cell = button.parentElement;
    try {
      const c = await post(`/api/leads/${encodeURIComponent(id)}/contact`);
      if (!c.contact) {
        cell.replaceChildren(el('span', c.locked ? 'locked: not covered by the plan yet' : 'no contact', 'muted'));
        return;
      }
      const parts = ['name', 'email', 'phone', 'company', 'title'].map((f) => c.contact[f]).filter((v) => v);
      const shown = el('span', parts.join(' · '), 'contact');
      cell.replaceChildren(shown);
    } catch (e) {
      cell.replaceChildren(el('span', e.message, 'error'));
    }
  });
  return button;
}

async function loadLeads() {
  await panel('leads', async () => {
    const leads = await get('/api/leads');
    if (!leads.length) return el('p', 'No leads yet.', 'muted');
    return table(
      ['Received', 'Card', 'Source', 'Form', 'CRM', 'Contact'],
      leads.map((l) => [
        when(l.createdAt),
        l.cardName,
        l.source,
        l.formName,
        l.crm,
        l.locked ? el('span', 'locked', 'muted') : contactButton(l.id),
      ]),
    );
  });
}

async function loadCrm() {
  await panel('crm', async () => {
    const r = await get('/api/crm');
    const counts = table(
      ['Status', num('Leads')],
      Object.entries(r.byStatus).map(([s, n]) => [s, n]),
    );
    const nodes = [el('p', `${r.total} leads in the last ${r.sinceDays} days`), counts];
    if (r.needsAttention.length) {
      nodes.push(el('h3', 'Need a person'));
      nodes.push(
        table(
          ['Received', 'Status', 'Card', 'Error'],
          r.needsAttention.map((a) => [when(a.createdAt), a.status, a.cardName, a.error]),
        ),
      );
    }
    return nodes;
  });
}

function auditButton(run, out) {
  const button = el('button', 'Audit');
  button.type = 'button';
  button.dataset.run = run;
  button.addEventListener('click', async () => {
    button.disabled = true;
    out.replaceChildren(el('p', `auditing ${run}…`, 'muted'));
    try {
      const a = await post(`/api/print-runs/${encodeURIComponent(run)}/audit`);
      const head = el('p', `${run}: ${a.checked} codes checked, ${a.findings.length} findings`);
      out.replaceChildren(
        head,
        table(
          ['Name', 'ID', 'State', 'Detail'],
          a.findings.map((f) => [f.name, f.id, f.state, f.detail]),
        ),
      );
    } catch (e) {
      out.replaceChildren(el('p', e.message, 'error'));
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

async function loadPrintRuns() {
  await panel('print-runs', async () => {
    const runs = await get('/api/print-runs');
    if (!runs.length) return el('p', 'No print runs recorded on this machine.', 'muted');
    const out = el('div', null, 'audit');
    const list = table(
      ['Run', 'Printed', 'By', num('Codes'), ''],
      runs.map((r) => [
        r.run,
        when(r.createdAt),
        r.command,
        r.codes,
        r.here ? auditButton(r.run, out) : el('span', 'another API', 'muted'),
      ]),
    );
    return [list, out];
  });
}

function planNode(p) {
  const box = el('div', null, 'plan');
  box.dataset.plan = p.plan_id;
  const title = el('p');
  title.append(
    el('strong', p.summary),
    el('span', `  ${p.kind} · ${p.state} · expires ${when(p.expires_at)}`, 'muted'),
  );
  if (p.destructive) title.append(el('span', '  destructive', 'destructive'));
  box.appendChild(title);
  const rows = [];
  for (const c of p.changes) {
    const fields = Object.entries(c.fields);
    if (!fields.length) rows.push([c.action, c.object, c.subject, '', '', '']);
    for (const [name, v] of fields)
      rows.push([c.action, c.object, c.subject, name, JSON.stringify(v.old), JSON.stringify(v.new)]);
  }
  box.appendChild(table(['Action', 'Object', 'Subject', 'Field', 'Old', 'New'], rows));
  if (p.destructive && !p.approved) {
    const command = `cardqr plans approve ${p.plan_id}`;
    const line = el('p', 'Approve in your terminal: ');
    const code = el('code', command, 'command');
    const copy = el('button', 'Copy');
    copy.type = 'button';
    copy.addEventListener('click', () =>
      navigator.clipboard?.writeText(command).then(() => (copy.textContent = 'Copied')),
    );
    line.append(code, ' ', copy);
    box.appendChild(line);
  } else {
    const why = p.approved
      ? 'Approved: the agent may apply it.'
      : 'Changes nothing that stops working: the agent may apply it without approval.';
    box.appendChild(el('p', why, 'muted'));
  }
  return box;
}

async function loadPlans() {
  await panel('plans', async () => {
    const r = await get('/api/plans');
    if (r.missing) return el('p', r.missing, 'muted');
    if (!r.plans.length) return el('p', 'No plan waits.', 'muted');
    return r.plans.map(planNode);
  });
}

async function loadAccount() {
  const a = await get('/api/account').catch(() => undefined);
  if (a) document.getElementById('account').textContent = `account ${a.id} (${a.plan})`;
}

document.getElementById('logout').addEventListener('click', async () => {
  await post('/api/logout').catch(() => undefined);
  document.body.replaceChildren(el('p', 'Signed out. `cardqr serve` prints a new one-time link.'));
});
for (const b of document.querySelectorAll('#history [data-by]'))
  b.addEventListener('click', () => {
    historyBy = b.dataset.by;
    void loadHistory();
  });

// The store's chart first (local, fast); the panels that ask the API after it.
await loadHistory();
document.body.dataset.history = 'ready';
await Promise.all([
  loadAccount(),
  loadOverview(),
  loadNotOpening(),
  loadLeads(),
  loadCrm(),
  loadPrintRuns(),
  loadPlans(),
]);
document.body.dataset.ready = 'true';
