// `report weekly` against a real PostgreSQL server (test/helpers/postgres.ts): the same cases as the
// SQLite store (_weekly-cases.ts), the password given through PGPASSWORD.
import { useEmulator } from '../../helpers/emulator.js';
import { usePostgres } from '../../helpers/postgres.js';
import { weeklyCases } from './_weekly-cases.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const pg = usePostgres();

weeklyCases(
  emu,
  () => pg.database(),
  () => ({ PGPASSWORD: pg.password }),
);
