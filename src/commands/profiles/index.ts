import { defineGroup } from '../model/define.js';
import { profilesAdd } from './add.js';
import { profilesList, profilesRemove, profilesShow, profilesUse } from './manage.js';
import { profilesSet } from './set.js';

export const profiles = defineGroup({
  name: 'profiles',
  summary: 'Store, list and switch API keys and base URLs',
  examples: ['cardqr profiles add prod --base-url https://api.example.com/v1 --default', 'cardqr profiles list'],
  commands: [profilesAdd, profilesList, profilesUse, profilesShow, profilesRemove, profilesSet],
});
