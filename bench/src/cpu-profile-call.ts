// `tsx bench/src/cpu-profile-call.ts "payment return" [dir]`: where the API's busy time went during one call of
// the last `--purchase-cpu-prof` run's one-buyer pass (its windows in var/purchase-cpu-prof/<server>/windows.json),
// by package and by function, self and inclusive.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readProfiles, summariseWindows, type Window } from './cpu-profile';

const root = resolve(import.meta.dirname, '../..');
const [call = 'payment return', dir = 'postgresql-1'] = process.argv.slice(2);
const folder = join(root, 'var/purchase-cpu-prof', dir);
const { perCall } = JSON.parse(readFileSync(join(folder, 'windows.json'), 'utf8')) as {
  perCall: Record<string, Window[]> | null;
};
const windows = perCall?.[call] ?? [];
if (windows.length === 0) throw new Error(`no windows of "${call}" in ${folder}/windows.json`);
console.log(
  summariseWindows(readProfiles(folder, root), windows, {
    orders: windows.length,
    top: 40,
    label: `${call} (${windows.length} calls; "per order" is per call)`,
  }).join('\n'),
);
