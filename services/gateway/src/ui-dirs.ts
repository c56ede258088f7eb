import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TUiDirs } from './ui-pages.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the two front ends are built (`npm run build:ui`), in the repository and in the image alike. */
export const UI_DIRS: TUiDirs = {
  portal: path.join(REPO_ROOT, 'portal-ui/dist'),
  admin: path.join(REPO_ROOT, 'admin-ui/dist'),
};
