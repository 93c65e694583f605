// `npm start`: install what is missing, build what changed, then serve (migrations run at server start).
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { serve } from './serve.mjs';

ensureInstalled();
ensureBuilt();
serve([path.join(root, 'apps/server/dist/server.js')], { cwd: root });
